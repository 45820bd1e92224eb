package agent

import (
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stateAt plays random moves in a new game of prog (seed seed) until the
// player to move may choose move m, and returns that state.
func stateAt(t *testing.T, prog *game.Program, seed uint64, m game.Move) *game.State {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	s, err := prog.NewState(2, rng)
	require.NoError(t, err)
	for range maxDecisions {
		require.False(t, s.Terminal(), "no decision offers %v", m)
		if s.IsLegal(m) {
			return &s
		}
		require.NoError(t, s.Apply(s.LegalMove(rng.IntN(s.NumLegal()))))
	}
	t.Fatalf("no decision offers %v", m)
	return nil
}

// set returns the set of the cards named.
func set(t *testing.T, names ...string) cards.Set {
	t.Helper()
	var x cards.Set
	for _, n := range names {
		c, err := cards.Parse(n)
		require.NoError(t, err)
		x = x.Add(c)
	}
	return x
}

func TestHitPolicy(t *testing.T) {
	prog := compileSeed(t, "blackjack")
	pr := newProfile(prog)
	require.Equal(t, classPoints, pr.class)
	s := stateAt(t, prog, 3, game.Draw())
	require.True(t, s.IsLegal(game.Pass()), "a hit decision offers to stand")
	v := NewView(s)
	me, opp := v.Player(), 1-v.Player()
	cases := []struct {
		name       string
		own, shown cards.Set
		want       game.Move
	}{
		{"16 against a live 5 hits", set(t, "Th", "6c"), set(t, "5d"), game.Draw()},
		{"17 against a live 5 stands", set(t, "Th", "7c"), set(t, "5d"), game.Pass()},
		{"18 behind a 19 hits", set(t, "Th", "8c"), set(t, "Td", "9s"), game.Draw()},
		{"18 ahead of a 17 stands", set(t, "Th", "8c"), set(t, "Td", "7s"), game.Pass()},
		{"12 against a bust stands", set(t, "Th", "2c"), set(t, "Td", "9s", "5h"), game.Pass()},
		{"a soft 13 hits", set(t, "Ah", "2c"), set(t, "5d"), game.Draw()},
		{"a soft 18 stands", set(t, "Ah", "7c"), set(t, "5d"), game.Pass()},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := s.Observation(me)
			o.Own, o.Known[me] = c.own, c.own
			o.Known[opp] = c.shown
			m, ok := hitPolicy(pr, &o, v, nil)
			require.True(t, ok)
			assert.Equal(t, c.want, m)
		})
	}
	t.Run("not a hit decision", func(t *testing.T) {
		bet := stateAt(t, prog, 3, game.Call())
		o := bet.Observation(bet.ToMove())
		_, ok := hitPolicy(pr, &o, NewView(bet), nil)
		assert.False(t, ok)
	})
}

func TestHandPolicyDiscards(t *testing.T) {
	prog := compileSeed(t, "five_card_draw_fl")
	a := NewISMCTS(Options{Seed: 1, Iterations: 50})
	pr := a.cache.get(prog)
	require.Equal(t, classDraw, pr.class)
	g := NewGreedy(Options{Seed: 1})
	for seed := uint64(1); seed <= 5; seed++ {
		s := stateAt(t, prog, seed, game.Done())
		want := g.Choose(NewView(s))
		m, ok := a.handPolicy(pr, s)
		require.True(t, ok, "seed %d: a discard decision", seed)
		assert.Equal(t, want, m, "seed %d: greedy's discard", seed)
		assert.True(t, s.IsLegal(m))
	}
	bet := stateAt(t, prog, 1, game.Check())
	_, ok := a.handPolicy(pr, bet)
	assert.False(t, ok, "a betting decision is not a hand decision")
}
