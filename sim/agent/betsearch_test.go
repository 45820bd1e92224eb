package agent

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/game"
)

// logBets returns an observation whose log holds the betting actions
// kinds of players who, in turn.
func logBets(who []int8, kinds []game.MoveKind) game.Observation {
	var o game.Observation
	o.Players = 2
	for i, k := range kinds {
		o.Log[i] = game.LogEntry{Kind: game.EvBet, Player: who[i], Arg: uint8(k)}
	}
	o.LogLen = uint8(len(kinds))
	return o
}

// The raiser model draws about 1/f hands for a raiser that bets or raises
// a share f of its actions: the prior alone (no action seen) gives a rare
// raiser, a player who raises at every turn gets a wide range, a passive
// one a narrow one; the other player's actions do not count.
func TestRaiserDraws(t *testing.T) {
	o := logBets(nil, nil)
	assert.Equal(t, priorActions/priorRaises, raiserDraws(&o, 1))

	var who []int8
	var kinds []game.MoveKind
	for i := 0; i < 12; i++ {
		who = append(who, 1, 0)
		kinds = append(kinds, game.MoveRaise, game.MoveFold)
		if len(kinds) == game.LogSize {
			break
		}
	}
	o = logBets(who, kinds)
	aggressive := raiserDraws(&o, 1)
	assert.LessOrEqual(t, aggressive, 2, "a player raising at every turn has a wide range")
	assert.Greater(t, raiserDraws(&o, 0), priorActions/priorRaises, "a player who only folds raises with strong hands")
	only0 := logBets([]int8{0, 0, 0}, []game.MoveKind{game.MoveRaise, game.MoveRaise, game.MoveBet})
	assert.Equal(t, priorActions/priorRaises, raiserDraws(&only0, 1), "only the raiser's own actions count")

	for i := range kinds {
		if who[i] == 1 {
			kinds[i] = game.MoveCall
		}
	}
	o = logBets(who, kinds)
	passive := raiserDraws(&o, 1)
	assert.Greater(t, passive, priorActions/priorRaises, "a raise from a caller is a strong hand")
	assert.LessOrEqual(t, passive, raiserTries)
}

// settled stops only when the best move leads every other by settleZ
// standard errors of the paired difference, or when two moves never
// differ.
func TestSettled(t *testing.T) {
	a := NewISMCTS(Options{Iterations: 100, Seed: 1})
	feed := func(rows [][]float64) {
		clear(a.dsum[:])
		clear(a.dsq[:])
		for _, r := range rows {
			for j := range r {
				for m := range r {
					d := r[j] - r[m]
					a.dsum[j*pairMax+m] += d
					a.dsq[j*pairMax+m] += d * d
				}
			}
		}
	}
	var clearCut, noisy, same [][]float64
	for i := 0; i < 10; i++ {
		clearCut = append(clearCut, []float64{0.4, 0.6 + 0.01*float64(i%3)})
		noisy = append(noisy, []float64{0.5, float64(i % 2)})
		same = append(same, []float64{0.3, 0.3})
	}
	sums := make([]float64, 2)
	feed(clearCut)
	require.True(t, a.settled(sums, 2, len(clearCut)), "the second move wins every time")
	feed(noisy)
	assert.False(t, a.settled(sums, 2, len(noisy)), "a coin flip against a sure 0.5 is not settled")
	feed(same)
	assert.True(t, a.settled(sums, 2, len(same)), "moves that never differ are settled")
}

// The fold model is on from modelMin iterations only, in high-card games
// and hold'em, not in Omaha; with no fold seen it
// is the betting rule (folds below MediumHand, below StrongHand facing a
// bet of the whole stack); a player seen folding to every bet folds all
// but its strongest hands, one who never folds calls where the rule
// folds; only the player's own decisions facing a bet count.
func TestFoldModel(t *testing.T) {
	pr := profileOf(t, "betting_war")
	low := NewISMCTS(Options{Iterations: modelMin - 1, Seed: 1})
	o := logBets(nil, nil)
	low.foldModel(pr, &o, 0)
	assert.False(t, low.modeled, "below modelMin every player follows the rule")
	a := NewISMCTS(Options{Iterations: modelMin, Seed: 1})
	a.foldModel(profileOf(t, "holdem_nl_heads_up"), &o, 0)
	assert.True(t, a.modeled, "in hold'em")
	a.foldModel(profileOf(t, "omaha_pl"), &o, 0)
	assert.False(t, a.modeled, "not in Omaha")
	timed := NewISMCTS(Options{Iterations: modelMin, Time: time.Second, Seed: 1})
	timed.foldModel(profileOf(t, "holdem_nl_heads_up"), &o, 0)
	assert.False(t, timed.modeled, "not with a time budget")

	raise := game.Move{Kind: game.MoveRaise, Amount: 10}
	bo := BetOptions{Open: true, Fold: true, Call: true, ToCall: 5, Stack: 100, Pot: 14, Sizes: [MaxSizes]game.Move{raise}, NumSizes: 1}
	short := BetOptions{Open: true, Fold: true, Call: true, ToCall: 100, Stack: 100, Pot: 110}
	play := func(bo *BetOptions, s float64) game.MoveKind {
		return a.modelFold(bo, 1, s, greedyBet(bo, s)).Kind
	}

	a.foldModel(pr, &o, 0)
	require.True(t, a.modeled)
	for _, s := range []float64{0.1, 0.29, 0.31, 0.6, 0.71, 0.9} {
		assert.Equal(t, greedyBet(&bo, s).Kind, play(&bo, s), "no fold seen: the rule, strength %v", s)
		assert.Equal(t, greedyBet(&short, s).Kind, play(&short, s), "no fold seen: the rule facing a shove, strength %v", s)
	}

	var who []int8
	var kinds []game.MoveKind
	for i := 0; i < 6; i++ {
		who = append(who, 0, 1)
		kinds = append(kinds, game.MoveBet, game.MoveFold)
	}
	o = logBets(who, kinds)
	a.foldModel(pr, &o, 0)
	assert.Equal(t, game.MoveFold, play(&bo, 0.6), "a player folding to every bet folds a medium hand")
	assert.Equal(t, game.MoveRaise, play(&bo, 0.9), "and plays its strong hands as the rule does")

	for i := range kinds {
		if who[i] == 1 {
			kinds[i] = game.MoveCall
		}
	}
	o = logBets(who, kinds)
	a.foldModel(pr, &o, 0)
	assert.Equal(t, game.MoveFold, greedyBet(&bo, 0.2).Kind)
	assert.Equal(t, game.MoveCall, play(&bo, 0.2), "a player who never folds calls where the rule folds")
	assert.Equal(t, game.MoveCall, play(&short, 0.5), "and calls a shove with a medium hand")

	o = logBets([]int8{0, 0, 0, 0}, []game.MoveKind{game.MoveFold, game.MoveFold, game.MoveFold, game.MoveFold})
	a.foldModel(pr, &o, 0)
	assert.Equal(t, greedyBet(&bo, 0.5).Kind, play(&bo, 0.5), "the searcher's own folds do not count")
}

// profileOf returns the agents' profile of seed game id.
func profileOf(t *testing.T, id string) *profile {
	t.Helper()
	var c profileCache
	return c.get(compileSeed(t, id))
}
