package game

import "math/rand/v2"

// RandomMove returns a legal move of the player to move chosen uniformly
// at random with rng (the zero Move when the game is over). It does not
// allocate.
func RandomMove(s *State, rng *rand.Rand) Move {
	n := s.NumLegal()
	if n == 0 {
		return Move{}
	}
	return s.LegalMove(rng.IntN(n))
}

// GreedyMove returns the legal move whose resulting state is best for the
// player to move by Heuristic, looking one move ahead (ties broken at
// random with rng). It is a simple baseline, not a strong player; it
// copies the state once per legal move and does not allocate.
func GreedyMove(s *State, rng *rand.Rand) Move {
	n := s.NumLegal()
	if n <= 1 {
		return s.LegalMove(0)
	}
	p := s.ToMove()
	var best Move
	bestV, ties := 0.0, 0
	var t State
	for i := 0; i < n; i++ {
		m := s.LegalMove(i)
		t = *s
		t.lis = nil
		t.ApplyUnchecked(m)
		v := Heuristic(&t, p)
		switch {
		case ties == 0 || v > bestV:
			best, bestV, ties = m, v, 1
		case v == bestV:
			ties++
			if rng.IntN(ties) == 0 {
				best = m
			}
		}
	}
	return best
}

// Heuristic is a rough value of state s for player p, higher is better:
// at the end of the game 1000 × p's reward; otherwise, for each win
// condition (the first counting most), the quantity it ranks by — fewer
// cards in hand for shedding games, score (negated for low_score), tricks,
// cards captured, showdowns won, chips in whole chips — plus chips in the
// pot that p still contends for in chip games.
func Heuristic(s *State, p int) float64 {
	if s.Terminal() {
		k := 0
		for q := 0; q < s.Players(); q++ {
			if s.winners&(1<<q) != 0 {
				k++
			}
		}
		if s.winners&(1<<p) == 0 {
			return 0
		}
		return 1000 / float64(k)
	}
	v := 0.0
	w := 1.0
	for _, c := range s.prog.wins {
		v += w * float64(s.key(p, c.Kind))
		w /= 4
	}
	if s.prog.chips && s.status[p]&stFolded == 0 {
		v += float64(s.Pot()) / 100 / float64(max(popcount16(s.inHand), 1))
	}
	return v
}
