package evolve

import (
	"context"
	"math"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/sim"
)

// ladderOptions are the options of the skill ladder (sim.LadderOptions).
type ladderOptions struct {
	Games   int // per adjacent pair, split over the seats
	Budget  int // search iterations per decision of the lower search rung
	Players int // 0: the game's default
	Seed    uint64
	Workers int
	// StopFlat stops the ladder at its first flat step
	// (sim.LadderOptions.StopFlat).
	StopFlat bool
}

// runLadder measures the skill ladder random < greedy < search B < search
// 4B on prog with sim.Ladder. It is the one place that knows how the
// ladder is computed.
func runLadder(ctx context.Context, prog *game.Program, opt ladderOptions) (*sim.LadderResult, error) {
	return sim.Ladder(ctx, prog, sim.LadderOptions{
		Games: max(opt.Games, 1), Budget: min(max(opt.Budget, 1), sim.MaxLadderBudget),
		Players: opt.Players, Seed: opt.Seed, Workers: max(opt.Workers, 1),
		StopFlat: opt.StopFlat,
	})
}

// rising reports whether l has steps and every step's win rate is above
// 1/players (the point estimates; monotone asks it of the lower bounds).
func rising(l *sim.LadderResult) bool {
	if l == nil || len(l.Steps) == 0 || l.Players < 1 {
		return false
	}
	for _, s := range l.Steps {
		if !(s.WinRate > 1/float64(l.Players)) {
			return false
		}
	}
	return true
}

// wilson is the 95% Wilson score interval of a proportion p over n trials.
func wilson(p float64, n int) (lo, hi float64) { return sim.Wilson(p, n) }

// SkillBand scores one ladder step from its interval [lo, hi] and the
// chance rate c = 1/players: a band, not a clamp. With a = c + 0.3(1−c)
// and b = c + 0.7(1−c),
//
//	rise(lo) = 0 for lo ≤ c, (lo − c)/(a − c) up to a, then 1
//	fall(hi) = 1 up to b, (1 − hi)/(1 − b) above
//	band     = min(rise(lo), fall(hi))
//
// so a step scores 1 only when the better player surely wins more than
// chance (selection on the lower bound) and surely does not always win: a
// game the better player always wins is as bad as a coin flip.
func SkillBand(lo, hi, c float64) float64 {
	a, b := c+0.3*(1-c), c+0.7*(1-c)
	rise := 0.0
	switch {
	case lo >= a:
		rise = 1
	case lo > c:
		rise = (lo - c) / (a - c)
	}
	fall := 1.0
	if hi > b {
		fall = math.Max(0, (1-hi)/(1-b))
	}
	return math.Min(rise, fall)
}

// ladderSkill is the skill term of a ladder: the mean of SkillBand over
// its steps, with the chance rate c = 1/players, when every step's win
// rate is above c; 0 when one is not (or without steps). A ladder whose
// better player does not win more than its share at some rung is not a
// ladder of skill, so it earns nothing: selection favours ladders that
// are monotone (see monotone, which asks the same of the lower bounds).
func ladderSkill(l *sim.LadderResult) float64 {
	if !rising(l) {
		return 0
	}
	c := 1 / float64(l.Players)
	sum := 0.0
	for _, s := range l.Steps {
		sum += SkillBand(s.Lo, s.Hi, c)
	}
	return sum / float64(len(l.Steps))
}

// monotone reports whether l has steps and every one beats chance.
func monotone(l *sim.LadderResult) bool { return l != nil && len(l.Steps) > 0 && l.Monotone() }
