package ui

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/replay"
	"github.com/deckforge/deckforge/sim"
)

// simulated returns the replay of one game of a seed game.
func simulated(t *testing.T, id string, players int, seed uint64) []byte {
	t.Helper()
	g, err := genome.Seed(id)
	require.NoError(t, err)
	p, err := game.Compile(g)
	require.NoError(t, err)
	var data []byte
	_, err = sim.Run(context.Background(), p, []string{"random"}, 1, seed, 1, sim.Options{Players: players,
		Replay: func(_ int, r *replay.Replay) error {
			data, err = replay.Encode(r)
			return err
		}})
	require.NoError(t, err)
	return data
}

// TestViewOfSimulatedGames: a busted hold'em player is out, not waiting
// to play; knockout whist's trump shows once the hand names it; Hearts
// hands hold their 13 cards.
func TestViewOfSimulatedGames(t *testing.T) {
	p := NewPlayer()
	require.NoError(t, p.Load("holdem.dfr", simulated(t, "holdem_nl_6max", 6, 1)))
	seenOut := false
	for h := 0; h < p.View().Hands && !seenOut; h++ {
		require.NoError(t, p.Seek(h, 0))
		for _, s := range p.View().Seats {
			if s.Present && s.Stack == 0 {
				assert.Equal(t, replay.StatusOut, s.Status, "hand %d: %s has no chips", h, s.Name)
				assert.Equal(t, "out", s.Badge)
				seenOut = true
			}
		}
	}
	assert.True(t, seenOut, "a player busts in a 6-player game of random agents")

	require.NoError(t, p.Load("whist.dfr", simulated(t, "knockout_whist", 3, 1)))
	v := p.View()
	assert.Empty(t, v.Trump, "no trump before the hand names it")
	require.NoError(t, p.Seek(0, v.Steps))
	v = p.View()
	assert.Contains(t, []string{"clubs", "diamonds", "hearts", "spades"}, v.Trump, "the trump at the end of the first hand")

	require.NoError(t, p.Load("hearts.dfr", simulated(t, "hearts", 4, 1)))
	require.NoError(t, p.Seek(0, 4))
	for _, s := range p.View().Seats {
		assert.Len(t, s.Cards, 13, "%s after the deal (one step per player)", s.Name)
	}
}
