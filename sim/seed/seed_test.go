package seed

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMixKnownValues checks Mix against the outputs of the reference
// SplitMix64 generator (Steele, Lea and Flood) started at 0 and at
// 1234567: output k is Mix(seed + k·Gamma).
func TestMixKnownValues(t *testing.T) {
	for _, tc := range []struct {
		seed uint64
		want []uint64
	}{
		{0, []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f}},
		{1234567, []uint64{6457827717110365317, 3203168211198807973, 9817491932198370423}},
	} {
		for k, w := range tc.want {
			assert.Equalf(t, w, Mix(tc.seed+uint64(k)*Gamma), "seed %d output %d", tc.seed, k)
		}
	}
}

// TestFinalizeIsABijectionSample: distinct inputs give distinct outputs
// (Finalize is a bijection of uint64).
func TestFinalizeIsABijectionSample(t *testing.T) {
	seen := map[uint64]bool{}
	for x := range uint64(10000) {
		seen[Finalize(x)] = true
	}
	assert.Len(t, seen, 10000)
}
