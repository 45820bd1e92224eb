package table

import (
	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
)

// HandConfig returns the betting hand that Next set up in s, as Runner
// plays it: one entry per seat in seat order, the stacks of the seats dealt
// in (0 for the others: they sit out), their antes and blinds, the
// positions of the table's forced bets, the dead money paid by returning
// players, and the hand's minimum bet. A caller that plays the hand with
// another game's rules (engine/game's table hands) starts from it, so the
// forced bets, dead blinds and positions stay engine/table's. ok is false,
// with a nil error, when fewer than two players are dealt in.
func HandConfig(s State) (cfg betting.HandConfig, minBet chips.Chips, ok bool, err error) {
	if err := s.checkShape(); err != nil {
		return betting.HandConfig{}, 0, false, err
	}
	s.fillDefaults()
	r, err := replay(&s)
	if err != nil || !r.started {
		return betting.HandConfig{}, 0, false, err
	}
	var stacks, antes, blinds [MaxSeats]chips.Chips
	cfg, minBet = r.config(&stacks, &antes, &blinds)
	return cfg, minBet, true, nil
}
