package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/deckforge/deckforge/evolve"
	"github.com/deckforge/deckforge/experiments"
)

const evolveUsage = `Usage: deckforge evolve EXPERIMENT [flags]
       deckforge evolve --resume DIR [flags]

evolve runs an evolution experiment: EXPERIMENT is a TOML file, or the name
of a shipped experiment (%s). It writes the run
directory (default runs/<name>-<time>): the configuration, generations.csv,
fitness and diversity plots (SVG and PNG), the best genomes (JSON,
FlatBuffers, rulebook), replays of their games, the re-measurement of the
best genomes with 10x the games and stronger agents, and report.md linking
them. A checkpoint is written after every generation; --resume DIR continues
a stopped run and gives what the uninterrupted run would have.

The results depend on the experiment and --seed only, not on --workers.
With --nats URL the genomes are measured by 'deckforge worker' processes on
any number of machines through the NATS JetStream server at URL (see
deckforge broker), with the same results; the run directory then also holds
workers.json, the jobs each worker completed.
A progress bar goes to standard error on a terminal, plain lines otherwise.

Flags:
`

// evolveOptions are the flags of deckforge evolve.
type evolveOptions struct {
	out, resume string
	workers     int
	seed        uint64
	seedSet     bool
	quiet       bool
	nats        natsFlags
}

func runEvolve(args []string, sio stdio) int {
	var o evolveOptions
	fs := flag.NewFlagSet("evolve", flag.ContinueOnError)
	fs.SetOutput(sio.err)
	fs.Usage = func() {
		fmt.Fprintf(sio.err, evolveUsage, strings.Join(experiments.Names(), ", "))
		printFlags(fs)
	}
	fs.StringVar(&o.out, "out", "", "run directory (default runs/<name>-<time>)")
	fs.StringVar(&o.resume, "resume", "", "continue the run in this directory from its last checkpoint")
	fs.IntVar(&o.workers, "workers", 0, "genomes played at once (0: one per CPU)")
	fs.Func("seed", "run seed (default: the experiment's)", func(s string) error {
		_, err := fmt.Sscan(s, &o.seed)
		o.seedSet = err == nil
		return err
	})
	fs.BoolVar(&o.quiet, "quiet", false, "no progress report")
	o.nats.register(fs)

	var pos []string
	rest := args
	for {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return 0
			}
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(sio.err, "deckforge evolve: "+format+"\n", a...)
		return 2
	}
	switch {
	case o.workers < 0:
		return usageErr("--workers: %d is negative", o.workers)
	case o.resume != "" && len(pos) > 0:
		return usageErr("--resume continues a run with its saved experiment: give no EXPERIMENT")
	case o.resume != "" && (o.out != "" || o.seedSet):
		return usageErr("--resume keeps the run's directory and seed: --out and --seed do not apply")
	case o.resume == "" && len(pos) != 1:
		return usageErr("want exactly one EXPERIMENT (a TOML file or one of %s), got %d arguments", strings.Join(experiments.Names(), ", "), len(pos))
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	opt := evolve.Options{Workers: o.workers, Limits: sio.lim}
	var gens int
	var res *evolve.Result
	var err error
	dir := o.resume
	var remote *natsEvaluator
	if o.nats.url != "" {
		c, show, nerr := o.nats.coordinator(ctx, sio.err, "evolve", o.quiet)
		if nerr != nil {
			fmt.Fprintf(sio.err, "deckforge evolve: --nats: %v\n", nerr)
			return 1
		}
		defer c.Close()
		remote = &natsEvaluator{c: c, show: show, dir: dir, previous: map[string]int{}}
		opt.Evaluator = remote
		if o.resume != "" {
			if remote.previous, err = readWorkers(dir, sio.lim); err != nil {
				fmt.Fprintf(sio.err, "deckforge evolve: --resume: %v\n", err)
				return 1
			}
		}
	}
	if o.resume != "" {
		cfg, cerr := evolve.ReadConfigWith(filepath.Join(dir, "config.json"), sio.lim)
		if cerr != nil {
			fmt.Fprintf(sio.err, "deckforge evolve: --resume: %v\n", cerr)
			return 1
		}
		gens = cfg.Generations
		if !o.quiet {
			opt.Progress = newEvolveProgress(sio.err, gens)
		}
		fmt.Fprintf(sio.err, "deckforge evolve: resuming %s\n", dir)
		res, err = evolve.Resume(ctx, dir, opt)
	} else {
		cfg, text, lerr := experiments.OpenWith(pos[0], sio.lim)
		if lerr != nil {
			fmt.Fprintf(sio.err, "deckforge evolve: %v\n", lerr)
			return 1
		}
		if o.seedSet {
			cfg.Seed = o.seed
		}
		if dir == "" {
			dir = o.out
		}
		if dir == "" {
			dir = filepath.Join("runs", cfg.Name+"-"+time.Now().Format("20060102-150405"))
		}
		// A directory that a run stopped before it began may be reused.
		if !evolve.Unstarted(dir) {
			return usageErr("--out: %s is not empty (use --resume to continue a run)", dir)
		}
		// Run writes experiment.toml once it has claimed the directory.
		opt.Experiment = text
		gens = cfg.Generations
		if !o.quiet {
			opt.Progress = newEvolveProgress(sio.err, gens)
		}
		if remote != nil {
			remote.dir = dir
		}
		fmt.Fprintf(sio.err, "deckforge evolve: %s, seed %d, into %s\n", cfg.Name, cfg.Seed, dir)
		res, err = evolve.Run(ctx, cfg, dir, opt)
	}
	if err != nil {
		if errors.Is(err, context.Canceled) {
			fmt.Fprintf(sio.err, "\ndeckforge evolve: interrupted; continue with: deckforge evolve --resume %s\n", dir)
			return 130
		}
		fmt.Fprintf(sio.err, "deckforge evolve: %v\n", err)
		return 1
	}
	printEvolveSummary(sio.out, res)
	return 0
}

// printEvolveSummary prints where the results are.
func printEvolveSummary(w io.Writer, res *evolve.Result) {
	fmt.Fprintf(w, "run directory: %s\n", res.Dir)
	if n := len(res.History); n > 0 {
		last := res.History[n-1]
		fmt.Fprintf(w, "generation %d: best fitness %.4f, mean %.4f, playable %.0f%%, diversity %.3f, archive coverage %.3f\n",
			last.Generation, last.Best, last.Mean, 100*last.Playable, last.Diversity, last.Coverage)
	}
	for _, x := range res.Remeasured {
		kind := "evolved"
		if x.Seed {
			kind = "seed"
		}
		fmt.Fprintf(w, "  %-7s %-24s evolved %.4f  re-measured %.4f\n", kind, x.ID, x.Evolved.Fitness, x.Again.Fitness)
	}
	fmt.Fprintf(w, "report:  %s\n", filepath.Join(res.Dir, "report.md"))
	fmt.Fprintf(w, "best:    %s\n", filepath.Join(res.Dir, "best"))
	fmt.Fprintf(w, "plots:   %s, %s\n", filepath.Join(res.Dir, "fitness.png"), filepath.Join(res.Dir, "diversity.png"))
	fmt.Fprintf(w, "replays: %s serve %s\n", selfCommand(), filepath.Join(res.Dir, "replays"))
}

// newEvolveProgress returns a progress callback writing to w: a bar
// redrawn in place on a terminal, one line per generation otherwise.
func newEvolveProgress(w io.Writer, gens int) func(evolve.Progress) {
	term := evolveIsTerminal(w)
	return func(p evolve.Progress) {
		if p.Row != nil {
			r := p.Row
			line := fmt.Sprintf("generation %d/%d: best %.4f mean %.4f playable %.0f%% diversity %.3f coverage %.3f",
				r.Generation, gens, r.Best, r.Mean, 100*r.Playable, r.Diversity, r.Coverage)
			if term {
				fmt.Fprintf(w, "\r\033[K%s\n", line)
			} else {
				fmt.Fprintf(w, "evolve: %s\n", line)
			}
			return
		}
		if !term {
			if p.Stage == evolve.StageRemeasure && p.Done == 0 {
				fmt.Fprintf(w, "evolve: re-measuring %d genomes with 10x the games and stronger agents\n", p.Total)
			}
			return
		}
		const width = 24
		k := 0
		if p.Total > 0 {
			k = p.Done * width / p.Total
		}
		fmt.Fprintf(w, "\r\033[Kgeneration %d/%d %-9s [%s%s] %d/%d", p.Generation, gens, p.Stage,
			strings.Repeat("#", k), strings.Repeat(".", width-k), p.Done, p.Total)
	}
}

// evolveIsTerminal reports whether w is a terminal.
func evolveIsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
