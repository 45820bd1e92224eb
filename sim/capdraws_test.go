package sim

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
)

// A game cut off by the turn cap is a draw under CapDraws: every seat a
// winner with reward 1/n; without it the win conditions rank the players.
func TestRunCapDraws(t *testing.T) {
	g, err := genome.Seed("war")
	require.NoError(t, err)
	g.Turns.MaxTurns = 3 // War never ends in 3 turns
	prog, err := game.Compile(g)
	require.NoError(t, err)
	for _, draws := range []bool{false, true} {
		res, err := Run(context.Background(), prog, []string{"random"}, 6, 1, 1, Options{Players: 2, KeepGames: true, CapDraws: draws})
		require.NoError(t, err)
		shared := 0
		for _, r := range res.Games {
			require.False(t, r.Completed)
			if r.Winners == 3 {
				shared++
				assert.Equal(t, 0.5, r.Rewards[0])
				assert.Equal(t, 0.5, r.Rewards[1])
			}
		}
		if draws {
			assert.Equal(t, 6, shared)
			assert.Equal(t, 1.0, res.Metrics.SharedWinRate.Value)
		} else {
			assert.Less(t, shared, 6)
		}
	}
}

// SameDeals gives two different genomes the same game seeds.
func TestRunSameDeals(t *testing.T) {
	a := program(t, "war")
	g, err := genome.Seed("war")
	require.NoError(t, err)
	g.Turns.MaxTurns = 1999
	b, err := game.Compile(g)
	require.NoError(t, err)
	seeds := func(p *game.Program, same bool) []uint64 {
		res, err := Run(context.Background(), p, []string{"random"}, 3, 7, 1, Options{Players: 2, KeepGames: true, SameDeals: same})
		require.NoError(t, err)
		var out []uint64
		for _, r := range res.Games {
			out = append(out, r.Seed)
		}
		return out
	}
	assert.Equal(t, seeds(a, true), seeds(b, true))
	assert.NotEqual(t, seeds(a, false), seeds(b, false))
}

// In Knock-Out Whist a player without a trick is knocked out, so the
// winner always won tricks; the rate is absent in a game without tricks.
func TestRunWinnerTookTricks(t *testing.T) {
	res, err := Run(context.Background(), program(t, "knockout_whist"), []string{"greedy"}, 6, 1, 1, Options{Players: 3, KeepGames: true})
	require.NoError(t, err)
	require.True(t, res.Metrics.WinnerTookTricks.Valid)
	assert.Equal(t, 1.0, res.Metrics.WinnerTookTricks.Value)
	total := 0
	for _, g := range res.Games {
		for _, k := range g.Tricks {
			total += k
		}
	}
	assert.Positive(t, total)

	res, err = Run(context.Background(), program(t, "crazy_eights"), []string{"random"}, 4, 1, 1, Options{Players: 3})
	require.NoError(t, err)
	assert.False(t, res.Metrics.WinnerTookTricks.Valid)
}
