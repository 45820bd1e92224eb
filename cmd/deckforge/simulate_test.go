package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/replay"
)

// runCmd runs "deckforge ARGS" and returns its exit status, standard output
// and standard error.
func runSim(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	rc := run(args, strings.NewReader(""), &out, &errb)
	return rc, out.String(), errb.String()
}

// --workers 1 and --workers 8 print the same results, table and JSON,
// over more than a thousand games of each of several seed games, and over
// sessions with sit-outs (hold'em on the table's runner, blackjack played
// by engine/game).
func TestSimulateWorkersDeterminism(t *testing.T) {
	cases := [][]string{
		{"holdem_nl_6max", "--players", "6", "--games", "1200", "--json"},
		{"crazy_eights", "--agents", "random,greedy", "--games", "1000", "--json"},
		{"hearts", "--games", "1000", "--seed", "7", "--json"},
		{"knockout_whist", "--players", "3", "--games", "1500", "--json"},
		{"go_fish", "--games", "1000"},
		{"holdem_nl_6max", "--players", "6", "--agents", "house", "--sit-outs", "default,hands=60", "--games", "24", "--json"},
		{"blackjack", "--players", "4", "--agents", "greedy,random,house,random", "--sit-outs", "default,hands=30", "--games", "24", "--json"},
	}
	for _, c := range cases {
		var outs [2]string
		for k, w := range []string{"1", "8"} {
			args := append([]string{"simulate"}, c...)
			args = append(args, "--workers", w, "--quiet")
			rc, out, errs := runSim(args...)
			if rc != 0 {
				t.Fatalf("%v: rc %d: %s", args, rc, errs)
			}
			outs[k] = out
		}
		if outs[0] != outs[1] {
			t.Errorf("%v: --workers 1 and 8 differ:\n%s\n---\n%s", c, head(outs[0]), head(outs[1]))
		}
		if strings.Contains(strings.Join(c, " "), "--json") {
			var m struct {
				Games   int               `json:"games"`
				Seats   []json.RawMessage `json:"seat_win_rate"`
				Balance *float64          `json:"balance"`
			}
			if err := json.Unmarshal([]byte(outs[0]), &m); err != nil {
				t.Fatalf("%v: %v", c, err)
			}
			if m.Games < 24 || len(m.Seats) < 2 || m.Balance == nil {
				t.Fatalf("%v: %s", c, head(outs[0]))
			}
		}
	}
}

func head(s string) string {
	if len(s) > 600 {
		return s[:600] + "…"
	}
	return s
}

func TestSimulateTable(t *testing.T) {
	rc, out, errs := runSim("simulate", "holdem_nl_heads_up", "--games", "50", "--quiet")
	if rc != 0 {
		t.Fatalf("rc %d: %s", rc, errs)
	}
	for _, want := range []string{"Texas Hold'em No-Limit, heads-up", "50 games", "completion rate", "mean legal moves",
		"lead changes", "seat advantage", "balance", "fold wins", "eliminations", "positional_edge"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}

func TestSimulateProgressLines(t *testing.T) {
	rc, _, errs := runSim("simulate", "war", "--games", "20")
	if rc != 0 {
		t.Fatalf("rc %d: %s", rc, errs)
	}
	if !strings.Contains(errs, "simulate: 20/20 games\n") || strings.Contains(errs, "\r") {
		t.Fatalf("progress on a non-terminal: %q", errs)
	}
}

func TestSimulateBadFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{}, "GENOME"},
		{[]string{"hearts", "crazy_eights"}, "GENOME"},
		{[]string{"hearts", "--games", "0"}, "--games"},
		{[]string{"hearts", "--games", "many"}, "-games"},
		{[]string{"hearts", "--workers", "-1"}, "--workers"},
		{[]string{"hearts", "--players", "-2"}, "--players"},
		{[]string{"hearts", "--players", "3"}, "--players"},
		{[]string{"hearts", "--agents", "alpha"}, "--agents"},
		{[]string{"hearts", "--agents", ""}, "--agents"},
		{[]string{"holdem_nl_heads_up", "--agents", "random,random,random"}, "--agents"},
		{[]string{"hearts", "--agents", "ismcts:0"}, "--agents"},
		{[]string{"hearts", "--sit-outs", "pause=2"}, "--sit-outs"},
		{[]string{"hearts", "--sit-outs", "default"}, "--sit-outs"},
		{[]string{"war", "--sit-outs", "default", "--agents", "greedy"}, "--sit-outs"},
		{[]string{"hearts", "--skill", "-1"}, "--skill"},
		{[]string{"hearts", "--bogus"}, "-bogus"},
	} {
		rc, _, errs := runSim(append([]string{"simulate"}, c.args...)...)
		if rc != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: rc %d, stderr %q; want 2 and a message naming %s", c.args, rc, errs, c.want)
		}
	}
	rc, _, errs := runSim("simulate", "no_such_game")
	if rc != 1 || !strings.Contains(errs, "no_such_game") {
		t.Errorf("unknown genome: rc %d, %q", rc, errs)
	}
}

func TestSimulateReplays(t *testing.T) {
	dir := t.TempDir()
	rc, _, errs := runSim("simulate", "crazy_eights", "--games", "3", "--replays", dir, "--quiet")
	if rc != 0 {
		t.Fatalf("rc %d: %s", rc, errs)
	}
	session := filepath.Join(dir, "session")
	rc, _, errs = runSim("simulate", "holdem_nl_6max", "--players", "6", "--agents", "house", "--sit-outs", "default,hands=80",
		"--games", "1", "--replays", session, "--quiet", "--json")
	if rc != 0 {
		t.Fatalf("rc %d: %s", rc, errs)
	}
	for _, name := range []string{"game-000001.dfr", "game-000002.dfr", "game-000003.dfr", "session/game-000001.dfr"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		r, err := replay.Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !strings.HasPrefix(r.Game.Source, "deckforge simulate") || len(r.Hands) == 0 {
			t.Fatalf("%s: source %q, %d hands", name, r.Game.Source, len(r.Hands))
		}
		if strings.HasPrefix(name, "session") {
			kinds := map[replay.EventKind]int{}
			for _, h := range r.Hands {
				for _, e := range h.Events {
					kinds[e.Kind]++
				}
			}
			for _, k := range []replay.EventKind{replay.IntentChange, replay.SitOut, replay.SitIn, replay.DeadBlindsAccrued, replay.Disconnect} {
				if kinds[k] == 0 {
					t.Errorf("session replay has no %s event", k)
				}
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "game-000004.dfr")); err == nil {
		t.Fatal("a fourth replay for three games")
	}
}

func TestSimulateSkill(t *testing.T) {
	rc, out, errs := runSim("simulate", "crazy_eights", "--games", "10", "--skill", "20", "--skill-agents", "greedy", "--json", "--quiet")
	if rc != 0 {
		t.Fatalf("rc %d: %s", rc, errs)
	}
	var m struct {
		Skill []struct {
			Agent    string   `json:"agent"`
			Games    int      `json:"games"`
			Gradient *float64 `json:"gradient"`
		} `json:"skill"`
	}
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Skill) != 1 || m.Skill[0].Agent != "greedy" || m.Skill[0].Games != 20 || m.Skill[0].Gradient == nil {
		t.Fatalf("skill: %s", fmt.Sprint(m.Skill))
	}
}

// agent_win_rate is keyed by the names given in --agents and
// seat_win_rate[i] is the win rate of the agent given i-th.
func TestSimulateAgentKeys(t *testing.T) {
	rc, out, errs := runSim("simulate", "crazy_eights", "--agents", "random, ismcts:30", "--games", "40", "--quiet", "--json")
	require.Equal(t, 0, rc, errs)
	var m struct {
		Agents []string           `json:"agents"`
		Seats  []float64          `json:"seat_win_rate"`
		ByName map[string]float64 `json:"agent_win_rate"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &m))
	assert.Equal(t, []string{"random", "ismcts:30"}, m.Agents)
	require.Len(t, m.Seats, 2)
	assert.Equal(t, map[string]float64{"random": m.Seats[0], "ismcts:30": m.Seats[1]}, m.ByName)
	// play accepts the same names.
	rc, _, errs = runSim("play", "crazy_eights", "--agents", "ismcts:20,house")
	assert.Equal(t, 0, rc, errs)
}
