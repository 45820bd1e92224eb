package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/handeval"
)

const evalUsage = `Usage: deckforge eval [--omaha] < HANDS

eval reads poker hands from standard input, one per line, cards separated
by spaces ("As Kd 7c 2h 9s 3d Qh"; 5 to 7 cards; "10d" is accepted for
"Td"), and prints for each one
  <strength>\t<category>\t<best five cards>
where a higher strength is a better hand and equal hands have equal
strengths. With --omaha a line is "hole | board": 4 or more hole cards and 3
to 5 board cards, of which exactly two hole and exactly three board cards
make the hand.

Blank lines are skipped. A line that is not a hand (an unknown card, a card
given twice, too few or too many cards) is reported on standard error as
"line N: what is wrong", the other lines are still evaluated, and the exit
status is 1; it is 0 when every line is a hand.

Flags:
`

// maxEvalLine is the longest input line eval reads; longer lines are
// reported and skipped.
const maxEvalLine = 4096

// errBlankLine marks a line holding nothing but spaces.
var errBlankLine = errors.New("blank line")

// errLineTooLong marks an input line longer than maxEvalLine.
var errLineTooLong = fmt.Errorf("longer than %d bytes", maxEvalLine)

func runEval(args []string, sio stdio) int {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(sio.err)
	fs.Usage = func() {
		fmt.Fprint(sio.err, evalUsage)
		printFlags(fs)
	}
	omaha := fs.Bool("omaha", false, "read Omaha hands, `hole | board`: exactly 2 of 4 or more hole cards with exactly 3 of 3 to 5 board cards")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(sio.err, "deckforge eval: unexpected argument %q: hands are read from standard input\n", fs.Arg(0))
		return 2
	}

	e := handeval.Default()
	out := bufio.NewWriter(sio.out)
	in := bufio.NewReaderSize(sio.in, maxEvalLine)
	status := 0
	for n := 1; ; n++ {
		line, err := readEvalLine(in)
		if err == io.EOF {
			break
		}
		if err == nil {
			var h evalHand
			if h, err = parseEvalLine(line, *omaha); err == nil {
				b := h.best(e)
				fmt.Fprintf(out, "%d\t%v\t%v\n", b.Strength, b.Category(), b)
				continue
			}
		}
		switch {
		case errors.Is(err, errBlankLine):
		case errors.Is(err, errLineTooLong) || errors.Is(err, errHand):
			// Keep stdout and stderr in input order on a terminal.
			out.Flush()
			fmt.Fprintf(sio.err, "line %d: %v\n", n, err)
			status = 1
		default:
			out.Flush()
			fmt.Fprintf(sio.err, "deckforge eval: reading standard input: %v\n", err)
			return 1
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(sio.err, "deckforge eval: writing: %v\n", err)
		return 1
	}
	return status
}

// readEvalLine returns the next line of in without its line ending. A line
// longer than in's buffer is skipped whole and reported as errLineTooLong.
// It returns io.EOF after the last line.
func readEvalLine(in *bufio.Reader) (string, error) {
	b, err := in.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		for errors.Is(err, bufio.ErrBufferFull) {
			_, err = in.ReadSlice('\n')
		}
		if err != nil && err != io.EOF {
			return "", err
		}
		return "", errLineTooLong
	}
	if err != nil && (err != io.EOF || len(b) == 0) {
		return "", err
	}
	b = bytes.TrimSuffix(b, []byte("\n"))
	b = bytes.TrimSuffix(b, []byte("\r"))
	return string(b), nil
}

// errHand marks a line that is not a valid hand.
var errHand = errors.New("not a hand")

// handError is what is wrong with an input line.
type handError struct{ msg string }

func (e *handError) Error() string        { return e.msg }
func (e *handError) Is(target error) bool { return target == errHand }

func handErrorf(format string, a ...any) error {
	return &handError{fmt.Sprintf(format, a...)}
}

// evalHand is one parsed input line: hole cards then board cards for
// Omaha (hole is their number), or the cards of a 5- to 7-card hand.
type evalHand struct {
	cards []cards.Card
	hole  int
}

// best returns the best five cards of h.
func (h evalHand) best(e *handeval.Evaluator) handeval.Hand {
	if h.hole > 0 {
		return e.BestOmaha(h.cards[:h.hole], h.cards[h.hole:])
	}
	return e.Best(h.cards)
}

// parseEvalLine reads one input line of eval. It returns errBlankLine for
// a line of spaces only, and an error matching errHand that says what is
// wrong for anything but a hand.
func parseEvalLine(line string, omaha bool) (evalHand, error) {
	if strings.TrimSpace(line) == "" {
		return evalHand{}, errBlankLine
	}
	if !omaha {
		if strings.Contains(line, "|") {
			return evalHand{}, handErrorf("'|' separates hole and board cards only with --omaha")
		}
		cs, err := parseCardFields(line)
		if err != nil {
			return evalHand{}, err
		}
		if len(cs) < 5 || len(cs) > 7 {
			return evalHand{}, handErrorf("%d cards, want 5 to 7", len(cs))
		}
		return evalHand{cards: cs}, nil
	}
	holeText, boardText, ok := strings.Cut(line, "|")
	if !ok {
		return evalHand{}, handErrorf("want hole cards, '|', then board cards")
	}
	if strings.Contains(boardText, "|") {
		return evalHand{}, handErrorf("more than one '|'")
	}
	hole, err := parseCardFields(holeText)
	if err != nil {
		return evalHand{}, err
	}
	board, err := parseCardFields(boardText)
	if err != nil {
		return evalHand{}, err
	}
	if len(hole) < 4 {
		return evalHand{}, handErrorf("%d hole cards, want 4 or more", len(hole))
	}
	if len(board) < 3 || len(board) > 5 {
		return evalHand{}, handErrorf("%d board cards, want 3 to 5", len(board))
	}
	all := append(hole, board...)
	if err := handeval.Check(all); err != nil {
		return evalHand{}, handErrorf("%v", err)
	}
	return evalHand{cards: all, hole: len(hole)}, nil
}

// parseCardFields reads whitespace-separated standard cards, all distinct.
func parseCardFields(s string) ([]cards.Card, error) {
	fields := strings.Fields(s)
	cs := make([]cards.Card, 0, len(fields))
	for _, f := range fields {
		c, err := cards.Parse(f)
		if err != nil {
			return nil, handErrorf("%v", err)
		}
		if c.IsJoker() {
			return nil, handErrorf("card %q is a joker: poker hands use the 52 standard cards", f)
		}
		cs = append(cs, c)
	}
	if err := handeval.Check(cs); err != nil {
		return nil, handErrorf("%v", err)
	}
	return cs, nil
}
