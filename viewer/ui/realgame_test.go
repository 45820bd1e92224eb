package ui

import (
	"context"
	"encoding/json"
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
				assert.Equal(t, MarkBusted, s.Mark, "hand %d: %s is busted, not sitting out", h, s.Name)
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

// TestBustedMarkInState: state() shows a busted player's mark as
// "busted", distinct from a player sitting out ("paused"), and a player
// in play has none.
func TestBustedMarkInState(t *testing.T) {
	p := NewPlayer()
	require.NoError(t, p.Load("holdem.dfr", simulated(t, "holdem_nl_6max", 6, 1)))
	for h := 0; h < p.View().Hands; h++ {
		require.NoError(t, p.Seek(h, 0))
		v := p.View()
		busted := -1
		for i, s := range v.Seats {
			if s.Mark == MarkBusted {
				busted = i
			}
		}
		if busted < 0 {
			continue
		}
		data, err := p.StateJSON()
		require.NoError(t, err)
		var st struct {
			Seats []struct {
				Seat       int
				Name, Mark string
			}
		}
		require.NoError(t, json.Unmarshal(data, &st))
		byName := map[string]string{}
		for _, s := range st.Seats {
			byName[s.Name] = s.Mark
		}
		for _, s := range v.Seats {
			if !s.Present {
				continue
			}
			require.Contains(t, byName, s.Name)
			assert.Equal(t, s.Mark.String(), byName[s.Name], "hand %d: %s", h, s.Name)
		}
		assert.Equal(t, "busted", byName[v.Seats[busted].Name])
		return
	}
	t.Fatal("no busted player in a 6-player game of random agents")
}

// TestSeatMarks: each seat state gets its mark; only a busted player the
// cross, every kind of sitting out the pause sign.
func TestSeatMarks(t *testing.T) {
	for _, c := range []struct {
		seat SeatView
		want SeatMark
	}{
		{SeatView{Present: true}, MarkNone},
		{SeatView{Present: true, Status: replay.StatusFolded}, MarkNone},
		{SeatView{Present: true, Status: replay.StatusOut, Badge: "out", Inactive: true}, MarkBusted},
		{SeatView{Present: true, Status: replay.StatusPaused, Badge: "sitting out", Inactive: true}, MarkPaused},
		{SeatView{Present: true, Status: replay.StatusPausedUntilBB, Badge: Badge(replay.StatusPausedUntilBB), Inactive: true}, MarkPaused},
		{SeatView{Present: true, Status: replay.StatusWaiting, Badge: Badge(replay.StatusWaiting)}, MarkPaused},
		{SeatView{Left: true, Status: replay.StatusLeft}, MarkNone},
		{SeatView{}, MarkNone},
	} {
		assert.Equal(t, c.want, SeatMarkOf(&c.seat), "%+v", c.seat)
	}
	assert.Equal(t, "busted", MarkBusted.String())
	assert.Equal(t, "paused", MarkPaused.String())
}
