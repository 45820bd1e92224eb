package table

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/chips"
)

// A table without blinds (antes only) keeps its button in Button: Next
// moves it one kept seat on, every player who plays antes, the betting
// starts after the button, and nothing accrues as dead blinds.
func TestTableWithoutBlinds(t *testing.T) {
	s := tableOf(0,
		seat{name: "a", stack: 50, ante: 2},
		seat{name: "b", stack: 50, ante: 2, inactive: true, intent: Pause},
		seat{name: "c", stack: 50, ante: 2},
		seat{name: "d", stack: 50, ante: 2})
	s.Button = 3
	rng := rand.New(rand.NewPCG(1, 2))
	out, err := Next(s, rng)
	require.NoError(t, err)
	assert.Equal(t, 0, out.Button, "the button moves to the next seat")
	cfg, minBet, ok, err := HandConfig(out)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, chips.FromInt(2), minBet, "the minimum bet is the ante")
	assert.Equal(t, 0, cfg.Button)
	assert.Equal(t, 1, cfg.FirstToAct)
	assert.Equal(t, 1, cfg.FirstToActPostflop)
	assert.Equal(t, chips.Chips(0), cfg.Stacks[1], "b sits out")
	assert.Equal(t, []chips.Chips{chips.FromInt(2), 0, chips.FromInt(2), chips.FromInt(2)}, cfg.Antes)
	assert.Equal(t, []chips.Chips{0, 0, 0, 0}, out.DeadBlinds, "no dead blinds without blinds")

	// The button's player leaves: the button goes to the next seat kept.
	out.Intents[0] = Leave
	out.FinishingStacks = out.StartingStacks
	out2, err := Next(out, rng)
	require.NoError(t, err)
	assert.Equal(t, []string{"b", "c", "d"}, out2.Players)
	assert.Equal(t, 0, out2.Button, "the seat after a, b, now seat 0")

	// A player joining before the button: the button stays with its player.
	out2.Button = 1
	client := Personalize(out2, "e")
	client.Players = append([]string{"e"}, client.Players...)
	client.StartingStacks = append([]chips.Chips{chips.FromInt(20)}, client.StartingStacks...)
	client.BlindsOrStraddles = append([]chips.Chips{0}, client.BlindsOrStraddles...)
	client.Antes = append([]chips.Chips{0}, client.Antes...)
	client.Inactive = append([]bool{true}, client.Inactive...)
	client.Intents = append([]Intent{Play}, client.Intents...)
	client.DeadBlinds = append([]chips.Chips{0}, client.DeadBlinds...)
	client.FinishingStacks = nil
	joined, err := Merge(out2, client, JoinLimits{Bankroll: chips.FromInt(100)})
	require.NoError(t, err)
	assert.Equal(t, "c", joined.Players[joined.Button], "the button stays on c")

	// JSON keeps the button.
	data, err := joined.MarshalJSON()
	require.NoError(t, err)
	assert.Contains(t, string(data), `"_button": 2`)
	back, err := ReadJSON(data)
	require.NoError(t, err)
	assert.Equal(t, joined.Button, back.Button)

	// PHH has no table without blinds.
	_, err = MarshalPHH(joined)
	assert.Error(t, err)
}

func TestTableWithoutForcedBets(t *testing.T) {
	s := tableOf(0, seat{name: "a", stack: 50}, seat{name: "b", stack: 50})
	_, err := Next(s, rand.New(rand.NewPCG(1, 2)))
	assert.ErrorContains(t, err, "a table needs a big blind")
	s = tableOf(0, seat{name: "a", stack: 50, ante: 1}, seat{name: "b", stack: 50, ante: 1})
	s.Button = 2
	_, err = Next(s, rand.New(rand.NewPCG(1, 2)))
	assert.ErrorContains(t, err, "_button")
}
