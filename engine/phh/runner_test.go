package phh

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ShowdownFirst puts the showdown of an all-in hand before the rest of the
// board, as PokerKit reads it, the last raiser (p1) first, and the hand
// still replays to the same stacks.
func TestShowdownFirst(t *testing.T) {
	text := handDoc("NT", "antes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2", "[200, 200]",
		"d dh p1 Kc8h", "d dh p2 Jc7h", "p2 cc", "p1 cbr 4", "p2 cbr 6", "p1 cbr 18", "p2 cbr 30", "p1 cc",
		"d db Tc9d9s", "p1 cbr 60", "p2 cc", "d db Ah", "p1 cc", "p2 cbr 90", "p1 cbr 110", "p2 cc",
		"d db Qc", "p2 sm 7hJc", "p1 sm 8hKc")
	h, err := Unmarshal([]byte(text))
	require.NoError(t, err)
	before, err := Replay(&h)
	require.NoError(t, err)
	require.True(t, ShowdownFirst(&h))
	var got []string
	for _, a := range h.Actions[len(h.Actions)-3:] {
		got = append(got, a.String())
	}
	assert.Equal(t, []string{"p1 sm 8hKc", "p2 sm 7hJc", "d db Qc"}, got)
	after, err := Replay(&h)
	require.NoError(t, err)
	assert.Equal(t, before.Stacks, after.Stacks)
	assert.False(t, ShowdownFirst(&h), "a second call moves nothing")
}

// A hand all-in on the blinds: the showdown comes after every hole card is
// dealt, before the board.
func TestShowdownFirstAllInBlinds(t *testing.T) {
	text := handDoc("NT", "antes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2", "[399, 1]",
		"d dh p1 As9d", "d dh p2 2h3h", "d db 5s7c2d", "d db 6s", "d db 3s", "p2 sm 2h3h", "p1 sm 9dAs")
	h, err := Unmarshal([]byte(text))
	require.NoError(t, err)
	require.True(t, ShowdownFirst(&h))
	var got []string
	for _, a := range h.Actions {
		got = append(got, a.String())
	}
	assert.Equal(t, []string{"d dh p1 As9d", "d dh p2 2h3h", "p2 sm 2h3h", "p1 sm 9dAs", "d db 5s7c2d", "d db 6s", "d db 3s"}, got)
	_, err = Replay(&h)
	require.NoError(t, err)
}

// ShowdownFirst is PokerKitForm reporting whether it changed h: it reports whether the actions changed, and leaves h as it
// is (reporting false) when the hand does not replay.
func ShowdownFirst(h *Hand) bool {
	before := slices.Clone(h.Actions)
	if err := PokerKitForm(h); err != nil {
		return false
	}
	return !slices.EqualFunc(before, h.Actions, func(a, b Action) bool { return a.String() == b.String() })
}
