package main

import (
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/handeval"
)

func TestDealHands(t *testing.T) {
	code, out, errs := runWith("", "deal", "--seed", "42", "--hands", "200", "--cards", "6")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 200 {
		t.Fatalf("%d lines, want 200", len(lines))
	}
	distinct := map[string]bool{}
	for _, l := range lines {
		cs, err := cards.ParseList(l)
		if err != nil || len(cs) != 6 {
			t.Fatalf("line %q: %d cards, %v", l, len(cs), err)
		}
		if err := handeval.Check(cs); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		distinct[l] = true
	}
	if len(distinct) < 199 {
		t.Errorf("only %d distinct hands of 200", len(distinct))
	}
	// The same seed deals the same hands; another seed others.
	if _, again, _ := runWith("", "deal", "--seed", "42", "--hands", "200", "--cards", "6"); again != out {
		t.Error("seed 42 dealt different hands twice")
	}
	if _, other, _ := runWith("", "deal", "--seed", "43", "--hands", "200", "--cards", "6"); other == out {
		t.Error("seeds 42 and 43 dealt the same hands")
	}
}

func TestDealOmaha(t *testing.T) {
	code, out, errs := runWith("", "deal", "--omaha", "--hands", "50")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		h, err := parseEvalLine(l, true)
		if err != nil || h.hole != 4 || len(h.cards) != 9 {
			t.Fatalf("line %q: %+v, %v", l, h, err)
		}
	}
}

// TestDealIntoEval is the demo of scripts/run.sh: dealt hands are valid
// eval input.
func TestDealIntoEval(t *testing.T) {
	for _, args := range [][]string{
		{"--seed", "1", "--hands", "300", "--cards", "7"},
		{"--seed", "2", "--hands", "300", "--cards", "5"},
		{"--seed", "3", "--hands", "300", "--omaha"},
	} {
		_, dealt, _ := runWith("", append([]string{"deal"}, args...)...)
		evalArgs := []string{"eval"}
		if args[len(args)-1] == "--omaha" {
			evalArgs = append(evalArgs, "--omaha")
		}
		code, out, errs := runWith(dealt, evalArgs...)
		if code != 0 || errs != "" || strings.Count(out, "\n") != 300 {
			t.Errorf("deal %v | eval: exit %d, %d lines, stderr %q", args, code, strings.Count(out, "\n"), errs)
		}
	}
}

func TestDealFlagErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--hands", "-1"}, "--hands is -1, want 0 or more"},
		{[]string{"--cards", "0"}, "--cards is 0, want 1 to 52"},
		{[]string{"--cards", "53"}, "--cards is 53, want 1 to 52"},
		{[]string{"--omaha", "--cards", "5"}, "--cards does not go with --omaha"},
		{[]string{"--seed", "-4"}, `invalid value "-4" for flag -seed`},
		{[]string{"--hands", "many"}, `invalid value "many" for flag -hands`},
		{[]string{"extra"}, `unexpected argument "extra"`},
	} {
		code, out, errs := runWith("", append([]string{"deal"}, tc.args...)...)
		if code != 2 || out != "" || !strings.Contains(errs, tc.want) {
			t.Errorf("deal %v: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.args, code, out, errs, tc.want)
		}
	}
	if code, out, _ := runWith("", "deal", "--hands", "0"); code != 0 || out != "" {
		t.Errorf("--hands 0: exit %d, stdout %q", code, out)
	}
}
