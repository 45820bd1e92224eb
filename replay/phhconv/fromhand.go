package phhconv

import (
	"errors"
	"fmt"
	"slices"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
	"github.com/deckforge/deckforge/replay"
)

// ErrNotPlayed is the error of a hand fewer than two players were dealt
// into (a table waiting for players, or for a hand with a forced bet): it
// has no PHH.
var ErrNotPlayed = errors.New("fewer than two players dealt in")

// FromReplay converts every hand of a poker replay into a PHH hand (see
// FromHand), leaving out the hands nobody played (ErrNotPlayed).
func FromReplay(r *replay.Replay) ([]phh.Hand, error) {
	out := make([]phh.Hand, 0, len(r.Hands))
	for i := range r.Hands {
		h, err := FromHand(r, i)
		if errors.Is(err, ErrNotPlayed) {
			continue
		}
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

// User fields FromHand writes for the seats that sit out of a hand (they
// are not PHH players: PokerKit, the format's reference, would deal them
// in): their seats (1-based), names and stacks.
const (
	fieldOutSeats   = "_outSeats"
	fieldOutPlayers = "_outPlayers"
	fieldOutStacks  = "_outStacks"
	fieldDeadMoney  = "_deadMoney"
)

// FromHand converts hand i of a poker replay into a PHH hand that
// deckforge's phh.Replay and PokerKit both replay to the hand's final
// stacks.
//
// The players are the seats dealt in, in PHH position order (p1 the first
// of them after the button, the button last; heads-up the forced bets
// reverse-assigned), with their seats (seat number + 1); a seat that sits
// the hand out, or has no chips, is not a player and is listed with its
// real stack in the user fields _outSeats, _outPlayers and _outStacks.
// starting_stacks are the stacks as the hand starts; dead blinds a
// returning player pays into the pot are written as its ante (dead money
// in the main pot, as PHH antes are), other dead money as _deadMoney.
// The forced bets are the ones posted (a blind posted all in for less is
// written at its full size), _inactive, _intents and _deadBlinds are
// written when any is set. The actions are one hole-card deal per player,
// every bet, call, check and fold (cbr with the street bet), one board
// deal per street, and the showdown in the order PokerKit asks for it
// (from the last aggressor, or p1, round the table; when betting ends
// with at most one player able to bet, before the rest of the board).
// Rounds, returned bets and awards are implied by the PHH rules.
// finishing_stacks are written when the hand is complete.
//
// The variant is the hand's (NT when it has none); NT, FT and PO are
// converted. A hand PHH cannot hold (not hold'em- or Omaha-shaped, a
// seat acting out of turn, a fold when a check is free: phh.ErrFreeFold)
// is an error.
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
	g, ok := gameOf(variant)
	if rh.Variant == "" && holeCount(rh.Events) == 4 {
		// A replay of a game without a variant dealing four hole
		// cards: pot-limit Omaha (phh.Replay below refuses it if the
		// betting says otherwise).
		variant = phh.PotLimitOmahaHoldem
		g, ok = gameOf(variant)
	}
	if !ok {
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
	paid := map[int]chips.Chips{}
	for _, e := range rh.Events[:start] {
		if e.Kind == replay.DeadBlindsPaid {
			paid[e.Seat] += e.Amount
		}
	}

	// Players in position order: from the seat after the button round to
	// the button.
	var order, out []int
	for s := range t.Seats {
		st := &t.Seats[s]
		switch {
		case !st.Present:
		case st.Inactive || st.Stack+paid[s] <= 0:
			out = append(out, s)
		default:
			order = append(order, s)
		}
	}
	if rh.Button != replay.NoSeat {
		n := len(t.Seats)
		slices.SortFunc(order, func(a, b int) int {
			return (a-rh.Button-1+n)%n - (b-rh.Button-1+n)%n
		})
	}
	if len(order) == 2 {
		// Heads-up the small blind is the button (the last player),
		// whatever seat the hand names as the button.
		var blind [2]chips.Chips
		for _, e := range rh.Events[start:] {
			if e.Kind == replay.Post && e.Post != replay.Ante {
				if k := slices.Index(order, e.Seat); k >= 0 {
					blind[k] += e.Amount
				}
			}
		}
		if blind[0] > 0 && blind[0] < blind[1] {
			order[0], order[1] = order[1], order[0]
		}
	}
	n := len(order)
	if n < 2 || holeCount(rh.Events) == 0 {
		// Fewer than two players, or none dealt in (a table that waits
		// for a hand with a forced bet).
		return phh.Hand{}, fmt.Errorf("phhconv: hand %d: %w", i, ErrNotPlayed)
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
	blinds := make([]chips.Chips, n)
	antes := make([]chips.Chips, n)
	for p, s := range order {
		st := &t.Seats[s]
		h.StartingStacks[p] = st.Stack + paid[s]
		antes[p] = paid[s]
		h.Players[p] = st.Name
		h.Seats[p] = s + 1
		inactive = append(inactive, 0)
		intents = append(intents, int(st.Intent))
		deadBlinds = append(deadBlinds, st.DeadBlinds)
		anyState = anyState || st.Intent != replay.IntentPlay || st.DeadBlinds != 0
		amounts = append(amounts, h.StartingStacks[p], paid[s])
	}
	if anyState {
		h.Inactive, h.Intents, h.DeadBlinds = inactive, intents, deadBlinds
	}
	if len(out) > 0 {
		var seats, names, stacks []any
		for _, s := range out {
			st := &t.Seats[s]
			seats = append(seats, int64(s+1))
			names = append(names, st.Name)
			stacks = append(stacks, phh.AmountValue(st.Stack))
			amounts = append(amounts, st.Stack)
		}
		h.Fields = map[string]any{fieldOutSeats: seats, fieldOutPlayers: names, fieldOutStacks: stacks}
	}
	dead := t.PotTotal()
	for _, a := range paid {
		dead -= a
	}
	if dead != 0 {
		if h.Fields == nil {
			h.Fields = map[string]any{}
		}
		h.Fields[fieldDeadMoney] = phh.AmountValue(dead)
		amounts = append(amounts, dead)
	}

	// The forced bets, as posted.
	nominal := map[int]replay.Forced{}
	for _, f := range rh.Forced {
		nominal[f.Seat] = f
	}
	for _, e := range rh.Events[start:] {
		if e.Kind != replay.Post {
			continue
		}
		p, ok := index[e.Seat]
		if !ok {
			return fail("seat %d posts a forced bet but is not dealt in", e.Seat)
		}
		if e.Post == replay.Ante {
			a := e.Amount
			if f, ok := nominal[e.Seat]; ok && e.AllIn && f.Ante > a {
				// A short ante is trimmed: the only way deckforge
				// plays it.
				a = f.Ante
				trim := true
				h.AnteTrimming = &trim
			}
			antes[p] += a
			amounts = append(amounts, a)
			continue
		}
		b := e.Amount
		if e.AllIn {
			if f, ok := nominal[e.Seat]; ok {
				b = max(b, f.Blind)
			} else if e.Post == replay.SmallBlind {
				b = max(b, rh.SmallBlind)
			} else if e.Post == replay.BigBlind {
				b = max(b, rh.BigBlind)
			}
		}
		blinds[p] += b
		amounts = append(amounts, b)
	}
	// PHHForcedBets reverses two entries both ways.
	phhBlinds, phhAntes := blinds, antes
	if n == 2 {
		phhBlinds = []chips.Chips{blinds[1], blinds[0]}
		phhAntes = []chips.Chips{antes[1], antes[0]}
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

	acts, err := playActions(rh.Events[start:], index, n, g.hole)
	if err != nil {
		return fail("%v", err)
	}
	h.Actions = acts
	for _, a := range acts {
		if a.Kind == phh.BetRaise {
			amounts = append(amounts, a.Amount)
		}
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
	if err := phh.PokerKitForm(&h); err != nil {
		return phh.Hand{}, fmt.Errorf("phhconv: hand %d: %w", i, err) // phh.ErrFreeFold among them
	}
	// The PHH must replay to the hand's stacks.
	res, err := phh.Replay(&h)
	switch {
	case errors.Is(err, phh.ErrUndecided):
		// Unknown hole cards decide the showdown (a history that
		// never saw them): as the hand was.
		return h, nil
	case err != nil:
		return fail("not a hand PHH can hold: %v", err)
	}
	if h.FinishingStacks != nil && !slices.Equal(res.Stacks, h.FinishingStacks) {
		return fail("the PHH replays to stacks %v, the hand ends with %v", res.Stacks, h.FinishingStacks)
	}
	return h, nil
}

// playActions writes the play of a hand as PHH actions (see FromHand):
// events are the hand's events from its first play event, index maps a
// seat to its PHH player, n is the number of players, hole the hole
// cards each player is dealt. The shows and mucks come last, as recorded
// (phh.PokerKitForm places them).
func playActions(events []replay.Event, index map[int]int, n, hole int) ([]phh.Action, error) {
	holes := make([][]cards.Card, n)
	var acts, shows []phh.Action
	started := false
	var board []cards.Card
	flushBoard := func() {
		if len(board) > 0 {
			acts = append(acts, phh.Action{Kind: phh.DealBoard, Player: phh.Dealer, Cards: board})
			board = nil
		}
	}
	dealHoles := func() error {
		if started {
			return nil
		}
		started = true
		for p := range n {
			if len(holes[p]) != hole {
				return fmt.Errorf("p%d is dealt %d hole cards, the variant deals %d", p+1, len(holes[p]), hole)
			}
			acts = append(acts, phh.Action{Kind: phh.DealHole, Player: p, Cards: holes[p]})
		}
		return nil
	}
	boardCards := 0
	for k := range events {
		e := &events[k]
		p, seated := index[e.Seat]
		switch e.Kind {
		case replay.Deal, replay.Fold, replay.Check, replay.Call, replay.Bet, replay.Raise, replay.Show, replay.Muck:
			if !seated {
				return nil, fmt.Errorf("event %d (%s) by seat %d, which is not dealt in", k, e.Kind, e.Seat)
			}
		}
		switch e.Kind {
		case replay.Deal:
			if started {
				return nil, fmt.Errorf("event %d: cards dealt to seat %d after the betting began", k, e.Seat)
			}
			holes[p] = append(holes[p], e.Cards...)
		case replay.Board:
			if err := dealHoles(); err != nil {
				return nil, err
			}
			board = append(board, e.Cards...)
			boardCards += len(e.Cards)
			if boardCards == 3 || boardCards == 4 || boardCards == 5 {
				flushBoard()
			}
		case replay.Fold, replay.Check, replay.Call, replay.Bet, replay.Raise:
			if err := dealHoles(); err != nil {
				return nil, err
			}
			flushBoard()
			a := phh.Action{Kind: phh.CheckCall, Player: p}
			switch e.Kind {
			case replay.Fold:
				a.Kind = phh.Fold
			case replay.Bet, replay.Raise:
				a = phh.Action{Kind: phh.BetRaise, Player: p, Amount: e.To}
			}
			acts = append(acts, a)
		case replay.Show:
			cs := e.Cards
			if len(cs) == 0 {
				cs = holes[p] // shows the cards it holds
			}
			shows = append(shows, phh.Action{Kind: phh.ShowMuck, Player: p, Cards: slices.Clone(cs)})
		case replay.Muck:
			shows = append(shows, phh.Action{Kind: phh.ShowMuck, Player: p})
		}
	}
	if err := dealHoles(); err != nil {
		return nil, err
	}
	flushBoard()
	// phh.PokerKitForm puts the shows where they belong.
	return append(acts, shows...), nil
}

// holeCount returns how many hole cards the first seat dealt any is
// dealt.
func holeCount(events []replay.Event) int {
	seat, k := replay.NoSeat, 0
	for _, e := range events {
		if e.Kind != replay.Deal {
			continue
		}
		if seat == replay.NoSeat {
			seat = e.Seat
		}
		if e.Seat == seat {
			k += len(e.Cards)
		}
	}
	return k
}
