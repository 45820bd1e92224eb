package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"text/tabwriter"
	"time"

	"github.com/deckforge/deckforge/sim"
)

const benchUsage = `Usage: deckforge bench [--json] [--seconds S] [--samples N] [--workers W]

bench measures the headline speeds on this machine: 7-card hand evaluations
per second, hold'em hands per second (heads-up and 6-max, played through the
genome interpreter by random agents), ISMCTS iterations per second (2-player
Crazy Eights), games and moves per second of every seed game, and the
speed-up of a simulation run from one worker to W (default: every CPU).
Each figure is the median of N samples that share about S seconds; the
spread (±) is half the samples' range over the median. The parallel ceiling
is the speed-up of an arithmetic loop at the same time: what the machine
allows while other processes use it. bench warns when that ceiling shows a
busy machine; run it again when the machine is idle, or compare two runs
with the spreads in mind.

It prints a table, or with --json one object with the fields
eval7_random_per_sec, holdem_hu_hands_per_sec, holdem_6max_hands_per_sec,
ismcts_iterations_per_sec, games_per_sec and moves_per_sec (objects keyed
by seed game), parallel_speedup and parallel_ceiling (the medians), the
same names ending in _spread (the spreads), workers, cpus, seconds, samples
and busy (true when the warning was printed).

Flags:
`

func runBench(args []string, sio stdio) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(sio.err)
	fs.Usage = func() {
		fmt.Fprint(sio.err, benchUsage)
		printFlags(fs)
	}
	asJSON := fs.Bool("json", false, "print one JSON object")
	seconds := fs.Float64("seconds", 1, "total duration of each figure's samples, in seconds (0 < S ≤ 3600)")
	samples := fs.Int("samples", 5, "samples per figure (1 ≤ N ≤ 100)")
	workers := fs.Int("workers", 0, "workers of the parallel run (0: one per CPU)")
	quiet := fs.Bool("quiet", false, "no progress report")
	withNATS := fs.Bool("nats", false, "also measure distributed runs: 2 worker processes of 1 goroutine over an embedded broker against the parallel ceiling (workers default to 2), and the cost of an empty job")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	switch {
	case fs.NArg() != 0:
		fmt.Fprintf(sio.err, "deckforge bench: unexpected argument %q\n", fs.Arg(0))
		return 2
	case !(*seconds > 0 && *seconds <= 3600) || math.IsNaN(*seconds):
		fmt.Fprintf(sio.err, "deckforge bench: --seconds: %v out of range (0, 3600]\n", *seconds)
		return 2
	case *samples < 1 || *samples > 100:
		fmt.Fprintf(sio.err, "deckforge bench: --samples: %d out of range [1, 100]\n", *samples)
		return 2
	case *workers < 0:
		fmt.Fprintf(sio.err, "deckforge bench: --workers: %d is negative\n", *workers)
		return 2
	}
	if *withNATS && *workers == 0 {
		*workers = 2 // the ceiling the two worker processes are held to
	}
	opt := sim.SpeedOptions{Duration: time.Duration(*seconds * float64(time.Second)), Samples: *samples, Workers: *workers}
	if !*quiet {
		opt.Progress = func(name string) { fmt.Fprintf(sio.err, "bench: %s\n", name) }
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rep, err := sim.Speed(ctx, opt)
	if err != nil {
		fmt.Fprintf(sio.err, "deckforge bench: %v\n", err)
		return 1
	}
	var nrep *natsBenchReport
	if *withNATS {
		if nrep, err = benchNATS(ctx, opt.Duration, opt.Samples, rep.ParallelCeiling, opt.Progress); err != nil {
			fmt.Fprintf(sio.err, "deckforge bench: --nats: %v\n", err)
			return 1
		}
	}
	defer func() {
		if why := rep.BusyReason(); why != "" {
			fmt.Fprintf(sio.err, "deckforge bench: warning: %s\n", why)
		}
	}()
	if *asJSON {
		data, err := json.MarshalIndent(benchJSON{rep, nrep}, "", "  ")
		if err != nil {
			fmt.Fprintf(sio.err, "deckforge bench: %v\n", err)
			return 1
		}
		fmt.Fprintf(sio.out, "%s\n", data)
		return 0
	}
	tw := tabwriter.NewWriter(sio.out, 2, 4, 2, ' ', 0)
	row := func(name, value string) { fmt.Fprintf(tw, "%s\t%s\n", name, value) }
	fmt.Fprintf(tw, "median of %d samples in %gs per figure\t\n", rep.Samples, rep.Seconds)
	row("7-card evaluations, random hands", fmt.Sprintf("%9s evals/s %s", human(rep.Eval7RandomPerSec), pm(rep.Eval7RandomPerSecSpread)))
	row("hold'em heads-up hands (interpreter, random)", fmt.Sprintf("%9s hands/s %s", human(rep.HoldemHUHandsPerSec), pm(rep.HoldemHUHandsPerSecSpread)))
	row("hold'em 6-max hands (interpreter, random)", fmt.Sprintf("%9s hands/s %s", human(rep.Holdem6MaxHandsPerSec), pm(rep.Holdem6MaxHandsPerSecSpread)))
	row("ISMCTS iterations (Crazy Eights, 2 players)", fmt.Sprintf("%9s iterations/s %s", human(rep.ISMCTSIterationsPerSec), pm(rep.ISMCTSIterationsPerSecSpread)))
	ids := make([]string, 0, len(rep.GamesPerSec))
	for id := range rep.GamesPerSec {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		row("  "+id, fmt.Sprintf("%9s games/s %s %9s moves/s %s", human(rep.GamesPerSec[id]), pm(rep.GamesPerSecSpread[id]), human(rep.MovesPerSec[id]), pm(rep.MovesPerSecSpread[id])))
	}
	row(fmt.Sprintf("parallel speed-up (1 → %d workers, %d CPUs)", rep.Workers, rep.CPUs), fmt.Sprintf("%9.2f ×       %s", rep.ParallelSpeedup, pm(rep.ParallelSpeedupSpread)))
	row("  the machine's ceiling now (arithmetic loop)", fmt.Sprintf("%9.2f ×       %s", rep.ParallelCeiling, pm(rep.ParallelCeilingSpread)))
	nrep.rows(row)
	if err := tw.Flush(); err != nil {
		fmt.Fprintf(sio.err, "deckforge bench: %v\n", err)
		return 1
	}
	return 0
}

// pm formats a spread as "±N%".
func pm(spread float64) string {
	return fmt.Sprintf("±%3.0f%%", 100*spread)
}

// human formats a rate with three significant digits and a k/M/G suffix.
func human(v float64) string {
	switch {
	case v >= 1e9:
		return strconv.FormatFloat(v/1e9, 'f', 2, 64) + "G"
	case v >= 1e6:
		return strconv.FormatFloat(v/1e6, 'f', 2, 64) + "M"
	case v >= 1e3:
		return strconv.FormatFloat(v/1e3, 'f', 1, 64) + "k"
	}
	return strconv.FormatFloat(v, 'f', 1, 64)
}
