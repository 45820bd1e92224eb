package evolve

import (
	"context"
	"math"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/sim"
)

// LadderStep is one rung of the skill ladder: how often the Upper agent
// beat the Lower one over Games games, with the 95% Wilson interval
// [Lo, Hi] of its win rate (draws count half). It mirrors sim's
// LadderStep, so the JSON of a run does not depend on where the ladder was
// computed.
type LadderStep struct {
	Upper   string  `json:"upper"`
	Lower   string  `json:"lower"`
	Games   int     `json:"games"`
	WinRate float64 `json:"win_rate"`
	Lo      float64 `json:"lo"`
	Hi      float64 `json:"hi"`
	// Chance is the win rate of a coin flip: 1/players.
	Chance float64 `json:"chance"`
}

// Beats reports whether the upper agent is better than chance: Lo >
// Chance.
func (s LadderStep) Beats() bool { return s.Lo > s.Chance }

// ladderOptions are the options of the skill ladder (sim.LadderOptions).
type ladderOptions struct {
	Games   int // per adjacent pair, split over the seats
	Budget  int // search iterations per decision of the lower search rung
	Players int // 0: the game's default
	Seed    uint64
	Workers int
}

// runLadder measures the skill ladder random < greedy < search B < search
// 4B on prog with sim.Ladder. It is the one place that knows how the
// ladder is computed.
func runLadder(ctx context.Context, prog *game.Program, opt ladderOptions) ([]LadderStep, error) {
	res, err := sim.Ladder(ctx, prog, sim.LadderOptions{
		Games: max(opt.Games, 1), Budget: min(max(opt.Budget, 1), sim.MaxLadderBudget),
		Players: opt.Players, Seed: opt.Seed, Workers: max(opt.Workers, 1),
	})
	if err != nil {
		return nil, err
	}
	steps := make([]LadderStep, len(res.Steps))
	for i, st := range res.Steps {
		steps[i] = LadderStep{Upper: st.Upper, Lower: st.Lower, Games: st.Games, WinRate: st.WinRate,
			Lo: st.Lo, Hi: st.Hi, Chance: 1 / float64(res.Players)}
	}
	return steps, nil
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
// its steps (0 without steps).
func ladderSkill(steps []LadderStep) float64 {
	if len(steps) == 0 {
		return 0
	}
	sum := 0.0
	for _, s := range steps {
		sum += SkillBand(s.Lo, s.Hi, s.Chance)
	}
	return sum / float64(len(steps))
}

// Monotone reports whether every step of the ladder beats chance: each
// stronger agent beats the one below it.
func Monotone(steps []LadderStep) bool {
	if len(steps) == 0 {
		return false
	}
	for _, s := range steps {
		if !s.Beats() {
			return false
		}
	}
	return true
}
