package phh

import (
	"errors"
	"fmt"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
)

// ErrUnsupported is wrapped by Replay's error for a hand deckforge does not
// play: a PHH variant other than NT, FT and PO, more than betting.MaxSeats
// players, or a rule the engine does not implement.
var ErrUnsupported = errors.New("not supported")

// ErrUndecided is wrapped by Replay's error for a showdown whose result
// depends on hole cards the history does not reveal.
var ErrUndecided = errors.New("showdown depends on unknown cards")

// Options adjust Replay.
type Options struct {
	// Repair fills in the actions a history leaves out, as PokerKit, the
	// reference PHH implementation, does: when a player action names a
	// player after the one to act in the same round, or the board or a
	// showdown comes while players still have to act, each player skipped
	// checks when checking is free and folds otherwise. Without Repair such
	// a history is an error. Every implied action is listed in
	// Result.Repairs.
	Repair bool
}

// Result is what Replay found.
type Result struct {
	// Stacks are the players' stacks after the last action: the finishing
	// stacks when Complete, otherwise the chips still behind (what the
	// standard's finishing_stacks means for an unfinished history).
	Stacks []chips.Chips
	// Won is what each player collected from the pots (returned uncalled
	// bets not included); nil when the hand is not Complete.
	Won []chips.Chips
	// Board is the community cards dealt.
	Board []cards.Card
	// Hole is each player's hole cards as known at the end (dealt or shown);
	// cards.None marks an unknown card.
	Hole [][]cards.Card
	// Complete reports that the hand reached its end (one player left, or
	// betting over with the whole board dealt) and its pots were awarded.
	Complete bool
	// Unit is the split-pot unit used: see Hand.Unit.
	Unit chips.Chips
	// Repairs lists the actions Options.Repair implied, such as
	// `p8 folds before actions[13]`.
	Repairs []string
}

// game holds what a variant deals and how it bets.
type game struct {
	variant   Variant
	hole      int // hole cards per player
	structure betting.Structure
	omaha     bool
}

func gameOf(v Variant) (game, bool) {
	switch v {
	case NoLimitTexasHoldem:
		return game{variant: v, hole: 2, structure: betting.NoLimit}, true
	case FixedLimitTexasHoldem:
		return game{variant: v, hole: 2, structure: betting.FixedLimit}, true
	case PotLimitOmahaHoldem:
		return game{variant: v, hole: 4, structure: betting.PotLimit, omaha: true}, true
	}
	return game{}, false
}

// fixedLimitBets is the completions, bets and raises a fixed-limit round
// allows in PokerKit, the blinds not counted: before the flop the cap is the
// fifth bet level.
const fixedLimitBets = 4

// Replay plays h through the betting engine and the hand evaluator and
// returns the stacks it ends with.
//
// Positions follow the PHH convention: players are listed in position order,
// p1 the small blind, p2 the big blind, …, the last the button; first to act
// before the flop is the player after the largest blind or straddle, after
// it the first player still in from p1. Heads-up the forced bets (antes too)
// are reverse-assigned: with blinds_or_straddles = [5, 10], p2 is the button,
// posts 5 and acts first before the flop, and p1 posts 10.
//
// NT is played no-limit and PO pot-limit with min_bet as the smallest opening
// bet; FT is fixed-limit with small_bet in the first two rounds and big_bet
// in the last two, at most four completions, bets or raises per round, the
// blinds not counted (so five bet levels before the flop), as PokerKit does.
// A fixed-limit bet or raise is always the full unit; the part nobody can
// call goes back. With ante_trimming_status false (the default) antes are
// dead money in the main pot, which every player still in may win, even one
// all-in on a short ante. With true, antes count toward the pot levels like
// other chips, and the part of the largest ante that no other ante matches
// goes back at once: a lone big-blind ante comes back to the big blind, as
// PokerKit plays it (the recorded stacks of WSOP 2019 #42 hand 00-01-07 keep
// that ante in the pot and so differ from PokerKit's). A "pN cc" by the only
// player left able to act, with no bet facing him, is a check that changes
// nothing (PokerKit gives him the turn). Players whose _inactive entry is 1 sit out (they
// must owe no forced bet); _intents and _deadBlinds, which say what happens
// between hands, do not change the replay.
//
// Showdown ranks hold'em hands by the best five of seven cards and Omaha
// hands by exactly two hole cards and three board cards. Ties split in
// multiples of the hand's Unit: one whole chip when every amount in the file
// was written as a TOML integer, else one hundredth (a file with decimal
// amounts has divisible chips: cents, or Pluribus's half-chip splits such as
// 10112.5); the whole remainder goes to the first winner clockwise from the
// button, adjacent pots with the same winners being merged before the split,
// as engine/betting settles. A player who mucks ("pN sm" without cards) gives up the pot.
// Unknown cards ("????") are fine as long as the result does not depend on
// them.
//
// An illegal action (out of turn, a bet the structure forbids, a verb the
// variant has not), an impossible deal (a card dealt twice, wrong card
// counts, board cards before the betting round ends) or a showdown that
// depends on unknown cards is an error naming the action's index and text.
// A variant other than NT, FT and PO gives an error wrapping ErrUnsupported.
func Replay(h *Hand) (Result, error) {
	return ReplayWith(h, Options{})
}

// ReplayWith is Replay with options.
func ReplayWith(h *Hand, opt Options) (Result, error) {
	res := Result{Unit: h.Unit()}
	r, err := RunnerFor(h, opt)
	if err != nil {
		return res, err
	}
	for i, a := range h.Actions {
		if err := r.Apply(a); err != nil {
			return res, actionErr(i, a, err)
		}
	}
	res.Repairs = r.Repairs()
	res.Board = append([]cards.Card(nil), r.Board()...)
	res.Hole = make([][]cards.Card, r.NumSeats())
	for p := range res.Hole {
		res.Hole[p] = append([]cards.Card(nil), r.Hole(p)...)
	}
	res.Stacks = make([]chips.Chips, r.NumSeats())
	if r.Finished() {
		st, err := r.Settle()
		if err != nil {
			var re *RunError
			if errors.As(err, &re) {
				return res, &Error{Field: fieldActions, Msg: re.Msg, Err: re.Err}
			}
			return res, err
		}
		res.Won = st.Won
		res.Complete = true
		copy(res.Stacks, st.Stacks)
	} else {
		bh := r.Betting()
		for i := range res.Stacks {
			res.Stacks[i] = bh.Stack(i)
		}
	}
	for i := range res.Stacks {
		if h.Inactive != nil && h.Inactive[i] != 0 {
			res.Stacks[i] = h.StartingStacks[i] // sat out, kept its chips
		}
	}
	return res, nil
}

// actionErr names action i of a hand in a Runner's error.
func actionErr(i int, a Action, err error) *Error {
	e := &Error{Field: fmt.Sprintf("%s[%d]", fieldActions, i), Msg: fmt.Sprintf("%q: %v", a.String(), err)}
	var re *RunError
	if errors.As(err, &re) {
		e.Err = re.Err
	}
	return e
}
