package agent

import (
	"github.com/deckforge/deckforge/engine/cards"
)

// standard52 is the set of the 52 standard cards.
const standard52 = cards.Set(1<<52 - 1)

// Two-card hold'em hands fall into 169 preflop classes: 13 pairs, 78
// suited and 78 offsuit pairs of ranks. Their strength against one random
// hand (see the package documentation, Greedy) is preflopEquity, a table
// generated once by preflopTable with a fixed seed (preflop_table.go; go
// test -run TestPreflopTable -update rewrites it, and the test checks that
// regenerating it gives the same file).

// preflopClass returns the class of the two-card hand {a, b} in [0, 169):
// hi·13 + lo for a pair or a suited hand, lo·13 + hi offsuit, with hi ≥ lo
// the two ranks.
func preflopClass(a, b cards.Card) int {
	hi, lo := int(a.Rank()), int(b.Rank())
	if hi < lo {
		hi, lo = lo, hi
	}
	if hi == lo || a.Suit() == b.Suit() {
		return hi*cards.NumRanks + lo
	}
	return lo*cards.NumRanks + hi
}

// preflopStrength returns the table strength of the two standard cards of
// hand.
func preflopStrength(hand cards.Set) float64 {
	var cs [2]cards.Card
	hand.Cards(cs[:0])
	return float64(preflopEquity[preflopClass(cs[0], cs[1])])
}
