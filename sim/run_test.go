package sim

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/sim/agent"
)

func program(t testing.TB, id string) *game.Program {
	t.Helper()
	g, err := genome.Seed(id)
	if err != nil {
		t.Fatal(err)
	}
	p, err := game.Compile(g)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// The same run on one and on three workers gives the same games and the
// same metrics, to the last bit.
func TestRunWorkersAgree(t *testing.T) {
	for _, c := range []struct {
		id      string
		agents  []string
		players int
		games   int
	}{
		{"holdem_nl_6max", []string{"random"}, 6, 150},
		{"knockout_whist", []string{"random"}, 4, 150},
		{"crazy_eights", []string{"random", "greedy"}, 0, 60},
	} {
		p := program(t, c.id)
		var out [2]string
		for k, w := range []int{1, 3} {
			res, err := Run(context.Background(), p, c.agents, c.games, 99, w, Options{Players: c.players, KeepGames: true})
			if err != nil {
				t.Fatalf("%s: %v", c.id, err)
			}
			if len(res.Games) != c.games {
				t.Fatalf("%s: %d games kept, want %d", c.id, len(res.Games), c.games)
			}
			for i, g := range res.Games {
				if g.Index != i {
					t.Fatalf("%s: game %d at position %d", c.id, g.Index, i)
				}
			}
			out[k] = mustJSON(t, res)
		}
		if out[0] != out[1] {
			t.Errorf("%s: 1 and 3 workers disagree", c.id)
		}
	}
}

func TestRunSeedMatters(t *testing.T) {
	p := program(t, "hearts")
	a, err := Run(context.Background(), p, []string{"random"}, 40, 1, 2, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Run(context.Background(), p, []string{"random"}, 40, 2, 2, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if mustJSON(t, a.Metrics.SeatWinRate) == mustJSON(t, b.Metrics.SeatWinRate) && a.Metrics.TurnsMean == b.Metrics.TurnsMean {
		t.Fatal("seeds 1 and 2 gave the same games")
	}
	if a.Metrics.Seed != 1 || a.Metrics.Games != 40 || a.Metrics.Players != 4 {
		t.Fatalf("metrics header %+v", a.Metrics)
	}
}

func TestRunProgressInOrder(t *testing.T) {
	p := program(t, "go_fish")
	var seen []int
	_, err := Run(context.Background(), p, []string{"random"}, 50, 3, 4, Options{Progress: func(done, total int) {
		if total != 50 {
			t.Errorf("total %d", total)
		}
		seen = append(seen, done)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 50 {
		t.Fatalf("%d progress calls, want 50", len(seen))
	}
	for i, d := range seen {
		if d != i+1 {
			t.Fatalf("progress call %d reports %d", i, d)
		}
	}
}

func TestRunCancel(t *testing.T) {
	p := program(t, "hearts")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := Run(ctx, p, []string{"random"}, 100000, 1, 2, Options{Progress: func(done, _ int) {
		if done == 10 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestRunConfigErrors(t *testing.T) {
	holdem := program(t, "holdem_nl_heads_up")
	hearts := program(t, "hearts")
	for _, c := range []struct {
		p      *game.Program
		agents []string
		games  int
		w      int
		opt    Options
		field  string
	}{
		{hearts, []string{"random"}, -1, 1, Options{}, "games"},
		{hearts, []string{"random"}, 1, -1, Options{}, "workers"},
		{hearts, []string{"random"}, 1, 1, Options{Players: 3}, "players"},
		{hearts, []string{"random", "random"}, 1, 1, Options{}, "agents"},
		{hearts, []string{"random", "random"}, 1, 1, Options{Players: 4}, "agents"},
		{hearts, []string{"random", "greedy", "random"}, 1, 1, Options{Players: 4}, "agents"},
		{hearts, []string{"alpha"}, 1, 1, Options{}, "agents"},
		{hearts, nil, 1, 1, Options{}, "agents"},
		{hearts, []string{"house"}, 1, 1, Options{SitOuts: DefaultSitOuts()}, "sit_outs"},
		{program(t, "war"), []string{"greedy"}, 1, 1, Options{SitOuts: DefaultSitOuts()}, "sit_outs"},
		{holdem, []string{"house"}, 1, 1, Options{SitOuts: SitOuts{Pause: 2}}, "sit_outs"},
	} {
		_, err := Run(context.Background(), c.p, c.agents, c.games, 1, c.w, c.opt)
		var ce *ConfigError
		if !errors.As(err, &ce) || ce.Field != c.field {
			t.Errorf("%v %d games %d workers %+v: err %v, want a %s error", c.agents, c.games, c.w, c.opt.Players, err, c.field)
		}
	}
}

func TestRunNoGames(t *testing.T) {
	res, err := Run(context.Background(), program(t, "war"), []string{"random"}, 0, 1, 0, Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := res.Metrics
	if m.Games != 0 || m.CompletionRate.Valid || m.TurnsMean.Valid || m.Balance.Valid {
		t.Fatalf("metrics of no games: %+v", m)
	}
}

// Every seat's decisions and the legal moves offered add up.
func TestRunCounts(t *testing.T) {
	res, err := Run(context.Background(), program(t, "crazy_eights"), []string{"random"}, 30, 5, 2, Options{KeepGames: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range res.Games {
		sum := 0
		for _, d := range g.PlayerDecisions {
			sum += d
		}
		if sum != g.Decisions || g.LegalSum < 2*g.Decisions {
			t.Fatalf("game %d: seat decisions %v sum %d, decisions %d, legal sum %d", g.Index, g.PlayerDecisions, sum, g.Decisions, g.LegalSum)
		}
		if g.ForcedActions > g.Actions || g.Samples < 1 || g.Turns < 1 {
			t.Fatalf("game %d: %+v", g.Index, g)
		}
		if g.Winners == 0 {
			t.Fatalf("game %d has no winner", g.Index)
		}
	}
}

// Games of a program without choices are all forced.
func TestRunForcedOnly(t *testing.T) {
	res, err := Run(context.Background(), program(t, "war"), []string{"random"}, 10, 5, 1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := res.Metrics
	if m.ForcedMoveShare.Value != 1 || m.MeanLegalMoves.Valid || m.DecisionsPerPlayer.Value != 0 {
		t.Fatalf("war: forced %v legal %v decisions %v", m.ForcedMoveShare, m.MeanLegalMoves, m.DecisionsPerPlayer)
	}
}

func TestRunISMCTS(t *testing.T) {
	res, err := Run(context.Background(), program(t, "crazy_eights"), []string{"random", "ismcts:60"}, 12, 1, 2, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r, ok := res.Metrics.AgentWinRate["ismcts:60"]; !ok || !r.Valid {
		t.Fatalf("agent win rates %v", res.Metrics.AgentWinRate)
	}
}

// After its first game a worker plays games without allocating beyond
// what the engine allocates to deliver its events: measured against the
// same games (same seeds, same agents, so the same events) played with a
// listener that does nothing.
func TestWorkerReuse(t *testing.T) {
	p := program(t, "hearts")
	pl, err := newPlan(p, []string{"random"}, 100, 1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	w, err := pl.newWorker()
	if err != nil {
		t.Fatal(err)
	}
	var r GameResult
	for i := 0; i < 3; i++ {
		if err := w.play(context.Background(), i, &r); err != nil {
			t.Fatal(err)
		}
	}
	i := 3
	withObserver := testing.AllocsPerRun(20, func() {
		if err := w.play(context.Background(), i, &r); err != nil {
			t.Fatal(err)
		}
		i++
	})
	// The same games with a listener that does nothing.
	noop := game.ListenerFunc(func(*game.State, *game.Event) {})
	i = 3
	bare := testing.AllocsPerRun(20, func() {
		seed := GameSeed(pl.key, i)
		for q, a := range w.agents {
			seedPCG(&w.seatPCG, seed, streamAgent+2*q)
			a.Reset(w.seatRNG)
		}
		s := &w.state
		s.Listen(noop)
		seedPCG(&w.gamePCG, seed, streamDeal)
		if err := p.Reset(s, pl.players, w.gameRNG); err != nil {
			t.Fatal(err)
		}
		for !s.Terminal() {
			if err := s.Apply(w.agents[s.ToMove()].Choose(agent.NewView(s))); err != nil {
				t.Fatal(err)
			}
		}
		i++
	})
	if withObserver-bare > 0.5 {
		t.Fatalf("%.1f allocations per game with the observer, %.1f with a listener that does nothing", withObserver, bare)
	}
	t.Logf("%.1f allocations per game, all from the engine's event delivery", withObserver)
}
