package replay

import (
	"math/bits"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
)

// SettlementEvents returns the events that record the end of a poker hand
// as the hand runner settled it (phh.Runner.Settle, engine/betting's pots
// and awards): the uncalled bet returned, then the pots, each to the seats
// that won from it. Pots, uncalled bets and shares are the engine's; the
// replay only says who took what from which pot.
//
// seats maps the runner's seats to the replay's (nil: the same numbers).
// desc(s), when desc is not nil and the hand went to a showdown, describes
// runner seat s's hand for the awards it wins. pots, when positive, is the
// number of pots the replay's table holds (with ante trimming the engine's
// ante layers are pots the table does not have, as it holds antes as dead
// money): an award then names at most the last of them.
//
// The runner gives what each seat won in all; taken from the highest pot
// down (whoever may win a pot may win every lower one), each pot goes to
// the winners it is open to, in seat order. Adjacent pots open to the same
// seats are one pot to the replay.
func SettlementEvents(st *phh.Settlement, seats []int, showdown bool, desc func(int) string, pots int) []Event {
	seat := func(s int) int {
		if seats == nil {
			return s
		}
		return seats[s]
	}
	var out []Event
	if st.UncalledSeat >= 0 && st.Uncalled > 0 {
		e := NewEvent(Uncalled, seat(st.UncalledSeat))
		e.Amount = st.Uncalled
		out = append(out, e)
	}
	var merged []betting.Pot
	for _, pot := range st.Pots {
		if k := len(merged) - 1; k >= 0 && merged[k].Eligible == pot.Eligible {
			merged[k].Amount += pot.Amount
			continue
		}
		merged = append(merged, pot)
	}
	limit := len(merged)
	if pots > 0 {
		limit = pots
	}
	left := append([]chips.Chips(nil), st.Won...)
	awards := make([]Event, len(merged))
	for k := len(merged) - 1; k >= 0; k-- {
		pot := merged[k]
		e := NewEvent(Award, NoSeat)
		e.Pot = max(min(k, limit-1), 0)
		rest := pot.Amount
		for m := pot.Eligible; m != 0 && rest > 0; m &= m - 1 {
			s := bits.TrailingZeros16(m)
			if s >= len(left) {
				break
			}
			if got := min(left[s], rest); got > 0 {
				e.Seats = append(e.Seats, seat(s))
				e.Amounts = append(e.Amounts, got)
				left[s] -= got
				rest -= got
				if e.Text == "" && showdown && desc != nil {
					e.Text = desc(s)
				}
			}
		}
		awards[k] = e
	}
	for _, e := range awards {
		if len(e.Seats) > 0 {
			out = append(out, e)
		}
	}
	return out
}
