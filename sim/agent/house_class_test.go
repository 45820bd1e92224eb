package agent

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/sim/agent/house"
)

// Property 4 at the simulator level: in every poker seed game the house
// agent hands the strategy module the class of the game (hold'em, Omaha,
// draw), the module serves it with that class's built-in evaluator, and
// the decision's strength is that evaluator's strength of the situation —
// so an Omaha hand rated as hold'em (or by the default evaluator) fails.
func TestHouseEvaluatorChosenBySimulator(t *testing.T) {
	cases := []struct {
		id    string
		class house.GameClass
		ev    house.Evaluator
	}{
		{"holdem_nl_heads_up", house.Holdem, house.HoldemEvaluator{}},
		{"holdem_nl_6max", house.Holdem, house.HoldemEvaluator{}},
		{"omaha_pl", house.Omaha, house.OmahaEvaluator{}},
		{"five_card_draw_fl", house.Draw, house.DrawEvaluator{}},
	}
	for _, c := range cases {
		prog := compileSeed(t, c.id)
		a, err := NewHouse(Options{Seed: 1})
		require.NoError(t, err)
		r := NewRandom(2)
		budget := house.DefaultConfig().EvalBudget
		checked := 0
		for g := uint64(0); checked < 40 && g < 50; g++ {
			s, err := prog.NewState(2, rand.New(rand.NewPCG(g, 7)))
			require.NoError(t, err)
			for !s.Terminal() {
				v := NewView(&s)
				m := r.Choose(v)
				if s.ToMove() == 0 {
					m = a.Choose(v)
					o := v.Observation()
					if bo := betOptions(v, &o); bo.Open && v.NumLegal() > 1 {
						pr := a.h.cache.get(prog)
						a.h.obs = o
						sit := a.situation(v, pr, &bo)
						assert.Equal(t, c.class, sit.Class, c.id)
						assert.Equal(t, c.ev, a.Player().Manager().Evaluator(sit.Class), c.id)
						want, err := c.ev.Strength(sit, budget)
						require.NoError(t, err, c.id)
						dec, derr := a.LastDecision()
						require.NoError(t, derr, c.id)
						assert.InDelta(t, want, dec.Strength, 1e-12, "%s: hole %v board %v", c.id, sit.Hole, sit.Board)
						checked++
					}
				}
				require.NoError(t, s.Apply(m))
			}
		}
		assert.GreaterOrEqual(t, checked, 40, c.id)
	}
}
