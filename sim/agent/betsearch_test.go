package agent

import (
	"testing"

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
