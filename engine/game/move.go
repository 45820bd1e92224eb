package game

import (
	"strconv"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
)

// MoveKind is the kind of a Move.
type MoveKind uint8

// The move kinds (see the package documentation for when each is offered).
const (
	MoveNone      MoveKind = iota // no move (the zero Move)
	MovePlay                      // choose Card: play, lead, follow, discard, pass, give or claim it
	MoveDone                      // end a card selection
	MovePass                      // decline (not play, not draw, stand, not challenge)
	MoveDraw                      // draw
	MoveSuit                      // name Suit for a wild card
	MoveTarget                    // choose Player
	MoveAsk                       // ask Player for Rank
	MoveClaim                     // claim the chosen cards are of Rank
	MoveChallenge                 // challenge the last claim
	MoveFold                      // fold
	MoveCheck                     // check
	MoveCall                      // call (all-in for less when the stack is short)
	MoveBet                       // open the betting: add Amount chips
	MoveRaise                     // raise: add Amount chips, the call included
)

var moveKindNames = [...]string{"none", "play", "done", "pass", "draw", "suit", "target", "ask", "claim",
	"challenge", "fold", "check", "call", "bet", "raise"}

// String returns the kind's name ("play", "raise", …).
func (k MoveKind) String() string {
	if int(k) < len(moveKindNames) {
		return moveKindNames[k]
	}
	return "MoveKind(" + strconv.Itoa(int(k)) + ")"
}

// Move is one decision of a player. It is a small comparable value; only
// the fields its Kind uses are set, the others are zero.
type Move struct {
	Kind MoveKind
	// Card is the card of a MovePlay.
	Card cards.Card
	// Player is the player of a MoveTarget or MoveAsk.
	Player int8
	// Rank is the rank of a MoveAsk or MoveClaim.
	Rank cards.Rank
	// Suit is the suit of a MoveSuit.
	Suit cards.Suit
	// Amount is the chips a MoveBet or MoveRaise adds from the stack
	// (raise-by, the call included).
	Amount chips.Chips
}

// Constructors of moves, for agents and tests.

// Play chooses card c.
func Play(c cards.Card) Move { return Move{Kind: MovePlay, Card: c} }

// Done ends a card selection.
func Done() Move { return Move{Kind: MoveDone} }

// Pass declines.
func Pass() Move { return Move{Kind: MovePass} }

// Draw draws.
func Draw() Move { return Move{Kind: MoveDraw} }

// NameSuit names suit s for a wild card.
func NameSuit(s cards.Suit) Move { return Move{Kind: MoveSuit, Suit: s} }

// Target chooses player p.
func Target(p int) Move { return Move{Kind: MoveTarget, Player: int8(p)} }

// Ask asks player p for rank r.
func Ask(p int, r cards.Rank) Move { return Move{Kind: MoveAsk, Player: int8(p), Rank: r} }

// Claim claims the chosen cards are of rank r.
func Claim(r cards.Rank) Move { return Move{Kind: MoveClaim, Rank: r} }

// Challenge challenges the last claim.
func Challenge() Move { return Move{Kind: MoveChallenge} }

// Fold folds.
func Fold() Move { return Move{Kind: MoveFold} }

// Check checks.
func Check() Move { return Move{Kind: MoveCheck} }

// Call calls.
func Call() Move { return Move{Kind: MoveCall} }

// Bet opens the betting with amount chips.
func Bet(amount chips.Chips) Move { return Move{Kind: MoveBet, Amount: amount} }

// Raise raises, adding amount chips (the call included).
func Raise(amount chips.Chips) Move { return Move{Kind: MoveRaise, Amount: amount} }

// String formats the move: "play 8h", "suit h", "ask p2 Q", "claim A",
// "raise +40" (chips added), "pass".
func (m Move) String() string {
	switch m.Kind {
	case MovePlay:
		return "play " + m.Card.String()
	case MoveSuit:
		return "suit " + m.Suit.String()
	case MoveTarget:
		return "target p" + strconv.Itoa(int(m.Player))
	case MoveAsk:
		return "ask p" + strconv.Itoa(int(m.Player)) + " " + m.Rank.String()
	case MoveClaim:
		return "claim " + m.Rank.String()
	case MoveBet, MoveRaise:
		return m.Kind.String() + " +" + m.Amount.String()
	}
	return m.Kind.String()
}
