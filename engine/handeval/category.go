package handeval

import "fmt"

// Category is the kind of a poker hand, from HighCard (weakest) to
// StraightFlush (strongest); a higher Category always beats a lower one.
type Category uint8

// The nine categories, weakest first.
const (
	HighCard Category = iota
	OnePair
	TwoPair
	ThreeOfAKind
	Straight
	Flush
	FullHouse
	FourOfAKind
	StraightFlush
)

// NumCategories is the number of categories.
const NumCategories = 9

// String returns the category's name: "high-card", "one-pair", "two-pair",
// "three-of-a-kind", "straight", "flush", "full-house", "four-of-a-kind" or
// "straight-flush".
func (c Category) String() string {
	switch c {
	case HighCard:
		return "high-card"
	case OnePair:
		return "one-pair"
	case TwoPair:
		return "two-pair"
	case ThreeOfAKind:
		return "three-of-a-kind"
	case Straight:
		return "straight"
	case Flush:
		return "flush"
	case FullHouse:
		return "full-house"
	case FourOfAKind:
		return "four-of-a-kind"
	case StraightFlush:
		return "straight-flush"
	}
	return fmt.Sprintf("Category(%d)", uint8(c))
}

// ParseCategory returns the category named s (as written by String).
func ParseCategory(s string) (Category, error) {
	for c := HighCard; c < NumCategories; c++ {
		if c.String() == s {
			return c, nil
		}
	}
	return 0, fmt.Errorf("unknown hand category %q", s)
}

// Strength is the value of the best five-card hand that some cards hold:
// a higher Strength beats a lower one and equal hands have equal strengths.
//
// A strength is Category<<CategoryShift | i, where i (1 ≤ i ≤ the number of
// distinct hands of that category) ranks the hand within its category, so
// the category is s >> CategoryShift. The zero Strength is no hand at all.
type Strength uint32

// CategoryShift is the bit position of the category inside a Strength.
const CategoryShift = 12

// Category returns the category of the hand s stands for.
func (s Strength) Category() Category { return Category(s >> CategoryShift) }
