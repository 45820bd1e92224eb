package replay

import (
	"crypto/sha256"
	"fmt"
)

// Cursor walks a replay: it holds a position (a hand and a step in it)
// and the table rebuilt there. Step 0 of a hand is its snapshot, step k
// the table after its first k events; after a hand's last step comes step
// 0 of the next hand.
//
// Moving forward applies events one by one; moving back rebuilds the hand
// from its snapshot, so every position costs at most one hand's events.
type Cursor struct {
	r       *Replay
	hash    [32]byte
	showAll bool
	t       Table
}

// Open decodes a replay, checks that every hand rebuilds (Validate) and
// returns a cursor at its first step, whose hash is the SHA-256 of data.
func Open(data []byte) (*Cursor, error) {
	r, err := Decode(data)
	if err != nil {
		return nil, err
	}
	if err := r.Validate(); err != nil {
		return nil, err
	}
	return NewCursor(r, sha256.Sum256(data)), nil
}

// NewCursor returns a cursor at the first step of r. hash identifies the
// source the replay was read from (StateJSON reports it); Open uses the
// SHA-256 of the replay's bytes. r should pass Check (Decode, the
// Recorder and phhconv make sure of it); events that do not fit the
// table are reported by the moves. r must not change while the cursor is
// in use.
func NewCursor(r *Replay, hash [32]byte) *Cursor {
	c := &Cursor{r: r, hash: hash}
	if len(r.Hands) > 0 {
		c.t.reset(r, 0)
	}
	return c
}

// Replay returns the replay the cursor walks.
func (c *Cursor) Replay() *Replay { return c.r }

// Hash returns the hash of the replay's source.
func (c *Cursor) Hash() [32]byte { return c.hash }

// Table returns the table at the current position. It stays valid until
// the cursor moves.
func (c *Cursor) Table() *Table { return &c.t }

// Position returns the current hand index and step.
func (c *Cursor) Position() (hand, step int) { return c.t.HandIndex, c.t.Step }

// Steps returns the number of steps after step 0 in the current hand (its
// number of events).
func (c *Cursor) Steps() int {
	if len(c.r.Hands) == 0 {
		return 0
	}
	return len(c.r.Hands[c.t.HandIndex].Events)
}

// ShowAll reports whether every hole card is shown.
func (c *Cursor) ShowAll() bool { return c.showAll }

// SetShowAll sets whether StateJSON shows every hole card, face down ones
// included, or only what the players at the table see.
func (c *Cursor) SetShowAll(on bool) { c.showAll = on }

// Seek moves to step of hand, rebuilding the hand from its snapshot. An
// event that does not apply is an error naming the hand and event; the
// cursor then stays on the step before it.
func (c *Cursor) Seek(hand, step int) error {
	if hand < 0 || hand >= len(c.r.Hands) {
		return fmt.Errorf("replay: hand %d: the replay has %d hands", hand, len(c.r.Hands))
	}
	evs := c.r.Hands[hand].Events
	if step < 0 || step > len(evs) {
		return fmt.Errorf("replay: hand %d has steps 0..%d, not %d", hand, len(evs), step)
	}
	c.t.reset(c.r, hand)
	for i := range step {
		if err := c.t.Apply(&evs[i]); err != nil {
			return eventErr(hand, i, &evs[i], err)
		}
	}
	return nil
}

func eventErr(hand, i int, e *Event, err error) error {
	return fmt.Errorf("replay: hand %d, event %d (%s): %w", hand, i, e.Kind, err)
}

// SeekHand moves to step 0 of hand.
func (c *Cursor) SeekHand(hand int) error { return c.Seek(hand, 0) }

// Forward moves n steps forward (crossing into the next hands) and
// returns how many it moved: fewer than n at the end of the replay.
func (c *Cursor) Forward(n int) (int, error) {
	moved := 0
	for moved < n && len(c.r.Hands) > 0 {
		hi, step := c.Position()
		evs := c.r.Hands[hi].Events
		switch {
		case step < len(evs):
			if err := c.t.Apply(&evs[step]); err != nil {
				return moved, eventErr(hi, step, &evs[step], err)
			}
		case hi+1 < len(c.r.Hands):
			c.t.reset(c.r, hi+1)
		default:
			return moved, nil
		}
		moved++
	}
	return moved, nil
}

// Back moves n steps back (crossing into the previous hands) and returns
// how many it moved: fewer than n at the start of the replay.
func (c *Cursor) Back(n int) (int, error) {
	hi, step := c.Position()
	moved := 0
	for ; moved < n && len(c.r.Hands) > 0; moved++ {
		if step > 0 {
			step--
		} else if hi > 0 {
			hi--
			step = len(c.r.Hands[hi].Events)
		} else {
			break
		}
	}
	if moved == 0 {
		return 0, nil
	}
	return moved, c.Seek(hi, step)
}

// Move moves n steps forward (n > 0) or back (n < 0) and returns how many
// it moved.
func (c *Cursor) Move(n int) (int, error) {
	if n < 0 {
		m, err := c.Back(-n)
		return -m, err
	}
	return c.Forward(n)
}

// NextHand moves to step 0 of the next hand; false at the last hand.
func (c *Cursor) NextHand() (bool, error) {
	hi, _ := c.Position()
	if hi+1 >= len(c.r.Hands) {
		return false, nil
	}
	return true, c.Seek(hi+1, 0)
}

// PrevHand moves to step 0 of the current hand, or of the previous one
// when already there; false at step 0 of the first hand.
func (c *Cursor) PrevHand() (bool, error) {
	hi, step := c.Position()
	switch {
	case step > 0:
		return true, c.Seek(hi, 0)
	case hi > 0:
		return true, c.Seek(hi-1, 0)
	}
	return false, nil
}

// Validate checks r (Check) and rebuilds every hand to its last step:
// every event must
// apply (see Table.Apply), the chips must add up at every step (Total =
// Expected), and a hand's Final stacks, when recorded, must be the
// rebuilt stacks of the seats still seated.
func (r *Replay) Validate() error {
	if err := r.Check(); err != nil {
		return err
	}
	var t Table
	for hi := range r.Hands {
		t.reset(r, hi)
		h := &r.Hands[hi]
		for i := range h.Events {
			if err := t.Apply(&h.Events[i]); err != nil {
				return eventErr(hi, i, &h.Events[i], err)
			}
			if t.Total() != t.Expected() {
				return eventErr(hi, i, &h.Events[i], fmt.Errorf("%s chips on the table, want %s", t.Total(), t.Expected()))
			}
		}
		for _, f := range h.Final {
			s := &t.Seats[f.Seat]
			if !s.Present {
				return fmt.Errorf("replay: hand %d: final stack of seat %d, which is empty", hi, f.Seat)
			}
			if s.Stack != f.Stack {
				return fmt.Errorf("replay: hand %d: seat %d (%s) ends with %s, final stacks say %s", hi, f.Seat, s.Name, s.Stack, f.Stack)
			}
		}
	}
	return nil
}
