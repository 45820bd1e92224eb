package phhconv

import (
	"fmt"
	"slices"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
	"github.com/deckforge/deckforge/replay"
)

// FromReplay converts every hand of a poker replay into a PHH hand (see
// FromHand).
func FromReplay(r *replay.Replay) ([]phh.Hand, error) {
	out := make([]phh.Hand, 0, len(r.Hands))
	for i := range r.Hands {
		h, err := FromHand(r, i)
		if err != nil {
			return nil, err
		}
		out = append(out, h)
	}
	return out, nil
}

// isPlay reports whether an event belongs to the play of the hand, not to
// the changes between hands that open it.
func isPlay(k replay.EventKind) bool {
	switch k {
	case replay.IntentChange, replay.SitOut, replay.SitIn, replay.DeadBlindsAccrued,
		replay.DeadBlindsPaid, replay.DeadBlindsCleared, replay.Join, replay.Leave,
		replay.Disconnect, replay.Reconnect, replay.StackAdjust, replay.Note:
		return false
	}
	return true
}

// FromHand converts hand i of a poker replay into a PHH hand: the table
// after the changes between hands that open the hand (so starting_stacks
// are after any dead blinds were paid, and those go into the user field
// _deadMoney), the players in PHH position order (p1 the seat after the
// button, the button last; heads-up the forced bets reverse-assigned),
// their seats (seat number + 1), _inactive, _intents and _deadBlinds when
// any is set, and the actions: deals, folds, checks and calls, bets and
// raises (cbr with the street bet), shows and mucks. Forced bets, rounds,
// returned bets and awards are implied by the PHH rules and not written;
// sitting in and out during the hand has no PHH notation and is left
// out. finishing_stacks are written when the hand is complete.
//
// The variant is the hand's (NT when it has none); NT, FT and PO are
// converted.
func FromHand(r *replay.Replay, i int) (phh.Hand, error) {
	fail := func(format string, args ...any) (phh.Hand, error) {
		return phh.Hand{}, fmt.Errorf("phhconv: hand %d: %s", i, fmt.Sprintf(format, args...))
	}
	if r.Game.Kind != replay.Poker {
		return fail("the replay is not of a poker game (%s)", r.Game.Kind)
	}
	if i < 0 || i >= len(r.Hands) {
		return fail("the replay has %d hands", len(r.Hands))
	}
	rh := &r.Hands[i]
	variant := phh.Variant(rh.Variant)
	if variant == "" {
		variant = phh.NoLimitTexasHoldem
	}
	if _, ok := gameOf(variant); !ok {
		return fail("variant %q: %v", variant, phh.ErrUnsupported)
	}
	start := slices.IndexFunc(rh.Events, func(e replay.Event) bool { return isPlay(e.Kind) })
	if start < 0 {
		start = len(rh.Events)
	}
	cur := replay.NewCursor(r, [32]byte{})
	if err := cur.Seek(i, start); err != nil {
		return phh.Hand{}, fmt.Errorf("phhconv: %w", err)
	}
	t := cur.Table()

	// Players in position order: from the seat after the button round to
	// the button.
	var order []int
	for s := range t.Seats {
		if t.Seats[s].Present {
			order = append(order, s)
		}
	}
	if rh.Button != replay.NoSeat {
		n := len(t.Seats)
		slices.SortFunc(order, func(a, b int) int {
			return (a-rh.Button-1+n)%n - (b-rh.Button-1+n)%n
		})
	}
	n := len(order)
	if n < 2 {
		return fail("%d players at the table: a PHH hand needs 2", n)
	}
	index := map[int]int{}
	for p, s := range order {
		index[s] = p
	}
	h := phh.Hand{
		Variant:           variant,
		Antes:             make([]chips.Chips, n),
		BlindsOrStraddles: make([]chips.Chips, n),
		StartingStacks:    make([]chips.Chips, n),
		Players:           make([]string, n),
		Seats:             make([]int, n),
		SeatCount:         r.Game.SeatCount,
	}
	amounts := []chips.Chips{}
	var inactive, intents []int
	var deadBlinds []chips.Chips
	var anyState bool
	for p, s := range order {
		st := &t.Seats[s]
		h.StartingStacks[p] = st.Stack
		h.Players[p] = st.Name
		h.Seats[p] = s + 1
		in := 0
		if st.Inactive {
			in = 1
		}
		inactive = append(inactive, in)
		intents = append(intents, int(st.Intent))
		deadBlinds = append(deadBlinds, st.DeadBlinds)
		anyState = anyState || st.Inactive || st.Intent != replay.IntentPlay || st.DeadBlinds != 0
		amounts = append(amounts, st.Stack)
	}
	if anyState {
		h.Inactive, h.Intents, h.DeadBlinds = inactive, intents, deadBlinds
	}
	blinds := make([]chips.Chips, n)
	antes := make([]chips.Chips, n)
	for _, f := range rh.Forced {
		p, ok := index[f.Seat]
		if !ok {
			return fail("seat %d owes a forced bet but is empty", f.Seat)
		}
		blinds[p], antes[p] = f.Blind, f.Ante
		amounts = append(amounts, f.Blind, f.Ante)
	}
	// PHHForcedBets reverses two entries both ways.
	phhBlinds, phhAntes := blinds, antes
	if n == 2 {
		phhBlinds = []chips.Chips{blinds[1], blinds[0]}
		phhAntes = []chips.Chips{antes[1], antes[0]}
	}
	for p, s := range order {
		// A short ante converted from PHH was trimmed (the only way
		// deckforge plays it).
		if t.Seats[s].Stack < antes[p] {
			trim := true
			h.AnteTrimming = &trim
		}
	}
	copy(h.BlindsOrStraddles, phhBlinds)
	copy(h.Antes, phhAntes)
	if variant == phh.FixedLimitTexasHoldem {
		h.SmallBet, h.BigBet = rh.MinBet, rh.BigBet
		if h.SmallBet <= 0 || h.BigBet <= 0 {
			return fail("a fixed-limit hand needs its small and big bets")
		}
	} else {
		h.MinBet = rh.MinBet
		if h.MinBet <= 0 {
			h.MinBet = rh.BigBlind
		}
		if h.MinBet <= 0 {
			h.MinBet = slices.Max(blinds)
		}
		if h.MinBet <= 0 {
			return fail("no minimum bet and no big blind")
		}
	}
	if dead := t.PotTotal(); dead != 0 {
		h.Fields = map[string]any{"_deadMoney": amountValue(dead)}
		amounts = append(amounts, dead)
	}

	for k := start; k < len(rh.Events); k++ {
		e := &rh.Events[k]
		p, seated := index[e.Seat]
		var a phh.Action
		switch e.Kind {
		case replay.Deal:
			a = phh.Action{Kind: phh.DealHole, Cards: slices.Clone(e.Cards)}
		case replay.Board:
			a = phh.Action{Kind: phh.DealBoard, Player: phh.Dealer, Cards: slices.Clone(e.Cards)}
		case replay.Fold:
			a = phh.Action{Kind: phh.Fold}
		case replay.Check, replay.Call:
			a = phh.Action{Kind: phh.CheckCall}
		case replay.Bet, replay.Raise:
			a = phh.Action{Kind: phh.BetRaise, Amount: e.To}
			amounts = append(amounts, e.To)
		case replay.Show:
			a = phh.Action{Kind: phh.ShowMuck, Cards: slices.Clone(e.Cards), Dash: len(e.Cards) == 0}
		case replay.Muck:
			a = phh.Action{Kind: phh.ShowMuck}
		default:
			continue
		}
		if a.Kind != phh.DealBoard {
			if !seated {
				return fail("event %d (%s) by seat %d, which is not in the hand", k, e.Kind, e.Seat)
			}
			a.Player = p
		}
		h.Actions = append(h.Actions, a)
	}
	if rh.Complete {
		h.FinishingStacks = make([]chips.Chips, n)
		for _, f := range rh.Final {
			if p, ok := index[f.Seat]; ok {
				h.FinishingStacks[p] = f.Stack
				amounts = append(amounts, f.Stack)
			}
		}
	}
	for _, x := range amounts {
		if x%chips.Scale != 0 {
			h.Decimal = true
		}
	}
	return h, nil
}

// amountValue returns a chip amount as the TOML value PHH writes: an
// integer for whole chips, else a float.
func amountValue(c chips.Chips) any {
	if c%chips.Scale == 0 {
		return int64(c / chips.Scale)
	}
	return float64(c) / chips.Scale
}
