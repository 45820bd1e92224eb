package agent

import (
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAskedOfFitsGreedyPlay plays greedy against greedy at Go Fish and
// checks, at every ask decision, that the true hand of the other player
// meets the bound askedOf derives from its last failed ask (it holds no
// more unseen cards of the ranks it knows the observer holds than it drew
// since), and that determinizations repaired by unask meet it too and
// deal that player no card it is known to lack.
func TestAskedOfFitsGreedyPlay(t *testing.T) {
	prog := compileSeed(t, "go_fish")
	a := NewISMCTS(Options{Seed: 3})
	deck := a.cache.get(prog).deck
	checked, dealt, met := 0, 0, 0
	for g := range 20 {
		rng := rand.New(rand.NewPCG(uint64(g), 19))
		agents := []Agent{NewGreedy(Options{Seed: 1}), NewGreedy(Options{Seed: 2})}
		s, err := prog.NewState(2, rng)
		require.NoError(t, err)
		for !s.Terminal() {
			v := NewView(&s)
			if v.NumLegal() > 1 && v.LegalMove(0).Kind == game.MoveAsk {
				o := v.Observation()
				hidden := deck &^ seenBy(&o)
				if q, asked, drawn := askedOf(&o); asked != 0 {
					checked++
					assert.LessOrEqual(t, (s.Hand(q) & asked & hidden).Len(), drawn,
						"game %d: the true hand of player %d holds more of the ranks asked than it drew", g, q)
					var d game.Deal
					v.PrepareDeal(&d)
					for range 4 {
						d.Into(&a.det, a.rng)
						a.unask(&o, hidden, q, asked, drawn)
						dealt++
						h := a.det.Hand(q)
						assert.Zero(t, h&o.Lacks[q], "a card the player is known to lack")
						assert.Equal(t, s.Hand(q).Len(), h.Len(), "the hand size")
						if (h & asked & hidden).Len() <= drawn {
							met++
						}
					}
				}
			}
			m := agents[v.Player()].Choose(v)
			require.NoError(t, s.Apply(m))
		}
	}
	require.Greater(t, checked, 100, "decisions with a bound")
	assert.GreaterOrEqual(t, float64(met), 0.99*float64(dealt), "repaired deals that meet the bound")
	t.Logf("%d decisions with a bound; %d of %d repaired deals meet it", checked, met, dealt)
}
