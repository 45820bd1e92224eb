package table

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/chips"
)

// randomAction returns a random legal betting action for the seat to act.
func randomAction(st Status, rng *rand.Rand) string {
	l := st.Legal
	p := seatName(st.ToAct)
	switch k := rng.IntN(10); {
	case k < 2 && l.CanFold:
		return p + " f"
	case k < 7 || !(l.CanBet || l.CanRaise):
		return p + " cc"
	default:
		to := l.MinTo
		if span := int64(l.MaxTo - l.MinTo); span > 0 && rng.IntN(3) > 0 {
			to += chips.Chips(rng.Int64N(span + 1))
		}
		return p + " cbr " + to.String()
	}
}

// step moves a hand on by one action or deal. auto, when set, decides who
// plays by auto-action (a disconnected player); a checker sees each
// auto-action.
func step(s State, rng *rand.Rand, auto func(player string) (AutoAction, bool), check func(before State, st Status, a AutoAction, after State) error) (State, bool, error) {
	st, err := Progress(s)
	if err != nil {
		return s, false, err
	}
	switch {
	case st.Finished || !st.Dealt:
		return s, true, nil
	case st.Board > 0:
		out, err := Deal(s, rng)
		return out, false, err
	}
	player := s.Players[st.ToAct]
	if auto != nil {
		if a, ok := auto(player); ok {
			out, err := Auto(s, AutoPrefs{player: a})
			if err != nil {
				return s, false, err
			}
			if check != nil {
				if err := check(s, st, a, out); err != nil {
					return s, false, err
				}
			}
			return out, false, nil
		}
	}
	a := randomAction(st, rng)
	out, err := Act(s, a)
	if err != nil {
		return s, false, fmt.Errorf("%s: %v", a, err)
	}
	return out, false, nil
}

// playOut plays the hand of s to its end with random actions.
func playOut(t testing.TB, s State, rng *rand.Rand) State {
	t.Helper()
	for {
		var done bool
		var err error
		s, done, err = step(s, rng, nil, nil)
		if err != nil {
			t.Fatalf("hand %d: %v\n%s", s.Hand, err, mustJSON(s))
		}
		if done {
			return s
		}
	}
}
