package agent

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
)

var updateDecisions = flag.Bool("update-decisions", false, "rewrite the pinned search decisions in testdata/decisions")

// TestISMCTSDecisionsPinned pins the moves a fixed-seed search chooses on
// fixed decision states (those of BenchmarkISMCTS for Crazy Eights), and
// the visits of every root move (so the whole search, its random draws
// included, is pinned, not only its choice): a
// change meant only to make the search faster must leave every one of
// them unchanged. A change that alters the search's play on purpose
// rewrites them with -update-decisions.
func TestISMCTSDecisionsPinned(t *testing.T) {
	cases := []struct {
		id              string
		players, states int
		iterations      int
	}{
		{"crazy_eights", 2, 64, 1000},
		{"knockout_whist", 2, 24, 300},
		{"hearts", 4, 12, 200},
	}
	for _, c := range cases {
		t.Run(c.id, func(t *testing.T) {
			states := benchStates(t, c.id, c.players, c.states)
			a := NewISMCTS(Options{Iterations: c.iterations, Seed: 1})
			var b strings.Builder
			for i := range states {
				b.WriteString(a.Choose(NewView(&states[i])).String())
				b.WriteString(": ")
				b.WriteString(strings.Join(rootVisits(a), " "))
				b.WriteByte('\n')
			}
			got := b.String()
			path := filepath.Join("testdata", "decisions", c.id+".txt")
			if *updateDecisions {
				require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, string(want), got, "the search's moves on the pinned states")
		})
	}
}

// rootVisits returns "move=visits" for every root move of the last tree
// searched, sorted (the order of the tree's lists is not pinned).
func rootVisits(a *ISMCTS) []string {
	var out []string
	if len(a.nodes) == 0 {
		return out
	}
	for c := a.nodes[0].child; c >= 0; c = a.nodes[c].next {
		out = append(out, fmt.Sprintf("%v=%d", a.nodes[c].move, a.nodes[c].visits))
	}
	sort.Strings(out)
	return out
}

// TestPolicyOnlyInRuledGames checks what iterate relies on to skip the
// policy: in the seed games whose profile is not ruled, policy gives no
// move at any decision of random games.
func TestPolicyOnlyInRuledGames(t *testing.T) {
	unruled := 0
	for _, id := range genome.SeedIDs() {
		prog := compileSeed(t, id)
		a := NewISMCTS(Options{Seed: 1})
		pr := a.cache.get(prog)
		if pr.ruled() {
			continue
		}
		unruled++
		rng := rand.New(rand.NewPCG(5, 9))
		for range 3 {
			s, err := prog.NewState(prog.MinPlayers(), rng)
			require.NoError(t, err)
			for !s.Terminal() {
				_, ok := a.policy(pr, &s)
				require.False(t, ok, "%s: policy moved in a game that is not ruled", id)
				s.ApplyUnchecked(game.RandomMove(&s, rng))
			}
		}
	}
	assert.GreaterOrEqual(t, unruled, 3, "Crazy Eights, Hearts and Knock-Out Whist at least")
}
