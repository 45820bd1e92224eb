package phh

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// PokerKitForm rewrites a heads-up hand as PokerKit plays it (engine/betting
// no longer caps a raise at the short stack, so the full raise to 4 is
// already there): the shows, recorded after the river, come right after the
// all-in call, from the last raiser; the result is unchanged.
func TestPokerKitForm(t *testing.T) {
	text := []byte(`variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [3, 397]
actions = ['d dh p1 8c5h', 'd dh p2 7c2h', 'p2 cbr 4', 'p1 cc', 'd db 5d3cTh', 'd db 2s', 'd db 6c', 'p1 sm 5h8c', 'p2 sm 2h7c']
finishing_stacks = [6, 394]
`)
	h, err := Unmarshal(text)
	require.NoError(t, err)
	before, err := Replay(&h)
	require.NoError(t, err)
	require.NoError(t, PokerKitForm(&h))
	var got []string
	for _, a := range h.Actions {
		got = append(got, a.String())
	}
	assert.Equal(t, []string{"d dh p1 8c5h", "d dh p2 7c2h", "p2 cbr 4", "p1 cc", "p2 sm 2h7c", "p1 sm 5h8c",
		"d db 5d3cTh", "d db 2s", "d db 6c"}, got)
	after, err := Replay(&h)
	require.NoError(t, err)
	assert.Equal(t, before.Stacks, after.Stacks)
}
