package betting_test

import (
	"testing"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
)

// c is whole chips.
func c(n int64) chips.Chips { return chips.FromInt(n) }

func cs(ns ...int64) []chips.Chips {
	out := make([]chips.Chips, len(ns))
	for i, n := range ns {
		out[i] = c(n)
	}
	return out
}

func nl(minBet int64) betting.RoundConfig {
	return betting.RoundConfig{Structure: betting.NoLimit, MinBet: c(minBet)}
}

func pl(minBet int64) betting.RoundConfig {
	return betting.RoundConfig{Structure: betting.PotLimit, MinBet: c(minBet)}
}

func fl(unit int64, maxRaises int) betting.RoundConfig {
	return betting.RoundConfig{Structure: betting.FixedLimit, MinBet: c(unit), MaxRaises: maxRaises}
}

// newHand builds a hand with the table shape: button, blinds after it,
// first to act after the big blind (or the button heads-up).
func newHand(t *testing.T, stacks []chips.Chips, blinds []chips.Chips, button int, rc betting.RoundConfig) *betting.Hand {
	t.Helper()
	n := len(stacks)
	bb := -1
	for i, b := range blinds {
		if b > 0 && (bb < 0 || b >= blinds[bb]) {
			bb = i
		}
	}
	if bb < 0 {
		bb = button
	}
	pos := betting.TablePositions(n, button, bb)
	h, err := betting.NewHand(betting.HandConfig{
		Stacks: stacks, Blinds: blinds, Button: pos.Button,
		FirstToAct: pos.FirstToAct, FirstToActPostflop: pos.FirstToActPostflop,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.StartRound(rc); err != nil {
		t.Fatal(err)
	}
	return &h
}

// play applies actions, each checked to be made by the expected seat.
func play(t *testing.T, h *betting.Hand, steps ...step) {
	t.Helper()
	for i, s := range steps {
		if got := h.ToAct(); got != s.seat {
			t.Fatalf("step %d (%v): seat %d to act, want %d", i, s.a, got, s.seat)
		}
		if err := h.Apply(s.a); err != nil {
			t.Fatalf("step %d: seat %d %v %v: %v (legal %+v)", i, s.seat, s.a.Kind, s.a.Amount, err, h.Legal())
		}
	}
}

type step struct {
	seat int
	a    betting.Action
}

func fold(seat int) step  { return step{seat, betting.Action{Kind: betting.Fold}} }
func check(seat int) step { return step{seat, betting.Action{Kind: betting.Check}} }
func call(seat int) step  { return step{seat, betting.Action{Kind: betting.Call}} }
func bet(seat int, by int64) step {
	return step{seat, betting.Action{Kind: betting.Bet, Amount: c(by)}}
}
func raise(seat int, by int64) step {
	return step{seat, betting.Action{Kind: betting.Raise, Amount: c(by)}}
}

// raiseTo builds the raise that makes seat's street bet 'to'.
func raiseTo(t *testing.T, h *betting.Hand, to int64) betting.Action {
	t.Helper()
	a, err := h.RaiseTo(c(to))
	if err != nil {
		t.Fatalf("RaiseTo(%d): %v (legal %+v)", to, err, h.Legal())
	}
	return a
}

func stacks(h *betting.Hand) []chips.Chips {
	out := make([]chips.Chips, h.NumSeats())
	for i := range out {
		out[i] = h.Stack(i)
	}
	return out
}
