package betting

import "github.com/deckforge/deckforge/engine/chips"

// Pots appends the pots of the hand to dst[:0] and returns it: the main pot
// first, then side pots by increasing contribution level (see the package
// documentation). Folded chips stay in the pots of the levels they reached;
// antes and dead money belong to the main pot, except the layers of antes
// that a player all-in on a short ante can win, which come first. The
// uncalled top layer (the chips of the single biggest contributor above
// everyone else's) is not a pot: ReturnUncalled or Settle gives it back.
// With a dst of capacity 2·MaxSeats it does not allocate.
func (h *Hand) Pots(dst []Pot) []Pot { return h.pots(dst[:0]) }

// ReturnUncalled gives the uncalled top layer back to its owner once the
// betting of the hand is over (HandOver): the chips the biggest contributor
// put in above every other contribution. It reports the seat and the
// amount, or (-1, 0) when there is none or the betting is not over, so a
// second call returns (-1, 0). Settle does it too.
func (h *Hand) ReturnUncalled() (seat int, amount chips.Chips) { return h.returnUncalled() }

// Settle ends the hand: it returns the uncalled chips and awards every pot.
// strength[i] is seat i's hand strength, higher is better and equal is a
// tie; folded seats never win, and when one seat is left it takes every
// pot whatever the strengths. Seats that win no part of any pot drop out
// and adjacent pots left with the same contenders are merged, so a tie
// over several side pots splits once. A tied pot is shared evenly in
// multiples of the hand's Unit and the whole remainder goes to the first
// winner clockwise from the button. Winnings are added to the stacks and
// written to dst (per seat, the uncalled return not included; dst may be
// nil). After Settle the hand holds no chips: the stacks sum to the
// starting stacks plus the dead money, and a second Settle does nothing.
// Settle does not allocate.
func (h *Hand) Settle(strength *[MaxSeats]uint32, dst *[MaxSeats]chips.Chips) {
	h.settle(strength, nil, 0, dst, nil)
}

// SettleHiLo is Settle for high-low split games: each pot is halved, the
// high half to the best hi strength and the low half to the best lo
// strength among the seats in the loQualifies bitmask (higher is better in
// both; an odd unit goes to the high half). A pot with no qualifying low
// hand goes whole to the best high hand.
func (h *Hand) SettleHiLo(hi, lo *[MaxSeats]uint32, loQualifies uint16, dst *[MaxSeats]chips.Chips) {
	h.settle(hi, lo, loQualifies, dst, nil)
}

// Award is one pot (or, in a high-low split, one half of it) given out by
// SettleAwards.
type Award struct {
	// Pot is the pot as settled: adjacent pots left with the same
	// contenders merged, Eligible narrowed to the contenders.
	Pot Pot
	// Amount is the chips given out: the whole pot, or its high or low half.
	Amount chips.Chips
	// Winners is the bitmask of the seats that share Amount.
	Winners uint16
	// Low is set for the low half of a high-low pot.
	Low bool
	// Shares is what each seat got of Amount (the odd chips to the first
	// winner clockwise from the button).
	Shares [MaxSeats]chips.Chips
}

// SettleAwards is Settle that also appends to awards every pot given out,
// with its winners and their shares, in settlement order (main pot first),
// and returns it: what a recorder needs to show each pot going to its
// winners. With an awards slice of capacity 2·(2·MaxSeats+1) it does not
// allocate.
func (h *Hand) SettleAwards(strength *[MaxSeats]uint32, dst *[MaxSeats]chips.Chips, awards []Award) []Award {
	h.settle(strength, nil, 0, dst, &awards)
	return awards
}
