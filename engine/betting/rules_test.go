package betting_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStructureKindStrings(t *testing.T) {
	if betting.NoLimit.String() != "no_limit" || betting.PotLimit.String() != "pot_limit" || betting.FixedLimit.String() != "fixed_limit" || betting.Structure(9).String() != "Structure(9)" {
		t.Error("Structure.String")
	}
	want := []string{"fold", "check", "call", "bet", "raise"}
	for k, w := range want {
		if got := betting.Kind(k).String(); got != w {
			t.Errorf("Kind(%d) = %q, want %q", k, got, w)
		}
	}
}

// Heads-up: the button posts the small blind, acts first before the flop
// and last after it, in both position shapes.
func TestHeadsUpOrder(t *testing.T) {
	check := func(t *testing.T, h *betting.Hand, button, bigBlind int) {
		t.Helper()
		if h.StreetBet(button) != c(1) || h.StreetBet(bigBlind) != c(2) {
			t.Fatalf("button posted %v, big blind %v", h.StreetBet(button), h.StreetBet(bigBlind))
		}
		play(t, h, call(button))
		if l := h.Legal(); l.Seat != bigBlind || !l.CanCheck || !l.CanRaise {
			t.Fatalf("big blind option: %+v", l)
		}
		play(t, h, check(bigBlind))
		for r := 1; r < 4; r++ {
			if err := h.StartRound(nl(2)); err != nil {
				t.Fatal(err)
			}
			play(t, h, check(bigBlind), check(button))
		}
	}
	t.Run("table", func(t *testing.T) {
		for button := 0; button < 2; button++ {
			pos := betting.TablePositions(2, button, 1-button)
			blinds := make([]chips.Chips, 2)
			blinds[button], blinds[1-button] = c(1), c(2)
			h, err := betting.NewHand(betting.HandConfig{Stacks: cs(100, 100), Blinds: blinds,
				Button: pos.Button, FirstToAct: pos.FirstToAct, FirstToActPostflop: pos.FirstToActPostflop})
			if err != nil {
				t.Fatal(err)
			}
			if err := h.StartRound(nl(2)); err != nil {
				t.Fatal(err)
			}
			check(t, &h, button, 1-button)
		}
	})
	t.Run("phh", func(t *testing.T) {
		// blinds_or_straddles = [1, 2]: p1 (index 0) posts 2, p2 (index
		// 1, the button) posts 1.
		pos := betting.PHHPositions(2)
		var buf [2]chips.Chips
		blinds := betting.PHHForcedBets(buf[:], cs(1, 2))
		if blinds[0] != c(2) || blinds[1] != c(1) || pos != (betting.Positions{Button: 1, FirstToAct: 1, FirstToActPostflop: 0}) {
			t.Fatalf("PHH heads-up: blinds %v positions %+v", blinds, pos)
		}
		if p := betting.PHHPositionsBlinds(blinds); p != pos {
			t.Fatalf("PHHPositionsBlinds = %+v, want %+v", p, pos)
		}
		h, err := betting.NewHand(betting.HandConfig{Stacks: cs(100, 100), Blinds: blinds,
			Button: pos.Button, FirstToAct: pos.FirstToAct, FirstToActPostflop: pos.FirstToActPostflop})
		if err != nil {
			t.Fatal(err)
		}
		if err := h.StartRound(nl(2)); err != nil {
			t.Fatal(err)
		}
		check(t, &h, 1, 0)
	})
}

func TestPositionHelpers(t *testing.T) {
	if p := betting.PHHPositions(6); p != (betting.Positions{Button: 5, FirstToAct: 2, FirstToActPostflop: 0}) {
		t.Errorf("PHHPositions(6) = %+v", p)
	}
	if p := betting.PHHPositionsBlinds(cs(1, 2, 4, 0, 0)); p.FirstToAct != 3 || p.Button != 4 {
		t.Errorf("straddle: %+v", p)
	}
	if p := betting.PHHPositionsBlinds(cs(0, 0, 0)); p.FirstToAct != 0 {
		t.Errorf("no blinds: %+v", p)
	}
	if f := betting.FirstAfterLargestBlind(cs(0, 0)); f != -1 {
		t.Errorf("FirstAfterLargestBlind(no blinds) = %d", f)
	}
	if f := betting.FirstAfterLargestBlind(cs(2, 1, 2)); f != 0 {
		t.Errorf("tie goes to the later seat, wrapping: %d", f)
	}
	var buf [3]chips.Chips
	if got := betting.PHHForcedBets(buf[:], cs(1, 2, 0)); fmt.Sprint(got) != fmt.Sprint(cs(1, 2, 0)) {
		t.Errorf("3 players are not reversed: %v", got)
	}
	if p := betting.TablePositions(6, 3, 5); p != (betting.Positions{Button: 3, FirstToAct: 0, FirstToActPostflop: 4}) {
		t.Errorf("TablePositions = %+v", p)
	}
}

// Minimum raises: the big blind sets the first increment, each full raise
// sets the next.
func TestMinRaiseSequence(t *testing.T) {
	h := newHand(t, cs(1000, 1000, 1000, 1000), cs(0, 1, 2, 0), 0, nl(2))
	steps := []struct {
		seat          int
		minTo, raiseT int64
	}{
		{3, 4, 4},    // min raise: 2 → 4 (increment 2)
		{0, 6, 10},   // 4 → 10 (increment 6)
		{1, 16, 16},  // 10 → 16
		{2, 22, 100}, // 16 → 100 (increment 84)
		{3, 184, 184},
	}
	for _, s := range steps {
		l := h.Legal()
		if l.Seat != s.seat || l.MinTo != c(s.minTo) || l.MinAmount != c(s.minTo)-h.StreetBet(s.seat) {
			t.Fatalf("seat %d: legal %+v, want min to %d", s.seat, l, s.minTo)
		}
		if _, err := h.RaiseTo(c(s.minTo - 1)); !errors.Is(err, betting.ErrBadAmount) {
			t.Fatalf("raise below the minimum: %v", err)
		}
		play(t, h, step{s.seat, raiseTo(t, h, s.raiseT)})
	}
	if h.MinRaiseIncrement() != c(84) || h.Raises() != 5 {
		t.Fatalf("increment %v raises %d", h.MinRaiseIncrement(), h.Raises())
	}
	// Postflop the first bet is at least MinBet and sets the increment.
	h2 := newHand(t, cs(1000, 1000), cs(1, 2), 0, nl(2))
	play(t, h2, call(0), check(1))
	if err := h2.StartRound(nl(2)); err != nil {
		t.Fatal(err)
	}
	if l := h2.Legal(); !l.CanBet || l.MinAmount != c(2) || l.MaxAmount != c(998) {
		t.Fatalf("postflop bet bounds: %+v", l)
	}
	play(t, h2, bet(1, 7))
	if l := h2.Legal(); l.MinTo != c(14) {
		t.Fatalf("raise after a bet of 7: %+v", l)
	}
}

// WSOP 2024 rule 96a: consecutive short all-ins that together make a full
// raise reopen the betting for a player who already acted; a player who
// acted in between faces only part of it and is not reopened.
func TestConsecutiveShortAllIns(t *testing.T) {
	// Seats: 0 button, 1 SB 50, 2 BB 100, 3, 4, 5. Seat 3 raises to 300
	// (increment 200). Seat 4 all-in to 400 (+100, short), seat 5 calls 400,
	// seat 0 all-in to 550 (+150, short; +250 since seat 3 acted).
	h := newHand(t, cs(400+150, 5000, 5000, 5000, 400, 5000), cs(0, 50, 100, 0, 0, 0), 0, nl(100))
	play(t, h, step{3, raiseTo(t, h, 300)})
	play(t, h, step{4, h.AllInAction()})
	if h.TableBet() != c(400) || h.MinRaiseIncrement() != c(200) {
		t.Fatalf("after the first short all-in: %v %v", h.TableBet(), h.MinRaiseIncrement())
	}
	play(t, h, call(5))
	play(t, h, step{0, raiseTo(t, h, 550)})
	if !h.AllIn(0) {
		t.Fatal("seat 0 should be all-in")
	}
	// Blinds have not acted: they may raise.
	for _, seat := range []int{1, 2} {
		l := h.Legal()
		if l.Seat != seat || !l.CanRaise || l.MinTo != c(750) {
			t.Fatalf("seat %d (yet to act): %+v", seat, l)
		}
		play(t, h, call(seat))
	}
	// Seat 3 faces 550 − 300 = 250 ≥ 200: reopened.
	if l := h.Legal(); l.Seat != 3 || !l.CanRaise || l.MinTo != c(750) {
		t.Fatalf("seat 3 should be reopened by 96a: %+v", l)
	}
	play(t, h, call(3))
	// Seat 5 called 400 and faces only 150 < 200: call or fold.
	if l := h.Legal(); l.Seat != 5 || l.CanRaise || l.CallAmount != c(150) {
		t.Fatalf("seat 5 faced only a short all-in: %+v", l)
	}
	play(t, h, call(5))
	if !h.RoundOver() {
		t.Fatalf("round should be over, seat %d to act", h.ToAct())
	}

	// One short all-in alone does not reopen.
	h2 := newHand(t, cs(5000, 5000, 5000, 5000, 400), cs(0, 50, 100, 0, 0), 0, nl(100))
	play(t, h2, step{3, raiseTo(t, h2, 300)})
	play(t, h2, step{4, h2.AllInAction()})
	play(t, h2, call(0), call(1), call(2))
	if l := h2.Legal(); l.Seat != 3 || l.CanRaise {
		t.Fatalf("a lone short all-in must not reopen seat 3: %+v", l)
	}
}

// A short all-in bet below MinBet after checks does not reopen the checkers.
func TestShortAllInBetAfterChecks(t *testing.T) {
	h := newHand(t, cs(1000, 1000, 105), cs(0, 5, 10), 0, nl(10))
	play(t, h, call(0), call(1), check(2))
	if err := h.StartRound(nl(10)); err != nil {
		t.Fatal(err)
	}
	play(t, h, check(1))
	play(t, h, step{2, h.AllInAction()}) // bet 95 all-in: a full bet (≥ 10)
	if l := h.Legal(); !l.CanRaise {
		t.Fatalf("a full all-in bet reopens: %+v", l)
	}
	h2 := newHand(t, cs(1000, 1000, 15), cs(0, 5, 10), 0, nl(10))
	play(t, h2, call(0), call(1), check(2))
	if err := h2.StartRound(nl(10)); err != nil {
		t.Fatal(err)
	}
	play(t, h2, check(1))
	play(t, h2, step{2, h2.AllInAction()}) // bet 5 all-in: short
	if l := h2.Legal(); l.Seat != 0 || !l.CanRaise {
		t.Fatalf("seat 0 has not acted this round: it may raise: %+v", l)
	}
	play(t, h2, call(0))
	if l := h2.Legal(); l.Seat != 1 || l.CanRaise || l.CallAmount != c(5) {
		t.Fatalf("seat 1 checked: call or fold only: %+v", l)
	}
}

// Side pots with four all-ins of different sizes, a fold and an uncalled
// top layer.
func TestSidePots(t *testing.T) {
	// Seat 0 is the button; blinds 1/2 on seats 1 and 2.
	h := newHand(t, cs(20, 50, 100, 200, 300, 1000), cs(0, 1, 2, 0, 0, 0), 0, nl(2))
	play(t, h,
		step{3, betting.Action{Kind: betting.Raise, Amount: c(200)}}, // all-in 200
		step{4, betting.Action{Kind: betting.Raise, Amount: c(300)}}, // all-in 300
		call(5), // 300 of 1000
		call(0), // all-in 20
		call(1), // all-in 50
		call(2), // all-in 100
	)
	if !h.RoundOver() || !h.HandOver() {
		t.Fatal("hand should be over: only seat 5 has chips")
	}
	pots := h.Pots(nil)
	want := []betting.Pot{
		{Amount: c(120), Eligible: 0b111111},
		{Amount: c(150), Eligible: 0b111110},
		{Amount: c(200), Eligible: 0b111100},
		{Amount: c(300), Eligible: 0b111000},
		{Amount: c(200), Eligible: 0b110000},
	}
	if fmt.Sprint(pots) != fmt.Sprint(want) {
		t.Fatalf("pots %v\nwant %v", pots, want)
	}
	var sum chips.Chips
	for _, p := range pots {
		sum += p.Amount
	}
	if sum != h.Pot() {
		t.Fatalf("pots hold %v of %v", sum, h.Pot())
	}
	// Seat 0 best, then seat 2, then seat 4 and seat 5 tie.
	strength := [betting.MaxSeats]uint32{9, 1, 8, 2, 5, 5}
	var won [betting.MaxSeats]chips.Chips
	h.Settle(&strength, &won)
	wantStacks := cs(120, 0, 350, 0, 250, 950)
	if got := stacks(h); fmt.Sprint(got) != fmt.Sprint(wantStacks) {
		t.Fatalf("stacks %v, want %v (won %v)", got, wantStacks, won[:6])
	}
	if h.Pot() != 0 {
		t.Fatalf("pot %v after Settle", h.Pot())
	}

	// Folded chips stay in the pots they reached; the uncalled layer
	// returns.
	h2 := newHand(t, cs(1000, 1000, 1000, 30), cs(0, 5, 10, 0), 0, nl(10))
	play(t, h2, step{3, h2.AllInAction()})
	play(t, h2, step{0, raiseTo(t, h2, 100)}, call(1), fold(2))
	if err := h2.StartRound(nl(10)); err != nil {
		t.Fatal(err)
	}
	play(t, h2, bet(1, 500), fold(0))
	pots = h2.Pots(make([]betting.Pot, 0, betting.MaxSeats))
	want = []betting.Pot{
		{Amount: c(10 + 30*3), Eligible: 0b1010}, // seat 2's 10 folded in
		{Amount: c(70 * 2), Eligible: 0b0010},    // seat 0's folded 70 and seat 1's
	}
	if fmt.Sprint(pots) != fmt.Sprint(want) {
		t.Fatalf("pots %v, want %v", pots, want)
	}
	seat, amount := h2.ReturnUncalled()
	if seat != 1 || amount != c(500) || h2.Stack(1) != c(900) {
		t.Fatalf("uncalled: seat %d amount %v stack %v", seat, amount, h2.Stack(1))
	}
	if s, a := h2.ReturnUncalled(); s != -1 || a != 0 {
		t.Fatalf("second ReturnUncalled: %d %v", s, a)
	}
	h2.Settle(&[betting.MaxSeats]uint32{0, 1, 0, 2}, nil)
	if got := stacks(h2); fmt.Sprint(got) != fmt.Sprint(cs(900, 1040, 990, 100)) {
		t.Fatalf("stacks %v", got)
	}
}

// Fixed limit with blinds: the blind is not a raise; four raises preflop
// (PokerKit's cap of 4 completions, bets or raises), three after the bet.
func TestFixedLimitCaps(t *testing.T) {
	h := newHand(t, cs(100, 100, 100), cs(0, 1, 2), 0, fl(2, 4))
	for i, seat := range []int{0, 1, 2, 0} {
		l := h.Legal()
		want := c(int64(4 + 2*i))
		if l.Seat != seat || !l.CanRaise || l.MinTo != want || l.MaxTo != want {
			t.Fatalf("raise %d: %+v, want to %v", i+1, l, want)
		}
		if err := h.Apply(betting.Action{Kind: betting.Raise, Amount: l.MinAmount + c(1)}); !errors.Is(err, betting.ErrBadAmount) {
			t.Fatalf("a fixed-limit raise of another size was accepted: %v", err)
		}
		play(t, h, step{seat, betting.Action{Kind: betting.Raise, Amount: l.MinAmount}})
	}
	if l := h.Legal(); l.Seat != 1 || l.CanRaise || l.CallAmount != c(4) {
		t.Fatalf("capped: %+v", l)
	}
	play(t, h, call(1), call(2))
	if err := h.StartRound(fl(4, 3)); err != nil {
		t.Fatal(err)
	}
	play(t, h, bet(1, 4), raise(2, 8), raise(0, 12), raise(1, 12))
	if l := h.Legal(); l.CanRaise || l.CallAmount != c(8) {
		t.Fatalf("capped after a bet and 3 raises: %+v", l)
	}
	// A short all-in raise counts toward the cap and does not reopen.
	h2 := newHand(t, cs(100, 100, 5), cs(0, 1, 2), 0, fl(2, 4))
	play(t, h2, raise(0, 4), call(1))
	if l := h2.Legal(); !l.CanRaise || l.MaxAmount != c(3) || l.MaxTo != c(5) {
		t.Fatalf("short stack raise: %+v", l)
	}
	play(t, h2, raise(2, 3))
	if l := h2.Legal(); l.Seat != 0 || l.CanRaise || h2.Raises() != 2 {
		t.Fatalf("short all-in should not reopen: %+v raises %d", l, h2.Raises())
	}
}

// Pot limit: the largest raise adds the pot after the call.
func TestPotLimitMaximums(t *testing.T) {
	h := newHand(t, cs(1000, 1000, 1000, 1000), cs(0, 1, 2, 0), 0, pl(2))
	l := h.Legal()
	if l.Seat != 3 || l.MaxTo != c(7) || l.MinTo != c(4) {
		t.Fatalf("blinds 1/2: first raise to 4..7: %+v", l)
	}
	if _, err := h.RaiseTo(c(8)); !errors.Is(err, betting.ErrBadAmount) {
		t.Fatalf("raise to 8 accepted: %v", err)
	}
	play(t, h, step{3, raiseTo(t, h, 7)})
	// Pot 10, the button calls 7 (pot 17) and raises 17: to 24.
	if l := h.Legal(); l.MaxTo != c(24) || l.MinTo != c(12) {
		t.Fatalf("re-raise: %+v", l)
	}
	play(t, h, call(0), call(1), call(2)) // pot 28: 4 × 7
	if h.Pot() != c(28) {
		t.Fatalf("pot %v", h.Pot())
	}
	if err := h.StartRound(pl(2)); err != nil {
		t.Fatal(err)
	}
	if l := h.Legal(); l.Seat != 1 || l.MaxAmount != c(28) || l.MinAmount != c(2) {
		t.Fatalf("postflop pot bet: %+v", l)
	}
	play(t, h, bet(1, 10))
	// Pot 38, call 10 → 48, raise 48: to 58.
	if l := h.Legal(); l.MaxTo != c(58) || l.MinTo != c(20) {
		t.Fatalf("postflop pot raise: %+v", l)
	}
}

// Antes are dead money: a big-blind ante is never returned as uncalled.
func TestBigBlindAnte(t *testing.T) {
	h, err := betting.NewHand(betting.HandConfig{
		Stacks: cs(1000, 1000, 1000), Antes: cs(0, 0, 20), Blinds: cs(0, 10, 20),
		Button: 0, FirstToAct: 0, FirstToActPostflop: 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	if h.Stack(2) != c(960) || h.Committed(2) != c(40) || h.StreetBet(2) != c(20) || h.TableBet() != c(20) {
		t.Fatalf("big blind: stack %v committed %v street %v", h.Stack(2), h.Committed(2), h.StreetBet(2))
	}
	if err := h.StartRound(nl(20)); err != nil {
		t.Fatal(err)
	}
	play(t, &h, fold(0), call(1), check(2))
	if p := h.Pots(nil); len(p) != 1 || p[0].Amount != c(60) || p[0].Eligible != 0b110 {
		t.Fatalf("pots %v", p)
	}
	// The small blind wins the big blind's ante too.
	h.Settle(&[betting.MaxSeats]uint32{0, 9, 1}, nil)
	if got := stacks(&h); fmt.Sprint(got) != fmt.Sprint(cs(1000, 1040, 960)) {
		t.Fatalf("stacks %v", got)
	}
}

// With ante trimming, a player all-in on a short ante wins at most what it
// posted from each ante, and nothing of the live bets.
func TestShortAnte(t *testing.T) {
	h, err := betting.NewHand(betting.HandConfig{
		Stacks: cs(3, 1000, 1000, 1000), Antes: cs(5, 5, 5, 5), Blinds: cs(0, 10, 20, 0),
		Button: 0, FirstToAct: 3, FirstToActPostflop: 1, AnteTrimming: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if !h.AllIn(0) || h.Committed(0) != c(3) {
		t.Fatalf("short ante: allin %v committed %v", h.AllIn(0), h.Committed(0))
	}
	if err := h.StartRound(nl(20)); err != nil {
		t.Fatal(err)
	}
	play(t, &h, call(3), call(1), check(2))
	pots := h.Pots(nil)
	want := []betting.Pot{
		{Amount: c(12), Eligible: 0b1111},
		{Amount: c(6 + 60), Eligible: 0b1110},
	}
	if fmt.Sprint(pots) != fmt.Sprint(want) {
		t.Fatalf("pots %v, want %v", pots, want)
	}
	h.Settle(&[betting.MaxSeats]uint32{9, 1, 2, 3}, nil)
	if got := stacks(&h); fmt.Sprint(got) != fmt.Sprint(cs(12, 975, 975, 1041)) {
		t.Fatalf("stacks %v", got)
	}
}

// Without ante trimming every ante is dead money of the main pot: the
// player all-in on a short ante may win all of them.
func TestShortAnteUntrimmed(t *testing.T) {
	h, err := betting.NewHand(betting.HandConfig{
		Stacks: cs(3, 1000, 1000, 1000), Antes: cs(5, 5, 5, 5), Blinds: cs(0, 10, 20, 0),
		Button: 0, FirstToAct: 3, FirstToActPostflop: 1,
	})
	require.NoError(t, err)
	require.NoError(t, h.StartRound(nl(20)))
	play(t, &h, call(3), call(1), check(2))
	assert.Equal(t, []betting.Pot{{Amount: c(18), Eligible: 0b1111}, {Amount: c(60), Eligible: 0b1110}}, h.Pots(nil))
	h.Settle(&[betting.MaxSeats]uint32{9, 1, 2, 3}, nil)
	assert.Equal(t, cs(18, 975, 975, 1035), stacks(&h))
}

// Ante trimming gives a lone big-blind ante back to the big blind at once.
func TestAnteTrimmingLoneAnte(t *testing.T) {
	h, err := betting.NewHand(betting.HandConfig{
		Stacks: cs(1000, 1000, 1000), Antes: cs(0, 0, 20), Blinds: cs(0, 10, 20),
		Button: 0, FirstToAct: 0, FirstToActPostflop: 1, AnteTrimming: true,
	})
	require.NoError(t, err)
	assert.Equal(t, c(980), h.Stack(2))
	assert.Equal(t, c(20), h.Committed(2))
}

// Stacks whose sum would overflow are refused, not played into negative
// stacks.
func TestStacksOverflow(t *testing.T) {
	huge := chips.Chips(4611686018427387900) // 46116860184273879 chips
	_, err := betting.NewHand(betting.HandConfig{
		Stacks: []chips.Chips{huge, huge, huge}, Button: 0, FirstToAct: 0, FirstToActPostflop: 1,
	})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "HandConfig.Stacks")
	_, err = betting.NewHand(betting.HandConfig{
		Stacks: cs(10, 10), DeadMoney: huge, Button: 0, FirstToAct: 0, FirstToActPostflop: 1,
	})
	assert.ErrorContains(t, err, "HandConfig.DeadMoney")
}

// Straddles: the largest blind sets the table bet and the first increment.
func TestStraddle(t *testing.T) {
	blinds := cs(1, 2, 4, 0, 0)
	pos := betting.PHHPositionsBlinds(blinds)
	h, err := betting.NewHand(betting.HandConfig{Stacks: cs(100, 100, 100, 100, 100), Blinds: blinds,
		Button: pos.Button, FirstToAct: pos.FirstToAct, FirstToActPostflop: pos.FirstToActPostflop})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.StartRound(nl(2)); err != nil {
		t.Fatal(err)
	}
	if l := h.Legal(); l.Seat != 3 || l.CallAmount != c(4) || l.MinTo != c(8) {
		t.Fatalf("after a straddle of 4: %+v", l)
	}
	play(t, &h, call(3), call(4), call(0), call(1))
	if l := h.Legal(); l.Seat != 2 || !l.CanCheck || !l.CanRaise {
		t.Fatalf("the straddler has the option: %+v", l)
	}
}

// A blind posted all-in.
func TestBlindAllIn(t *testing.T) {
	h := newHand(t, cs(100, 100, 7), cs(0, 5, 10), 0, nl(10))
	if !h.AllIn(2) || h.TableBet() != c(7) {
		t.Fatalf("big blind all-in for 7: allin %v table bet %v", h.AllIn(2), h.TableBet())
	}
	if l := h.Legal(); l.Seat != 0 || l.CallAmount != c(7) || l.MinTo != c(17) {
		t.Fatalf("button facing a short big blind: %+v", l)
	}
	play(t, h, call(0), call(1))
	if !h.RoundOver() {
		t.Fatal("round over")
	}
	// Heads-up, the button's small blind covers a big blind all-in for
	// less: nobody can act.
	h2 := newHand(t, cs(100, 3), cs(5, 10), 0, nl(10))
	if !h2.RoundOver() || !h2.HandOver() {
		t.Fatalf("big blind all-in for less than the small blind: to act %d", h2.ToAct())
	}
	h2.Settle(&[betting.MaxSeats]uint32{0, 1}, nil)
	if got := stacks(h2); fmt.Sprint(got) != fmt.Sprint(cs(97, 6)) {
		t.Fatalf("stacks %v", got)
	}
}

// Illegal actions return an error and change nothing; ApplyOrFold folds.
func TestIllegalActions(t *testing.T) {
	h := newHand(t, cs(100, 100, 100), cs(0, 1, 2), 0, nl(2))
	before := *h
	bad := []struct {
		a    betting.Action
		want error
	}{
		{betting.Action{Kind: betting.Check}, betting.ErrIllegalAction},
		{betting.Action{Kind: betting.Bet, Amount: c(10)}, betting.ErrIllegalAction},
		{betting.Action{Kind: betting.Raise, Amount: c(3)}, betting.ErrBadAmount},
		{betting.Action{Kind: betting.Raise, Amount: c(101)}, betting.ErrBadAmount},
		{betting.Action{Kind: betting.Call, Amount: c(1)}, betting.ErrBadAmount},
		{betting.Action{Kind: betting.Fold, Amount: c(1)}, betting.ErrBadAmount},
		{betting.Action{Kind: betting.Kind(9)}, betting.ErrIllegalAction},
	}
	for _, b := range bad {
		if err := h.Apply(b.a); !errors.Is(err, b.want) {
			t.Errorf("%v %v: error %v, want %v", b.a.Kind, b.a.Amount, err, b.want)
		}
		if *h != before {
			t.Fatalf("%v %v changed the hand", b.a.Kind, b.a.Amount)
		}
	}
	if h.ApplyOrFold(betting.Action{Kind: betting.Check}) || !h.Folded(0) || h.ToAct() != 1 {
		t.Fatal("ApplyOrFold should fold seat 0")
	}
	if !h.ApplyOrFold(betting.Action{Kind: betting.Call}) || h.Folded(1) {
		t.Fatal("ApplyOrFold of a legal call")
	}
	play(t, h, check(2))
	if err := h.Apply(betting.Action{Kind: betting.Check}); !errors.Is(err, betting.ErrRoundOver) {
		t.Fatalf("action after the round: %v", err)
	}
	if _, err := h.RaiseTo(c(10)); !errors.Is(err, betting.ErrRoundOver) {
		t.Fatalf("RaiseTo after the round: %v", err)
	}
	if h.ApplyOrFold(betting.Action{Kind: betting.Check}) {
		t.Fatal("ApplyOrFold after the round")
	}
	if err := h.StartRound(nl(2)); err != nil {
		t.Fatal(err)
	}
	// Folding when a check is free is not offered (the seed's moves).
	if err := h.Apply(betting.Action{Kind: betting.Fold}); !errors.Is(err, betting.ErrIllegalAction) {
		t.Fatalf("fold when check is free: %v", err)
	}
	if err := h.Apply(betting.Action{Kind: betting.Raise, Amount: c(2)}); !errors.Is(err, betting.ErrIllegalAction) {
		t.Fatalf("raise with no bet: %v", err)
	}
	if err := h.StartRound(nl(2)); err == nil {
		t.Fatal("StartRound while the round is on")
	}
}

func TestConfigErrors(t *testing.T) {
	ok := betting.HandConfig{Stacks: cs(10, 10, 10), Antes: cs(1, 1, 1), Blinds: cs(0, 1, 2), Button: 0, FirstToAct: 0, FirstToActPostflop: 1}
	cases := []struct {
		field string
		edit  func(*betting.HandConfig)
	}{
		{"Stacks", func(c *betting.HandConfig) { c.Stacks = cs(10) }},
		{"Stacks", func(c *betting.HandConfig) { c.Stacks = make([]chips.Chips, 11) }},
		{"Stacks[1]", func(c *betting.HandConfig) { c.Stacks = []chips.Chips{10, -1, 10} }},
		{"Stacks", func(c *betting.HandConfig) { c.Stacks = cs(10, 0, 0); c.Antes, c.Blinds = nil, nil }},
		{"Antes", func(c *betting.HandConfig) { c.Antes = cs(1, 1) }},
		{"Antes[2]", func(c *betting.HandConfig) { c.Antes = []chips.Chips{0, 0, -1} }},
		{"Blinds", func(c *betting.HandConfig) { c.Blinds = cs(1) }},
		{"Blinds[1]", func(c *betting.HandConfig) { c.Stacks = cs(10, 0, 10); c.Antes = nil }},
		{"Button", func(c *betting.HandConfig) { c.Button = 3 }},
		{"FirstToAct", func(c *betting.HandConfig) { c.FirstToAct = -1 }},
		{"FirstToActPostflop", func(c *betting.HandConfig) { c.FirstToActPostflop = 5 }},
		{"DeadMoney", func(c *betting.HandConfig) { c.DeadMoney = -1 }},
		{"Unit", func(c *betting.HandConfig) { c.Unit = -1 }},
	}
	if _, err := betting.NewHand(ok); err != nil {
		t.Fatal(err)
	}
	for _, tc := range cases {
		cfg := ok
		tc.edit(&cfg)
		_, err := betting.NewHand(cfg)
		if err == nil || !strings.Contains(err.Error(), "HandConfig."+tc.field+":") {
			t.Errorf("%s: error %v", tc.field, err)
		}
	}
	h, _ := betting.NewHand(ok)
	for _, rc := range []betting.RoundConfig{
		{Structure: 7, MinBet: 1},
		{Structure: betting.NoLimit},
		{Structure: betting.NoLimit, MinBet: 1, MaxRaises: -1},
		{Structure: betting.FixedLimit, MinBet: 1},
	} {
		if err := h.StartRound(rc); err == nil || !strings.Contains(err.Error(), "RoundConfig.") {
			t.Errorf("StartRound(%+v): %v", rc, err)
		}
	}
	var zero betting.Hand
	if err := zero.StartRound(nl(2)); err == nil {
		t.Error("StartRound on a zero Hand")
	}
}

// A Hand is a value: a copy plays on independently.
func TestCopyIsClone(t *testing.T) {
	h := newHand(t, cs(100, 100, 100), cs(0, 1, 2), 0, nl(2))
	g := *h
	play(t, h, fold(0))
	if g.Folded(0) || g.ToAct() != 0 {
		t.Fatal("the copy changed")
	}
	if err := g.Apply(betting.Action{Kind: betting.Call}); err != nil || h.Stack(0) != c(100) || g.Stack(0) != c(98) {
		t.Fatal("the copy should play on alone")
	}
}

// A zero stack sits out: no forced bets, never acts, never wins.
func TestSittingOut(t *testing.T) {
	h, err := betting.NewHand(betting.HandConfig{Stacks: cs(100, 0, 100, 100), Blinds: cs(0, 0, 1, 2),
		Button: 0, FirstToAct: 0, FirstToActPostflop: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.StartRound(nl(2)); err != nil {
		t.Fatal(err)
	}
	play(t, &h, call(0), call(2), check(3))
	if err := h.StartRound(nl(2)); err != nil {
		t.Fatal(err)
	}
	if h.ToAct() != 2 || !h.Folded(1) {
		t.Fatalf("the sitting-out seat is skipped: to act %d", h.ToAct())
	}
	h.Settle(&[betting.MaxSeats]uint32{1, 99, 1, 1}, nil)
	if h.Stack(1) != 0 {
		t.Fatal("a sitting-out seat won")
	}
}

func TestSettleHiLo(t *testing.T) {
	h := newHand(t, cs(100, 100, 100), cs(0, 1, 2), 0, fl(2, 4))
	play(t, h, call(0), call(1), check(2)) // pot 6
	hi := [betting.MaxSeats]uint32{9, 1, 5}
	lo := [betting.MaxSeats]uint32{1, 8, 3}
	var won [betting.MaxSeats]chips.Chips
	g := *h
	h.SettleHiLo(&hi, &lo, 0b111, &won)
	if won[0] != c(3) || won[1] != c(3) {
		t.Fatalf("hi-lo split: %v", won[:3])
	}
	// No qualifying low: the high hand scoops.
	g.SettleHiLo(&hi, &lo, 0, &won)
	if won[0] != c(6) {
		t.Fatalf("scoop: %v", won[:3])
	}
	// An odd pot: the odd chip goes to the high half.
	h3 := newHand(t, cs(100, 100, 100), cs(0, 1, 2), 0, nl(2))
	play(t, h3, call(0), fold(1), check(2)) // pot 5
	h3.SettleHiLo(&hi, &lo, 0b111, &won)
	if won[0] != c(3) || won[2] != c(2) {
		t.Fatalf("odd hi-lo: %v", won[:3])
	}
}

func TestActionErrorMessage(t *testing.T) {
	h := newHand(t, cs(100, 100, 100), cs(0, 1, 2), 0, nl(2))
	err := h.Apply(betting.Action{Kind: betting.Raise, Amount: c(3)})
	var ae *betting.ActionError
	if !errors.As(err, &ae) || ae.Seat != 0 || ae.Legal.MinTo != c(4) || !errors.Is(err, betting.ErrBadAmount) {
		t.Fatalf("error %v", err)
	}
	want := "betting: illegal amount: seat 0 raise 3: amount out of range (legal: add 4..100, to 4..100)"
	if err.Error() != want {
		t.Fatalf("message %q\nwant %q", err.Error(), want)
	}
	_, err = h.RaiseTo(c(2))
	if err == nil || !strings.Contains(err.Error(), "raise to 2:") {
		t.Fatalf("RaiseTo message: %v", err)
	}
	play(t, h, fold(0), fold(1))
	err = h.Apply(betting.Action{Kind: betting.Check})
	if err == nil || err.Error() != "betting: the round is over: check" {
		t.Fatalf("round over message: %v", err)
	}
}

// SettleAwards reports each pot with its winners and shares: a short
// all-in wins the main pot, the best of the others the side pot, and the
// shares add up to what Settle gives.
func TestSettleAwards(t *testing.T) {
	h, err := betting.NewHand(betting.HandConfig{
		Stacks: cs(30, 100, 100), Blinds: cs(0, 5, 10),
		Button: 0, FirstToAct: 0, FirstToActPostflop: 1,
	})
	require.NoError(t, err)
	require.NoError(t, h.StartRound(nl(10)))
	play(t, &h, raise(0, 30), call(1), call(2))
	var won [betting.MaxSeats]chips.Chips
	awards := h.SettleAwards(&[betting.MaxSeats]uint32{3, 2, 1}, &won, nil)
	require.Len(t, awards, 1, "seat 0 wins the only pot: everyone put in 30")
	assert.Equal(t, uint16(0b001), awards[0].Winners)
	assert.Equal(t, c(90), awards[0].Amount)
	assert.Equal(t, c(90), awards[0].Shares[0])

	h, err = betting.NewHand(betting.HandConfig{
		Stacks: cs(30, 100, 100), Blinds: cs(0, 5, 10),
		Button: 0, FirstToAct: 0, FirstToActPostflop: 1,
	})
	require.NoError(t, err)
	require.NoError(t, h.StartRound(nl(10)))
	play(t, &h, raise(0, 30), raise(1, 55), call(2))
	awards = h.SettleAwards(&[betting.MaxSeats]uint32{3, 1, 1}, &won, nil)
	require.Len(t, awards, 2)
	assert.Equal(t, betting.Award{Pot: betting.Pot{Amount: c(90), Eligible: 0b111}, Amount: c(90), Winners: 0b001,
		Shares: [betting.MaxSeats]chips.Chips{c(90)}}, awards[0])
	assert.Equal(t, uint16(0b110), awards[1].Winners, "the side pot is split")
	assert.Equal(t, c(60), awards[1].Amount)
	var sum [betting.MaxSeats]chips.Chips
	for _, a := range awards {
		for i := range sum {
			sum[i] += a.Shares[i]
		}
	}
	assert.Equal(t, won, sum)
}
