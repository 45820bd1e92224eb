package agent

import (
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDeterminizeClaim checks the search's determinizations at challenge
// decisions of Cheat games between greedy players: they keep the
// observation, a claim of several cards (which the greedy rule makes only
// honestly) is always dealt honest, and a one-card claim is dealt honest
// in some and false in others.
func TestDeterminizeClaim(t *testing.T) {
	prog := compileSeed(t, "cheat")
	rng := rand.New(rand.NewPCG(5, 6))
	g := NewGreedy(Options{Seed: 2})
	a := NewISMCTS(Options{Seed: 1, Iterations: 100})
	pr := a.cache.get(prog)
	var multi, single, singleHonest int
	for gi := 0; gi < 3; gi++ {
		s, err := prog.NewState(3, rng)
		require.NoError(t, err)
		for !s.Terminal() {
			v := NewView(&s)
			if v.IsLegal(game.Challenge()) {
				o := v.Observation()
				for range 20 {
					a.determinizeClaim(v, pr, &o)
					require.Equal(t, o, a.root.Observation(v.Player()), "the determinization keeps the observation")
					honest := a.root.ClaimCards()&^rankCards(o.ClaimRank) == 0
					if o.ClaimCount >= 2 {
						multi++
						assert.True(t, honest, "a claim of %d cards is dealt honest", o.ClaimCount)
					} else {
						single++
						if honest {
							singleHonest++
						}
					}
				}
			}
			s.ApplyUnchecked(g.Choose(v))
		}
	}
	require.Positive(t, multi)
	require.Positive(t, single)
	assert.Positive(t, singleHonest, "one-card claims are dealt honest in some determinizations")
	assert.Less(t, singleHonest, single, "and false in others")
}

// TestClaimAskNoAllocs checks that the search's claim and ask decisions
// (paired rollouts over plans) do not allocate.
func TestClaimAskNoAllocs(t *testing.T) {
	for _, c := range []struct {
		id      string
		players int
		kind    game.MoveKind
	}{{"cheat", 3, game.MovePlay}, {"go_fish", 2, game.MoveAsk}} {
		prog := compileSeed(t, c.id)
		s, err := prog.NewState(c.players, rand.New(rand.NewPCG(1, 1)))
		require.NoError(t, err)
		g := NewGreedy(Options{Seed: 3})
		a := NewISMCTS(Options{Iterations: 60, RolloutCap: 20})
		// The first decision of the kind at which the search compares
		// plans (more than one candidate).
		for !s.Terminal() {
			if v := NewView(&s); v.LegalMove(0).Kind == c.kind && v.NumLegal() > 1 {
				if a.Choose(v); a.Iterations() > 0 {
					break
				}
			}
			s.ApplyUnchecked(g.Choose(NewView(&s)))
		}
		require.False(t, s.Terminal(), "%s: no decision searched", c.id)
		v := NewView(&s)
		assert.Zero(t, testing.AllocsPerRun(5, func() { a.Choose(v) }), "%s: Choose allocates", c.id)
	}
}
