package rnd

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestBetweenCoversTheRangeOnly(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[int]int{}
	for range 7000 {
		v := Between(rng, 3, 9)
		assert.True(t, v >= 3 && v <= 9, "Between(3, 9) gave %d", v)
		seen[v]++
	}
	assert.Len(t, seen, 7)
	for v, n := range seen {
		assert.InDelta(t, 1000, n, 150, "value %d drawn %d times of 7000", v, n)
	}
	assert.Equal(t, 5, Between(rng, 5, 5))
	assert.Equal(t, 5, Between(rng, 5, 2), "an empty range gives lo")
}

func TestChanceFrequency(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	hits := 0
	for range 10000 {
		if Chance(rng, 0.3) {
			hits++
		}
	}
	assert.InDelta(t, 3000, hits, 200)
	assert.False(t, Chance(rng, 0))
	assert.True(t, Chance(rng, 1))
}
