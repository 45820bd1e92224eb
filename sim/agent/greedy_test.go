package agent

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGreedyStrength checks that the greedy one-ply heuristic beats random
// play clearly: heads-up Crazy Eights (seats alternating) and 4-player
// Hearts against three random players (seats rotating), where an even
// score is 1/2 and 1/4.
func TestGreedyStrength(t *testing.T) {
	cases := []struct {
		id            string
		players       int
		games         int
		even, atLeast float64
	}{
		{"crazy_eights", 2, 400, 0.5, 0.75},
		{"hearts", 4, 400, 0.25, 0.6},
	}
	for _, c := range cases {
		t.Run(c.id, func(t *testing.T) {
			prog := compileSeed(t, c.id)
			g := mustNew(t, "greedy", Options{Seed: 11})
			var sum float64
			for i := range c.games {
				seats := make([]Agent, c.players)
				for q := range seats {
					seats[q] = mustNew(t, "random", Options{Seed: uint64(20 + q)})
				}
				me := i % c.players
				seats[me] = g
				s, _ := playGame(t, prog, seats, 5000+uint64(i))
				sum += score(&s, me)
			}
			got := sum / float64(c.games)
			t.Logf("greedy scores %.3f against random in %s (%d players, %d games; even is %.2f)", got, c.id, c.players, c.games, c.even)
			if got < c.atLeast {
				t.Errorf("greedy scores %.3f against random in %s, want at least %.2f", got, c.id, c.atLeast)
			}
		})
	}
}

// TestGreedyCheatEnds checks the greedy claim rule: three greedy players
// finish every game of Cheat (before it, each challenged nearly every
// claim and every game ran to the turn limit), and greedy beats two
// random players.
func TestGreedyCheatEnds(t *testing.T) {
	prog := compileSeed(t, "cheat")
	var sum float64
	const games = 30
	for i := range games {
		seats := []Agent{mustNew(t, "greedy", Options{Seed: 1}), mustNew(t, "greedy", Options{Seed: 2}), mustNew(t, "greedy", Options{Seed: 3})}
		s, _ := playGame(t, prog, seats, 900+uint64(i))
		require.True(t, s.Terminal())
		assert.False(t, s.EndReason().CutShort(), "game %d ended by %v", i, s.EndReason())

		seats[1], seats[2] = mustNew(t, "random", Options{Seed: 4}), mustNew(t, "random", Options{Seed: 5})
		me := i % 3
		seats[0], seats[me] = seats[me], seats[0]
		s, _ = playGame(t, prog, seats, 900+uint64(i))
		sum += score(&s, me)
	}
	assert.Greater(t, sum/games, 0.8, "greedy against two random players in Cheat")
}
