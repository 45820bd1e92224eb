package house

import (
	"math"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/handeval"
)

// Poker hand categories as ints, weakest first (handeval's categories).
const (
	catHighCard      = int(handeval.HighCard)
	catPair          = int(handeval.OnePair)
	catTwoPair       = int(handeval.TwoPair)
	catTrips         = int(handeval.ThreeOfAKind)
	catStraight      = int(handeval.Straight)
	catFlush         = int(handeval.Flush)
	catFullHouse     = int(handeval.FullHouse)
	catQuads         = int(handeval.FourOfAKind)
	catStraightFlush = int(handeval.StraightFlush)
)

// fiveCardHands is the number of five-card hands, C(52, 5).
const fiveCardHands = 2598960

// value returns the strength of the best five-card hand among cs, which
// holds 5, 6 or 7 distinct standard cards: higher is better, equal is a tie.
// It is one evaluation step.
func value(e *handeval.Evaluator, cs []cards.Card) handeval.Strength {
	return e.EvalN(cs)
}

// categoryOf returns the category of a strength.
func categoryOf(v handeval.Strength) int { return int(v.Category()) }

// smallCategory returns the category of fewer than five cards, which can
// only be made of rank groups: high card, pair, two pair, trips or quads.
func smallCategory(cs []cards.Card) int {
	var cnt [cards.NumRanks]uint8
	pairs, trips, quads := 0, 0, 0
	for _, c := range cs {
		r := c.Rank()
		if r >= cards.NumRanks {
			continue
		}
		cnt[r]++
		switch cnt[r] {
		case 2:
			pairs++
		case 3:
			pairs--
			trips++
		case 4:
			trips--
			quads++
		}
	}
	switch {
	case quads > 0:
		return catQuads
	case trips > 0:
		return catTrips
	case pairs >= 2:
		return catTwoPair
	case pairs == 1:
		return catPair
	}
	return catHighCard
}

// category returns the category of the best hand among cs (any size): the
// evaluator's for 5 to 7 cards, smallCategory below five. It reports one
// evaluation step for 5 to 7 cards.
func category(e *handeval.Evaluator, cs []cards.Card) int {
	if len(cs) < 5 {
		return smallCategory(cs)
	}
	return categoryOf(value(e, cs))
}

// categoryCount returns how many of the C(52, 5) five-card hands fall into
// category cat.
func categoryCount(cat int) int {
	switch cat {
	case catHighCard:
		return 1302540
	case catPair:
		return 1098240
	case catTwoPair:
		return 123552
	case catTrips:
		return 54912
	case catStraight:
		return 10200
	case catFlush:
		return 5108
	case catFullHouse:
		return 3744
	case catQuads:
		return 624
	case catStraightFlush:
		return 40
	}
	return 0
}

// canonical returns the weakest and the strongest five-card hands of
// category cat.
func canonical(cat int) (lo, hi [5]cards.Card) {
	c := func(r cards.Rank, s cards.Suit) cards.Card { return cards.New(r, s) }
	const (
		C, D, H, S = cards.Clubs, cards.Diamonds, cards.Hearts, cards.Spades
	)
	const (
		r2, r3, r4, r5, r7, r9 = cards.Two, cards.Three, cards.Four, cards.Five, cards.Seven, cards.Nine
		T, J, Q, K, A          = cards.Ten, cards.Jack, cards.Queen, cards.King, cards.Ace
	)
	switch cat {
	case catHighCard:
		return [5]cards.Card{c(r7, S), c(r5, H), c(r4, D), c(r3, C), c(r2, C)},
			[5]cards.Card{c(A, S), c(K, H), c(Q, D), c(J, C), c(r9, C)}
	case catPair:
		return [5]cards.Card{c(r2, S), c(r2, H), c(r5, D), c(r4, C), c(r3, C)},
			[5]cards.Card{c(A, S), c(A, H), c(K, D), c(Q, C), c(J, C)}
	case catTwoPair:
		return [5]cards.Card{c(r3, S), c(r3, H), c(r2, D), c(r2, C), c(r4, C)},
			[5]cards.Card{c(A, S), c(A, H), c(K, D), c(K, C), c(Q, C)}
	case catTrips:
		return [5]cards.Card{c(r2, S), c(r2, H), c(r2, D), c(r4, C), c(r3, C)},
			[5]cards.Card{c(A, S), c(A, H), c(A, D), c(K, C), c(Q, C)}
	case catStraight:
		return [5]cards.Card{c(A, S), c(r2, H), c(r3, D), c(r4, C), c(r5, C)},
			[5]cards.Card{c(A, S), c(K, H), c(Q, D), c(J, C), c(T, C)}
	case catFlush:
		return [5]cards.Card{c(r7, S), c(r5, S), c(r4, S), c(r3, S), c(r2, S)},
			[5]cards.Card{c(A, S), c(K, S), c(Q, S), c(J, S), c(r9, S)}
	case catFullHouse:
		return [5]cards.Card{c(r2, S), c(r2, H), c(r2, D), c(r3, C), c(r3, S)},
			[5]cards.Card{c(A, S), c(A, H), c(A, D), c(K, C), c(K, S)}
	case catQuads:
		return [5]cards.Card{c(r2, S), c(r2, H), c(r2, D), c(r2, C), c(r3, S)},
			[5]cards.Card{c(A, S), c(A, H), c(A, D), c(A, C), c(K, S)}
	default:
		return [5]cards.Card{c(A, S), c(r2, S), c(r3, S), c(r4, S), c(r5, S)},
			[5]cards.Card{c(A, S), c(K, S), c(Q, S), c(J, S), c(T, S)}
	}
}

// percentile5 returns the share of the C(52, 5) five-card hands that the
// hand of value v beats, counting the hands of its own category as beaten in
// proportion to v's place between the weakest and the strongest hand of the
// category:
//
//	p = (Σ_{c < cat} n_c + t·n_cat) / C(52, 5),  t = (v − v_lo) / (v_hi − v_lo).
//
// It costs two evaluation steps.
func percentile5(e *handeval.Evaluator, v handeval.Strength) float64 {
	cat := categoryOf(v)
	lo, hi := canonical(cat)
	vlo, vhi := e.Eval5(&lo), e.Eval5(&hi)
	t := 0.5
	if vhi > vlo {
		t = (float64(v) - float64(vlo)) / (float64(vhi) - float64(vlo))
	}
	t = clamp01(t)
	below := 0
	for c := 0; c < cat; c++ {
		below += categoryCount(c)
	}
	return clamp01((float64(below) + t*float64(categoryCount(cat))) / fiveCardHands)
}

// hitProb returns the chance that k cards drawn from u unseen cards include
// at least one of o outs:
//
//	P = 1 − C(u−o, k) / C(u, k) = 1 − ∏_{i<k} (u−o−i)/(u−i).
func hitProb(u, o, k int) float64 {
	if k <= 0 || o <= 0 || u <= 0 {
		return 0
	}
	if o >= u || k > u-o {
		return 1
	}
	miss := 1.0
	for i := 0; i < k; i++ {
		miss *= float64(u-o-i) / float64(u-i)
	}
	return clamp01(1 - miss)
}

// unseen writes into dst the standard cards that are not in known and
// returns them.
func unseen(dst *[52]cards.Card, known cards.Set) []cards.Card {
	n := 0
	for c := cards.Card(0); c < 52; c++ {
		if !known.Has(c) {
			dst[n] = c
			n++
		}
	}
	return dst[:n]
}

// allStandard reports whether every card of cs is one of the 52 standard
// cards.
func allStandard(cs []cards.Card) bool {
	for _, c := range cs {
		if c >= 52 {
			return false
		}
	}
	return true
}

// chen returns Bill Chen's score of a two-card starting hand: the high
// card's points (A 10, K 8, Q 7, J 6, lower ranks half their face value),
// doubled for a pair (at least 5); otherwise +2 if suited, −1, −2, −4 or −5
// for a gap of 1, 2, 3 or more ranks, +1 for a gap of at most one rank
// below a queen, rounded up to a whole point. It lies in [−1, 20].
func chen(a, b cards.Card) float64 {
	ra, rb := a.Rank(), b.Rank()
	if ra < rb {
		ra, rb = rb, ra
	}
	var score float64
	switch ra {
	case cards.Ace:
		score = 10
	case cards.King:
		score = 8
	case cards.Queen:
		score = 7
	case cards.Jack:
		score = 6
	default:
		score = float64(ra+2) / 2
	}
	if ra == rb {
		return math.Max(score*2, 5)
	}
	if a.Suit() == b.Suit() {
		score += 2
	}
	gap := int(ra) - int(rb) - 1
	switch gap {
	case 0:
	case 1:
		score--
	case 2:
		score -= 2
	case 3:
		score -= 4
	default:
		score -= 5
	}
	if gap <= 1 && ra < cards.Queen {
		score++
	}
	return math.Ceil(score)
}

// chenStrength maps the Chen score linearly from [−1, 20] onto [0, 1].
func chenStrength(a, b cards.Card) float64 {
	return clamp01((chen(a, b) + 1) / 21)
}

// clamp01 clamps x into [0, 1].
func clamp01(x float64) float64 {
	if x < 0 {
		return 0
	}
	if x > 1 {
		return 1
	}
	return x
}
