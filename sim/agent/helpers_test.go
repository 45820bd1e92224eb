package agent

import (
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
)

// compileSeed compiles seed game id.
func compileSeed(t testing.TB, id string) *game.Program {
	t.Helper()
	g, err := genome.Seed(id)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := game.Compile(g)
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

// mustNew returns a new agent or fails the test.
func mustNew(t testing.TB, spec string, opts Options) Agent {
	t.Helper()
	a, err := Parse(spec, opts)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// maxDecisions bounds the decisions of one test game (every game ends
// well before).
const maxDecisions = 200_000

// playGame plays one game of prog, seat i choosing with agents[i], from a
// game seeded with seed; every agent is Reset from the game's generator
// first. It fails the test on a move that is not legal and returns the
// final state and the moves chosen.
func playGame(t testing.TB, prog *game.Program, agents []Agent, seed uint64) (game.State, []game.Move) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	for _, a := range agents {
		a.Reset(rng)
	}
	s, err := prog.NewState(len(agents), rng)
	if err != nil {
		t.Fatal(err)
	}
	var moves []game.Move
	for !s.Terminal() {
		if len(moves) == maxDecisions {
			t.Fatalf("%s: game of seed %d not over after %d decisions", prog.Genome().ID, seed, maxDecisions)
		}
		v := NewView(&s)
		a := agents[v.Player()]
		m := a.Choose(v)
		if !s.IsLegal(m) {
			t.Fatalf("%s seed %d: %s (seat %d) chose %v, not legal (legal: %v)",
				prog.Genome().ID, seed, a.Name(), v.Player(), m, s.Legal(nil))
		}
		if err := s.Apply(m); err != nil {
			t.Fatalf("%s seed %d: %s chose %v: %v", prog.Genome().ID, seed, a.Name(), m, err)
		}
		moves = append(moves, m)
	}
	return s, moves
}

// score returns seat's result in a finished game: 1 for a sole win, 1/k
// for a win shared by k players, 0 for a loss.
func score(s *game.State, seat int) float64 {
	rew := s.Rewards(nil)
	return rew[seat]
}
