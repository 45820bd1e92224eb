package replay

import (
	"fmt"
	"slices"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
)

// Recorder builds a replay while a game is played: one call per engine
// event. Each call checks the event against the table rebuilt so far (a
// seat that is not seated, a bet larger than the stack, an award larger
// than the pots…) and fills in what the caller need not compute: the
// street bet after a bet (raise-to) from the chips added (raise-by) or
// the other way round, the all-in flag, a call's amount, the forced bets'
// posting, the changes between two hands.
//
// Errors are sticky, as with bufio.Writer: after the first one every call
// does nothing, and Err, Replay and Encode report it, naming the hand and
// the event.
//
// A hand goes:
//
//	rec.BeginHand(HandStart{...})        // after table.Next: seats, button, forced bets
//	rec.Deal(seat, holeCards, false)     // for each seat dealt in
//	rec.Action(seat, replay.Raise, 40)   // each betting action (chips added)
//	rec.Round(1); rec.Board(flop...)     // each street
//	rec.Show(seat, cards, "two pair")    // at showdown
//	rec.Uncalled(seat, amount)           // when the betting is over
//	rec.Award(pot, winners, shares, "")  // each pot
//	rec.EndHand()
//
// and sitting in and out is recorded as it happens (SetIntent, Join,
// Disconnect, …) or, between hands, found by BeginHand itself.
type Recorder struct {
	r     Replay
	t     Table
	open  bool // a hand is being recorded
	ended bool // a hand was recorded: t holds its end
	err   error
}

// HandStart describes a hand as the engine starts it (after the changes
// between hands: players gone, joined, sitting out or back, dead blinds
// accrued or paid).
type HandStart struct {
	// Number is the hand's number; 0 numbers hands 1, 2, … in order.
	Number  int
	Label   string
	Variant string
	Button  int
	// SmallBlind and BigBlind are the stakes, MinBet and BigBet the bet
	// sizes (see Hand).
	SmallBlind, BigBlind, MinBet, BigBet chips.Chips
	// Seats are every seated player as the hand starts: stacks after any
	// dead blinds were paid, and the sit-in/sit-out fields. Status may be
	// left zero: an inactive seat is then recorded as sitting out (or as
	// joined, if it sat down during the previous hand).
	Seats []Seat
	// Forced are the forced bets of the hand's positions; BeginHand
	// records round 0 and posts them, the antes first, then the blinds and
	// straddles clockwise from the small blind (the smallest blind, the
	// first from the button on a tie). A seat posts at most its stack; a
	// seat that sits out posts nothing (the blind of its position is
	// missed).
	Forced []Forced
	// DeadMoney is the dead money in the pot as the hand starts (the dead
	// blinds the returning players paid).
	DeadMoney chips.Chips
	// Piles names the shared piles of a card game.
	Piles []string
}

// NewRecorder returns a recorder of a replay of g with no hands yet.
// g.SeatCount grows as seats are used; g.Players grows as players sit
// down.
func NewRecorder(g Game) *Recorder {
	g.Players = slices.Clone(g.Players)
	return &Recorder{r: Replay{Game: g}}
}

// Err returns the first error, or nil.
func (r *Recorder) Err() error { return r.err }

// Table returns the table as recorded so far: the current hand at its last
// event, or the last hand's end between hands.
func (r *Recorder) Table() *Table { return &r.t }

// Replay ends a hand still open and returns the replay. It is the
// recorder's own: further calls append to it.
func (r *Recorder) Replay() (*Replay, error) {
	if r.open {
		r.EndHand()
	}
	if r.err != nil {
		return nil, r.err
	}
	return &r.r, nil
}

// Encode ends a hand still open and encodes the replay (see Encode).
func (r *Recorder) Encode() ([]byte, error) {
	rp, err := r.Replay()
	if err != nil {
		return nil, err
	}
	return Encode(rp)
}

func (r *Recorder) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("replay: recording hand %d: %s", len(r.r.Hands), fmt.Sprintf(format, args...))
	}
}

func (r *Recorder) hand() *Hand { return &r.r.Hands[len(r.r.Hands)-1] }

// emit checks e against the table, applies it and appends it.
func (r *Recorder) emit(e Event) {
	if r.err != nil {
		return
	}
	if !r.open {
		r.fail("%s outside a hand (call BeginHand first)", e.Kind)
		return
	}
	h := r.hand()
	if err := r.r.checkEvent(h, &e); err != nil {
		r.fail("event %d (%s): %v", len(h.Events), e.Kind, err)
		return
	}
	h.Events = append(h.Events, e)
	r.t.hand = h
	if err := r.t.Apply(&h.Events[len(h.Events)-1]); err != nil {
		h.Events = h.Events[:len(h.Events)-1]
		r.fail("event %d (%s): %v", len(h.Events), e.Kind, err)
	}
}

// seatIn grows the seat count to hold seat.
func (r *Recorder) seatIn(seat int) bool {
	if seat < 0 || seat >= MaxSeats {
		r.fail("seat %d is outside 0..%d", seat, MaxSeats-1)
		return false
	}
	for r.r.Game.SeatCount <= seat {
		r.t.Seats = append(r.t.Seats, SeatState{Seat: r.r.Game.SeatCount})
		r.r.Game.SeatCount++
	}
	return true
}

func (r *Recorder) addPlayer(name string) {
	if !slices.Contains(r.r.Game.Players, name) {
		r.r.Game.Players = append(r.r.Game.Players, name)
	}
}

// BeginHand starts a hand. For the first hand the seats are recorded as
// given. For a later one the hand's snapshot is the previous hand's end
// and BeginHand records the changes between the two as the hand's first
// events: players who left and joined, intents, sitting out and in, dead
// blinds accrued, paid (the stack went down by them) or cleared (it did
// not), other stack changes, disconnections. Then it records round 0 and
// the forced bets when there are any. A hand still open is ended first.
func (r *Recorder) BeginHand(s HandStart) {
	if r.open {
		r.EndHand()
	}
	if r.err != nil {
		return
	}
	after := slices.Clone(s.Seats)
	slices.SortFunc(after, func(a, b Seat) int { return a.Seat - b.Seat })
	for i, st := range after {
		if !r.seatIn(st.Seat) {
			return
		}
		if i > 0 && after[i-1].Seat == st.Seat {
			r.fail("seat %d is listed twice", st.Seat)
			return
		}
		if st.Inactive && st.Status == Playing {
			after[i].Status = SittingOut
			if r.ended && r.t.Seats[st.Seat].Present && r.t.Seats[st.Seat].Joined && r.t.Seats[st.Seat].Name == st.Name {
				after[i].Status = Joined
			}
		}
		r.addPlayer(st.Name)
	}
	if s.Button != NoSeat && !r.seatIn(s.Button) {
		return
	}
	for _, f := range s.Forced {
		if !r.seatIn(f.Seat) {
			return
		}
	}
	number := s.Number
	if number == 0 {
		number = len(r.r.Hands) + 1
	}
	h := Hand{
		Number: number, Label: s.Label, Variant: s.Variant, Button: s.Button,
		SmallBlind: s.SmallBlind, BigBlind: s.BigBlind, MinBet: s.MinBet, BigBet: s.BigBet,
		Forced: slices.Clone(s.Forced), Piles: slices.Clone(s.Piles),
		Seats: after, DeadMoney: s.DeadMoney,
	}
	var moves []Event
	if r.ended {
		h.Seats = r.endSeats()
		moves = transitions(h.Seats, after)
		for _, e := range moves {
			if e.Kind == DeadBlindsPaid {
				h.DeadMoney -= e.Amount
			}
		}
		if h.DeadMoney < 0 {
			r.fail("dead money %s is less than the dead blinds paid", s.DeadMoney)
			return
		}
	}
	r.r.Hands = append(r.r.Hands, h)
	if err := r.r.checkHand(r.hand()); err != nil {
		r.r.Hands = r.r.Hands[:len(r.r.Hands)-1]
		r.fail("%v", err)
		return
	}
	r.t.reset(&r.r, len(r.r.Hands)-1)
	r.open = true
	for _, e := range moves {
		r.emit(e)
	}
	if r.err != nil {
		return
	}
	for _, st := range after {
		if msg := sameSeat(&r.t.Seats[st.Seat], st); msg != "" {
			r.fail("seat %d after the changes between hands: %s", st.Seat, msg)
			return
		}
	}
	if len(s.Forced) > 0 {
		r.emit(Event{Kind: Round, Seat: NoSeat, Target: NoSeat, Pile: -1})
		r.postForced(s)
	}
}

// endSeats returns the seats at the end of the previous hand as a
// snapshot.
func (r *Recorder) endSeats() []Seat {
	var out []Seat
	for i := range r.t.Seats {
		st := &r.t.Seats[i]
		if !st.Present {
			continue
		}
		status := Playing
		switch {
		case st.Inactive && st.Joined:
			status = Joined
		case st.Inactive:
			status = SittingOut
		}
		out = append(out, Seat{
			Seat: st.Seat, Name: st.Name, Stack: st.Stack, Status: status, Inactive: st.Inactive,
			Intent: st.Intent, DeadBlinds: st.DeadBlinds, Away: st.Away, Score: st.Score,
		})
	}
	return out
}

func sameSeat(s *SeatState, want Seat) string {
	switch {
	case !s.Present || s.Name != want.Name:
		return fmt.Sprintf("%q is not seated", want.Name)
	case s.Stack != want.Stack:
		return fmt.Sprintf("stack %s, want %s", s.Stack, want.Stack)
	case s.Inactive != want.Inactive || s.Intent != want.Intent:
		return "sit-in/sit-out state differs"
	case s.DeadBlinds != want.DeadBlinds:
		return fmt.Sprintf("dead blinds %s, want %s", s.DeadBlinds, want.DeadBlinds)
	}
	return ""
}

// transitions returns the events that turn the seats before into the
// seats after (both sorted by seat).
func transitions(before, after []Seat) []Event {
	var out []Event
	find := func(ss []Seat, seat int) (Seat, bool) {
		i := slices.IndexFunc(ss, func(s Seat) bool { return s.Seat == seat })
		if i < 0 {
			return Seat{}, false
		}
		return ss[i], true
	}
	for _, b := range before {
		if a, ok := find(after, b.Seat); !ok || a.Name != b.Name {
			e := NewEvent(Leave, b.Seat)
			e.Amount = b.Stack
			out = append(out, e)
		}
	}
	for _, a := range after {
		b, ok := find(before, a.Seat)
		if !ok || b.Name != a.Name {
			e := NewEvent(Join, a.Seat)
			e.Text, e.Amount, e.Intent = a.Name, a.Stack, a.Intent
			out = append(out, e)
			b = Seat{Seat: a.Seat, Name: a.Name, Stack: a.Stack, Inactive: true, Intent: a.Intent}
		}
		ev := func(k EventKind) *Event {
			out = append(out, NewEvent(k, a.Seat))
			return &out[len(out)-1]
		}
		if b.Away != a.Away {
			if a.Away {
				ev(Disconnect)
			} else {
				ev(Reconnect)
			}
		}
		if b.Intent != a.Intent {
			ev(IntentChange).Intent = a.Intent
		}
		if !b.Inactive && a.Inactive {
			ev(SitOut)
		}
		stack := a.Stack - b.Stack
		switch d := a.DeadBlinds - b.DeadBlinds; {
		case d > 0:
			e := ev(DeadBlindsAccrued)
			e.Amount, e.To = d, a.DeadBlinds
		case d < 0 && stack <= d && !a.Inactive:
			e := ev(DeadBlindsPaid)
			e.Amount, e.To = -d, a.DeadBlinds
			stack -= d
		case d < 0:
			e := ev(DeadBlindsCleared)
			e.Amount, e.To = -d, a.DeadBlinds
		}
		if stack != 0 {
			e := ev(StackAdjust)
			e.Amount, e.To = stack, a.Stack
		}
		if a.Score != b.Score {
			e := ev(Score)
			e.Points, e.Total = a.Score-b.Score, a.Score
		}
		if b.Inactive && !a.Inactive {
			ev(SitIn)
		}
	}
	return out
}

// postForced records the antes, then the blinds and straddles.
func (r *Recorder) postForced(s HandStart) {
	n := r.r.Game.SeatCount
	first := 0
	if s.Button != NoSeat {
		first = (s.Button + 1) % n
	}
	byOrder := slices.Clone(s.Forced)
	slices.SortStableFunc(byOrder, func(a, b Forced) int {
		return (a.Seat-first+n)%n - (b.Seat-first+n)%n
	})
	sitsOut := func(seat int) bool {
		st := &r.t.Seats[seat]
		return !st.Present || st.Inactive
	}
	for _, f := range byOrder {
		if f.Ante > 0 && !sitsOut(f.Seat) {
			r.post(f.Seat, Ante, f.Ante)
		}
	}
	var blinds []Forced
	for _, f := range byOrder {
		if f.Blind > 0 && !sitsOut(f.Seat) {
			blinds = append(blinds, f)
		}
	}
	if len(blinds) == 0 {
		return
	}
	sb := 0
	for i, f := range blinds {
		if f.Blind < blinds[sb].Blind {
			sb = i
		}
	}
	blinds = append(blinds[sb:], blinds[:sb]...)
	for i, f := range blinds {
		kind := Straddle
		switch {
		case i == 0 && (len(blinds) > 1 || f.Blind < s.BigBlind):
			kind = SmallBlind
		case i <= 1:
			kind = BigBlind
		}
		r.post(f.Seat, kind, f.Blind)
	}
}

func (r *Recorder) post(seat int, kind PostKind, amount chips.Chips) {
	if r.err != nil {
		return
	}
	if seat < 0 || seat >= len(r.t.Seats) || !r.t.Seats[seat].Present || r.t.Seats[seat].Inactive {
		r.fail("seat %d owes a forced bet but does not play", seat)
		return
	}
	st := &r.t.Seats[seat]
	amount = min(amount, st.Stack)
	e := NewEvent(Post, seat)
	e.Post, e.Amount, e.AllIn = kind, amount, amount == st.Stack
	e.To = st.Bet
	if kind != Ante {
		e.To += amount
	}
	r.emit(e)
}

// Post records a forced bet that HandStart.Forced did not hold (a bring-in,
// a late blind): at most the seat's stack.
func (r *Recorder) Post(seat int, kind PostKind, amount chips.Chips) {
	if kind == PostNone || kind > BringIn {
		r.fail("post of kind %d", kind)
		return
	}
	r.post(seat, kind, amount)
}

// EndHand ends the hand: its final stacks are the stacks rebuilt, and it
// is complete when no chip is left in the pots or bets.
func (r *Recorder) EndHand() {
	if r.err != nil {
		return
	}
	if !r.open {
		r.fail("EndHand without BeginHand")
		return
	}
	h := r.hand()
	h.Final = h.Final[:0]
	bets := chips.Chips(0)
	for i := range r.t.Seats {
		st := &r.t.Seats[i]
		bets += st.Bet
		if st.Present {
			h.Final = append(h.Final, Stack{Seat: st.Seat, Stack: st.Stack})
		}
	}
	h.Complete = bets == 0 && r.t.PotTotal() == 0
	r.open = false
	r.ended = true
}

// Round records the start of betting round (street) or game round round:
// the bets go into the pots. A call for the round in progress records
// nothing (BeginHand already started round 0 for the forced bets).
func (r *Recorder) Round(round int) {
	if r.open && r.t.Round == round {
		return
	}
	e := NewEvent(Round, NoSeat)
	e.Round = round
	r.emit(e)
}

// Deal records cards dealt to a seat, every value known (face-down cards
// too, so that a viewer can show them); public says whether they are
// face up. An unknown card is cards.None.
func (r *Recorder) Deal(seat int, cs []cards.Card, public bool) {
	e := NewEvent(Deal, seat)
	e.Cards, e.Public = slices.Clone(cs), public
	r.emit(e)
}

// Board records community cards.
func (r *Recorder) Board(cs ...cards.Card) {
	e := NewEvent(Board, NoSeat)
	e.Cards, e.Public = slices.Clone(cs), true
	r.emit(e)
}

// Action records a betting action of kind Fold, Check, Call, Bet or Raise
// (the kinds of engine/betting in the same order, so that
// replay.Fold+EventKind(a.Kind) maps one) with the chips it adds from the
// stack (raise-by, engine/betting's Action.Amount). A Call with added 0
// calls the gap to the table bet, or the whole stack when it is shorter.
// The street bet after it (raise-to) and the all-in flag are computed.
func (r *Recorder) Action(seat int, kind EventKind, added chips.Chips) {
	if r.err != nil {
		return
	}
	if !kind.IsBet() {
		r.fail("Action of kind %s", kind)
		return
	}
	if seat < 0 || seat >= len(r.t.Seats) {
		r.fail("%s by seat %d, which is not at the table", kind, seat)
		return
	}
	st := &r.t.Seats[seat]
	switch kind {
	case Fold, Check:
		if added != 0 {
			r.fail("%s by seat %d adds %s", kind, seat, added)
			return
		}
		r.emit(NewEvent(kind, seat))
		return
	case Call:
		if added == 0 {
			added = min(r.tableBet()-st.Bet, st.Stack)
		}
	}
	e := NewEvent(kind, seat)
	e.Amount, e.To, e.AllIn = added, st.Bet+added, added == st.Stack
	r.emit(e)
}

// CheckCall records PHH's "cc": a check when the seat has nothing to
// call, else a call (all-in for less when its stack is short).
func (r *Recorder) CheckCall(seat int) {
	if r.err != nil {
		return
	}
	if seat >= 0 && seat < len(r.t.Seats) && r.t.Seats[seat].Bet >= r.tableBet() {
		r.Action(seat, Check, 0)
		return
	}
	r.Action(seat, Call, 0)
}

// BetRaiseTo records PHH's "cbr TO": a bet when nobody has bet this round,
// else a raise, making the seat's street bet to.
func (r *Recorder) BetRaiseTo(seat int, to chips.Chips) {
	kind := Raise
	if r.tableBet() == 0 {
		kind = Bet
	}
	r.ActionTo(seat, kind, to)
}

// ActionTo is Action with the street bet the action makes (raise-to, what
// PHH's cbr writes) instead of the chips it adds. For Fold and Check, to
// is ignored; for Call, 0 means the table bet (capped by the stack).
func (r *Recorder) ActionTo(seat int, kind EventKind, to chips.Chips) {
	if r.err != nil {
		return
	}
	if seat < 0 || seat >= len(r.t.Seats) {
		r.fail("%s by seat %d, which is not at the table", kind, seat)
		return
	}
	switch {
	case kind == Fold || kind == Check:
		r.Action(seat, kind, 0)
	case kind == Call && to == 0:
		r.Action(seat, kind, 0)
	default:
		r.Action(seat, kind, to-r.t.Seats[seat].Bet)
	}
}

// tableBet returns the largest street bet.
func (r *Recorder) tableBet() chips.Chips {
	var b chips.Chips
	for i := range r.t.Seats {
		b = max(b, r.t.Seats[i].Bet)
	}
	return b
}

// Show records a seat showing its cards (nil: the cards it holds) and a
// description of its hand ("two pair, kings and sevens").
func (r *Recorder) Show(seat int, cs []cards.Card, desc string) {
	e := NewEvent(Show, seat)
	e.Cards, e.Public, e.Text = slices.Clone(cs), true, desc
	r.emit(e)
}

// Muck records a seat mucking its cards.
func (r *Recorder) Muck(seat int) { r.emit(NewEvent(Muck, seat)) }

// Uncalled records the uncalled bet returned to seat.
func (r *Recorder) Uncalled(seat int, amount chips.Chips) {
	e := NewEvent(Uncalled, seat)
	e.Amount = amount
	r.emit(e)
}

// Award records pot pot (0 the main pot, in the order of Table.Pots; an
// award of merged adjacent pots names the first) going to seats, each
// receiving the amount at the same index, and the winning hand's
// description.
func (r *Recorder) Award(pot int, seats []int, amounts []chips.Chips, desc string) {
	e := NewEvent(Award, NoSeat)
	e.Pot, e.Seats, e.Amounts, e.Text = pot, slices.Clone(seats), slices.Clone(amounts), desc
	r.emit(e)
}

// Settled records the end of a poker hand as the hand runner settled it
// (see SettlementEvents): the uncalled bet returned, then each pot's award.
// seats maps the runner's seats to the replay's (nil: the same numbers);
// desc(s), when given, describes runner seat s's hand at a showdown.
func (r *Recorder) Settled(st *phh.Settlement, seats []int, showdown bool, desc func(int) string) {
	if r.err == nil && !r.open {
		r.fail("Settled outside a hand")
	}
	for _, e := range SettlementEvents(st, seats, showdown, desc, 0) {
		r.emit(e)
	}
}
