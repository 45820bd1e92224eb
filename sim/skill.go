package sim

import (
	"context"
	"fmt"
	"math"

	"github.com/deckforge/deckforge/engine/game"
)

// Skill is the skill gradient of an agent: how much more often it wins
// than a random agent would in its place.
//
// SkillGradient plays G paired games per seat: a baseline run with a
// random agent in every seat, and for each seat i a run of the same games
// (the same seeds, so the same deals and the same random opponents) with
// the agent in seat i. With r_g(i) the reward of seat i in game g of the
// run with the agent there, and b_g(i) its reward in the baseline,
//
//	win_rate       = Σ_{i,g} r_g(i) / (n·G)
//	baseline       = Σ_{i,g} b_g(i) / (n·G)
//	gradient       = win_rate − baseline = mean of d_g(i) = r_g(i) − b_g(i)
//	stderr         = sd(d) / √(n·G)
//	seat_gradient[i] = Σ_g d_g(i) / G
//
// A gradient near 0 says skill does not pay in the game (or the agent is
// no better than random); a large one that the game rewards skill.
type Skill struct {
	Agent        string `json:"agent"`
	Games        int    `json:"games"`
	WinRate      Opt    `json:"win_rate"`
	Baseline     Opt    `json:"baseline"`
	Gradient     Opt    `json:"gradient"`
	StdErr       Opt    `json:"stderr"`
	SeatGradient []Opt  `json:"seat_gradient"`
}

// SkillGradient measures the skill gradient of the agent named by spec
// (see agent.Parse) over games paired games per seat, as Skill describes.
// opt is used as by Run (its Progress, Replay and KeepGames are ignored).
func SkillGradient(ctx context.Context, prog *game.Program, spec string, games int, seed uint64, workers int, opt Options) (Skill, error) {
	opt.Progress, opt.Replay, opt.KeepGames = nil, nil, true
	base, err := Run(ctx, prog, []string{"random"}, games, seed, workers, opt)
	if err != nil {
		return Skill{}, err
	}
	n := base.Metrics.Players
	sk := Skill{Agent: spec, Games: games, SeatGradient: make([]Opt, n)}
	var sumR, sumB, sumD, sumD2 float64
	cnt := 0
	for i := 0; i < n; i++ {
		agents := make([]string, n)
		for j := range agents {
			agents[j] = "random"
		}
		agents[i] = spec
		o := opt
		o.Players = n
		res, err := Run(ctx, prog, agents, games, seed, workers, o)
		if err != nil {
			return Skill{}, fmt.Errorf("sim: skill of %s in seat %d: %w", spec, i, err)
		}
		var seat float64
		for g := range res.Games {
			r, b := res.Games[g].Rewards[i], base.Games[g].Rewards[i]
			d := r - b
			sumR += r
			sumB += b
			sumD += d
			sumD2 += d * d
			seat += d
			cnt++
		}
		sk.SeatGradient[i] = ratio(seat, float64(games))
	}
	N := float64(cnt)
	sk.WinRate = ratio(sumR, N)
	sk.Baseline = ratio(sumB, N)
	sk.Gradient = ratio(sumD, N)
	if cnt > 1 {
		mean := sumD / N
		v := (sumD2 - N*mean*mean) / (N - 1)
		sk.StdErr = some(math.Sqrt(max(v, 0) / N))
	}
	return sk, nil
}
