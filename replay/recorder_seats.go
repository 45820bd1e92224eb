package replay

import (
	"github.com/deckforge/deckforge/engine/chips"
)

// SitOut records seat sitting out (_inactive 1).
func (r *Recorder) SitOut(seat int) { r.emit(NewEvent(SitOut, seat)) }

// SitIn records seat coming back (_inactive 0).
func (r *Recorder) SitIn(seat int) { r.emit(NewEvent(SitIn, seat)) }

// Join records a player sitting down at seat with stack, inactive until
// it plays, with intent in (engine/table's Merge for a joiner).
func (r *Recorder) Join(seat int, name string, stack chips.Chips, in Intent) {
	if r.err != nil || !r.seatIn(seat) {
		return
	}
	r.addPlayer(name)
	e := NewEvent(Join, seat)
	e.Text, e.Amount, e.Intent = name, stack, in
	r.emit(e)
}

// Leave records the player at seat standing up with its stack.
func (r *Recorder) Leave(seat int) {
	e := NewEvent(Leave, seat)
	if seat >= 0 && seat < len(r.t.Seats) {
		e.Amount = r.t.Seats[seat].Stack
	}
	r.emit(e)
}

// Disconnect records the player at seat losing its connection.
func (r *Recorder) Disconnect(seat int) { r.emit(NewEvent(Disconnect, seat)) }

// Reconnect records the player at seat coming back online.
func (r *Recorder) Reconnect(seat int) { r.emit(NewEvent(Reconnect, seat)) }

// AccrueDeadBlinds records amount added to seat's dead blinds.
func (r *Recorder) AccrueDeadBlinds(seat int, amount chips.Chips) {
	r.deadBlinds(DeadBlindsAccrued, seat, amount)
}

// PayDeadBlinds records seat paying amount of its dead blinds into the pot.
func (r *Recorder) PayDeadBlinds(seat int, amount chips.Chips) {
	r.deadBlinds(DeadBlindsPaid, seat, amount)
}

// ClearDeadBlinds records seat's dead blinds being forgiven (it came back
// at the big blind).
func (r *Recorder) ClearDeadBlinds(seat int) {
	var owed chips.Chips
	if seat >= 0 && seat < len(r.t.Seats) {
		owed = r.t.Seats[seat].DeadBlinds
	}
	r.deadBlinds(DeadBlindsCleared, seat, owed)
}

func (r *Recorder) deadBlinds(k EventKind, seat int, amount chips.Chips) {
	e := NewEvent(k, seat)
	e.Amount = amount
	if seat >= 0 && seat < len(r.t.Seats) {
		e.To = r.t.Seats[seat].DeadBlinds
		if k == DeadBlindsAccrued {
			e.To += amount
		} else {
			e.To -= amount
		}
	}
	r.emit(e)
}

// AdjustStack records chips added to (or taken from) seat's stack
// between hands.
func (r *Recorder) AdjustStack(seat int, delta chips.Chips) {
	e := NewEvent(StackAdjust, seat)
	e.Amount = delta
	if seat >= 0 && seat < len(r.t.Seats) {
		e.To = r.t.Seats[seat].Stack + delta
	}
	r.emit(e)
}

// Event records e as it is: for events the other methods do not cover.
func (r *Recorder) Event(e Event) { r.emit(e) }
