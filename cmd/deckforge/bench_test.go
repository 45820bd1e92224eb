package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/genome"
	"github.com/stretchr/testify/assert"
)

func TestBenchJSON(t *testing.T) {
	rc, out, errs := runSim("bench", "--json", "--seconds", "0.03", "--samples", "3", "--quiet")
	if rc != 0 {
		t.Fatalf("rc %d: %s", rc, errs)
	}
	var rep map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"eval7_random_per_sec", "holdem_hu_hands_per_sec", "holdem_6max_hands_per_sec", "ismcts_iterations_per_sec", "parallel_speedup", "parallel_ceiling", "samples"} {
		var v float64
		if err := json.Unmarshal(rep[k], &v); err != nil || !(v > 0) {
			t.Errorf("%s = %s (%v)", k, rep[k], err)
		}
		if k == "samples" {
			assert.Equal(t, 3.0, v)
			continue
		}
		var sp float64
		if err := json.Unmarshal(rep[k+"_spread"], &sp); err != nil || sp < 0 || math.IsNaN(sp) {
			t.Errorf("%s_spread = %s (%v)", k, rep[k+"_spread"], err)
		}
	}
	var busy bool
	assert.NoError(t, json.Unmarshal(rep["busy"], &busy), "busy is a boolean")
	for _, k := range []string{"games_per_sec", "moves_per_sec", "games_per_sec_spread", "moves_per_sec_spread"} {
		var per map[string]float64
		if err := json.Unmarshal(rep[k], &per); err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		for _, id := range genome.SeedIDs() {
			if strings.HasSuffix(k, "_spread") {
				assert.GreaterOrEqual(t, per[id], 0.0, "%s[%s]", k, id)
				continue
			}
			if !(per[id] > 0) {
				t.Errorf("%s[%s] = %v", k, id, per[id])
			}
		}
		if len(per) != len(genome.SeedIDs()) {
			t.Errorf("%s has %d entries", k, len(per))
		}
	}
}

func TestBenchTable(t *testing.T) {
	rc, out, errs := runSim("bench", "--seconds", "0.01")
	if rc != 0 {
		t.Fatalf("rc %d: %s", rc, errs)
	}
	for _, want := range []string{"7-card evaluations", "hold'em 6-max hands", "ISMCTS iterations", "hearts", "parallel speed-up"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(out, "median of 5 samples") || !strings.Contains(out, "±") {
		t.Errorf("table lacks the samples and spreads:\n%s", out)
	}
	if !strings.Contains(errs, "bench: eval7") {
		t.Errorf("no progress: %q", errs)
	}
}

func TestBenchBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--seconds", "0"}, "--seconds"},
		{[]string{"--seconds", "-1"}, "--seconds"},
		{[]string{"--seconds", "NaN"}, "--seconds"},
		{[]string{"--seconds", "soon"}, "-seconds"},
		{[]string{"--workers", "-3"}, "--workers"},
		{[]string{"--samples", "0"}, "--samples"},
		{[]string{"extra"}, "extra"},
	} {
		rc, _, errs := runSim(append([]string{"bench"}, c.args...)...)
		if rc != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: rc %d, stderr %q", c.args, rc, errs)
		}
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		rc, out, errs := runSim(args...)
		assert.Equal(t, 0, rc, errs)
		assert.Regexp(t, `^deckforge \S+ .*go1\.\d+.* \w+/\w+\n$`, out)
	}
	rc, _, errs := runSim("version", "extra")
	assert.Equal(t, 2, rc)
	assert.Contains(t, errs, `"extra"`)
}
