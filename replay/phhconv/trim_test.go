package phhconv

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/phh"
	"github.com/deckforge/deckforge/replay"
)

// With ante trimming, the settlement is built once and every award names a
// pot the replay's table holds: a viewer stepping through the hand finds
// each pot it awards, and the hand ends with PokerKit's stacks.
func TestAnteTrimmingAwards(t *testing.T) {
	hands, clamped := 0, 0
	for _, f := range append(realHands(t), generatedHands(t)...) {
		if f.hand.AnteTrimming == nil || !*f.hand.AnteTrimming {
			continue
		}
		name := f.path + " [" + f.key + "]"
		want, err := phh.Replay(&f.hand)
		if err != nil {
			continue // an undecided showdown: no stacks to compare
		}
		r, err := ToReplay([]phh.Hand{f.hand}, "")
		require.NoError(t, err, name)
		hands++
		h := r.Hands[0]
		cur := replay.NewCursor(r, [32]byte{})
		named := map[int]int{} // awards per pot index
		pots := 0              // the pots of the table when the first award comes
		for i, e := range h.Events {
			if e.Kind != replay.Award {
				continue
			}
			if pots == 0 {
				require.NoError(t, cur.Seek(0, i), name)
				tb := cur.Table()
				tb.Apply(&replay.Event{Kind: replay.Round, Seat: replay.NoSeat, Target: replay.NoSeat, Pile: -1, Round: 4})
				pots = max(len(tb.Pots()), 1)
			}
			assert.Less(t, e.Pot, pots, "%s: event %d awards pot %d of %d", name, i, e.Pot, pots)
			named[e.Pot]++
		}
		for _, k := range named {
			if k > 1 {
				clamped++ // the settlement has more pots than the table
			}
		}
		require.Len(t, h.Final, len(want.Stacks), name)
		for p, fs := range h.Final {
			assert.Equal(t, want.Stacks[p], fs.Stack, "%s: p%d", name, p+1)
		}
	}
	require.Positive(t, hands, "hands with ante trimming in the fixtures")
	assert.Positive(t, clamped, "hands whose settlement has more pots than the replay's table")
}
