package betting_test

import (
	"testing"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
)

// Tests for the worked examples and the test list of the seeds: the
// betting-rules seed (examples A and B) and the betting-phase-design seed
// (fixed-limit moves, application, termination, showdown).

// Four seats: 0 button, 1 small blind 10, 2 big blind 20, 3 first to act.
func fourHanded(t *testing.T, sbStack int64) *betting.Hand {
	return newHand(t, cs(1000, sbStack, 1000, 1000), cs(0, 10, 20, 0), 0, nl(20))
}

// Example A: players A (seat 3) and B (seat 0) acted and matched 20; C (the
// small blind) moves all-in to 30, a raise of 10 < 20. The table bet is
// 30, the increment stays 20, A and B must act again but may only call or
// fold; the big blind, yet to act, may raise.
func TestExampleA_ShortAllInDoesNotReopen(t *testing.T) {
	h := fourHanded(t, 30)
	play(t, h, call(3), call(0))
	play(t, h, raise(1, 20)) // all-in: 10 posted + 20 = 30
	if !h.AllIn(1) || h.TableBet() != c(30) || h.MinRaiseIncrement() != c(20) {
		t.Fatalf("after the short all-in: allin %v table bet %v increment %v", h.AllIn(1), h.TableBet(), h.MinRaiseIncrement())
	}
	l := h.Legal()
	if l.Seat != 2 || !l.CanRaise || l.MinTo != c(50) {
		t.Fatalf("big blind (yet to act) should raise to 50 at least: %+v", l)
	}
	play(t, h, call(2))
	for _, seat := range []int{3, 0} {
		l := h.Legal()
		if l.Seat != seat || l.CanRaise || !l.CanCall || !l.CanFold || l.CallAmount != c(10) {
			t.Fatalf("seat %d must call 10 or fold, no raise: %+v", seat, l)
		}
		if err := h.Apply(betting.Action{Kind: betting.Raise, Amount: c(30)}); err == nil {
			t.Fatalf("seat %d raised after a short all-in", seat)
		}
		play(t, h, call(seat))
	}
	if !h.RoundOver() {
		t.Fatalf("round should be over, seat %d to act", h.ToAct())
	}
}

// Example B: an all-in that lifts the table bet from 20 to 40 is a full
// raise: the increment stays 20 and A and B may raise again.
func TestExampleB_FullAllInReopens(t *testing.T) {
	h := fourHanded(t, 40)
	play(t, h, call(3), call(0), raise(1, 30))
	if h.TableBet() != c(40) || h.MinRaiseIncrement() != c(20) {
		t.Fatalf("table bet %v increment %v, want 40 and 20", h.TableBet(), h.MinRaiseIncrement())
	}
	play(t, h, call(2))
	l := h.Legal()
	if l.Seat != 3 || !l.CanRaise || l.MinTo != c(60) || l.MinAmount != c(40) {
		t.Fatalf("seat 3 should be able to raise to 60 (add 40): %+v", l)
	}
	play(t, h, step{3, raiseTo(t, h, 60)})
	if l := h.Legal(); l.Seat != 0 || !l.CanRaise {
		t.Fatalf("seat 0 should be able to raise: %+v", l)
	}
}

// A fixed-limit round of the betting-phase-design seed: no forced bets,
// min_bet 10, max_raises 3, seat 0 acts first.
func designHand(t *testing.T, stacks ...int64) *betting.Hand {
	t.Helper()
	h, err := betting.NewHand(betting.HandConfig{Stacks: cs(stacks...), Button: len(stacks) - 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.StartRound(fl(10, 3)); err != nil {
		t.Fatal(err)
	}
	return &h
}

func TestBettingMoves_NoCurrentBet(t *testing.T) {
	l := designHand(t, 100, 100).Legal()
	if !l.CanCheck || !l.CanBet || l.CanCall || l.CanRaise || l.CanFold || l.MinAmount != c(10) || l.MaxAmount != c(10) {
		t.Fatalf("want check or bet 10: %+v", l)
	}
}

func TestBettingMoves_WithCurrentBet(t *testing.T) {
	h := designHand(t, 100, 100)
	play(t, h, bet(0, 10))
	l := h.Legal()
	if l.CanCheck || !l.CanCall || l.CallAmount != c(10) || !l.CanRaise || !l.CanFold || l.MinAmount != c(20) || l.MaxAmount != c(20) || l.MaxTo != c(20) {
		t.Fatalf("want call 10, raise to 20 or fold: %+v", l)
	}
}

func TestBettingMoves_CantAffordCall(t *testing.T) {
	h := designHand(t, 100, 5, 100)
	play(t, h, bet(0, 10))
	l := h.Legal()
	if !l.CanCall || l.CallAmount != c(5) || l.CanRaise || !l.CanFold || l.CanCheck {
		t.Fatalf("want all-in call of 5 or fold: %+v", l)
	}
	play(t, h, call(1), call(2))
	if !h.AllIn(1) || h.Stack(1) != 0 || !h.RoundOver() {
		t.Fatalf("the call for less should put seat 1 all-in")
	}
	// Heads-up against a 5-chip stack the fixed-limit bet is still the
	// full unit; the 5 nobody calls goes back (SEED-NOTES, PokerKit).
	h2 := designHand(t, 100, 5)
	if l := h2.Legal(); l.MinAmount != c(10) || l.MaxAmount != c(10) {
		t.Fatalf("bet against a 5-chip stack: %+v", l)
	}
	play(t, h2, bet(0, 10), call(1))
	h2.Settle(&[betting.MaxSeats]uint32{0, 1}, nil)
	if h2.Stack(0) != c(95) || h2.Stack(1) != c(10) {
		t.Fatalf("stacks %v %v, want 95 10", h2.Stack(0), h2.Stack(1))
	}
}

func TestBettingMoves_CantAffordMinBet(t *testing.T) {
	h := designHand(t, 5, 100)
	l := h.Legal()
	if !l.CanCheck || !l.CanBet || l.MinAmount != c(5) || l.MaxAmount != c(5) {
		t.Fatalf("want check or all-in bet of 5: %+v", l)
	}
	if err := h.Apply(betting.Action{Kind: betting.Bet, Amount: c(10)}); err == nil {
		t.Fatal("a bet larger than the stack was accepted")
	}
}

func TestBettingMoves_FoldedPlayer(t *testing.T) {
	h := designHand(t, 100, 100, 100)
	play(t, h, bet(0, 10), fold(1), call(2))
	if !h.RoundOver() {
		t.Fatal("round should be over")
	}
	if err := h.StartRound(fl(10, 3)); err != nil {
		t.Fatal(err)
	}
	// Later rounds start at FirstToActPostflop (0); seat 1 never acts again.
	play(t, h, check(0))
	if h.ToAct() != 2 || !h.Folded(1) || h.Active(1) {
		t.Fatalf("folded seat 1 should be skipped: to act %d", h.ToAct())
	}
}

func TestBettingMoves_AllInPlayer(t *testing.T) {
	h := designHand(t, 100, 8, 100)
	play(t, h, bet(0, 10), call(1), call(2)) // seat 1 all-in for 8
	if err := h.StartRound(fl(10, 3)); err != nil {
		t.Fatal(err)
	}
	play(t, h, check(0))
	if h.ToAct() != 2 || !h.AllIn(1) || h.Active(1) {
		t.Fatalf("all-in seat 1 should be skipped: to act %d", h.ToAct())
	}
}

func TestBettingMoves_MaxRaisesReached(t *testing.T) {
	h := designHand(t, 100, 100)
	play(t, h, bet(0, 10), raise(1, 20), raise(0, 20), raise(1, 20))
	if h.Raises() != 3 {
		t.Fatalf("raises %d, want 3", h.Raises())
	}
	l := h.Legal()
	if l.CanRaise || !l.CanCall || l.CallAmount != c(10) {
		t.Fatalf("after 3 raises only call or fold: %+v", l)
	}
	play(t, h, call(0))
	if !h.RoundOver() || h.Committed(0) != c(40) || h.Committed(1) != c(40) {
		t.Fatal("round should end with 40 each")
	}
}

func TestApplyBet(t *testing.T) {
	h := designHand(t, 100, 100)
	play(t, h, bet(0, 10))
	if h.Stack(0) != c(90) || h.Pot() != c(10) || h.TableBet() != c(10) || h.StreetBet(0) != c(10) || h.Raises() != 0 {
		t.Fatalf("after bet: stack %v pot %v table bet %v raises %d", h.Stack(0), h.Pot(), h.TableBet(), h.Raises())
	}
}

func TestApplyCall(t *testing.T) {
	h := designHand(t, 100, 100)
	play(t, h, bet(0, 10), call(1))
	if h.Stack(1) != c(90) || h.StreetBet(1) != c(10) || h.Pot() != c(20) {
		t.Fatalf("after call: stack %v pot %v", h.Stack(1), h.Pot())
	}
}

func TestApplyRaise(t *testing.T) {
	h := designHand(t, 100, 100)
	play(t, h, bet(0, 10), raise(1, 20))
	if h.Raises() != 1 || h.TableBet() != c(20) || h.Stack(1) != c(80) || h.Pot() != c(30) {
		t.Fatalf("after raise: raises %d table bet %v stack %v pot %v", h.Raises(), h.TableBet(), h.Stack(1), h.Pot())
	}
}

func TestApplyAllIn(t *testing.T) {
	h := designHand(t, 7, 100)
	a := h.AllInAction()
	if a.Kind != betting.Bet || a.Amount != c(7) {
		t.Fatalf("all-in action %v %v, want bet 7", a.Kind, a.Amount)
	}
	play(t, h, step{0, a})
	if h.Stack(0) != 0 || !h.AllIn(0) || h.TableBet() != c(7) || h.Pot() != c(7) {
		t.Fatalf("after all-in: stack %v allin %v table bet %v", h.Stack(0), h.AllIn(0), h.TableBet())
	}
}

func TestApplyFold(t *testing.T) {
	h := designHand(t, 100, 100, 100)
	play(t, h, bet(0, 10), fold(1))
	if !h.Folded(1) || h.Stack(1) != c(100) || h.ToAct() != 2 {
		t.Fatalf("after fold: folded %v stack %v to act %d", h.Folded(1), h.Stack(1), h.ToAct())
	}
}

func TestRoundEnds_AllMatched(t *testing.T) {
	h := designHand(t, 100, 100, 100)
	play(t, h, bet(0, 10), call(1))
	if h.RoundOver() {
		t.Fatal("seat 2 has not acted")
	}
	play(t, h, call(2))
	if !h.RoundOver() || h.ToAct() != -1 || h.HandOver() {
		t.Fatal("all matched: the round (not the hand) should be over")
	}
}

func TestRoundEnds_AllFoldedButOne(t *testing.T) {
	h := designHand(t, 100, 100, 100)
	play(t, h, bet(0, 10), fold(1), fold(2))
	if !h.RoundOver() || !h.HandOver() {
		t.Fatal("one player left: round and hand over")
	}
}

func TestRoundEnds_AllAllIn(t *testing.T) {
	h := newHand(t, cs(30, 50), cs(1, 2), 0, nl(2))
	play(t, h, raise(0, 29), call(1))
	if !h.RoundOver() || !h.HandOver() || !h.AllIn(0) || h.AllIn(1) {
		t.Fatal("nobody can act any more: round and hand over")
	}
	// Later rounds start over at once.
	if err := h.StartRound(nl(2)); err != nil || !h.RoundOver() {
		t.Fatalf("a round with nobody to act should be over at once (%v)", err)
	}
}

func TestRoundContinues_UnmatchedBet(t *testing.T) {
	h := designHand(t, 100, 100, 100)
	play(t, h, check(0), check(1), bet(2, 10))
	if h.RoundOver() || h.ToAct() != 0 {
		t.Fatal("the bet is unmatched: seat 0 must act")
	}
}

func TestRoundContinues_RaiseReopens(t *testing.T) {
	h := designHand(t, 100, 100, 100)
	play(t, h, bet(0, 10), call(1), raise(2, 20))
	if h.RoundOver() || h.ToAct() != 0 {
		t.Fatal("the raise reopens: seat 0 acts again")
	}
	if l := h.Legal(); !l.CanRaise {
		t.Fatalf("a full raise gives seat 0 the right to raise: %+v", l)
	}
	play(t, h, call(0), call(1))
	if !h.RoundOver() {
		t.Fatal("round should be over")
	}
}

// showdown plays a hand where every seat calls 50 and settles it.
func showdown(t *testing.T, n int, strength [betting.MaxSeats]uint32, foldSeats ...int) (*betting.Hand, [betting.MaxSeats]chips.Chips) {
	t.Helper()
	st := make([]int64, n)
	for i := range st {
		st[i] = 100
	}
	h := designHand(t, st...)
	folded := map[int]bool{}
	for _, s := range foldSeats {
		folded[s] = true
	}
	play(t, h, bet(0, 10))
	for s := 1; s < n; s++ {
		if folded[s] {
			play(t, h, fold(s))
		} else {
			play(t, h, call(s))
		}
	}
	var won [betting.MaxSeats]chips.Chips
	h.Settle(&strength, &won)
	return h, won
}

func TestShowdown_SingleWinner(t *testing.T) {
	h, won := showdown(t, 3, [betting.MaxSeats]uint32{3, 9, 5})
	if won[1] != c(30) || h.Stack(1) != c(120) || h.Stack(0) != c(90) || h.Pot() != 0 {
		t.Fatalf("won %v stacks %v", won[:3], stacks(h))
	}
}

func TestShowdown_TiedHands(t *testing.T) {
	h, won := showdown(t, 3, [betting.MaxSeats]uint32{9, 9, 5})
	if won[0] != c(15) || won[1] != c(15) || won[2] != 0 || h.Stack(2) != c(90) {
		t.Fatalf("won %v stacks %v", won[:3], stacks(h))
	}
}

func TestShowdown_EveryoneFolded(t *testing.T) {
	// Seat 0 bets, both others fold: its bet is uncalled and returned;
	// strengths do not matter.
	h, won := showdown(t, 3, [betting.MaxSeats]uint32{0, 9, 9}, 1, 2)
	if h.Stack(0) != c(100) || won[0] != 0 || h.Stack(1) != c(100) {
		t.Fatalf("won %v stacks %v", won[:3], stacks(h))
	}
	// With blinds, the last player left wins them.
	h2 := newHand(t, cs(100, 100, 100), cs(0, 1, 2), 0, nl(2))
	play(t, h2, fold(0), fold(1))
	var strength [betting.MaxSeats]uint32
	var won2 [betting.MaxSeats]chips.Chips
	h2.Settle(&strength, &won2)
	if got := stacks(h2); got[0] != c(100) || got[1] != c(99) || got[2] != c(101) || won2[2] != c(2) {
		t.Fatalf("stacks %v won %v", got, won2[:3])
	}
}

// The seed: two players tie with a pot of 101: the first winner gets 51,
// the second 50. "First" is the first winner clockwise from the button.
func TestShowdown_OddChipRemainder(t *testing.T) {
	for _, button := range []int{0, 1, 2} {
		h, err := betting.NewHand(betting.HandConfig{
			Stacks: cs(100, 100, 100), Button: button, DeadMoney: c(101),
		})
		if err != nil {
			t.Fatal(err)
		}
		var won [betting.MaxSeats]chips.Chips
		strength := [betting.MaxSeats]uint32{7, 7, 7}
		strength[2] = 1 // seats 0 and 1 tie
		h.Settle(&strength, &won)
		first := 0 // first of seats 0, 1 after the button
		if button == 0 {
			first = 1
		}
		if won[first] != c(51) || won[1-first] != c(50) {
			t.Errorf("button %d: won %v, want 51 to seat %d", button, won[:3], first)
		}
	}
	// Unit: a pot of 1.01 chips split in hundredths gives 0.51 and 0.50.
	h, _ := betting.NewHand(betting.HandConfig{Stacks: cs(1, 1), Button: 1, DeadMoney: 101, Unit: 1})
	var won [betting.MaxSeats]chips.Chips
	h.Settle(&[betting.MaxSeats]uint32{}, &won)
	if won[0] != 51 || won[1] != 50 {
		t.Fatalf("unit 0.01: won %v %v", won[0], won[1])
	}
}

// The seed's edge-case table.
func TestDesignEdgeCases(t *testing.T) {
	t.Run("all players all-in immediately", func(t *testing.T) {
		h := designHand(t, 5, 8, 3)
		play(t, h, step{0, h.AllInAction()})
		play(t, h, step{1, h.AllInAction()})
		play(t, h, step{2, h.AllInAction()})
		if !h.RoundOver() || !h.HandOver() {
			t.Fatal("everyone all-in: hand over")
		}
		h.Settle(&[betting.MaxSeats]uint32{1, 5, 9}, nil)
		// Seat 2 (3 chips) wins 9; seat 1 wins the side pot 2×2... and
		// its own uncalled 3: pots 9 (0,1,2), 4 (0,1), uncalled 3 to seat 1.
		if got := stacks(h); got[0] != 0 || got[1] != c(7) || got[2] != c(9) {
			t.Fatalf("stacks %v", got)
		}
	})
}
