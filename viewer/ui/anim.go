package ui

import "github.com/deckforge/deckforge/replay"

// AnimDuration is how long, in seconds, a seat takes to appear, fade out
// or turn grey.
const AnimDuration = 0.45

// SeatAnim is the animated look of one seat.
type SeatAnim struct {
	// Presence is 0 for an empty seat and 1 for a seated player; a player
	// who stood up during the hand fades to LeftPresence. A seat that joins
	// grows from 0 to 1, one that leaves shrinks back.
	Presence float64
	// Grey is 0 for a player in play and 1 for one sitting out.
	Grey float64
	// Joining is 1 when a player has just sat down and fades to 0: the
	// viewer rings the seat while it does.
	Joining float64
}

// LeftPresence is the presence of a player who stood up during the hand:
// still shown, faded, until the next hand.
const LeftPresence = 0.45

// Anim eases every seat's look toward what the current view shows, so
// that joining, leaving and sitting out are seen as transitions and not as
// jumps. A new replay (another hash) is shown at once, without
// transitions.
type Anim struct {
	seats []SeatAnim
	hash  string
	busy  bool
}

// targets returns the look a seat of v settles on.
func targets(s *SeatView) (presence, grey float64) {
	switch {
	case s.Left:
		return LeftPresence, 1
	case !s.Present:
		return 0, 0
	case s.Inactive || s.Status == replay.StatusOut:
		return 1, 1
	}
	return 1, 0
}

// Update moves every seat's look dt seconds toward v.
func (a *Anim) Update(v *View, dt float64) {
	if !v.Loaded {
		a.seats, a.hash, a.busy = nil, "", false
		return
	}
	snap := v.Hash != a.hash
	a.hash = v.Hash
	for len(a.seats) < len(v.Seats) {
		a.seats = append(a.seats, SeatAnim{})
	}
	a.seats = a.seats[:len(v.Seats)]
	step := dt / AnimDuration
	a.busy = false
	for i := range v.Seats {
		p, g := targets(&v.Seats[i])
		s := &a.seats[i]
		if snap {
			*s = SeatAnim{Presence: p, Grey: g}
			continue
		}
		if s.Presence < 0.5 && p == 1 {
			s.Joining = 1
		}
		s.Presence = toward(s.Presence, p, step)
		s.Grey = toward(s.Grey, g, step)
		s.Joining = toward(s.Joining, 0, step/3)
		if s.Presence != p || s.Grey != g || s.Joining != 0 {
			a.busy = true
		}
	}
}

// Seat returns the look of seat i (a settled empty seat if unknown).
func (a *Anim) Seat(i int) SeatAnim {
	if i < 0 || i >= len(a.seats) {
		return SeatAnim{}
	}
	return a.seats[i]
}

// Busy reports whether any seat is still moving toward its look.
func (a *Anim) Busy() bool { return a.busy }

// toward moves x by at most step toward target.
func toward(x, target, step float64) float64 {
	switch {
	case x < target:
		return min(x+step, target)
	case x > target:
		return max(x-step, target)
	}
	return x
}

// Ease is the smoothstep curve 3t² − 2t³ on [0, 1].
func Ease(t float64) float64 {
	t = max(0, min(1, t))
	return t * t * (3 - 2*t)
}
