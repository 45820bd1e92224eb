package sim

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/engine/table"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/replay"
	"github.com/deckforge/deckforge/sim/agent"
)

// MaxGames is the most games one run plays.
const MaxGames = 1 << 30

// Options configure a run. The zero Options are valid: the player count
// follows the agents, no progress is reported, no replay is recorded, no
// player sits out.
type Options struct {
	// Players is the number of players; 0 means one per agent when the
	// agent list names several, else the game's fewest players.
	Players int
	// Agent configures the agents (ISMCTS budget, house strategy, …).
	Agent agent.Options
	// Progress, if set, is called after each game is merged into the
	// results, in game order, with the games done and the total. It is
	// called from one goroutine at a time.
	Progress func(done, total int)
	// Replay, if set, receives the replay of every game (its index and
	// the replay). It is called from the worker goroutines: it must be
	// safe for concurrent use. An error stops the run.
	Replay func(game int, r *replay.Replay) error
	// KeepGames keeps every game's result in Result.Games.
	KeepGames bool
	// SitOuts, when Enabled, plays every game as a session at a table
	// (engine/table) in which players disconnect, pause, come back, leave
	// and join between hands (see session and SessionRun).
	SitOuts SitOuts
	// Source names the run in replays ("simulate" when empty).
	Source string
	// SameDeals keys the games by the run seed alone, not by the genome's
	// content hash: two genomes run with the same seed then get the same
	// game seeds, so their games can be compared one by one (ablation).
	SameDeals bool
	// CapDraws scores a game that ends at the turn cap (not completed) as a
	// draw: every seat is a winner and gets reward 1/n, whatever ranking
	// the win conditions would give. Evolution uses it so that a game
	// cannot win fitness by stalling until the cap.
	CapDraws bool
	// Batches, when above 1, also measures the games in that many
	// batches: batch k holds the games whose index is k modulo Batches
	// (Result.Batches), for a spread over independent parts of one run.
	Batches int

	// handDone, in tests, sees every finished hand of a session: the
	// table with its FinishingStacks, and the seats dealt in.
	handDone func(st *table.State, dealt []bool)
}

// Result is the outcome of a run.
type Result struct {
	Metrics Metrics
	// Batches are the metrics of the batches of Options.Batches (nil
	// unless it is above 1).
	Batches []Metrics
	// Games holds every game's result, in game order, when
	// Options.KeepGames is set.
	Games []GameResult
}

// Check reports the error Run would give for these agents and options
// before it plays anything (the players, the agents, the sit-outs), for
// callers that play elsewhere.
func Check(prog *game.Program, agents []string, opt Options) error {
	_, err := newPlan(prog, agents, 0, 1, opt)
	return err
}

// Run plays games games of prog, seat i played by agents[i] (or every seat
// by agents[0] when it names one agent; see agent.Parse for the names),
// with workers goroutines (0: one per CPU), and measures them.
//
// Game g is played from the seed GameSeed(RunKey(seed, hash), g), hash the
// genome's content hash: its deal, its agents' generators (reset at the
// start of every game) and, in sessions, its sit-out events all derive
// from it, and the results are merged in game order, so a run gives the
// same Result whatever the number of workers. Each worker keeps one
// game.State, one observer and one agent per seat, reset for every game.
//
// Run stops early with ctx's error when ctx is cancelled, and with the
// first error of a game (an illegal move names the game, the seat and the
// agent).
func Run(ctx context.Context, prog *game.Program, agents []string, games int, seed uint64, workers int, opt Options) (*Result, error) {
	plan, err := newPlan(prog, agents, games, workers, opt)
	if err != nil {
		return nil, err
	}
	g := prog.Genome()
	hash, err := genome.ContentHash(g)
	if err != nil {
		return nil, fmt.Errorf("sim: %w", err)
	}
	plan.key = RunKey(seed, hash)
	if opt.SameDeals {
		plan.key = RunKey(seed, genome.Hash{})
	}
	plan.hash = hash
	plan.seed = seed

	acc := newAccumulator(plan.players, plan.agents, prog.HasChips())
	var parts []*accumulator // the batches of opt.Batches
	if opt.Batches > 1 {
		parts = make([]*accumulator, opt.Batches)
		for k := range parts {
			parts[k] = newAccumulator(plan.players, plan.agents, prog.HasChips())
		}
	}
	var kept []GameResult
	if opt.KeepGames {
		kept = make([]GameResult, 0, games)
	}
	err = plan.run(ctx, func(r *GameResult) {
		if parts != nil {
			parts[acc.games%len(parts)].add(r)
		}
		acc.add(r)
		if opt.KeepGames {
			g := *r
			g.positional = nil // the slot's aggregator serves a later game
			kept = append(kept, g)
		}
		if opt.Progress != nil {
			opt.Progress(acc.games, games)
		}
	})
	if err != nil {
		return nil, err
	}
	label := func(m *Metrics) {
		m.Game = g.Name
		if m.Game == "" {
			m.Game = g.ID
		}
		m.GenomeHash = hash.String()
		m.Seed = seed
		m.Mode = "interpreter"
		if opt.SitOuts.Enabled() {
			m.Mode = "session"
		}
	}
	res := &Result{Metrics: acc.metrics(), Games: kept}
	label(&res.Metrics)
	for _, a := range parts {
		res.Batches = append(res.Batches, a.metrics())
		label(&res.Batches[len(res.Batches)-1])
	}
	return res, nil
}

// plan is a validated run.
type plan struct {
	prog    *game.Program
	rules   *rules
	players int
	agents  []string // one spec per seat
	games   int
	workers int
	key     uint64
	hash    genome.Hash
	seed    uint64
	opt     Options
}

// source names game i of the run in its replay.
func (pl *plan) source(i int) string {
	src := pl.opt.Source
	if src == "" {
		src = "simulate"
	}
	return fmt.Sprintf("%s: seed %d, game %d", src, pl.seed, i)
}

// ConfigError is a run's bad setting: Field names it ("games",
// "workers", "players", "agents" or "sit_outs").
type ConfigError struct {
	Field string
	Err   error
}

func (e *ConfigError) Error() string { return "sim: " + e.Field + ": " + e.Err.Error() }

func (e *ConfigError) Unwrap() error { return e.Err }

func configErr(field, format string, a ...any) error {
	return &ConfigError{Field: field, Err: fmt.Errorf(format, a...)}
}

func newPlan(prog *game.Program, agents []string, games, workers int, opt Options) (*plan, error) {
	if prog == nil {
		return nil, errors.New("sim: no program")
	}
	if games < 0 || games > MaxGames {
		return nil, configErr("games", "%d out of range 0..%d", games, MaxGames)
	}
	if workers < 0 {
		return nil, configErr("workers", "%d is negative", workers)
	}
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, games))
	if len(agents) == 0 {
		return nil, configErr("agents", "none given")
	}
	n := opt.Players
	switch {
	case n == 0 && len(agents) > 1:
		n = len(agents)
	case n == 0:
		n = prog.MinPlayers()
	}
	if n < prog.MinPlayers() || n > prog.MaxPlayers() {
		if opt.Players == 0 && len(agents) > 1 {
			return nil, configErr("agents", "%d agents for a game of %d..%d players", n, prog.MinPlayers(), prog.MaxPlayers())
		}
		return nil, configErr("players", "%d out of the game's range %d..%d", n, prog.MinPlayers(), prog.MaxPlayers())
	}
	if len(agents) != 1 && len(agents) != n {
		return nil, configErr("agents", "%d named for %d players: give one, or one per seat", len(agents), n)
	}
	specs := make([]string, n)
	for i := range specs {
		specs[i] = strings.TrimSpace(agents[min(i, len(agents)-1)])
	}
	// Check the agent names and options once, before any worker starts.
	if _, err := agent.ParseList(strings.Join(specs, ","), n, opt.Agent); err != nil {
		return nil, &ConfigError{Field: "agents", Err: err}
	}
	if err := opt.SitOuts.Validate(); err != nil {
		return nil, &ConfigError{Field: "sit_outs", Err: err}
	}
	if opt.SitOuts.Enabled() {
		if err := SessionRun(prog.Genome(), specs, opt.SitOuts); err != nil {
			return nil, &ConfigError{Field: "sit_outs", Err: err}
		}
	}
	return &plan{prog: prog, rules: newRules(prog), players: n, agents: specs, games: games, workers: workers, opt: opt}, nil
}

// run plays the games on the workers and calls merge with every result in
// game order, from the calling goroutine. Workers claim games in
// increasing order, and at most window games are claimed and not yet
// merged: game i is played straight into slot i mod window of a ring of
// results (game i−window was merged before i could be claimed), and only
// its index travels to the merge, so a game costs no allocation here.
func (pl *plan) run(ctx context.Context, merge func(*GameResult)) error {
	if pl.games == 0 {
		return nil
	}
	eg, ctx := errgroup.WithContext(ctx)
	window := min(16*pl.workers, pl.games)
	tokens := make(chan struct{}, window)
	for i := 0; i < window; i++ {
		tokens <- struct{}{}
	}
	slots := make([]GameResult, window)
	results := make(chan int, window)
	var next atomic.Int64
	for w := 0; w < pl.workers; w++ {
		eg.Go(func() error {
			wk, err := pl.newWorker()
			if err != nil {
				return err
			}
			for {
				select {
				case <-tokens:
				case <-ctx.Done():
					return ctx.Err()
				}
				i := int(next.Add(1) - 1)
				if i >= pl.games {
					return nil
				}
				if err := ctx.Err(); err != nil {
					return err
				}
				if err := wk.play(ctx, i, &slots[i%window]); err != nil {
					return err
				}
				select {
				case results <- i:
				case <-ctx.Done():
					return ctx.Err()
				}
			}
		})
	}
	done := make(chan error, 1)
	go func() {
		done <- eg.Wait()
		close(results)
	}()
	// Merge in game order: the games that finish early wait in their slots.
	ready := make([]bool, window)
	want := 0
	for i := range results {
		ready[i%window] = true
		for ready[want%window] {
			ready[want%window] = false
			merge(&slots[want%window])
			want++
			tokens <- struct{}{}
		}
	}
	if err := <-done; err != nil {
		return err
	}
	if want != pl.games {
		return fmt.Errorf("sim: %d of %d games merged", want, pl.games)
	}
	return nil
}

// worker is one goroutine's reusable equipment.
type worker struct {
	pl      *plan
	state   game.State
	obs     *observer
	agents  []agent.Agent
	gamePCG rand.PCG
	gameRNG *rand.Rand
	seatPCG rand.PCG
	seatRNG *rand.Rand
	sess    *session
}

func (pl *plan) newWorker() (*worker, error) {
	w := &worker{pl: pl, obs: newObserver(pl.rules)}
	w.gameRNG = rand.New(&w.gamePCG)
	w.seatRNG = rand.New(&w.seatPCG)
	if pl.opt.SitOuts.Enabled() {
		s, err := newSession(pl)
		if err != nil {
			return nil, err
		}
		w.sess = s
		return w, nil
	}
	agents, err := agent.ParseList(strings.Join(pl.agents, ","), pl.players, pl.opt.Agent)
	if err != nil {
		return nil, fmt.Errorf("sim: agents: %w", err)
	}
	w.agents = agents
	if pl.opt.Replay != nil {
		w.obs.rec = newRecorder(pl)
	}
	return w, nil
}

// checkEvery is how many decisions a game plays between checks of the
// context.
const checkEvery = 256

// play plays game i into r.
func (w *worker) play(ctx context.Context, i int, r *GameResult) error {
	seed := GameSeed(w.pl.key, i)
	if w.sess != nil {
		return w.sess.play(ctx, i, seed, r)
	}
	n := w.pl.players
	for p, a := range w.agents {
		seedPCG(&w.seatPCG, seed, streamAgent+2*p)
		a.Reset(w.seatRNG)
	}
	w.obs.begin(n, r.positional)
	if w.obs.rec != nil {
		w.obs.rec.begin(i, seed)
	}
	s := &w.state
	s.Listen(w.obs)
	seedPCG(&w.gamePCG, seed, streamDeal)
	if err := w.pl.prog.Reset(s, n, w.gameRNG); err != nil {
		return fmt.Errorf("sim: game %d: %w", i, err)
	}
	*r = GameResult{Index: i, Seed: seed, Players: n}
	for k := 0; !s.Terminal(); k++ {
		if k%checkEvery == checkEvery-1 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		p := s.ToMove()
		r.PlayerDecisions[p]++
		r.LegalSum += s.NumLegal()
		m := w.agents[p].Choose(agent.NewView(s))
		w.obs.claim = int8(p)
		if err := s.Apply(m); err != nil {
			return fmt.Errorf("sim: game %d: seat %d (%s): move %v: %w", i, p, w.pl.agents[p], m, err)
		}
	}
	r.Decisions = s.Decisions()
	r.Moves = s.Moves()
	r.Turns = int(w.obs.turns)
	r.Actions, r.ForcedActions = w.obs.actions, w.obs.forced
	r.Hands = s.HandNumber()
	r.Completed = s.Turn() <= w.pl.rules.maxTurns
	r.Winners = s.Winners()
	s.Rewards(r.Rewards[:n])
	if !r.Completed && w.pl.opt.CapDraws {
		r.Winners = uint16(1)<<n - 1
		for p := 0; p < n; p++ {
			r.Rewards[p] = 1 / float64(n)
		}
	}
	var net [game.MaxPlayers]chips.Chips
	s.NetChips(net[:n])
	for p := 0; p < n; p++ {
		r.NetChips[p] = Amount(net[p])
	}
	w.obs.lead.metrics(r)
	r.Betting = w.obs.bet
	r.SitOuts = w.obs.sit
	for _, a := range w.agents {
		if fc, ok := a.(agent.FallbackCounter); ok {
			r.Fallbacks.Add(fc.Fallbacks())
		}
	}
	r.Tricks = w.obs.tricks
	r.positional = w.obs.posAgg
	r.positionalErr = w.obs.posErrs
	if w.obs.rec != nil {
		rp, err := w.obs.rec.finish()
		if err != nil {
			return fmt.Errorf("sim: game %d: replay: %w", i, err)
		}
		if err := w.pl.opt.Replay(i, rp); err != nil {
			return fmt.Errorf("sim: game %d: replay: %w", i, err)
		}
	}
	return nil
}
