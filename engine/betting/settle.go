package betting

import (
	"math/bits"

	"github.com/deckforge/deckforge/engine/chips"
)

// live returns seat i's live chips this hand (its antes excluded).
func (h *Hand) live(i int) chips.Chips { return h.committed[i] - h.ante[i] }

// uncalled reports the seat whose live chips exceed every other seat's and
// by how much; (-1, 0) if none. A folded seat gets nothing back: its
// chips stay in the pot.
func (h *Hand) uncalled() (int, chips.Chips) {
	top, first, second := -1, chips.Chips(0), chips.Chips(0)
	for i := 0; i < h.n; i++ {
		v := h.live(i)
		switch {
		case top < 0 || v > first:
			if top >= 0 {
				second = first
			}
			top, first = i, v
		case v > second:
			second = v
		}
	}
	if first > second && h.folded&(1<<top) == 0 {
		return top, first - second
	}
	return -1, 0
}

// pots builds the pots: the main pot (the dead money, the antes unless they
// are trimmed, and the first contribution layer), then a side pot per higher
// contribution level.
func (h *Hand) pots(dst []Pot) []Pot {
	top, extra := h.uncalled()
	var lv [MaxSeats]chips.Chips // live chips, the uncalled layer taken out
	for i := 0; i < h.n; i++ {
		lv[i] = h.live(i)
	}
	if top >= 0 {
		lv[top] -= extra
	}
	// Without ante trimming every ante is dead money of the main pot, which
	// every seat still in may win. With it, antes are contributions like the
	// other chips: they count toward the pot levels.
	dead := h.dead
	for i := 0; i < h.n; i++ {
		if h.trim {
			lv[i] += h.ante[i]
		} else {
			dead += h.ante[i]
		}
	}
	return LayerPots(dst, lv[:h.n], dead, h.inHand())
}

// LayerPots appends to dst the pots that contributions make, as a hand
// builds them (Hand.Pots): level[i] is what seat i (at most 16 seats) put
// in toward the pot levels, the uncalled layer already returned; dead is
// the dead money of the main pot (antes that are not trimmed, dead blinds);
// in is the set of seats still in. Each contribution level of the seats
// still in makes a pot that the seats still in that reached it may win, the
// main pot first with the dead money; chips above every level still in (a
// folded seat's) go to the last pot.
func LayerPots(dst []Pot, level []chips.Chips, dead chips.Chips, in uint16) []Pot {
	push := func(amount chips.Chips, elig uint16) {
		if amount == 0 {
			return
		}
		if elig == 0 {
			elig = in // nobody still in reached this level
		}
		dst = append(dst, Pot{Amount: amount, Eligible: elig})
	}
	live := in
	first := true
	prev := chips.Chips(-1)
	for {
		lvl := chips.Chips(-1)
		for m := live; m != 0; m &= m - 1 {
			if i := bits.TrailingZeros16(m); i < len(level) {
				if v := level[i]; v > prev && (lvl < 0 || v < lvl) {
					lvl = v
				}
			}
		}
		base := max(prev, 0)
		if lvl < 0 {
			// Chips above every level still in: folded chips (not
			// expected once the uncalled layer is out).
			var rest chips.Chips
			for _, v := range level {
				rest += max(v-base, 0)
			}
			if first {
				rest += dead
			}
			if rest > 0 && len(dst) > 0 {
				dst[len(dst)-1].Amount += rest
			} else {
				push(rest, in)
			}
			return dst
		}
		var amount chips.Chips
		var elig uint16
		for i, v := range level {
			amount += min(v, lvl) - min(v, base)
			if live&(1<<i) != 0 && v >= lvl {
				elig |= 1 << i
			}
		}
		if first {
			amount += dead
			first = false
		}
		push(amount, elig)
		prev = lvl
	}
}

func (h *Hand) returnUncalled() (int, chips.Chips) {
	if !h.HandOver() {
		return -1, 0
	}
	top, extra := h.uncalled()
	if top < 0 {
		return -1, 0
	}
	h.committed[top] -= extra
	h.stack[top] += extra
	h.street[top] -= min(extra, h.street[top])
	return top, extra
}

func (h *Hand) settle(hi, lo *[MaxSeats]uint32, loq uint16, dst *[MaxSeats]chips.Chips, aw *[]Award) {
	if dst != nil {
		*dst = [MaxSeats]chips.Chips{}
	}
	if h.settled {
		return
	}
	top, extra := h.uncalled()
	if top >= 0 {
		h.committed[top] -= extra
		h.stack[top] += extra
		h.street[top] -= min(extra, h.street[top])
	}
	var buf [2*MaxSeats + 1]Pot
	ps := h.pots(buf[:0])
	// Seats whose hands win some part of the hand contend; the others
	// are out of every pot. Adjacent pots with the same contenders are
	// merged before splitting, so a tie over several side pots splits
	// once.
	var contenders uint16
	for _, p := range ps {
		contenders |= best(hi, p.Eligible)
		if lo != nil {
			contenders |= best(lo, p.Eligible&loq)
		}
	}
	k := 0
	for _, p := range ps {
		p.Eligible &= contenders
		if k > 0 && ps[k-1].Eligible == p.Eligible {
			ps[k-1].Amount += p.Amount
			continue
		}
		ps[k] = p
		k++
	}
	var won [MaxSeats]chips.Chips
	for _, p := range ps[:k] {
		if lo == nil {
			h.give(p, p.Amount, best(hi, p.Eligible), false, &won, aw)
			continue
		}
		lw := best(lo, p.Eligible&loq)
		if lw == 0 {
			h.give(p, p.Amount, best(hi, p.Eligible), false, &won, aw)
			continue
		}
		half := p.Amount / 2 / h.unit * h.unit
		h.give(p, p.Amount-half, best(hi, p.Eligible), false, &won, aw)
		h.give(p, half, lw, true, &won, aw)
	}
	for i := 0; i < h.n; i++ {
		h.stack[i] += won[i]
		h.committed[i] = 0
		h.ante[i] = 0
		h.street[i] = 0
	}
	h.dead = 0
	h.tableBet = 0
	h.settled = true
	if dst != nil {
		*dst = won
	}
}

// best returns the seats of elig with the highest strength.
func best(strength *[MaxSeats]uint32, elig uint16) uint16 {
	var w uint16
	var top uint32
	for m := elig; m != 0; m &= m - 1 {
		i := bits.TrailingZeros16(m)
		switch v := strength[i]; {
		case w == 0 || v > top:
			w, top = 1<<i, v
		case v == top:
			w |= 1 << i
		}
	}
	return w
}

// give awards amount of pot p to winners and, when aw is not nil, appends
// the Award.
func (h *Hand) give(p Pot, amount chips.Chips, winners uint16, low bool, won *[MaxSeats]chips.Chips, aw *[]Award) {
	if aw == nil {
		h.award(amount, winners, won)
		return
	}
	before := *won
	h.award(amount, winners, won)
	if amount == 0 || winners == 0 {
		return
	}
	a := Award{Pot: p, Amount: amount, Winners: winners, Low: low}
	for i := 0; i < h.n; i++ {
		a.Shares[i] = won[i] - before[i]
	}
	*aw = append(*aw, a)
}

// award splits amount among the winners: equal shares in multiples of the
// unit, the whole remainder to the first winner clockwise from the button.
func (h *Hand) award(amount chips.Chips, winners uint16, won *[MaxSeats]chips.Chips) {
	k := chips.Chips(popcount(winners))
	if k == 0 || amount == 0 {
		return
	}
	share := amount / (k * h.unit) * h.unit
	for m := winners; m != 0; m &= m - 1 {
		won[bits.TrailingZeros16(m)] += share
	}
	rest := amount - share*k
	if rest == 0 {
		return
	}
	s := h.button
	for {
		s++
		if s == h.n {
			s = 0
		}
		if winners&(1<<s) != 0 {
			won[s] += rest
			return
		}
	}
}
