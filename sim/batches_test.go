package sim

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The batches of a run partition its games by index modulo the batch
// count, and each batch's metrics are those of its own games.
func TestRunBatches(t *testing.T) {
	const games, k = 10, 3
	res, err := Run(context.Background(), program(t, "holdem_nl_heads_up"), []string{"random"}, games, 4, 2, Options{KeepGames: true, Batches: k})
	require.NoError(t, err)
	require.Len(t, res.Batches, k)
	hands, posHands := 0.0, int64(0)
	for b, m := range res.Batches {
		var turns float64
		n := 0
		for _, g := range res.Games {
			if g.Index%k == b {
				turns += float64(g.Turns)
				n++
			}
		}
		assert.Equal(t, n, m.Games, "batch %d", b)
		assert.InDelta(t, turns/float64(n), m.TurnsMean.Value, 1e-9, "batch %d", b)
		hands += m.HandsMean.Value * float64(m.Games)
		require.NotNil(t, m.Positional)
		posHands += m.Positional.Hands
	}
	assert.InDelta(t, res.Metrics.HandsMean.Value*games, hands, 1e-9)
	assert.Equal(t, res.Metrics.Positional.Hands, posHands)

	one, err := Run(context.Background(), program(t, "holdem_nl_heads_up"), []string{"random"}, games, 4, 2, Options{Batches: 1})
	require.NoError(t, err)
	assert.Nil(t, one.Batches)
	assert.Equal(t, res.Metrics, one.Metrics, "batches change nothing else")
}
