package betting

import (
	"errors"

	"github.com/deckforge/deckforge/engine/chips"
)

// MaxSeats is the largest number of seats a Hand holds. Every per-seat array
// of a Hand has this length, so a Hand is a plain value with no pointers.
const MaxSeats = 10

// Structure is the betting structure of a round.
type Structure uint8

// The betting structures.
const (
	// NoLimit: a bet or raise may be any amount from the minimum up to the
	// whole stack.
	NoLimit Structure = iota
	// PotLimit: as NoLimit, but a raise adds at most the pot after the call.
	PotLimit
	// FixedLimit: a bet or raise is exactly RoundConfig.MinBet, at most
	// RoundConfig.MaxRaises raises per round.
	FixedLimit
)

var structureNames = [...]string{"no_limit", "pot_limit", "fixed_limit"}

// String returns "no_limit", "pot_limit" or "fixed_limit".
func (s Structure) String() string {
	if int(s) < len(structureNames) {
		return structureNames[s]
	}
	return "Structure(" + itoa(int(s)) + ")"
}

// Kind is the kind of a betting action.
type Kind uint8

// The action kinds. Going all-in is not a kind of its own: it is a Call, Bet
// or Raise whose amount is the whole stack.
const (
	Fold Kind = iota
	Check
	Call
	Bet
	Raise
)

var kindNames = [...]string{"fold", "check", "call", "bet", "raise"}

// String returns "fold", "check", "call", "bet" or "raise".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + itoa(int(k)) + ")"
}

// Action is one player's decision.
type Action struct {
	Kind Kind
	// Amount is, for Bet and Raise, the chips added from the stack
	// (raise-by, the call part included). For Call it may be left 0: Apply
	// computes it (a non-zero Amount must equal Legal().CallAmount). Fold
	// and Check take no amount: it must be 0.
	Amount chips.Chips
}

// Legal describes what the player to act may do.
type Legal struct {
	// Seat is the seat to act, -1 when the round is over (then every Can
	// field is false).
	Seat int
	// CanFold and CanCall are set when the player faces a bet, CanCheck
	// when it does not (folding when a check is free is not offered, as in
	// the betting-phase-design seed and PokerKit).
	CanFold  bool
	CanCheck bool
	CanCall  bool
	// CallAmount is the chips a Call adds: the gap to the table bet, or the
	// whole stack when that is smaller (a call all-in for less).
	CallAmount chips.Chips
	// CanBet is set when nobody has bet this round (table bet 0), CanRaise
	// otherwise; never both.
	CanBet, CanRaise bool
	// MinAmount and MaxAmount are the chips to add (raise-by) for the
	// smallest and largest legal bet or raise; every amount in between is
	// legal (under FixedLimit Min = Max). When the stack cannot cover a
	// full bet or raise, Min = Max = the stack (a short all-in). The
	// minimum is not capped at what the other players can call: the part
	// nobody calls goes back (PokerKit).
	MinAmount, MaxAmount chips.Chips
	// MinTo and MaxTo are the same bounds as the player's resulting street
	// bet (raise-to): MinTo = StreetBet + MinAmount.
	MinTo, MaxTo chips.Chips
}

// HandConfig describes one hand. Index i of every slice is seat i in the
// caller's seat order; play goes clockwise, that is by increasing index,
// wrapping after the last seat.
type HandConfig struct {
	// Stacks are the starting stacks, one per seat, 2..MaxSeats entries. A
	// seat with a zero stack sits out: it is not dealt in, posts nothing
	// (its forced bets must be 0), never acts and never wins. At least two
	// seats must have chips.
	Stacks []chips.Chips
	// Antes are per-seat antes: dead money posted first, not part of any
	// street bet. nil means none; a big-blind ante is one non-zero entry.
	// Same length as Stacks when not nil.
	Antes []chips.Chips
	// Blinds are per-seat blinds and straddles: live bets of the first
	// round, posted after the antes. nil means none. The largest sets the
	// table bet and the first raise increment. Same length as Stacks when
	// not nil.
	Blinds []chips.Chips
	// Button is the button seat. It decides the odd-chip rule: the whole
	// remainder of a split pot goes to the first winner clockwise from the
	// button (increasing seat index after Button, wrapping).
	Button int
	// FirstToAct is the seat that acts first in the first round (the first
	// seat that can act from here on): usually the seat after the big blind
	// or the last straddle; heads-up, the button.
	FirstToAct int
	// FirstToActPostflop is the seat that acts first in later rounds (the
	// first seat that can act from here on): usually the seat after the
	// button; heads-up, the big blind.
	FirstToActPostflop int
	// DeadMoney is extra dead chips already in the pot (dead blinds). It
	// belongs to the main pot.
	DeadMoney chips.Chips
	// Unit is the smallest amount a split pot is divided into; 0 means one
	// whole chip (chips.Scale).
	Unit chips.Chips
	// AnteTrimming is PHH's ante_trimming_status. False: every ante is dead
	// money of the main pot, which every player still in may win, even one
	// all-in on a short ante. True: antes count toward the pot levels like
	// the other chips, and the part of the largest ante that no other ante
	// matches goes back at once (a lone big-blind ante comes back whole).
	AnteTrimming bool
}

// MaxTotal is the most chips a hand may hold: the starting stacks and the
// dead money together. Larger amounts are refused by Reset, so no sum of
// chips overflows.
const MaxTotal chips.Chips = 1 << 60

// RoundConfig configures one betting round.
type RoundConfig struct {
	Structure Structure
	// MinBet is, under FixedLimit, the size of every bet and raise. Under
	// NoLimit and PotLimit it is the minimum opening bet and the first
	// raise increment of a round without blinds; in the first round with
	// blinds, the largest blind sets the increment (MinBet still bounds an
	// opening bet when every blind is 0). Must be > 0.
	MinBet chips.Chips
	// MaxRaises caps the raises of the round. Under FixedLimit it must be
	// >= 1 (an opening bet or the blind is not a raise). Under NoLimit and
	// PotLimit, 0 means no cap.
	MaxRaises int
}

// Pot is one pot of a hand: the main pot or a side pot.
type Pot struct {
	Amount chips.Chips
	// Eligible is the bitmask of the seats that may win this pot (bit i for
	// seat i): those that put in chips up to the pot's level and did not
	// fold.
	Eligible uint16
}

// Positions are the seats a HandConfig needs besides the forced bets.
type Positions struct {
	Button             int
	FirstToAct         int
	FirstToActPostflop int
}

// Hand is the betting state of one hand: stacks, bets, folds and all-ins
// of up to MaxSeats seats, the current round and its raise state. It is a
// value made only of fixed-size arrays and scalars: assigning it copies it,
// and playing a hand allocates nothing.
type Hand struct {
	n      int
	button int
	first  int // first to act, first round
	post   int // first to act, later rounds
	unit   chips.Chips
	dead   chips.Chips

	stack     [MaxSeats]chips.Chips
	street    [MaxSeats]chips.Chips // chips put in this round
	committed [MaxSeats]chips.Chips // chips put in this hand, antes included
	start     [MaxSeats]chips.Chips // starting stacks
	ante      [MaxSeats]chips.Chips // antes posted (dead money)

	folded  uint16 // folded or sitting out
	allin   uint16
	trim    bool   // ante trimming
	acted   uint16 // acted since the last full raise (or since the round began)
	matched uint16 // street bet equals the table bet
	mask    uint16 // the n seats

	maxBlind chips.Chips // the largest configured blind or straddle
	settled  bool

	round    int // -1 before the first StartRound
	rc       RoundConfig
	tableBet chips.Chips
	inc      chips.Chips // the last full raise increment
	raises   int         // raises this round (all-in raises included)
	toAct    int         // -1 when the round is over
}

// The errors an ActionError wraps; compare with errors.Is.
var (
	ErrRoundOver     = errors.New("betting: the round is over")
	ErrIllegalAction = errors.New("betting: illegal action")
	ErrBadAmount     = errors.New("betting: illegal amount")
)

// ActionError is the error of Apply and RaiseTo for an action that is not
// legal. It wraps ErrRoundOver, ErrIllegalAction or ErrBadAmount. It is
// formatted only when Error is called, so rejecting an action stays cheap.
type ActionError struct {
	Err    error  // ErrRoundOver, ErrIllegalAction or ErrBadAmount
	Seat   int    // the seat to act, -1 when the round is over
	Action Action // the refused action (for RaiseTo, the one it would make)
	Legal  Legal  // what the seat could do
	why    string
	to     chips.Chips // RaiseTo's amount, 0 for Apply
}

// Error describes the refused action and the legal range.
func (e *ActionError) Error() string {
	msg := e.Err.Error() + ": "
	if e.Seat < 0 {
		return msg + e.Action.Kind.String()
	}
	msg += "seat " + itoa(e.Seat) + " " + e.Action.Kind.String()
	if e.to != 0 {
		msg += " to " + e.to.String()
	} else if e.Action.Amount != 0 {
		msg += " " + e.Action.Amount.String()
	}
	msg += ": " + e.why
	l := &e.Legal
	switch {
	case l.CanBet || l.CanRaise:
		msg += " (legal: add " + l.MinAmount.String() + ".." + l.MaxAmount.String() +
			", to " + l.MinTo.String() + ".." + l.MaxTo.String() + ")"
	case l.CanCall:
		msg += " (legal: call " + l.CallAmount.String() + " or fold)"
	}
	return msg
}

// Unwrap returns Err.
func (e *ActionError) Unwrap() error { return e.Err }

func itoa(v int) string {
	if v == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := v < 0
	if neg {
		v = -v
	}
	for v > 0 {
		i--
		b[i] = byte('0' + v%10)
		v /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
