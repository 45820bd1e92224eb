package table

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
)

func TestParseAutoAction(t *testing.T) {
	for _, c := range []struct {
		in   string
		want AutoAction
	}{
		{"fold", AutoAction{Kind: FoldAlways}},
		{"check_fold", AutoAction{Kind: CheckFold}},
		{"call_20", AutoAction{Kind: CallUpTo, Limit: chips.FromInt(20)}},
		{"call_7.5", AutoAction{Kind: CallUpTo, Limit: chips.Chips(750)}},
		{"call_0", AutoAction{Kind: CallUpTo}},
	} {
		got, err := ParseAutoAction(c.in)
		if err != nil || got != c.want {
			t.Errorf("%q: %v, %v", c.in, got, err)
		}
		eq(t, "round trip", got.String(), c.in)
	}
	for _, bad := range []string{"", "call", "call_", "call_x", "call_-1", "check", "call_1.234"} {
		if _, err := ParseAutoAction(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	eq(t, "the zero value", AutoAction{}.String(), "check_fold")
}

func TestDecide(t *testing.T) {
	for _, c := range []struct {
		a    AutoAction
		call float64
		want string
	}{
		{AutoAction{Kind: FoldAlways}, 0, "f"},
		{AutoAction{Kind: FoldAlways}, 2, "f"},
		{AutoAction{}, 0, "cc"},
		{AutoAction{}, 0.01, "f"},
		{AutoAction{Kind: CallUpTo, Limit: chips.FromInt(4)}, 4, "cc"},
		{AutoAction{Kind: CallUpTo, Limit: chips.FromInt(4)}, 4.01, "f"},
		{AutoAction{Kind: CallUpTo, Limit: chips.FromInt(4)}, 0, "cc"},
	} {
		eq(t, fmt.Sprintf("%v with %v to call", c.a, c.call), c.a.Decide(amounts(c.call)[0]).String(), c.want)
	}
}

func TestAutoSeedTimeout(t *testing.T) {
	// Hand 8 after the flop: p2 is to act and a check is free.
	s := load(t, "06-leave-hand8.json")
	got, err := Auto(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "check when free", got.Actions[len(got.Actions)-1].String(), "p2 cc")
	got = act(t, got, "p3 cbr 6")
	got, err = Auto(got, nil)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "fold to a bet", got.Actions[len(got.Actions)-1].String(), "p1 f")
	got, err = Auto(got, AutoPrefs{"Player2": {Kind: CallUpTo, Limit: chips.FromInt(6)}})
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "call_6 calls 6", got.Actions[len(got.Actions)-1].String(), "p2 cc")
	st, _ := Progress(got)
	if st.Board != 1 {
		t.Fatalf("turn due: %+v", st)
	}
	if _, err := Auto(got, nil); err == nil || !strings.Contains(err.Error(), "board") {
		t.Fatalf("auto with nobody to act: %v", err)
	}
}

// TestAutoProperty is the house-player seed's property 19 over random hands:
// fold always folds; check_fold checks when the call costs 0 and folds
// otherwise; call_N calls when the call costs at most N and folds otherwise.
func TestAutoProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 19))
	decisions := map[string]int{}
	for g := 0; g < 300; g++ {
		s := randomTable(rng, 2+rng.IntN(5))
		s = next(t, s, rng.Uint64())
		auto := func(string) (AutoAction, bool) {
			if rng.IntN(2) == 0 {
				return AutoAction{}, false
			}
			switch rng.IntN(3) {
			case 0:
				return AutoAction{Kind: FoldAlways}, true
			case 1:
				return AutoAction{}, true
			}
			return AutoAction{Kind: CallUpTo, Limit: chips.Chips(rng.IntN(2000))}, true
		}
		check := func(before State, st Status, a AutoAction, after State) error {
			if len(after.Actions) != len(before.Actions)+1 {
				return fmt.Errorf("auto added %d actions", len(after.Actions)-len(before.Actions))
			}
			got := after.Actions[len(after.Actions)-1].String()
			call := st.Legal.CallAmount
			if st.Legal.CanCheck {
				call = 0
			}
			var want string
			switch a.Kind {
			case FoldAlways:
				want = "f"
			case CheckFold:
				want = map[bool]string{true: "cc", false: "f"}[call == 0]
			case CallUpTo:
				want = map[bool]string{true: "cc", false: "f"}[call <= a.Limit]
			}
			want = seatName(st.ToAct) + " " + want
			if got != want {
				return fmt.Errorf("%v with %s to call: %q, want %q", a, call, got, want)
			}
			decisions[a.Kind.String()+" "+strings.Fields(got)[1]]++
			return nil
		}
		for {
			var done bool
			var err error
			s, done, err = step(s, rng, auto, check)
			if err != nil {
				t.Fatal(err)
			}
			if done {
				break
			}
		}
	}
	// Every branch of the rule was seen.
	for _, k := range []string{"fold f", "check_fold cc", "check_fold f", "call_N cc", "call_N f"} {
		if decisions[k] == 0 {
			t.Errorf("no %q decision in the sample: %v", k, decisions)
		}
	}
}

// randomTable returns an undealt table of n active players with random
// stacks and blinds.
func randomTable(rng *rand.Rand, n int) State {
	bb := []chips.Chips{200, 100, 50, 2}[rng.IntN(4)]
	s := State{SeatCount: MaxSeats, Actions: []phh.Action{}}
	for i := 0; i < n; i++ {
		s.Players = append(s.Players, fmt.Sprintf("P%d", i+1))
		s.StartingStacks = append(s.StartingStacks, bb*chips.Chips(2+rng.IntN(150))+chips.Chips(rng.IntN(100)))
		s.BlindsOrStraddles = append(s.BlindsOrStraddles, 0)
		s.Antes = append(s.Antes, 0)
	}
	sb := rng.IntN(n)
	s.BlindsOrStraddles[sb] = bb / 2
	s.BlindsOrStraddles[(sb+1)%n] = bb
	if n > 3 && rng.IntN(5) == 0 {
		s.BlindsOrStraddles[(sb+2)%n] = 2 * bb
	}
	if rng.IntN(5) == 0 {
		for i := range s.Antes {
			s.Antes[i] = bb / 4
		}
	}
	s.fillDefaults()
	return s
}
