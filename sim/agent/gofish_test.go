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

// TestEndSettled plays greedy against greedy at Go Fish (two players) and
// checks, at the first ask decision with a stock of one card or none, that
// the outcome endSolver.settled reads from the observation (the player to
// decide takes every rank not yet laid down) is the game's final score.
func TestEndSettled(t *testing.T) {
	prog := compileSeed(t, "go_fish")
	checked := 0
	for g := range 400 {
		rng := rand.New(rand.NewPCG(uint64(g), 7))
		agents := []Agent{NewGreedy(Options{Seed: 1}), NewGreedy(Options{Seed: 2})}
		s, err := prog.NewState(2, rng)
		require.NoError(t, err)
		var want [2]float64
		found := false
		for !s.Terminal() {
			v := NewView(&s)
			if o := v.Observation(); !found && v.LegalMove(0).Kind == game.MoveAsk {
				for me := range 2 {
					e := endSolver{me: me}
					want[me], found = e.settled(&o)
				}
			}
			require.NoError(t, s.Apply(agents[v.Player()].Choose(v)))
		}
		if !found {
			continue
		}
		checked++
		for me := range 2 {
			d := s.Score(me) - s.Score(1-me)
			r := 0.5
			if d != 0 {
				r = float64(min(max(d, 0), 1))
			}
			assert.InDelta(t, r+0.01*float64(d)/13, want[me], 1e-9, "game %d, player %d", g, me)
		}
	}
	require.Greater(t, checked, 40, "games that reach a settled decision")
}

// TestEndNoPeek checks the Go Fish endgame's expectimax (two players, a
// stock of endStock cards or fewer) for the hidden-information property:
// on a state and a determinization of it with the same observation, two
// searchers with the same seed ask alike.
func TestEndNoPeek(t *testing.T) {
	prog := compileSeed(t, "go_fish")
	checked, differ := 0, 0
	for g := 0; g < 40 && checked < 12; g++ {
		rng := rand.New(rand.NewPCG(uint64(g), 23))
		s, err := prog.NewState(2, rng)
		require.NoError(t, err)
		greedy := NewGreedy(Options{Seed: 5})
		for !s.Terminal() {
			v := NewView(&s)
			o := v.Observation()
			if v.NumLegal() > 1 && int(o.StockSize) <= endStock && o.StockSize > 1 {
				p := v.Player()
				alt := s.Determinize(p, rand.New(rand.NewPCG(uint64(g), 1)))
				require.Equal(t, o, alt.Observation(p), "a determinization keeps the observation")
				if alt.Hand(1-p) != s.Hand(1-p) {
					differ++
				}
				a := NewISMCTS(Options{Seed: 9, Iterations: 1000})
				b := NewISMCTS(Options{Seed: 9, Iterations: 1000})
				ma, mb := a.Choose(v), b.Choose(NewView(&alt))
				require.Positive(t, a.end.top, "the endgame's expectimax ran")
				assert.LessOrEqual(t, a.Iterations(), 1000, "the simulations fit the budget")
				assert.Equal(t, ma, mb, "game %d: the ask differs on a state with other hidden cards", g)
				checked++
				break
			}
			require.NoError(t, s.Apply(greedy.Choose(v)))
		}
	}
	require.GreaterOrEqual(t, checked, 12, "endgame decisions checked")
	require.Greater(t, differ, checked/2, "decisions where the other hand differs")
}
