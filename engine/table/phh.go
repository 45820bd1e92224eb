package table

import (
	"slices"
	"sort"
	"strconv"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
)

// PHH user fields of a table state besides _inactive, _intents and
// _deadBlinds (which engine/phh types).
const (
	phhAuthor    = "_author"    // the client's author (PHH's author is the transcriber)
	phhDeadMoney = "_deadMoney" // dead blinds paid into this hand's pot
)

// positionOrder returns the seats in PHH position order: the small blind
// first and the button last; with two players, the big blind first and the
// button (who posts the small blind) last.
func positionOrder(s *State, bl *blinds) []int {
	n := len(s.Players)
	start := bl.sb
	if n == 2 {
		start = (bl.sb + 1) % n
	}
	order := make([]int, n)
	for k := range order {
		order[k] = (start + k) % n
	}
	return order
}

// MarshalPHH writes s as a PHH (TOML) hand of variant NT. Players are
// listed in PHH position order (p1 the small blind, the button last;
// heads-up the forced bets are reverse-assigned as the standard says) and
// seats gives each one's seat (index + 1), so ReadPHH restores the seat
// order. min_bet is written as the big blind when s.MinBet is 0. The author
// of a client state is the user field _author (PHH's author names the
// transcriber); the dead money is _deadMoney. Amounts are integers when
// every one is a whole number of chips (the hand splits pots in whole
// chips then, phh.SplitUnit), else decimals.
//
// PHH requires two players or more with positive stacks: a state with
// fewer players, or a player with an empty stack (one leaving), is an
// error naming the field.
func MarshalPHH(s State) ([]byte, error) {
	if err := s.checkShape(); err != nil {
		return nil, err
	}
	s = s.Clone()
	s.fillDefaults()
	n := len(s.Players)
	if n < 2 {
		return nil, fieldErr("players", "%d player(s): a PHH hand needs two", n)
	}
	for i, c := range s.StartingStacks {
		if c <= 0 {
			return nil, playerErr(&s, "startingStacks", i, "%s: PHH needs a positive stack", c)
		}
	}
	bl, err := blindsOf(s.BlindsOrStraddles)
	if err != nil {
		return nil, err
	}
	order := positionOrder(&s, &bl)
	pos := make([]int, n)
	for k, seat := range order {
		pos[seat] = k
	}
	pick := func(a []chips.Chips) []chips.Chips {
		if a == nil {
			return nil
		}
		out := make([]chips.Chips, n)
		for k, seat := range order {
			out[k] = a[seat]
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
	if n == 2 {
		h.BlindsOrStraddles[0], h.BlindsOrStraddles[1] = h.BlindsOrStraddles[1], h.BlindsOrStraddles[0]
	}
	if h.MinBet <= 0 {
		h.MinBet = bl.big
	}
	for _, seat := range order {
		h.Players = append(h.Players, s.Players[seat])
		h.Seats = append(h.Seats, seat+1)
		in := 0
		if s.Inactive[seat] {
			in = 1
		}
		h.Inactive = append(h.Inactive, in)
		h.Intents = append(h.Intents, int(s.Intents[seat]))
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
	if s.DeadMoney != 0 {
		h.Fields[phhDeadMoney] = phhAmount(s.DeadMoney)
	}
	return phh.Marshal(&h)
}

// phhAmount is a TOML value for an amount: an integer when whole.
func phhAmount(c chips.Chips) any {
	if c%chips.Scale == 0 {
		return int64(c / chips.Scale)
	}
	return float64(c) / chips.Scale
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
	blindsPHH := slices.Clone(h.BlindsOrStraddles)
	if n == 2 {
		blindsPHH[0], blindsPHH[1] = blindsPHH[1], blindsPHH[0]
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
		BlindsOrStraddles: pick(blindsPHH),
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
	if v, ok := h.Fields[phhDeadMoney]; ok {
		switch v := v.(type) {
		case int64:
			if v < 0 || v > int64(maxAmount/chips.Scale) {
				return State{}, fieldErr(phhDeadMoney, "%d is out of range", v)
			}
			s.DeadMoney = chips.FromInt(v)
		case float64:
			c, err := chips.FromFloat(v)
			if err != nil {
				return State{}, fieldErr(phhDeadMoney, "%v", err)
			}
			s.DeadMoney = c
		default:
			return State{}, fieldErr(phhDeadMoney, "want an amount")
		}
	}
	if err := s.checkShape(); err != nil {
		return State{}, err
	}
	if bl, err := blindsOf(s.BlindsOrStraddles); err == nil && s.MinBet == bl.big {
		s.MinBet = 0
	}
	return s, nil
}
