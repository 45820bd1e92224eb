package handeval

import (
	"fmt"
	"math/bits"
	"slices"
	"sync"

	"github.com/deckforge/deckforge/engine/cards"
)

// Evaluator holds the lookup tables of the evaluator. It is built once by
// New and never changes afterwards, so one Evaluator may be shared by any
// number of goroutines.
type Evaluator struct {
	// key[c] is rankKey(rank)<<32 | 1<<(4*suit) for a standard card, 0 for
	// any other byte, so every Card indexes it without a bounds check.
	key [256]uint64
	// bit[c] is 1<<(16*suit+rank): the sum over distinct cards is their
	// per-suit rank masks, 16 bits per suit.
	bit [256]uint64
	// flush[m] is the strength of the best hand of five or more cards of
	// one suit whose ranks are the mask m (0 when m has fewer than 5 bits).
	flush [1 << 13]uint16

	mul5, mul6, mul7 uint64
	disp5            [1 << rowBits5]uint16
	rank5            [1 << tableBits5]uint16
	disp6            [1 << rowBits6]uint16
	rank6            [1 << tableBits6]uint16
	disp7            [1 << rowBits7]uint16
	rank7            [1 << tableBits7]uint16
}

// New builds an Evaluator.
func New() *Evaluator {
	e := new(Evaluator)
	e.build()
	return e
}

var shared = sync.OnceValue(New)

// Default returns an Evaluator built on first use and shared by every
// caller afterwards. It is never modified after it is built.
func Default() *Evaluator { return shared() }

// Eval5 returns the strength of five distinct standard cards.
func (e *Evaluator) Eval5(c *[5]cards.Card) Strength {
	k := &e.key
	s := k[c[0]] + k[c[1]] + k[c[2]] + k[c[3]] + k[c[4]]
	if (s+suitBias)&flushBits != 0 {
		b := &e.bit
		m := b[c[0]] | b[c[1]] | b[c[2]] | b[c[3]] | b[c[4]]
		return Strength(e.flush[(m>>(16*uint(c[0]&3)))&(1<<13-1)])
	}
	return e.lookup5(s)
}

// lookup5 returns the strength of the non-flush five-card hand whose card
// keys sum to s.
func (e *Evaluator) lookup5(s uint64) Strength {
	h := (s >> rankShift) * e.mul5
	i := (uint32(h>>32) + uint32(e.disp5[h>>(64-rowBits5)])) & (1<<tableBits5 - 1)
	return Strength(e.rank5[i])
}

// Eval6 returns the strength of the best five of six distinct standard
// cards.
func (e *Evaluator) Eval6(c *[6]cards.Card) Strength {
	k := &e.key
	s := k[c[0]] + k[c[1]] + k[c[2]] + k[c[3]] + k[c[4]] + k[c[5]]
	if f := (s + suitBias) & flushBits; f != 0 {
		b := &e.bit
		m := b[c[0]] | b[c[1]] | b[c[2]] | b[c[3]] | b[c[4]] | b[c[5]]
		return Strength(e.flush[(m>>(uint(bits.TrailingZeros64(f))&^3*4))&(1<<13-1)])
	}
	return e.lookup6(s)
}

// lookup6 returns the strength of the best five of six cards without a
// flush whose card keys sum to s.
func (e *Evaluator) lookup6(s uint64) Strength {
	h := (s >> rankShift) * e.mul6
	i := (uint32(h>>32) + uint32(e.disp6[h>>(64-rowBits6)])) & (1<<tableBits6 - 1)
	return Strength(e.rank6[i])
}

// Eval7 returns the strength of the best five of seven distinct standard
// cards. It is the hot path: seven table reads and additions, one
// multiplication and two more reads; hands with five or more cards of a
// suit (3% of them) take a second pass over the cards instead.
func (e *Evaluator) Eval7(c *[7]cards.Card) Strength {
	k := &e.key
	s := k[c[0]] + k[c[1]] + k[c[2]] + k[c[3]] + k[c[4]] + k[c[5]] + k[c[6]]
	if f := (s + suitBias) & flushBits; f != 0 {
		b := &e.bit
		m := b[c[0]] | b[c[1]] | b[c[2]] | b[c[3]] | b[c[4]] | b[c[5]] | b[c[6]]
		return Strength(e.flush[(m>>(uint(bits.TrailingZeros64(f))&^3*4))&(1<<13-1)])
	}
	return e.lookup7(s)
}

// lookup7 returns the strength of the best five of seven cards without a
// flush whose card keys sum to s.
func (e *Evaluator) lookup7(s uint64) Strength {
	h := (s >> rankShift) * e.mul7
	return Strength(e.rank7[uint16(h>>32)+e.disp7[h>>(64-rowBits7)]])
}

// EvalN returns the strength of the best five of 5, 6 or 7 distinct
// standard cards. It panics for any other number of cards.
func (e *Evaluator) EvalN(cs []cards.Card) Strength {
	switch len(cs) {
	case 5:
		return e.Eval5((*[5]cards.Card)(cs))
	case 6:
		return e.Eval6((*[6]cards.Card)(cs))
	case 7:
		return e.Eval7((*[7]cards.Card)(cs))
	}
	panic(fmt.Sprintf("handeval: EvalN of %d cards (want 5 to 7)", len(cs)))
}

// Hand is a best five-card hand.
type Hand struct {
	Strength Strength
	// Cards are the five cards, largest group of a rank first, then by
	// rank from the highest (the ace of a five-high straight comes last),
	// then by suit from spades to clubs.
	Cards [5]cards.Card
}

// Category returns the category of h.
func (h Hand) Category() Category { return h.Strength.Category() }

// String returns the five cards separated by spaces, such as "Ah Ad 9c 9s 2h".
func (h Hand) String() string { return cards.FormatList(h.Cards[:]) }

// Best returns the best five of 5, 6 or 7 distinct standard cards and
// their strength. It tries every five-card subset, so it is much slower
// than EvalN, which it agrees with. Among equally strong subsets it keeps
// the first in the order of cs. It panics for any other number of cards.
func (e *Evaluator) Best(cs []cards.Card) Hand {
	if len(cs) < 5 || len(cs) > 7 {
		panic(fmt.Sprintf("handeval: Best of %d cards (want 5 to 7)", len(cs)))
	}
	var h Hand
	var five [5]cards.Card
	n := len(cs)
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			for c := b + 1; c < n; c++ {
				for d := c + 1; d < n; d++ {
					for x := d + 1; x < n; x++ {
						five = [5]cards.Card{cs[a], cs[b], cs[c], cs[d], cs[x]}
						if s := e.Eval5(&five); s > h.Strength {
							h = Hand{s, five}
						}
					}
				}
			}
		}
	}
	orderFive(&h)
	return h
}

// orderFive puts the cards of h in the order documented on Hand.Cards.
func orderFive(h *Hand) {
	var count [cards.RankJoker + 1]int
	for _, c := range h.Cards {
		count[c.Rank()]++
	}
	wheel := (h.Category() == Straight || h.Category() == StraightFlush) &&
		count[cards.Ace] == 1 && count[cards.Five] == 1 && count[cards.King] == 0
	key := func(c cards.Card) int {
		r := int(c.Rank())
		if wheel && r == int(cards.Ace) {
			r = -1
		}
		return count[c.Rank()]<<8 | (r+1)<<2 | int(c.Suit())
	}
	slices.SortFunc(h.Cards[:], func(a, b cards.Card) int { return key(b) - key(a) })
}

// Check returns an error unless cs are distinct standard cards (no jokers,
// no hidden cards), naming the first offending card.
func Check(cs []cards.Card) error {
	var seen cards.Set
	for _, c := range cs {
		if c >= 52 {
			return fmt.Errorf("card %v is not one of the 52 standard cards", c)
		}
		if seen.Has(c) {
			return fmt.Errorf("card %v appears twice", c)
		}
		seen = seen.Add(c)
	}
	return nil
}
