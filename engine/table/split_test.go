package table

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
)

// A table whose chips are whole splits pots in whole chips, the odd chip
// to the first winner clockwise from the button, and writes the hand as
// PHH with integer amounts: PokerKit splits such a hand the same way. (A
// session once split a 19-chip pot three ways to the cent, 6.34 + 6.33 +
// 6.33, and wrote decimals, which PokerKit splits exactly: 6.333….)
func TestWholeChipTableSplitsInWholeChips(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "split", "three-way-19.json"))
	require.NoError(t, err)
	s, err := ReadJSON(data)
	require.NoError(t, err)
	run, err := Runner(s)
	require.NoError(t, err)
	require.NotNil(t, run)
	require.True(t, run.Finished(), "the hand is over after the river")
	st, err := run.Settle()
	require.NoError(t, err)
	// 1 dead small blind + 3 × 2 + 3 × 4 = 19 among p3, p4 and p6, 6 each
	// and the odd chip to p3, the first winner clockwise from the button
	// (p6). p1 sits out.
	want := []chips.Chips{0, chips.FromInt(199), chips.FromInt(734), chips.FromInt(121), chips.FromInt(250), chips.FromInt(186)}
	assert.Equal(t, want, st.Stacks)
	for i, c := range st.Stacks {
		assert.Zero(t, c%chips.Scale, "p%d's stack %v is a whole number of chips", i+1, c)
	}
	s.FinishingStacks = st.Stacks
	s.FinishingStacks[0] = s.StartingStacks[0]
	b, err := MarshalPHH(s)
	require.NoError(t, err)
	assert.NotContains(t, string(b), ".0", "a whole-chip hand is written with integer amounts")
	h, err := phh.Unmarshal(b)
	require.NoError(t, err)
	assert.False(t, h.Decimal)
	assert.Equal(t, chips.Chips(chips.Scale), h.Unit())
	assert.True(t, strings.Contains(string(b), "finishing_stacks = [199, 734, 121, 250, 186]\n"), "finishing stacks in PHH order:\n%s", b)
}

// SplitUnit is a whole chip only when every amount is whole.
func TestSplitUnit(t *testing.T) {
	assert.Equal(t, chips.Chips(chips.Scale), phh.SplitUnit([]chips.Chips{chips.FromInt(200), chips.FromInt(2)}, nil))
	assert.Equal(t, chips.Chips(1), phh.SplitUnit([]chips.Chips{chips.FromInt(200)}, []chips.Chips{7525}))
}
