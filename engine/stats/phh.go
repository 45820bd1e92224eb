package stats

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
)

// PHHHand is a PHH hand made ready for the Tracker: its betting as a Log
// and its players' names.
type PHHHand struct {
	Log Log
	// Names are the players' names: the hand's players field, else "p1",
	// "p2", …
	Names []string
	// Undecided reports a showdown the history does not decide (hidden
	// hole cards): the betting is known, the results are not.
	Undecided bool
}

// FromPHH replays a parsed PHH hand with phh.ReplayWith (Repair on, so the
// checks and folds a history leaves out are played too) and returns its
// betting as a Log. Replay checks every action; a hand it cannot replay is
// an error wrapping the replay's error (phh.ErrUnsupported for a variant
// other than NT, FT and PO). A showdown that depends on unknown hole cards
// (phh.ErrUndecided) is not an error: the hand's betting counts and its
// results are left unknown.
//
// Players are in PHH order: p1 is the small blind and the last player the
// button (heads-up p1 posts the big blind and p2, the button, the small
// one), so a player's position is its index. Every board dealt starts the
// next betting round; NT and PO rounds use min_bet as
// the minimum bet, FT rounds small_bet (first two) and big_bet (later) with
// at most four completions, bets or raises, the blinds not counted.
func FromPHH(h *phh.Hand) (*PHHHand, error) {
	res, err := phh.ReplayWith(h, phh.Options{Repair: true})
	undecided := errors.Is(err, phh.ErrUndecided)
	if err != nil && !undecided {
		return nil, err
	}
	n := h.NumPlayers()
	if n < 2 || n > MaxSeats {
		return nil, fmt.Errorf("stats: %d players (want 2 to %d)", n, MaxSeats)
	}
	implied, err := parseRepairs(res.Repairs, n)
	if err != nil {
		return nil, err
	}
	out := &PHHHand{Names: make([]string, n), Undecided: undecided}
	for i := range out.Names {
		if i < len(h.Players) && h.Players[i] != "" {
			out.Names[i] = h.Players[i]
		} else {
			out.Names[i] = "p" + strconv.Itoa(i+1)
		}
	}
	l := &out.Log
	l.Setup.Stacks = append([]chips.Chips(nil), h.StartingStacks...)
	for i, in := range h.Inactive {
		if in != 0 && i < n {
			l.Setup.Stacks[i] = 0
		}
	}
	l.Setup.Antes = phhForced(h.Antes, n)
	if h.AnteTrimming != nil && *h.AnteTrimming {
		trimAntes(l.Setup.Antes, l.Setup.Stacks)
	}
	l.Setup.Blinds = phhForced(h.BlindsOrStraddles, n)
	blinds := false
	for _, b := range l.Setup.Blinds {
		blinds = blinds || b > 0
	}
	l.Setup.Button = n - 1
	if res.Complete {
		l.Collected = res.Won
	}

	round := func(r int) RoundConfig {
		// PokerKit allows four completions, bets or raises a round, the
		// blinds not counted: four raises of the blind, or a bet and three
		// raises.
		if h.Variant == phh.FixedLimitTexasHoldem {
			fl := betting.FixedLimit
			if r >= 2 {
				return RoundConfig{MinBet: h.BigBet, MaxRaises: 3, Structure: fl}
			}
			if r == 0 && blinds {
				return RoundConfig{MinBet: h.SmallBet, MaxRaises: 4, Structure: fl}
			}
			return RoundConfig{MinBet: h.SmallBet, MaxRaises: 3, Structure: fl}
		}
		if h.Variant == phh.PotLimitOmahaHoldem {
			return RoundConfig{MinBet: h.MinBet, Structure: betting.PotLimit}
		}
		return RoundConfig{MinBet: h.MinBet}
	}
	l.Rounds = append(l.Rounds, RoundLog{Config: round(0)})
	cur := &l.Rounds[0]
	next := 0 // next implied action
	for i, a := range h.Actions {
		for next < len(implied) && implied[next].before == i {
			cur.Actions = append(cur.Actions, implied[next].act)
			next++
		}
		switch a.Kind {
		case phh.DealBoard:
			l.Rounds = append(l.Rounds, RoundLog{Config: round(len(l.Rounds))})
			cur = &l.Rounds[len(l.Rounds)-1]
		case phh.Fold:
			cur.Actions = append(cur.Actions, Action{Seat: a.Player, Kind: Fold})
		case phh.CheckCall:
			cur.Actions = append(cur.Actions, Action{Seat: a.Player, Kind: Call})
		case phh.BetRaise:
			cur.Actions = append(cur.Actions, Action{Seat: a.Player, Kind: Raise, To: a.Amount})
		}
	}
	if next < len(implied) {
		return nil, fmt.Errorf("stats: implied action %q after the last action", res.Repairs[next])
	}
	return out, nil
}

// trimAntes applies ante_trimming_status = true to per-seat antes: each is
// what the seat can post, and the part of the largest that no other ante
// matches goes back (as engine/betting's HandConfig.AnteTrimming).
func trimAntes(antes, stacks []chips.Chips) {
	top, first, second := -1, chips.Chips(0), chips.Chips(0)
	for i := range antes {
		antes[i] = min(antes[i], stacks[i])
		switch v := antes[i]; {
		case v > first:
			top, first, second = i, v, first
		case v > second:
			second = v
		}
	}
	if top >= 0 {
		antes[top] = second
	}
}

// phhForced returns a PHH hand's per-player forced bets in seat order:
// heads-up PHH lists them reversed (p1, the big blind, is written second).
func phhForced(v []chips.Chips, n int) []chips.Chips {
	if v == nil {
		return nil
	}
	out := append([]chips.Chips(nil), v...)
	if n == 2 && len(out) == 2 {
		out[0], out[1] = out[1], out[0]
	}
	return out
}

type impliedAction struct {
	before int // index of the PHH action it comes before
	act    Action
}

// parseRepairs reads phh.Result.Repairs, "pN checks before actions[K]" and
// "pN folds before actions[K]", in order.
func parseRepairs(repairs []string, n int) ([]impliedAction, error) {
	out := make([]impliedAction, 0, len(repairs))
	for _, r := range repairs {
		var p, k int
		var verb string
		_, err := fmt.Sscanf(r, "p%d %s before actions[%d]", &p, &verb, &k)
		if err != nil || p < 1 || p > n || k < 0 || fmt.Sprintf("p%d %s before actions[%d]", p, verb, k) != r {
			return nil, fmt.Errorf("stats: cannot read the implied action %q", r)
		}
		a := impliedAction{before: k, act: Action{Seat: p - 1}}
		switch verb {
		case "checks":
			a.act.Kind = Check
		case "folds":
			a.act.Kind = Fold
		default:
			return nil, fmt.Errorf("stats: cannot read the implied action %q", r)
		}
		if len(out) > 0 && out[len(out)-1].before > k {
			return nil, fmt.Errorf("stats: implied action %q out of order", r)
		}
		out = append(out, a)
	}
	return out, nil
}
