package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	flatbuffers "github.com/google/flatbuffers/go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/experiments"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/schema/fb"
)

// attack is one hostile input: the command that reads it, the exit status
// and what its output must say.
type attack struct {
	name string
	args []string
	code int
	want string
}

// attacks writes the hostile inputs into dir and returns the attacks. Every
// input is generated here (no committed blobs).
func attacks(t testing.TB, dir string) []attack {
	t.Helper()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		return p
	}
	sparse := func(name string, size int64) string {
		p := filepath.Join(dir, name)
		f, err := os.Create(p)
		require.NoError(t, err)
		require.NoError(t, f.Truncate(size))
		require.NoError(t, f.Close())
		return p
	}
	fifo := func(name string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, syscall.Mkfifo(p, 0o644))
		return p
	}
	// 2 MB of nested arrays: a fatal stack overflow for the TOML parser.
	deep := "x = " + strings.Repeat("[", 1<<20) + strings.Repeat("]", 1<<20) + "\n"
	nestedPHH := write("nested.phh", deep)
	nestedPHHS := write("nested.phhs", "[1]\n"+deep)
	nestedTOML := write("nested.toml", deep)
	nestedJSON := write("nested.json", `{"name": `+strings.Repeat("[", 1<<20)+strings.Repeat("]", 1<<20)+"}")

	// A 1 MB genome whose lineage entries all point at one 4 KB string:
	// 1 GB once expanded.
	sharedFB := filepath.Join(dir, "shared.fb")
	require.NoError(t, os.WriteFile(sharedFB, sharedLineage(250000, 4096), 0o644))

	base, err := genome.Seed("war")
	require.NoError(t, err)
	js, err := genome.EncodeJSON(base)
	require.NoError(t, err)
	var doc map[string]any
	require.NoError(t, json.Unmarshal(js, &doc))
	phases := doc["phases"].([]any)
	for len(phases) < 300 {
		phases = append(phases, phases[0])
	}
	doc["phases"] = phases
	manyPhases := writeJSON(t, dir, "phases.json", doc)
	doc["phases"] = phases[:1]
	lineage := make([]string, 2000)
	for i := range lineage {
		lineage[i] = fmt.Sprintf("g%04d", i)
	}
	doc["lineage"] = lineage
	longLineage := writeJSON(t, dir, "lineage.json", doc)
	doc["lineage"] = strings.Split(strings.Repeat("a,", 3<<20), ",")
	hugeLineage := writeJSON(t, dir, "huge-lineage.json", doc) // 15 MB
	fbLineage := filepath.Join(dir, "lineage.fb")
	require.NoError(t, os.WriteFile(fbLineage, distinctLineage(2000), 0o644))
	var keys strings.Builder
	for i := range 500000 {
		fmt.Fprintf(&keys, "k%07d = 1\n", i)
	}
	manyKeys := write("keys.phh", "variant = 'NT'\n"+keys.String()) // 6.5 MB
	evil := "\x1b]0;owned\x07\x1b[2J\u009b31m\u202eevil"
	doc["lineage"] = []string{evil}
	doc["name"] = evil
	evilGenome := writeJSON(t, dir, "evil.json", doc)

	hand := func(players int, actions int) string {
		stacks := strings.TrimSuffix(strings.Repeat("100, ", players), ", ")
		zeros := strings.TrimSuffix(strings.Repeat("0, ", players), ", ")
		acts := strings.TrimSuffix(strings.Repeat("'p1 cc', ", actions), ", ")
		return fmt.Sprintf("variant = 'NT'\nantes = [%s]\nblinds_or_straddles = [%s]\nmin_bet = 2\nstarting_stacks = [%s]\nactions = [%s]\n", zeros, zeros, stacks, acts)
	}
	manyPlayers := write("players.phh", hand(1000, 1))
	manyActions := write("actions.phh", hand(2, 20000))
	var hands strings.Builder
	for i := 1; i <= 11; i++ {
		fmt.Fprintf(&hands, "[%d]\n%s\n", i, hand(2, 0))
	}
	manyHands := write("hands.phhs", hands.String())
	evilHand := write("evil.phh", "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\n"+
		"players = [\"\\u001b[31mred\\u001b]0;owned\\u0007\", 'b']\nactions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'p2 f']\n")

	// Run directories of a stopped run whose config.json or checkpoint
	// is too large or too deep, and an experiment file too large.
	bigConfig := runDir(t, dir, "run-bigconfig")
	require.NoError(t, os.Truncate(filepath.Join(bigConfig, "config.json"), 8<<20))
	deepConfig := runDir(t, dir, "run-deepconfig")
	require.NoError(t, os.WriteFile(filepath.Join(deepConfig, "config.json"), []byte(`{"name": `+strings.Repeat("[", 1<<20)+strings.Repeat("]", 1<<20)+"}"), 0o644))
	bigState := runDir(t, dir, "run-bigstate")
	require.NoError(t, os.Truncate(filepath.Join(bigState, "checkpoints", "gen-0001", "state.json"), 300<<20))
	deepState := runDir(t, dir, "run-deepstate")
	require.NoError(t, os.WriteFile(filepath.Join(deepState, "checkpoints", "gen-0001", "state.json"), []byte(`{"history": `+strings.Repeat("[", 1<<20)+strings.Repeat("]", 1<<20)+"}"), 0o644))
	bigTOML := sparse("big.toml", 8<<20)

	out := filepath.Join(dir, "runs")
	as := []attack{
		{"depth: phh verify", []string{"phh", "verify", nestedPHH}, 1, "levels of nesting: the limit is 64"},
		{"depth: phh verify .phhs", []string{"phh", "verify", nestedPHHS}, 1, "levels of nesting: the limit is 64"},
		{"depth: phh convert", []string{"phh", "convert", nestedPHH}, 1, "levels of nesting: the limit is 64"},
		{"depth: stats", []string{"stats", nestedPHH}, 1, "levels of nesting: the limit is 64"},
		{"depth: table state", []string{"table", "next", nestedPHH}, 1, "levels of nesting: the limit is 64"},
		{"depth: evolve FILE", []string{"evolve", nestedTOML, "--out", out + "1"}, 1, "nested.toml: line 1: more than 64 levels of nesting"},
		{"depth: genome JSON", []string{"genome", "show", nestedJSON}, 1, "levels of nesting: the limit is 64"},
		{"shared FlatBuffers data", []string{"genome", "show", sharedFB}, 1, "references more bytes than it holds"},
		{"size: 100 MB genome", []string{"genome", "show", sparse("big.json", 100<<20)}, 1, "big.json: 104857600 bytes: the limit is 16777216 (raise it with --limits genome-bytes=N"},
		{"size: 200 MB PHH", []string{"phh", "verify", sparse("big.phh", 200<<20)}, 2, "big.phh: 209715200 bytes: the limit is 167772160 (raise it with --limits phh-bytes=N"},
		{"size: 300 MB table state", []string{"table", "next", sparse("big-state.json", 300<<20)}, 1, "big-state.json: 314572800 bytes: the limit is 16777216 (raise it with --limits table-bytes=N"},
		{"count: players", []string{"phh", "verify", manyPlayers}, 1, "starting_stacks: 1000 players: the limit is 64"},
		{"count: actions", []string{"phh", "verify", manyActions}, 1, "elements in one array: the limit is 10000"},
		{"count: hands", []string{"--limits", "hands=10", "phh", "verify", manyHands}, 1, "hands.phhs: invalid: 11 hands: the limit is 10 (raise it with --limits hands=N"},
		{"count: hands raised", []string{"--limits", "hands=20", "phh", "verify", manyHands}, 0, "verified 11 of 11 hands"},
		{"count: phases", []string{"genome", "show", manyPhases}, 1, "phases: 300 phases: the limit is 256"},
		{"count: lineage", []string{"genome", "show", longLineage}, 1, "lineage.json: line 1: more than 1024 elements in one array: the limit is 1024"},
		{"count: 3M lineage entries (JSON)", []string{"genome", "show", hugeLineage}, 1, "huge-lineage.json: line 1: more than 1024 elements in one array: the limit is 1024 (raise it with --limits lineage=N"},
		{"count: lineage (FlatBuffers)", []string{"genome", "show", fbLineage}, 1, "lineage.fb: lineage: 2000 lineage entries: the limit is 1024"},
		{"size: 500,000 keys in a hand", []string{"phh", "verify", manyKeys}, 1, "keys.phh: invalid: 6500015 bytes in one hand: the limit is 4194304 (raise it with --limits hand-bytes=N"},
		{"FIFO: phh verify", []string{"phh", "verify", fifo("fifo.phh")}, 2, "fifo.phh: not a regular file (a named pipe)"},
		{"FIFO: stats", []string{"stats", filepath.Join(dir, "fifo.phh")}, 1, "fifo.phh: not a regular file (a named pipe)"},
		{"FIFO: genome", []string{"genome", "show", fifo("fifo.json")}, 1, "fifo.json: not a regular file (a named pipe)"},
		{"FIFO: table state", []string{"table", "next", filepath.Join(dir, "fifo.phh")}, 1, "fifo.phh: not a regular file (a named pipe)"},
		{"FIFO: evolve FILE", []string{"evolve", fifo("fifo.toml"), "--out", out + "2"}, 1, "fifo.toml: not a regular file (a named pipe)"},
		{"size: 8 MB experiment file", []string{"evolve", bigTOML, "--out", out + "3"}, 1, "big.toml: 8388608 bytes: the limit is 4194304 (raise it with --limits config-bytes=N"},
		{"size: 8 MB config.json", []string{"evolve", "--resume", bigConfig}, 1, "config.json: 8388608 bytes: the limit is 4194304 (raise it with --limits config-bytes=N"},
		{"depth: config.json", []string{"evolve", "--resume", deepConfig}, 1, "config.json: line 1: more than 64 levels of nesting: the limit is 64 (raise it with --limits depth=N"},
		{"size: 300 MB checkpoint", []string{"evolve", "--resume", bigState}, 1, "state.json: 314572800 bytes: the limit is 268435456 (raise it with --limits state-bytes=N"},
		{"depth: checkpoint", []string{"evolve", "--resume", deepState}, 1, "state.json: line 1: more than 64 levels of nesting: the limit is 64 (raise it with --limits depth=N"},
		{"device: genome", []string{"genome", "show", "/dev/zero"}, 1, "/dev/zero: not a regular file (a character device)"},
		{"names: genome show", []string{"genome", "show", evilGenome}, 0, `name:     \x1b]0;owned\x07\x1b[2J\u009b31m\u202eevil`},
		{"names: genome rules", []string{"genome", "rules", evilGenome}, 0, `\x1b]0;owned\x07`},
		{"names: stats", []string{"stats", evilHand}, 0, `\x1b[31mred\x1b]0;owned\x07`},
	}
	return as
}

// runDir makes dir/name look like a run of quickstart stopped after
// generation 1: its config.json and a checkpoint whose state.json is a
// placeholder (the attacks replace one file or the other).
func runDir(t testing.TB, dir, name string) string {
	t.Helper()
	run := filepath.Join(dir, name)
	cp := filepath.Join(run, "checkpoints", "gen-0001")
	require.NoError(t, os.MkdirAll(cp, 0o755))
	cfg, _, err := experiments.Open("quickstart")
	require.NoError(t, err)
	js, err := json.MarshalIndent(&cfg, "", "  ")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(run, "config.json"), js, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(cp, "state.json"), []byte("{}"), 0o644))
	return run
}

// sharedLineage returns a genome buffer whose lineage holds n entries that
// all point at one string of size bytes.
func sharedLineage(n, size int) []byte {
	b := flatbuffers.NewBuilder(n*4 + size + 1024)
	s := b.CreateString(strings.Repeat("x", size))
	fb.GenomeStartLineageVector(b, n)
	for range n {
		b.PrependUOffsetT(s)
	}
	vec := b.EndVector(n)
	fb.GenomeStart(b)
	fb.GenomeAddSchemaVersion(b, 1)
	fb.GenomeAddLineage(b, vec)
	b.FinishWithFileIdentifier(fb.GenomeEnd(b), []byte(genome.FileIdentifier))
	return b.FinishedBytes()
}

// distinctLineage returns a genome buffer with n distinct lineage entries.
func distinctLineage(n int) []byte {
	b := flatbuffers.NewBuilder(n * 16)
	offs := make([]flatbuffers.UOffsetT, n)
	for i := range offs {
		offs[i] = b.CreateString(fmt.Sprintf("g%06d", i))
	}
	fb.GenomeStartLineageVector(b, n)
	for i := n - 1; i >= 0; i-- {
		b.PrependUOffsetT(offs[i])
	}
	vec := b.EndVector(n)
	fb.GenomeStart(b)
	fb.GenomeAddSchemaVersion(b, 1)
	fb.GenomeAddLineage(b, vec)
	b.FinishWithFileIdentifier(fb.GenomeEnd(b), []byte(genome.FileIdentifier))
	return b.FinishedBytes()
}

func writeJSON(t testing.TB, dir, name string, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	require.NoError(t, err)
	p := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(p, data, 0o644))
	return p
}

// TestHostileInputs runs every attack through the CLI in process: each is
// refused (or, for names, printed escaped) with a message that names the
// file, the field and the limit, and nothing panics.
func TestHostileInputs(t *testing.T) {
	dir := t.TempDir()
	for _, a := range attacks(t, dir) {
		t.Run(a.name, func(t *testing.T) {
			var code int
			var stdout, stderr string
			require.NotPanics(t, func() { code, stdout, stderr = runCmd(a.args...) })
			all := stdout + stderr
			assert.Equal(t, a.code, code, "exit status; output:\n%.2000s", all)
			assert.Contains(t, all, a.want)
			assert.NotContains(t, all, "\x1b", "a raw escape reached the output")
			assert.NotContains(t, all, "\u009b", "a raw CSI reached the output")
		})
	}
}

// BenchmarkHostile runs every attack, and a 100,000-hand .phhs file, through
// the built binary in a child process and reports each one's wall time
// (s) and peak memory (MiB, the child's maximum resident set): make
// hostile. Each must stay within 30 s and 512 MiB.
func BenchmarkHostile(b *testing.B) {
	dir := b.TempDir()
	bin := filepath.Join(dir, "deckforge")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Stderr = os.Stderr
	require.NoError(b, build.Run())
	as := attacks(b, dir)
	big := filepath.Join(dir, "100k.phhs")
	require.NoError(b, os.WriteFile(big, bulkHands(b, 100000), 0o644))
	as = append(as, attack{name: "phhs: verify 100k hands", args: []string{"phh", "verify", big}, want: "verified 100000 of 100000 hands"})
	self, err := os.Executable()
	require.NoError(b, err)
	for _, a := range as {
		b.Run(strings.ReplaceAll(a.name, " ", "_"), func(b *testing.B) {
			var m measurement
			for b.Loop() {
				m = measure(b, self, dir, bin, a.args)
			}
			require.Contains(b, m.out, a.want)
			require.Equal(b, a.code, m.code, "%.2000s", m.out)
			b.ReportMetric(m.wall, "s")
			b.ReportMetric(m.cpu, "cpu-s")
			b.ReportMetric(m.mib, "MiB")
			if m.wall > 30 || m.mib > 512 {
				b.Errorf("%s: %.1f s, %.0f MiB: beyond 30 s or 512 MiB", a.name, m.wall, m.mib)
			}
		})
	}
}

// measurement is what a child process took: wall and CPU seconds, peak
// resident memory, exit status and combined output.
type measurement struct {
	wall, cpu, mib float64
	code           int
	out            string
}

// measureEnv makes the test binary a launcher: it runs the command after
// it and reports the child's figures (see TestMain). The launcher is a
// small process, so the child's peak memory is its own: a child forked
// from the benchmark itself would report the benchmark's peak.
const measureEnv = "DECKFORGE_HOSTILE_LAUNCHER"

func measure(tb testing.TB, self, dir, bin string, args []string) measurement {
	tb.Helper()
	cmd := exec.Command(self, append([]string{bin}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), measureEnv+"=1")
	out, err := cmd.Output()
	require.NoError(tb, err, "launcher")
	body, last, ok := strings.Cut(string(out), "\n"+measureEnv+" ")
	require.True(tb, ok, "launcher output: %.500s", out)
	var m measurement
	_, err = fmt.Sscanf(last, "%d %f %f %f", &m.code, &m.wall, &m.cpu, &m.mib)
	require.NoError(tb, err)
	m.out = body
	return m
}

// launch runs args as a command and prints its combined output, then a
// line with its exit status, wall seconds, CPU seconds and peak MiB.
func launch(args []string) int {
	cmd := exec.Command(args[0], args[1:]...)
	start := time.Now()
	out, _ := cmd.CombinedOutput()
	wall := time.Since(start).Seconds()
	if cmd.ProcessState == nil {
		fmt.Fprintf(os.Stderr, "launcher: %s did not run\n", args[0])
		return 1
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
	fmt.Printf("%s\n%s %d %f %f %f\n", out, measureEnv, cmd.ProcessState.ExitCode(), wall, cpu, float64(ru.Maxrss)/1024)
	return 0
}

func TestMain(m *testing.M) {
	if os.Getenv(measureEnv) == "1" {
		os.Exit(launch(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// bulkHands returns a .phhs document of n hands: the generated sample's
// hands over and over, keyed 1…n.
func bulkHands(tb testing.TB, n int) []byte {
	tb.Helper()
	data, err := os.ReadFile("../../engine/phh/testdata/generated/pokerkit-sample.phhs")
	require.NoError(tb, err)
	var bodies []string
	for _, part := range strings.Split(string(data), "\n[")[1:] {
		_, body, ok := strings.Cut(part, "]\n")
		require.True(tb, ok)
		bodies = append(bodies, body)
	}
	var sb strings.Builder
	for i := range n {
		fmt.Fprintf(&sb, "[%d]\n%s", i+1, bodies[i%len(bodies)])
	}
	return []byte(sb.String())
}
