package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMedianSpread(t *testing.T) {
	for _, c := range []struct {
		xs             []float64
		median, spread float64
	}{
		{nil, 0, 0},
		{[]float64{4}, 4, 0},
		{[]float64{3, 1, 2}, 2, 0.5},
		{[]float64{10, 30, 20, 40}, 25, 0.6},
		{[]float64{0, 0, 0}, 0, 0},
	} {
		m, s := MedianSpread(c.xs)
		assert.InDelta(t, c.median, m, 1e-12, "%v", c.xs)
		assert.InDelta(t, c.spread, s, 1e-12, "%v", c.xs)
	}
}

func TestBusyReason(t *testing.T) {
	idle := &SpeedReport{Workers: 2, ParallelCeiling: 1.9, ParallelSpeedup: 1.7}
	assert.Empty(t, idle.BusyReason())
	busy := &SpeedReport{Workers: 2, ParallelCeiling: 1.1, ParallelSpeedup: 1.0}
	assert.Contains(t, busy.BusyReason(), "parallel ceiling")
	shifted := &SpeedReport{Workers: 2, ParallelCeiling: 1.9, ParallelSpeedup: 105}
	assert.Contains(t, shifted.BusyReason(), "impossible")
	one := &SpeedReport{Workers: 1, ParallelCeiling: 1, ParallelSpeedup: 1}
	assert.Empty(t, one.BusyReason())
	swinging := &SpeedReport{Workers: 2, ParallelCeiling: 1.6, ParallelCeilingSpread: 6.28, ParallelSpeedup: 1.2}
	assert.Contains(t, swinging.BusyReason(), "varied by ±628%")
	noisy := &SpeedReport{Workers: 2, ParallelCeiling: 1.9, ParallelSpeedup: 1.7,
		Eval7RandomPerSecSpread: 0.7, HoldemHUHandsPerSecSpread: 0.4, Holdem6MaxHandsPerSecSpread: 0.8, ISMCTSIterationsPerSecSpread: 0.3}
	assert.Contains(t, noisy.BusyReason(), "typically vary by ±55%")
}
