package stats

// Who is still in, who acts after whom, and who may raise.

func popcount(x uint16) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// active reports whether seat i can still act: dealt in, not folded, not
// all-in.
func (t *Tracker) active(i int) bool {
	return (t.folded|t.allin)&(1<<i) == 0
}

// otherActive reports whether a seat other than p can still act.
func (t *Tracker) otherActive(p int) bool {
	return (t.in&^(t.folded|t.allin))&^(1<<p) != 0
}

// otherCanRespond reports whether a seat other than p can still act and
// has chips beyond the table bet, so that a raise would ask something of it.
func (t *Tracker) otherCanRespond(p int) bool {
	m := (t.in &^ (t.folded | t.allin)) &^ (1 << p)
	for i := 0; m != 0; i++ {
		if m&(1<<i) != 0 {
			if t.stack[i]+t.bet[i] > t.tableBet {
				return true
			}
			m &^= 1 << i
		}
	}
	return false
}

// lastToAct reports whether p comes after every other seat that can still
// act, in the order of the rounds after the first (the projected order in
// the first round).
func (t *Tracker) lastToAct(p int) bool {
	m := (t.in &^ (t.folded | t.allin)) &^ (1 << p)
	for i := 0; m != 0; i++ {
		if m&(1<<i) != 0 {
			if t.pos[i] > t.pos[p] {
				return false
			}
			m &^= 1 << i
		}
	}
	return true
}

// behind reports whether p acts after q (pairwise position).
func (t *Tracker) behind(p, q int) bool { return t.pos[p] > t.pos[q] }

// canRaise reports whether p may bet or raise now: another player can
// still act and has chips beyond the table bet, p has more than the call, the round's raise cap is not
// reached, and betting is open for p. Betting is closed for a player who
// already acted in the round unless the table bet rose by at least the last
// full raise increment since (consecutive short all-ins add up).
func (t *Tracker) canRaise(p int) bool {
	if !t.otherCanRespond(p) || t.stack[p] <= t.tableBet-t.bet[p] {
		return false
	}
	if t.tableBet == 0 {
		return true
	}
	if t.maxRaises > 0 && t.raises >= t.maxRaises {
		return false
	}
	return t.acted&(1<<p) == 0 || t.tableBet-t.actedAt[p] >= t.fullInc
}
