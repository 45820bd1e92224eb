package evolve

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/genome"
)

// Re-measurement takes the best genomes that are not near-clones of a
// better one, so its top holds distinct designs.
func TestRemeasureCandidatesSkipNearClones(t *testing.T) {
	ind := func(id string, g *genome.Genome) *Individual {
		g.ID = id
		return &Individual{Genome: g}
	}
	holdem := seedGenome(t, "holdem_nl_heads_up")
	clone := holdem.Clone()
	clone.Setup.StartingChips *= 4 // one coarse gene apart
	require.True(t, nearClone(holdem, clone))
	omaha, war := seedGenome(t, "omaha_pl"), seedGenome(t, "war")
	require.False(t, nearClone(holdem, omaha))
	inds := []*Individual{ind("a", holdem), ind("b", clone), ind("c", omaha), ind("d", war)}
	ids := func(xs []*Individual) []string {
		var out []string
		for _, x := range xs {
			out = append(out, x.Genome.ID)
		}
		return out
	}
	assert.Equal(t, []string{"a", "c"}, ids(remeasureCandidates(inds, 2)))
	assert.Equal(t, []string{"a", "c", "d"}, ids(remeasureCandidates(inds, 10)))
}
