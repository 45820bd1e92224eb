package sim

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/deckforge/deckforge/engine/table"
	"github.com/deckforge/deckforge/genome"
)

// SitOuts are the probabilities that drive players in and out of play in a
// session (see Session). Between two hands every seated player draws one
// number u uniform in [0, 1):
//
//   - a disconnected player reconnects if u < Reconnect;
//   - a connected player who plays asks to pause if u < Pause, to pause
//     until the big blind if Pause ≤ u < Pause + PauseUntilBB, to leave if
//     Pause + PauseUntilBB ≤ u < Pause + PauseUntilBB + Leave;
//   - a connected player sitting out by choice (paused, or paused until the
//     big blind) asks to play again if u < Return.
//
// Every player of the session not seated (it left, stood up or went bust)
// joins again if u < Join: its bankroll is reloaded through the ledger
// when it holds less than engine/table's StartingChips in all (the
// house-player seed's property 15), and it buys in for the genome's
// starting chips, at most what its bankroll holds, waiting for the big
// blind.
//
// At the start of every hand, every connected player dealt in disconnects
// with probability Disconnect (a second draw): its turns in that hand are
// played by its auto-action and it sits out from the next hand; a player
// away for more than GraceHands hands stands up (engine/table's Presence).
type SitOuts struct {
	Disconnect   float64 `json:"disconnect"`
	Reconnect    float64 `json:"reconnect"`
	Pause        float64 `json:"pause"`
	PauseUntilBB float64 `json:"pause_until_bb"`
	Return       float64 `json:"return"`
	Leave        float64 `json:"leave"`
	Join         float64 `json:"join"`
	// GraceHands is the grace period of a disconnected player, in hands.
	GraceHands int `json:"grace_hands"`
	// Hands bounds a session; 0 means the genome's Turns.MaxTurns (a
	// hold'em hand is one turn).
	Hands int `json:"hands"`
	// Auto is the auto-action of disconnected players: "check_fold" (the
	// default when empty), "fold" or "call_N".
	Auto string `json:"auto"`
}

// DefaultSitOuts returns moderate sit-out probabilities: a player
// disconnects in 2% of its hands, pauses in 3% (half of them until the big
// blind), leaves in 0.5%, comes back from a pause with probability 0.3 per
// hand and reconnects with probability 0.5; a player not seated joins
// again with probability 0.1 a hand; the grace period is 3 hands.
func DefaultSitOuts() SitOuts {
	return SitOuts{Disconnect: 0.02, Reconnect: 0.5, Pause: 0.015, PauseUntilBB: 0.015,
		Return: 0.3, Leave: 0.005, Join: 0.1, GraceHands: 3}
}

// Enabled reports whether any probability is positive: only then does a
// run play sessions.
func (c SitOuts) Enabled() bool {
	return c.Disconnect > 0 || c.Reconnect > 0 || c.Pause > 0 || c.PauseUntilBB > 0 || c.Return > 0 || c.Leave > 0 || c.Join > 0
}

// Validate returns an error naming every bad field.
func (c SitOuts) Validate() error {
	var errs []error
	prob := func(name string, v float64) {
		if math.IsNaN(v) || v < 0 || v > 1 {
			errs = append(errs, fmt.Errorf("%s = %v: want a probability in [0, 1]", name, v))
		}
	}
	prob("disconnect", c.Disconnect)
	prob("reconnect", c.Reconnect)
	prob("pause", c.Pause)
	prob("pause_until_bb", c.PauseUntilBB)
	prob("return", c.Return)
	prob("leave", c.Leave)
	prob("join", c.Join)
	if s := c.Pause + c.PauseUntilBB + c.Leave; s > 1 {
		errs = append(errs, fmt.Errorf("pause + pause_until_bb + leave = %v: want at most 1", s))
	}
	if c.GraceHands < 0 {
		errs = append(errs, fmt.Errorf("grace = %d: want at least 0", c.GraceHands))
	}
	if c.Hands < 0 {
		errs = append(errs, fmt.Errorf("hands = %d: want at least 0", c.Hands))
	}
	if c.Auto != "" {
		if _, err := table.ParseAutoAction(c.Auto); err != nil {
			errs = append(errs, fmt.Errorf("auto = %q: %w", c.Auto, err))
		}
	}
	return errors.Join(errs...)
}

// ParseSitOuts reads sit-out settings: "default" (DefaultSitOuts), "off",
// or comma-separated key=value pairs over the defaults' zero value:
// disconnect, reconnect, pause, pause_bb, return, leave, join (probabilities),
// grace and hands (counts), auto (an auto-action). For example
// "disconnect=0.02,reconnect=0.5,pause=0.03,return=0.3,grace=3". A pair may
// follow "default," to change one default.
func ParseSitOuts(s string) (SitOuts, error) {
	var c SitOuts
	s = strings.TrimSpace(s)
	if s == "" || s == "off" {
		return c, nil
	}
	for i, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "default" && i == 0 {
			c = DefaultSitOuts()
			continue
		}
		key, val, ok := strings.Cut(part, "=")
		if !ok {
			return SitOuts{}, fmt.Errorf("%q: want key=value (or \"default\" first)", part)
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		var f *float64
		var n *int
		switch key {
		case "disconnect":
			f = &c.Disconnect
		case "reconnect":
			f = &c.Reconnect
		case "pause":
			f = &c.Pause
		case "pause_bb", "pause_until_bb":
			f = &c.PauseUntilBB
		case "return":
			f = &c.Return
		case "leave":
			f = &c.Leave
		case "join":
			f = &c.Join
		case "grace":
			n = &c.GraceHands
		case "hands":
			n = &c.Hands
		case "auto":
			c.Auto = val
			continue
		default:
			return SitOuts{}, fmt.Errorf("unknown key %q (want disconnect, reconnect, pause, pause_bb, return, leave, join, grace, hands or auto)", key)
		}
		if f != nil {
			v, err := strconv.ParseFloat(val, 64)
			if err != nil {
				return SitOuts{}, fmt.Errorf("%s: %q is not a number", key, val)
			}
			*f = v
		} else {
			v, err := strconv.Atoi(val)
			if err != nil {
				return SitOuts{}, fmt.Errorf("%s: %q is not a whole number", key, val)
			}
			*n = v
		}
	}
	if err := c.Validate(); err != nil {
		return SitOuts{}, err
	}
	return c, nil
}

// HoldemShaped reports, with nil, that a genome plays Texas hold'em as
// engine/table does, so that its sessions can run over engine/table: chips
// with both blinds, a standard 52-card deck, two hole cards, no cycle, the
// phases betting, flop (3 community cards), betting, turn (1), betting,
// river (1), betting, showdown poker_high, every round no-limit with the big
// blind as its minimum bet. Otherwise the error names what differs.
func HoldemShaped(g *genome.Genome) error {
	st := &g.Setup
	switch {
	case st.StartingChips == 0:
		return errors.New("genome has no chips")
	case st.SmallBlind == 0 || st.BigBlind == 0:
		return errors.New("genome has no small and big blinds")
	case st.Deck != genome.DeckStandard52 || st.Jokers != 0 || len(st.Remove) != 0:
		return errors.New("genome does not play a standard 52-card deck")
	case st.DealAll || st.CardsPerPlayer != 2 || st.HandSizeChange != 0:
		return errors.New("genome does not deal two hole cards")
	case st.InitialDiscard != 0 || st.Tableau != 0 || st.Community != 0:
		return errors.New("genome lays out cards before the first betting round")
	case st.WildRanks != 0:
		return errors.New("genome has wild cards")
	case g.Turns.CycleStart != g.Turns.CycleEnd:
		return errors.New("genome has a turn cycle")
	}
	want := []genome.PhaseKind{genome.PhaseBetting, genome.PhaseDeal, genome.PhaseBetting, genome.PhaseDeal,
		genome.PhaseBetting, genome.PhaseDeal, genome.PhaseBetting, genome.PhaseShowdown}
	if len(g.Phases) != len(want) {
		return fmt.Errorf("genome has %d phases, hold'em has %d", len(g.Phases), len(want))
	}
	deals := []uint8{3, 1, 1}
	d := 0
	for i := range g.Phases {
		ph := &g.Phases[i]
		if ph.Kind != want[i] {
			return fmt.Errorf("phases[%d] is %v, hold'em has %v", i, ph.Kind, want[i])
		}
		switch ph.Kind {
		case genome.PhaseBetting:
			if ph.Betting.Structure != genome.NoLimit || ph.Betting.MinBet != st.BigBlind || ph.Betting.MaxRaises != 0 {
				return fmt.Errorf("phases[%d]: want a no-limit round with min_bet = big_blind and no raise cap", i)
			}
		case genome.PhaseDeal:
			if ph.Deal.To != genome.DealToCommunity || ph.Deal.Count != deals[d] || !ph.Deal.FaceUp {
				return fmt.Errorf("phases[%d]: want %d community cards face up", i, deals[d])
			}
			d++
		case genome.PhaseShowdown:
			if ph.Showdown.Method != genome.ShowdownPokerHigh || ph.Showdown.HoleCards != 0 {
				return fmt.Errorf("phases[%d]: want a poker_high showdown on any five cards", i)
			}
		}
	}
	return nil
}
