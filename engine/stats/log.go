package stats

import (
	"fmt"

	"github.com/deckforge/deckforge/engine/chips"
)

// Log is a whole hand's betting as a value: the input model of the Tracker
// recorded for later (FromPHH builds one from a PHH hand history).
type Log struct {
	Setup  Setup
	Rounds []RoundLog
	// Collected is what each seat collected from the pots, returned
	// uncalled bets not included; nil when unknown (see OnHandEnd).
	Collected []chips.Chips
}

// RoundLog is one betting round of a Log.
type RoundLog struct {
	Config  RoundConfig
	Actions []Action
}

// Play feeds the whole hand into t, from OnHandStart to OnHandEnd. It
// allocates nothing.
func (t *Tracker) Play(l *Log) error {
	if err := t.OnHandStart(&l.Setup); err != nil {
		return err
	}
	if len(l.Rounds) == 0 {
		return fmt.Errorf("%w: a hand needs at least one betting round", ErrSetup)
	}
	for r := range l.Rounds {
		rd := &l.Rounds[r]
		if err := t.OnRoundStart(rd.Config); err != nil {
			return err
		}
		for i := range rd.Actions {
			if err := t.OnAction(rd.Actions[i]); err != nil {
				return fmt.Errorf("round %d, action %d: %w", r, i, err)
			}
		}
	}
	return t.OnHandEnd(l.Collected)
}
