package sim

import (
	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/engine/stats"
)

// StatsFeeder is a Listener that feeds the betting of a chip game to an
// engine/stats Tracker, hand by hand: the first betting round of a hand is
// the tracker's round 0 (the "preflop" of the positional-stats spec), later
// rounds are the streets. Seats are the betting seats of the hand (the turn
// order from the start of the hand), so positions follow the button (the
// dealer) as the spec wants. When the pot of a hand was awarded before a
// later betting phase reopened the betting (a second showdown), only the
// betting up to the first award is counted.
//
// After each hand the hand's records are added to Totals (indexed by
// player, nil entries skipped), if set. Feeding allocates nothing once
// Totals is set up.
type StatsFeeder struct {
	// Tracker follows the current hand (its records are readable after
	// each hand, until the next).
	Tracker stats.Tracker
	// Totals[p], if set, accumulates player p's stats.
	Totals []*stats.Totals
	// Hands counts the hands fed to the tracker.
	Hands int
	// Err is the first error the tracker reported (a bug if not nil).
	Err error

	live      bool // the tracker follows a hand now
	done      bool // this hand's betting was already fed
	round     int8
	collected [betting.MaxSeats]chips.Chips
	refunded  [betting.MaxSeats]chips.Chips
	seatTot   [betting.MaxSeats]*stats.Totals
}

// Event feeds e to the tracker.
func (f *StatsFeeder) Event(s *game.State, e *game.Event) {
	switch e.Kind {
	case game.EvHandStart:
		f.live, f.done = false, false
		f.collected = [betting.MaxSeats]chips.Chips{}
		f.refunded = [betting.MaxSeats]chips.Chips{}
	case game.EvRoundStart:
		if f.live && e.Round <= f.round {
			f.end(s) // the pot was awarded and the betting reopened
		}
		if f.done {
			return
		}
		if !f.live {
			f.start(s)
		}
		f.round = e.Round
		bet, _ := s.Betting()
		f.check(f.Tracker.OnRoundStart(stats.RoundConfig{MinBet: e.Amount, MaxRaises: bet.Config().MaxRaises}))
	case game.EvBet, game.EvFold:
		if !f.live {
			return
		}
		a := stats.Action{Seat: s.Seat(int(e.Player)), To: e.To}
		switch e.Move {
		case game.MoveFold:
			a.Kind = stats.Fold
		case game.MoveCheck:
			a.Kind = stats.Check
		case game.MoveCall:
			a.Kind = stats.Call
		case game.MoveBet:
			a.Kind = stats.Bet
		case game.MoveRaise:
			a.Kind = stats.Raise
		}
		f.check(f.Tracker.OnAction(a))
	case game.EvPotAward:
		if f.live && e.Zone == game.ZoneNone {
			f.collected[s.Seat(int(e.Player))] += e.Amount
		}
	case game.EvRefund:
		// Chips of a pot nobody was awarded go back: they count in the
		// players' net results.
		if f.live {
			f.refunded[s.Seat(int(e.Player))] += e.Amount
		}
	case game.EvHandEnd, game.EvGameEnd:
		if f.live {
			f.end(s)
		}
	}
}

// start begins the tracker's hand from the betting hand just reset.
func (f *StatsFeeder) start(s *game.State) {
	n := s.Players()
	var stacks, antes, blinds [betting.MaxSeats]chips.Chips
	var bb chips.Chips
	bet, forced := s.Betting()
	for k := range n {
		stacks[k] = bet.StartingStack(k)
	}
	if forced {
		// The forced bets of this hand: what each seat committed before
		// the first round (antes are dead money, blinds street bets).
		for k := range n {
			blinds[k] = bet.StreetBet(k)
			antes[k] = bet.Committed(k) - blinds[k]
			bb = max(bb, blinds[k])
		}
	}
	setup := stats.Setup{Stacks: stacks[:n], Antes: antes[:n], Blinds: blinds[:n], Button: s.Seat(s.Dealer()), BigBlind: bb}
	if err := f.Tracker.OnHandStart(&setup); err != nil {
		f.check(err)
		return
	}
	f.live = true
}

// end ends the tracker's hand and adds it to Totals.
func (f *StatsFeeder) end(s *game.State) {
	f.live, f.done = false, true
	n := s.Players()
	f.check(f.Tracker.OnHandEnd(f.collected[:n]))
	for k := range n {
		if f.refunded[k] > 0 {
			f.check(f.Tracker.OnRefund(k, f.refunded[k]))
		}
	}
	f.Hands++
	if f.Totals != nil {
		for k := range n {
			f.seatTot[k] = nil
			if q := s.SeatPlayer(k); q < len(f.Totals) {
				f.seatTot[k] = f.Totals[q]
			}
		}
		f.Tracker.AddTo(f.seatTot[:n])
	}
}

func (f *StatsFeeder) check(err error) {
	if err != nil && f.Err == nil {
		f.Err = err
	}
}
