package evolve

import (
	"context"
	"fmt"
	"math"
	"strconv"

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
	Agent   sim.Options
}

// runLadder measures the skill ladder random < greedy < search B < search
// 4B on prog. It is the one place that knows how the ladder is computed.
func runLadder(ctx context.Context, prog *game.Program, opt ladderOptions) ([]LadderStep, error) {
	return headToHeadLadder(ctx, prog, opt)
}

// headToHeadLadder plays each adjacent pair head to head: in game g the
// upper agent holds seat g mod n and the lower agent every other seat, so
// every seat is the upper agent's equally often over a multiple of n games.
func headToHeadLadder(ctx context.Context, prog *game.Program, opt ladderOptions) ([]LadderStep, error) {
	n := opt.Players
	if n == 0 {
		n = prog.MinPlayers()
	}
	n = min(max(n, prog.MinPlayers()), prog.MaxPlayers())
	b := max(opt.Budget, 1)
	pairs := [][2]string{
		{"greedy", "random"},
		{"ismcts:" + strconv.Itoa(b), "greedy"},
		{"ismcts:" + strconv.Itoa(4*b), "ismcts:" + strconv.Itoa(b)},
	}
	per := max(opt.Games/n, 1) // games per seat of the upper agent
	var steps []LadderStep
	for _, pr := range pairs {
		var sum float64
		games := 0
		for seat := range n {
			agents := make([]string, n)
			for i := range agents {
				agents[i] = pr[1]
			}
			agents[seat] = pr[0]
			o := opt.Agent
			o.Players = n
			o.KeepGames = true
			o.Progress, o.Replay = nil, nil
			res, err := sim.Run(ctx, prog, agents, per, opt.Seed^uint64(seat+1)*0x9e3779b97f4a7c15, max(opt.Workers, 1), o)
			if err != nil {
				return nil, fmt.Errorf("ladder %s over %s: %w", pr[0], pr[1], err)
			}
			for _, g := range res.Games {
				// The upper agent's share of the game: 1 alone, a share
				// of a shared win, and a draw (every seat a winner)
				// counts 1/n.
				sum += g.Rewards[seat]
				games++
			}
		}
		st := LadderStep{Upper: pr[0], Lower: pr[1], Games: games, Chance: 1 / float64(n)}
		st.WinRate = sum / float64(games)
		st.Lo, st.Hi = wilson(st.WinRate, games)
		steps = append(steps, st)
	}
	return steps, nil
}

// wilson is the 95% Wilson score interval of a proportion p over n trials.
func wilson(p float64, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	N := float64(n)
	den := 1 + z*z/N
	mid := (p + z*z/(2*N)) / den
	half := z * math.Sqrt(p*(1-p)/N+z*z/(4*N*N)) / den
	return math.Max(0, mid-half), math.Min(1, mid+half)
}

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
