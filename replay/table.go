package replay

import (
	"fmt"
	"math/bits"
	"slices"

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

// Apply applies the hand's next event e. It fails when e does not fit the
// table: a seat that is not seated, more chips than a stack holds, a To
// that is not the result, an award larger than the pots, a card a player
// does not hold. After a failure the table may be partly changed: rebuild
// it from the snapshot (Cursor.Seek).
func (t *Table) Apply(e *Event) error {
	if err := t.apply(e); err != nil {
		return err
	}
	t.Step++
	t.Last = e
	if e.Seat >= 0 && e.Seat < len(t.Seats) {
		t.Seats[e.Seat].Last = e
	}
	return nil
}

func (t *Table) seat(e *Event) (*SeatState, error) {
	if e.Seat < 0 || e.Seat >= len(t.Seats) {
		return nil, fmt.Errorf("seat %d is not at the table", e.Seat)
	}
	s := &t.Seats[e.Seat]
	if !s.Present {
		return nil, fmt.Errorf("seat %d is empty", e.Seat)
	}
	return s, nil
}

// pay takes amount from s's stack.
func pay(s *SeatState, amount chips.Chips) error {
	switch {
	case amount < 0:
		return fmt.Errorf("seat %d: amount %s is negative", s.Seat, amount)
	case amount > s.Stack:
		return fmt.Errorf("seat %d: puts in %s with a stack of %s", s.Seat, amount, s.Stack)
	}
	s.Stack -= amount
	return nil
}

func (t *Table) apply(e *Event) error {
	switch e.Kind {
	case Round:
		t.sweep()
		t.Round = e.Round
		for i := range t.Seats {
			t.Seats[i].Last = nil
		}
		return nil
	case Board:
		t.Board = append(t.Board, e.Cards...)
		return nil
	case Award:
		return t.award(e)
	case PileAdd:
		return t.pileAdd(e.Pile, e.Cards, e.Public)
	case Win:
		for _, w := range e.Seats {
			if w >= 0 && w < len(t.Seats) {
				t.Seats[w].Winner = true
			}
		}
		return nil
	case Note:
		return nil
	case Join:
		return t.join(e)
	}
	s, err := t.seat(e)
	if err != nil {
		return err
	}
	switch e.Kind {
	case Post:
		return t.post(s, e)
	case Deal:
		s.InHand = true
		for _, c := range e.Cards {
			s.Cards = append(s.Cards, HeldCard{Card: c, Public: e.Public})
		}
	case Fold:
		s.Folded = true
		s.InHand = true
	case Check:
		s.InHand = true
	case Call, Bet, Raise:
		return t.bet(s, e)
	case Show:
		show(s, e.Cards)
	case Muck:
		s.Mucked = true
	case Uncalled:
		return t.uncalled(s, e)
	case Play:
		if err := take(s, e.Cards); err != nil {
			return err
		}
		if e.Pile < 0 {
			for _, c := range e.Cards {
				t.Trick = append(t.Trick, TrickCard{Seat: s.Seat, Card: c})
			}
			return nil
		}
		return t.pileAdd(e.Pile, e.Cards, e.Public)
	case Draw:
		if e.Pile >= 0 {
			if err := t.pileTake(e.Pile, e.Cards); err != nil {
				return err
			}
		}
		s.InHand = true
		for _, c := range e.Cards {
			s.Cards = append(s.Cards, HeldCard{Card: c, Public: e.Public})
		}
	case Discard, Claim:
		if err := take(s, e.Cards); err != nil {
			return err
		}
		if e.Pile >= 0 {
			return t.pileAdd(e.Pile, e.Cards, e.Public && e.Kind == Discard)
		}
	case Give:
		if e.Target < 0 || e.Target >= len(t.Seats) || !t.Seats[e.Target].Present {
			return fmt.Errorf("target seat %d is empty", e.Target)
		}
		if err := take(s, e.Cards); err != nil {
			return err
		}
		to := &t.Seats[e.Target]
		for _, c := range e.Cards {
			to.Cards = append(to.Cards, HeldCard{Card: c, Public: e.Public})
		}
	case Ask, Challenge, Pass:
	case TrickWon:
		s.Tricks++
		s.WonCards += len(t.Trick)
		t.Trick = t.Trick[:0]
	case Score:
		s.Score += e.Points
		if s.Score != e.Total {
			return fmt.Errorf("seat %d: score %d after the change, event says %d", s.Seat, s.Score, e.Total)
		}
	case Out:
		s.Out = true
	case IntentChange:
		s.Intent = e.Intent
	case SitOut:
		s.Inactive = true
	case SitIn:
		s.Inactive = false
		s.Joined = false
	case DeadBlindsAccrued, DeadBlindsPaid, DeadBlindsCleared:
		return t.deadBlinds(s, e)
	case Leave:
		if e.Amount != s.Stack {
			return fmt.Errorf("seat %d leaves with %s, its stack is %s", s.Seat, e.Amount, s.Stack)
		}
		t.external -= s.Stack
		s.Stack = 0
		s.Present = false
		s.Left = true
		s.Cards = s.Cards[:0]
	case Disconnect:
		s.Away = true
	case Reconnect:
		s.Away = false
	case StackAdjust:
		if s.Stack+e.Amount < 0 {
			return fmt.Errorf("seat %d: adjustment %s leaves a negative stack", s.Seat, e.Amount)
		}
		s.Stack += e.Amount
		t.external += e.Amount
		if s.Stack != e.To {
			return fmt.Errorf("seat %d: stack %s after the adjustment, event says %s", s.Seat, s.Stack, e.To)
		}
	default:
		return fmt.Errorf("unknown event kind %d", e.Kind)
	}
	return nil
}

func (t *Table) post(s *SeatState, e *Event) error {
	if err := t.reopen(); err != nil {
		return err
	}
	if err := pay(s, e.Amount); err != nil {
		return err
	}
	s.InHand = true
	if e.Post == Ante {
		s.Ante += e.Amount
		if e.AllIn && e.Amount < t.forcedAnte(s.Seat) {
			s.Short = true
		}
	} else {
		s.Bet += e.Amount
	}
	return t.checkBet(s, e)
}

// forcedAnte returns the ante the hand's forced bets ask of seat.
func (t *Table) forcedAnte(seat int) chips.Chips {
	if t.hand == nil {
		return 0
	}
	for _, f := range t.hand.Forced {
		if f.Seat == seat {
			return f.Ante
		}
	}
	return 0
}

func (t *Table) bet(s *SeatState, e *Event) error {
	if err := t.reopen(); err != nil {
		return err
	}
	if err := pay(s, e.Amount); err != nil {
		return err
	}
	s.InHand = true
	s.Bet += e.Amount
	return t.checkBet(s, e)
}

// checkBet checks the street bet and all-in flag an event reports.
func (t *Table) checkBet(s *SeatState, e *Event) error {
	if s.Bet != e.To {
		return fmt.Errorf("seat %d: street bet %s after the event, event says %s", s.Seat, s.Bet, e.To)
	}
	if (s.Stack == 0) != e.AllIn {
		return fmt.Errorf("seat %d: all-in is %t with %s behind", s.Seat, e.AllIn, s.Stack)
	}
	s.AllIn = s.Stack == 0
	return nil
}

// reopen starts a new pot when chips go in again after an award. A game
// may settle its pot and bet again in the same hand (a showdown halfway
// through, then more betting): the settled pot must then be empty, and its
// contributions are cleared, so that the new pot's layers, its uncalled
// bet and its awards count the new bets alone. A seat keeps its folded
// flag and what it won; it is all-in only with an empty stack.
func (t *Table) reopen() error {
	if !t.awarded {
		return nil
	}
	if left := t.PotTotal(); left != 0 {
		return fmt.Errorf("chips bet again while the awarded pots still hold %s", left)
	}
	for i := range t.Seats {
		s := &t.Seats[i]
		s.Collected, s.Ante, s.Short = 0, 0, false
		s.AllIn = s.AllIn && s.Stack == 0
	}
	t.taken = t.taken[:0]
	t.dead = 0
	t.awarded = false
	return nil
}

func (t *Table) uncalled(s *SeatState, e *Event) error {
	switch {
	case t.awarded:
		return fmt.Errorf("uncalled bet returned after an award")
	case e.Amount < 0 || e.Amount > s.Bet+s.Collected:
		return fmt.Errorf("seat %d: returns %s of a bet of %s", s.Seat, e.Amount, s.Bet+s.Collected)
	}
	fromBet := min(e.Amount, s.Bet)
	s.Bet -= fromBet
	s.Collected -= e.Amount - fromBet
	s.Stack += e.Amount
	if s.Stack > 0 {
		s.AllIn = false
	}
	return nil
}

func (t *Table) award(e *Event) error {
	t.sweep()
	pots := t.pots()
	for len(t.taken) < len(pots) {
		t.taken = append(t.taken, 0)
	}
	if len(pots) == 0 {
		return fmt.Errorf("award with no pot")
	}
	if e.Pot >= len(pots) {
		return fmt.Errorf("pot %d: there are %d pots", e.Pot, len(pots))
	}
	for j, w := range e.Seats {
		a := e.Amounts[j]
		if a < 0 {
			return fmt.Errorf("seat %d: award %s is negative", w, a)
		}
		if w < 0 || w >= len(t.Seats) || !t.Seats[w].Present {
			return fmt.Errorf("award to seat %d, which is empty", w)
		}
		rest := a
		for k := e.Pot; k < len(pots) && rest > 0; k++ {
			rest = t.takeFrom(pots, k, rest)
		}
		for k := e.Pot - 1; k >= 0 && rest > 0; k-- {
			rest = t.takeFrom(pots, k, rest)
		}
		if rest > 0 {
			return fmt.Errorf("seat %d: award of %s is %s more than the pots hold", w, a, rest)
		}
		s := &t.Seats[w]
		s.Stack += a
		s.Won += a
		s.Last = e
	}
	t.awarded = true
	return nil
}

func (t *Table) takeFrom(pots []Pot, k int, want chips.Chips) chips.Chips {
	x := min(pots[k].Amount-t.taken[k], want)
	if x <= 0 {
		return want
	}
	t.taken[k] += x
	return want - x
}

func (t *Table) deadBlinds(s *SeatState, e *Event) error {
	if e.Amount < 0 {
		return fmt.Errorf("seat %d: dead-blind amount %s is negative", s.Seat, e.Amount)
	}
	switch e.Kind {
	case DeadBlindsAccrued:
		s.DeadBlinds += e.Amount
	case DeadBlindsPaid:
		if e.Amount > s.DeadBlinds {
			return fmt.Errorf("seat %d: pays %s of dead blinds, owes %s", s.Seat, e.Amount, s.DeadBlinds)
		}
		if err := pay(s, e.Amount); err != nil {
			return err
		}
		s.DeadBlinds -= e.Amount
		t.dead += e.Amount
	case DeadBlindsCleared:
		if e.Amount > s.DeadBlinds {
			return fmt.Errorf("seat %d: clears %s of dead blinds, owes %s", s.Seat, e.Amount, s.DeadBlinds)
		}
		s.DeadBlinds -= e.Amount
	}
	if s.DeadBlinds != e.To {
		return fmt.Errorf("seat %d: owes %s of dead blinds after the event, event says %s", s.Seat, s.DeadBlinds, e.To)
	}
	return nil
}

func (t *Table) join(e *Event) error {
	if e.Seat < 0 || e.Seat >= len(t.Seats) {
		return fmt.Errorf("seat %d is not at the table", e.Seat)
	}
	s := &t.Seats[e.Seat]
	switch {
	case s.Present:
		return fmt.Errorf("seat %d is taken by %s", e.Seat, s.Name)
	case e.Amount < 0:
		return fmt.Errorf("seat %d: joins with a negative stack %s", e.Seat, e.Amount)
	case s.Bet != 0 || s.Collected != 0:
		return fmt.Errorf("seat %d: joins while the previous player's chips are in this hand", e.Seat)
	}
	*s = SeatState{
		Seat: e.Seat, Name: e.Text, Present: true, Joined: true, Stack: e.Amount,
		Inactive: true, Intent: e.Intent, Cards: s.Cards[:0],
	}
	t.external += e.Amount
	return nil
}

func (t *Table) pileAdd(p int, cs []cards.Card, public bool) error {
	if p < 0 || p >= len(t.Piles) {
		return fmt.Errorf("pile %d: there are %d piles", p, len(t.Piles))
	}
	for _, c := range cs {
		t.Piles[p].Cards = append(t.Piles[p].Cards, HeldCard{Card: c, Public: public})
	}
	return nil
}

// pileTake removes cs from pile p: each card by value when the pile holds
// it, else the top card (an unknown card drawn from a face-down pile).
func (t *Table) pileTake(p int, cs []cards.Card) error {
	if p < 0 || p >= len(t.Piles) {
		return fmt.Errorf("pile %d: there are %d piles", p, len(t.Piles))
	}
	pl := &t.Piles[p]
	for _, c := range cs {
		if len(pl.Cards) == 0 {
			return fmt.Errorf("pile %d (%s) is empty", p, pl.Name)
		}
		i := len(pl.Cards) - 1
		if c != cards.None {
			if j := slices.IndexFunc(pl.Cards, func(h HeldCard) bool { return h.Card == c }); j >= 0 {
				i = j
			}
		}
		pl.Cards = slices.Delete(pl.Cards, i, i+1)
	}
	return nil
}

// take removes cs from the seat's hand: each card by value, or an unknown
// card in its place.
func take(s *SeatState, cs []cards.Card) error {
	for _, c := range cs {
		i := slices.IndexFunc(s.Cards, func(h HeldCard) bool { return h.Card == c })
		if i < 0 {
			i = slices.IndexFunc(s.Cards, func(h HeldCard) bool { return h.Card == cards.None })
		}
		if i < 0 {
			return fmt.Errorf("seat %d does not hold %s", s.Seat, c)
		}
		s.Cards = slices.Delete(s.Cards, i, i+1)
	}
	return nil
}

// show turns the seat's cards face up: the shown cards replace those held
// (an unknown shown card keeps the held one, still hidden).
func show(s *SeatState, cs []cards.Card) {
	held := s.Cards
	out := make([]HeldCard, len(cs))
	for i, c := range cs {
		switch {
		case c != cards.None:
			out[i] = HeldCard{Card: c, Public: true}
		case i < len(held):
			out[i] = held[i]
		default:
			out[i] = HeldCard{Card: cards.None}
		}
	}
	if len(cs) == 0 { // "show what you hold"
		out = held
		for i := range out {
			out[i].Public = true
		}
	}
	s.Cards = out
}
