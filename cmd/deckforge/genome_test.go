package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/genome/rulebook"
)

func runGenomeCmd(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

// TestGenomeSeedsAreConvertOutput: every seed file is exactly what
// `genome convert --to json` writes, from JSON and from FlatBuffers.
func TestGenomeSeedsAreConvertOutput(t *testing.T) {
	files, _ := filepath.Glob("../../genome/seeds/*.json")
	if len(files) < 12 {
		t.Fatalf("found %d seed files", len(files))
	}
	dir := t.TempDir()
	for _, f := range files {
		want, _ := os.ReadFile(f)
		out, errs, code := runGenomeCmd(t, "genome", "convert", "--to", "json", f)
		if code != 0 || out != string(want) {
			t.Fatalf("%s: convert --to json differs from the file (code %d, %s)", f, code, errs)
		}
		fbOut, errs, code := runGenomeCmd(t, "genome", "convert", "--to", "fb", f)
		if code != 0 || !genome.IsFlatBuffer([]byte(fbOut)) {
			t.Fatalf("%s: convert --to fb: code %d, %s", f, code, errs)
		}
		fbFile := filepath.Join(dir, filepath.Base(f)+".dfg")
		if err := os.WriteFile(fbFile, []byte(fbOut), 0o644); err != nil {
			t.Fatal(err)
		}
		back, _, code := runGenomeCmd(t, "genome", "convert", "--to", "json", fbFile)
		if code != 0 || back != string(want) {
			t.Fatalf("%s: fb → json differs from the file", f)
		}
		out, _, code = runGenomeCmd(t, "genome", "validate", fbFile)
		if code != 0 || !strings.Contains(out, ": ok (") {
			t.Fatalf("%s: validate: %d %s", f, code, out)
		}
	}
}

func TestGenomeShowAndRules(t *testing.T) {
	f := "../../genome/seeds/hearts.json"
	out, _, code := runGenomeCmd(t, "genome", "show", f)
	if code != 0 || !strings.Contains(out, "name:     Hearts") || !strings.Contains(out, "win:      low_score 100") {
		t.Fatalf("show: %d\n%s", code, out)
	}
	g, _ := genome.Seed("hearts")
	out, _, code = runGenomeCmd(t, "genome", "rules", f)
	if code != 0 || out != rulebook.Rules(g) {
		t.Fatalf("rules: %d\n%s", code, out)
	}
}

func TestGenomeErrors(t *testing.T) {
	dir := t.TempDir()
	g, _ := genome.Seed("holdem_nl_heads_up")
	g.Phases[0].Betting.MinBet = 0
	g.Turns.MaxTurns = 0
	j, _ := genome.EncodeJSON(g)
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, j, 0o644)
	out, errs, code := runGenomeCmd(t, "genome", "validate", bad)
	if code != 1 || !strings.Contains(out, "phases[0].betting.min_bet: must be > 0") || !strings.Contains(out, "turns.max_turns") || !strings.Contains(errs, "2 problem(s)") {
		t.Fatalf("validate invalid: %d\n%s\n%s", code, out, errs)
	}
	junk := filepath.Join(dir, "junk.json")
	os.WriteFile(junk, []byte(`{"schema_version": 2, "setup": {"colour": 1}}`), 0o644)
	_, errs, code = runGenomeCmd(t, "genome", "show", junk)
	if code != 1 || !strings.Contains(errs, "setup.colour: unknown field") {
		t.Fatalf("show junk: %d %s", code, errs)
	}
	corrupt := filepath.Join(dir, "corrupt.dfg")
	os.WriteFile(corrupt, []byte("\x00\x00\x10\x00DFGN\x00\x00"), 0o644)
	_, errs, code = runGenomeCmd(t, "genome", "validate", corrupt)
	if code != 1 || !strings.Contains(errs, "outside the buffer") {
		t.Fatalf("corrupt fb: %d %s", code, errs)
	}
	if _, errs, code = runGenomeCmd(t, "genome", "convert", "--to", "xml", bad); code != 2 || !strings.Contains(errs, "--to must be json or fb") {
		t.Fatalf("bad --to: %d %s", code, errs)
	}
	if _, _, code = runGenomeCmd(t, "genome", "frobnicate", bad); code != 2 {
		t.Fatalf("unknown subcommand: %d", code)
	}
	if _, _, code = runGenomeCmd(t, "genome", "show"); code != 2 {
		t.Fatalf("missing FILE: %d", code)
	}
	if _, errs, code = runGenomeCmd(t, "genome", "show", filepath.Join(dir, "missing.json")); code != 1 || !strings.Contains(errs, "missing.json") {
		t.Fatalf("missing file: %d %s", code, errs)
	}
}

func TestGenomeLint(t *testing.T) {
	out, errs, code := runGenomeCmd(t, append([]string{"genome", "lint"}, genome.SeedIDs()...)...)
	require.Equal(t, 0, code, errs)
	assert.Equal(t, len(genome.SeedIDs()), strings.Count(out, ": no defect\n"))

	g, err := genome.Seed("betting_war")
	require.NoError(t, err)
	g.Phases = append(g.Phases, g.Phases[1]) // a second showdown, after the first
	data, err := genome.EncodeJSON(g)
	require.NoError(t, err)
	file := filepath.Join(t.TempDir(), "bad.json")
	require.NoError(t, os.WriteFile(file, data, 0o644))
	out, errs, code = runGenomeCmd(t, "genome", "lint", file)
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "phases[2]: phase_after_showdown")
	assert.Contains(t, out, "phases[2]: many_showdowns")
	assert.Contains(t, out, "phases[2]: empty_pot_showdown")
	assert.Contains(t, errs, "3 defect(s)")

	_, errs, code = runGenomeCmd(t, "genome", "lint", "no_such_game")
	assert.Equal(t, 1, code)
	assert.Contains(t, errs, "no seed game of that id")
}

// TestGenomeAcceptsSeedIDs: every genome subcommand takes a seed id where
// it takes a file, through the one loader the other commands use.
func TestGenomeAcceptsSeedIDs(t *testing.T) {
	for _, sub := range [][]string{{"validate"}, {"show"}, {"rules"}, {"convert", "--to", "json"}} {
		args := append(append([]string{"genome"}, sub...), "hearts")
		out, errs, code := runGenomeCmd(t, args...)
		if code != 0 || !strings.Contains(strings.ToLower(out), "hearts") {
			t.Errorf("%v: code %d, stderr %q, out %.80q", args, code, errs, out)
		}
	}
	_, errs, code := runGenomeCmd(t, "genome", "show", "no_such_game")
	if code != 1 || !strings.Contains(errs, "no seed game of that id") || !strings.Contains(errs, "hearts") {
		t.Errorf("unknown id: code %d, stderr %q", code, errs)
	}
}
