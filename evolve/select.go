package evolve

import (
	"errors"
	"math/rand/v2"
)

// Selector chooses parents.
type Selector interface {
	// Select returns the index of one parent among the candidates'
	// fitnesses (len(fitness) >= 1), drawn with rng.
	Select(rng *rand.Rand, fitness []float64) int
	// Validate reports a configuration that cannot select.
	Validate() error
}

// Tournament is tournament selection: Size candidates are drawn uniformly
// with replacement and the fittest wins (the first drawn on a tie). The
// probability that the i-th best of N wins is ((N−i+1)^k − (N−i)^k)/N^k.
type Tournament struct{ Size int }

// Validate reports a size below 1.
func (t Tournament) Validate() error {
	if t.Size < 1 {
		return &FieldError{Key: "selection.tournament_size", Err: errors.New("want at least 1")}
	}
	return nil
}

// Select runs one tournament.
func (t Tournament) Select(rng *rand.Rand, fitness []float64) int {
	best := rng.IntN(len(fitness))
	for range t.Size - 1 {
		if i := rng.IntN(len(fitness)); fitness[i] > fitness[best] {
			best = i
		}
	}
	return best
}
