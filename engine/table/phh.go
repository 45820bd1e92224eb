package table

import (
	"fmt"
	"slices"
	"sort"
	"strconv"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
)

// PHH user fields of a table state besides _inactive, _intents and
// _deadBlinds (which engine/phh types).
const (
	phhAuthor    = "_author"    // the client's author (PHH's author is the transcriber)
	phhDeadMoney = "_deadMoney" // dead blinds paid into this hand's pot (read only: files written before _deadMoneyAnte)
	// phhDeadMoneyAnte is the dead money carried in p1's ante and starting
	// stack: PHH has no dead money, antes are dead money in the main pot.
	phhDeadMoneyAnte = "_deadMoneyAnte"
	// The seats not dealt in (sitting out, waiting for the big blind, or
	// with no chips): PHH players are dealt in (PokerKit deals every
	// player), so these are user fields, as phh convert writes them.
	phhOutSeats      = "_outSeats"
	phhOutPlayers    = "_outPlayers"
	phhOutStacks     = "_outStacks"
	phhOutInactive   = "_outInactive"
	phhOutIntents    = "_outIntents"
	phhOutDeadBlinds = "_outDeadBlinds"
	phhOutBlinds     = "_outBlinds" // the forced bets of their positions, posted by nobody
	phhOutAntes      = "_outAntes"
	// phhFoldedOut marks the players dealt in who sit out from now on
	// (they paused or left during the hand, which folded them): PHH's
	// _inactive means not dealt in.
	phhFoldedOut = "_foldedOut"
)

// holeDealt returns the seats the actions deal hole cards to.
func holeDealt(s *State) uint16 {
	var m uint16
	for _, a := range s.Actions {
		if a.Kind == phh.DealHole && a.Player >= 0 && a.Player < len(s.Players) {
			m |= 1 << a.Player
		}
	}
	return m
}

// phhOrder returns the seats of dealt in PHH position order: from the
// first after the button round to the button (heads-up, the big blind
// first and the button, who posts the small blind, last).
func phhOrder(bl *blinds, dealt uint16) []int {
	button := bl.positions(dealt).Button
	var order []int
	for k := 1; k <= bl.n; k++ {
		if seat := (button + k) % bl.n; dealt&(1<<seat) != 0 {
			order = append(order, seat)
		}
	}
	return order
}

// MarshalPHH writes s as a PHH (TOML) hand of variant NT that deckforge
// and PokerKit, the reference of the format, both replay to the same
// stacks. Its players are the seats dealt in, in PHH position order (p1
// the first after the button, the button last; heads-up the forced bets
// are reverse-assigned as the standard says), and seats gives each one's
// seat (index + 1), so ReadPHH restores the seat order; the other seats
// (sitting out, waiting, with no chips) are the user fields _outSeats,
// _outPlayers, _outStacks, _outInactive, _outIntents, _outDeadBlinds,
// _outBlinds and _outAntes (the forced bets of their positions, which
// nobody posts). A player dealt in who sits out from now on (it paused or
// left during the hand, which folded it) is _inactive 0, as PHH's
// _inactive means not dealt in, and 1 in the user field _foldedOut.
// Before the hole cards are dealt every seat is a player. A finished hand
// gets its finishing_stacks (Settle) when s has none. min_bet is
// written as the big blind when s.MinBet is 0. The author of a client
// state is the user field _author (PHH's author names the transcriber).
// The dead money is carried in p1's ante and starting stack (PHH antes are
// dead money in the main pot) and named by _deadMoneyAnte, which ReadPHH
// takes back out. Amounts are integers when every one is a whole number of
// chips (the hand splits pots in whole chips then, phh.SplitUnit), else
// decimals. The actions are written by phh.PokerKitForm, the one PHH
// writer of played hands: a hand PHH cannot hold (a fold when a check is
// free, phh.ErrFreeFold; a fold out of turn) is an error naming the hand.
//
// PHH requires two players or more with positive stacks: a state with
// fewer players, or a player dealt in with an empty stack, is an error
// naming the field.
func MarshalPHH(s State) ([]byte, error) {
	h, err := phhHand(s)
	if err != nil {
		return nil, err
	}
	return phh.Marshal(&h)
}

// phhHand is the hand MarshalPHH writes.
func phhHand(s State) (phh.Hand, error) {
	if err := s.checkShape(); err != nil {
		return phh.Hand{}, err
	}
	s = s.Clone()
	s.fillDefaults()
	n := len(s.Players)
	if n < 2 {
		return phh.Hand{}, fieldErr("players", "%d player(s): a PHH hand needs two", n)
	}
	if st, err := Progress(s); err == nil && st.Finished && s.FinishingStacks == nil {
		// A finished hand is written whole, with its finishing stacks
		// (none when hidden cards leave its showdown open).
		if fin, err := Settle(s); err == nil {
			s.FinishingStacks = fin
		}
	}
	bl, err := blindsOf(s.BlindsOrStraddles)
	if err != nil {
		return phh.Hand{}, err
	}
	dealt := holeDealt(&s)
	inHand := popcount(dealt) >= 2 // the hole cards are dealt
	if !inHand {
		dealt = uint16(1)<<n - 1
	}
	for i, c := range s.StartingStacks {
		if c <= 0 && dealt&(1<<i) != 0 {
			return phh.Hand{}, playerErr(&s, "startingStacks", i, "%s: PHH needs a positive stack", c)
		}
	}
	order := phhOrder(&bl, dealt)
	k := len(order)
	pos := make([]int, n)
	for j, seat := range order {
		pos[seat] = j
	}
	pick := func(a []chips.Chips) []chips.Chips {
		if a == nil {
			return nil
		}
		out := make([]chips.Chips, k)
		for j, seat := range order {
			out[j] = a[seat]
		}
		return out
	}
	h := phh.Hand{
		Variant:           phh.NoLimitTexasHoldem,
		Antes:             pick(s.Antes),
		BlindsOrStraddles: pick(s.BlindsOrStraddles),
		MinBet:            s.MinBet,
		StartingStacks:    pick(s.StartingStacks),
		FinishingStacks:   pick(s.FinishingStacks),
		DeadBlinds:        pick(s.DeadBlinds),
		SeatCount:         s.SeatCount,
		Fields:            map[string]any{"hand": int64(s.Hand)},
	}
	if h.MinBet <= 0 {
		h.MinBet = bl.big
	}
	// The unit the table splits this hand's pots in (see hand.start).
	h.Decimal = splitUnit(&s, h.StartingStacks, h.Antes, h.BlindsOrStraddles, h.MinBet) != chips.Scale
	var foldedOut []any
	for _, seat := range order {
		h.Players = append(h.Players, s.Players[seat])
		h.Seats = append(h.Seats, seat+1)
		in := boolInt(s.Inactive[seat])
		if inHand {
			// Dealt in: playing this hand, whatever comes next.
			foldedOut = append(foldedOut, int64(in))
			in = 0
		}
		h.Inactive = append(h.Inactive, in)
		h.Intents = append(h.Intents, int(s.Intents[seat]))
	}
	if slices.Contains(foldedOut, any(int64(1))) {
		h.Fields[phhFoldedOut] = foldedOut
	}
	var outSeats, outPlayers, outStacks, outInactive, outIntents, outDead, outBlinds, outAntes []any
	for seat := range n {
		if dealt&(1<<seat) != 0 {
			continue
		}
		outSeats = append(outSeats, int64(seat+1))
		outPlayers = append(outPlayers, s.Players[seat])
		outStacks = append(outStacks, phh.AmountValue(s.StartingStacks[seat]))
		outInactive = append(outInactive, int64(boolInt(s.Inactive[seat])))
		outIntents = append(outIntents, int64(s.Intents[seat]))
		outDead = append(outDead, phh.AmountValue(s.DeadBlinds[seat]))
		outBlinds = append(outBlinds, phh.AmountValue(s.BlindsOrStraddles[seat]))
		outAntes = append(outAntes, phh.AmountValue(s.Antes[seat]))
	}
	if outSeats != nil {
		h.Fields[phhOutSeats], h.Fields[phhOutPlayers], h.Fields[phhOutStacks] = outSeats, outPlayers, outStacks
		h.Fields[phhOutInactive], h.Fields[phhOutIntents], h.Fields[phhOutDeadBlinds] = outInactive, outIntents, outDead
		h.Fields[phhOutBlinds], h.Fields[phhOutAntes] = outBlinds, outAntes
	}
	for _, a := range s.Actions {
		if a.Player >= 0 {
			a.Player = pos[a.Player]
		}
		h.Actions = append(h.Actions, a)
	}
	if s.Author != "" {
		h.Fields[phhAuthor] = s.Author
	}
	if d := s.DeadMoney; d != 0 {
		h.Antes[0] += d
		h.StartingStacks[0] += d
		h.Fields[phhDeadMoneyAnte] = phh.AmountValue(d)
	}
	// Heads-up PHH reverse-assigns the forced bets, antes included.
	h.BlindsOrStraddles = betting.PHHForcedBets(h.BlindsOrStraddles, slices.Clone(h.BlindsOrStraddles))
	h.Antes = betting.PHHForcedBets(h.Antes, slices.Clone(h.Antes))
	if err := phh.PokerKitForm(&h); err != nil {
		return phh.Hand{}, fmt.Errorf("hand %d: %w", s.Hand, err) // phh.ErrFreeFold among them
	}
	if h.FinishingStacks != nil {
		// The hand as written must end as the table's did.
		res, err := phh.Replay(&h)
		if err != nil {
			return phh.Hand{}, fmt.Errorf("hand %d: the PHH does not replay: %w", s.Hand, err)
		}
		if !slices.Equal(res.Stacks, h.FinishingStacks) {
			return phh.Hand{}, fmt.Errorf("hand %d: the PHH replays to stacks %v, the table ends with %v", s.Hand, res.Stacks, h.FinishingStacks)
		}
	}
	return h, nil
}

// boolInt is 1 for true, 0 for false.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ReadPHH reads a table state from a PHH (TOML) hand of variant NT, as
// MarshalPHH writes it. With seats, the players are put in seat order
// (increasing seat number); without, the PHH order is taken as the seat
// order. Heads-up forced bets are reverse-assigned back to the seats that
// post them. players is required; seat_count defaults to the number of
// players; a min_bet equal to the big blind reads as 0 (the default). The
// state's shape is checked as by ReadJSON. An error names the field.
func ReadPHH(data []byte) (State, error) {
	h, err := phh.Unmarshal(data)
	if err != nil {
		return State{}, err
	}
	if h.Variant != phh.NoLimitTexasHoldem {
		return State{}, fieldErr("variant", "%q: a table state is no-limit Texas hold'em (NT)", string(h.Variant))
	}
	n := len(h.StartingStacks)
	if h.Players == nil {
		return State{}, fieldErr("players", "missing (a table state names its players)")
	}
	if len(h.BlindsOrStraddles) == n {
		// Heads-up PHH reverse-assigns the forced bets: each player's own.
		h.BlindsOrStraddles = betting.PHHForcedBets(make([]chips.Chips, n), h.BlindsOrStraddles)
	}
	if len(h.Antes) == n {
		h.Antes = betting.PHHForcedBets(make([]chips.Chips, n), h.Antes)
	}
	var deadMoney chips.Chips
	if v, ok := h.Fields[phhDeadMoneyAnte]; ok {
		d, err := phhAmountField(phhDeadMoneyAnte, v)
		if err != nil {
			return State{}, err
		}
		if n == 0 || len(h.Antes) == 0 || h.Antes[0] < d || h.StartingStacks[0] < d {
			return State{}, fieldErr(phhDeadMoneyAnte, "%s: more than p1's ante or stack, which carry it", d)
		}
		h.Antes[0] -= d
		h.StartingStacks[0] -= d
		deadMoney = d
	}
	if v, ok := h.Fields[phhFoldedOut]; ok {
		l, ok := v.([]any)
		if !ok || len(l) != n {
			return State{}, fieldErr(phhFoldedOut, "want one 0 or 1 per player")
		}
		if h.Inactive == nil {
			h.Inactive = make([]int, n)
		}
		for i, x := range l {
			switch x {
			case int64(0):
			case int64(1):
				h.Inactive[i] = 1
			default:
				return State{}, fieldErr(fmt.Sprintf("%s[%d]", phhFoldedOut, i), "want 0 or 1")
			}
		}
	}
	if err := addOutSeats(&h); err != nil {
		return State{}, err
	}
	n = len(h.StartingStacks)
	order := make([]int, n) // order[seat] = PHH index
	for k := range order {
		order[k] = k
	}
	if h.Seats != nil {
		sort.SliceStable(order, func(a, b int) bool { return h.Seats[order[a]] < h.Seats[order[b]] })
		for j := 1; j < n; j++ {
			if h.Seats[order[j]] == h.Seats[order[j-1]] {
				return State{}, fieldErr("seats", "seat %d is given to two players", h.Seats[order[j]])
			}
		}
	}
	pos := make([]int, n) // pos[PHH index] = seat
	for seat, k := range order {
		pos[k] = seat
	}
	pick := func(a []chips.Chips) []chips.Chips {
		if a == nil {
			return nil
		}
		out := make([]chips.Chips, n)
		for seat, k := range order {
			out[seat] = a[k]
		}
		return out
	}
	s := State{
		SeatCount:         h.SeatCount,
		MinBet:            h.MinBet,
		StartingStacks:    pick(h.StartingStacks),
		BlindsOrStraddles: pick(h.BlindsOrStraddles),
		Antes:             pick(h.Antes),
		DeadBlinds:        pick(h.DeadBlinds),
		FinishingStacks:   pick(h.FinishingStacks),
		Actions:           []phh.Action{},
	}
	if s.SeatCount == 0 {
		s.SeatCount = max(n, 2)
	}
	for _, k := range order {
		s.Players = append(s.Players, h.Players[k])
		if h.Inactive != nil {
			s.Inactive = append(s.Inactive, h.Inactive[k] != 0)
		}
		if h.Intents != nil {
			s.Intents = append(s.Intents, Intent(h.Intents[k]))
		}
	}
	for _, a := range h.Actions {
		if a.Player >= 0 {
			a.Player = pos[a.Player]
		}
		s.Actions = append(s.Actions, a)
	}
	if v, ok := h.Fields["hand"]; ok {
		switch v := v.(type) {
		case int64:
			if v < 0 || v > 1<<40 {
				return State{}, fieldErr("hand", "%d is out of range", v)
			}
			s.Hand = int(v)
		case string:
			x, err := strconv.Atoi(v)
			if err != nil || x < 0 {
				return State{}, fieldErr("hand", "%q is not a hand number", v)
			}
			s.Hand = x
		}
	}
	if v, ok := h.Fields[phhAuthor]; ok {
		a, ok := v.(string)
		if !ok || a == "" {
			return State{}, fieldErr(phhAuthor, "want a player name")
		}
		s.Author = a
	}
	s.DeadMoney = deadMoney
	if v, ok := h.Fields[phhDeadMoney]; ok {
		d, err := phhAmountField(phhDeadMoney, v)
		if err != nil {
			return State{}, err
		}
		s.DeadMoney += d
	}
	if err := s.checkShape(); err != nil {
		return State{}, err
	}
	if bl, err := blindsOf(s.BlindsOrStraddles); err == nil && s.MinBet == bl.big {
		s.MinBet = 0
	}
	return s, nil
}

// phhAmountField reads the amount v of the user field name.
func phhAmountField(name string, v any) (chips.Chips, error) {
	switch v := v.(type) {
	case int64:
		if v < 0 || v > int64(maxAmount/chips.Scale) {
			return 0, fieldErr(name, "%d is out of range", v)
		}
		return chips.FromInt(v), nil
	case float64:
		c, err := chips.FromFloat(v)
		if err != nil {
			return 0, fieldErr(name, "%v", err)
		}
		if c < 0 || c > maxAmount {
			return 0, fieldErr(name, "%v is out of range", v)
		}
		return c, nil
	}
	return 0, fieldErr(name, "want an amount")
}

// addOutSeats appends to h, as players, the seats MarshalPHH writes in the
// _out user fields (not dealt in), so that ReadPHH seats them again.
func addOutSeats(h *phh.Hand) error {
	v, ok := h.Fields[phhOutSeats]
	if !ok {
		return nil
	}
	list := func(name string) ([]any, error) {
		v, ok := h.Fields[name].([]any)
		if !ok {
			return nil, fieldErr(name, "want an array (with %s)", phhOutSeats)
		}
		return v, nil
	}
	seats, ok := v.([]any)
	if !ok {
		return fieldErr(phhOutSeats, "want an array of seats")
	}
	if h.Seats == nil {
		return fieldErr("seats", "missing (with %s)", phhOutSeats)
	}
	var cols [7][]any
	for i, name := range []string{phhOutPlayers, phhOutStacks, phhOutInactive, phhOutIntents, phhOutDeadBlinds, phhOutBlinds, phhOutAntes} {
		c, err := list(name)
		if err != nil {
			return err
		}
		if len(c) != len(seats) {
			return fieldErr(name, "%d entries, %s has %d", len(c), phhOutSeats, len(seats))
		}
		cols[i] = c
	}
	k := len(h.StartingStacks)
	if h.Inactive == nil {
		h.Inactive = make([]int, k)
	}
	if h.Intents == nil {
		h.Intents = make([]int, k)
	}
	if h.DeadBlinds == nil {
		h.DeadBlinds = make([]chips.Chips, k)
	}
	if h.Antes == nil {
		h.Antes = make([]chips.Chips, k)
	}
	for j := range seats {
		at := func(name string) string { return fmt.Sprintf("%s[%d]", name, j) }
		seat, ok := seats[j].(int64)
		if !ok || seat < 1 || seat > MaxSeats {
			return fieldErr(at(phhOutSeats), "want a seat number 1..%d", MaxSeats)
		}
		name, ok := cols[0][j].(string)
		if !ok {
			return fieldErr(at(phhOutPlayers), "want a name")
		}
		stack, err := phhAmountField(at(phhOutStacks), cols[1][j])
		if err != nil {
			return err
		}
		inactive, ok1 := cols[2][j].(int64)
		intent, ok2 := cols[3][j].(int64)
		if !ok1 || inactive < 0 || inactive > 1 {
			return fieldErr(at(phhOutInactive), "want 0 or 1")
		}
		if !ok2 || intent < 0 || intent > int64(Leave) {
			return fieldErr(at(phhOutIntents), "want an intent 0..3")
		}
		dead, err := phhAmountField(at(phhOutDeadBlinds), cols[4][j])
		if err != nil {
			return err
		}
		blind, err := phhAmountField(at(phhOutBlinds), cols[5][j])
		if err != nil {
			return err
		}
		ante, err := phhAmountField(at(phhOutAntes), cols[6][j])
		if err != nil {
			return err
		}
		h.Players = append(h.Players, name)
		h.Seats = append(h.Seats, int(seat))
		h.StartingStacks = append(h.StartingStacks, stack)
		h.BlindsOrStraddles = append(h.BlindsOrStraddles, blind)
		h.Antes = append(h.Antes, ante)
		h.DeadBlinds = append(h.DeadBlinds, dead)
		h.Inactive = append(h.Inactive, int(inactive))
		h.Intents = append(h.Intents, int(intent))
		if h.FinishingStacks != nil {
			h.FinishingStacks = append(h.FinishingStacks, stack)
		}
	}
	return nil
}
