package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"strconv"
	"time"

	"github.com/deckforge/deckforge/internal/cputime"

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
	// per sample (Hearts, random agents, GamesPerJob games each;
	// JobMillis a job's time on one goroutine here). Speedup is their
	// throughput over one goroutine's in this process, the median of
	// Samples (SpeedupSpread their spread); Ceiling the median of the
	// parallel ceilings measured beside each sample (at the same load),
	// CeilingRatio the median of each sample's speed-up over its ceiling
	// (CeilingRatioSpread their spread). SpeedCeilingRatio is Speedup
	// over the parallel_ceiling of the speed figures, measured earlier in
	// the run.
	Workers            int     `json:"workers"`
	Jobs               int     `json:"jobs"`
	GamesPerJob        int     `json:"games_per_job"`
	JobMillis          float64 `json:"job_ms"`
	Samples            int     `json:"samples"`
	Speedup            float64 `json:"speedup"`
	SpeedupSpread      float64 `json:"speedup_spread"`
	Ceiling            float64 `json:"ceiling"`
	CeilingRatio       float64 `json:"ceiling_ratio"`
	CeilingRatioSpread float64 `json:"ceiling_ratio_spread"`
	SpeedCeilingRatio  float64 `json:"speed_ceiling_ratio"`
	// ExtraCPU is the CPU time the distributed runs took (the worker
	// processes, the coordinator and the broker) over the CPU time of the
	// same jobs on one goroutine, less one: what distribution costs in
	// CPU, which load changes less than it changes times. Absent where
	// CPU times cannot be read (Linux only).
	ExtraCPU *float64 `json:"extra_cpu,omitempty"`
	// EmptyJobsPerSec is the rate of empty jobs (published, pulled, run,
	// answered, gathered) with EmptyWorkers processes of
	// EmptyGoroutines goroutines; OverheadMicros its inverse.
	// CoordinatorCPUMicros is the CPU time of this process (the
	// coordinator and the broker) per empty job: what one job costs the
	// machine that runs them, however many workers there are (absent
	// where CPU times cannot be read).
	EmptyJobs            int      `json:"empty_jobs"`
	EmptyWorkers         int      `json:"empty_workers"`
	EmptyGoroutines      int      `json:"empty_goroutines"`
	EmptyJobsPerSec      float64  `json:"empty_jobs_per_sec"`
	OverheadMicros       float64  `json:"overhead_us_per_job"`
	CoordinatorCPUMicros *float64 `json:"coordinator_cpu_us_per_job,omitempty"`
}

// benchJobOverhead is the cost of a job that bench --nats assumes when it
// sizes its jobs: the CPU time the coordinator and the broker spent per
// job (about 1.4 ms) when one worker ran 20 ms jobs one at a time on the
// 2-core development machine. Jobs that follow each other that way cost
// more than the pipelined empty jobs (coordinator_cpu_us_per_job): every
// message is a wake-up and a system call of its own.
const benchJobOverhead = 1500 * time.Microsecond

// benchJobCount returns how many jobs a sample of the distributed
// speed-up splits local (the sample's time on one goroutine) into: the
// number that loses least to the cost of each job (more jobs, more cost)
// and to the end of the batch, where one worker may wait for the other's
// last job (fewer jobs, longer jobs). With o the cost of a job and L the
// time on one goroutine, n jobs on two workers lose about n·o/2 to the
// jobs' cost and L/(2n) to the end: least at n = √(L/o). Even, so that
// both workers have as many, and at least 16.
func benchJobCount(local time.Duration) int {
	n := int(math.Round(math.Sqrt(float64(local) / float64(benchJobOverhead))))
	n += n % 2
	return max(16, n)
}

// benchNATS measures distributed throughput against ceiling: an embedded
// broker on loopback, worker processes of this binary, the coordinator in
// this process. d is the time each figure aims at: the empty jobs' rate,
// and the speed-up (samples samples, each timing the jobs on one
// goroutine here for d/(2·samples), then on the workers, then the
// parallel ceiling).
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
	jobOf := func(kind string, games int, seed uint64) (*dfnats.Job, error) {
		conf, err := json.Marshal(simulateRun{Agents: []string{"random"}, Games: games})
		if err != nil {
			return nil, err
		}
		j, _, err := dfnats.NewJob(kind, g, conf, seed)
		return j, err
	}
	warm := make([]*dfnats.Job, 8)
	for i := range warm {
		if warm[i], err = jobOf(kindNoop, 1, uint64(1e6+i)); err != nil {
			return nil, err
		}
	}

	if err := benchEmptyJobs(ctx, c, self, b.URL(), d, warm, jobOf, rep, progress); err != nil {
		return nil, err
	}

	// The jobs: a sample's games on one goroutine take local, in n jobs.
	local := d / time.Duration(2*samples)
	n := benchJobCount(local)
	play := simulateHandler(1)
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
		if one >= 20*time.Millisecond || games >= 1<<20 {
			break
		}
		games *= 2
	}
	games = max(1, int(float64(games)*float64(local)/float64(n)/float64(one)))
	jobs := make([]*dfnats.Job, n)
	for i := range jobs {
		if jobs[i], err = jobOf(kindSimulate, games, uint64(i+1)); err != nil {
			return nil, err
		}
	}
	rep.Jobs, rep.GamesPerJob = n, games

	if progress != nil {
		progress("nats: 2 worker processes of 1 goroutine against one goroutine and the ceiling")
	}
	stop, workersCPU, err := startWorkers(ctx, self, b.URL(), 2, 1)
	if err != nil {
		return nil, err
	}
	defer stop()
	if _, err := c.Run(ctx, warm, nil); err != nil {
		return nil, err
	}
	// Each sample times the jobs on one goroutine here, then on the
	// workers (idle meanwhile), then the ceiling.
	var speedups, ceilings, ratios []float64
	var localTime time.Duration
	var cpuLocal, cpuDist time.Duration
	cpuOK := true
	for range samples {
		c0, ok0 := cputime.Self()
		t := time.Now()
		for _, j := range jobs {
			if _, err := play(ctx, j, g); err != nil {
				return nil, err
			}
		}
		t1 := time.Since(t)
		c1, ok1 := cputime.Self()
		w1, ok2 := workersCPU()
		t = time.Now()
		if _, err := c.Run(ctx, jobs, nil); err != nil {
			return nil, err
		}
		t2 := time.Since(t)
		c2, ok3 := cputime.Self()
		w2, ok4 := workersCPU()
		cpuOK = cpuOK && ok0 && ok1 && ok2 && ok3 && ok4
		cpuLocal += c1 - c0
		cpuDist += c2 - c1 + w2 - w1
		localTime += t1
		ceil := sim.Ceiling(local/2, 2)
		speedups = append(speedups, t1.Seconds()/t2.Seconds())
		ceilings = append(ceilings, ceil)
		ratios = append(ratios, t1.Seconds()/t2.Seconds()/ceil)
	}
	rep.Samples = samples
	rep.JobMillis = float64(localTime.Microseconds()) / 1000 / float64(n*samples)
	rep.Speedup, rep.SpeedupSpread = sim.MedianSpread(speedups)
	rep.Ceiling, _ = sim.MedianSpread(ceilings)
	rep.CeilingRatio, rep.CeilingRatioSpread = sim.MedianSpread(ratios)
	if ceiling > 0 {
		rep.SpeedCeilingRatio = rep.Speedup / ceiling
	}
	if cpuOK && cpuLocal > 0 {
		x := cpuDist.Seconds()/cpuLocal.Seconds() - 1
		rep.ExtraCPU = &x
	}
	return rep, nil
}

// benchEmptyJobs measures the rate of empty jobs, with enough worker
// goroutines that the workers wait on the coordinator and the broker,
// and the CPU time this process (coordinator and broker) spends on each.
func benchEmptyJobs(ctx context.Context, c *dfnats.Coordinator, self, url string, d time.Duration, warm []*dfnats.Job,
	jobOf func(string, int, uint64) (*dfnats.Job, error), rep *natsBenchReport, progress func(string)) error {
	rep.EmptyWorkers, rep.EmptyGoroutines = 2, 16
	if progress != nil {
		progress(fmt.Sprintf("nats: empty jobs, %d workers of %d goroutines", rep.EmptyWorkers, rep.EmptyGoroutines))
	}
	stop, _, err := startWorkers(ctx, self, url, rep.EmptyWorkers, rep.EmptyGoroutines)
	if err != nil {
		return err
	}
	defer stop()
	if _, err := c.Run(ctx, warm, nil); err != nil {
		return err
	}
	m := 500
	for {
		empty := make([]*dfnats.Job, m)
		for i := range empty {
			if empty[i], err = jobOf(kindNoop, 1, uint64(2e6+i)); err != nil {
				return err
			}
		}
		c0, ok0 := cputime.Self()
		t := time.Now()
		if _, err := c.Run(ctx, empty, nil); err != nil {
			return err
		}
		el := time.Since(t)
		c1, ok1 := cputime.Self()
		rep.EmptyJobs, rep.EmptyJobsPerSec = m, float64(m)/el.Seconds()
		if ok0 && ok1 {
			x := float64((c1 - c0).Microseconds()) / float64(m)
			rep.CoordinatorCPUMicros = &x
		}
		if el >= d/2 || m >= 1<<20 {
			break
		}
		m *= 2
	}
	rep.OverheadMicros = 1e6 / rep.EmptyJobsPerSec
	return nil
}

// startWorkers starts n worker processes of goroutines each; stop kills
// them and waits, cpu returns the CPU time they have used so far (false
// where it cannot be read).
func startWorkers(ctx context.Context, self, url string, n, goroutines int) (stop func(), cpu func() (time.Duration, bool), err error) {
	var cmds []*exec.Cmd
	stop = func() {
		for _, c := range cmds {
			_ = c.Process.Kill()
			_ = c.Wait()
		}
		cmds = nil
	}
	cpu = func() (time.Duration, bool) {
		var sum time.Duration
		for _, c := range cmds {
			t, ok := cputime.Of(c.Process.Pid)
			if !ok {
				return 0, false
			}
			sum += t
		}
		return sum, len(cmds) > 0
	}
	for i := range n {
		c := exec.CommandContext(ctx, self, "worker", "--nats", url, "--workers", strconv.Itoa(goroutines), "--quiet",
			"--id", fmt.Sprintf("bench-%d", i+1))
		c.Stdout, c.Stderr = io.Discard, os.Stderr
		if err := c.Start(); err != nil {
			stop()
			return nil, nil, err
		}
		cmds = append(cmds, c)
	}
	return stop, cpu, nil
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
		fmt.Sprintf("%9.2f ×       %s", r.Speedup, pm(r.SpeedupSpread)))
	row("  the machine's ceiling beside it (arithmetic loop)", fmt.Sprintf("%9.2f ×", r.Ceiling))
	row("  speed-up over that ceiling", fmt.Sprintf("%9.2f         %s", r.CeilingRatio, pm(r.CeilingRatioSpread)))
	if r.ExtraCPU != nil {
		row("  CPU time of the distributed runs over one goroutine's", fmt.Sprintf("%+8.1f%%", 100**r.ExtraCPU))
	}
	row(fmt.Sprintf("  empty jobs (%d workers of %d goroutines)", r.EmptyWorkers, r.EmptyGoroutines),
		fmt.Sprintf("%9s jobs/s  %.0f µs per job", human(r.EmptyJobsPerSec), r.OverheadMicros))
	if r.CoordinatorCPUMicros != nil {
		row("  CPU of the coordinator and the broker per job", fmt.Sprintf("%9.0f µs", *r.CoordinatorCPUMicros))
	}
}
