package replay

import (
	"math/bits"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
)

// Table is the table rebuilt at one step of one hand: what a viewer draws.
// It is built from the hand's snapshot and its events alone, without
// playing the rules; its pots are those engine/betting builds from the
// chips put in (betting.LayerPots).
//
// Chips are conserved at every step:
//
//	Σ Stack + Σ Bet + Σ Pots = Σ snapshot stacks + DeadMoney + Σ joins − Σ leaves + Σ adjustments
//
// (Total on the left, Expected on the right); the events only move chips
// between stacks, bets and pots, except that a player who joins brings its
// stack, one who leaves takes it away and a stack adjustment adds or
// removes chips between hands.
type Table struct {
	Kind GameKind
	// HandIndex is the hand's index in the replay, Number its number.
	HandIndex, Number int
	// Step is the number of the hand's events applied.
	Step   int
	Button int
	// Round is the current betting round (street) or game round, -1
	// before the first.
	Round int
	// Seats holds every seat of the table, indexed by seat number; empty
	// seats have Present and Left false.
	Seats []SeatState
	Board []cards.Card
	Piles []Pile
	// Trick is the current trick's cards, in the order played.
	Trick []TrickCard
	// Last is the last event applied (nil at step 0).
	Last *Event

	hand     *Hand
	dead     chips.Chips   // dead money in the main pot: DeadMoney and dead blinds paid
	taken    []chips.Chips // chips awarded from each pot
	awarded  bool
	start    chips.Chips // chips on the table at step 0
	external chips.Chips // chips brought by joins and adjustments, less those taken by leaves
}

// SeatState is one seat at one step.
type SeatState struct {
	Seat int
	Name string
	// Present reports a seated player; Left one who stood up during this
	// hand (its seat is empty now); Joined a newcomer waiting for its first
	// hand.
	Present, Left, Joined bool

	Stack chips.Chips
	// Bet is the seat's live bet in the current round; Collected its
	// earlier live bets of the hand, now in the pots; Ante the dead chips
	// it posted (antes).
	Bet, Collected, Ante chips.Chips
	// InHand reports that the seat was dealt in (posted, got cards or
	// acted); Folded, Mucked and AllIn what it did since.
	InHand, Folded, Mucked, AllIn bool
	// Short reports a seat all-in on a short ante: it could not post its
	// whole ante, and may win from each seat's ante only what it posted.
	Short bool

	Inactive   bool
	Intent     Intent
	DeadBlinds chips.Chips
	Away       bool

	Cards []HeldCard
	// Score, Tricks (tricks won) and WonCards (cards collected) of a card
	// game; Out reports a player out of the game and Winner one who won it.
	Score       int64
	Tricks      int
	WonCards    int
	Out, Winner bool
	// Won is the chips the seat collected from the pots this hand.
	Won chips.Chips

	// Last is the seat's last event in the current round (nil if none).
	Last *Event
}

// HeldCard is a card in a hand or on a pile, and whether everyone sees it.
type HeldCard struct {
	Card   cards.Card
	Public bool
}

// Pile is a shared pile of cards, the top card last.
type Pile struct {
	Name  string
	Cards []HeldCard
}

// TrickCard is a card played to the current trick.
type TrickCard struct {
	Seat int
	Card cards.Card
}

// Pot is a main or side pot: the chips still in it and the seats that can
// win it.
type Pot struct {
	Amount chips.Chips
	Seats  []int
}

// Status is what a viewer shows for a seat.
type Status uint8

// The seat statuses a viewer shows.
const (
	StatusPlaying        Status = iota // in the hand
	StatusFolded                       // folded
	StatusAllIn                        // all-in
	StatusPausedUntilBB                // sitting out until the big blind reaches it
	StatusPaused                       // sitting out
	StatusOwesDeadBlinds               // coming back, owes dead blinds
	StatusJoined                       // newly seated, waiting for its first hand
	StatusWaiting                      // sitting out, wants to play, owes nothing
	StatusLeaving                      // leaves at the next hand
	StatusLeft                         // stood up
	StatusOut                          // out of the game (a card game)
)

var statusNames = [...]string{
	"playing", "folded", "all_in", "paused_until_bb", "paused", "owes_dead_blinds",
	"joined", "waiting", "leaving", "left", "out",
}

// String returns the status in snake case ("paused_until_bb").
func (s Status) String() string { return enumName(statusNames[:], uint8(s)) }

// Status returns what the seat is doing, by priority: left; sitting out
// (leaving, paused until the big blind, paused, owing dead blinds, newly
// joined, waiting); out of the game; folded; all-in; playing.
func (s *SeatState) Status() Status {
	switch {
	case s.Left:
		return StatusLeft
	case s.Inactive:
		switch s.Intent {
		case IntentLeave:
			return StatusLeaving
		case IntentPauseUntilBB:
			return StatusPausedUntilBB
		case IntentPause:
			return StatusPaused
		}
		switch {
		case s.DeadBlinds > 0:
			return StatusOwesDeadBlinds
		case s.Joined:
			return StatusJoined
		}
		return StatusWaiting
	case s.Out:
		return StatusOut
	case s.Folded:
		return StatusFolded
	case s.AllIn:
		return StatusAllIn
	}
	return StatusPlaying
}

// reset sets t to hand hi of r at step 0.
func (t *Table) reset(r *Replay, hi int) {
	h := &r.Hands[hi]
	seats := t.Seats[:0]
	for i := range r.Game.SeatCount {
		seats = append(seats, SeatState{Seat: i, Cards: seatCards(t.Seats, i)})
	}
	*t = Table{
		Kind:      r.Game.Kind,
		HandIndex: hi,
		Number:    h.Number,
		Button:    h.Button,
		Round:     -1,
		Seats:     seats,
		Board:     t.Board[:0],
		Piles:     t.Piles[:0],
		Trick:     t.Trick[:0],
		taken:     t.taken[:0],
		hand:      h,
		dead:      h.DeadMoney,
		start:     h.DeadMoney,
	}
	for _, s := range h.Seats {
		if s.Seat < 0 || s.Seat >= len(t.Seats) {
			continue // not a seat of the table (Check reports it)
		}
		st := &t.Seats[s.Seat]
		st.Name = s.Name
		st.Present = true
		st.Joined = s.Status == Joined
		st.Stack = s.Stack
		st.Inactive = s.Inactive
		st.Intent = s.Intent
		st.DeadBlinds = s.DeadBlinds
		st.Away = s.Away
		st.Score = s.Score
		t.start += s.Stack
	}
	for _, name := range h.Piles {
		t.Piles = append(t.Piles, Pile{Name: name})
	}
}

// seatCards returns seat i's card slice of old, emptied, for reuse.
func seatCards(old []SeatState, i int) []HeldCard {
	if i < len(old) {
		return old[i].Cards[:0]
	}
	return nil
}

// Total returns the chips on the table: stacks, bets and pots.
func (t *Table) Total() chips.Chips {
	var sum chips.Chips
	for i := range t.Seats {
		s := &t.Seats[i]
		sum += s.Stack + s.Bet + s.Collected + s.Ante
	}
	sum += t.dead
	for _, x := range t.taken {
		sum -= x
	}
	return sum
}

// Expected returns the chips that should be on the table: those at step 0
// (the snapshot's stacks and dead money), plus the stacks brought by
// players who joined and stack adjustments, less the stacks taken by
// players who left.
func (t *Table) Expected() chips.Chips { return t.start + t.external }

// PotTotal returns the chips in the pots (bets on the table not included).
func (t *Table) PotTotal() chips.Chips {
	sum := t.dead
	for i := range t.Seats {
		sum += t.Seats[i].Collected + t.Seats[i].Ante
	}
	for _, x := range t.taken {
		sum -= x
	}
	return sum
}

// Pots returns the pots with chips still in them, main pot first, built
// from the seats' contributions as engine/betting builds them: each
// contribution level of the players still in the hand makes a pot that the
// players who reached it may win; the dead money (antes, dead blinds)
// belongs to the main pot, except the layers of antes that a player all-in
// on a short ante may win, which come first; chips a folded player put in
// above every level still in go to the last pot. Awards taken from a pot
// are subtracted. Bets of the current round are not in the pots until the
// round ends.
func (t *Table) Pots() []Pot {
	all := t.pots()
	out := all[:0]
	for k, p := range all {
		if k < len(t.taken) {
			p.Amount -= t.taken[k]
		}
		if p.Amount != 0 {
			out = append(out, p)
		}
	}
	return out
}

// pots returns the pots before awards (see Pots), built by engine/betting
// (betting.LayerPots) from the chips each seat put in: the main pot (the
// antes and dead money in it, and the first level), then a side pot per
// higher level. engine/betting plays at most 16 seats: a table with more
// seats in the pots has them all in one pot.
func (t *Table) pots() []Pot {
	dead := t.dead
	var seats []int // the seats in the pots, by engine/betting's index
	var in uint16
	for i := range t.Seats {
		s := &t.Seats[i]
		dead += s.Ante
		if s.Collected == 0 && !s.contends() {
			continue
		}
		if s.contends() && len(seats) < 16 {
			in |= 1 << len(seats)
		}
		seats = append(seats, i)
	}
	if len(seats) > 16 {
		total := dead
		var all []int
		for _, i := range seats {
			total += t.Seats[i].Collected
			if t.Seats[i].contends() {
				all = append(all, i)
			}
		}
		if total == 0 {
			return nil
		}
		return []Pot{{Amount: total, Seats: all}}
	}
	var level [16]chips.Chips
	for k, i := range seats {
		level[k] = t.Seats[i].Collected
	}
	var buf [2*16 + 1]betting.Pot
	var pots []Pot
	for _, p := range betting.LayerPots(buf[:0], level[:len(seats)], dead, in) {
		var elig []int
		for m := p.Eligible; m != 0; m &= m - 1 {
			elig = append(elig, seats[bits.TrailingZeros16(m)])
		}
		pots = append(pots, Pot{Amount: p.Amount, Seats: elig})
	}
	return pots
}

// contends reports whether the seat may still win a pot.
func (s *SeatState) contends() bool { return s.InHand && !s.Folded && !s.Left }

// sweep moves the bets on the table into the pots.
func (t *Table) sweep() {
	for i := range t.Seats {
		s := &t.Seats[i]
		s.Collected += s.Bet
		s.Bet = 0
	}
}
