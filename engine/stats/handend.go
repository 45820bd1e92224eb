package stats

// Ending a hand: the uncalled bet, results, takedowns.

import (
	"fmt"

	"github.com/deckforge/deckforge/engine/chips"
)

// OnHandEnd ends the hand. collected[i] is what seat i collected from the
// pots (not counting its own uncalled bet returned to it); nil means
// unknown, which is enough when all but one player folded (the last one
// collects everything) but leaves the results of a showdown unknown.
func (t *Tracker) OnHandEnd(collected []chips.Chips) error {
	if t.state != stRound {
		return fmt.Errorf("%w: hand end before any betting round", ErrState)
	}
	if collected != nil && len(collected) != t.n {
		return fmt.Errorf("%w: %d collected amounts for %d seats", ErrSetup, len(collected), t.n)
	}
	if t.round == 0 {
		t.endFirstRound()
	}
	t.resolveSteal(false)
	left := t.in &^ t.folded
	// The uncalled top layer of the live bets goes back to its owner;
	// antes are dead money and never returned.
	top, second := -1, chips.Chips(0)
	for i := 0; i < t.n; i++ {
		if top < 0 || t.committed[i]-t.ante[i] > t.committed[top]-t.ante[top] {
			top = i
		}
	}
	pot := t.dead
	for i := 0; i < t.n; i++ {
		pot += t.committed[i]
		if i != top {
			second = max(second, t.committed[i]-t.ante[i])
		}
	}
	returned := t.committed[top] - t.ante[top] - second
	if t.folded&(1<<top) != 0 {
		returned = 0 // a folded player's chips stay in the pot
	}
	pot -= returned

	winner := -1
	if popcount(left) == 1 {
		for i := 0; i < t.n; i++ {
			if left&(1<<i) != 0 {
				winner = i
			}
		}
	} else {
		t.showdown = true
	}
	t.known = collected != nil || winner >= 0
	for i := 0; i < t.n; i++ {
		if t.in&(1<<i) == 0 {
			continue
		}
		t.inc(i, Hands)
		var got chips.Chips
		switch {
		case collected != nil:
			if collected[i] < 0 {
				return fmt.Errorf("%w: seat %d collected %v", ErrSetup, i, collected[i])
			}
			got = collected[i]
		case i == winner:
			got = pot
		}
		if got > 0 || i == winner {
			// The last player standing wins the pot, even one holding
			// only its own returned bet (no forced bets).
			t.flags[i] |= fSuccess
			t.inc(i, Success)
		}
		if t.showdown && left&(1<<i) != 0 {
			t.flags[i] |= fShowdown
			t.inc(i, Showdowns)
		}
		t.net[i] = got - t.committed[i]
		if i == top {
			t.net[i] += returned
		}
	}
	if h := int(t.handAgg); h >= 0 {
		t.flags[h] |= fAggressor
		t.inc(h, Aggressor)
		if t.handAggIP {
			t.flags[h] |= fAggressorIP
			t.inc(h, AggressorInPosition)
		}
	}
	// Takedown: everyone folded to the round's last aggression.
	if w := int(t.live.seat); winner >= 0 && w == winner {
		t.inc(w, AggressionTakedowns)
		for set := t.live.set & takedownManeuvers; set != 0; set &= set - 1 {
			m := set.first()
			side := OOP
			if t.live.ip.has(m) {
				side = IP
			}
			t.inc(w, maneuverStats[m][side][Takedowns])
		}
	}
	t.state = stDone
	return nil
}

// OnRefund records chips given back to seat after OnHandEnd because the
// hand ended with no award (a game cut short): they count in its net
// result, not as a pot won.
func (t *Tracker) OnRefund(seat int, amount chips.Chips) error {
	if t.state != stDone {
		return fmt.Errorf("%w: refund before the hand end", ErrState)
	}
	if seat < 0 || seat >= t.n || amount < 0 {
		return fmt.Errorf("%w: refund of %v to seat %d", ErrSetup, amount, seat)
	}
	t.net[seat] += amount
	return nil
}
