package sim

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/engine/handeval"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/sim/agent"
)

// SpeedOptions configure Speed.
type SpeedOptions struct {
	// Duration bounds each figure's total time, all its samples together
	// (default one second).
	Duration time.Duration
	// Samples is the number of measurements per figure (default 5); the
	// report holds their median and spread.
	Samples int
	// Workers is the worker count of the parallel run (0: one per CPU).
	Workers int
	// Progress, if set, is called with each measurement's name before it
	// starts.
	Progress func(name string)
}

// SpeedReport holds the headline speeds of the engine and the simulator.
// Each figure is the median of SpeedOptions.Samples measurements that
// share about SpeedOptions.Duration on this machine; its spread (the
// field of the same name ending in _spread) is half the range of the
// samples divided by the median: 0.05 means the samples lay within about
// ±5% of the median.
type SpeedReport struct {
	// Eval7RandomPerSec counts 7-card evaluations (engine/handeval Eval7)
	// of random hands per second.
	Eval7RandomPerSec float64 `json:"eval7_random_per_sec"`
	// HoldemHUHandsPerSec and Holdem6MaxHandsPerSec count hands per second
	// of the hold'em seed games played through the genome interpreter by
	// random agents (2 and 6 players).
	HoldemHUHandsPerSec   float64 `json:"holdem_hu_hands_per_sec"`
	Holdem6MaxHandsPerSec float64 `json:"holdem_6max_hands_per_sec"`
	// ISMCTSIterationsPerSec counts ISMCTS iterations per second of search
	// in 2-player Crazy Eights (ismcts:1000 against random).
	ISMCTSIterationsPerSec float64 `json:"ismcts_iterations_per_sec"`
	// GamesPerSec and MovesPerSec are the games and moves (State.Moves)
	// per second of every seed game, random agents, fewest players, on one
	// goroutine; keyed by the seed's file name without ".json".
	GamesPerSec map[string]float64 `json:"games_per_sec"`
	MovesPerSec map[string]float64 `json:"moves_per_sec"`
	// ParallelSpeedup is the time of a simulation run (Hearts, random
	// agents, every metric) on one worker divided by its time on Workers
	// workers.
	ParallelSpeedup float64 `json:"parallel_speedup"`
	// ParallelCeiling is the same ratio for a loop of arithmetic that
	// shares nothing: the speed-up the machine allows at the time (less
	// than Workers when other processes hold the CPUs).
	ParallelCeiling float64 `json:"parallel_ceiling"`
	Workers         int     `json:"workers"`
	CPUs            int     `json:"cpus"`
	// Seconds is the time budget of each figure, Samples its measurements.
	Seconds float64 `json:"seconds"`
	Samples int     `json:"samples"`

	// The spreads of the figures above (see SpeedReport).
	Eval7RandomPerSecSpread      float64            `json:"eval7_random_per_sec_spread"`
	HoldemHUHandsPerSecSpread    float64            `json:"holdem_hu_hands_per_sec_spread"`
	Holdem6MaxHandsPerSecSpread  float64            `json:"holdem_6max_hands_per_sec_spread"`
	ISMCTSIterationsPerSecSpread float64            `json:"ismcts_iterations_per_sec_spread"`
	GamesPerSecSpread            map[string]float64 `json:"games_per_sec_spread"`
	MovesPerSecSpread            map[string]float64 `json:"moves_per_sec_spread"`
	ParallelSpeedupSpread        float64            `json:"parallel_speedup_spread"`
	ParallelCeilingSpread        float64            `json:"parallel_ceiling_spread"`

	// Busy is set when BusyReason finds the machine busy: the figures are
	// then lower and noisier than on an idle machine.
	Busy bool `json:"busy"`
}

// BusyReason explains Busy in a sentence, or returns "" when the machine
// was not found busy. It is busy when the arithmetic loop's speed-up
// (ParallelCeiling) stays below 3/4 of the worker count or varies by more
// than ±25% between samples, when the measured speed-up exceeds what the
// workers allow (the load changed between the one-worker and the parallel
// runs), or when the figures' samples typically vary by more than ±20%.
func (r *SpeedReport) BusyReason() string {
	switch {
	case r.Workers > 1 && r.ParallelCeiling < 0.75*float64(r.Workers):
		return fmt.Sprintf("the machine is busy: a loop that shares nothing ran only %.2f× faster on %d workers than on one (its parallel ceiling), so other processes hold the CPUs; figures are lower and noisier than on an idle machine", r.ParallelCeiling, r.Workers)
	case r.ParallelSpeedup > 1.15*float64(r.Workers):
		return fmt.Sprintf("the machine's load changed during the measurement: a %.2f× speed-up on %d workers is impossible; run again on an idle machine", r.ParallelSpeedup, r.Workers)
	case r.Workers > 1 && r.ParallelCeilingSpread > 0.25:
		return fmt.Sprintf("the machine is busy: its parallel ceiling varied by ±%.0f%% between samples, so other processes come and go; figures are lower and noisier than on an idle machine", 100*r.ParallelCeilingSpread)
	}
	if s := r.typicalSpread(); s > 0.2 {
		return fmt.Sprintf("the machine is busy: the samples of a figure typically vary by ±%.0f%%; compare figures with their spreads, or run again on an idle machine", 100*s)
	}
	return ""
}

// typicalSpread is the median spread of the report's figures.
func (r *SpeedReport) typicalSpread() float64 {
	s := []float64{r.Eval7RandomPerSecSpread, r.HoldemHUHandsPerSecSpread, r.Holdem6MaxHandsPerSecSpread, r.ISMCTSIterationsPerSecSpread}
	for _, v := range r.GamesPerSecSpread {
		s = append(s, v)
	}
	m, _ := MedianSpread(s)
	return m
}

// sampled measures a figure n times and returns the median and the
// spread (half the range over the median) of the results.
func sampled(n int, measure func() (float64, error)) (median, spread float64, err error) {
	xs := make([]float64, 0, n)
	for range n {
		x, err := measure()
		if err != nil {
			return 0, 0, err
		}
		xs = append(xs, x)
	}
	median, spread = MedianSpread(xs)
	return median, spread, nil
}

// MedianSpread returns the median of xs and half their range over the
// median (0 when the median is 0).
func MedianSpread(xs []float64) (median, spread float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	m := len(s) / 2
	median = s[m]
	if len(s)%2 == 0 {
		median = (s[m-1] + s[m]) / 2
	}
	if median != 0 {
		spread = (s[len(s)-1] - s[0]) / 2 / median
	}
	return median, spread
}

// Speed measures the headline speeds (see SpeedReport). It stops early
// with ctx's error when ctx is cancelled.
func Speed(ctx context.Context, opt SpeedOptions) (*SpeedReport, error) {
	d := opt.Duration
	if d <= 0 {
		d = time.Second
	}
	n := opt.Samples
	if n <= 0 {
		n = 5
	}
	each := d / time.Duration(n) // one sample's share of a figure's budget
	w := opt.Workers
	if w <= 0 {
		w = runtime.GOMAXPROCS(0)
	}
	rep := &SpeedReport{GamesPerSec: map[string]float64{}, MovesPerSec: map[string]float64{},
		GamesPerSecSpread: map[string]float64{}, MovesPerSecSpread: map[string]float64{},
		Workers: w, CPUs: runtime.NumCPU(), Seconds: d.Seconds(), Samples: n}
	step := func(name string) error {
		if opt.Progress != nil {
			opt.Progress(name)
		}
		return ctx.Err()
	}
	var err error
	if err := step("eval7"); err != nil {
		return nil, err
	}
	rep.Eval7RandomPerSec, rep.Eval7RandomPerSecSpread, _ = sampled(n, func() (float64, error) { return eval7Speed(each), nil })
	for _, c := range []struct {
		id           string
		players      int
		median, sprd *float64
	}{{"holdem_nl_heads_up", 2, &rep.HoldemHUHandsPerSec, &rep.HoldemHUHandsPerSecSpread},
		{"holdem_nl_6max", 6, &rep.Holdem6MaxHandsPerSec, &rep.Holdem6MaxHandsPerSecSpread}} {
		if err := step(c.id + " hands"); err != nil {
			return nil, err
		}
		p, err := seedProgram(c.id)
		if err != nil {
			return nil, err
		}
		*c.median, *c.sprd, _ = sampled(n, func() (float64, error) {
			r := playSpeed(p, c.players, each)
			return float64(r.hands) / r.secs, nil
		})
	}
	if err := step("ismcts"); err != nil {
		return nil, err
	}
	rep.ISMCTSIterationsPerSec, rep.ISMCTSIterationsPerSecSpread, err = sampled(n, func() (float64, error) { return ismctsSpeed(each) })
	if err != nil {
		return nil, err
	}
	for _, id := range genome.SeedIDs() {
		if err := step(id); err != nil {
			return nil, err
		}
		p, err := seedProgram(id)
		if err != nil {
			return nil, err
		}
		games := make([]float64, 0, n)
		moves := make([]float64, 0, n)
		for range n {
			r := playSpeed(p, p.MinPlayers(), each)
			games = append(games, float64(r.games)/r.secs)
			moves = append(moves, float64(r.moves)/r.secs)
		}
		rep.GamesPerSec[id], rep.GamesPerSecSpread[id] = MedianSpread(games)
		rep.MovesPerSec[id], rep.MovesPerSecSpread[id] = MedianSpread(moves)
	}
	if err := step("parallel"); err != nil {
		return nil, err
	}
	speedups, ceilings, err := parallelSpeedups(ctx, each, w, n)
	if err != nil {
		return nil, err
	}
	rep.ParallelSpeedup, rep.ParallelSpeedupSpread = MedianSpread(speedups)
	rep.ParallelCeiling, rep.ParallelCeilingSpread = MedianSpread(ceilings)
	rep.Busy = rep.BusyReason() != ""
	return rep, nil
}

func seedProgram(id string) (*game.Program, error) {
	g, err := genome.Seed(id)
	if err != nil {
		return nil, err
	}
	p, err := game.Compile(g)
	if err != nil {
		return nil, fmt.Errorf("seed %s: %w", id, err)
	}
	return p, nil
}

// eval7Speed evaluates random 7-card hands for about d.
func eval7Speed(d time.Duration) float64 {
	const n = 1 << 12
	rng := rand.New(rand.NewPCG(7, 7))
	hands := make([][7]cards.Card, n)
	deck := cards.Standard52()
	for i := range hands {
		deck.Shuffle(rng)
		copy(hands[i][:], deck[:7])
	}
	e := handeval.Default()
	var sink handeval.Strength
	count := 0
	start := time.Now()
	for time.Since(start) < d {
		for i := range hands {
			sink ^= e.Eval7(&hands[i])
		}
		count += n
	}
	secs := time.Since(start).Seconds()
	if sink == 1<<31 {
		count++ // keeps the evaluations from being optimized away
	}
	return float64(count) / secs
}

type playResult struct {
	games, hands, moves int
	secs                float64
}

// playSpeed plays games of p with random moves, no listener, for about d.
func playSpeed(p *game.Program, players int, d time.Duration) playResult {
	var r playResult
	rng := rand.New(rand.NewPCG(1, 2))
	var s game.State
	start := time.Now()
	for r.games == 0 || time.Since(start) < d {
		if err := p.Reset(&s, players, rng); err != nil {
			break
		}
		for !s.Terminal() {
			s.ApplyUnchecked(game.RandomMove(&s, rng))
		}
		r.games++
		r.hands += s.HandNumber()
		r.moves += s.Moves()
	}
	r.secs = time.Since(start).Seconds()
	return r
}

// ismctsSpeed times the searches of an ismcts:1000 agent playing 2-player
// Crazy Eights against a random one, for about d of search.
func ismctsSpeed(d time.Duration) (float64, error) {
	p, err := seedProgram("crazy_eights")
	if err != nil {
		return 0, err
	}
	a, err := agent.Parse("ismcts:1000", agent.Options{Seed: 1})
	if err != nil {
		return 0, err
	}
	is, ok := a.(*agent.ISMCTS)
	if !ok {
		return 0, fmt.Errorf("ismcts agent is a %T", a)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	is.Reset(rng)
	var s game.State
	var spent time.Duration
	iters := 0
	for spent < d {
		if err := p.Reset(&s, 2, rng); err != nil {
			return 0, err
		}
		for !s.Terminal() && spent < d {
			var m game.Move
			if s.ToMove() == 0 {
				t := time.Now()
				m = is.Choose(agent.NewView(&s))
				spent += time.Since(t)
				iters += is.Iterations()
			} else {
				m = game.RandomMove(&s, rng)
			}
			if err := s.Apply(m); err != nil {
				return 0, err
			}
		}
	}
	return float64(iters) / spent.Seconds(), nil
}

// parallelSpeedups measures n samples of the parallel speed-up: each
// times a run of random Hearts games on one worker and on w workers (the
// games are as many as one worker plays in about d/2), then the
// arithmetic loop's speed-up (the machine's ceiling at that moment), so
// that a change of load shows in both.
func parallelSpeedups(ctx context.Context, d time.Duration, w, n int) (speedups, ceilings []float64, err error) {
	p, err := seedProgram("hearts")
	if err != nil {
		return nil, nil, err
	}
	run := func(games, workers int) (time.Duration, error) {
		t := time.Now()
		_, err := Run(ctx, p, []string{"random"}, games, 1, workers, Options{})
		return time.Since(t), err
	}
	games := 16
	for {
		t1, err := run(games, 1)
		if err != nil {
			return nil, nil, err
		}
		if t1 >= d/4 || games >= 1<<24 {
			break
		}
		games *= 2
	}
	for range n {
		t1, err := run(games, 1)
		if err != nil {
			return nil, nil, err
		}
		tw, err := run(games, w)
		if err != nil {
			return nil, nil, err
		}
		speedups = append(speedups, t1.Seconds()/tw.Seconds())
		ceilings = append(ceilings, spinSpeedup(d/2, w))
	}
	return speedups, ceilings, nil
}

// Ceiling is one sample of the parallel ceiling (SpeedReport's
// ParallelCeiling) now: the speed-up of a loop of arithmetic that shares
// nothing from one goroutine to w, the loop long enough to take d/2 or
// more on one goroutine (about 2d in all on two). Callers that
// measure another speed-up take a ceiling beside each of their samples,
// so that both see the same load.
func Ceiling(d time.Duration, w int) float64 { return spinSpeedup(d, w) }

// spinSpeedup times a loop of arithmetic that shares nothing on one
// goroutine and split over w, each for about d/2, and returns the ratio.
func spinSpeedup(d time.Duration, w int) float64 {
	spin := func(n int) uint64 {
		x := uint64(1)
		for i := 0; i < n; i++ {
			x = x*6364136223846793005 + 1442695040888963407
		}
		return x
	}
	run := func(n, workers int) time.Duration {
		t := time.Now()
		var wg sync.WaitGroup
		var sink atomic.Uint64
		for k := 0; k < workers; k++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sink.Add(spin(n / workers))
			}()
		}
		wg.Wait()
		return time.Since(t)
	}
	n := 1 << 20
	t1 := run(n, 1)
	for t1 < d/2 && n < 1<<40 {
		n *= 2
		t1 = run(n, 1)
	}
	return t1.Seconds() / run(n, w).Seconds()
}
