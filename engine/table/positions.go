package table

import (
	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
)

// blinds describes the forced bets of a hand: the run of non-zero
// blindsOrStraddles entries read clockwise from the small blind.
type blinds struct {
	n     int
	seats []int         // seat of each forced bet, clockwise from the first
	seq   []chips.Chips // the forced bets in that order: small blind, big blind, straddles
	sb    int           // small-blind position: the first forced bet, or the seat before a lone big blind
	bb    int           // big-blind position
	big   chips.Chips   // the big blind
	last  int           // seat of the last forced bet (big blind or last straddle)
	// anteOnly: a table without blinds (its antes are its forced bets),
	// whose button is State.Button; sb and bb are -1.
	anteOnly bool
	button   int
}

// forcedBets returns the forced-bet positions of s: those of its blinds
// (blindsOf) or, when every blind is 0 and a seat antes, those of a table
// without blinds, whose button is s.Button.
func (s *State) forcedBets() (blinds, error) {
	bl, err := blindsOf(s.BlindsOrStraddles)
	if err == nil || !antesOnly(s) {
		return bl, err
	}
	n := len(s.BlindsOrStraddles)
	if s.Button < 0 || s.Button >= n {
		return blinds{}, fieldErr("_button", "%d is not a seat of the %d players", s.Button, n)
	}
	return blinds{n: n, sb: -1, bb: -1, last: s.Button, anteOnly: true, button: s.Button}, nil
}

// antesOnly reports whether s has no blinds and a seat antes: a table
// whose forced bets are its antes (stud-like and ante-only games).
func antesOnly(s *State) bool {
	for _, b := range s.BlindsOrStraddles {
		if b != 0 {
			return false
		}
	}
	for _, a := range s.Antes {
		if a > 0 {
			return true
		}
	}
	return false
}

// nextButton returns the new seat of the button of a table without blinds
// after Next removes the seats not kept: the first kept seat after the
// button (0 when none is kept).
func (bl *blinds) nextButton(keep []bool) int {
	nn := 0
	for _, k := range keep {
		if k {
			nn++
		}
	}
	for d := 1; d <= bl.n; d++ {
		if o := (bl.button + d) % bl.n; keep[o] {
			k := 0
			for _, kk := range keep[:o] {
				if kk {
					k++
				}
			}
			return k
		}
	}
	return 0
}

// blindsOf finds the forced-bet positions of a blindsOrStraddles array. The
// small blind is the seat from which the clockwise sequence of non-zero
// entries reads lexicographically smallest (small blind ≤ big blind ≤
// straddles); on a tie, a seat whose predecessor holds 0 (the start of a
// run), then the lowest index. A single non-zero entry is a big blind.
func blindsOf(b []chips.Chips) (blinds, error) {
	n := len(b)
	var nz []int
	for i, v := range b {
		if v != 0 {
			nz = append(nz, i)
		}
	}
	if len(nz) == 0 {
		if n == 0 {
			return blinds{n: 0, sb: -1, bb: -1, last: -1}, nil
		}
		return blinds{}, &FieldError{Field: "blindsOrStraddles", Msg: errNoBlinds.Error()}
	}
	k := len(nz)
	less := func(x, y int) int { // compare rotations starting at nz[x] and nz[y]
		for j := 0; j < k; j++ {
			a, c := b[nz[(x+j)%k]], b[nz[(y+j)%k]]
			if a != c {
				if a < c {
					return -1
				}
				return 1
			}
		}
		return 0
	}
	runStart := func(x int) bool { return b[(nz[x]-1+n)%n] == 0 }
	best := 0
	for x := 1; x < k; x++ {
		c := less(x, best)
		if c < 0 || (c == 0 && runStart(x) && !runStart(best)) {
			best = x
		}
	}
	bl := blinds{n: n}
	for j := 0; j < k; j++ {
		s := nz[(best+j)%k]
		bl.seats = append(bl.seats, s)
		bl.seq = append(bl.seq, b[s])
	}
	if k >= 2 {
		bl.sb, bl.bb = bl.seats[0], bl.seats[1]
	} else {
		bl.bb = bl.seats[0]
		bl.sb = (bl.bb - 1 + n) % n
	}
	bl.big = b[bl.bb]
	bl.last = bl.seats[k-1]
	return bl, nil
}

// positions returns the betting positions of a hand whose dealt-in seats
// are dealt (a bitmask). The button is the seat before the small-blind
// position; with exactly two players dealt in, the small blind is the
// button. Before the flop the first seat after the last forced bet acts
// first, after it the first seat after the button; the betting engine skips
// seats that are not dealt in.
func (bl *blinds) positions(dealt uint16) betting.Positions {
	if bl.anteOnly {
		return betting.TablePositions(bl.n, bl.button, bl.button)
	}
	button := (bl.sb - 1 + bl.n) % bl.n
	if popcount(dealt) == 2 {
		button = bl.sb
	}
	return betting.TablePositions(bl.n, button, bl.last)
}

// rotate lays the forced bets of the next hand over the seats that remain
// (keep[i] for old seat i; the new seats are the kept old seats in order):
// the small blind moves to the first kept seat after the old small blind
// and the sequence of forced bets follows it clockwise, over every seat,
// sitting-out seats included. A lone big blind gets a small blind of half
// its size back. Antes: a big-blind ante moves with the big blind, other
// antes become the largest ante of the last hand on every seat.
func (bl *blinds) rotate(keep []bool, oldAntes []chips.Chips) (blindsOut, antesOut []chips.Chips) {
	newIndex := make([]int, len(keep))
	nn := 0
	for i, k := range keep {
		newIndex[i] = -1
		if k {
			newIndex[i] = nn
			nn++
		}
	}
	blindsOut = make([]chips.Chips, nn)
	antesOut = make([]chips.Chips, nn)
	if nn == 0 {
		return
	}
	start := -1
	for d := 1; d <= bl.n; d++ {
		if o := (bl.sb + d) % bl.n; keep[o] {
			start = newIndex[o]
			break
		}
	}
	seq := bl.seq
	if len(seq) == 1 {
		// A lone big blind (a table that was down to one player): the small
		// blind comes back as half of it.
		seq = []chips.Chips{seq[0] / 2, seq[0]}
	}
	for j := 0; j < len(seq) && j < nn; j++ {
		blindsOut[(start+j)%nn] = seq[j]
	}
	// Antes: a big-blind ante moves with the big blind; otherwise every
	// seat antes the largest ante of the last hand.
	var ante chips.Chips
	nonZero := 0
	for _, a := range oldAntes {
		if a > 0 {
			nonZero++
			ante = max(ante, a)
		}
	}
	switch {
	case nonZero == 0:
	case nonZero == 1 && bl.bb >= 0 && oldAntes[bl.bb] > 0:
		antesOut[(start+1)%nn] = ante
	default:
		for i := range antesOut {
			antesOut[i] = ante
		}
	}
	return blindsOut, antesOut
}

// isSB and isBB report whether seat holds the small-blind or the big-blind
// position in a hand whose forced bets are bl.
func (bl *blinds) isSB(seat int) bool { return len(bl.seq) >= 2 && seat == bl.sb }
func (bl *blinds) isBB(seat int) bool { return seat == bl.bb }

// forced returns the chips seat must post: its blind and ante.
func forced(s *State, seat int) chips.Chips {
	return s.BlindsOrStraddles[seat] + s.Antes[seat]
}

func popcount(m uint16) int {
	c := 0
	for ; m != 0; m &= m - 1 {
		c++
	}
	return c
}
