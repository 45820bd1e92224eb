package sim

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWilson(t *testing.T) {
	lo, hi := Wilson(0.5, 100)
	assert.InDelta(t, 0.4038, lo, 1e-4)
	assert.InDelta(t, 0.5962, hi, 1e-4)
	lo, hi = Wilson(1, 10)
	assert.InDelta(t, 0.7225, lo, 1e-4)
	assert.Equal(t, 1.0, hi)
	lo, hi = Wilson(0.3, 0)
	assert.Equal(t, [2]float64{0, 1}, [2]float64{lo, hi})
}

// The ladder has its three rungs' pairs in order, each with its games and
// an interval around its win rate, and does not depend on the workers.
func TestLadderShape(t *testing.T) {
	p := program(t, "crazy_eights")
	opt := LadderOptions{Games: 20, Budget: 10, Seed: 3, Workers: 1}
	r, err := Ladder(context.Background(), p, opt)
	require.NoError(t, err)
	assert.Equal(t, 2, r.Players)
	require.Len(t, r.Steps, 3)
	want := [][2]string{{"greedy", "random"}, {"ismcts:10", "greedy"}, {"ismcts:40", "ismcts:10"}}
	for i, st := range r.Steps {
		assert.Equal(t, want[i], [2]string{st.Upper, st.Lower})
		assert.Equal(t, 20, st.Games)
		assert.LessOrEqual(t, st.Lo, st.WinRate)
		assert.GreaterOrEqual(t, st.Hi, st.WinRate)
		assert.False(t, st.ChipsPerHand.Valid, "no chips in crazy eights")
		assert.Equal(t, st.Lo > 0.5, st.Beats)
	}
	assert.Nil(t, r.House, "crazy eights is not poker-shaped")
	opt.Workers = 2
	r2, err := Ladder(context.Background(), p, opt)
	require.NoError(t, err)
	assert.Equal(t, r, r2)
}

// With more players the upper agent takes every seat in turn; a betting
// game reports chips per hand and measures the house agent.
func TestLadderPokerAndSeats(t *testing.T) {
	p := program(t, "holdem_nl_6max")
	var done []int
	progress := func(d, total int) {
		assert.Equal(t, 4*7, total, "three steps and the house step")
		done = append(done, d)
	}
	r, err := Ladder(context.Background(), p, LadderOptions{Games: 7, Budget: 4, Players: 3, Seed: 1, Workers: 2, Progress: progress})
	require.NoError(t, err)
	require.Len(t, done, 4*7, "one report a game")
	for i, d := range done {
		assert.Equal(t, i+1, d, "games counted across the steps' runs")
	}
	assert.Equal(t, 3, r.Players)
	for _, st := range r.Steps {
		assert.Equal(t, 7, st.Games)
		assert.True(t, st.ChipsPerHand.Valid)
		assert.Equal(t, st.Lo > 1.0/3, st.Beats)
	}
	require.NotNil(t, r.House)
	assert.Equal(t, "house", r.House.Upper)
	assert.Equal(t, "greedy", r.House.Lower)
}

func TestLadderBadOptions(t *testing.T) {
	p := program(t, "crazy_eights")
	for _, o := range []LadderOptions{{Games: -1}, {Budget: -2}, {Budget: MaxLadderBudget + 1}, {Players: -1}, {Workers: -1}} {
		_, err := Ladder(context.Background(), p, o)
		var ce *ConfigError
		assert.ErrorAs(t, err, &ce, "%+v", o)
	}
	_, err := Ladder(context.Background(), nil, LadderOptions{})
	assert.Error(t, err)
}

// Betting War's top ladder step, pinned on a fixed seed: the search at
// 4B = 800 iterations reads how often the search at B = 200 folds to a bet
// (the fold model) and bluffs it (0.696 [0.667, 0.724] over 1,000 games
// with deckforge ladder; see docs/agents.md). A change that loses the
// model brings it back to about even and fails here.
func TestBettingWarTopStepPinned(t *testing.T) {
	p := program(t, "betting_war")
	st, err := ladderStep(context.Background(), p, "ismcts:800", "ismcts:200", 2, LadderOptions{Games: 40, Seed: 19, Workers: 2}, nil)
	require.NoError(t, err)
	t.Logf("betting_war: ismcts:800 wins %.3f [%.3f, %.3f] of %d games against ismcts:200, chips/hand %v", st.WinRate, st.Lo, st.Hi, st.Games, st.ChipsPerHand)
	assert.GreaterOrEqual(t, st.WinRate, 0.6)
	assert.Positive(t, st.ChipsPerHand.Value, "the top rung wins chips")
}
