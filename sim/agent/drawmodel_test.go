package agent

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/game"
)

// In five-card draw the fold model is on from drawModelMin iterations
// (not with a time budget), and below it the other player follows the
// betting rule; the threshold leaves the other games alone.
func TestDrawFoldModel(t *testing.T) {
	draw := profileOf(t, "five_card_draw_fl")
	o := logBets(nil, nil)

	low := NewISMCTS(Options{Iterations: drawModelMin - 1, Seed: 1})
	low.foldModel(draw, &o, 0)
	assert.False(t, low.modeled, "below drawModelMin the other player follows the rule")

	timed := NewISMCTS(Options{Iterations: drawModelMin, Time: time.Millisecond, Seed: 1})
	timed.foldModel(draw, &o, 0)
	assert.False(t, timed.modeled, "not with a time budget")

	a := NewISMCTS(Options{Iterations: drawModelMin, Seed: 1})
	for _, id := range []string{"holdem_nl_heads_up", "betting_war"} {
		a.foldModel(profileOf(t, id), &o, 0)
		assert.False(t, a.modeled, "%s: drawModelMin < modelMin does not turn the model on", id)
	}
	a.foldModel(draw, &o, 0)
	require.True(t, a.modeled)

	// A player seen folding to every bet folds a medium hand.
	o = logBets([]int8{0, 1, 0, 1, 0, 1, 0, 1},
		[]game.MoveKind{game.MoveBet, game.MoveFold, game.MoveBet, game.MoveFold, game.MoveBet, game.MoveFold, game.MoveBet, game.MoveFold})
	a.foldModel(draw, &o, 0)
	bo := BetOptions{Open: true, Fold: true, Call: true, ToCall: 4, Stack: 100, Pot: 12}
	assert.Equal(t, game.MoveCall, greedyBet(&bo, 0.6).Kind, "the rule calls a medium hand")
	assert.Equal(t, game.MoveFold, a.modelFold(&bo, 1, 0.6, greedyBet(&bo, 0.6)).Kind, "the folder folds it")
}
