package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/replay"
)

// A PHH file converted to a replay and back verifies to the same finishing
// stacks, and the replay rebuilds with its chips conserved.
func TestPHHConvertReplayRoundTrip(t *testing.T) {
	src := "../../engine/phh/testdata/real/pluribus/102/0.phh"
	dir := t.TempDir()
	dfr := filepath.Join(dir, "hand.dfr")
	if code, _, errs := runCmd("phh", "convert", "-to", "replay", "-o", dfr, src); code != 0 {
		t.Fatalf("convert -to replay: exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(dfr)
	if err != nil {
		t.Fatal(err)
	}
	cur, err := replay.Open(data)
	if err != nil {
		t.Fatalf("replay.Open: %v", err)
	}
	if cur.Replay() == nil || len(cur.Replay().Hands) != 1 {
		t.Fatalf("want one hand in the replay")
	}
	back := filepath.Join(dir, "back.phh")
	if code, _, errs := runCmd("phh", "convert", "-o", back, dfr); code != 0 {
		t.Fatalf("convert replay -> phh: exit %d: %s", code, errs)
	}
	code, out, _ := runCmd("phh", "verify", back)
	if code != 0 || !strings.Contains(out, "verified 1 of 1 hands") {
		t.Fatalf("verify of the converted hand: exit %d: %s", code, out)
	}
	text, _ := os.ReadFile(back)
	if !strings.Contains(string(text), "10112.5") {
		t.Errorf("the half-chip split did not survive the round trip:\n%s", text)
	}
}

func TestPHHConvertBadFormat(t *testing.T) {
	code, _, errs := runCmd("phh", "convert", "-to", "xml", "x.phh")
	if code != 2 || !strings.Contains(errs, `"xml"`) {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
}
