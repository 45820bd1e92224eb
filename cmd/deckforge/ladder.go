package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"text/tabwriter"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/sim"
	"github.com/deckforge/deckforge/sim/agent"
)

const ladderUsage = `Usage: deckforge ladder GENOME [flags]

ladder measures the skill ladder of GENOME (a genome file, JSON or
FlatBuffers, or the id of a seed game): rungs of increasing strength —
random < greedy < ismcts:B < ismcts:4B — and, for each adjacent pair, the
upper rung's share of --games games won against the lower rung, with its 95%
Wilson interval and, in betting games, the upper agent's chips per hand. With
n players a pair is one agent of the upper rung against n-1 of the rung
below, seated in every seat in turn; "beats" means the interval lies above
1/n. In poker-shaped games the house agent is measured against greedy beside
the ladder. --pair UPPER,LOWER plays that one pair instead (any agents
simulate accepts, such as ismcts:1000,greedy). Results depend on --seed, not
on --workers. A progress bar goes to standard error on a terminal, plain
lines otherwise (--quiet: none).

Flags:
`

func runLadder(args []string, sio stdio) int {
	fs := flag.NewFlagSet("ladder", flag.ContinueOnError)
	fs.SetOutput(sio.err)
	fs.Usage = func() {
		fmt.Fprint(sio.err, ladderUsage)
		printFlags(fs)
	}
	var opt sim.LadderOptions
	fs.IntVar(&opt.Games, "games", sim.DefaultLadderGames, "games per adjacent pair, split evenly over the seatings")
	fs.IntVar(&opt.Budget, "budget", sim.DefaultLadderBudget, "B: search iterations per decision of the lower search rung")
	fs.IntVar(&opt.Players, "players", 0, "number of players (0: the game's fewest)")
	fs.IntVar(&opt.Workers, "workers", 0, "goroutines playing games (0: one per CPU)")
	fs.Uint64Var(&opt.Seed, "seed", 1, "run seed")
	asJSON := fs.Bool("json", false, "print the ladder as JSON")
	pair := fs.String("pair", "", "play only this pair: UPPER,LOWER agents (e.g. ismcts:1000,greedy)")
	quiet := fs.Bool("quiet", false, "no progress report")
	pos, err := parseMixed(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(sio.err, "deckforge ladder: "+format+"\n", a...)
		return 2
	}
	switch {
	case len(pos) != 1:
		return usageErr("want exactly one GENOME (a file or a seed id), got %d arguments", len(pos))
	case opt.Games < 1 || opt.Games > sim.MaxGames:
		return usageErr("--games: %d out of range 1..%d", opt.Games, sim.MaxGames)
	case opt.Budget < 1 || opt.Budget > sim.MaxLadderBudget:
		return usageErr("--budget: %d out of range 1..%d", opt.Budget, sim.MaxLadderBudget)
	}
	g, err := loadGenomeArg(pos[0], sio.lim)
	if err != nil {
		fmt.Fprintf(sio.err, "deckforge ladder: %v\n", err)
		return 1
	}
	prog, err := game.Compile(g)
	if err != nil {
		fmt.Fprintf(sio.err, "deckforge ladder: %s: %v\n", pos[0], err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if !*quiet {
		opt.Progress = newProgress(sio.err, "ladder", "games")
	}
	var res *sim.LadderResult
	if *pair != "" {
		up, low, ok := strings.Cut(*pair, ",")
		if !ok || up == "" || low == "" {
			return usageErr("--pair: %q is not UPPER,LOWER", *pair)
		}
		for _, a := range []string{up, low} {
			if _, err := agent.Parse(a, agent.Options{}); err != nil {
				return usageErr("--pair: %v", err)
			}
		}
		var st sim.LadderStep
		st, err = sim.Pair(ctx, prog, up, low, opt)
		if err == nil {
			res = &sim.LadderResult{Players: sim.LadderPlayers(prog, opt.Players), Steps: []sim.LadderStep{st}}
		}
	} else {
		res, err = sim.Ladder(ctx, prog, opt)
	}
	if err != nil {
		var ce *sim.ConfigError
		if errors.As(err, &ce) {
			return usageErr("--%s: %v", strings.ReplaceAll(ce.Field, "_", "-"), ce.Err)
		}
		fmt.Fprintf(sio.err, "deckforge ladder: %v\n", err)
		return 1
	}
	if *asJSON {
		data, err := json.MarshalIndent(res, "", "  ")
		if err != nil {
			fmt.Fprintf(sio.err, "deckforge ladder: %v\n", err)
			return 1
		}
		fmt.Fprintf(sio.out, "%s\n", data)
		return 0
	}
	name := g.Name
	if name == "" {
		name = g.ID
	}
	if err := writeLadder(sio.out, name, res, prog.HasChips()); err != nil {
		fmt.Fprintf(sio.err, "deckforge ladder: %v\n", err)
		return 1
	}
	return 0
}

// writeLadder prints the ladder as a table, one line per pair.
func writeLadder(w io.Writer, name string, r *sim.LadderResult, chips bool) error {
	fmt.Fprintf(w, "%s — skill ladder, %d players (fair share %.3f)\n", name, r.Players, 1/float64(r.Players))
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	head := "upper\tlower\tgames\twin rate\t95% CI\tbeats"
	if chips {
		head += "\tchips/hand"
	}
	fmt.Fprintln(tw, head)
	line := func(s sim.LadderStep) {
		beats := "no"
		if s.Beats {
			beats = "yes"
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%.3f\t[%.3f, %.3f]\t%s", s.Upper, s.Lower, s.Games, s.WinRate, s.Lo, s.Hi, beats)
		if chips {
			fmt.Fprintf(tw, "\t%s", s.ChipsPerHand.String())
		}
		fmt.Fprintln(tw)
	}
	for _, s := range r.Steps {
		line(s)
	}
	if r.House != nil {
		fmt.Fprintln(tw, "beside the ladder:")
		line(*r.House)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(r.Steps) == 1 {
		return nil // one pair (--pair), not a ladder
	}
	mono := "no"
	if r.Monotone() {
		mono = "yes"
	}
	_, err := fmt.Fprintf(w, "monotone: %s\n", mono)
	return err
}
