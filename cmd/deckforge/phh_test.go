package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/phh"
)

const (
	phhGood = `variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsKs', 'd dh p2 ????', 'd dh p3 7h6h', 'p3 cbr 6', 'p1 f', 'p2 f']
hand = 12
finishing_stacks = [99, 98, 103]
`
	// phhSkipped leaves out p3's fold: repaired by default, invalid with -strict.
	phhSkipped = `variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsKs', 'd dh p2 ????', 'd dh p3 7h6h', 'p1 cbr 6', 'p2 f']
finishing_stacks = [102, 98, 100]
`
	phhStud = `variant = 'F7S'
antes = [1, 1]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [50, 50]
actions = ['d dh p1 ????As', 'd dh p2 ????Kd', 'p2 pb']
`
)

// writeFiles creates files (name → content) under a new temporary folder.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func runCmd(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestPHHVerifyReport(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"a/good.phh":     phhGood,
		"a/mismatch.phh": strings.Replace(phhGood, "[99, 98, 103]", "[99, 97, 104]", 1),
		"a/illegal.phh":  strings.Replace(phhGood, "'p3 cbr 6'", "'p3 cbr 3'", 1),
		"b/stud.phh":     phhStud,
		"b/notes.txt":    "not a hand",
		"b/bulk.phhs":    "# two hands\n[1]\n" + phhGood + "\n[2]\nvariant = 'ZZ'\n",
		"c/broken.phh":   "variant = 'NT\n",
	})
	code, out, errs := runCmd("phh", "verify", dir)
	if code != 1 || errs != "" {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	want := []string{
		filepath.Join(dir, "a/illegal.phh") + ` (hand 12): invalid: actions[3]: "p3 cbr 3": `,
		filepath.Join(dir, "a/mismatch.phh") + " (hand 12): mismatched: finishing_stacks p2 97, replay gives 98; p3 104, replay gives 103",
		filepath.Join(dir, "b/bulk.phhs") + ` [2]: invalid: variant: "ZZ" is not a PHH variant code`,
		filepath.Join(dir, "c/broken.phh") + ": invalid: line 1: toml:",
		"verified 2 of 7 hands (mismatched 1, invalid 3, unsupported 1)",
	}
	if len(lines) != len(want) {
		t.Fatalf("output:\n%s\nwant %d lines", out, len(want))
	}
	for i := range want {
		if !strings.HasPrefix(lines[i], want[i]) {
			t.Errorf("line %d = %q, want prefix %q", i, lines[i], want[i])
		}
	}

	// Only good hands: exit 0; -v lists each hand.
	code, out, _ = runCmd("phh", "verify", "-v", filepath.Join(dir, "a/good.phh"), filepath.Join(dir, "b"))
	if code != 1 { // b/bulk.phhs [2] is still invalid
		t.Errorf("exit %d\n%s", code, out)
	}
	code, out, _ = runCmd("phh", "verify", "-v", filepath.Join(dir, "a/good.phh"), filepath.Join(dir, "b/stud.phh"))
	if code != 0 || !strings.Contains(out, "good.phh (hand 12): verified\n") || !strings.Contains(out, "stud.phh: unsupported: variant: F7S") ||
		!strings.HasSuffix(out, "verified 1 of 2 hands (mismatched 0, invalid 0, unsupported 1)\n") {
		t.Errorf("exit %d\n%s", code, out)
	}
}

func TestPHHVerifyRepair(t *testing.T) {
	dir := writeFiles(t, map[string]string{"skip.phh": phhSkipped})
	file := filepath.Join(dir, "skip.phh")
	code, out, _ := runCmd("phh", "verify", "-v", file)
	if code != 0 || !strings.Contains(out, "verified; repaired: p3 folds before actions[3]") {
		t.Errorf("exit %d\n%s", code, out)
	}
	code, out, _ = runCmd("phh", "verify", "-strict", file)
	if code != 1 || !strings.Contains(out, `invalid: actions[3]: "p1 cbr 6": p1 acts out of turn (p3 to act)`) {
		t.Errorf("exit %d\n%s", code, out)
	}
}

// TestPHHVerifyFixtures runs verify over the real hands kept by engine/phh.
func TestPHHVerifyFixtures(t *testing.T) {
	root := filepath.Join("..", "..", "engine", "phh", "testdata")
	code, out, _ := runCmd("phh", "verify", filepath.Join(root, "real", "pluribus"), filepath.Join(root, "real", "wsop", "2023"))
	// Pluribus 30 NT; WSOP 2023: 25 NT, FT and PO of 83 hands.
	if code != 0 || out != "verified 55 of 113 hands (mismatched 0, invalid 0, unsupported 58)\n" {
		t.Errorf("exit %d\n%s", code, out)
	}
	// WSOP 2019's hand records a lone big-blind ante kept in the pot with
	// ante_trimming_status = true; PokerKit and deckforge give it back.
	code, out, _ = runCmd("phh", "verify", filepath.Join(root, "real", "wsop", "2019"))
	if code != 1 || !strings.Contains(out, "p2 5625000, replay gives 6125000") {
		t.Errorf("exit %d\n%s", code, out)
	}
	code, out, _ = runCmd("phh", "verify", filepath.Join(root, "generated"))
	// 500 + 200 NT, 150 FT and 150 PO hands PokerKit played.
	if code != 0 || out != "verified 1000 of 1000 hands (mismatched 0, invalid 0, unsupported 0)\n" {
		t.Errorf("exit %d\n%s", code, out)
	}
}

func TestPHHUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"phh"}, 2, "Usage: deckforge phh verify"},
		{[]string{"phh", "frobnicate"}, 2, `unknown subcommand "frobnicate"`},
		{[]string{"phh", "verify"}, 2, "no PATH given"},
		{[]string{"phh", "verify", "-nope", "x"}, 2, "flag provided but not defined"},
		{[]string{"phh", "verify", filepath.Join(t.TempDir(), "missing.phh")}, 2, "no such file"},
		{[]string{"phh", "convert"}, 2, "no PATH given"},
		{[]string{"phh", "convert", "-to", "replay", "x.phh"}, 2, "x.phh"},
		{[]string{"phh", "convert", "-to", "xml", "x.phh"}, 2, `-to "xml": unknown format`},
	} {
		code, out, errs := runCmd(tc.args...)
		if code != tc.code || !strings.Contains(out+errs, tc.msg) {
			t.Errorf("%q: exit %d, output %q %q; want %d and %q", tc.args, code, out, errs, tc.code, tc.msg)
		}
	}
	code, out, _ := runCmd("phh", "help")
	if code != 0 || !strings.Contains(out, "verified V of N hands") {
		t.Errorf("phh help: exit %d\n%s", code, out)
	}
	code, out, _ = runCmd("help")
	if code != 0 || !strings.Contains(out, "phh ") {
		t.Errorf("help does not list phh:\n%s", out)
	}
}

func TestPHHConvert(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"one.phh":   "# a comment\n" + strings.Replace(phhGood, "'p1 f'", "'p1 f # folds'", 1) + "_note = 'kept'\n",
		"two.phhs":  "[1]\n" + phhGood + "\n[2]\n" + phhSkipped,
		"bad.phh":   "variant = 'NT'\n",
		"other.txt": "ignored",
	})
	code, out, errs := runCmd("phh", "convert", filepath.Join(dir, "one.phh"))
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	h, err := phh.Unmarshal([]byte(out))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	orig, _ := phh.Unmarshal([]byte(strings.Replace(phhGood, "'p1 f'", "'p1 f # folds'", 1) + "_note = 'kept'\n"))
	if !reflect.DeepEqual(h, orig) || !strings.Contains(out, "'p1 f # folds'") || !strings.Contains(out, "_note = 'kept'") {
		t.Errorf("converted hand differs:\n%s", out)
	}

	// A folder gives a bulk file; the bad hand is reported and skipped.
	dst := filepath.Join(t.TempDir(), "all.phhs")
	code, _, errs = runCmd("phh", "convert", "-o", dst, dir)
	if code != 1 || !strings.Contains(errs, "bad.phh: starting_stacks: missing (required)") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	data, err := os.ReadFile(dst)
	if err != nil {
		t.Fatal(err)
	}
	hands, err := phh.UnmarshalBulk(data)
	if err != nil || len(hands) != 3 {
		t.Fatalf("%d hands, %v\n%s", len(hands), err, data)
	}
	code, out, _ = runCmd("phh", "verify", dst)
	if code != 0 || out != "verified 3 of 3 hands (mismatched 0, invalid 0, unsupported 0)\n" {
		t.Errorf("verify of the converted file: exit %d\n%s", code, out)
	}
}
