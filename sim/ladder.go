package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/sim/agent"
)

// Ladder defaults and limits.
const (
	DefaultLadderGames  = 200
	DefaultLadderBudget = 200
	// MaxLadderBudget is the largest B: the top rung searches 4B
	// iterations per decision.
	MaxLadderBudget = agent.MaxIterations / 4
)

// LadderOptions configure Ladder. A zero Games or Budget takes its default
// (DefaultLadderGames, DefaultLadderBudget).
type LadderOptions struct {
	Games   int // games per adjacent pair, split evenly over seatings
	Budget  int // B: search iterations per decision of the lower search rung (<= 1000)
	Players int // 0: the genome's default player count (clamped to its range)
	Seed    uint64
	Workers int
	// StopFlat ends the ladder after its first step whose win rate is not
	// above 1/players (no later step, no house step): a ladder that does
	// not rise there is not monotone whatever its other steps, so a
	// caller that only asks whether it rises (evolution's selection) need
	// not pay for them.
	StopFlat bool
	// Progress, if set, is called after each game with the games played
	// and the games the whole run plays (every step's, the house step's
	// included; a StopFlat run may end before the total).
	Progress func(done, total int)
}

// LadderStep is one adjacent pair of the ladder: the upper rung's agent
// against the lower rung's.
type LadderStep struct {
	// Upper and Lower are agent names as simulate accepts them, e.g.
	// "ismcts:200", "greedy".
	Upper string `json:"upper"`
	Lower string `json:"lower"`
	Games int    `json:"games"`
	// WinRate is the upper agent's share of games won, draws (shared
	// wins) counting as the share of the win.
	WinRate float64 `json:"win_rate"`
	// Lo and Hi bound the 95% Wilson interval of WinRate.
	Lo float64 `json:"lo"`
	Hi float64 `json:"hi"`
	// ChipsPerHand is, in betting games, the upper agent's mean chip
	// result per hand (in chips); absent otherwise.
	ChipsPerHand Opt `json:"chips_per_hand"`
	// Beats reports Lo > 1/players: the upper agent wins more than its
	// share.
	Beats bool `json:"beats"`
}

// LadderResult is a skill ladder: its rungs' adjacent pairs, from the
// weakest up, and the house agent measured beside it.
type LadderResult struct {
	Players int          `json:"players"`
	Steps   []LadderStep `json:"steps"` // random<greedy, greedy<search B, search B<search 4B
	// House is the house agent against greedy, when the genome is
	// poker-shaped (chips and poker hands); nil otherwise.
	House *LadderStep `json:"house,omitempty"`
}

// Monotone reports whether every step beats the rung below.
func (r *LadderResult) Monotone() bool {
	for _, s := range r.Steps {
		if !s.Beats {
			return false
		}
	}
	return true
}

// LadderRungs returns the ladder's rungs for budget b, weakest first:
// random, greedy, ismcts:b, ismcts:4b.
func LadderRungs(b int) []string {
	return []string{
		agent.KindRandom,
		agent.KindGreedy,
		agent.KindISMCTS + ":" + strconv.Itoa(b),
		agent.KindISMCTS + ":" + strconv.Itoa(4*b),
	}
}

// Ladder measures the skill ladder of prog: rungs of increasing strength
// (LadderRungs: random < greedy < search at B iterations per decision <
// search at 4B), each adjacent pair played over opt.Games games. With n
// players a pair is one agent of the upper rung against n−1 of the rung
// below; the upper agent sits in each seat in turn, for Games/n games each
// (the first Games mod n seats one game more), and every seating plays the
// same deals (the same run seed), so seat and deal luck cancel. Over the
// G games of a pair, with r_g the upper agent's reward in game g (1 for a
// win, 1/k for a win shared by k players, 0 for a loss),
//
//	win_rate       = p̂ = Σ r_g / G
//	lo, hi         = (p̂ + z²/2G ∓ z·√(p̂(1−p̂)/G + z²/4G²)) / (1 + z²/G),  z = 1.96
//	chips_per_hand = Σ net_g / Σ hands_g   (betting games: net chips of the upper agent)
//	beats          = lo > 1/n
//
// the 95% Wilson score interval. In a poker-shaped game (chips and poker
// hands rated with engine/handeval) the house agent is also played against
// greedy, beside the ladder (LadderResult.House). The results depend on
// opt.Seed, not on opt.Workers.
func Ladder(ctx context.Context, prog *game.Program, opt LadderOptions) (*LadderResult, error) {
	n, err := opt.check(prog, "ladder")
	if err != nil {
		return nil, err
	}
	if opt.Budget == 0 {
		opt.Budget = DefaultLadderBudget
	}
	if opt.Budget < 0 || opt.Budget > MaxLadderBudget {
		return nil, configErr("budget", "%d out of range 1..%d", opt.Budget, MaxLadderBudget)
	}
	res := &LadderResult{Players: n}
	rungs := LadderRungs(opt.Budget)
	steps := len(rungs) - 1
	if agent.PokerShaped(prog) {
		steps++
	}
	pr := newLadderProgress(opt.Progress, steps*opt.Games)
	for i := 1; i < len(rungs); i++ {
		st, err := ladderStep(ctx, prog, rungs[i], rungs[i-1], n, opt, pr)
		if err != nil {
			return nil, err
		}
		res.Steps = append(res.Steps, st)
		if opt.StopFlat && !(st.WinRate > 1/float64(n)) {
			return res, nil
		}
	}
	if agent.PokerShaped(prog) {
		st, err := ladderStep(ctx, prog, agent.KindHouse, agent.KindGreedy, n, opt, pr)
		if err != nil {
			return nil, err
		}
		res.House = &st
	}
	return res, nil
}

// Pair plays one pair as Ladder plays its adjacent pairs: one upper agent
// against n−1 lower ones, seated in every seat in turn, over opt.Games
// games (opt.Budget is not used; the agents are named in full, such as
// "ismcts:800" or "house").
func Pair(ctx context.Context, prog *game.Program, upper, lower string, opt LadderOptions) (LadderStep, error) {
	n, err := opt.check(prog, "pair")
	if err != nil {
		return LadderStep{}, err
	}
	return ladderStep(ctx, prog, upper, lower, n, opt, newLadderProgress(opt.Progress, opt.Games))
}

// ladderProgress counts the games of a ladder's runs for its Progress
// callback: each run reports its own games, done offsets them by the
// games of the runs before it.
type ladderProgress struct {
	report      func(done, total int)
	done, total int
}

// newLadderProgress returns the counter of a run of total games; nil when
// report is nil.
func newLadderProgress(report func(done, total int), total int) *ladderProgress {
	if report == nil {
		return nil
	}
	return &ladderProgress{report: report, total: total}
}

// run returns the Progress callback of one Run; nil for a nil counter.
func (p *ladderProgress) run() func(done, total int) {
	if p == nil {
		return nil
	}
	base := p.done
	return func(done, _ int) {
		p.done = base + done
		p.report(p.done, p.total)
	}
}

// check fills in the default game count and checks what Ladder and Pair
// share, returning the player count they play at.
func (opt *LadderOptions) check(prog *game.Program, what string) (int, error) {
	if prog == nil {
		return 0, errors.New("sim: " + what + ": no program")
	}
	if opt.Games == 0 {
		opt.Games = DefaultLadderGames
	}
	switch {
	case opt.Games < 0 || opt.Games > MaxGames:
		return 0, configErr("games", "%d out of range 1..%d", opt.Games, MaxGames)
	case opt.Players < 0:
		return 0, configErr("players", "%d is negative", opt.Players)
	case opt.Workers < 0:
		return 0, configErr("workers", "%d is negative", opt.Workers)
	}
	return LadderPlayers(prog, opt.Players), nil
}

// LadderPlayers is the player count Ladder and Pair play prog at when
// asked for players (0: the genome's minimum), clamped to its range.
func LadderPlayers(prog *game.Program, players int) int {
	if players == 0 {
		return prog.MinPlayers()
	}
	return max(prog.MinPlayers(), min(players, prog.MaxPlayers()))
}

// ladderStep plays upper against lower as Ladder describes.
func ladderStep(ctx context.Context, prog *game.Program, upper, lower string, n int, opt LadderOptions, progress *ladderProgress) (LadderStep, error) {
	st := LadderStep{Upper: upper, Lower: lower}
	var won, net, hands float64
	for seat := 0; seat < n; seat++ {
		games := opt.Games / n
		if seat < opt.Games%n {
			games++
		}
		if games == 0 {
			continue
		}
		agents := make([]string, n)
		for j := range agents {
			agents[j] = lower
		}
		agents[seat] = upper
		res, err := Run(ctx, prog, agents, games, opt.Seed, opt.Workers, Options{Players: n, Source: "ladder", Progress: progress.run()})
		if err != nil {
			return st, fmt.Errorf("sim: ladder: %s against %s, seat %d: %w", upper, lower, seat, err)
		}
		m := &res.Metrics
		G := float64(m.Games)
		won += m.SeatWinRate[seat].Value * G
		if m.SeatNetChips != nil {
			net += m.SeatNetChips[seat].Value * G
			hands += m.HandsMean.Value * G
		}
		st.Games += m.Games
	}
	if prog.HasChips() {
		st.ChipsPerHand = ratio(net, hands)
	}
	if st.Games > 0 {
		st.WinRate = won / float64(st.Games)
		st.Lo, st.Hi = Wilson(st.WinRate, st.Games)
		st.Beats = st.Lo > 1/float64(n)
	}
	return st, nil
}

// Wilson returns the 95% Wilson score interval of a proportion p observed
// over n trials (see Ladder); [0, 1] when n is 0.
func Wilson(p float64, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	N := float64(n)
	d := 1 + z*z/N
	c := p + z*z/(2*N)
	h := z * math.Sqrt(max(p*(1-p), 0)/N+z*z/(4*N*N))
	return max(0, (c-h)/d), min(1, (c+h)/d)
}
