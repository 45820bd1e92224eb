package stats

import "github.com/deckforge/deckforge/engine/chips"

// Record is one player's record of one hand: its counts and the flags the
// spec keeps beside them.
type Record struct {
	Stats Counts
	// Success: the player won a pot (collected chips from it).
	Success bool
	// Aggressor: the player made the hand's last bet or raise.
	Aggressor bool
	// AggressorInPosition: the player was the aggressor and, when it made
	// that bet or raise, no other player who could still act came after it
	// (projected order in the first round).
	AggressorInPosition bool
	// Showdown: the player reached the showdown.
	Showdown bool
	// Positioned: two or more players were left after the first round and
	// the player was one of them; Position is then IP for the one who acts
	// last in the later rounds, OOP for the others.
	Positioned bool
	Position   Side
	// Net is the player's result in chips (collected plus its returned
	// uncalled bet minus everything it put in); meaningful only when
	// ResultKnown.
	Net         chips.Chips
	ResultKnown bool
}

// Players returns the number of seats of the current hand.
func (t *Tracker) Players() int { return t.n }

// Round returns the index of the current betting round, -1 before the
// first.
func (t *Tracker) Round() int { return t.round }

// Position returns the seat's position in the order of the rounds after the
// first: 0 acts first, the button last; -1 for a seat that sits out.
func (t *Tracker) Position(seat int) int { return int(t.pos[seat]) }

// Stack returns the chips the seat has behind.
func (t *Tracker) Stack(seat int) chips.Chips { return t.stack[seat] }

// StreetBet returns the chips the seat put in this round.
func (t *Tracker) StreetBet(seat int) chips.Chips { return t.bet[seat] }

// Committed returns the chips the seat put in this hand, antes included.
func (t *Tracker) Committed(seat int) chips.Chips { return t.committed[seat] }

// TableBet returns the largest street bet of the round.
func (t *Tracker) TableBet() chips.Chips { return t.tableBet }

// Folded reports whether the seat folded (or sits out).
func (t *Tracker) Folded(seat int) bool { return t.folded&(1<<seat) != 0 }

// AllIn reports whether the seat is all-in.
func (t *Tracker) AllIn(seat int) bool { return t.allin&(1<<seat) != 0 }

// DealtIn reports whether the seat plays the hand.
func (t *Tracker) DealtIn(seat int) bool { return t.in&(1<<seat) != 0 }

// Showdown reports whether the ended hand went to a showdown.
func (t *Tracker) Showdown() bool { return t.showdown }

// SecondRound reports whether two or more players were left after the first
// betting round.
func (t *Tracker) SecondRound() bool { return t.secondRnd }

// Count returns a seat's count of stat s in the current hand.
func (t *Tracker) Count(seat int, s Stat) int64 {
	if seat < 0 || seat >= MaxSeats || s >= NumStats {
		return 0
	}
	return int64(t.cnt[seat][s])
}

// Record returns a seat's record of the ended hand.
func (t *Tracker) Record(seat int) Record {
	var r Record
	for _, d := range t.dirty[:t.ndirty] {
		if int(d>>dirtyShift) == seat {
			s := d & dirtyMask
			r.Stats[s] = int64(t.cnt[seat][s])
		}
	}
	f := t.flags[seat]
	r.Success = f&fSuccess != 0
	r.Aggressor = f&fAggressor != 0
	r.AggressorInPosition = f&fAggressorIP != 0
	r.Showdown = f&fShowdown != 0
	r.Positioned = f&(fHandsIP|fHandsOOP) != 0
	if f&fHandsOOP != 0 {
		r.Position = OOP
	}
	r.Net = t.net[seat]
	r.ResultKnown = t.known && t.state == stDone
	return r
}

// AddTo adds the ended hand into dst, indexed by seat (a nil entry or a
// seat past the end of dst is skipped). It costs one addition per non-zero
// count.
func (t *Tracker) AddTo(dst []*Totals) {
	for _, d := range t.dirty[:t.ndirty] {
		seat, s := int(d>>dirtyShift), d&dirtyMask
		if seat < len(dst) && dst[seat] != nil {
			dst[seat].Counts[s] += int64(t.cnt[seat][s])
		}
	}
	if !t.known || t.state != stDone {
		return
	}
	for seat := 0; seat < t.n && seat < len(dst); seat++ {
		d := dst[seat]
		if d == nil || t.flags[seat]&(fHandsIP|fHandsOOP) == 0 {
			continue
		}
		bb := float64(t.net[seat]) / float64(t.unit)
		if t.flags[seat]&fHandsIP != 0 {
			d.ResultIP += bb
			d.ResultHandsIP++
		} else {
			d.ResultOOP += bb
			d.ResultHandsOOP++
		}
	}
}
