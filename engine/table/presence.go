package table

import (
	"fmt"
	"sort"
)

// Presence tracks who is connected to a table, each player's auto-action
// setting, and how long a disconnected player keeps its seat: a grace
// period counted in hands (the house-player seed's disconnection handling,
// with hands for seconds so that simulations are deterministic).
//
//   - Disconnect: the player's turns in the hand in progress are played by
//     its auto-action (Auto with Prefs); from the next hand it sits out
//     (_intents 2), keeping its seat and stack.
//   - Reconnect within the grace period: the seat and stack are as the
//     hand in progress at disconnection left them. A player still active
//     gets its intent back; one sitting out waits for the big blind
//     (_intents 1), which costs nothing, or keeps the pause it had chosen.
//   - Expire: a player away for more than the grace period (hands started
//     since the one in progress at disconnection) stands up: its hand is
//     folded if it is in one, and it leaves (_inactive 1, _intents 3).
//
// A Presence is not safe for concurrent use.
type Presence struct {
	grace int
	auto  map[string]AutoAction
	away  map[string]absence
}

type absence struct {
	since  int    // hand number in progress at disconnection
	intent Intent // intent before disconnection
}

// NewPresence returns a Presence whose grace period is graceHands hands.
func NewPresence(graceHands int) (*Presence, error) {
	if graceHands < 0 {
		return nil, fmt.Errorf("grace period: %d hands is negative", graceHands)
	}
	return &Presence{grace: graceHands, auto: map[string]AutoAction{}, away: map[string]absence{}}, nil
}

// Grace returns the grace period in hands.
func (p *Presence) Grace() int { return p.grace }

// SetAuto sets player's auto-action.
func (p *Presence) SetAuto(player string, a AutoAction) { p.auto[player] = a }

// Prefs returns a copy of the auto-action settings, for Auto.
func (p *Presence) Prefs() AutoPrefs {
	out := make(AutoPrefs, len(p.auto))
	for k, v := range p.auto {
		out[k] = v
	}
	return out
}

// Connected reports whether player is connected.
func (p *Presence) Connected(player string) bool {
	_, gone := p.away[player]
	return !gone
}

// Away returns the disconnected players, sorted.
func (p *Presence) Away() []string {
	out := make([]string, 0, len(p.away))
	for k := range p.away {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Disconnect records that player lost its connection during hand s.Hand and
// returns s with the player sitting out from the next hand (_intents 2; a
// leaving player keeps 3). Nothing else changes: the hand in progress goes
// on, the player's turns played by its auto-action.
func (p *Presence) Disconnect(s State, player string) (State, error) {
	if err := s.Validate(); err != nil {
		return State{}, err
	}
	i := s.Seat(player)
	if i < 0 {
		return State{}, fmt.Errorf("disconnect: %q is not seated", player)
	}
	out := s.Clone()
	out.fillDefaults()
	if _, gone := p.away[player]; gone {
		return out, nil
	}
	p.away[player] = absence{since: s.Hand, intent: out.Intents[i]}
	if out.Intents[i] != Leave {
		out.Intents[i] = Pause
	}
	return out, nil
}

// Reconnect records that player is back. It reports whether the player
// still holds its seat (it reconnected within the grace period); then its
// intent is restored as the Presence documentation says. A player that is
// no longer seated must join again.
func (p *Presence) Reconnect(s State, player string) (State, bool, error) {
	if err := s.Validate(); err != nil {
		return State{}, false, err
	}
	out := s.Clone()
	out.fillDefaults()
	a, gone := p.away[player]
	delete(p.away, player)
	i := out.Seat(player)
	if i < 0 || out.Intents[i] == Leave {
		return out, false, nil
	}
	if !gone {
		return out, true, nil
	}
	switch {
	case !out.Inactive[i]:
		out.Intents[i] = a.intent
	case a.intent == Play:
		out.Intents[i] = PauseUntilBB
	default:
		out.Intents[i] = a.intent
	}
	return out, true, nil
}

// Expire stands up every player away for more than the grace period at
// hand s.Hand: its hand is folded if it is in one and it leaves (_inactive
// 1, _intents 3; Next removes it). It returns the new state and the players
// stood up, sorted.
func (p *Presence) Expire(s State) (State, []string, error) {
	if err := s.Validate(); err != nil {
		return State{}, nil, err
	}
	out := s.Clone()
	out.fillDefaults()
	var gone []string
	for _, name := range p.Away() {
		a := p.away[name]
		if s.Hand-a.since <= p.grace {
			continue
		}
		delete(p.away, name)
		gone = append(gone, name)
		i := out.Seat(name)
		if i < 0 {
			continue
		}
		out.Intents[i] = Leave
		if !out.Inactive[i] {
			out.Inactive[i] = true
			var err error
			if out, err = foldIfInHand(out, i); err != nil {
				return State{}, nil, err
			}
		}
	}
	return out, gone, nil
}
