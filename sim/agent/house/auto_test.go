package house

import (
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
)

// Property 19: the auto-action matches the setting — fold folds (checks when
// the check is free), check_fold checks when the call is free and folds
// otherwise, call_N calls when the call costs at most N and folds
// otherwise — and the betting engine accepts it.
func TestPropertyAutoAction(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 19))
	want := func(a AutoSetting, l betting.Legal) betting.Action {
		callAmt := l.CallAmount
		if l.CanCheck {
			callAmt = 0
		}
		switch {
		case callAmt == 0:
			return betting.Action{Kind: betting.Check}
		case a.Mode == AutoCall && callAmt <= a.Limit:
			return betting.Action{Kind: betting.Call, Amount: callAmt}
		}
		return betting.Action{Kind: betting.Fold}
	}
	settings := func() AutoSetting {
		switch rng.IntN(3) {
		case 0:
			return AutoSetting{Mode: AutoFold}
		case 1:
			return AutoSetting{Mode: AutoCheckFold}
		}
		return AutoSetting{Mode: AutoCall, Limit: chips.FromInt(rng.Int64N(60))}
	}
	counts := map[string]int{}
	playHands(t, rng, 3000, func(sit Situation) betting.Action {
		a := settings()
		got := AutoAction(a, sit.Legal)
		if w := want(a, sit.Legal); got != w {
			t.Fatalf("%v with %+v: %+v, want %+v", a, sit.Legal, got, w)
		}
		if err := checkLegal(sit.Legal, got); err != nil {
			t.Fatal(err)
		}
		counts[a.String()[:4]+"/"+got.Kind.String()]++
		return got
	})
	for _, k := range []string{"fold/fold", "fold/check", "chec/check", "chec/fold", "call/call", "call/fold", "call/check"} {
		if counts[k] == 0 {
			t.Errorf("no %s among %v", k, counts)
		}
	}
	if got := AutoAction(AutoSetting{}, betting.Legal{Seat: -1}); got != (betting.Action{}) {
		t.Errorf("round over: %+v", got)
	}
}

func TestParseAutoSetting(t *testing.T) {
	for _, c := range []struct {
		in   string
		want AutoSetting
	}{
		{"fold", AutoSetting{Mode: AutoFold}},
		{"check_fold", AutoSetting{}},
		{"call_0", AutoSetting{Mode: AutoCall}},
		{"call_20", AutoSetting{Mode: AutoCall, Limit: chips.FromInt(20)}},
		{"call_7.5", AutoSetting{Mode: AutoCall, Limit: 750}},
	} {
		got, err := ParseAutoSetting(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseAutoSetting(%q) = %+v, %v", c.in, got, err)
		}
		if s := got.String(); s != c.in {
			t.Errorf("%+v.String() = %q, want %q", got, s, c.in)
		}
	}
	for _, bad := range []string{"", "call", "call_", "call_-1", "call_x", "call_1.234", "Fold", "check", "call_20 "} {
		if _, err := ParseAutoSetting(bad); err == nil {
			t.Errorf("ParseAutoSetting(%q) accepted", bad)
		}
	}
}

func FuzzParseAutoSetting(f *testing.F) {
	for _, s := range []string{"fold", "check_fold", "call_20", "call_7.5", "call_-1", "call_", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAutoSetting(s)
		if err != nil {
			return
		}
		b, err := ParseAutoSetting(a.String())
		if err != nil || b != a {
			t.Fatalf("%q → %+v → %q → %+v, %v", s, a, a.String(), b, err)
		}
		if a.Mode == AutoCall && a.Limit < 0 {
			t.Fatalf("%q: negative limit", s)
		}
	})
}

func FuzzParseName(f *testing.F) {
	for _, s := range []string{"HousePlayer0", "HousePlayer12", "HousePlayer01", "HousePlayer-1", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseName(s)
		if err != nil {
			return
		}
		if n < 0 || Name(n) != s {
			t.Fatalf("ParseName(%q) = %d, but Name(%d) = %q", s, n, n, Name(n))
		}
	})
}
