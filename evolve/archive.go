package evolve

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/deckforge/deckforge/genome"
)

// Individual is one evaluated genome.
type Individual struct {
	Genome   *genome.Genome
	Hash     genome.Hash
	Measures Measures
	Score    Score
	// Base is the fitness without the skill component.
	Base float64
	// Descriptors are the values of the archive's descriptors.
	Descriptors []float64

	// seed marks a seed game of the first generation: it is not ablated.
	seed bool
}

// better reports whether a ranks before b: higher fitness, then the smaller
// hash (a total order, so sorting is deterministic).
func better(a, b *Individual) bool {
	if a.Score.Fitness != b.Score.Fitness {
		return a.Score.Fitness > b.Score.Fitness
	}
	return string(a.Hash[:]) < string(b.Hash[:])
}

// sortIndividuals sorts best first.
func sortIndividuals(p []*Individual) { sortBy(p, better) }

// sortBy sorts p by less, stably.
func sortBy(p []*Individual, less func(a, b *Individual) bool) {
	slices.SortStableFunc(p, func(a, b *Individual) int {
		switch {
		case less(a, b):
			return -1
		case less(b, a):
			return 1
		}
		return 0
	})
}

// descriptorFuncs are the behaviour descriptors of MAP-Elites.
var descriptorFuncs = map[string]func(ind *Individual) float64{
	// (bets + raises) / betting decisions; 0 without betting.
	"betting_intensity": func(ind *Individual) float64 { return ind.Measures.BettingIntensity() },
	// decisions per player and game.
	"game_length": func(ind *Individual) float64 { return ind.Measures.DecisionsPerPlayer },
	// mean legal moves per decision.
	"branching": func(ind *Individual) float64 { return ind.Measures.MeanLegalMoves },
	// lead changes per game.
	"lead_changes": func(ind *Individual) float64 { return ind.Measures.LeadChanges },
	// engine/stats positional edge.
	"positional_edge": func(ind *Individual) float64 { return ind.Measures.PositionalEdge },
	// engine/stats fold equity.
	"fold_equity": func(ind *Individual) float64 { return ind.Measures.FoldEquity },
	// share of hands ending in a showdown.
	"showdown_rate": func(ind *Individual) float64 { return ind.Measures.ShowdownRate },
	// mean turns per game.
	"turns": func(ind *Individual) float64 { return ind.Measures.TurnsMean },
	// number of phases of the genome.
	"phases": func(ind *Individual) float64 { return float64(len(ind.Genome.Phases)) },
}

// DescriptorNames returns the descriptors an archive may use, sorted.
func DescriptorNames() []string {
	names := make([]string, 0, len(descriptorFuncs))
	for k := range descriptorFuncs {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
}

// Archive keeps genomes by behaviour.
type Archive interface {
	// Add offers ind; it reports whether ind entered the archive.
	Add(ind *Individual) bool
	// Elites returns the archive's members, in cell order.
	Elites() []*Individual
	// Coverage is the share of cells filled, in [0, 1].
	Coverage() float64
	// Validate reports a configuration that cannot archive.
	Validate() error
}

// Grid is the MAP-Elites archive: the descriptor space cut into a grid of
// cells, each holding the fittest playable genome whose descriptors fall in
// it. A descriptor value x on an axis [min, max] with B bins falls in bin
// ⌊B·(x − min)/(max − min)⌋, clamped to 0..B−1; the cell index is the
// mixed-radix number of the bins, first axis most significant.
type Grid struct {
	Axes  []DescriptorConfig
	cells []*Individual
	// filled counts the non-empty cells.
	filled int
}

// NewGrid returns an empty grid over axes.
func NewGrid(axes []DescriptorConfig) (*Grid, error) {
	g := &Grid{Axes: slices.Clone(axes)}
	if err := g.Validate(); err != nil {
		return nil, err
	}
	n := 1
	for _, a := range axes {
		n *= a.Bins
	}
	g.cells = make([]*Individual, n)
	return g, nil
}

// Validate reports unknown descriptors and bad ranges.
func (g *Grid) Validate() error {
	var es errs
	es.check(len(g.Axes) >= 1, "archive.descriptors", "none given")
	for i, a := range g.Axes {
		key := fmt.Sprintf("archive.descriptors[%d]", i)
		_, ok := descriptorFuncs[a.Name]
		es.check(ok, key+".name", "%q is not a descriptor", a.Name)
		es.check(finite(a.Min) && finite(a.Max) && a.Max > a.Min, key+".max", "want min < max")
		es.check(a.Bins >= 1, key+".bins", "want at least 1")
	}
	return errors.Join(es...)
}

// Describe sets ind.Descriptors.
func (g *Grid) Describe(ind *Individual) {
	ind.Descriptors = make([]float64, len(g.Axes))
	for i, a := range g.Axes {
		ind.Descriptors[i] = descriptorFuncs[a.Name](ind)
	}
}

// Cell returns the cell index of descriptor values d.
func (g *Grid) Cell(d []float64) int {
	c := 0
	for i, a := range g.Axes {
		x := d[i]
		b := 0
		if finite(x) {
			b = int(math.Floor(float64(a.Bins) * (x - a.Min) / (a.Max - a.Min)))
		}
		b = min(max(b, 0), a.Bins-1)
		c = c*a.Bins + b
	}
	return c
}

// Add puts a playable ind in its cell when the cell is empty or ind is
// fitter than its holder (ties: the smaller hash).
func (g *Grid) Add(ind *Individual) bool {
	if !ind.Score.Playable {
		return false
	}
	if len(ind.Descriptors) != len(g.Axes) {
		g.Describe(ind)
	}
	c := g.Cell(ind.Descriptors)
	old := g.cells[c]
	if old != nil && (old.Hash == ind.Hash || !better(ind, old)) {
		return false
	}
	if old == nil {
		g.filled++
	}
	g.cells[c] = ind
	return true
}

// Elites returns the filled cells' genomes in cell order.
func (g *Grid) Elites() []*Individual {
	var out []*Individual
	for _, ind := range g.cells {
		if ind != nil {
			out = append(out, ind)
		}
	}
	return out
}

// Coverage is filled cells / cells.
func (g *Grid) Coverage() float64 { return float64(g.filled) / float64(len(g.cells)) }

// Cells returns the number of cells.
func (g *Grid) Cells() int { return len(g.cells) }
