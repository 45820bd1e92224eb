package replay

import (
	"fmt"
)

// Check reports the first field of r that cannot be right whatever the
// events mean: an enum value out of range, a seat outside 0..SeatCount-1
// (or NoSeat where none is allowed), a seat listed twice in a hand's
// snapshot, a pile index with no pile, a card that is not one (cards.None,
// 255, is an unknown card and is allowed), an award whose Seats and
// Amounts differ in length, a negative stack or dead blind, a seat's
// status that contradicts its _inactive flag. Encode and Decode call it;
// Validate goes further and rebuilds every hand.
func (r *Replay) Check() error {
	if err := checkGame(&r.Game); err != nil {
		return err
	}
	for i := range r.Hands {
		if err := r.checkHand(&r.Hands[i]); err != nil {
			return fmt.Errorf("replay: hand %d: %w", i, err)
		}
	}
	return nil
}

func (r *Replay) seatOK(s int) bool { return s >= 0 && s < r.Game.SeatCount }

func (r *Replay) checkHand(h *Hand) error {
	n := r.Game.SeatCount
	if h.Button != NoSeat && !r.seatOK(h.Button) {
		return fmt.Errorf("button %d is outside 0..%d", h.Button, n-1)
	}
	if h.DeadMoney < 0 {
		return fmt.Errorf("dead money %s is negative", h.DeadMoney)
	}
	var seen uint64
	for i, s := range h.Seats {
		switch {
		case !r.seatOK(s.Seat):
			return fmt.Errorf("seats[%d]: seat %d is outside 0..%d", i, s.Seat, n-1)
		case seen&(1<<s.Seat) != 0:
			return fmt.Errorf("seats[%d]: seat %d is listed twice", i, s.Seat)
		case s.Status > Joined:
			return fmt.Errorf("seats[%d]: status %d is not defined", i, s.Status)
		case s.Intent > IntentLeave:
			return fmt.Errorf("seats[%d]: intent %d is not defined", i, s.Intent)
		case s.Stack < 0:
			return fmt.Errorf("seats[%d]: stack %s is negative", i, s.Stack)
		case s.DeadBlinds < 0:
			return fmt.Errorf("seats[%d]: dead blinds %s are negative", i, s.DeadBlinds)
		case (s.Status == Playing) == s.Inactive:
			return fmt.Errorf("seats[%d]: status %s with _inactive %t", i, s.Status, s.Inactive)
		}
		seen |= 1 << s.Seat
	}
	for i, f := range h.Forced {
		switch {
		case !r.seatOK(f.Seat):
			return fmt.Errorf("forced[%d]: seat %d is outside 0..%d", i, f.Seat, n-1)
		case f.Blind < 0 || f.Ante < 0:
			return fmt.Errorf("forced[%d]: a forced bet is negative", i)
		}
	}
	for i, s := range h.Final {
		if !r.seatOK(s.Seat) {
			return fmt.Errorf("final[%d]: seat %d is outside 0..%d", i, s.Seat, n-1)
		}
	}
	for i := range h.Events {
		if err := r.checkEvent(h, &h.Events[i]); err != nil {
			return fmt.Errorf("event %d (%s): %w", i, h.Events[i].Kind, err)
		}
	}
	return nil
}

// needsSeat reports whether an event of kind k is taken by a seat.
func needsSeat(k EventKind) bool {
	switch k {
	case Round, Board, Award, PileAdd, Win, Note:
		return false
	}
	return true
}

func (r *Replay) checkEvent(h *Hand, e *Event) error {
	n := r.Game.SeatCount
	switch {
	case e.Kind >= numEventKinds:
		return fmt.Errorf("kind %d is not defined", e.Kind)
	case e.Post > BringIn:
		return fmt.Errorf("post %d is not defined", e.Post)
	case e.Intent > IntentLeave:
		return fmt.Errorf("intent %d is not defined", e.Intent)
	case e.Seat != NoSeat && !r.seatOK(e.Seat):
		return fmt.Errorf("seat %d is outside 0..%d", e.Seat, n-1)
	case e.Seat == NoSeat && needsSeat(e.Kind):
		return fmt.Errorf("no seat")
	case e.Target != NoSeat && !r.seatOK(e.Target):
		return fmt.Errorf("target %d is outside 0..%d", e.Target, n-1)
	case e.Target == NoSeat && (e.Kind == Give || e.Kind == Ask || e.Kind == Challenge):
		return fmt.Errorf("no target")
	case e.Pile < -1 || e.Pile >= len(h.Piles):
		return fmt.Errorf("pile %d: the hand has %d piles", e.Pile, len(h.Piles))
	case e.Pile < 0 && (e.Kind == PileAdd || e.Kind == Claim):
		return fmt.Errorf("no pile")
	case e.Round < 0 || e.Pot < 0:
		return fmt.Errorf("negative round or pot index")
	case e.Kind == Award && len(e.Seats) != len(e.Amounts):
		return fmt.Errorf("%d seats but %d amounts", len(e.Seats), len(e.Amounts))
	}
	for i, c := range e.Cards {
		if !c.Valid() && c != 255 {
			return fmt.Errorf("cards[%d] = %d is not a card", i, c)
		}
	}
	for i, s := range e.Seats {
		if !r.seatOK(s) {
			return fmt.Errorf("seats[%d] = %d is outside 0..%d", i, s, n-1)
		}
	}
	return nil
}
