package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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

// `phh convert DIR` finds the replays (.dfr) under DIR as well as PHH, and
// the PHH it writes verifies; a folder without any hand is an error.
func TestPHHConvertFolder(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "replays")
	require.NoError(t, os.Mkdir(sub, 0o755))
	for _, name := range []string{"sim-holdem-6.dfr", "sim-holdem-2.dfr", "session-holdem-3.dfr"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "replay", "phhconv", "testdata", name))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(sub, name), data, 0o644))
	}
	out := filepath.Join(t.TempDir(), "all.phhs")
	code, _, errs := runCmd("phh", "convert", "-o", out, dir)
	require.Equal(t, 0, code, errs)
	code, stdout, _ := runCmd("phh", "verify", out)
	assert.Equal(t, 0, code, stdout)
	assert.Regexp(t, `verified (\d+) of \d+ hands \(mismatched 0, invalid 0`, stdout)
	assert.NotContains(t, stdout, "verified 0 of")

	empty := t.TempDir()
	code, _, errs = runCmd("phh", "convert", empty)
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "no hand found")
}
