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

const benchUsage = `Usage: deckforge bench [--json] [--seconds S] [--workers W]

bench measures the headline speeds on this machine, each for about S
seconds: 7-card hand evaluations per second, hold'em hands per second
(heads-up and 6-max, played through the genome interpreter by random agents),
ISMCTS iterations per second (2-player Crazy Eights), games and moves per
second of every seed game, and the speed-up of a simulation run from one
worker to W (default: every CPU). It prints a table, or with --json one
object with the fields eval7_random_per_sec, holdem_hu_hands_per_sec,
holdem_6max_hands_per_sec, ismcts_iterations_per_sec, games_per_sec and
moves_per_sec (objects keyed by seed game) and parallel_speedup, with
parallel_ceiling, the speed-up of an arithmetic loop at the same time: what
the machine allows while other processes use it.

Flags:
`

func runBench(args []string, sio stdio) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(sio.err)
	fs.Usage = func() {
		fmt.Fprint(sio.err, benchUsage)
		fs.PrintDefaults()
	}
	asJSON := fs.Bool("json", false, "print one JSON object")
	seconds := fs.Float64("seconds", 1, "duration of each measurement, in seconds (0 < S ≤ 3600)")
	workers := fs.Int("workers", 0, "workers of the parallel run (0: one per CPU)")
	quiet := fs.Bool("quiet", false, "no progress report")
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
	case *workers < 0:
		fmt.Fprintf(sio.err, "deckforge bench: --workers: %d is negative\n", *workers)
		return 2
	}
	opt := sim.SpeedOptions{Duration: time.Duration(*seconds * float64(time.Second)), Workers: *workers}
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
	if *asJSON {
		data, err := json.MarshalIndent(rep, "", "  ")
		if err != nil {
			fmt.Fprintf(sio.err, "deckforge bench: %v\n", err)
			return 1
		}
		fmt.Fprintf(sio.out, "%s\n", data)
		return 0
	}
	tw := tabwriter.NewWriter(sio.out, 2, 4, 2, ' ', 0)
	row := func(name, value string) { fmt.Fprintf(tw, "%s\t%s\n", name, value) }
	row("7-card evaluations, random hands", fmt.Sprintf("%9s evals/s", human(rep.Eval7RandomPerSec)))
	row("hold'em heads-up hands (interpreter, random)", fmt.Sprintf("%9s hands/s", human(rep.HoldemHUHandsPerSec)))
	row("hold'em 6-max hands (interpreter, random)", fmt.Sprintf("%9s hands/s", human(rep.Holdem6MaxHandsPerSec)))
	row("ISMCTS iterations (Crazy Eights, 2 players)", fmt.Sprintf("%9s iterations/s", human(rep.ISMCTSIterationsPerSec)))
	ids := make([]string, 0, len(rep.GamesPerSec))
	for id := range rep.GamesPerSec {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		row("  "+id, fmt.Sprintf("%9s games/s  %9s moves/s", human(rep.GamesPerSec[id]), human(rep.MovesPerSec[id])))
	}
	row(fmt.Sprintf("parallel speed-up (1 → %d workers, %d CPUs)", rep.Workers, rep.CPUs), fmt.Sprintf("%9.2f ×", rep.ParallelSpeedup))
	row("  the machine's ceiling now (arithmetic loop)", fmt.Sprintf("%9.2f ×", rep.ParallelCeiling))
	if err := tw.Flush(); err != nil {
		fmt.Fprintf(sio.err, "deckforge bench: %v\n", err)
		return 1
	}
	return 0
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
