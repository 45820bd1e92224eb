package stats

import (
	"errors"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
)

// MaxSeats is the largest number of seats a Tracker follows.
const MaxSeats = 10

// Kind is the kind of a betting action: engine/betting's, the one action
// kind of deckforge. Going all-in is not a kind: the Tracker sees it from
// the stacks.
type Kind = betting.Kind

// The action kinds, as engine/betting names them.
const (
	Fold  = betting.Fold
	Check = betting.Check
	Call  = betting.Call
	Bet   = betting.Bet
	Raise = betting.Raise
)

// Action is one player's betting decision.
type Action struct {
	Seat int
	Kind Kind
	// To is, for Bet and Raise, the player's total bet in the round after
	// the action (raise-to). The chips added are To minus the player's bet
	// so far. Fold, Check and Call ignore it: a call adds the gap to the
	// table bet, or the whole stack when that is smaller.
	To chips.Chips
}

// Setup describes the start of a hand. Index i of every slice is seat i in
// table order: play goes by increasing index and wraps.
type Setup struct {
	// Stacks are the chips of each seat before antes and blinds, 2 to
	// MaxSeats entries. A seat with 0 sits out: it has no position and no
	// stats for the hand.
	Stacks []chips.Chips
	// Antes are dead money posted first (nil: none).
	Antes []chips.Chips
	// Blinds are the live forced bets of the first round, blinds and
	// straddles (nil: none). The largest sets the first raise increment.
	// A player whose stack does not cover its forced bets posts it all.
	Blinds []chips.Chips
	// Button is the button seat. Positions count from the first seat after
	// it that is dealt in (0, acts first after the first round) to the
	// button (acts last). Heads-up the button is the small blind.
	Button int
	// BigBlind is the unit of the results in big blinds; 0 means the
	// largest blind, or when there are none the first round's MinBet.
	BigBlind chips.Chips
	// DeadMoney is extra dead chips already in the pot (dead blinds).
	DeadMoney chips.Chips
}

// RoundConfig describes one betting round.
type RoundConfig struct {
	// MinBet is the smallest full opening bet, and the first full raise
	// increment of a round with no blinds. In the first round the largest
	// blind sets the increment when there are blinds. 0 means the largest
	// blind, else the previous round's MinBet, else one hundredth of a chip.
	MinBet chips.Chips
	// MaxRaises caps the raises of the round, all-in raises included, as
	// engine/betting counts them (the opening bet or the blind is not a
	// raise); 0 means no cap.
	MaxRaises int
	// Structure is the round's betting structure. Under FixedLimit the
	// first round's raise increment is MinBet; otherwise it is the larger
	// of MinBet and the largest blind (engine/betting's minimum).
	Structure betting.Structure
}

// Errors of the Tracker; the returned errors wrap them with details.
var (
	ErrState  = errors.New("stats: event out of order")
	ErrSetup  = errors.New("stats: invalid setup")
	ErrAction = errors.New("stats: invalid action")
)

// aggression is one bet or raise: who made it and as which maneuvers.
type aggression struct {
	seat int8 // -1: none
	set  mset // the maneuvers it attempted
	ip   mset // the attempts that were in position
}

var noAggression = aggression{seat: -1}

// Per-seat hand flags.
const (
	fSuccess uint8 = 1 << iota
	fShowdown
	fAggressor
	fAggressorIP
	fHandsIP
	fHandsOOP
)

// Tracker follows one hand at a time and counts each player's stats for it.
// Feed it OnHandStart, then for every betting round OnRoundStart and the
// round's actions in order, then OnHandEnd. After OnHandEnd the hand's
// counts can be read (Count, Record) or added up (AddTo, Aggregator.Add)
// until the next OnHandStart.
//
// A Tracker is a value of fixed-size arrays: the zero value is ready, and
// feeding a hand allocates nothing (only an invalid event builds an error).
// Its size is about 16 KB: keep one per goroutine and reuse it.
type Tracker struct {
	n     int // seats
	state uint8
	pos   [MaxSeats]int8 // position after the first round; -1 sitting out
	in    uint16         // dealt in

	stack, bet, committed [MaxSeats]chips.Chips
	ante                  [MaxSeats]chips.Chips // antes posted (dead money, never returned)
	actedAt               [MaxSeats]chips.Chips // the seat's street bet after its last action
	folded, allin         uint16
	acted, checked        uint16

	hasBlinds    bool
	blinds       uint16 // the seats that posted the small and big blind
	btn, co, sb  int8   // the seats of those positions, -1 if none
	largestBlind chips.Chips
	unit         chips.Chips // result unit (big blind)
	minBet       chips.Chips
	dead         chips.Chips

	round     int
	tableBet  chips.Chips
	fullInc   chips.Chips // the last full raise increment
	raises    int
	maxRaises int
	structure betting.Structure
	aggs      int // aggressions this round
	first     aggression
	live      aggression

	entered  bool   // first round: someone called or raised
	callers  uint16 // first round: callers of the open raise
	roundAgg [4]int8
	prevAgg  int8 // the last aggressor of the previous round
	curAgg   int8 // the last aggressor of this round
	lastAgg  int8 // the last aggressor of the hand so far
	pfa      int8
	cbettor  int8
	floatVs  [MaxSeats]int8 // this round: the aggressor each seat floated
	prevFl   [MaxSeats]int8 // the previous round's floats

	pending   bool // a cutoff steal_strict opportunity awaits the button's answer
	pendAtt   bool // … and the cutoff raised
	handAgg   int8 // the hand's last aggressor
	handAggIP bool

	flags     [MaxSeats]uint8
	net       [MaxSeats]chips.Chips
	known     bool // the results are known
	showdown  bool
	secondRnd bool // two or more players were left after the first round

	cnt    [MaxSeats][NumStats]uint32
	dirty  [MaxSeats * int(NumStats)]uint16 // seat<<dirtyShift | stat of each non-zero count
	ndirty int
}

// A dirty entry holds a seat and a stat.
const (
	dirtyShift = 12
	dirtyMask  = 1<<dirtyShift - 1
)

// The stats must fit below dirtyShift bits.
var _ [dirtyMask - int(NumStats)]struct{}

const (
	stIdle uint8 = iota
	stDealt
	stRound
	stDone
)

// inc adds one to a seat's stat.
func (t *Tracker) inc(seat int, s Stat) {
	c := &t.cnt[seat][s]
	if *c == 0 {
		t.dirty[t.ndirty] = uint16(seat)<<dirtyShift | uint16(s)
		t.ndirty++
	}
	*c++
}
