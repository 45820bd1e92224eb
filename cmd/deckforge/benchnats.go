package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"time"

	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/sim"
	dfnats "github.com/deckforge/deckforge/sim/nats"
)

// kindNoop is an empty evaluation: its job returns {} at once. bench
// --nats measures the cost of a job itself with it.
const kindNoop = "noop"

func noopHandler(context.Context, *dfnats.Job, *genome.Genome) ([]byte, error) {
	return []byte("{}"), nil
}

// natsBenchReport is what bench --nats measures (JSON field "nats").
type natsBenchReport struct {
	// Workers worker processes of one goroutine each played Jobs jobs
	// (Hearts, random agents, GamesPerJob games each; JobMillis a job's
	// time on one goroutine here); Speedup is their throughput over one
	// goroutine's in this process (the median of Samples), CeilingRatio
	// Speedup over the parallel ceiling measured in the same run.
	Workers      int     `json:"workers"`
	Jobs         int     `json:"jobs"`
	GamesPerJob  int     `json:"games_per_job"`
	JobMillis    float64 `json:"job_ms"`
	Samples      int     `json:"samples"`
	Speedup      float64 `json:"speedup"`
	CeilingRatio float64 `json:"ceiling_ratio"`
	// EmptyJobsPerSec is the rate of empty jobs (published, pulled, run,
	// answered, gathered) with EmptyWorkers processes of
	// EmptyGoroutines goroutines; OverheadMicros its inverse, the
	// coordinator's and broker's time per job.
	EmptyJobs       int     `json:"empty_jobs"`
	EmptyWorkers    int     `json:"empty_workers"`
	EmptyGoroutines int     `json:"empty_goroutines"`
	EmptyJobsPerSec float64 `json:"empty_jobs_per_sec"`
	OverheadMicros  float64 `json:"overhead_us_per_job"`
}

// benchNATS measures distributed throughput against ceiling: an embedded
// broker on loopback, worker processes of this binary, the coordinator in
// this process. d is the time each measurement aims at.
func benchNATS(ctx context.Context, d time.Duration, samples int, ceiling float64, progress func(string)) (*natsBenchReport, error) {
	samples = max(samples, 1)
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	store, err := os.MkdirTemp("", "deckforge-bench-broker-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(store)
	b, err := dfnats.StartBroker(dfnats.BrokerOptions{Listen: "127.0.0.1:0", StoreDir: store})
	if err != nil {
		return nil, err
	}
	defer b.Shutdown()
	nc, err := dfnats.Dial(b.URL(), "deckforge bench")
	if err != nil {
		return nil, err
	}
	c, err := dfnats.NewCoordinator(ctx, nc, dfnats.CoordinatorOptions{})
	if err != nil {
		nc.Close()
		return nil, err
	}
	defer c.Close()
	g, err := genome.Seed("hearts")
	if err != nil {
		return nil, err
	}
	rep := &natsBenchReport{Workers: 2}

	// A job of about d/160 on one goroutine: enough jobs per sample that
	// the two workers end together.
	play := simulateHandler(1)
	jobOf := func(kind string, games int, seed uint64) (*dfnats.Job, error) {
		conf, err := json.Marshal(simulateRun{Agents: []string{"random"}, Games: games})
		if err != nil {
			return nil, err
		}
		j, _, err := dfnats.NewJob(kind, g, conf, seed)
		return j, err
	}
	games := 8
	var one time.Duration
	for {
		j, err := jobOf(kindSimulate, games, 0)
		if err != nil {
			return nil, err
		}
		t := time.Now()
		if _, err := play(ctx, j, g); err != nil {
			return nil, err
		}
		one = time.Since(t)
		if one >= d/160 || games >= 1<<20 {
			break
		}
		games *= 2
	}
	n := max(32, int(d/time.Duration(samples)/one))
	jobs := make([]*dfnats.Job, n)
	for i := range jobs {
		if jobs[i], err = jobOf(kindSimulate, games, uint64(i+1)); err != nil {
			return nil, err
		}
	}
	rep.Jobs, rep.GamesPerJob = n, games

	if progress != nil {
		progress("nats: 2 worker processes of 1 goroutine against one goroutine")
	}
	stop, err := startWorkers(ctx, self, b.URL(), 2, 1)
	if err != nil {
		return nil, err
	}
	// Warm up: both workers connected and pulling.
	warm := make([]*dfnats.Job, 8)
	for i := range warm {
		if warm[i], err = jobOf(kindNoop, 1, uint64(1e6+i)); err != nil {
			stop()
			return nil, err
		}
	}
	if _, err := c.Run(ctx, warm, nil); err != nil {
		stop()
		return nil, err
	}
	// Each sample times the jobs on one goroutine here, then on the
	// workers (idle meanwhile); the figure is the median ratio.
	var ratios []float64
	var local time.Duration
	for range samples {
		t := time.Now()
		for _, j := range jobs {
			if _, err := play(ctx, j, g); err != nil {
				stop()
				return nil, err
			}
		}
		t1 := time.Since(t)
		local += t1
		t = time.Now()
		if _, err := c.Run(ctx, jobs, nil); err != nil {
			stop()
			return nil, err
		}
		ratios = append(ratios, t1.Seconds()/time.Since(t).Seconds())
	}
	stop()
	slices.Sort(ratios)
	rep.Samples = samples
	rep.JobMillis = float64(local.Milliseconds()) / float64(n*samples)
	rep.Speedup = ratios[len(ratios)/2]
	if len(ratios)%2 == 0 {
		rep.Speedup = (ratios[len(ratios)/2-1] + ratios[len(ratios)/2]) / 2
	}
	if ceiling > 0 {
		rep.CeilingRatio = rep.Speedup / ceiling
	}

	// Empty jobs, with enough goroutines that the workers wait on the
	// coordinator and the broker.
	rep.EmptyWorkers, rep.EmptyGoroutines = 2, 16
	if progress != nil {
		progress(fmt.Sprintf("nats: empty jobs, %d workers of %d goroutines", rep.EmptyWorkers, rep.EmptyGoroutines))
	}
	stop, err = startWorkers(ctx, self, b.URL(), rep.EmptyWorkers, rep.EmptyGoroutines)
	if err != nil {
		return nil, err
	}
	defer stop()
	if _, err := c.Run(ctx, warm, nil); err != nil {
		return nil, err
	}
	m := 500
	for {
		empty := make([]*dfnats.Job, m)
		for i := range empty {
			if empty[i], err = jobOf(kindNoop, 1, uint64(2e6+i)); err != nil {
				return nil, err
			}
		}
		t := time.Now()
		if _, err := c.Run(ctx, empty, nil); err != nil {
			return nil, err
		}
		el := time.Since(t)
		rep.EmptyJobs, rep.EmptyJobsPerSec = m, float64(m)/el.Seconds()
		if el >= d/2 || m >= 1<<20 {
			break
		}
		m *= 2
	}
	rep.OverheadMicros = 1e6 / rep.EmptyJobsPerSec
	return rep, nil
}

// startWorkers starts n worker processes of goroutines each; stop kills
// them and waits.
func startWorkers(ctx context.Context, self, url string, n, goroutines int) (stop func(), err error) {
	var cmds []*exec.Cmd
	stop = func() {
		for _, c := range cmds {
			_ = c.Process.Kill()
			_ = c.Wait()
		}
	}
	for i := range n {
		c := exec.CommandContext(ctx, self, "worker", "--nats", url, "--workers", strconv.Itoa(goroutines), "--quiet",
			"--id", fmt.Sprintf("bench-%d", i+1))
		c.Stdout, c.Stderr = io.Discard, os.Stderr
		if err := c.Start(); err != nil {
			stop()
			return nil, err
		}
		cmds = append(cmds, c)
	}
	return stop, nil
}

// benchJSON is bench's JSON: the speed report's fields and, with --nats,
// "nats".
type benchJSON struct {
	*sim.SpeedReport
	NATS *natsBenchReport `json:"nats,omitempty"`
}

// rows adds the table rows of r (none when r is nil).
func (r *natsBenchReport) rows(row func(name, value string)) {
	if r == nil {
		return
	}
	row(fmt.Sprintf("distributed speed-up (%d worker processes of 1 goroutine, %d jobs of %.0f ms)", r.Workers, r.Jobs, r.JobMillis),
		fmt.Sprintf("%9.2f ×  %.2f of the ceiling", r.Speedup, r.CeilingRatio))
	row(fmt.Sprintf("  empty jobs (%d workers of %d goroutines)", r.EmptyWorkers, r.EmptyGoroutines),
		fmt.Sprintf("%9s jobs/s  %.0f µs per job", human(r.EmptyJobsPerSec), r.OverheadMicros))
}
