package game

import "math/rand/v2"

// RandomMove returns a legal move of the player to move chosen uniformly
// at random with rng (the zero Move when the game is over). It does not
// allocate. It drives random playouts in tests and benchmarks; the
// players themselves (random, greedy, search, house) live in sim/agent.
func RandomMove(s *State, rng *rand.Rand) Move {
	n := s.NumLegal()
	if n == 0 {
		return Move{}
	}
	return s.LegalMove(rng.IntN(n))
}
