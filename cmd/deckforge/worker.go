package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"syscall"
	"time"

	"github.com/deckforge/deckforge/evolve"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/internal/limits"
	"github.com/deckforge/deckforge/internal/safefile"
	dfnats "github.com/deckforge/deckforge/sim/nats"
)

const workerUsage = `Usage: deckforge worker --nats URL [--workers W] [--id ID]

worker pulls evaluation jobs (a genome, its evaluation configuration, a
seed) from the NATS JetStream server at URL ('deckforge broker' runs one),
runs W of them at once and publishes their results, until interrupted.
Start any number of workers on any number of machines; 'deckforge evolve
EXP --nats URL' and 'deckforge simulate GENOME --nats URL' give them work.
A job's result depends on the job alone, so which worker runs it does not
matter; a worker killed mid-job loses nothing (its jobs go to another
worker after the ack wait). Every 10 seconds the worker prints the jobs it
has done and its rate.

Flags:
`

// Job kinds the worker runs.
const (
	kindEvolve   = "evolve"
	kindSimulate = "simulate"
)

func runWorker(args []string, sio stdio) int {
	fs := flag.NewFlagSet("worker", flag.ContinueOnError)
	fs.SetOutput(sio.err)
	fs.Usage = func() {
		fmt.Fprint(sio.err, workerUsage)
		printFlags(fs)
	}
	url := fs.String("nats", "", "URL of the NATS server, e.g. nats://broker:4222 (required)")
	workers := fs.Int("workers", 0, "jobs run at once, on as many CPUs (0: one per CPU)")
	id := fs.String("id", "", "this worker's name in workers.json (default host-pid)")
	quiet := fs.Bool("quiet", false, "no progress report")
	verbose := fs.Bool("verbose", false, "print the start and the end of every job")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	switch {
	case fs.NArg() != 0:
		fmt.Fprintf(sio.err, "deckforge worker: unexpected argument %q\n", fs.Arg(0))
		return 2
	case *url == "":
		fmt.Fprintln(sio.err, "deckforge worker: --nats: give the URL of the NATS server (deckforge broker prints it)")
		return 2
	case *workers < 0:
		fmt.Fprintf(sio.err, "deckforge worker: --workers: %d is negative\n", *workers)
		return 2
	}
	w := *workers
	if w == 0 {
		w = runtime.GOMAXPROCS(0)
	} else if w < runtime.GOMAXPROCS(0) {
		// W jobs at once use W CPUs: the runtime's own work (the
		// collector, idle threads looking for work) stays on them too,
		// off the CPUs that other workers on the machine use.
		runtime.GOMAXPROCS(w)
	}
	name := *id
	if name == "" {
		name = dfnats.DefaultID()
	}
	nc, err := dfnats.Dial(*url, "deckforge worker "+name)
	if err != nil {
		fmt.Fprintf(sio.err, "deckforge worker: %v\n", err)
		return 1
	}
	defer nc.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var mu sync.Mutex
	logf := func(format string, a ...any) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(sio.err, "deckforge worker %s: "+format+"\n", append([]any{name}, a...)...)
	}
	opt := dfnats.WorkerOptions{ID: name, Workers: w, Handlers: workerHandlers(w), Logf: logf, Verbose: *verbose, Limits: sio.lim}
	if !*quiet {
		opt.Progress = func(p dfnats.WorkerProgress) {
			logf("%d jobs done in %s, %.1f jobs/s", p.Done, p.Elapsed.Round(time.Second), p.Rate)
		}
	}
	if !*quiet {
		logf("pulling jobs from %s with %d at once", *url, w)
	}
	if err := dfnats.Work(ctx, nc, opt); err != nil {
		fmt.Fprintf(sio.err, "deckforge worker: %v\n", err)
		return 1
	}
	return 0
}

// workerHandlers are the job kinds a worker runs; simulate jobs play
// their games on workers goroutines.
func workerHandlers(workers int) map[string]dfnats.Handler {
	return map[string]dfnats.Handler{
		kindEvolve:   evolveHandler,
		kindSimulate: simulateHandler(workers),
		kindNoop:     noopHandler,
	}
}

// evolveJob is the configuration of an evolve job: the run's
// configuration and every field of the evolve.Task but its genome (the
// job's). A field added to evolve.Task must be added here too
// (TestEvolveJobCarriesTask fails until it is) and Protocol raised.
type evolveJob struct {
	Stage    evolve.Stage    `json:"stage"`
	SeedGame bool            `json:"seed_game,omitempty"`
	Config   json.RawMessage `json:"config"`
}

// evolveHandler runs one evolve.Task.
func evolveHandler(ctx context.Context, j *dfnats.Job, g *genome.Genome) ([]byte, error) {
	var ej evolveJob
	if err := strictJSON(j.Config, &ej); err != nil {
		return nil, fmt.Errorf("evolve job: %w", err)
	}
	var cfg evolve.Config
	if err := json.Unmarshal(ej.Config, &cfg); err != nil {
		return nil, fmt.Errorf("evolve job: config: %w", err)
	}
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("evolve job: config: %w", err)
	}
	if cfg.Seed != j.Seed {
		return nil, fmt.Errorf("evolve job: seed %d, but the config's is %d", j.Seed, cfg.Seed)
	}
	h, err := genome.ContentHash(g)
	if err != nil {
		return nil, err
	}
	o, err := evolve.RunTask(ctx, &cfg, evolve.Task{Stage: ej.Stage, Genome: g, Hash: h, Seed: ej.SeedGame}, 1)
	if err != nil {
		return nil, err
	}
	return json.Marshal(&o)
}

// strictJSON decodes data into v, refusing unknown fields.
func strictJSON(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// natsEvaluator is the evolve.Evaluator of 'deckforge evolve --nats': it
// sends a generation's tasks to the workers as evolve jobs.
type natsEvaluator struct {
	c        *dfnats.Coordinator
	show     func(dfnats.Progress) // coordinator progress, or nil
	dir      string                // run directory: workers.json
	previous map[string]int        // workers.json of the run before a resume
}

// Evaluate publishes the tasks and waits for their outcomes.
func (e *natsEvaluator) Evaluate(ctx context.Context, cfg *evolve.Config, tasks []evolve.Task, progress func(done, total int)) ([]evolve.Outcome, error) {
	cj, err := json.Marshal(cfg)
	if err != nil {
		return nil, err
	}
	jobs := make([]*dfnats.Job, len(tasks))
	for i, t := range tasks {
		conf, err := json.Marshal(evolveJob{Stage: t.Stage, SeedGame: t.Seed, Config: cj})
		if err != nil {
			return nil, err
		}
		j, k, err := dfnats.NewJob(kindEvolve, t.Genome, conf, cfg.Seed)
		if err != nil {
			return nil, fmt.Errorf("evolve: job of %s: %w", t.Genome.ID, err)
		}
		if k.Genome != t.Hash {
			return nil, fmt.Errorf("evolve: job of %s: content hash %s, task says %s", t.Genome.ID, k.Genome, t.Hash)
		}
		jobs[i] = j
	}
	outs, err := e.c.Run(ctx, jobs, func(p dfnats.Progress) {
		if progress != nil {
			progress(p.Done, p.Total)
		}
		if e.show != nil {
			e.show(p)
		}
	})
	if werr := e.writeWorkers(); werr != nil && err == nil {
		err = werr
	}
	if err != nil {
		return nil, fmt.Errorf("evolve: %w", err)
	}
	res := make([]evolve.Outcome, len(outs))
	for i, o := range outs {
		if err := strictJSON(o, &res[i]); err != nil {
			return nil, fmt.Errorf("evolve: result of %s: %w", tasks[i].Genome.ID, err)
		}
	}
	return res, nil
}

// workersFile is the name of the run directory's list of workers.
const workersFile = "workers.json"

// readWorkers reads dir/workers.json (nothing when absent) within lim:
// a regular file within config-bytes, nested within depth.
func readWorkers(dir string, lim limits.Limits) (map[string]int, error) {
	name := filepath.Join(dir, workersFile)
	data, err := safefile.ReadKind(name, lim, limits.ConfigBytes)
	if errors.Is(err, os.ErrNotExist) {
		return map[string]int{}, nil
	}
	if err != nil {
		return nil, err
	}
	if err := limits.CheckDepth(data, limits.JSON, lim.Or().Depth); err != nil {
		return nil, limits.InFile(err, name)
	}
	var ws []dfnats.WorkerJobs
	if err := json.Unmarshal(data, &ws); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	out := map[string]int{}
	for _, w := range ws {
		out[w.ID] += w.Jobs
	}
	return out, nil
}

// writeWorkers writes workers.json: every worker that completed jobs for
// the run (before a resume too), with their count.
func (e *natsEvaluator) writeWorkers() error {
	n := map[string]int{}
	for id, k := range e.previous {
		n[id] += k
	}
	for _, w := range e.c.Workers() {
		n[w.ID] += w.Jobs
	}
	ws := make([]dfnats.WorkerJobs, 0, len(n))
	for id, k := range n {
		if k > 0 {
			ws = append(ws, dfnats.WorkerJobs{ID: id, Jobs: k})
		}
	}
	slices.SortFunc(ws, func(a, b dfnats.WorkerJobs) int { return cmp.Compare(a.ID, b.ID) })
	data, err := json.MarshalIndent(ws, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(e.dir, workersFile), append(data, '\n'), 0o644)
}

// natsFlags are the flags of a coordinating command (evolve, simulate).
type natsFlags struct {
	url     string
	ackWait time.Duration
}

func (f *natsFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.url, "nats", "", "run the evaluations on 'deckforge worker' processes through the NATS JetStream server at this URL")
	fs.DurationVar(&f.ackWait, "ack-wait", dfnats.DefaultAckWait, "with --nats: how long a job may go without news from its worker before another worker gets it")
}

// coordinator connects to f.url; the progress function it returns prints
// the coordinator's progress to w every few seconds (nil when quiet).
func (f *natsFlags) coordinator(ctx context.Context, w io.Writer, cmd string, quiet bool) (*dfnats.Coordinator, func(dfnats.Progress), error) {
	if f.ackWait < time.Second {
		return nil, nil, fmt.Errorf("--ack-wait: %v is less than a second", f.ackWait)
	}
	nc, err := dfnats.Dial(f.url, "deckforge "+cmd)
	if err != nil {
		return nil, nil, err
	}
	prefix := ""
	if isTerminal(w) {
		prefix = "\r\033[K" // over the progress bar, which redraws below
	}
	var mu sync.Mutex
	logf := func(format string, a ...any) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(w, prefix+"deckforge %s: "+format+"\n", append([]any{cmd}, a...)...)
	}
	c, err := dfnats.NewCoordinator(ctx, nc, dfnats.CoordinatorOptions{AckWait: f.ackWait, Logf: logf})
	if err != nil {
		nc.Close()
		return nil, nil, err
	}
	if quiet {
		return c, nil, nil
	}
	// A line every 5 seconds of a batch, and one at its end when it took
	// a second or more.
	var last time.Duration
	show := func(p dfnats.Progress) {
		if p.Elapsed < last {
			last = 0 // a new batch
		}
		if p.Elapsed < time.Second || (p.Done != p.Total && p.Elapsed-last < 5*time.Second) {
			return
		}
		last = p.Elapsed
		logf("%d/%d jobs done, %d in flight, %d workers seen", p.Done, p.Total, p.InFlight, p.Workers)
	}
	return c, show, nil
}
