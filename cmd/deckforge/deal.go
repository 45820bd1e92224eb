package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"

	"github.com/deckforge/deckforge/engine/cards"
)

const dealUsage = `Usage: deckforge deal [--seed S] [--hands N] [--cards K] [--omaha]

deal prints N random poker hands, one per line, each of K distinct cards
from its own shuffled 52-card deck, in the input format of 'deckforge
eval'. With --omaha each line is "h1 h2 h3 h4 | b1 b2 b3 b4 b5" (four hole
cards and a full board), the input of 'deckforge eval --omaha'. The same
seed deals the same hands.

Flags:
`

// dealStream is the second PCG seed word of deal: the seed flag is the
// first.
const dealStream = 0x6465616c

func runDeal(args []string, sio stdio) int {
	fs := flag.NewFlagSet("deal", flag.ContinueOnError)
	fs.SetOutput(sio.err)
	fs.Usage = func() {
		fmt.Fprint(sio.err, dealUsage)
		printFlags(fs)
	}
	seed := fs.Uint64("seed", 1, "random seed, 0 to 2^64-1")
	hands := fs.Int("hands", 10, "number of hands to deal")
	k := fs.Int("cards", 7, "cards per hand, 1 to 52 (eval takes 5 to 7)")
	omaha := fs.Bool("omaha", false, "deal Omaha hands: 4 hole cards | 5 board cards")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	cardsSet := false
	fs.Visit(func(f *flag.Flag) { cardsSet = cardsSet || f.Name == "cards" })
	switch {
	case fs.NArg() > 0:
		return dealUsageError(sio, "unexpected argument %q", fs.Arg(0))
	case *hands < 0:
		return dealUsageError(sio, "--hands is %d, want 0 or more", *hands)
	case *k < 1 || *k > 52:
		return dealUsageError(sio, "--cards is %d, want 1 to 52", *k)
	case *omaha && cardsSet:
		return dealUsageError(sio, "--cards does not go with --omaha (an Omaha deal is 4 hole and 5 board cards)")
	}
	n := *k
	if *omaha {
		n = 9
	}

	rng := rand.New(rand.NewPCG(*seed, dealStream))
	out := bufio.NewWriter(sio.out)
	std := cards.Standard52()
	deck := make(cards.Deck, 0, 52)
	hand := make([]cards.Card, 0, 52)
	for range *hands {
		deck = append(deck[:0], std...)
		deck.Shuffle(rng)
		hand, _ = deck.Deal(hand[:0], n)
		if *omaha {
			fmt.Fprintf(out, "%s | %s\n", cards.FormatList(hand[:4]), cards.FormatList(hand[4:]))
		} else {
			fmt.Fprintln(out, cards.FormatList(hand))
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(sio.err, "deckforge deal: writing: %v\n", err)
		return 1
	}
	return 0
}

func dealUsageError(sio stdio, format string, a ...any) int {
	fmt.Fprintf(sio.err, "deckforge deal: "+format+"\n", a...)
	return 2
}
