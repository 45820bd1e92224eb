package genome

import (
	"math/bits"

	"github.com/deckforge/deckforge/engine/cards"
)

// RankSet is a set of ranks: bit r is set for cards.Rank r (Two = bit 0 …
// Ace = bit 12, Joker = bit 13). In JSON it is a list of rank names in rank
// order, e.g. ["queen", "ace"].
type RankSet uint16

// AllRanks holds the 13 standard ranks and the joker.
const AllRanks RankSet = 1<<14 - 1

// Ranks returns the set of rs.
func Ranks(rs ...cards.Rank) RankSet {
	var s RankSet
	for _, r := range rs {
		s |= 1 << r
	}
	return s
}

// Has reports whether r is in s.
func (s RankSet) Has(r cards.Rank) bool { return r < 16 && s&(1<<r) != 0 }

// Len returns the number of ranks in s.
func (s RankSet) Len() int { return bits.OnesCount16(uint16(s)) }

// List returns the ranks of s in increasing order.
func (s RankSet) List() []cards.Rank {
	var out []cards.Rank
	for r := cards.Rank(0); r <= cards.RankJoker; r++ {
		if s.Has(r) {
			out = append(out, r)
		}
	}
	return out
}

// SuitSet is a set of suits: bit s is set for cards.Suit s. In JSON it is a
// list of suit names, e.g. ["hearts"].
type SuitSet uint8

// AllSuits holds the four suits.
const AllSuits SuitSet = 1<<4 - 1

// Suits returns the set of ss.
func Suits(ss ...cards.Suit) SuitSet {
	var s SuitSet
	for _, x := range ss {
		s |= 1 << x
	}
	return s
}

// Has reports whether su is in s.
func (s SuitSet) Has(su cards.Suit) bool { return su < 8 && s&(1<<su) != 0 }

// Len returns the number of suits in s.
func (s SuitSet) Len() int { return bits.OnesCount8(uint8(s)) }

// List returns the suits of s in increasing order.
func (s SuitSet) List() []cards.Suit {
	var out []cards.Suit
	for x := cards.Suit(0); x < cards.NumSuits; x++ {
		if s.Has(x) {
			out = append(out, x)
		}
	}
	return out
}

// Matches reports whether card c passes the filter (ranks, suits): an empty
// set puts no limit on its side. Scoring rules and effects use it.
func Matches(ranks RankSet, suits SuitSet, c cards.Card) bool {
	return (ranks == 0 || ranks.Has(c.Rank())) && (suits == 0 || suits.Has(c.Suit()))
}

var rankNames = []string{"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace", "joker"}
var suitNames = []string{"clubs", "diamonds", "hearts", "spades"}

// RankName returns the JSON and rulebook name of r ("two" … "ace", "joker").
func RankName(r cards.Rank) string { return enumString(uint8(r), rankNames, "Rank") }

// SuitName returns the JSON and rulebook name of s ("clubs" … "spades").
func SuitName(s cards.Suit) string { return enumString(uint8(s), suitNames, "Suit") }

// RankValue returns r's place in the rank order: higher beats lower. With
// AceHigh, Two is 2 … King 13, Ace 14; with AceLow the ace is 1. A joker is
// 15 in both.
func (o RankOrder) RankValue(r cards.Rank) int {
	switch {
	case r == cards.RankJoker:
		return 15
	case r == cards.Ace && o == AceLow:
		return 1
	}
	return int(r) + 2
}

// CardPoints returns the point value of c for hand points and card_points
// tests: Two to Ten their number, Jack, Queen and King 10, Ace 1, joker 0.
func CardPoints(c cards.Card) int {
	r := c.Rank()
	switch {
	case r == cards.RankJoker:
		return 0
	case r == cards.Ace:
		return 1
	case r >= cards.Jack:
		return 10
	}
	return int(r) + 2
}

// HandPoints returns the point total of hand: the sum of CardPoints, plus 10
// when the hand holds an ace and the total stays at or below limit (one ace
// counts 11, "soft"). It is the quantity of hand_points tests and of
// point_total showdowns (with limit = Setup.PointLimit).
//
//	HandPoints = Σ CardPoints(c) + (10 if some ace and Σ + 10 ≤ limit)
func HandPoints(hand []cards.Card, limit int) int {
	sum, ace := 0, false
	for _, c := range hand {
		sum += CardPoints(c)
		if c.Rank() == cards.Ace {
			ace = true
		}
	}
	if ace && sum+10 <= limit {
		sum += 10
	}
	return sum
}
