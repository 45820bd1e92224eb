package evolve

import (
	"math/rand/v2"

	"github.com/deckforge/deckforge/genome"
)

// Random parts of genomes for the mutation operators. They need not be
// valid in context: every mutation ends with genome.Repair and a check.

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

// The random parts come from genome (genome/random_parts.go), the one
// generator of random genomes and parts.

func randomPhase(rng *rand.Rand, kind genome.PhaseKind) genome.Phase {
	return genome.RandomPhase(rng, kind)
}

func randomBetting(rng *rand.Rand, chips uint32) genome.BettingPhase {
	return genome.RandomBetting(rng, chips)
}

func randomCondition(rng *rand.Rand, card bool, depth int) genome.Condition {
	return genome.RandomCondition(rng, card, depth)
}

func randomEffect(rng *rand.Rand) genome.Effect { return genome.RandomEffect(rng) }

func randomWin(rng *rand.Rand) genome.WinCondition { return genome.RandomWin(rng) }

func randomScoring(rng *rand.Rand) genome.ScoringRule { return genome.RandomScoring(rng) }

func randomLeaf(rng *rand.Rand, card bool) genome.Condition { return genome.RandomTest(rng, card) }
