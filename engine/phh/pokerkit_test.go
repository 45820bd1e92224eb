package phh

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/chips"
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

// PokerKit asks the big blind for his check when everyone else has folded
// or called all in for less than a raise: engine/betting ends the round,
// PokerKitForm writes the check ("p2 cc") before the showdown, and the hand
// replays to the same stacks.
func TestPokerKitFormLoneCheck(t *testing.T) {
	text := []byte(`variant = 'NT'
antes = [0, 0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0, 0]
min_bet = 2
starting_stacks = [94, 14, 345, 2, 3478]
actions = ['d dh p1 Th4s', 'd dh p2 3h8s', 'd dh p3 Kh9h', 'd dh p4 AhAs', 'd dh p5 7sQh', 'p3 f', 'p4 cc', 'p5 f', 'p1 f', 'p4 sm AhAs', 'p2 sm 3h8s', 'd db 4cJc4h', 'd db 6h', 'd db 2d']
finishing_stacks = [93, 12, 345, 5, 3478]
`)
	h, err := Unmarshal(text)
	require.NoError(t, err)
	before, err := Replay(&h)
	require.NoError(t, err)
	require.NoError(t, PokerKitForm(&h))
	var got []string
	for _, a := range h.Actions[5:] {
		got = append(got, a.String())
	}
	assert.Equal(t, []string{"p3 f", "p4 cc", "p5 f", "p1 f", "p2 cc", "p4 sm AhAs", "p2 sm 3h8s",
		"d db 4cJc4h", "d db 6h", "d db 2d"}, got)
	after, err := Replay(&h)
	require.NoError(t, err)
	assert.Equal(t, before.Stacks, after.Stacks)
	require.NoError(t, PokerKitForm(&h))
	assert.Len(t, h.Actions, 15, "a second pass adds no second check")
}

// A fold when a check is free (the auto-action fold) has no PHH form:
// PokerKitForm refuses the hand with ErrFreeFold, naming the action, and
// leaves it as it was.
func TestPokerKitFormRefusesFreeFold(t *testing.T) {
	text := []byte(`variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = ['d dh p1 8c5h', 'd dh p2 7c2h', 'd dh p3 AsKs', 'p3 cc', 'p1 cc', 'p2 f']
`)
	h, err := Unmarshal(text)
	require.NoError(t, err)
	before := len(h.Actions)
	err = PokerKitForm(&h)
	require.ErrorIs(t, err, ErrFreeFold)
	assert.Contains(t, err.Error(), `actions[5] "p2 f": p2 folds when a check is free`)
	assert.Len(t, h.Actions, before)
}

// A hand still being played (a table's) gets no shows: its betting is not
// over.
func TestPokerKitFormUnfinished(t *testing.T) {
	text := []byte(`variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = ['d dh p1 8c5h', 'd dh p2 7c2h', 'd dh p3 AsKs', 'p3 cc', 'p1 cc', 'p2 cc', 'd db 2c3d4h']
`)
	h, err := Unmarshal(text)
	require.NoError(t, err)
	require.NoError(t, PokerKitForm(&h))
	for _, a := range h.Actions {
		assert.NotEqual(t, ShowMuck, a.Kind, "%s", a.String())
	}
	assert.Len(t, h.Actions, 7)
}

// A fold out of turn (a table folds a player who pauses at once) is
// written at the player's next turn: the same hand, in PHH's order.
func TestPokerKitFormFoldOutOfTurn(t *testing.T) {
	text := []byte(`variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = ['d dh p1 8c5h', 'd dh p2 7c2h', 'd dh p3 AsKs', 'p3 cbr 6', 'p2 f', 'p1 cc']
`)
	h, err := Unmarshal(text)
	require.NoError(t, err)
	require.NoError(t, PokerKitForm(&h))
	var got []string
	for _, a := range h.Actions[3:] {
		got = append(got, a.String())
	}
	assert.Equal(t, []string{"p3 cbr 6", "p1 cc", "p2 f"}, got)
	res, err := Replay(&h)
	require.NoError(t, err)
	assert.Equal(t, chips.FromInt(198), res.Stacks[1], "p2's big blind stays in the pot")
}

// A fold out of turn with no later turn where PHH can hold it (here the
// big blind's option, where a check is free) is refused with
// ErrFoldOutOfTurn.
func TestPokerKitFormRefusesFoldOutOfTurn(t *testing.T) {
	text := []byte(`variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = ['d dh p1 8c5h', 'd dh p2 7c2h', 'd dh p3 AsKs', 'p3 cc', 'p2 f', 'p1 cc']
`)
	h, err := Unmarshal(text)
	require.NoError(t, err)
	err = PokerKitForm(&h)
	require.ErrorIs(t, err, ErrFoldOutOfTurn)
	assert.Contains(t, err.Error(), `actions[4] "p2 f": p2 folds out of turn`)
}
