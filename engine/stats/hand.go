package stats

// Starting a hand and its betting rounds.

import (
	"fmt"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
)

// OnHandStart begins a hand: it posts antes and blinds and clears the
// previous hand's counts.
func (t *Tracker) OnHandStart(s *Setup) error {
	n := len(s.Stacks)
	if n < 2 || n > MaxSeats {
		return fmt.Errorf("%w: %d seats (want 2 to %d)", ErrSetup, n, MaxSeats)
	}
	if s.Antes != nil && len(s.Antes) != n {
		return fmt.Errorf("%w: %d antes for %d seats", ErrSetup, len(s.Antes), n)
	}
	if s.Blinds != nil && len(s.Blinds) != n {
		return fmt.Errorf("%w: %d blinds for %d seats", ErrSetup, len(s.Blinds), n)
	}
	if s.Button < 0 || s.Button >= n {
		return fmt.Errorf("%w: button seat %d out of range", ErrSetup, s.Button)
	}
	if s.BigBlind < 0 || s.DeadMoney < 0 {
		return fmt.Errorf("%w: negative big blind or dead money", ErrSetup)
	}
	dealt := 0
	for i := 0; i < n; i++ {
		if s.Stacks[i] < 0 {
			return fmt.Errorf("%w: seat %d: negative stack %v", ErrSetup, i, s.Stacks[i])
		}
		var a, b chips.Chips
		if s.Antes != nil {
			a = s.Antes[i]
		}
		if s.Blinds != nil {
			b = s.Blinds[i]
		}
		if a < 0 || b < 0 {
			return fmt.Errorf("%w: seat %d: negative forced bet", ErrSetup, i)
		}
		if s.Stacks[i] == 0 && (a > 0 || b > 0) {
			return fmt.Errorf("%w: seat %d sits out but owes a forced bet", ErrSetup, i)
		}
		if s.Stacks[i] > 0 {
			dealt++
		}
	}
	if dealt < 2 {
		return fmt.Errorf("%w: %d seats dealt in (want at least 2)", ErrSetup, dealt)
	}

	// Clear the previous hand's counts.
	for _, d := range t.dirty[:t.ndirty] {
		t.cnt[d>>dirtyShift][d&dirtyMask] = 0
	}
	t.ndirty = 0

	t.n = n
	t.in, t.folded, t.allin, t.acted, t.checked = 0, 0, 0, 0, 0
	t.largestBlind, t.hasBlinds = 0, false
	for i := 0; i < n; i++ {
		t.pos[i] = -1
		t.stack[i], t.bet[i], t.committed[i], t.actedAt[i], t.ante[i] = s.Stacks[i], 0, 0, 0, 0
		t.flags[i], t.net[i] = 0, 0
		t.floatVs[i], t.prevFl[i] = -1, -1
		if s.Stacks[i] == 0 {
			t.folded |= 1 << i
			continue
		}
		t.in |= 1 << i
		if s.Antes != nil {
			t.post(i, s.Antes[i], false)
		}
		if s.Blinds != nil && s.Blinds[i] > 0 {
			t.hasBlinds = true
			t.largestBlind = max(t.largestBlind, s.Blinds[i])
			t.post(i, s.Blinds[i], true)
		}
	}
	// Positions: the first seat dealt in after the button is 0.
	var seatAt [MaxSeats]int8
	p := int8(0)
	for k := 1; k <= n; k++ {
		i := (s.Button + k) % n
		if t.in&(1<<i) != 0 {
			t.pos[i] = p
			seatAt[p] = int8(i)
			p++
		}
	}
	// The blinds are the first two positions when they posted a blind (a
	// missed small blind leaves one); straddles further on are no blinds.
	t.btn, t.co, t.sb, t.blinds = seatAt[p-1], -1, -1, 0
	if t.hasBlinds {
		for q := 0; q < 2; q++ {
			if t.bet[seatAt[q]] > 0 {
				t.blinds |= 1 << seatAt[q]
			}
		}
		if p >= 3 && t.bet[seatAt[0]] > 0 {
			t.sb = seatAt[0]
		}
		if p >= 4 {
			t.co = seatAt[p-2]
		}
	}
	t.tableBet = 0
	for i := 0; i < n; i++ {
		t.tableBet = max(t.tableBet, t.bet[i])
	}
	t.unit = s.BigBlind
	if t.unit == 0 {
		t.unit = t.largestBlind
	}
	t.minBet = 0
	t.dead = s.DeadMoney
	t.round = -1
	t.entered, t.callers = false, 0
	t.roundAgg = [4]int8{-1, -1, -1, -1}
	t.prevAgg, t.curAgg, t.lastAgg, t.pfa, t.cbettor, t.handAgg = -1, -1, -1, -1, -1, -1
	t.handAggIP, t.pending, t.pendAtt = false, false, false
	t.known, t.showdown, t.secondRnd = false, false, false
	t.state = stDealt
	return nil
}

// post puts a forced bet in: a blind is a live street bet, an ante is not.
func (t *Tracker) post(i int, amt chips.Chips, live bool) {
	amt = min(amt, t.stack[i])
	t.stack[i] -= amt
	t.committed[i] += amt
	if live {
		t.bet[i] += amt
	} else {
		t.ante[i] += amt
	}
	if t.stack[i] == 0 {
		t.allin |= 1 << i
	}
}

// OnRoundStart begins the next betting round: the first call begins round 0
// (the preflop of the spec), later calls the later rounds (the streets).
func (t *Tracker) OnRoundStart(rc RoundConfig) error {
	if t.state != stDealt && t.state != stRound {
		return fmt.Errorf("%w: round start outside a hand", ErrState)
	}
	if rc.MinBet < 0 || rc.MaxRaises < 0 {
		return fmt.Errorf("%w: negative min bet or max raises", ErrSetup)
	}
	if rc.MinBet > 0 {
		t.minBet = rc.MinBet
	} else if t.minBet == 0 {
		t.minBet = max(t.largestBlind, 1)
	}
	if t.unit == 0 {
		t.unit = t.minBet
	}
	if t.round == 0 {
		t.endFirstRound()
	}
	t.round++
	t.maxRaises = rc.MaxRaises
	t.structure = rc.Structure
	t.raises, t.aggs = 0, 0
	t.first, t.live = noAggression, noAggression
	t.acted, t.checked = 0, 0
	if t.round == 0 {
		t.fullInc = t.minBet
		if rc.Structure != betting.FixedLimit {
			t.fullInc = max(t.minBet, t.largestBlind)
		}
	} else {
		t.fullInc = t.minBet
		t.prevAgg = t.curAgg
		t.curAgg = -1
		t.tableBet = 0
		for i := 0; i < t.n; i++ {
			t.bet[i], t.actedAt[i] = 0, 0
			t.prevFl[i], t.floatVs[i] = t.floatVs[i], -1
		}
	}
	t.state = stRound
	return nil
}

// endFirstRound settles what the first round decides: the pending
// behind-seat steal, the preflop aggressor, and the positions of the
// players still in.
func (t *Tracker) endFirstRound() {
	t.resolveSteal(false)
	t.pfa = t.roundAgg[0]
	left := t.in &^ t.folded
	if popcount(left) < 2 {
		return
	}
	t.secondRnd = true
	last := -1
	for i := 0; i < t.n; i++ {
		if left&(1<<i) != 0 && (last < 0 || t.pos[i] > t.pos[last]) {
			last = i
		}
	}
	for i := 0; i < t.n; i++ {
		if left&(1<<i) == 0 {
			continue
		}
		if i == last {
			t.flags[i] |= fHandsIP
			t.inc(i, HandsIP)
		} else {
			t.flags[i] |= fHandsOOP
			t.inc(i, HandsOOP)
		}
	}
}
