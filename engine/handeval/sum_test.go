package handeval

import (
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
)

// TestEvalSumIsEvalN checks that a hand summed in two parts (as a board
// and the cards that complete it) rates as EvalN rates the same cards, for
// random hands of 5, 6 and 7 cards split at every point, flushes included.
func TestEvalSumIsEvalN(t *testing.T) {
	e := Default()
	rng := rand.New(rand.NewPCG(3, 4))
	deck := make([]cards.Card, 52)
	for i := range deck {
		deck[i] = cards.Card(i)
	}
	flushes := 0
	var buf [7]cards.Card
	for i := 0; i < 30000; i++ {
		n := 5 + i%3
		hand := buf[:n]
		if i%4 == 0 {
			// One suit for most of the hand: flushes are 3% of random hands.
			s := cards.Suit(rng.IntN(4))
			for j, r := range rng.Perm(13)[:n-1] {
				hand[j] = cards.New(cards.Rank(r), s)
			}
			for {
				c := cards.Card(rng.IntN(52))
				if !cards.SetOf(hand[:n-1]...).Has(c) {
					hand[n-1] = c
					break
				}
			}
		} else {
			rng.Shuffle(52, func(a, b int) { deck[a], deck[b] = deck[b], deck[a] })
			copy(hand, deck)
		}
		want := e.EvalN(hand)
		if want.Category() == Flush || want.Category() == StraightFlush {
			flushes++
		}
		k := i % (n + 1)
		got := e.AddAll(Sum{}, hand[:k]).Plus(e.AddAll(Sum{}, hand[k:]))
		if got.Len() != n {
			t.Fatalf("%v: Len %d, want %d", hand, got.Len(), n)
		}
		if s := e.EvalSum(got); s != want {
			t.Fatalf("%v split at %d: EvalSum %v, EvalN %v", hand, k, s, want)
		}
	}
	if flushes < 1000 {
		t.Fatalf("only %d flushes drawn", flushes)
	}
}

func TestEvalSumWrongCountPanics(t *testing.T) {
	e := Default()
	defer func() {
		if recover() == nil {
			t.Fatal("EvalSum of 4 cards did not panic")
		}
	}()
	e.EvalSum(e.AddAll(Sum{}, []cards.Card{0, 1, 2, 3}))
}
