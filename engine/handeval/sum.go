package handeval

import (
	"fmt"
	"math/bits"

	"github.com/deckforge/deckforge/engine/cards"
)

// Sum is a hand of distinct standard cards held as the sums EvalN reads:
// hands that share cards (a board, a runout) add the shared part once and
// are completed card by card. The zero Sum is the empty hand.
type Sum struct {
	s, m uint64 // the cards' keys and rank bits, summed
	n    int    // the cards summed
}

// Add returns p with card c added. c must be a standard card not in p.
func (e *Evaluator) Add(p Sum, c cards.Card) Sum {
	return Sum{p.s + e.key[c], p.m + e.bit[c], p.n + 1}
}

// AddAll returns p with the cards cs added (as Add, card by card).
func (e *Evaluator) AddAll(p Sum, cs []cards.Card) Sum {
	for _, c := range cs {
		p = e.Add(p, c)
	}
	return p
}

// Plus returns the hand of the cards of p and of q, which share none.
func (p Sum) Plus(q Sum) Sum { return Sum{p.s + q.s, p.m + q.m, p.n + q.n} }

// Len returns the number of cards in p.
func (p Sum) Len() int { return p.n }

// EvalSum returns the strength of the best five of the 5, 6 or 7 cards of
// p: EvalN of the same cards. It panics for any other number of cards.
func (e *Evaluator) EvalSum(p Sum) Strength {
	if f := (p.s + suitBias) & flushBits; f != 0 {
		return Strength(e.flush[(p.m>>(uint(bits.TrailingZeros64(f))&^3*4))&(1<<13-1)])
	}
	switch p.n {
	case 5:
		return e.lookup5(p.s)
	case 6:
		return e.lookup6(p.s)
	case 7:
		return e.lookup7(p.s)
	}
	panic(fmt.Sprintf("handeval: EvalSum of %d cards (want 5 to 7)", p.n))
}
