package phh

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
)

// ActionKind is the kind of one entry of a hand's actions.
type ActionKind uint8

// The action kinds of the PHH notation.
const (
	// NoOp is an empty entry or a standalone commentary ("# Burn card 6s").
	NoOp ActionKind = iota
	// DealHole is "d dh pN CARDS": hole (down or up) cards dealt to a player.
	DealHole
	// DealBoard is "d db CARDS": community cards.
	DealBoard
	// BringIn is "pN pb": posting the bring-in (stud games).
	BringIn
	// BetRaise is "pN cbr AMOUNT": complete, bet or raise to AMOUNT, the
	// player's total bet in the betting round (raise-to).
	BetRaise
	// CheckCall is "pN cc".
	CheckCall
	// Fold is "pN f".
	Fold
	// StandPatDiscard is "pN sd [CARDS]": no cards stands pat, cards are
	// discarded (draw games).
	StandPatDiscard
	// ShowMuck is "pN sm [CARDS]": no cards mucks, cards (or "-") show.
	ShowMuck
)

var actionKindNames = [...]string{"noop", "dh", "db", "pb", "cbr", "cc", "f", "sd", "sm"}

// String returns the notation's verb ("cbr", "dh", …) or "noop".
func (k ActionKind) String() string {
	if int(k) < len(actionKindNames) {
		return actionKindNames[k]
	}
	return "ActionKind(" + strconv.Itoa(int(k)) + ")"
}

// Dealer is the Player of dealer actions.
const Dealer = -1

// Action is one parsed entry of a hand's actions.
//
// Cards holds cards.None for every unknown card ("??"). For ShowMuck, an
// action with no cards and Dash false is a muck; Dash is the notation "-"
// (show the hole cards already dealt).
type Action struct {
	Kind   ActionKind
	Player int // 0-based player index (p1 is 0); Dealer for dealer actions and NoOp
	Cards  []cards.Card
	Dash   bool
	Amount chips.Chips // BetRaise: the raise-to amount
	// Comment is the commentary after '#', without the '#' and surrounding
	// blanks; "" when there is none.
	Comment string
}

// IsPlayer reports whether the action is taken by a player.
func (a Action) IsPlayer() bool {
	return a.Kind >= BringIn && a.Kind <= ShowMuck
}

// Muck reports whether a ShowMuck action mucks the hand.
func (a Action) Muck() bool {
	return a.Kind == ShowMuck && len(a.Cards) == 0 && !a.Dash
}

// String formats the action in PHH notation ("p3 cbr 7000", "d db Jc3d5c",
// "p2 sm ????  # comment").
func (a Action) String() string {
	var b strings.Builder
	a.appendTo(&b)
	return b.String()
}

func (a Action) appendTo(b *strings.Builder) {
	switch a.Kind {
	case NoOp:
	case DealHole:
		b.WriteString("d dh p")
		b.WriteString(strconv.Itoa(a.Player + 1))
		b.WriteByte(' ')
		writeCards(b, a.Cards)
	case DealBoard:
		b.WriteString("d db ")
		writeCards(b, a.Cards)
	default:
		b.WriteByte('p')
		b.WriteString(strconv.Itoa(a.Player + 1))
		b.WriteByte(' ')
		b.WriteString(a.Kind.String())
		switch {
		case a.Kind == BetRaise:
			b.WriteByte(' ')
			b.WriteString(a.Amount.String())
		case a.Dash:
			b.WriteString(" -")
		case len(a.Cards) > 0:
			b.WriteByte(' ')
			writeCards(b, a.Cards)
		}
	}
	if a.Comment != "" {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString("# ")
		b.WriteString(a.Comment)
	}
}

func writeCards(b *strings.Builder, cs []cards.Card) {
	for _, c := range cs {
		if c == cards.None {
			b.WriteString("??")
		} else {
			b.WriteString(c.String())
		}
	}
}

// ParseAction reads one entry of the actions field. The grammar is
// "[[ACTOR VERB[ ARGS…]][ # COMMENT]]": words separated by blanks, leading and
// trailing blanks allowed, and the commentary runs from the first '#' to the
// end. Player numbers are not checked against a player count here.
func ParseAction(s string) (Action, error) {
	a, _, err := parseAction(s)
	return a, err
}

// parseAction is ParseAction that also reports whether an amount was written
// with a decimal point.
func parseAction(s string) (a Action, decimal bool, err error) {
	a.Player = Dealer
	body := s
	if i := strings.IndexByte(s, '#'); i >= 0 {
		body = s[:i]
		a.Comment = strings.TrimSpace(s[i+1:])
	}
	w := strings.Fields(body)
	if len(w) == 0 {
		return a, decimal, nil
	}
	if w[0] == "d" {
		if len(w) < 2 {
			return a, false, errors.New("dealer action without a verb (want dh or db)")
		}
		switch w[1] {
		case "dh":
			if len(w) != 4 {
				return a, false, errors.New("hole dealing wants 'd dh pN CARDS'")
			}
			p, err := parsePlayer(w[2])
			if err != nil {
				return a, false, err
			}
			cs, err := parseCards(w[3])
			if err != nil {
				return a, false, err
			}
			a.Kind, a.Player, a.Cards = DealHole, p, cs
		case "db":
			if len(w) != 3 {
				return a, false, errors.New("board dealing wants 'd db CARDS'")
			}
			cs, err := parseCards(w[2])
			if err != nil {
				return a, false, err
			}
			for _, c := range cs {
				if c == cards.None {
					return a, false, errors.New("board cards cannot be unknown")
				}
			}
			a.Kind, a.Cards = DealBoard, cs
		default:
			return a, false, fmt.Errorf("unknown dealer action %q (want dh or db)", w[1])
		}
		return a, decimal, nil
	}
	p, err := parsePlayer(w[0])
	if err != nil {
		return a, false, err
	}
	a.Player = p
	if len(w) < 2 {
		return a, false, fmt.Errorf("player action without a verb")
	}
	switch w[1] {
	case "f", "cc", "pb":
		if len(w) != 2 {
			return a, false, fmt.Errorf("%q takes no argument", w[1])
		}
		switch w[1] {
		case "f":
			a.Kind = Fold
		case "cc":
			a.Kind = CheckCall
		default:
			a.Kind = BringIn
		}
	case "cbr":
		if len(w) != 3 {
			return a, false, errors.New("cbr wants one amount")
		}
		amt, err := chips.Parse(w[2])
		if err != nil {
			return a, false, err
		}
		if amt <= 0 {
			return a, false, fmt.Errorf("cbr amount %s is not positive", w[2])
		}
		a.Kind, a.Amount, decimal = BetRaise, amt, strings.Contains(w[2], ".")
	case "sd", "sm":
		a.Kind = StandPatDiscard
		if w[1] == "sm" {
			a.Kind = ShowMuck
		}
		switch {
		case len(w) == 2:
		case len(w) == 3 && w[2] == "-" && a.Kind == ShowMuck:
			a.Dash = true
		case len(w) == 3:
			cs, err := parseCards(w[2])
			if err != nil {
				return a, false, err
			}
			a.Cards = cs
		default:
			return a, false, fmt.Errorf("%s wants at most one card list", w[1])
		}
	default:
		return a, false, fmt.Errorf("unknown player action %q (want f, cc, cbr, sm, sd or pb)", w[1])
	}
	return a, decimal, nil
}

// parsePlayer reads "pN" (N from 1) and returns N-1.
func parsePlayer(s string) (int, error) {
	if len(s) < 2 || s[0] != 'p' || s[1] < '1' || s[1] > '9' || len(s) > 4 {
		return 0, fmt.Errorf("bad actor %q (want d or pN)", s)
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil {
		return 0, fmt.Errorf("bad actor %q (want d or pN)", s)
	}
	return n - 1, nil
}

// parseCards reads concatenated two-character cards; "??" is an unknown card.
func parseCards(s string) ([]cards.Card, error) {
	if len(s)%2 != 0 {
		return nil, fmt.Errorf("cards %q: want two characters per card", s)
	}
	cs := make([]cards.Card, 0, len(s)/2)
	for i := 0; i < len(s); i += 2 {
		t := s[i : i+2]
		if t == "??" {
			cs = append(cs, cards.None)
			continue
		}
		c, err := cards.Parse(t)
		if err != nil {
			return nil, fmt.Errorf("cards %q: %v", s, err)
		}
		if c.IsJoker() {
			return nil, fmt.Errorf("cards %q: PHH has no jokers", s)
		}
		cs = append(cs, c)
	}
	return cs, nil
}
