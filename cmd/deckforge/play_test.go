package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func runPlayCmd(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

// TestPlayTranscript plays every seed game and checks the transcript shows
// the deal, moves and a result, and that the same seed gives the same
// transcript.
func TestPlayTranscript(t *testing.T) {
	for _, id := range []string{"crazy_eights", "hearts", "war", "go_fish", "cheat", "old_maid", "knockout_whist",
		"blackjack", "betting_war", "five_card_draw_fl", "holdem_nl_heads_up", "holdem_nl_6max", "omaha_pl"} {
		out, errs, code := runPlayCmd(t, "play", "--seed", "4", "--agents", "greedy,random", id)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", id, code, errs)
		}
		for _, want := range []string{"Hand 1 (dealer p1)", "  deal p", "Result: p", "Final: "} {
			if !strings.Contains(out, want) {
				t.Fatalf("%s: transcript lacks %q:\n%s", id, want, out)
			}
		}
		if regexp.MustCompile(`\bp0\b`).MatchString(out) {
			t.Fatalf("%s: players are numbered from p1, as in PHH, but the transcript has p0:\n%s", id, out)
		}
		again, _, _ := runPlayCmd(t, "play", id, "--agents", "greedy,random", "--seed", "4")
		if again != out {
			t.Fatalf("%s: the same seed gave another transcript", id)
		}
	}
}

// TestPlayHoldemPHHVerifies exports a hold'em session as PHH and checks it
// with `deckforge phh verify --strict`.
func TestPlayHoldemPHHVerifies(t *testing.T) {
	file := filepath.Join(t.TempDir(), "session.phhs")
	out, errs, code := runPlayCmd(t, "play", "holdem_nl_6max", "--players", "5", "--seed", "9", "--phh", file)
	if code != 0 || !strings.Contains(out, "wrote ") {
		t.Fatalf("play: exit %d: %s\n%s", code, errs, out)
	}
	if st, err := os.Stat(file); err != nil || st.Size() == 0 {
		t.Fatalf("no PHH written: %v", err)
	}
	vout, verrs, code := runPlayCmd(t, "phh", "verify", "--strict", file)
	if code != 0 || !strings.Contains(vout, "mismatched 0, invalid 0") {
		t.Fatalf("phh verify: exit %d: %s\n%s", code, verrs, vout)
	}
}

// TestPlayErrors: bad arguments are errors naming what is wrong.
func TestPlayErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"play"}, 2, "want exactly one GENOME"},
		{[]string{"play", "no_such_game"}, 1, "no such file, and no seed game of that id"},
		{[]string{"play", "--players", "9", "crazy_eights"}, 2, "plays with 2..5 players, not 9"},
		{[]string{"play", "--agents", "random,smart", "war"}, 2, `unknown agent "smart"`},
		{[]string{"play", "--phh", "x.phhs", "hearts"}, 2, "--phh: sim: PHH export needs a game with chips"},
	} {
		_, errs, code := runPlayCmd(t, tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, %q; want %d, %q", tc.args, code, errs, tc.code, tc.want)
		}
	}
	// A genome file that does not decode.
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errs, code := runPlayCmd(t, "play", bad); code != 1 || !strings.Contains(errs, bad) {
		t.Errorf("bad file: exit %d, %q", code, errs)
	}
}
