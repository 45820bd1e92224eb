package game

import (
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/genome"
	"github.com/stretchr/testify/require"
)

// TestLedSuitWinnerMatchesKeys checks the set-based winner of led-suit
// tricks against the rule written card by card (trickKey): random tricks,
// trumps, rank orders and jokers.
func TestLedSuitWinnerMatchesKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, order := range []genome.RankOrder{genome.AceHigh, genome.AceLow} {
		g, err := genome.Seed("knockout_whist")
		require.NoError(t, err)
		g.Setup.RankOrder = order
		p, err := Compile(g)
		require.NoError(t, err)
		for range 20000 {
			var s State
			s.prog = p
			s.n = int8(2 + rng.IntN(8))
			s.dir = 1
			s.trump = int8(rng.IntN(5) - 1)
			perm := rng.Perm(cards.NumCards)
			for q := 0; q < int(s.n); q++ {
				s.trickCards[q] = cards.Card(perm[q])
				s.trickUp |= 1 << perm[q]
			}
			lead := rng.IntN(int(s.n))
			s.trickLead = int8(lead)
			s.ledSuit = int8(s.trickCards[lead].Suit())
			for _, w := range []genome.TrickWinner{genome.HighLedSuit, genome.LowLedSuit} {
				_, want := s.best(w, &s.trickCards, 1<<s.n-1, lead, s.ledSuit)
				if got := s.ledSuitWinner(w); got != want {
					t.Fatalf("%v %v trump %d led %d cards %v: got p%d, want p%d", order, w, s.trump, s.ledSuit, s.trickCards[:s.n], got, want)
				}
			}
		}
	}
}
