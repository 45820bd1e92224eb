package replay

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
)

// betPots returns engine/betting's pots as Pot values.
func betPots(bh *betting.Hand) []Pot {
	var out []Pot
	for _, p := range bh.Pots(nil) {
		q := Pot{Amount: p.Amount}
		for m := p.Eligible; m != 0; m &= m - 1 {
			q.Seats = append(q.Seats, bits.TrailingZeros16(m))
		}
		out = append(out, q)
	}
	return out
}

func samePots(a, b []Pot) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Amount != b[i].Amount || !slices.Equal(a[i].Seats, b[i].Seats) {
			return false
		}
	}
	return true
}

// TestTableAgainstBettingEngine plays random hands through engine/betting
// and records them: after every action the rebuilt stacks and street bets
// are the engine's, at every round the pots built from the contributions
// are the engine's (side pots, folded chips, short antes, dead money), and
// the chips add up.
func TestTableAgainstBettingEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for game := range 10000 {
		n := 2 + rng.IntN(5)
		stacks := make([]chips.Chips, n)
		antes := make([]chips.Chips, n)
		blinds := make([]chips.Chips, n)
		seats := make([]Seat, n)
		ante := chips.Chips(0)
		if rng.IntN(3) == 0 {
			ante = ch(1 + rng.Int64N(4))
		}
		for i := range n {
			// Every stack covers its ante: a short ante is trimmed back
			// (engine/betting's AnteTrimming), which the recorder does not
			// do yet.
			stacks[i] = ante + ch(1+rng.Int64N(60))
			antes[i] = ante
			seats[i] = seat(i, string(rune('A'+i)), stacks[i])
		}
		button := rng.IntN(n)
		sb, bb := (button+1)%n, (button+2)%n
		if n == 2 {
			sb, bb = button, (button+1)%n
		}
		blinds[sb], blinds[bb] = ch(1), ch(2)
		dead := ch(rng.Int64N(3))
		pos := betting.TablePositions(n, button, bb)
		cfg := betting.HandConfig{Stacks: stacks, Antes: antes, Blinds: blinds, Button: button,
			FirstToAct: pos.FirstToAct, FirstToActPostflop: pos.FirstToActPostflop, DeadMoney: dead,
			Unit: []chips.Chips{0, 1}[rng.IntN(2)], AnteTrimming: true} // a whole chip or a hundredth
		bh, err := betting.NewHand(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var forced []Forced
		for i := range n {
			forced = append(forced, Forced{Seat: i, Blind: blinds[i], Ante: antes[i]})
		}
		rec := NewRecorder(Game{Kind: Poker, SeatCount: n})
		rec.BeginHand(HandStart{Button: button, SmallBlind: ch(1), BigBlind: ch(2), Seats: seats, Forced: forced, DeadMoney: dead})
		tb := rec.Table()
		compare := func(where string) {
			t.Helper()
			if err := rec.Err(); err != nil {
				t.Fatalf("game %d %s: %v", game, where, err)
			}
			for i := range n {
				if tb.Seats[i].Stack != bh.Stack(i) {
					t.Fatalf("game %d %s: seat %d stack %s, engine %s", game, where, i, tb.Seats[i].Stack, bh.Stack(i))
				}
			}
			if tb.Total() != tb.Expected() {
				t.Fatalf("game %d %s: %s chips, want %s", game, where, tb.Total(), tb.Expected())
			}
		}
		compare("after the forced bets")
		for round := 0; ; round++ {
			if err := bh.StartRound(betting.RoundConfig{Structure: betting.NoLimit, MinBet: ch(2)}); err != nil {
				t.Fatal(err)
			}
			for !bh.RoundOver() {
				seat := bh.ToAct()
				l := bh.Legal()
				var a betting.Action
				switch x := rng.IntN(10); {
				case x < 2 && l.CanFold:
					a = betting.Action{Kind: betting.Fold}
				case x < 6 && l.CanCheck:
					a = betting.Action{Kind: betting.Check}
				case x < 6 && l.CanCall:
					a = betting.Action{Kind: betting.Call, Amount: l.CallAmount}
				case l.CanBet || l.CanRaise:
					k := betting.Bet
					if l.CanRaise {
						k = betting.Raise
					}
					a = betting.Action{Kind: k, Amount: l.MinAmount + chips.Chips(rng.Int64N(int64(l.MaxAmount-l.MinAmount)+1))}
				case l.CanCheck:
					a = betting.Action{Kind: betting.Check}
				default:
					a = betting.Action{Kind: betting.Call, Amount: l.CallAmount}
				}
				if err := bh.Apply(a); err != nil {
					t.Fatal(err)
				}
				amount := a.Amount
				if a.Kind == betting.Call && rng.IntN(2) == 0 {
					amount = 0 // the recorder computes the call
				}
				rec.Action(seat, Fold+EventKind(a.Kind), amount)
				compare("after " + a.Kind.String())
				if got := tb.Seats[seat].Bet; got != bh.StreetBet(seat) {
					t.Fatalf("game %d: seat %d street bet %s, engine %s", game, seat, got, bh.StreetBet(seat))
				}
			}
			if bh.HandOver() || round == 3 {
				break
			}
			rec.Round(round + 1)
			if got, want := tb.Pots(), betPots(&bh); !samePots(got, want) {
				t.Fatalf("game %d round %d: pots %v, engine %v", game, round+1, got, want)
			}
		}
		if game%2 == 0 {
			// Return the uncalled bet and check the pots before settling.
			if s, amount := bh.ReturnUncalled(); s >= 0 {
				rec.Uncalled(s, amount)
			}
			rec.Round(4)
			if got, want := tb.Pots(), betPots(&bh); !samePots(got, want) {
				t.Fatalf("game %d at the end: pots %v, engine %v", game, got, want)
			}
			compare("after the uncalled bet")
		}
		// Settle with random strengths (ties are frequent).
		var strength [betting.MaxSeats]uint32
		for i := range n {
			strength[i] = uint32(rng.IntN(3))
		}
		var st phh.Settlement
		st.UncalledSeat, st.Uncalled = bh.ReturnUncalled()
		st.Pots = bh.Pots(nil)
		var won [betting.MaxSeats]chips.Chips
		bh.Settle(&strength, &won)
		st.Won = won[:n]
		rec.Settled(&st, nil, false, nil)
		compare("after the settlement")
		rec.EndHand()
		r, err := rec.Replay()
		if err != nil {
			t.Fatalf("game %d: %v", game, err)
		}
		if !r.Hands[0].Complete || tb.PotTotal() != 0 {
			t.Fatalf("game %d: %s left in the pots", game, tb.PotTotal())
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("game %d: %v", game, err)
		}
	}
}

// TestApplyRejects: events that do not fit the table.
func TestApplyRejects(t *testing.T) {
	base := func() *Recorder {
		rec := NewRecorder(Game{Kind: Poker, SeatCount: 3})
		rec.BeginHand(HandStart{Button: 0, BigBlind: ch(2), Seats: []Seat{seat(0, "A", ch(10)), seat(1, "B", ch(10))},
			Forced: []Forced{{Seat: 1, Blind: ch(2)}}})
		return rec
	}
	cases := []struct {
		name string
		do   func(r *Recorder)
		want string
	}{
		{"over the stack", func(r *Recorder) { r.Action(0, Raise, ch(11)) }, "stack of 10"},
		{"negative", func(r *Recorder) { r.Action(0, Bet, -1) }, "negative"},
		{"empty seat", func(r *Recorder) { r.Action(2, Check, 0) }, "seat 2 is empty"},
		{"fold with chips", func(r *Recorder) { r.Action(0, Fold, 1) }, "adds"},
		{"wrong raise-to", func(r *Recorder) {
			e := NewEvent(Raise, 0)
			e.Amount, e.To = ch(4), ch(5)
			r.Event(e)
		}, "event says 5"},
		{"wrong all-in", func(r *Recorder) {
			e := NewEvent(Raise, 0)
			e.Amount, e.To, e.AllIn = ch(4), ch(4), true
			r.Event(e)
		}, "all-in"},
		{"award too big", func(r *Recorder) { r.Award(0, []int{0}, []chips.Chips{ch(3)}, "") }, "more than the pots"},
		{"award no pot", func(r *Recorder) { r.Award(1, []int{0}, []chips.Chips{ch(1)}, "") }, "pot 1"},
		{"uncalled too big", func(r *Recorder) { r.Uncalled(1, ch(3)) }, "returns 3"},
		{"dead blinds not owed", func(r *Recorder) { r.PayDeadBlinds(0, ch(1)) }, "owes 0"},
		{"join taken", func(r *Recorder) { r.Join(0, "C", ch(5), IntentPlay) }, "taken"},
		{"leave twice", func(r *Recorder) { r.Leave(0); r.Leave(0) }, "empty"},
		{"adjust negative", func(r *Recorder) { r.AdjustStack(0, ch(-11)) }, "negative stack"},
		{"score", func(r *Recorder) {
			e := NewEvent(Score, 0)
			e.Points, e.Total = 1, 2
			r.Event(e)
		}, "score 1"},
		{"action kind", func(r *Recorder) { r.Action(0, Deal, 0) }, "Action of kind deal"},
		{"uncalled after an award", func(r *Recorder) {
			r.Action(0, Raise, ch(4))
			r.Award(0, []int{1}, []chips.Chips{ch(2)}, "")
			r.Uncalled(0, ch(2))
		}, "after an award"},
		{"bet before the pots are empty", func(r *Recorder) {
			r.Action(0, Call, 0)
			r.Award(0, []int{1}, []chips.Chips{ch(2)}, "")
			r.Round(1)
			r.Action(0, Bet, ch(1))
		}, "still hold 2"},
	}
	for _, c := range cases {
		rec := base()
		c.do(rec)
		if err := rec.Err(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

// TestForcedBetsPosting: BeginHand posts the antes, then the blinds from
// the small blind; a seat posts at most its stack and is then all-in.
func TestForcedBetsPosting(t *testing.T) {
	rec := NewRecorder(Game{Kind: Poker})
	rec.BeginHand(HandStart{
		Button: 2, SmallBlind: ch(1), BigBlind: ch(2),
		Seats: []Seat{seat(0, "A", ch(100)), seat(1, "B", ch(100)), seat(2, "C", ch(100)), seat(3, "D", ch(2))},
		Forced: []Forced{{Seat: 0, Blind: ch(2), Ante: ch(1)}, {Seat: 1, Blind: ch(4), Ante: ch(1)},
			{Seat: 2, Ante: ch(1)}, {Seat: 3, Blind: ch(1), Ante: ch(1)}},
	})
	r, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	type post struct {
		seat   int
		kind   PostKind
		amount chips.Chips
		allIn  bool
	}
	var got []post
	for _, e := range r.Hands[0].Events[1:] {
		got = append(got, post{e.Seat, e.Post, e.Amount, e.AllIn})
	}
	want := []post{
		{3, Ante, ch(1), false}, {0, Ante, ch(1), false}, {1, Ante, ch(1), false}, {2, Ante, ch(1), false},
		{3, SmallBlind, ch(1), true}, {0, BigBlind, ch(2), false}, {1, Straddle, ch(4), false},
	}
	if !slices.Equal(got, want) {
		t.Errorf("posts %v, want %v", got, want)
	}
	if r.Hands[0].Events[0].Kind != Round || r.Game.SeatCount != 4 {
		t.Errorf("first event %v, seat count %d", r.Hands[0].Events[0].Kind, r.Game.SeatCount)
	}
}

// TestPotSettledTwice: a hand that settles its pot and then bets again
// (a game with a showdown halfway through) starts a new pot from the new
// bets alone: the new uncalled bet goes back, the new pots hold only the
// new chips, and the chips add up at every step.
func TestPotSettledTwice(t *testing.T) {
	rec := NewRecorder(Game{Kind: Poker, SeatCount: 3})
	rec.BeginHand(HandStart{Button: 0, BigBlind: ch(2), Seats: []Seat{seat(0, "A", ch(10)), seat(1, "B", ch(40)), seat(2, "C", ch(20))},
		Forced: []Forced{{Seat: 0, Ante: ch(1)}, {Seat: 1, Ante: ch(1)}, {Seat: 2, Ante: ch(1)}}})
	rec.Action(1, Bet, ch(9))
	rec.Action(2, Call, 0)
	rec.Action(0, Call, 0) // all-in for 9
	rec.Round(1)
	rec.Award(0, []int{0}, []chips.Chips{ch(30)}, "") // A wins the whole pot
	// The second betting: A (all-in before, not now) bets, B raises, C
	// folds, A calls.
	rec.Round(0)
	rec.Action(0, Bet, ch(10))
	rec.Action(1, Raise, ch(20))
	rec.Action(2, Fold, 0)
	rec.Action(0, Call, 0)
	tb := rec.Table()
	if tb.Seats[0].AllIn || tb.Seats[1].AllIn {
		t.Fatalf("all-in flags %t %t after the second betting, want false", tb.Seats[0].AllIn, tb.Seats[1].AllIn)
	}
	rec.Round(1)
	if got, want := tb.Pots(), []Pot{{Amount: ch(40), Seats: []int{0, 1}}}; !samePots(got, want) {
		t.Fatalf("second pots %v, want %v", got, want)
	}
	rec.Award(0, []int{1}, []chips.Chips{ch(40)}, "")
	rp, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if err := rp.Validate(); err != nil {
		t.Fatal(err)
	}
	h := &rp.Hands[0]
	if !h.Complete {
		t.Error("hand not complete")
	}
	want := []Stack{{Seat: 0, Stack: ch(10)}, {Seat: 1, Stack: ch(50)}, {Seat: 2, Stack: ch(10)}}
	if !slices.Equal(h.Final, want) {
		t.Errorf("final stacks %v, want %v", h.Final, want)
	}

	// The same second betting ended by folds returns the uncalled bet.
	rec = NewRecorder(Game{Kind: Poker, SeatCount: 2})
	rec.BeginHand(HandStart{Button: 0, Seats: []Seat{seat(0, "A", ch(10)), seat(1, "B", ch(10))}})
	rec.Round(0)
	rec.Action(0, Bet, ch(2))
	rec.Action(1, Call, 0)
	rec.Award(0, []int{1}, []chips.Chips{ch(4)}, "")
	rec.Round(0)
	rec.Action(0, Bet, ch(3))
	rec.Action(1, Fold, 0)
	rec.Uncalled(0, ch(3))
	rp, err = rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if err := rp.Validate(); err != nil {
		t.Fatal(err)
	}
	want = []Stack{{Seat: 0, Stack: ch(8)}, {Seat: 1, Stack: ch(12)}}
	if h := &rp.Hands[0]; !h.Complete || !slices.Equal(h.Final, want) {
		t.Errorf("complete %t, final stacks %v, want true %v", h.Complete, h.Final, want)
	}
}
