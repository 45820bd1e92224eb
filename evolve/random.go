package evolve

import (
	"math/rand/v2"

	"github.com/deckforge/deckforge/genome"
)

// The mutation operators draw random parts from genome (RandomPhase,
// RandomCondition, …, genome/random_parts.go), the one generator of random
// genomes and parts. They need not be valid in context: every mutation
// ends with genome.Repair and a check.

// nudge returns x moved by a small step: ±1, or ×/÷ 2 for larger values,
// kept in [lo, hi].
func nudge(rng *rand.Rand, x, lo, hi int) int {
	switch rng.IntN(4) {
	case 0:
		x++
	case 1:
		x--
	case 2:
		x = x*2 + 1
	default:
		x /= 2
	}
	return min(max(x, lo), hi)
}

// phaseKinds lists the kinds a random phase may take (no betting: the
// betting operators add those).
var phaseKinds = genome.RandomPhaseKinds()
