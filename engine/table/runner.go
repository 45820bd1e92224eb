package table

import "github.com/deckforge/deckforge/engine/phh"

// Runner returns the hand of s on the one hand runner, its actions
// applied: a phh.Runner over the table's players in seat order (a player
// not dealt in sits out), set up with the hand's positions, forced bets and
// dead money as Act and Settle play them. It is nil, with a nil error, when
// fewer than two players are dealt in.
//
// A caller that plays the hand itself (a simulated session) drives the
// runner with typed actions (a player who gives up its hand out of turn, or
// when a check is free, is the runner's Forfeit, as here) and gives Next
// the runner's finishing stacks in FinishingStacks.
func Runner(s State) (*phh.Runner, error) {
	if err := s.checkShape(); err != nil {
		return nil, err
	}
	s.fillDefaults()
	r, err := replay(&s)
	if err != nil || !r.started {
		return nil, err
	}
	run := r.run
	return &run, nil
}
