package replay

import (
	"fmt"
	"slices"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
)

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
