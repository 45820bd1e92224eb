package phhconv

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
	"github.com/deckforge/deckforge/replay"
)

// Replays the simulator wrote (hold'em with 2 and 6 players, pot-limit
// Omaha, a hold'em session with sit-outs) convert to PHH that reads back
// and replays to every hand's final stacks: one hole-card deal per player,
// the blinds as posted, no player without chips, sitting-out seats listed
// with their stacks, dead blinds paid kept in the pot as antes. (These
// files, converted by `deckforge phh convert`, also replay in PokerKit to
// the same stacks.)
func TestFromReplayOfSimulatorReplays(t *testing.T) {
	freeFolds := filepath.Join("testdata", "session-sitouts.dfr")
	refused := 0
	files, err := filepath.Glob(filepath.Join("testdata", "*.dfr"))
	require.NoError(t, err)
	require.Len(t, files, 5)
	sawOut, sawDead := false, false
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		r, err := replay.Decode(data)
		require.NoError(t, err, f)
		var hands []phh.Hand
		for i := range r.Hands {
			h, err := FromHand(r, i)
			switch {
			case errors.Is(err, ErrNotPlayed):
			case f == freeFolds && err != nil:
				// A player away folds by its auto-action
				// even when a check is free, a player who
				// pauses folds out of turn: PHH cannot say
				// either.
				assert.Regexp(t, "folds when a check is free|out of turn", err.Error())
				refused++
			default:
				require.NoError(t, err, "%s hand %d", f, i)
				hands = append(hands, h)
			}
		}
		require.NotEmpty(t, hands, f)
		for k := range hands {
			h := &hands[k]
			text, err := phh.Marshal(h)
			require.NoError(t, err, f)
			back, err := phh.Unmarshal(text)
			require.NoError(t, err, "%s hand %d:\n%s", f, k, text)
			res, err := phh.Replay(&back)
			require.NoError(t, err, "%s hand %d:\n%s", f, k, text)
			if assert.NotNil(t, back.FinishingStacks, "%s hand %d", f, k) {
				assert.Equal(t, back.FinishingStacks, res.Stacks, "%s hand %d:\n%s", f, k, text)
			}
			deals := map[int]int{}
			for _, a := range back.Actions {
				if a.Kind == phh.DealHole {
					deals[a.Player]++
				}
			}
			for p := range back.Players {
				assert.Equal(t, 1, deals[p], "%s hand %d: deal lines of p%d:\n%s", f, k, p+1, text)
				assert.Positive(t, back.StartingStacks[p], "%s hand %d: p%d", f, k, p+1)
			}
			assert.Positive(t, slices.Max(back.BlindsOrStraddles), "%s hand %d: no blind", f, k)
			if _, ok := back.Fields[fieldOutSeats]; ok {
				sawOut = true
				assert.Len(t, back.Fields[fieldOutStacks], len(back.Fields[fieldOutSeats].([]any)))
			}
			var start, end chips.Chips
			for p := range back.Players {
				start += back.StartingStacks[p]
				end += back.FinishingStacks[p]
				if back.Antes[p] > 0 {
					sawDead = true
				}
			}
			assert.Equal(t, start, end, "%s hand %d: chips not conserved", f, k)
		}
	}
	assert.LessOrEqual(t, refused, 3, "hands of %s refused", freeFolds)
	assert.True(t, sawOut, "no hand with a seat sitting out")
	assert.True(t, sawDead, "no hand with dead blinds paid")
}

// A hand nobody was dealt into is left out; FromHand says why.
func TestFromHandNotPlayed(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "session-holdem-3.dfr"))
	require.NoError(t, err)
	r, err := replay.Decode(data)
	require.NoError(t, err)
	hands, err := FromReplay(r)
	require.NoError(t, err)
	skipped := 0
	for i := range r.Hands {
		if _, err := FromHand(r, i); err != nil {
			assert.ErrorIs(t, err, ErrNotPlayed)
			skipped++
		}
	}
	assert.Equal(t, len(r.Hands)-skipped, len(hands))
}
