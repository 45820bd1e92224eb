package game

import (
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/handeval"
)

func randomHand(rng *rand.Rand, n int) cards.Set {
	var h cards.Set
	for h.Len() < n {
		h = h.Add(cards.Card(rng.IntN(52)))
	}
	return h
}

func sign(a, b uint32) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// TestPokerGeneralOrdersLikeHandeval: the general evaluator orders 5-, 6-
// and 7-card hands exactly as engine/handeval does.
func TestPokerGeneralOrdersLikeHandeval(t *testing.T) {
	ev := handeval.Default()
	rng := rand.New(rand.NewPCG(1, 2))
	eval := func(h cards.Set) uint32 { return uint32(ev.EvalN(h.Cards(nil))) }
	for i := range 200000 {
		n := 5 + i%3
		a, b := randomHand(rng, n), randomHand(rng, n)
		if got, want := sign(pokerGeneral(a), pokerGeneral(b)), sign(eval(a), eval(b)); got != want {
			t.Fatalf("%v vs %v: general %d, handeval %d", a.Cards(nil), b.Cards(nil), got, want)
		}
		if pokerGeneral(a)>>20 != uint32(ev.EvalN(a.Cards(nil)).Category()) {
			t.Fatalf("%v: category %d, handeval %v", a.Cards(nil), pokerGeneral(a)>>20, ev.EvalN(a.Cards(nil)).Category())
		}
	}
}

// TestPokerWildMatchesSubstitution: with one or two wild cards the
// category-by-category evaluator equals the best over every substitution
// of the wild cards (and five of a kind when five cards of a rank are
// possible).
func TestPokerWildMatchesSubstitution(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	wild := rankMask[cards.Two] // twos are wild
	for i := range 3000 {
		nat := randomHand(rng, 3+i%7) &^ wild
		w := 1 + i%2
		h := nat
		for h.Len() < nat.Len()+w {
			h = h.Add(cards.New(cards.Two, cards.Suit(rng.IntN(4))))
		}
		got := pokerWild(h, wild)
		var want uint32
		for r := 12; r >= 0 && want == 0; r-- {
			if popcount(nat&rankMask[r])+w >= 5 {
				want = fiveOfAKind<<20 | uint32(r+1)<<16
			}
		}
		if want == 0 {
			for a := cards.Card(0); a < 52; a++ {
				if w == 1 {
					want = max(want, pokerGeneral(nat|1<<a))
					continue
				}
				for b := a; b < 52; b++ {
					want = max(want, pokerGeneral(nat|1<<a|1<<b))
				}
			}
		}
		if got != want {
			t.Fatalf("%v (%d wild): %x, substitution %x", h.Cards(nil), w, got, want)
		}
	}
}

// TestHoleCombos: exactly k hole cards and 5-k board cards, against a
// plain enumeration.
func TestHoleCombos(t *testing.T) {
	ev := handeval.Default()
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 2000 {
		all := randomHand(rng, 11)
		cs := all.Cards(nil)
		hand := cards.SetOf(cs[:6]...)
		board := cards.SetOf(cs[6:]...)
		k := 1 + i%4
		hc, bc := hand.Cards(nil), board.Cards(nil)
		var want uint32
		var rec func(h, b []cards.Card, from int, hole bool, five []cards.Card)
		rec = func(h, b []cards.Card, from int, hole bool, five []cards.Card) {
			if hole && len(five) == k {
				rec(h, b, 0, false, five)
				return
			}
			if len(five) == 5 {
				want = max(want, uint32(ev.EvalN(five)))
				return
			}
			src := b
			if hole {
				src = h
			}
			for j := from; j < len(src); j++ {
				rec(h, b, j+1, hole, append(append([]cards.Card(nil), five...), src[j]))
			}
		}
		rec(hc, bc, 0, true, nil)
		if got := holeCombos(ev, hand, board, k); got != want {
			t.Fatalf("k=%d %v | %v: %d, want %d", k, hc, bc, got, want)
		}
	}
}
