package betting

import "github.com/deckforge/deckforge/engine/chips"

// NewHand returns a hand set up by Reset.
func NewHand(cfg HandConfig) (Hand, error) {
	var h Hand
	err := h.Reset(cfg)
	return h, err
}

// Reset validates cfg and starts a new hand in h: stacks are set, antes are
// posted (dead money), then blinds and straddles (live bets of the first
// round). A seat whose stack cannot cover its forced bets posts what it has
// and is all-in. An error names the field that is wrong and leaves h
// unusable until the next successful Reset. Reset does not allocate. Call
// StartRound before the first action.
func (h *Hand) Reset(cfg HandConfig) error { return h.reset(&cfg) }

// StartRound begins the next betting round with rc. The first round keeps
// the blinds as street bets; later rounds reset street bets to 0. It is an
// error to start a round while the current one is not over, or to pass an
// invalid rc.
func (h *Hand) StartRound(rc RoundConfig) error { return h.startRound(rc) }

// Round returns the 0-based index of the current round, -1 before the first
// StartRound.
func (h *Hand) Round() int { return h.round }

// Config returns the current round's configuration.
func (h *Hand) Config() RoundConfig { return h.rc }

// RoundOver reports whether the current round is complete: at most one
// player has not folded, nobody can act (every player still in is all-in,
// or only one can act and it has matched the table bet), or every active
// player has acted since the last full raise and matched the table bet.
// It is true before the first StartRound.
func (h *Hand) RoundOver() bool { return h.toAct < 0 }

// HandOver reports whether no more betting can happen in this hand: at most
// one player has not folded, or the round is over and at most one player
// can still act. The rest of the hand is a deal to showdown then.
func (h *Hand) HandOver() bool {
	in := h.inHand()
	if in&(in-1) == 0 {
		return true
	}
	return h.toAct < 0 && popcount(in&^h.allin) <= 1
}

// ToAct returns the seat to act, -1 when the round is over.
func (h *Hand) ToAct() int { return h.toAct }

// NumSeats returns the number of seats.
func (h *Hand) NumSeats() int { return h.n }

// Button returns the button seat.
func (h *Hand) Button() int { return h.button }

// Stack returns the chips seat still has behind.
func (h *Hand) Stack(seat int) chips.Chips { return h.stack[seat] }

// StartingStack returns the stack seat began the hand with.
func (h *Hand) StartingStack(seat int) chips.Chips { return h.start[seat] }

// StreetBet returns the chips seat put in this round (its live bet).
func (h *Hand) StreetBet(seat int) chips.Chips { return h.street[seat] }

// Committed returns the chips seat put in this hand, antes included.
func (h *Hand) Committed(seat int) chips.Chips { return h.committed[seat] }

// Folded reports whether seat folded (or sits out).
func (h *Hand) Folded(seat int) bool { return h.folded&(1<<seat) != 0 }

// AllIn reports whether seat is all-in.
func (h *Hand) AllIn(seat int) bool { return h.allin&(1<<seat) != 0 }

// Active reports whether seat is still in the hand and has chips: neither
// folded nor all-in.
func (h *Hand) Active(seat int) bool { return (h.folded|h.allin)&(1<<seat) == 0 }

// TableBet returns the street bet every player must match this round.
func (h *Hand) TableBet() chips.Chips { return h.tableBet }

// MinRaiseIncrement returns the last full raise increment: a raise must lift
// the table bet by at least this much unless it is an all-in.
func (h *Hand) MinRaiseIncrement() chips.Chips { return h.inc }

// Raises returns the number of raises made this round (an opening bet is
// not a raise; all-in raises count).
func (h *Hand) Raises() int { return h.raises }

// Pot returns every chip committed this hand plus the dead money.
func (h *Hand) Pot() chips.Chips {
	p := h.dead
	for i := 0; i < h.n; i++ {
		p += h.committed[i]
	}
	return p
}

// InHand returns the bitmask of seats that have not folded (bit i for seat
// i).
func (h *Hand) InHand() uint16 { return h.inHand() }

func (h *Hand) inHand() uint16 { return h.mask &^ h.folded }

// Legal returns the actions open to the seat to act.
func (h *Hand) Legal() Legal { var l Legal; h.legal(&l); return l }

// Apply checks a against Legal and applies it. An illegal action returns an
// error (wrapping ErrRoundOver, ErrIllegalAction or ErrBadAmount) and changes
// nothing.
func (h *Hand) Apply(a Action) error { return h.apply(a) }

// ApplyUnchecked applies a without validation, for search code that only
// plays actions taken from Legal. An illegal action leaves h in an
// undefined (but memory-safe) state.
func (h *Hand) ApplyUnchecked(a Action) { h.applyUnchecked(a) }

// ApplyOrFold applies a if it is legal and reports true; otherwise the seat
// to act folds (the betting-phase-design seed's "invalid ⇒ forced fold")
// and it reports false. When the round is over it does nothing and reports
// false.
func (h *Hand) ApplyOrFold(a Action) bool {
	if h.toAct < 0 {
		return false
	}
	if h.apply(a) == nil {
		return true
	}
	h.applyUnchecked(Action{Kind: Fold})
	return false
}

// Forfeit folds seat at once, whether or not it is to act: a player who
// pauses, leaves or runs out of time gives up its hand. Every chip it put
// in stays in the pot, even a bet nobody called (one forced-fold rule for
// every caller). It is an error for a seat that is not in the hand or is
// all-in, or once the hand is settled.
func (h *Hand) Forfeit(seat int) error { return h.forfeit(seat) }

// RaiseTo returns the Bet or Raise action of the seat to act that makes its
// street bet to (a PHH `cbr` amount), checked against Legal; a short all-in
// (to = street bet + stack) is accepted.
func (h *Hand) RaiseTo(to chips.Chips) (Action, error) { return h.raiseTo(to) }

// AllInAction returns the action of the seat to act that puts the most of
// its stack in: a Bet or Raise of the whole stack when that is legal (no
// limit, or a stack short of the limit), else a Call when a bet is faced
// (all-in for less when the stack is short), else a Check. It returns the
// zero Action when the round is over.
func (h *Hand) AllInAction() Action { return h.allInAction() }
