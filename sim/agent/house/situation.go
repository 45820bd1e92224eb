package house

import (
	"fmt"
	"math/bits"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
)

// GameClass names a family of games that share a hand evaluator. The
// built-in classes are Holdem, Omaha and Draw; any other name uses the
// evaluator registered for it, or the default evaluator.
type GameClass string

// The built-in game classes.
const (
	Holdem GameClass = "holdem" // two hole cards, up to five board cards
	Omaha  GameClass = "omaha"  // four (to six) hole cards, exactly two of them with three board cards
	Draw   GameClass = "draw"   // five-card draw and other closed hands with discards
)

// MaxHoleCards is the largest number of hole cards a Situation may hold.
const MaxHoleCards = 32

// Situation is what a house player knows when it must act: its cards, the
// public cards, the betting options and the table's numbers. It is an
// observation: it never holds another player's hidden cards.
type Situation struct {
	// Class selects the evaluator.
	Class GameClass
	// Hole are the player's own cards, Board the community cards dealt so
	// far (none in draw games). Cards may not repeat.
	Hole, Board []cards.Card
	// Opponents is the number of other players still in the hand (at
	// least 1).
	Opponents int

	// Legal are the betting options. It is not read for a discard
	// decision.
	Legal betting.Legal
	// Pot is every chip in the pot, this round's bets included.
	Pot chips.Chips
	// ToCall is the gap between the table bet and the player's street
	// bet; it may exceed Stack. It is 0 when a check is free.
	ToCall chips.Chips
	// Stack is what the player has behind.
	Stack chips.Chips
	// BigBlind is the big blind, or the round's minimum bet in a game
	// without blinds; 0 turns the short-stack rule off.
	BigBlind chips.Chips
	// InPosition reports that the player acts after every opponent in
	// this round.
	InPosition bool
	// Round is the 0-based index of this betting round, Rounds the number
	// of betting rounds of the hand.
	Round, Rounds int

	// Discard asks for a discard decision instead of a betting one.
	Discard bool
	// MinDiscards and MaxDiscards bound the number of cards discarded: in
	// this decision when Discard is set, else in the next draw (used to
	// estimate a drawing hand's potential). MaxDiscards 0 with DrawsLeft
	// > 0 in a betting decision means the whole hand may be exchanged.
	MinDiscards, MaxDiscards int
	// DrawsLeft is the number of draws still to come in the hand, the
	// current one included.
	DrawsLeft int

	// HasStrength marks Strength as the caller's own estimate of the
	// hand's strength in [0, 1], used by the default evaluator (games
	// whose hands it cannot rank).
	HasStrength bool
	Strength    float64
}

// CardMask is a set of indices into Situation.Hole (bit i for Hole[i]).
type CardMask uint32

// Has reports whether index i is in m.
func (m CardMask) Has(i int) bool { return i >= 0 && i < 32 && m&(1<<uint(i)) != 0 }

// Len returns the number of indices in m.
func (m CardMask) Len() int { return bits.OnesCount32(uint32(m)) }

// Indices appends the indices of m, in increasing order, to dst.
func (m CardMask) Indices(dst []int) []int {
	for x := uint32(m); x != 0; x &= x - 1 {
		dst = append(dst, bits.TrailingZeros32(x))
	}
	return dst
}

// String formats m as its list of indices, such as "[0 3]".
func (m CardMask) String() string { return fmt.Sprint(m.Indices(nil)) }

// validate returns nil when s is a consistent situation, else an error
// wrapping ErrInvalidSituation that names the first bad field.
func (s *Situation) validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrInvalidSituation}, args...)...)
	}
	if len(s.Hole) > MaxHoleCards {
		return bad("hole: %d cards, at most %d", len(s.Hole), MaxHoleCards)
	}
	var seen cards.Set
	for i, c := range s.Hole {
		if !c.Valid() {
			return bad("hole[%d]: %d is not a card", i, c)
		}
		if seen.Has(c) {
			return bad("hole[%d]: %v appears twice", i, c)
		}
		seen = seen.Add(c)
	}
	for i, c := range s.Board {
		if !c.Valid() {
			return bad("board[%d]: %d is not a card", i, c)
		}
		if seen.Has(c) {
			return bad("board[%d]: %v appears twice", i, c)
		}
		seen = seen.Add(c)
	}
	switch {
	case s.Opponents < 1:
		return bad("opponents %d, at least 1", s.Opponents)
	case s.DrawsLeft < 0:
		return bad("draws_left %d is negative", s.DrawsLeft)
	case s.MinDiscards < 0 || s.MaxDiscards < 0:
		return bad("discards %d..%d: negative", s.MinDiscards, s.MaxDiscards)
	case s.MaxDiscards > len(s.Hole):
		return bad("max_discards %d exceeds the %d hole cards", s.MaxDiscards, len(s.Hole))
	case s.Discard && s.MinDiscards > s.MaxDiscards:
		return bad("discards %d..%d: min above max", s.MinDiscards, s.MaxDiscards)
	case s.HasStrength && !(s.Strength >= 0 && s.Strength <= 1):
		return bad("strength %v is outside [0, 1]", s.Strength)
	}
	if s.Discard {
		return nil
	}
	l := &s.Legal
	switch {
	case s.Rounds < 1 || s.Round < 0 || s.Round >= s.Rounds:
		return bad("round %d of %d", s.Round, s.Rounds)
	case s.Pot < 0 || s.ToCall < 0 || s.Stack < 0 || s.BigBlind < 0:
		return bad("pot %v, to_call %v, stack %v, big_blind %v: negative amount", s.Pot, s.ToCall, s.Stack, s.BigBlind)
	case l.Seat < 0:
		return bad("legal: the round is over")
	case !l.CanCheck && !l.CanCall:
		return bad("legal: neither check nor call is open")
	case l.CanCheck && (l.CanCall || l.CanFold):
		return bad("legal: check open together with call or fold")
	case l.CanCall != l.CanFold:
		return bad("legal: call and fold must be open together")
	case l.CanBet && l.CanRaise:
		return bad("legal: bet and raise both open")
	case l.CanCheck && s.ToCall != 0:
		return bad("to_call %v with a free check", s.ToCall)
	case l.CanCall && s.ToCall == 0:
		return bad("to_call 0 with a call to make")
	case l.CanCall && (l.CallAmount <= 0 || l.CallAmount > s.ToCall || l.CallAmount > s.Stack):
		return bad("legal: call amount %v with to_call %v and stack %v", l.CallAmount, s.ToCall, s.Stack)
	case (l.CanBet || l.CanRaise) && (l.MinAmount <= 0 || l.MinAmount > l.MaxAmount || l.MaxAmount > s.Stack):
		return bad("legal: bet range %v..%v with stack %v", l.MinAmount, l.MaxAmount, s.Stack)
	}
	return nil
}

// Reason says why a decision was taken.
type Reason string

// The reasons of a decision.
const (
	ReasonStrong          Reason = "strong_hand"   // strength above the raise threshold: bet or raise
	ReasonSlowPlay        Reason = "slow_play"     // a very strong hand checks or calls
	ReasonMedium          Reason = "medium_hand"   // between the thresholds: call or check
	ReasonProbe           Reason = "probe_bet"     // a medium hand bets when checked to
	ReasonPotOdds         Reason = "pot_odds_fold" // a medium hand folds to a bet its strength cannot pay
	ReasonDrawing         Reason = "drawing_hand"  // a weak hand calls with the odds to improve
	ReasonWeak            Reason = "weak_hand"     // below the call threshold: check or fold
	ReasonBluff           Reason = "bluff"         // a weak hand bets or raises
	ReasonShortStackAllIn Reason = "short_stack_all_in"
	ReasonShortStackFold  Reason = "short_stack_fold" // short-stacked without a strong hand: check or fold
	ReasonDiscard         Reason = "discard"          // a discard decision
	ReasonInvalidState    Reason = "invalid_state"    // fallback: check if legal, else fold
	ReasonEvalFailed      Reason = "evaluation_failed"
	ReasonBudgetExceeded  Reason = "budget_exceeded"
)

// Decision is a house player's choice.
type Decision struct {
	// Action is the betting action; its Amount is raise-by (chips added),
	// as betting.Action says. It is the zero Action for a discard
	// decision.
	Action betting.Action
	// Draw marks a discard decision; Discards then holds the indices of
	// the hole cards to discard.
	Draw     bool
	Discards CardMask
	// Reasoning says why; Confidence, in [0, 1], how clear-cut the choice
	// was (0 for a fallback).
	Reasoning  Reason
	Confidence float64
	// Strength is the evaluated hand strength in [0, 1]; Outs and Improve
	// the hand's potential (see Potential).
	Strength float64
	Outs     int
	Improve  float64
}
