package agent

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/game"
)

// TestEvaluate checks the heuristic rewards on positions of several seed
// games: they lie in [0, 1], sum to 1, and rank the players as their
// standings do.
func TestEvaluate(t *testing.T) {
	for _, id := range []string{"crazy_eights", "hearts", "holdem_nl_6max", "knockout_whist", "go_fish", "war"} {
		prog := compileSeed(t, id)
		pr := newProfile(prog)
		n := prog.MaxPlayers()
		rng := rand.New(rand.NewPCG(3, 3))
		s, err := prog.NewState(n, rng)
		if err != nil {
			t.Fatal(err)
		}
		rew, q := make([]float64, n), make([]float64, n)
		for step := 0; !s.Terminal() && step < 300; step++ {
			o := s.Observation(0)
			evaluate(pr, &s, &o, rew, q)
			var sum float64
			for i := range n {
				if rew[i] < 0 || rew[i] > 1 {
					t.Fatalf("%s: reward %v out of [0, 1]", id, rew[i])
				}
				sum += rew[i]
				for j := range n {
					if q[i] > q[j] && rew[i] <= rew[j] {
						t.Fatalf("%s: standing %v > %v but reward %v <= %v", id, q[i], q[j], rew[i], rew[j])
					}
				}
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Fatalf("%s: rewards sum to %v", id, sum)
			}
			s.ApplyUnchecked(game.RandomMove(&s, rng))
		}
	}
	// In Crazy Eights fewer cards is better.
	prog := compileSeed(t, "crazy_eights")
	pr := newProfile(prog)
	var o game.Observation
	o.Players = 2
	o.HandSize[0], o.HandSize[1] = 2, 6
	q := make([]float64, 2)
	standing(pr, nil, &o, q)
	if lead(q, 2, 0) != 2 || lead(q, 2, 1) != -2 {
		t.Fatalf("standings %v: leads %v, %v, want 2 and -2 (4 cards at T = 2)", q, lead(q, 2, 0), lead(q, 2, 1))
	}
}
