package sim

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/engine/table"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/replay"
)

// randomSitOuts draws a session schedule: sit-out, return, leave and join
// probabilities well above the defaults, a grace period, an auto-action.
func randomSitOuts(rng *rand.Rand) SitOuts {
	autos := []string{"", "check_fold", "fold", "call_4"}
	so := SitOuts{
		Disconnect:   rng.Float64() * 0.2,
		Reconnect:    0.1 + rng.Float64()*0.9,
		Pause:        rng.Float64() * 0.1,
		PauseUntilBB: rng.Float64() * 0.1,
		Return:       0.1 + rng.Float64()*0.8,
		Leave:        rng.Float64() * 0.05,
		Join:         rng.Float64() * 0.5,
		GraceHands:   rng.IntN(5),
		Hands:        60 + rng.IntN(120),
		Auto:         autos[rng.IntN(len(autos))],
	}
	return so
}

// Over random session schedules (players 2–6, house and random agents),
// nobody is dealt into a hand without chips, the chips are conserved hand
// by hand (what a hand starts with, less what leavers take, plus what
// joiners bring, is what it ends with), and the players' net results add
// up to zero (reloads are chips given, not won).
func TestSessionScheduleProperties(t *testing.T) {
	const schedules = 24
	p := program(t, "holdem_nl_6max")
	rng := rand.New(rand.NewPCG(14, 5))
	joins, reloads := 0, 0
	for k := range schedules {
		so := randomSitOuts(rng)
		players := 2 + rng.IntN(5)
		agents := []string{"house"}
		if k%3 == 0 {
			agents = []string{"random"}
		}
		fn, files := collect(t)
		res, err := Run(context.Background(), p, agents, 2, uint64(k), 1, Options{Players: players, SitOuts: so, Replay: fn, KeepGames: true})
		require.NoError(t, err, "schedule %d: %+v, %d players", k, so, players)
		joins += res.Metrics.SitOuts.Joins
		reloads += res.Metrics.SitOuts.Reloads
		checkSessions(t, res, files, players, k)
	}
	assert.Positive(t, joins, "no player joined in %d schedules", schedules)
	assert.Positive(t, reloads, "no bankroll was reloaded in %d schedules", schedules)
}

// checkSessions checks the sessions of run k: the players' net results
// add up to zero, and every replay validates and passes checkSessionHands.
func checkSessions(t *testing.T, res *Result, files map[int][]byte, players, k int) {
	t.Helper()
	for gi, g := range res.Games {
		var net Amount
		for q := range players {
			net += g.NetChips[q]
		}
		assert.Zero(t, net, "run %d game %d: net results add up to %v", k, gi, net)
		r, err := replay.Decode(files[gi])
		require.NoError(t, err)
		require.NoError(t, r.Validate(), "run %d game %d", k, gi)
		checkSessionHands(t, r, k, gi)
	}
}

// checkSessionHands checks a session replay hand by hand (see
// TestSessionScheduleProperties).
func checkSessionHands(t *testing.T, r *replay.Replay, k, gi int) {
	t.Helper()
	cur := replay.NewCursor(r, [32]byte{})
	for hi := range r.Hands {
		h := &r.Hands[hi]
		var start, moved chips.Chips
		start = h.DeadMoney
		for _, s := range h.Seats {
			start += s.Stack
		}
		first := len(h.Events)
		var dealt []int
		for i, e := range h.Events {
			switch e.Kind {
			case replay.Leave:
				moved -= e.Amount
			case replay.Join:
				moved += e.Amount
			case replay.Deal:
				dealt = append(dealt, e.Seat)
			}
			if first == len(h.Events) && (e.Kind == replay.Round || e.Kind == replay.Post || e.Kind == replay.Deal) {
				first = i
			}
		}
		require.NoError(t, cur.Seek(hi, first))
		tb := cur.Table()
		for _, s := range dealt {
			if !assert.Positive(t, tb.Seats[s].Stack, "schedule %d game %d hand %d: seat %d dealt in with no chips", k, gi, h.Number, s) {
				return
			}
		}
		var final chips.Chips
		for _, f := range h.Final {
			final += f.Stack
		}
		if !assert.True(t, h.Complete, "schedule %d game %d hand %d: not complete", k, gi, h.Number) ||
			!assert.Equal(t, start+moved, final, "schedule %d game %d hand %d: chips", k, gi, h.Number) {
			return
		}
	}
}

// `simulate holdem_nl_6max --players 6 --agents house --sit-outs default`
// plays its sessions to the end, with players joining, for the first run
// seeds (the full check, 600 games for seeds 1–20, is too long for a test:
// make sessions).
func TestDefaultSessionsRunToTheEnd(t *testing.T) {
	p := program(t, "holdem_nl_6max")
	for seed := uint64(1); seed <= 3; seed++ {
		res, err := Run(context.Background(), p, []string{"house"}, 20, seed, 2, Options{Players: 6, SitOuts: DefaultSitOuts()})
		require.NoError(t, err, "seed %d", seed)
		assert.Equal(t, 20, res.Metrics.Games, "seed %d", seed)
		assert.Positive(t, res.Metrics.SitOuts.Joins, "seed %d: no joins", seed)
	}
}

// Over random betting genomes with forced bets and random session schedules
// (players 2–6, random, greedy, house and ismcts agents), every hand is
// played by engine/game as engine/table set it up: nobody is dealt in
// without chips, a seat not dealt in keeps its stack, the chips are
// conserved hand by hand (the finishing stacks add up to the starting
// stacks plus the dead money), players join, and the net results of every
// session add up to zero. Every session's replay validates and shows the
// same, hand by hand.
func TestGameSessionProperties(t *testing.T) {
	const genomes = 30
	rng := rand.New(rand.NewPCG(14, 6))
	opts := genome.DefaultRandomOptions()
	opts.ChipsProbability = 1
	lineups := [][]string{{"random"}, {"greedy", "random"}, {"house", "greedy"}, {"ismcts:8", "random"}}
	joins, hands, played := 0, 0, 0
	for i := 0; played < genomes; i++ {
		g := genome.Random(rng, opts)
		if SessionRun(g, nil, DefaultSitOuts()) != nil {
			continue
		}
		p, err := game.Compile(g)
		require.NoError(t, err)
		played++
		so := randomSitOuts(rng)
		so.Hands = 20 + rng.IntN(40)
		players := p.MinPlayers() + rng.IntN(p.MaxPlayers()-p.MinPlayers()+1)
		agents := make([]string, players)
		for q := range agents {
			l := lineups[i%len(lineups)]
			agents[q] = l[q%len(l)]
		}
		check := func(st *table.State, dealt []bool) {
			hands++
			sum := -st.DeadMoney
			for k := range st.Players {
				sum += st.FinishingStacks[k] - st.StartingStacks[k]
				if dealt[k] {
					assert.Positive(t, st.StartingStacks[k], "genome %d hand %d: %s dealt in with no chips", i, st.Hand, st.Players[k])
				} else {
					assert.Equal(t, st.StartingStacks[k], st.FinishingStacks[k], "genome %d hand %d: %s not dealt in", i, st.Hand, st.Players[k])
				}
			}
			assert.Zero(t, sum, "genome %d hand %d: chips not conserved", i, st.Hand)
		}
		fn, files := collect(t)
		res, err := Run(context.Background(), p, agents, 2, uint64(i), 1, Options{Players: players, SitOuts: so, KeepGames: true, handDone: check, Replay: fn})
		if !assert.NoError(t, err, "genome %d (%d players, %v): %s", i, players, agents, genomeJSON(g)) {
			continue
		}
		joins += res.Metrics.SitOuts.Joins
		checkSessions(t, res, files, players, i)
	}
	assert.Positive(t, joins, "no player joined over %d genomes", genomes)
	assert.Greater(t, hands, genomes*10, "hands played over %d genomes", genomes)
}
