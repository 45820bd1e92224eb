package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// tinyExperiment is a run of a few seconds: small population, few games,
// cheap agents.
const tinyExperiment = `name = "tiny"
seed = 5
generations = 8
[population]
size = 10
elites = 2
offspring = 12
seeds = ["crazy_eights", "go_fish", "war"]
max_phases = 5
[evaluation]
games = 8
rollout_cap = 20
[gates]
max_decisions = 80
[skill]
top = 1
agent = "ismcts:8"
games = 1
[remeasure]
top = 1
games_factor = 10
agents = ["greedy", "greedy"]
greedy_samples = 3
strength_samples = 40
skill_agent = "ismcts:8"
skill_games = 1
seeds = ["crazy_eights"]
[output]
best = 2
replay_games = 1
`

func runEvolveCmd(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"evolve"}, args...), strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

func TestEvolveUsageErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(bad, []byte("generations = 2\n[population]\nsize = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "want exactly one EXPERIMENT"},
		{[]string{"a.toml", "b.toml"}, 2, "want exactly one EXPERIMENT"},
		{[]string{"nosuch"}, 1, "no experiment \"nosuch\""},
		{[]string{bad}, 1, "population.size"},
		{[]string{"quickstart", "--workers", "-1"}, 2, "--workers"},
		{[]string{"--resume", dir, "quickstart"}, 2, "give no EXPERIMENT"},
		{[]string{"--resume", dir}, 1, "config.json"},
	}
	for _, c := range cases {
		_, errs, code := runEvolveCmd(t, c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("evolve %v: code %d, stderr %q; want %d and %q", c.args, code, errs, c.code, c.want)
		}
	}
}

// TestEvolveKillAndResume builds the CLI, runs a tiny experiment to the
// end, runs it again in a subprocess killed with SIGKILL after a few
// generations, resumes that run, and checks that the final population and
// generations.csv are exactly those of the uninterrupted run.
func TestEvolveKillAndResume(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "deckforge")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	exp := filepath.Join(dir, "tiny.toml")
	if err := os.WriteFile(exp, []byte(tinyExperiment), 0o644); err != nil {
		t.Fatal(err)
	}
	full, cut := filepath.Join(dir, "full"), filepath.Join(dir, "cut")
	out, err := exec.Command(bin, "evolve", exp, "--out", full, "--workers", "2").CombinedOutput()
	if err != nil {
		t.Fatalf("uninterrupted run: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), bin+" serve "+filepath.Join(full, "replays")) {
		t.Errorf("the run does not say how to open its replays:\n%s", out)
	}

	cmd := exec.Command(bin, "evolve", exp, "--out", cut, "--workers", "1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Kill it once the checkpoint of generation 3 exists, mid-run.
	deadline := time.Now().Add(2 * time.Minute)
	for {
		if _, err := os.Stat(filepath.Join(cut, "checkpoints", "gen-000003", "state.json")); err == nil {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("no checkpoint of generation 3 after 2 minutes")
		}
		time.Sleep(2 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if err == nil || !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("the run was not killed mid-run: %v", err)
	}
	if _, err := os.Stat(filepath.Join(cut, "report.md")); err == nil {
		t.Fatal("the killed run had already finished")
	}

	out, err = exec.Command(bin, "evolve", "--resume", cut, "--workers", "2").CombinedOutput()
	if err != nil {
		t.Fatalf("resume: %v\n%s", err, out)
	}
	for _, f := range []string{"generations.csv", "population.fb", "population.json", "remeasure.json"} {
		a, err := os.ReadFile(filepath.Join(full, f))
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(cut, f))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs after kill and resume:\n%s\n---\n%s", f, a, b)
		}
	}
}
