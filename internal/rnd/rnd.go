package rnd

import "math/rand/v2"

// Chance reports true with probability p.
func Chance(rng *rand.Rand, p float64) bool { return rng.Float64() < p }

// Between returns a uniform integer in [lo, hi]; lo when hi <= lo.
func Between(rng *rand.Rand, lo, hi int) int {
	if hi <= lo {
		return lo
	}
	return lo + rng.IntN(hi-lo+1)
}
