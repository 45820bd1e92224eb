package evolve

import (
	"context"
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

// While fewer than output.best of the re-measured genomes are sound, the
// reserve is measured too: with one game per ladder pair no ladder can be
// monotone (a Wilson lower bound over one game stays under chance), so
// every reserve genome is measured.
func TestRemeasureReserve(t *testing.T) {
	evolved := func(reserve int) int {
		c := tinyConfig()
		c.Remeasure.Reserve = reserve
		res, err := Run(context.Background(), c, t.TempDir(), Options{Workers: 2})
		require.NoError(t, err)
		n := 0
		for _, x := range res.Remeasured {
			if !x.Seed {
				n++
				assert.NotEmpty(t, x.Flags, "%s: sound with one game per ladder pair", x.ID)
			}
		}
		return n
	}
	assert.Equal(t, 1, evolved(0))
	assert.Equal(t, 4, evolved(3))
}

// gates.rising_ladder is evolution's gate: re-measurement flags a ladder
// that does not rise (not monotone) but does not fail the genome on it, so
// a batch flat by chance cannot stretch the fitness interval to a failed
// gate's score. With one game per ladder pair most ladders are flat.
func TestRemeasureWithoutFlatLadderGate(t *testing.T) {
	c := tinyConfig()
	c.Gates.RisingLadder = true
	c.Skill.Games = 4
	res, err := Run(context.Background(), c, t.TempDir(), Options{Workers: 2})
	require.NoError(t, err)
	flat := 0
	for _, x := range res.Remeasured {
		assert.NotContains(t, x.Again.Failed, GateFlatLadder, x.ID)
		assert.NotContains(t, x.Flags, "gate:"+GateFlatLadder, x.ID)
		if x.Measures.Ladder != nil && !rising(x.Measures.Ladder) {
			flat++
			assert.Contains(t, x.Flags, "ladder not monotone", x.ID)
		}
	}
	assert.Positive(t, flat, "no re-measured ladder was flat: the test checks nothing")
}
