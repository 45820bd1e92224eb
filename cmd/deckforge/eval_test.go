package main

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/handeval"
)

// runWith runs deckforge with args and stdin in, returning the exit status,
// stdout and stderr.
func runWith(in string, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(in), &out, &errb)
	return code, out.String(), errb.String()
}

func TestEvalHands(t *testing.T) {
	in := "As Kd 7c 2h 9s 3d Qh\n" +
		"\n" +
		"   \n" +
		"Ah Kh Qh Jh 10h\r\n" +
		"2c 2d 2h 3s 3c 4d\n" +
		"5d 4d 3d 2d Ad 9c 9h" // no final newline
	code, out, errs := runWith(in, "eval")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	e := handeval.Default()
	want := ""
	for _, tc := range []struct{ cs, cat, best string }{
		{"As Kd 7c 2h 9s 3d Qh", "high-card", "As Kd Qh 9s 7c"},
		{"Ah Kh Qh Jh Th", "straight-flush", "Ah Kh Qh Jh Th"},
		{"2c 2d 2h 3s 3c 4d", "full-house", "2h 2d 2c 3s 3c"},
		{"5d 4d 3d 2d Ad 9c 9h", "straight-flush", "5d 4d 3d 2d Ad"},
	} {
		cs, err := cards.ParseList(tc.cs)
		if err != nil {
			t.Fatal(err)
		}
		want += fmt.Sprintf("%d\t%s\t%s\n", e.EvalN(cs), tc.cat, tc.best)
	}
	if out != want {
		t.Errorf("stdout\n%s\nwant\n%s", out, want)
	}
}

func TestEvalBadLines(t *testing.T) {
	in := strings.Join([]string{
		"As Kd 7c 2h 9s 3d Qh",    // 1 fine
		"As Kd 7c 2h",             // 2 too few
		"As Kd 7c 2h 9s 3d Qh Jc", // 3 too many
		"As Kd 7c 2h As",          // 4 duplicate
		"As Kd 7c 2h Zz",          // 5 unknown card
		"As Kd 7c 2h Xr",          // 6 joker
		"",                        // 7 blank
		"As Kd 7c | 2h 9s",        // 8 '|' without --omaha
		"2c 3c 4c 5c 6c",          // 9 fine
	}, "\n") + "\n"
	code, out, errs := runWith(in, "eval")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if n := strings.Count(out, "\n"); n != 2 {
		t.Errorf("%d output lines, want 2:\n%s", n, out)
	}
	if !strings.Contains(out, "\tstraight-flush\t6c 5c 4c 3c 2c\n") {
		t.Errorf("line 9 not evaluated:\n%s", out)
	}
	wantErrs := []string{
		"line 2: 4 cards, want 5 to 7",
		"line 3: 8 cards, want 5 to 7",
		"line 4: card As appears twice",
		`line 5: card "Zz": unknown rank`,
		`line 6: card "Xr" is a joker`,
		"line 8: '|' separates hole and board cards only with --omaha",
	}
	lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
	if len(lines) != len(wantErrs) {
		t.Fatalf("stderr has %d lines, want %d:\n%s", len(lines), len(wantErrs), errs)
	}
	for i, w := range wantErrs {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("stderr line %d = %q, want it to start with %q", i+1, lines[i], w)
		}
	}
}

func TestEvalLongLine(t *testing.T) {
	in := "As Kd 7c 2h 9s 3d Qh\n" + strings.Repeat("As ", 2000) + "\n2c 3c 4c 5c 6c\n"
	code, out, errs := runWith(in, "eval")
	if code != 1 || !strings.HasPrefix(errs, "line 2: longer than 4096 bytes") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	if strings.Count(out, "\n") != 2 {
		t.Errorf("stdout %q: want lines 1 and 3 evaluated", out)
	}
}

func TestEvalOmaha(t *testing.T) {
	in := "Ah Kh Qh Jh | Th 2c 3d 7s 8c\n" +
		"Ah 2h Qc Jd | Kh 7h 4h 9c 9d\n" +
		"Ac Ad Kc Kd Qc Qd | As Kh Qh\n" +
		"Ah Kh Qh | Th 2c 3d\n" + // 4: three hole cards
		"Ah Kh Qh Jh | Th 2c\n" + // 5: two board cards
		"Ah Kh Qh Jh | Th 2c 3d 4d 5d 6d\n" + // 6: six board cards
		"Ah Kh Qh Jh Th 2c 3d\n" + // 7: no '|'
		"Ah Kh | Qh Jh | Th 2c 3d\n" + // 8: two '|'
		"Ah Kh Qh Jh | Ah 2c 3d\n" // 9: duplicate across hole and board
	code, out, errs := runWith(in, "eval", "--omaha")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	wantOut := fmt.Sprintf("%d\thigh-card\tAh Kh Th 8c 7s\n", omaha(t, "Ah Kh Qh Jh", "Th 2c 3d 7s 8c")) +
		fmt.Sprintf("%d\tflush\tAh Kh 7h 4h 2h\n", omaha(t, "Ah 2h Qc Jd", "Kh 7h 4h 9c 9d")) +
		fmt.Sprintf("%d\tthree-of-a-kind\tAs Ad Ac Kh Qh\n", omaha(t, "Ac Ad Kc Kd Qc Qd", "As Kh Qh"))
	if out != wantOut {
		t.Errorf("stdout\n%s\nwant\n%s", out, wantOut)
	}
	for _, w := range []string{
		"line 4: 3 hole cards, want 4 or more",
		"line 5: 2 board cards, want 3 to 5",
		"line 6: 6 board cards, want 3 to 5",
		"line 7: want hole cards, '|', then board cards",
		"line 8: more than one '|'",
		"line 9: card Ah appears twice",
	} {
		if !strings.Contains(errs, w+"\n") {
			t.Errorf("stderr lacks %q:\n%s", w, errs)
		}
	}
}

func omaha(t *testing.T, hole, board string) handeval.Strength {
	t.Helper()
	h, err := cards.ParseList(hole)
	if err != nil {
		t.Fatal(err)
	}
	b, err := cards.ParseList(board)
	if err != nil {
		t.Fatal(err)
	}
	return handeval.Default().EvalOmaha(h, b)
}

func TestEvalUsage(t *testing.T) {
	if code, _, errs := runWith("", "eval", "extra"); code != 2 || !strings.Contains(errs, `unexpected argument "extra"`) {
		t.Errorf("extra argument: exit %d, stderr %q", code, errs)
	}
	if code, _, _ := runWith("", "eval", "--bogus"); code != 2 {
		t.Errorf("unknown flag: exit %d, want 2", code)
	}
	if code, out, errs := runWith("", "eval"); code != 0 || out != "" || errs != "" {
		t.Errorf("empty input: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, _, errs := runWith("", "help", "eval"); code != 0 || !strings.Contains(errs, "Usage: deckforge eval") {
		t.Errorf("help eval: exit %d, stderr %q", code, errs)
	}
}

// FuzzEvalLine feeds arbitrary input lines to eval's parser and to the
// whole command: nothing panics, a line either parses to distinct standard
// cards in the allowed numbers or is reported, and a parsed line formats
// back to the same cards.
func FuzzEvalLine(f *testing.F) {
	for _, s := range []string{
		"As Kd 7c 2h 9s 3d Qh", "Ah Kh Qh Jh | Th 2c 3d 7s 8c", "10d Jd Qd Kd Ad",
		"", "  ", "As As Kd Qh Jc", "Xr 2c 3c 4c 5c", "|", "a|b|c", "AsKdQhJcTc",
		"2c 3c 4c 5c 6c\r", "ä ö ü", "1 0 d", "10dd", "As\tKd\t7c\t2h\t9s",
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
	e := handeval.Default()
	f.Fuzz(func(t *testing.T, line string, omaha bool) {
		h, err := parseEvalLine(line, omaha)
		switch {
		case err == errBlankLine:
			if strings.TrimSpace(line) != "" {
				t.Fatalf("%q reported blank", line)
			}
		case err != nil:
			if err.Error() == "" {
				t.Fatalf("%q: empty error", line)
			}
		default:
			if err := handeval.Check(h.cards); err != nil {
				t.Fatalf("%q parsed to bad cards: %v", line, err)
			}
			n := len(h.cards)
			if omaha && (h.hole < 4 || n-h.hole < 3 || n-h.hole > 5) {
				t.Fatalf("%q parsed to %d hole and %d board cards", line, h.hole, n-h.hole)
			}
			if !omaha && (h.hole != 0 || n < 5 || n > 7) {
				t.Fatalf("%q parsed to %d cards", line, n)
			}
			text := cards.FormatList(h.cards)
			if omaha {
				text = cards.FormatList(h.cards[:h.hole]) + " | " + cards.FormatList(h.cards[h.hole:])
			}
			again, err := parseEvalLine(text, omaha)
			if err != nil || cards.FormatList(again.cards) != cards.FormatList(h.cards) || again.hole != h.hole {
				t.Fatalf("%q: reparsing %q gave %v, %v", line, text, again, err)
			}
			if b := h.best(e); b.Strength == 0 {
				t.Fatalf("%q: no strength", line)
			}
		}
		if strings.ContainsAny(line, "\n\r") {
			return
		}
		args := []string{"eval"}
		if omaha {
			args = append(args, "--omaha")
		}
		code, out, errs := runWith(line+"\n", args...)
		switch {
		case err == nil:
			fields := strings.Split(strings.TrimSuffix(out, "\n"), "\t")
			if code != 0 || errs != "" || len(fields) != 3 {
				t.Fatalf("%q: exit %d, stdout %q, stderr %q", line, code, out, errs)
			}
			if _, err := strconv.ParseUint(fields[0], 10, 32); err != nil {
				t.Fatalf("%q: strength %q", line, fields[0])
			}
			if _, err := handeval.ParseCategory(fields[1]); err != nil {
				t.Fatalf("%q: %v", line, err)
			}
		case err == errBlankLine:
			if code != 0 || out != "" || errs != "" {
				t.Fatalf("blank %q: exit %d, stdout %q, stderr %q", line, code, out, errs)
			}
		default:
			if code != 1 || out != "" || !strings.HasPrefix(errs, "line 1: ") {
				t.Fatalf("%q: exit %d, stdout %q, stderr %q", line, code, out, errs)
			}
		}
	})
}
