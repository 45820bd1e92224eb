package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/deckforge/deckforge/internal/limits"
	"github.com/deckforge/deckforge/internal/safetext"
)

// command is one subcommand of deckforge.
type command struct {
	name    string
	summary string
	// run executes the subcommand with its arguments (the name removed) and
	// returns the process exit status.
	run func(args []string, io stdio) int
}

// commands lists every subcommand. Add a line here for a new one.
func commands() []command {
	return []command{
		{name: "eval", summary: "evaluate poker hands read from standard input (best five, strength, category)", run: runEval},
		{name: "deal", summary: "deal random poker hands (seeded), the input of eval", run: runDeal},
		{name: "genome", summary: "validate, convert, show and explain game genomes", run: runGenome},
		{name: "phh", summary: "verify and convert poker hand histories (PHH)", run: runPHH},
		{name: "table", summary: "table states across hands: merge, next, act, auto, deal, personalize", run: runTable},
		{name: "play", summary: "play one game of a genome and print a readable transcript", run: runPlay},
		{name: "stats", summary: "positional stats (IP/OOP maneuvers) of PHH hand histories", run: runStats},
		{name: "evolve", summary: "run an evolution experiment (experiments/*.toml): generations, checkpoints, plots, best genomes, replays, report", run: runEvolve},
		{name: "simulate", summary: "play many games of a genome with agents, in parallel, and print their metrics", run: runSimulate},
		{name: "ladder", summary: "measure a genome's skill ladder: random < greedy < search B < search 4B, win rates with 95% intervals", run: runLadder},
		{name: "serve", summary: "serve the replay viewer in the browser, with the replays and PHH files of a directory", run: runServe},
		{name: "version", summary: "print the version, the commit it was built from and the Go toolchain", run: runVersion},
		{name: "broker", summary: "run an embedded NATS JetStream server for distributed runs (deckforge worker, --nats)", run: runBroker},
		{name: "worker", summary: "run evaluation jobs of distributed runs from a NATS JetStream server", run: runWorker},
		{name: "bench", summary: "measure the headline speeds: evaluator, hold'em, games and moves per second, ISMCTS, parallel speed-up", run: runBench},
	}
}

func run(args []string, in io.Reader, out, errw io.Writer) int {
	// Messages quote input files (names, keys, fields): never raw.
	s := stdio{in: in, out: out, err: safetext.Writer(errw)}
	var err error
	if s.lim, err = limits.FromSpec(os.Getenv(limits.EnvVar)); err != nil {
		fmt.Fprintf(s.err, "deckforge: %s: %v\n", limits.EnvVar, err)
		return 2
	}
	// --limits SPEC before the command raises the input limits.
	for len(args) > 0 && (args[0] == "--limits" || args[0] == "-limits" || strings.HasPrefix(args[0], "--limits=") || strings.HasPrefix(args[0], "-limits=")) {
		spec, ok := strings.CutPrefix(strings.TrimLeft(args[0], "-"), "limits=")
		args = args[1:]
		if !ok {
			if len(args) == 0 {
				fmt.Fprintln(s.err, "deckforge: --limits needs a value (name=value,…)")
				return 2
			}
			spec, args = args[0], args[1:]
		}
		if err := s.lim.Set(spec); err != nil {
			fmt.Fprintf(s.err, "deckforge: --limits: %v\n", err)
			return 2
		}
	}
	cmds := commands()
	if len(args) == 0 {
		usage(s.err, cmds)
		return 2
	}
	name := args[0]
	if name == "--version" {
		name = "version"
	}
	if name == "help" || name == "-h" || name == "--help" {
		if len(args) > 1 {
			for _, c := range cmds {
				if c.name == args[1] {
					return c.run([]string{"-h"}, s)
				}
			}
			fmt.Fprintf(s.err, "deckforge: unknown command %q\n", args[1])
			return 2
		}
		usage(s.out, cmds)
		return 0
	}
	for _, c := range cmds {
		if c.name == name {
			return c.run(args[1:], s)
		}
	}
	fmt.Fprintf(s.err, "deckforge: unknown command %q (see 'deckforge help')\n", name)
	return 2
}

func usage(w io.Writer, cmds []command) {
	sorted := append([]command(nil), cmds...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].name < sorted[j].name })
	var b strings.Builder
	b.WriteString("deckforge evolves card games.\n\nUsage: deckforge COMMAND [flags] [args]\n\nCommands:\n")
	for _, c := range sorted {
		fmt.Fprintf(&b, "  %-10s %s\n", c.name, c.summary)
	}
	b.WriteString("  help       this list; 'deckforge help COMMAND' shows a command's flags\n")
	fmt.Fprintf(&b, "\nInput files are refused beyond limits that --limits name=value,… (before\nCOMMAND) or %s raise; names: %s.\n", limits.EnvVar, strings.Join(limits.Names(), ", "))
	fmt.Fprint(w, b.String())
}

// selfCommand is how to run this deckforge again from the current
// directory, for the commands a summary suggests: the path it was started
// by (".bin/deckforge" after make), or "deckforge" when it was found on
// PATH.
func selfCommand() string {
	a := os.Args[0]
	if strings.ContainsRune(a, filepath.Separator) && strings.TrimSuffix(filepath.Base(a), ".exe") == "deckforge" {
		return a
	}
	if !strings.ContainsRune(a, filepath.Separator) {
		return "deckforge"
	}
	return ".bin/deckforge" // a test binary: the path make builds

}
