package phh

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
)

// ErrFreeFold is why PokerKitForm refuses a hand in which a player folds
// when a check is free (the auto-action fold, which always folds): PHH has
// no such action (PokerKit, the reference of the format, refuses a fold
// when checking is possible, and so does Replay), and writing it as a check
// would change the chips. The hand is not written.
var ErrFreeFold = errors.New("folds when a check is free (auto-action fold): PHH cannot record such a fold (PokerKit refuses it), so the hand is not written")

// ErrFoldOutOfTurn is why PokerKitForm refuses a hand in which a player
// folds out of turn (a table folds a player who pauses, leaves or times
// out at once) and PHH has no turn to put the fold in: PHH records each
// action in its turn (PokerKit refuses another), so the fold is written at
// the player's next turn, the same hand; when the hand ends before that
// turn (the others all in), or a check is free there, it cannot be.
var ErrFoldOutOfTurn = errors.New("folds out of turn (a pause or a leave during the hand) and has no later turn to fold in: PHH records a fold in its turn only (PokerKit refuses another), so the hand is not written")

// PokerKitForm writes h as PokerKit, the reference of the format, plays
// it, with the same result in deckforge:
//
//   - a raise that makes a street bet no other player can reach, smaller
//     than a full raise and not all in (engine/betting capped a raise at
//     what the opponents could call until it followed PokerKit, and replays
//     recorded then hold such raises), becomes the smallest full raise (at most the
//     raiser's stack): PokerKit refuses the smaller one, and the part
//     nobody calls goes back either way;
//   - the shows and mucks move to where PokerKit asks for them (below).
//
// It moves the shows and mucks of h (one per player still in
// the hand: its last show with the most cards known, or its muck; the
// cards it was dealt when it has none) to where PokerKit, the reference of
// the format, asks for them, in its order:
//
//   - when the betting is over before the last board card (at most one
//     player still in can bet), before the next board deal; otherwise after
//     the last action;
//   - from the opener round the table: before the flop the player after
//     the largest blind posted, on later streets p1, and after a bet or a
//     raise its author.
//
// The hand is played by Runner to know who is still in and when the
// betting is over; an action it refuses is an error, a fold when a check
// is free one wrapping ErrFreeFold. A fold out of turn is written at the
// player's next turn (its chips stay in the pot either way, and it wins
// nothing); with no such turn the hand is an error wrapping
// ErrFoldOutOfTurn. A hand still being played
// (a table's) is written as far as it goes, with no shows before its
// betting is over.
func PokerKitForm(h *Hand) error {
	n := h.NumPlayers()
	shows := make([]*Action, n)
	var rest []Action
	for i := range h.Actions {
		a := &h.Actions[i]
		if a.Kind != ShowMuck {
			rest = append(rest, *a)
			continue
		}
		if a.Player < 0 || a.Player >= n {
			return fmt.Errorf("actions[%d]: p%d is not a player", i, a.Player+1)
		}
		if old := shows[a.Player]; a.Muck() || old == nil || knownCards(a.Cards) >= knownCards(old.Cards) {
			shows[a.Player] = a
		}
	}
	noShows := *h
	noShows.Actions = nil
	r, err := RunnerFor(&noShows, Options{})
	if err != nil {
		return err
	}
	// PokerKit opens the first round after the largest blind posted (the
	// later player on a tie).
	blinds := betting.PHHForcedBets(make([]chips.Chips, n), h.BlindsOrStraddles)
	bh := r.Betting()
	opener := 0
	for p := range n {
		if blinds[p] > 0 && bh.StreetBet(p) >= bh.StreetBet(opener) {
			opener = p
		}
	}
	if blinds[opener] > 0 {
		opener = (opener + 1) % n
	}
	out := make([]Action, 0, len(h.Actions))
	shown := false
	showdown := func() {
		bh := r.Betting()
		if shown || bits.OnesCount16(bh.InHand()) < 2 {
			return
		}
		shown = true
		for k := range n {
			p := (opener + k) % n
			if bh.Folded(p) {
				continue
			}
			a := Action{Kind: ShowMuck, Player: p, Cards: slices.Clone(r.Hole(p))}
			if s := shows[p]; s != nil {
				a = *s
				a.Cards = slices.Clone(s.Cards)
			}
			out = append(out, a)
		}
	}
	// The full raise: the last full raise of the street, at least its
	// bet unit (the largest blind before the flop).
	street := 0
	unit := func() chips.Chips {
		switch {
		case h.Variant != FixedLimitTexasHoldem:
			return h.MinBet
		case street < 2:
			return h.SmallBet
		}
		return h.BigBet
	}
	inc := max(unit(), bh.TableBet())
	// PokerKit's queue of the players still to act in the round: it may ask
	// the only player left able to act, with no bet to face, for his check
	// where engine/betting ends the round; that check is written.
	pending := pokerKitActors(&bh, n)
	lone := func(next *Action) error {
		bh := r.Betting()
		if pending == 0 || !bh.RoundOver() || bits.OnesCount16(bh.InHand()) < 2 {
			return nil
		}
		for p := range n {
			if pending&(1<<p) == 0 || (next != nil && next.Kind == CheckCall && next.Player == p) {
				continue
			}
			check := Action{Kind: CheckCall, Player: p}
			if err := r.Apply(check); err != nil {
				return fmt.Errorf("p%d's check where PokerKit asks for it: %w", p+1, err)
			}
			out = append(out, check)
		}
		pending = 0
		return nil
	}
	// A fold out of turn (a table folds a player who pauses or leaves at
	// once) is written at the player's next turn, where PHH can hold it:
	// deferred holds those players, foldAt the index of their fold.
	var deferred uint16
	var foldAt [16]int
	var step func(i int, a Action) error
	due := func() error {
		for t := r.ToAct(); t >= 0 && t < 16 && deferred&(1<<t) != 0; t = r.ToAct() {
			deferred &^= 1 << t
			if !r.Legal().CanFold {
				return fmt.Errorf("actions[%d] %q: p%d %w", foldAt[t], rest[foldAt[t]].String(), t+1, ErrFoldOutOfTurn)
			}
			if err := step(foldAt[t], Action{Kind: Fold, Player: t}); err != nil {
				return err
			}
		}
		return nil
	}
	step = func(i int, a Action) error {
		if err := lone(&a); err != nil {
			return err
		}
		if a.Kind == DealBoard {
			if r.BettingOver() {
				showdown()
			}
			opener = 0
			street++
			inc = unit()
		}
		if a.Kind == BetRaise && a.Player >= 0 && a.Player < n {
			bh := r.Betting()
			table, all := bh.TableBet(), bh.StreetBet(a.Player)+bh.Stack(a.Player)
			switch by := a.Amount - table; {
			case by >= inc:
				inc = by
			case a.Amount < all:
				a.Amount = min(table+inc, all)
			}
		}
		if a.Kind == Fold && a.Player != r.ToAct() {
			bh := r.Betting()
			if a.Player < 0 || a.Player >= n || a.Player >= 16 || bh.Folded(a.Player) || bh.AllIn(a.Player) || deferred&(1<<a.Player) != 0 {
				return fmt.Errorf("actions[%d] %q: p%d %w", i, a.String(), a.Player+1, ErrFoldOutOfTurn)
			}
			deferred |= 1 << a.Player
			foldAt[a.Player] = i
			return nil
		}
		if a.Kind == Fold && !r.Legal().CanFold {
			return fmt.Errorf("actions[%d] %q: p%d %w", i, a.String(), a.Player+1, ErrFreeFold)
		}
		if err := r.Apply(a); err != nil {
			return fmt.Errorf("actions[%d] %q: %w", i, a.String(), err)
		}
		switch a.Kind {
		case BetRaise:
			opener = a.Player
			bh := r.Betting()
			pending = 0
			for p := range n {
				if p != a.Player && bh.InHand()&(1<<p) != 0 && bh.Stack(p) > 0 {
					pending |= 1 << p
				}
			}
		case Fold, CheckCall:
			pending &^= 1 << a.Player
		case DealBoard:
			bh := r.Betting()
			pending = 0
			if !bh.RoundOver() {
				pending = pokerKitActors(&bh, n)
			}
		}
		out = append(out, a)
		return nil
	}
	for i, a := range rest {
		if err := due(); err != nil {
			return err
		}
		if err := step(i, a); err != nil {
			if deferred != 0 {
				// A player still in (its fold waits for its turn)
				// keeps a betting round open that the hand closed
				// without it.
				t := bits.TrailingZeros16(deferred)
				return fmt.Errorf("actions[%d] %q: p%d %w", foldAt[t], rest[foldAt[t]].String(), t+1, ErrFoldOutOfTurn)
			}
			return err
		}
	}
	if err := due(); err != nil {
		return err
	}
	if deferred != 0 {
		// The hand ended before that player's turn came: in PHH it
		// would still be in.
		t := bits.TrailingZeros16(deferred)
		return fmt.Errorf("actions[%d] %q: p%d %w", foldAt[t], rest[foldAt[t]].String(), t+1, ErrFoldOutOfTurn)
	}
	if err := lone(nil); err != nil {
		return err
	}
	if r.BettingOver() {
		showdown()
	}
	h.Actions = out
	return nil
}

// pokerKitActors returns the players PokerKit asks to act as a betting
// round begins: those in the hand with chips who could lose some (an
// effective stack), none when only one is left and no bet faces him.
func pokerKitActors(bh *betting.Hand, n int) uint16 {
	in := bh.InHand()
	var first, second chips.Chips // the two largest bets plus stacks
	for p := range n {
		if in&(1<<p) == 0 {
			continue
		}
		switch t := bh.StreetBet(p) + bh.Stack(p); {
		case t > first:
			first, second = t, first
		case t > second:
			second = t
		}
	}
	var m uint16
	for p := range n {
		if in&(1<<p) != 0 && bh.Stack(p) > 0 && second-bh.StreetBet(p) > 0 {
			m |= 1 << p
		}
	}
	if bits.OnesCount16(m) == 1 && bh.StreetBet(bits.TrailingZeros16(m)) >= bh.TableBet() {
		return 0
	}
	return m
}

// knownCards returns how many of cs are known.
func knownCards(cs []cards.Card) int {
	k := 0
	for _, c := range cs {
		if c != cards.None {
			k++
		}
	}
	return k
}
