package evolve_test

import (
	"fmt"

	"github.com/deckforge/deckforge/evolve"
)

// A playable genome's fitness is the weighted sum of its components; one
// that fails a gate scores below every playable genome.
func ExampleWeighted_Score() {
	cfg := evolve.DefaultConfig()
	f := evolve.NewWeighted(evolve.FitnessConfig{Preset: "party"}, cfg.Gates)
	m := evolve.Measures{Completion: 1, DecisionsPerPlayer: 30, ForcedShare: 0.2, LeadChanges: 2,
		ComebackRate: 0.4, Margin: 0.3, HasMargin: true, Balance: 0.9}
	s := f.Score(&m)
	fmt.Printf("playable %v, fitness %.4f\n", s.Playable, s.Fitness)

	m.Completion = 0.5 // most games hit the turn limit
	s = f.Score(&m)
	fmt.Printf("playable %v, failed %v, fitness %.2f\n", s.Playable, s.Failed, s.Fitness)
	// Output:
	// playable true, fitness 0.7464
	// playable false, failed [no_completion], fitness -0.14
}

// The MAP-Elites grid puts a genome in the cell of its descriptors.
func ExampleGrid_Cell() {
	g, err := evolve.NewGrid([]evolve.DescriptorConfig{
		{Name: "betting_intensity", Min: 0, Max: 0.5, Bins: 5},
		{Name: "game_length", Min: 0, Max: 60, Bins: 6},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Cells(), g.Cell([]float64{0.25, 42}), g.Cell([]float64{0.9, 200}))
	// Output: 30 16 29
}
