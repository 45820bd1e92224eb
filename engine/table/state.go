package table

import (
	"errors"
	"fmt"
	"slices"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
)

// MaxSeats is the largest seatCount a table may have (the betting engine's
// limit).
const MaxSeats = 10

// Intent is what a player wants, the client-side field _intents.
type Intent uint8

// The intents of the sit-in-sit-out rules.
const (
	// Play: play (join, stay, or come back paying any dead blinds).
	Play Intent = iota
	// PauseUntilBB: sit out and come back, free, when the big blind
	// reaches the player's seat.
	PauseUntilBB
	// Pause: sit out with no link to a position.
	Pause
	// Leave: leave the table for good at the next hand.
	Leave
)

var intentNames = [...]string{"play", "pause_until_bb", "pause", "leave"}

// String returns "play", "pause_until_bb", "pause" or "leave".
func (i Intent) String() string {
	if int(i) < len(intentNames) {
		return intentNames[i]
	}
	return fmt.Sprintf("Intent(%d)", uint8(i))
}

// Valid reports whether i is one of the four intents.
func (i Intent) Valid() bool { return i <= Leave }

// State is a table between or during hands, in the sit-in-sit-out seed's
// shape. Every per-player slice has one entry per player, in seat order:
// index i is seat i of the table and "pN" in Actions is index N-1.
//
// StartingStacks are the stacks at the start of the hand, after any dead
// blinds were paid and before antes and blinds are posted. BlindsOrStraddles
// and Antes hold, for every seat, the forced bet of its position in this
// hand; a seat that sits out posts nothing, even when its position holds a
// blind (that blind is missed). DeadMoney is dead chips in this hand's pot
// that no seat posted as a live bet: dead blinds paid by returning players.
// The chips of a hand are conserved:
//
//	Σ FinishingStacks = Σ StartingStacks + DeadMoney.
type State struct {
	// Author names the player who sent a client state; empty on server
	// states.
	Author    string
	Hand      int
	SeatCount int
	// MinBet is the minimum opening bet; 0 means the big blind (the
	// largest ante at a table without blinds).
	MinBet  chips.Chips
	Players []string

	StartingStacks    []chips.Chips
	BlindsOrStraddles []chips.Chips
	Antes             []chips.Chips
	// Inactive marks seats that sit out (_inactive; any non-zero value in
	// a file reads as true).
	Inactive   []bool
	Intents    []Intent
	DeadBlinds []chips.Chips
	// FinishingStacks are the stacks after the hand, nil while unknown.
	FinishingStacks []chips.Chips
	DeadMoney       chips.Chips
	// Button is the button seat of a table without blinds (_button):
	// every BlindsOrStraddles entry 0 and the antes as its forced bets.
	// Next moves it to the next seat kept; before the first hand the
	// betting begins after it. Tables with blinds place the button by
	// their blinds and ignore it.
	Button int

	// Actions is the hand's action log, typed: each entry is one action of
	// the PHH notation ("d dh p1 AcKd", "p2 cbr 6"), its Player the seat
	// index. The JSON and PHH forms write each as its notation
	// (phh.Action.String). The Cards of an action are shared by clones and
	// never changed in place.
	Actions []phh.Action
}

// Seat returns the seat index of player, -1 when it is not seated.
func (s *State) Seat(player string) int { return slices.Index(s.Players, player) }

// Clone returns a deep copy of s.
func (s *State) Clone() State {
	c := *s
	c.Players = slices.Clone(s.Players)
	c.StartingStacks = slices.Clone(s.StartingStacks)
	c.BlindsOrStraddles = slices.Clone(s.BlindsOrStraddles)
	c.Antes = slices.Clone(s.Antes)
	c.Inactive = slices.Clone(s.Inactive)
	c.Intents = slices.Clone(s.Intents)
	c.DeadBlinds = slices.Clone(s.DeadBlinds)
	c.FinishingStacks = slices.Clone(s.FinishingStacks)
	c.Actions = slices.Clone(s.Actions)
	return c
}

// Total returns the chips on the table at the start of the hand: the
// starting stacks plus the dead money.
func (s *State) Total() chips.Chips {
	t := s.DeadMoney
	for _, c := range s.StartingStacks {
		t += c
	}
	return t
}

// fillDefaults gives absent optional per-player arrays (_inactive, _intents,
// _deadBlinds) their default: a zero for every player.
func (s *State) fillDefaults() {
	n := len(s.Players)
	if s.Inactive == nil {
		s.Inactive = make([]bool, n)
	}
	if s.Intents == nil {
		s.Intents = make([]Intent, n)
	}
	if s.DeadBlinds == nil {
		s.DeadBlinds = make([]chips.Chips, n)
	}
}

// FieldError is a problem with one field of a state. Player names the
// player the entry belongs to, when there is one.
type FieldError struct {
	Field  string // JSON name, with an index where useful: "_deadBlinds[1]"
	Player string
	Msg    string
}

func (e *FieldError) Error() string {
	if e.Player != "" {
		return fmt.Sprintf("%s (player %q): %s", e.Field, e.Player, e.Msg)
	}
	return e.Field + ": " + e.Msg
}

func fieldErr(field, format string, args ...any) error {
	return &FieldError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

func playerErr(s *State, field string, i int, format string, args ...any) error {
	p := ""
	if i >= 0 && i < len(s.Players) {
		p = s.Players[i]
	}
	return &FieldError{Field: fmt.Sprintf("%s[%d]", field, i), Player: p, Msg: fmt.Sprintf(format, args...)}
}

// checkShape checks what every state, client or server, must satisfy:
// names, one entry per player in every per-player array, amounts that are
// not negative, known intents, a seat count, and actions that parse and
// name existing players.
func (s *State) checkShape() error {
	n := len(s.Players)
	if s.SeatCount < 2 || s.SeatCount > MaxSeats {
		return fieldErr("seatCount", "%d is not a seat count from 2 to %d", s.SeatCount, MaxSeats)
	}
	if n > s.SeatCount {
		return fieldErr("players", "%d players at a table of %d seats", n, s.SeatCount)
	}
	if s.Hand < 0 {
		return fieldErr("hand", "%d is negative", s.Hand)
	}
	for i, p := range s.Players {
		if p == "" {
			return fieldErr(fmt.Sprintf("players[%d]", i), "empty name")
		}
		if j := slices.Index(s.Players[:i], p); j >= 0 {
			return fieldErr(fmt.Sprintf("players[%d]", i), "%q is already seated at players[%d]", p, j)
		}
	}
	lengths := []struct {
		name string
		n    int
		nilk bool // absent is allowed
		isNl bool
	}{
		{"startingStacks", len(s.StartingStacks), false, s.StartingStacks == nil},
		{"blindsOrStraddles", len(s.BlindsOrStraddles), false, s.BlindsOrStraddles == nil},
		{"antes", len(s.Antes), false, s.Antes == nil},
		{"_inactive", len(s.Inactive), true, s.Inactive == nil},
		{"_intents", len(s.Intents), true, s.Intents == nil},
		{"_deadBlinds", len(s.DeadBlinds), true, s.DeadBlinds == nil},
		{"finishingStacks", len(s.FinishingStacks), true, s.FinishingStacks == nil},
	}
	for _, l := range lengths {
		if l.isNl && l.nilk {
			continue
		}
		if l.n != n {
			return fieldErr(l.name, "%d entries for %d players (every per-player array has one entry per player)", l.n, n)
		}
	}
	for _, f := range []struct {
		name string
		a    []chips.Chips
	}{{"startingStacks", s.StartingStacks}, {"blindsOrStraddles", s.BlindsOrStraddles}, {"antes", s.Antes}, {"_deadBlinds", s.DeadBlinds}, {"finishingStacks", s.FinishingStacks}} {
		for i, c := range f.a {
			if c < 0 {
				return playerErr(s, f.name, i, "%s is negative", c)
			}
			if c > maxAmount {
				return playerErr(s, f.name, i, "%s is too large", c)
			}
		}
	}
	for i, in := range s.Intents {
		if !in.Valid() {
			return playerErr(s, "_intents", i, "%d is not an intent (0 play, 1 pause until the big blind, 2 pause, 3 leave)", in)
		}
	}
	if s.MinBet < 0 || s.MinBet > maxAmount {
		return fieldErr("minBet", "%s is out of range", s.MinBet)
	}
	if s.DeadMoney < 0 || s.DeadMoney > maxAmount {
		return fieldErr("_deadMoney", "%s is out of range", s.DeadMoney)
	}
	for i, a := range s.Actions {
		if err := checkAction(a, n); err != nil {
			return fieldErr(fmt.Sprintf("actions[%d]", i), "%q: %v", a, err)
		}
	}
	return nil
}

// checkAction checks what the notation of a typed action says: a known
// kind, a player who exists (the dealer for a board deal), a positive
// raise-to, known board cards.
func checkAction(a phh.Action, n int) error {
	switch a.Kind {
	case phh.NoOp, phh.DealBoard:
		if a.Player != phh.Dealer {
			return fmt.Errorf("a dealer action with player p%d", a.Player+1)
		}
		for _, c := range a.Cards {
			if c == cards.None {
				return errors.New("board cards cannot be unknown")
			}
		}
		if a.Kind == phh.DealBoard && len(a.Cards) == 0 {
			return errors.New("board dealing without cards")
		}
		return nil
	case phh.DealHole, phh.BringIn, phh.BetRaise, phh.CheckCall, phh.Fold, phh.StandPatDiscard, phh.ShowMuck:
	default:
		return fmt.Errorf("unknown action kind %d", a.Kind)
	}
	if a.Player < 0 || a.Player >= n {
		return fmt.Errorf("p%d is not seated (%d players)", a.Player+1, n)
	}
	if a.Kind == phh.BetRaise && (a.Amount <= 0 || a.Amount > maxAmount) {
		return fmt.Errorf("raise-to %s is out of range", a.Amount)
	}
	return nil
}

// ParseActions reads actions in PHH notation ("d dh p1 AcKd", "p2 cbr 6"),
// the form of the JSON and PHH files; an error names the entry.
func ParseActions(strs []string) ([]phh.Action, error) {
	out := make([]phh.Action, len(strs))
	for i, str := range strs {
		a, err := phh.ParseAction(str)
		if err != nil {
			return nil, fieldErr(fmt.Sprintf("actions[%d]", i), "%q: %v", str, err)
		}
		out[i] = a
	}
	return out, nil
}

// maxAmount bounds every amount so that sums over a table cannot overflow.
const maxAmount = chips.Chips(1) << 50

// Validate checks s as a server state: its shape (see checkShape), the
// sit-in-sit-out matrix (an active player owes no dead blinds; dead blinds
// never exceed 1.5 big blinds), forced bets that name a big blind, hole
// cards dealt at most once per seat, no card dealt twice, and finishing
// stacks that conserve the chips of the hand. Absent _inactive, _intents
// and _deadBlinds read as zeros. An error names the field and, for a
// per-player entry, the player.
func (s *State) Validate() error {
	if err := s.checkShape(); err != nil {
		return err
	}
	c := s.Clone()
	c.fillDefaults()
	bl, err := c.forcedBets()
	if err != nil {
		return err
	}
	cap := deadBlindCap(bl.big)
	for i := range c.Players {
		if !c.Inactive[i] && c.DeadBlinds[i] > 0 {
			return playerErr(&c, "_deadBlinds", i, "%s owed by an active player (_inactive 0, _intents %d): an active player has no dead blinds", c.DeadBlinds[i], c.Intents[i])
		}
		if c.Intents[i] != Leave && c.DeadBlinds[i] > cap {
			return playerErr(&c, "_deadBlinds", i, "%s is above the cap of 1.5 big blinds (%s)", c.DeadBlinds[i], cap)
		}
	}
	var seen cards.Set
	dealt := make([]bool, len(c.Players))
	for i, a := range c.Actions {
		if a.Kind == phh.DealHole {
			if dealt[a.Player] {
				return fieldErr(fmt.Sprintf("actions[%d]", i), "%q: p%d (%s) is dealt hole cards twice", a, a.Player+1, c.Players[a.Player])
			}
			dealt[a.Player] = true
		}
		if a.Kind == phh.DealHole || a.Kind == phh.DealBoard || a.Kind == phh.ShowMuck {
			for _, cd := range a.Cards {
				if cd == cards.None {
					continue
				}
				if a.Kind == phh.ShowMuck {
					continue // shown cards repeat the hole cards
				}
				if seen.Has(cd) {
					return fieldErr(fmt.Sprintf("actions[%d]", i), "%q: %s is dealt twice", a, cd)
				}
				seen = seen.Add(cd)
			}
		}
	}
	if s.FinishingStacks != nil {
		var sum chips.Chips
		for _, f := range s.FinishingStacks {
			sum += f
		}
		if sum != c.Total() {
			return fieldErr("finishingStacks", "sum %s differs from the starting stacks plus the dead money, %s", sum, c.Total())
		}
		for i := range c.Players {
			if !dealt[i] && s.FinishingStacks[i] != s.StartingStacks[i] {
				return playerErr(&c, "finishingStacks", i, "%s, but the player was not dealt in and started with %s", s.FinishingStacks[i], s.StartingStacks[i])
			}
		}
	}
	if c.DeadMoney > 0 && !slices.Contains(dealt, true) {
		return fieldErr("_deadMoney", "%s in the pot of a hand nobody was dealt into", c.DeadMoney)
	}
	return nil
}

// deadBlindCap is 1.5 big blinds.
func deadBlindCap(bb chips.Chips) chips.Chips { return bb + bb/2 }

// errNoBlinds is returned for a table without forced bets.
var errNoBlinds = errors.New("every entry is 0: a table needs a big blind")
