package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/genome/rulebook"
	"github.com/deckforge/deckforge/internal/safetext"
)

const genomeUsage = `Usage: deckforge genome validate|convert|show|rules|lint [flags] GENOME

GENOME is a genome file in JSON or FlatBuffers (told apart by the "DFGN"
file identifier) or the id of a seed game (hearts, holdem_nl_6max, ...).

  validate GENOME              list every reason the genome cannot be played
  convert --to json|fb GENOME write the genome to stdout in canonical JSON or FlatBuffers
  show GENOME                  print a summary: name, hash, players, phases, win conditions
  rules GENOME                 print a plain-English rulebook
  lint GENOME...               list the structural defects (rules that do nothing or
                               invite degenerate play); exit status 1 when there is one.
                               Defects never make a genome invalid.
`

func runGenome(args []string, io stdio) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(io.err, genomeUsage)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	sub, rest := args[0], args[1:]
	fs := flag.NewFlagSet("genome "+sub, flag.ContinueOnError)
	fs.SetOutput(io.err)
	fs.Usage = func() { fmt.Fprint(io.err, genomeUsage) }
	var to *string
	switch sub {
	case "validate", "show", "rules":
	case "convert":
		to = fs.String("to", "json", "output encoding: json or fb")
	case "lint":
		return runGenomeLint(fs, rest, io)
	default:
		fmt.Fprintf(io.err, "deckforge genome: unknown subcommand %q\n\n%s", sub, genomeUsage)
		return 2
	}
	if err := fs.Parse(rest); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(io.err, "deckforge genome %s: want exactly one GENOME (a file or a seed id)\n", sub)
		return 2
	}
	file := fs.Arg(0)
	g, err := loadGenomeArg(file, io.lim)
	if err != nil {
		fmt.Fprintf(io.err, "deckforge genome %s: %v\n", sub, err)
		return 1
	}
	switch sub {
	case "validate":
		ps := genome.Validate(g)
		if len(ps) > 0 {
			for _, p := range ps {
				fmt.Fprintf(io.out, "%s: %s\n", file, p.Error())
			}
			fmt.Fprintf(io.err, "deckforge genome validate: %s: %d problem(s)\n", file, len(ps))
			return 1
		}
		h, _ := genome.ContentHash(g) // Decode succeeded, so g encodes
		fmt.Fprintf(io.out, "%s: ok (%s)\n", file, h)
	case "convert":
		var out []byte
		switch *to {
		case "json":
			out, err = genome.EncodeJSON(g)
		case "fb":
			out, err = genome.EncodeFB(g)
		default:
			fmt.Fprintf(io.err, "deckforge genome convert: --to must be json or fb, not %q\n", *to)
			return 2
		}
		if err != nil {
			fmt.Fprintf(io.err, "deckforge genome convert: %s: %v\n", file, err)
			return 1
		}
		if _, err := io.out.Write(out); err != nil {
			fmt.Fprintf(io.err, "deckforge genome convert: %v\n", err)
			return 1
		}
	case "show":
		fmt.Fprint(safetext.Writer(io.out), summary(g))
	case "rules":
		fmt.Fprint(safetext.Writer(io.out), rulebook.Rules(safeNames(g)))
	}
	return 0
}

// safeNames returns g, or a copy of it whose name, id and lineage are safe
// to print (safetext.Name) when they are not.
func safeNames(g *genome.Genome) *genome.Genome {
	c := *g
	c.Name, c.ID = safetext.Name(g.Name), safetext.Name(g.ID)
	c.Lineage = make([]string, len(g.Lineage))
	for i, l := range g.Lineage {
		c.Lineage[i] = safetext.Name(l)
	}
	return &c
}

// summary is the one-screen description `genome show` prints.
func summary(g *genome.Genome) string {
	var b strings.Builder
	h, _ := genome.ContentHash(g)
	s := &g.Setup
	fmt.Fprintf(&b, "name:     %s\nid:       %s\nhash:     %s\n", safetext.Name(g.Name), safetext.Name(g.ID), h)
	if len(g.Lineage) > 0 {
		fmt.Fprintf(&b, "lineage:  %s (generation %d)\n", safetext.Name(strings.Join(g.Lineage, ", ")), g.Generation)
	}
	fmt.Fprintf(&b, "players:  %d-%d\n", s.MinPlayers, s.MaxPlayers)
	deal := fmt.Sprintf("%d each", s.CardsPerPlayer)
	if s.DealAll {
		deal = "whole deck"
	}
	fmt.Fprintf(&b, "deck:     %s, %d cards; deal %s\n", s.Deck, len(s.Cards()), deal)
	if s.HasChips() {
		fmt.Fprintf(&b, "chips:    %d (blinds %d/%d, ante %d)\n", s.StartingChips, s.SmallBlind, s.BigBlind, s.Ante)
	}
	fmt.Fprintf(&b, "hands:    %d (0 = until won); max turns %d\n", s.HandsPerGame, g.Turns.MaxTurns)
	b.WriteString("phases:\n")
	for i, p := range g.Phases {
		mark := " "
		if i >= int(g.Turns.CycleStart) && i < int(g.Turns.CycleEnd) {
			mark = "*"
		}
		fmt.Fprintf(&b, "  %s %2d %s\n", mark, i, phaseLine(&p))
	}
	if g.Cycle() != nil {
		b.WriteString("  (* = turn cycle)\n")
	}
	for _, e := range g.Effects {
		fmt.Fprintf(&b, "effect:   %v on %v\n", e.Kind, e.Ranks.List())
	}
	for _, sr := range g.Scoring {
		fmt.Fprintf(&b, "scoring:  %v %+d\n", sr.Kind, sr.Points)
	}
	for _, w := range g.WinConditions {
		if w.Threshold != 0 {
			fmt.Fprintf(&b, "win:      %v %d\n", w.Kind, w.Threshold)
		} else {
			fmt.Fprintf(&b, "win:      %v\n", w.Kind)
		}
	}
	if ps := genome.Validate(g); len(ps) > 0 {
		fmt.Fprintf(&b, "INVALID:  %d problem(s); run 'deckforge genome validate'\n", len(ps))
	}
	return b.String()
}

func phaseLine(p *genome.Phase) string {
	switch p.Kind {
	case genome.PhaseDeal:
		return fmt.Sprintf("deal %d to %v", p.Deal.Count, p.Deal.To)
	case genome.PhaseDraw:
		return fmt.Sprintf("draw %d from %v (%v)", p.Draw.Count, p.Draw.Source, p.Draw.Actor)
	case genome.PhasePlay:
		return fmt.Sprintf("play %d-%d to %v (%v)", p.Play.MinCards, p.Play.MaxCards, p.Play.Target, p.Play.Actor)
	case genome.PhaseDiscard:
		if p.Discard.SetSize > 0 {
			return fmt.Sprintf("discard sets of %d to %v (%v)", p.Discard.SetSize, p.Discard.Target, p.Discard.Actor)
		}
		return fmt.Sprintf("discard %d-%d to %v (%v)", p.Discard.MinCards, p.Discard.MaxCards, p.Discard.Target, p.Discard.Actor)
	case genome.PhaseTrick:
		return fmt.Sprintf("trick, %v, %v", p.Trick.Winner, p.Trick.PlayFrom)
	case genome.PhaseBetting:
		return fmt.Sprintf("betting %v, min bet %d, max raises %d", p.Betting.Structure, p.Betting.MinBet, p.Betting.MaxRaises)
	case genome.PhaseClaim:
		return fmt.Sprintf("claim %d-%d, %v", p.Claim.MinCards, p.Claim.MaxCards, p.Claim.RankRule)
	case genome.PhaseShowdown:
		return fmt.Sprintf("showdown %v", p.Showdown.Method)
	case genome.PhaseAsk:
		return fmt.Sprintf("ask %v", p.Ask.Target)
	}
	return p.Kind.String()
}

// runGenomeLint prints every defect of each genome (a file or a seed id),
// one per line, and returns 1 when any genome has a defect.
func runGenomeLint(fs *flag.FlagSet, args []string, io stdio) int {
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(io.err, "deckforge genome lint: want at least one FILE or seed ID")
		return 2
	}
	status := 0
	for _, arg := range fs.Args() {
		g, err := loadGenomeArg(arg, io.lim)
		if err != nil {
			fmt.Fprintf(io.err, "deckforge genome lint: %v\n", err)
			status = 1
			continue
		}
		ds := genome.Lint(g)
		if len(ds) == 0 {
			fmt.Fprintf(io.out, "%s: no defect\n", arg)
			continue
		}
		for _, d := range ds {
			fmt.Fprintf(io.out, "%s: %s\n", arg, d)
		}
		fmt.Fprintf(io.err, "deckforge genome lint: %s: %d defect(s)\n", arg, len(ds))
		status = 1
	}
	return status
}
