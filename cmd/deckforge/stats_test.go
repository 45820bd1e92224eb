package main

import (
	"bytes"
	"encoding/json"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runStatsCmd runs "deckforge stats ARGS" and returns its exit status,
// standard output and standard error.
func runStatsCmd(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	rc := run(append([]string{"stats"}, args...), strings.NewReader(""), &out, &errb)
	return rc, out.String(), errb.String()
}

const pluribusDir = "../../engine/phh/testdata/real/pluribus"

func TestStatsJSON(t *testing.T) {
	rc, out, errs := runStatsCmd("--json", pluribusDir)
	if rc != 0 {
		t.Fatalf("rc %d: %s", rc, errs)
	}
	var rep struct {
		Hands   int                            `json:"hands"`
		Players map[string]map[string]int64    `json:"players"`
		Metrics map[string]map[string]*float64 `json:"metrics"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Hands != 30 || len(rep.Players) != 6 || len(rep.Metrics) != 6 {
		t.Fatalf("hands %d, %d players, %d metric sets", rep.Hands, len(rep.Players), len(rep.Metrics))
	}
	total := int64(0)
	for name, st := range rep.Players {
		total += st["hands"]
		for key, v := range st {
			base, ok := strings.CutSuffix(key, "_attempts")
			if !ok {
				continue
			}
			if opp, ok := st[base+"_opportunities"]; !ok || v > opp {
				t.Errorf("%s: %s %d > opportunities %d", name, key, v, opp)
			}
			if td, ok := st[base+"_takedowns"]; ok && td > v {
				t.Errorf("%s: %s_takedowns %d > attempts %d", name, base, td, v)
			}
		}
		for key, ch := range st {
			if base, ok := strings.CutSuffix(key, "_challenges"); ok && st[base+"_continues"]+st[base+"_folds"] > ch {
				t.Errorf("%s: %s continues + folds > challenges %d", name, base, ch)
			}
		}
		m := rep.Metrics[name]
		if v := m["three_bets"]; v == nil || int64(*v) != st["three_bet_ip_attempts"]+st["three_bet_oop_attempts"] {
			t.Errorf("%s: three_bets %v", name, v)
		}
		if _, ok := m["cbet_rate"]; !ok {
			t.Errorf("%s: cbet_rate missing (null expected when undefined)", name)
		}
		if st["cbet_ip_opportunities"]+st["cbet_oop_opportunities"] == 0 && m["cbet_rate"] != nil {
			t.Errorf("%s: cbet_rate %v without opportunities", name, *m["cbet_rate"])
		}
	}
	// Six players dealt into each of the 30 hands.
	if total != 180 {
		t.Errorf("player-hands %d, want 180", total)
	}
	if _, ok := rep.Players["Pluribus"]; !ok {
		t.Error("no player named Pluribus")
	}
}

func TestStatsTable(t *testing.T) {
	rc, out, errs := runStatsCmd(filepath.Join(pluribusDir, "100"))
	if rc != 0 {
		t.Fatalf("rc %d: %s", rc, errs)
	}
	for _, want := range []string{"hands 15,", "player", "pfr%", "Pluribus", "three_bet", "ip opp/att/td"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}

func TestStatsErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.phh")
	if err := os.WriteFile(bad, []byte("variant = 'NT'\nthis is not toml"), 0o644); err != nil {
		t.Fatal(err)
	}
	illegal := filepath.Join(dir, "illegal.phh")
	if err := os.WriteFile(illegal, []byte(`variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 cbr 500']
`), 0o644); err != nil {
		t.Fatal(err)
	}
	stud := filepath.Join(dir, "stud.phh")
	src, err := os.ReadFile("../../engine/phh/testdata/real/wsop/2023/43/5/5.phh")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(stud, src, 0o644); err != nil {
		t.Fatal(err)
	}

	for _, f := range []string{bad, illegal, stud} {
		rc, out, errs := runStatsCmd(f)
		if rc != 1 || !strings.Contains(errs, f) || out != "" {
			t.Errorf("%s: rc %d, stderr %q, stdout %q", f, rc, errs, out)
		}
	}
	stud2 := filepath.Join(dir, "stud2.phh")
	require.NoError(t, os.WriteFile(stud2, src, 0o644))
	rc, _, errs := runStatsCmd(stud, stud2)
	assert.Equal(t, 1, rc)
	assert.Contains(t, errs, "2 hand(s) of variants deckforge does not replay", "a count instead of one error per hand")
	assert.Contains(t, errs, "--skip-unsupported skips them", "the error names the flag that helps")
	assert.Equal(t, 1, strings.Count(errs, "stud2.phh")+strings.Count(errs, "stud.phh"), "one example per variant: %s", errs)
	if rc, _, errs := runStatsCmd("--skip-unsupported", stud); rc != 0 || !strings.Contains(errs, "skipped 1") {
		t.Errorf("skip: rc %d, %q", rc, errs)
	}
	if rc, _, errs := runStatsCmd("--skip-unsupported", stud, illegal); rc != 1 || !strings.Contains(errs, illegal) {
		t.Errorf("skip does not hide errors: rc %d, %q", rc, errs)
	}
	if rc, _, _ := runStatsCmd(filepath.Join(dir, "missing.phh")); rc != 1 {
		t.Errorf("missing file: rc %d", rc)
	}
	if rc, _, _ := runStatsCmd(); rc != 2 {
		t.Errorf("no args: rc %d", rc)
	}
	if rc, _, _ := runStatsCmd("--nope", dir); rc != 2 {
		t.Errorf("bad flag: rc %d", rc)
	}
}
