package game_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
)

// TestDealIntoIsDeterminizeInto checks that a prepared Deal gives the
// determinizations DeterminizeInto gives with the same generator, draw
// after draw, at every decision of random games of every seed game, for
// the player to move and the next one, and that a Deal prepared before a
// decision was played is prepared again.
func TestDealIntoIsDeterminizeInto(t *testing.T) {
	checked := 0
	for _, id := range genome.SeedIDs() {
		t.Run(id, func(t *testing.T) {
			g, err := genome.Seed(id)
			require.NoError(t, err)
			p, err := game.Compile(g)
			require.NoError(t, err)
			rng := rand.New(rand.NewPCG(3, 5))
			var s, want, got game.State
			var deals [game.MaxPlayers]game.Deal
			for i := range 2 {
				require.NoError(t, p.Reset(&s, p.MinPlayers()+i%(p.MaxPlayers()-p.MinPlayers()+1), rng))
				for step := 0; !s.Terminal() && step < 300; step++ {
					for _, q := range []int{s.ToMove(), (s.ToMove() + 1) % s.Players()} {
						d := &deals[q]
						if step%2 == 0 || d.Player() < 0 {
							s.PrepareDeal(d, q) // else d is from an earlier decision
						}
						r1 := rand.New(rand.NewPCG(uint64(step), uint64(q)))
						r2 := rand.New(rand.NewPCG(uint64(step), uint64(q)))
						for range 3 {
							s.DeterminizeInto(&want, q, r1)
							d.Into(&got, r2)
							if !assert.Equal(t, want, got, "game %d step %d player %d", i, step, q) {
								return
							}
							checked++
						}
					}
					s.ApplyUnchecked(s.LegalMove(rng.IntN(s.NumLegal())))
				}
			}
		})
	}
	assert.Greater(t, checked, 1000)
}

func TestZeroDealDealsNothing(t *testing.T) {
	var d game.Deal
	var s game.State
	assert.Equal(t, -1, d.Player())
	d.Into(&s, rand.New(rand.NewPCG(1, 2)))
	assert.Equal(t, game.State{}, s)
}
