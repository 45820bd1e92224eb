package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
	"github.com/deckforge/deckforge/internal/limits"
	"github.com/deckforge/deckforge/internal/safefile"
	"github.com/deckforge/deckforge/internal/safetext"
	"github.com/deckforge/deckforge/replay"
	"github.com/deckforge/deckforge/replay/phhconv"
)

const phhUsage = `Usage: deckforge phh verify [flags] PATH...
       deckforge phh convert [flags] PATH...

verify replays every hand of the PHH files (.phh, and .phhs bulk files) named
or found under the folders named, recursively, and compares the stacks it
ends with against each hand's finishing_stacks where the file has them. It
prints one line per failing hand, then
  verified V of N hands (mismatched M, invalid I, unsupported U)
and exits 0 when no hand is mismatched or invalid. A hand without
finishing_stacks verifies when it replays without error (a showdown that
hidden cards leave undecided included); a variant PHH
defines but deckforge does not play is unsupported. A player the history
skips checks or folds, as PokerKit does; --strict makes that invalid.

convert reads the same inputs, and deckforge replay files (.dfr, found under
folders too), and writes the hands out as normalised PHH (--to phh) or as one
replay file (--to replay), which 'deckforge serve' shows in the browser. The
PHH it writes from replays holds the players dealt in (seats sitting out are
listed in _outSeats, _outPlayers and _outStacks) and replays in deckforge and
in PokerKit to the same stacks; a hand PHH cannot hold (a fold when a
check is free, a fold out of turn) is refused by name, and a last line
counts the hands written and refused. It exits 1 when a file cannot be read
or converted, a hand is refused, or it finds no hand at all.
`

func runPHH(args []string, io stdio) int {
	if len(args) == 0 {
		fmt.Fprint(io.err, phhUsage)
		return 2
	}
	switch args[0] {
	case "verify":
		return phhVerify(args[1:], io)
	case "convert":
		return phhConvert(args[1:], io)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(io.out, phhUsage)
		return 0
	}
	fmt.Fprintf(io.err, "deckforge phh: unknown subcommand %q\n\n%s", args[0], phhUsage)
	return 2
}

// handName names a hand in a report line: the file, then the hand's table
// key in a .phhs file or its hand field in a .phh file.
func handName(file string, e *phh.Entry) string {
	if e.Key != "" {
		return file + " [" + e.Key + "]"
	}
	if e.Err == nil {
		if l := e.Hand.Label(); l != "" {
			return file + " (hand " + l + ")"
		}
	}
	return file
}

func errDetail(err error) string {
	var pe *phh.Error
	if errors.As(err, &pe) {
		return pe.Detail()
	}
	return err.Error()
}

func phhVerify(args []string, io stdio) int {
	fl := flag.NewFlagSet("phh verify", flag.ContinueOnError)
	fl.SetOutput(io.err)
	strict := fl.Bool("strict", false, "reject histories that leave out actions (by default a skipped player checks or folds, as PokerKit does)")
	verbose := fl.Bool("v", false, "also report hands that verify, are unsupported or were repaired")
	fl.Usage = func() {
		fmt.Fprint(io.err, phhUsage, "\nverify flags:\n")
		printFlags(fl)
	}
	if err := fl.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fl.NArg() == 0 {
		fmt.Fprintln(io.err, "deckforge phh verify: no PATH given")
		return 2
	}
	files, err := phhInputs(fl.Args())
	if err != nil {
		fmt.Fprintf(io.err, "deckforge phh verify: %v\n", err)
		return 2
	}
	var n, verified, mismatched, invalid, unsupported int
	opt := phh.Options{Repair: !*strict}
	// Hand keys, labels and messages quote the files: printed safely.
	io.out = safetext.Writer(io.out)
	for _, file := range files {
		data, err := safefile.ReadKind(file, io.lim, limits.PHHBytes)
		if err != nil {
			fmt.Fprintf(io.err, "deckforge phh verify: %v\n", err)
			return 2
		}
		// Hands are streamed: a large .phhs file is never held parsed.
		err = phh.ScanFile(file, data, io.lim, func(en phh.Entry) error {
			e := &en
			n++
			name := handName(file, e)
			if e.Err != nil {
				invalid++
				fmt.Fprintf(io.out, "%s: invalid: %s\n", name, errDetail(e.Err))
				return nil
			}
			res, err := phh.ReplayWith(&e.Hand, opt)
			switch {
			case errors.Is(err, phh.ErrUnsupported):
				unsupported++
				if *verbose {
					fmt.Fprintf(io.out, "%s: unsupported: %s\n", name, errDetail(err))
				}
				return nil
			case errors.Is(err, phh.ErrUndecided) && e.Hand.FinishingStacks == nil:
				// Every action was legal and there is no recorded result to
				// compare: the hidden showdown cards leave nothing to check.
				verified++
				if *verbose {
					fmt.Fprintf(io.out, "%s: replayed (no finishing_stacks; showdown cards hidden)\n", name)
				}
				return nil
			case err != nil:
				invalid++
				fmt.Fprintf(io.out, "%s: invalid: %s\n", name, errDetail(err))
				return nil
			}
			if diff := stackDiff(e.Hand.FinishingStacks, res); diff != "" {
				mismatched++
				fmt.Fprintf(io.out, "%s: mismatched: finishing_stacks %s\n", name, diff)
				return nil
			}
			verified++
			if *verbose {
				status := "verified"
				if e.Hand.FinishingStacks == nil {
					status = "replayed (no finishing_stacks)"
				}
				if len(res.Repairs) > 0 {
					status += "; repaired: " + strings.Join(res.Repairs, ", ")
				}
				fmt.Fprintf(io.out, "%s: %s\n", name, status)
			}
			return nil
		})
		if err != nil {
			n++
			invalid++
			fmt.Fprintf(io.out, "%s: invalid: %s\n", file, errDetail(err))
		}
	}
	fmt.Fprintf(io.out, "verified %d of %d hands (mismatched %d, invalid %d, unsupported %d)\n",
		verified, n, mismatched, invalid, unsupported)
	if mismatched > 0 || invalid > 0 {
		return 1
	}
	return 0
}

// stackDiff describes where the replayed stacks differ from the recorded
// ones ("" when they agree or nothing is recorded).
func stackDiff(want []chips.Chips, res phh.Result) string {
	if want == nil {
		return ""
	}
	var parts []string
	for i, w := range want {
		if got := res.Stacks[i]; got != w {
			parts = append(parts, fmt.Sprintf("p%d %s, replay gives %s", i+1, w, got))
		}
	}
	return strings.Join(parts, "; ")
}

func phhConvert(args []string, io stdio) int {
	fl := flag.NewFlagSet("phh convert", flag.ContinueOnError)
	fl.SetOutput(io.err)
	to := fl.String("to", "phh", "output format: phh, or replay (a deckforge replay file, .dfr)")
	out := fl.String("o", "", "output file (default: standard output); a name ending in .phhs, or more than one hand, gives a bulk file")
	fl.Usage = func() {
		fmt.Fprint(io.err, phhUsage, "\nconvert flags:\n")
		printFlags(fl)
	}
	if err := fl.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	switch *to {
	case "phh":
	case "replay":
	default:
		fmt.Fprintf(io.err, "deckforge phh convert: --to %q: unknown format (want phh or replay)\n", *to)
		return 2
	}
	if fl.NArg() == 0 {
		fmt.Fprintln(io.err, "deckforge phh convert: no PATH given")
		return 2
	}
	files, err := inputFiles(fl.Args(), ".phh", ".phhs", ".dfr")
	if err != nil {
		fmt.Fprintf(io.err, "deckforge phh convert: %v\n", err)
		return 2
	}
	var hands []phh.Hand
	status := 0
	var refused phhRefusals
	for _, file := range files {
		data, err := safefile.ReadKind(file, io.lim, limits.PHHBytes)
		if err != nil {
			fmt.Fprintf(io.err, "deckforge phh convert: %v\n", err)
			return 2
		}
		if phhconv.IsReplay(data) {
			r, err := replay.Decode(data)
			if err != nil {
				fmt.Fprintf(io.err, "deckforge phh convert: %s: %v\n", file, err)
				status = 1
				continue
			}
			for i := range r.Hands {
				h, err := phhconv.FromHand(r, i)
				switch {
				case errors.Is(err, phhconv.ErrNotPlayed):
				case err != nil:
					fmt.Fprintf(io.err, "deckforge phh convert: %s: %v\n", file, err)
					refused.add(err)
					status = 1
				default:
					hands = append(hands, h)
				}
			}
			continue
		}
		entries, err := phh.ReadFileWith(file, data, io.lim)
		if err != nil {
			fmt.Fprintf(io.err, "deckforge phh convert: %v\n", err)
			status = 1
			continue
		}
		for _, e := range entries {
			if e.Err != nil {
				fmt.Fprintf(io.err, "deckforge phh convert: %v\n", e.Err)
				status = 1
				continue
			}
			hands = append(hands, e.Hand)
		}
	}
	if refused.n > 0 {
		fmt.Fprintf(io.err, "deckforge phh convert: %s\n", refused.summary(len(hands)))
	}
	if len(hands) == 0 {
		fmt.Fprintf(io.err, "deckforge phh convert: no hand found in %s (%d files read)\n", strings.Join(fl.Args(), " "), len(files))
		return 1
	}
	var data []byte
	if *to == "replay" {
		r, err := phhconv.ToReplay(hands, strings.Join(fl.Args(), " "))
		if err == nil {
			data, err = replay.Encode(r)
		}
		if err != nil {
			fmt.Fprintf(io.err, "deckforge phh convert: %v\n", err)
			return 1
		}
	} else if len(hands) == 1 && !strings.EqualFold(filepath.Ext(*out), ".phhs") {
		h := hands[0]
		h.Key = ""
		data, err = phh.Marshal(&h)
	} else {
		data, err = phh.MarshalBulk(hands)
	}
	if err != nil {
		fmt.Fprintf(io.err, "deckforge phh convert: %v\n", err)
		return 1
	}
	if err := writeOutput(*out, data, io.out); err != nil {
		fmt.Fprintf(io.err, "deckforge phh convert: %v\n", err)
		return 1
	}
	return status
}

func writeOutput(name string, data []byte, stdout io.Writer) error {
	if name == "" || name == "-" {
		_, err := stdout.Write(data)
		return err
	}
	return os.WriteFile(name, data, 0o644)
}

// phhRefusals counts the played hands a PHH writer refused (play --phh,
// table --phh, phh convert of replays), each already reported by name.
type phhRefusals struct {
	n, freeFolds, outOfTurn int
}

// add counts the refusal err.
func (r *phhRefusals) add(err error) {
	r.n++
	switch {
	case errors.Is(err, phh.ErrFreeFold):
		r.freeFolds++
	case errors.Is(err, phh.ErrFoldOutOfTurn):
		r.outOfTurn++
	}
}

// summary is the line that closes the report: how many hands were
// written and refused, and why.
func (r *phhRefusals) summary(written int) string {
	return fmt.Sprintf("wrote %d hand(s), refused %d (a fold when a check is free: %d; a fold out of turn: %d; other: %d)",
		written, r.n, r.freeFolds, r.outOfTurn, r.n-r.freeFolds-r.outOfTurn)
}
