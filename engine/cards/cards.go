package cards

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
)

// Rank is a card rank: Two (0) … Ace (12); RankJoker for jokers.
type Rank uint8

// The ranks.
const (
	Two Rank = iota
	Three
	Four
	Five
	Six
	Seven
	Eight
	Nine
	Ten
	Jack
	Queen
	King
	Ace
	RankJoker
)

// NumRanks is the number of standard ranks.
const NumRanks = 13

const rankChars = "23456789TJQKA"

// String returns the one-letter rank ("2" … "9", "T", "J", "Q", "K", "A", "X").
func (r Rank) String() string {
	if r < NumRanks {
		return rankChars[r : r+1]
	}
	if r == RankJoker {
		return "X"
	}
	return fmt.Sprintf("Rank(%d)", uint8(r))
}

// Suit is a card suit.
type Suit uint8

// The suits.
const (
	Clubs Suit = iota
	Diamonds
	Hearts
	Spades
)

// NumSuits is the number of suits.
const NumSuits = 4

const suitChars = "cdhs"

// String returns the one-letter suit ("c", "d", "h", "s").
func (s Suit) String() string {
	if s < NumSuits {
		return suitChars[s : s+1]
	}
	return fmt.Sprintf("Suit(%d)", uint8(s))
}

// Card is one card: rank*4 + suit for standard cards, RedJoker or BlackJoker.
type Card uint8

// Jokers and the absent card.
const (
	RedJoker   Card = 52
	BlackJoker Card = 53
	// NumCards is the number of distinct cards, jokers included.
	NumCards = 54
	// None marks an absent or hidden card.
	None Card = 255
)

// New returns the standard card of rank r and suit s.
func New(r Rank, s Suit) Card { return Card(uint8(r)<<2 | uint8(s)) }

// Rank returns the card's rank (RankJoker for a joker).
func (c Card) Rank() Rank {
	if c >= RedJoker {
		return RankJoker
	}
	return Rank(c >> 2)
}

// Suit returns the card's suit. A joker has none: the red joker reports
// Hearts and the black joker Spades, so colour-based rules still work.
func (c Card) Suit() Suit {
	switch c {
	case RedJoker:
		return Hearts
	case BlackJoker:
		return Spades
	}
	return Suit(c & 3)
}

// IsJoker reports whether c is a joker.
func (c Card) IsJoker() bool { return c == RedJoker || c == BlackJoker }

// Valid reports whether c is one of the 54 cards.
func (c Card) Valid() bool { return c < NumCards }

// String formats the card as "As", "Td", "Xr" (red joker), "Xb" (black
// joker) or "??" for None.
func (c Card) String() string {
	switch {
	case c == RedJoker:
		return "Xr"
	case c == BlackJoker:
		return "Xb"
	case c < RedJoker:
		return string([]byte{rankChars[c>>2], suitChars[c&3]})
	case c == None:
		return "??"
	}
	return fmt.Sprintf("Card(%d)", uint8(c))
}

// Parse reads one card: rank then suit ("As", "td", "10d"), or a joker ("Xr",
// "Xb").
func Parse(s string) (Card, error) {
	t := s
	if len(t) == 3 && t[0] == '1' && t[1] == '0' {
		t = "T" + t[2:]
	}
	if len(t) != 2 {
		return None, fmt.Errorf("card %q: want a rank and a suit, like As or Td", s)
	}
	rc, sc := upper(t[0]), lower(t[1])
	if rc == 'X' {
		switch sc {
		case 'r':
			return RedJoker, nil
		case 'b':
			return BlackJoker, nil
		}
		return None, fmt.Errorf("card %q: a joker is Xr or Xb", s)
	}
	r := strings.IndexByte(rankChars, rc)
	if r < 0 {
		return None, fmt.Errorf("card %q: unknown rank %q", s, t[0])
	}
	su := strings.IndexByte(suitChars, sc)
	if su < 0 {
		return None, fmt.Errorf("card %q: unknown suit %q", s, t[1])
	}
	return New(Rank(r), Suit(su)), nil
}

// MustParse is Parse for literals in code and tests; it panics on a bad card.
func MustParse(s string) Card {
	c, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return c
}

// ParseList reads cards separated by spaces or commas ("As Kd", "AsKd" is
// also accepted when the cards are written without separators).
func ParseList(s string) ([]Card, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	var out []Card
	for _, f := range fields {
		if len(f) > 3 && len(f)%2 == 0 && !strings.Contains(f, "10") {
			for i := 0; i < len(f); i += 2 {
				c, err := Parse(f[i : i+2])
				if err != nil {
					return nil, err
				}
				out = append(out, c)
			}
			continue
		}
		c, err := Parse(f)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// FormatList writes cards separated by single spaces.
func FormatList(cs []Card) string {
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}

func upper(b byte) byte {
	if b >= 'a' && b <= 'z' {
		return b - 32
	}
	return b
}

func lower(b byte) byte {
	if b >= 'A' && b <= 'Z' {
		return b + 32
	}
	return b
}

// Set is a set of cards as a bitset (bit c set for card c).
type Set uint64

// SetOf returns the set holding cs.
func SetOf(cs ...Card) Set {
	var s Set
	for _, c := range cs {
		s |= 1 << c
	}
	return s
}

// Has reports whether c is in s.
func (s Set) Has(c Card) bool { return c < NumCards && s&(1<<c) != 0 }

// Add returns s with c.
func (s Set) Add(c Card) Set { return s | 1<<c }

// Remove returns s without c.
func (s Set) Remove(c Card) Set { return s &^ (1 << c) }

// Len returns the number of cards in s.
func (s Set) Len() int { return bits.OnesCount64(uint64(s)) }

// Nth returns the i-th card of s in increasing order, from 0 (a card
// ≥ NumCards when s has i cards or fewer).
func (s Set) Nth(i int) Card {
	for ; i > 0; i-- {
		s &= s - 1
	}
	return Card(bits.TrailingZeros64(uint64(s)))
}

// Cards appends the cards of s, in increasing order, to dst.
func (s Set) Cards(dst []Card) []Card {
	for v := uint64(s); v != 0; v &= v - 1 {
		dst = append(dst, Card(bits.TrailingZeros64(v)))
	}
	return dst
}

// Deck is an ordered pile of cards; index 0 is the bottom, the last card the
// top (the next dealt).
type Deck []Card

// Standard52 returns the 52 standard cards in order.
func Standard52() Deck {
	d := make(Deck, 52)
	for i := range d {
		d[i] = Card(i)
	}
	return d
}

// Short36 returns the 36-card deck (Six to Ace in every suit).
func Short36() Deck {
	d := make(Deck, 0, 36)
	for r := Six; r <= Ace; r++ {
		for s := Suit(0); s < NumSuits; s++ {
			d = append(d, New(r, s))
		}
	}
	return d
}

// WithJokers returns d with n jokers (0, 1 or 2) added.
func (d Deck) WithJokers(n int) Deck {
	if n > 0 {
		d = append(d, RedJoker)
	}
	if n > 1 {
		d = append(d, BlackJoker)
	}
	return d
}

// Shuffle shuffles cs in place (Fisher–Yates) with r.
func Shuffle(cs []Card, r *rand.Rand) {
	for i := len(cs) - 1; i > 0; i-- {
		j := int(r.Uint64N(uint64(i + 1)))
		cs[i], cs[j] = cs[j], cs[i]
	}
}

// Shuffle shuffles the deck in place with r.
func (d Deck) Shuffle(r *rand.Rand) { Shuffle(d, r) }

// Deal removes the top n cards of the deck and appends them to dst. It
// reports false, dealing nothing, when fewer than n cards are left.
func (d *Deck) Deal(dst []Card, n int) ([]Card, bool) {
	if n > len(*d) || n < 0 {
		return dst, false
	}
	k := len(*d) - n
	for i := len(*d) - 1; i >= k; i-- {
		dst = append(dst, (*d)[i])
	}
	*d = (*d)[:k]
	return dst, true
}
