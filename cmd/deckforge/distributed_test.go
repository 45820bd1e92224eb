package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	dfnats "github.com/deckforge/deckforge/sim/nats"
)

// lineWatch collects a process's output lines and tells when one
// containing a text appears.
type lineWatch struct {
	mu    sync.Mutex
	lines []string
	more  chan struct{}
}

func watch(r io.Reader) *lineWatch {
	w := &lineWatch{more: make(chan struct{}, 1)}
	go func() {
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			w.mu.Lock()
			w.lines = append(w.lines, sc.Text())
			w.mu.Unlock()
			select {
			case w.more <- struct{}{}:
			default:
			}
		}
	}()
	return w
}

// wait returns the first line from index from on that contains text,
// giving up after d.
func (w *lineWatch) wait(t *testing.T, from int, text string, d time.Duration) (string, int) {
	t.Helper()
	deadline := time.After(d)
	for {
		w.mu.Lock()
		for i := from; i < len(w.lines); i++ {
			if strings.Contains(w.lines[i], text) {
				l := w.lines[i]
				w.mu.Unlock()
				return l, i
			}
		}
		n := len(w.lines)
		w.mu.Unlock()
		select {
		case <-w.more:
		case <-time.After(50 * time.Millisecond):
		case <-deadline:
			t.Fatalf("no line with %q after %v (from line %d of %d)", text, d, from, n)
		}
	}
}

// tail returns the last n lines.
func (w *lineWatch) tail(n int) string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return strings.Join(w.lines[max(0, len(w.lines)-n):], "\n")
}

// countFrom counts the lines from index from on that contain text.
func (w *lineWatch) countFrom(from int, text string) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for i := from; i < len(w.lines); i++ {
		if strings.Contains(w.lines[i], text) {
			n++
		}
	}
	return n
}

func (w *lineWatch) count() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.lines)
}

// start starts bin with args and stops it (SIGKILL) when the test ends.
func start(t *testing.T, bin string, args ...string) (*exec.Cmd, *lineWatch) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	r, w := io.Pipe()
	cmd.Stdout, cmd.Stderr = w, w
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		w.Close()
	})
	return cmd, watch(r)
}

// The whole distributed path with real processes on loopback: deckforge
// broker, three deckforge worker processes, one killed with SIGKILL in the
// middle of a job, and deckforge evolve quickstart --nats, itself killed
// with SIGKILL in the middle of a generation and continued with evolve
// --resume --nats, writing the same generations.csv and best genomes as
// the uninterrupted local run with the same seed (made in this test, so it
// follows the evaluation wherever it goes). deckforge simulate --nats
// prints what the local simulation prints.
func TestDistributedEvolveEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the end-to-end run of real broker and worker processes runs in make test")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "deckforge")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	_, broker := start(t, bin, "broker", "--listen", "127.0.0.1:0", "--store", filepath.Join(dir, "store"))
	url, _ := broker.wait(t, 0, "nats://", 30*time.Second)
	url = strings.TrimSpace(url)
	require.True(t, strings.HasPrefix(url, "nats://127.0.0.1:"), url)

	workers := map[string]*exec.Cmd{}
	logs := map[string]*lineWatch{}
	for _, id := range []string{"w1", "w2", "w3"} {
		workers[id], logs[id] = start(t, bin, "worker", "--nats", url, "--workers", "1", "--id", id, "--verbose")
	}
	killed := func(cmd *exec.Cmd, err error) {
		t.Helper()
		ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
		require.True(t, err != nil && ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL, "%s was not killed: %v", cmd.Args[1], err)
	}

	const seed = "7"
	local, dist := filepath.Join(dir, "local"), filepath.Join(dir, "dist")
	var localOut []byte
	var localErr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		localOut, localErr = exec.Command(bin, "evolve", "quickstart", "--seed", seed, "--out", local, "--quiet").CombinedOutput()
	}()

	coord, clog := start(t, bin, "evolve", "quickstart", "--seed", seed, "--out", dist, "--nats", url, "--ack-wait", "2s")
	// Once generation 1 is done, kill w1 as soon as it starts a job.
	clog.wait(t, 0, "generation 1/", 5*time.Minute)
	from := logs["w1"].count()
	logs["w1"].wait(t, from, "started", 5*time.Minute)
	require.NoError(t, workers["w1"].Process.Signal(syscall.SIGKILL))
	killed(workers["w1"], workers["w1"].Wait())

	// Once generation 3 is checkpointed, stop the workers (SIGSTOP), so
	// that generation 4 cannot finish, wait until the coordinator reports
	// its jobs in flight, and kill it; then let the workers go on.
	_, at := clog.wait(t, 0, "generation 3/", 5*time.Minute)
	for _, id := range []string{"w2", "w3"} {
		require.NoError(t, workers[id].Process.Signal(syscall.SIGSTOP))
	}
	line, _ := clog.wait(t, at+1, "jobs done", 2*time.Minute)
	var doneJobs, totalJobs int
	_, err := fmt.Sscanf(line[strings.Index(line, ": ")+2:], "%d/%d jobs done", &doneJobs, &totalJobs)
	require.NoError(t, err, line)
	require.Less(t, doneJobs, totalJobs, line)
	require.NoError(t, coord.Process.Signal(syscall.SIGKILL))
	killed(coord, coord.Wait())
	require.Zero(t, clog.countFrom(0, "generation 4/"), "the coordinator was killed after generation 4, not in it:\n%s", clog.tail(10))
	for _, id := range []string{"w2", "w3"} {
		require.NoError(t, workers[id].Process.Signal(syscall.SIGCONT))
	}

	resumed, rlog := start(t, bin, "evolve", "--resume", dist, "--nats", url, "--ack-wait", "2s")
	done := make(chan error, 1)
	go func() { done <- resumed.Wait() }()
	select {
	case err := <-done:
		require.NoError(t, err, "resumed distributed run; its last lines:\n%s", rlog.tail(20))
	case <-time.After(10 * time.Minute):
		t.Fatalf("the resumed distributed run did not finish in 10 minutes; its last lines:\n%s", rlog.tail(20))
	}
	rlog.wait(t, 0, "resuming "+dist, time.Second)
	first, _ := rlog.wait(t, 0, "generation ", time.Second)
	assert.Contains(t, first, "generation 4/", "the resumed run starts after the checkpoint of generation 3")
	wg.Wait()
	require.NoError(t, localErr, "local run: %s", localOut)

	same := func(name string) {
		a, err := os.ReadFile(filepath.Join(local, name))
		require.NoError(t, err)
		b, err := os.ReadFile(filepath.Join(dist, name))
		require.NoError(t, err)
		assert.True(t, bytes.Equal(a, b), "%s differs:\n%s\n---\n%s", name, a, b)
	}
	same("generations.csv")
	best, err := os.ReadDir(filepath.Join(local, "best"))
	require.NoError(t, err)
	require.NotEmpty(t, best)
	distBest, err := os.ReadDir(filepath.Join(dist, "best"))
	require.NoError(t, err)
	assert.Len(t, distBest, len(best))
	for _, e := range best {
		same(filepath.Join("best", e.Name()))
	}

	data, err := os.ReadFile(filepath.Join(dist, "workers.json"))
	require.NoError(t, err)
	var wj []dfnats.WorkerJobs
	require.NoError(t, json.Unmarshal(data, &wj), "%s", data)
	seen := map[string]int{}
	for _, w := range wj {
		assert.Contains(t, []string{"w1", "w2", "w3"}, w.ID)
		assert.Positive(t, w.Jobs, w.ID)
		seen[w.ID] = w.Jobs
	}
	assert.Contains(t, seen, "w2")
	assert.Contains(t, seen, "w3")
	_, err = os.Stat(filepath.Join(local, "workers.json"))
	assert.ErrorIs(t, err, os.ErrNotExist, "a local run writes no workers.json")

	// deckforge simulate --nats prints what the local simulation prints.
	args := []string{"simulate", "go_fish", "--agents", "random,greedy", "--games", "300", "--json", "--quiet"}
	want, err := exec.Command(bin, args...).Output()
	require.NoError(t, err)
	got, err := exec.Command(bin, append(args, "--nats", url)...).Output()
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got))

	// deckforge bench --nats: its figures are there and are numbers (no
	// speed is asserted: the machine may be busy).
	out, err := exec.Command(bin, "bench", "--nats", "--json", "--quiet", "--seconds", "0.3", "--samples", "1").Output()
	require.NoError(t, err)
	var bench struct {
		NATS map[string]float64 `json:"nats"`
	}
	require.NoError(t, json.Unmarshal(out, &bench), "%s", out)
	n := bench.NATS
	assert.Equal(t, 2.0, n["workers"])
	assert.GreaterOrEqual(t, n["jobs"], 16.0)
	assert.Zero(t, int(n["jobs"])%2, "an even number of jobs")
	for _, k := range []string{"games_per_job", "job_ms", "speedup", "ceiling", "ceiling_ratio", "speed_ceiling_ratio",
		"empty_jobs", "empty_jobs_per_sec", "overhead_us_per_job", "coordinator_cpu_us_per_job"} {
		assert.Positive(t, n[k], k)
	}
	assert.Contains(t, n, "extra_cpu")
	assert.InDelta(t, n["speedup"]/n["ceiling"], n["ceiling_ratio"], 1e-9, "one sample: the ratio of the two")
}

// An unreachable broker is a clear error, exit status 1, for every
// command that takes --nats.
func TestNATSUnreachable(t *testing.T) {
	for _, args := range [][]string{
		{"worker", "--nats", "nats://127.0.0.1:1"},
		{"evolve", "quickstart", "--out", t.TempDir(), "--nats", "nats://127.0.0.1:1"},
		{"simulate", "war", "--nats", "nats://127.0.0.1:1"},
	} {
		code, _, errs := runSim(args...)
		assert.Equal(t, 1, code, "%v", args)
		assert.Contains(t, errs, "cannot reach the broker at nats://127.0.0.1:1", "%v", args)
	}
	code, _, errs := runSim("worker")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "--nats: give the URL")
	code, _, errs = runSim("simulate", "war", "--nats", "nats://x:1", "--replays", t.TempDir())
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "--replays: not with --nats")
}
