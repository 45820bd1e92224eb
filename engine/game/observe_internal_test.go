package game

import (
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
)

// TestKnownBy checks the four-cards-at-a-time knownBy against a card by
// card reading of the know words, for every player of random words.
func TestKnownBy(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var s State
	for i := 0; i < 2000; i++ {
		for c := range s.know {
			s.know[c] = uint16(rng.Uint32())
			if i%3 == 0 {
				s.know[c] &= 1 << rng.IntN(16) // sparse words
			}
		}
		for p := 0; p < 16; p++ {
			var want cards.Set
			for c := range cards.NumCards {
				if s.know[c]&(1<<p) != 0 {
					want = want.Add(cards.Card(c))
				}
			}
			if got := s.knownBy(p); got != want {
				t.Fatalf("player %d, know %v: knownBy %b, want %b", p, s.know, got, want)
			}
		}
	}
}
