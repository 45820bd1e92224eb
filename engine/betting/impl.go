package betting

import (
	"fmt"
	"math/bits"

	"github.com/deckforge/deckforge/engine/chips"
)

func popcount(m uint16) int { return bits.OnesCount16(m) }

func (h *Hand) reset(cfg *HandConfig) error {
	n := len(cfg.Stacks)
	h.toAct = -1
	h.round = -1
	h.n = 0
	if n < 2 || n > MaxSeats {
		return fmt.Errorf("betting: HandConfig.Stacks: %d seats, want 2 to %d", n, MaxSeats)
	}
	if cfg.Antes != nil && len(cfg.Antes) != n {
		return fmt.Errorf("betting: HandConfig.Antes: %d entries for %d seats", len(cfg.Antes), n)
	}
	if cfg.Blinds != nil && len(cfg.Blinds) != n {
		return fmt.Errorf("betting: HandConfig.Blinds: %d entries for %d seats", len(cfg.Blinds), n)
	}
	if cfg.DeadMoney < 0 || cfg.DeadMoney > MaxTotal {
		return fmt.Errorf("betting: HandConfig.DeadMoney: amount %v out of range 0..%v", cfg.DeadMoney, MaxTotal)
	}
	seated := 0
	total := cfg.DeadMoney
	for i, s := range cfg.Stacks {
		if s < 0 {
			return fmt.Errorf("betting: HandConfig.Stacks[%d]: negative stack %v", i, s)
		}
		if s > MaxTotal || total > MaxTotal-s {
			return fmt.Errorf("betting: HandConfig.Stacks[%d]: the stacks and dead money add up to more than %v chips", i, MaxTotal)
		}
		total += s
		if s > 0 {
			seated++
		}
		if cfg.Antes != nil {
			if a := cfg.Antes[i]; a < 0 || (a > 0 && s == 0) {
				return fmt.Errorf("betting: HandConfig.Antes[%d]: ante %v for a seat with stack %v", i, a, s)
			}
		}
		if cfg.Blinds != nil {
			if b := cfg.Blinds[i]; b < 0 || (b > 0 && s == 0) {
				return fmt.Errorf("betting: HandConfig.Blinds[%d]: blind %v for a seat with stack %v", i, b, s)
			}
		}
	}
	if seated < 2 {
		return fmt.Errorf("betting: HandConfig.Stacks: %d seats with chips, want at least 2", seated)
	}
	switch {
	case cfg.Button < 0 || cfg.Button >= n:
		return fmt.Errorf("betting: HandConfig.Button: seat %d out of range 0..%d", cfg.Button, n-1)
	case cfg.FirstToAct < 0 || cfg.FirstToAct >= n:
		return fmt.Errorf("betting: HandConfig.FirstToAct: seat %d out of range 0..%d", cfg.FirstToAct, n-1)
	case cfg.FirstToActPostflop < 0 || cfg.FirstToActPostflop >= n:
		return fmt.Errorf("betting: HandConfig.FirstToActPostflop: seat %d out of range 0..%d", cfg.FirstToActPostflop, n-1)
	case cfg.Unit < 0:
		return fmt.Errorf("betting: HandConfig.Unit: negative amount %v", cfg.Unit)
	}

	*h = Hand{
		n:      n,
		trim:   cfg.AnteTrimming,
		button: cfg.Button,
		first:  cfg.FirstToAct,
		post:   cfg.FirstToActPostflop,
		unit:   cfg.Unit,
		dead:   cfg.DeadMoney,
		round:  -1,
		toAct:  -1,
		mask:   uint16(1)<<n - 1,
	}
	if h.unit == 0 {
		h.unit = chips.Scale
	}
	for i, s := range cfg.Stacks {
		h.stack[i] = s
		h.start[i] = s
		if s == 0 {
			h.folded |= 1 << i
		}
	}
	if cfg.Antes != nil {
		for i, a := range cfg.Antes {
			a = min(a, h.stack[i])
			h.stack[i] -= a
			h.ante[i] = a
			h.committed[i] = a
		}
		if h.trim {
			h.trimAntes()
		}
	}
	if cfg.Blinds != nil {
		for i, b := range cfg.Blinds {
			h.maxBlind = max(h.maxBlind, b)
			b = min(b, h.stack[i])
			h.stack[i] -= b
			h.street[i] = b
			h.committed[i] += b
			h.tableBet = max(h.tableBet, b)
		}
	}
	for i := 0; i < n; i++ {
		if h.stack[i] == 0 && h.folded&(1<<i) == 0 {
			h.allin |= 1 << i
		}
	}
	return nil
}

// trimAntes gives the part of the largest ante that no other ante matches
// back to its owner (PokerKit's ante trimming: a lone big-blind ante comes
// back whole).
func (h *Hand) trimAntes() {
	top, first, second := -1, chips.Chips(0), chips.Chips(0)
	for i := 0; i < h.n; i++ {
		switch v := h.ante[i]; {
		case v > first:
			top, first, second = i, v, first
		case v > second:
			second = v
		}
	}
	if top < 0 || first == second {
		return
	}
	extra := first - second
	h.ante[top] -= extra
	h.committed[top] -= extra
	h.stack[top] += extra
}

func (h *Hand) startRound(rc RoundConfig) error {
	if h.n == 0 {
		return fmt.Errorf("betting: StartRound: the hand was not set up by a successful Reset")
	}
	if h.toAct >= 0 {
		return fmt.Errorf("betting: StartRound: round %d is not over (seat %d to act)", h.round, h.toAct)
	}
	switch {
	case rc.Structure > FixedLimit:
		return fmt.Errorf("betting: RoundConfig.Structure: unknown structure %d", rc.Structure)
	case rc.MinBet <= 0:
		return fmt.Errorf("betting: RoundConfig.MinBet: %v, want > 0", rc.MinBet)
	case rc.MaxRaises < 0:
		return fmt.Errorf("betting: RoundConfig.MaxRaises: %d, want >= 0", rc.MaxRaises)
	case rc.Structure == FixedLimit && rc.MaxRaises < 1:
		return fmt.Errorf("betting: RoundConfig.MaxRaises: %d, want >= 1 in fixed_limit", rc.MaxRaises)
	}
	h.round++
	h.rc = rc
	h.acted = 0
	h.raises = 0
	h.inc = rc.MinBet
	first := h.post
	if h.round == 0 {
		first = h.first
		if rc.Structure != FixedLimit {
			h.inc = max(h.inc, h.maxBlind)
		}
		h.matched = 0
		for i := 0; i < h.n; i++ {
			if h.street[i] == h.tableBet {
				h.matched |= 1 << i
			}
		}
	} else {
		h.street = [MaxSeats]chips.Chips{}
		h.tableBet = 0
		h.matched = h.mask
	}
	h.toAct = h.nextToAct(first)
	return nil
}

// over reports whether the current round is complete.
func (h *Hand) over() bool {
	in := h.mask &^ h.folded
	if in&(in-1) == 0 {
		return true
	}
	active := in &^ h.allin
	if active&(active-1) == 0 {
		// Nobody, or a single player who can act: over once it has
		// matched (nobody is left to bet against).
		return active&^h.matched == 0
	}
	return active&^(h.acted&h.matched) == 0
}

// nextToAct returns the first seat from 'from' on (clockwise, 'from'
// included) that must act, or -1 when the round is over.
func (h *Hand) nextToAct(from int) int {
	if h.over() {
		return -1
	}
	need := (h.mask &^ (h.folded | h.allin)) &^ (h.acted & h.matched)
	if up := need >> from << from; up != 0 {
		return bits.TrailingZeros16(up)
	}
	return bits.TrailingZeros16(need)
}

// raiseBounds reports whether the seat to act may bet or raise and the
// smallest and largest resulting street bet.
func (h *Hand) raiseBounds(s int) (ok bool, minTo, maxTo chips.Chips) {
	st := h.street[s]
	total := st + h.stack[s]
	if total <= h.tableBet {
		return false, 0, 0
	}
	gap := h.tableBet - st
	if h.tableBet > 0 && h.rc.MaxRaises > 0 && h.raises >= h.rc.MaxRaises {
		return false, 0, 0
	}
	if h.acted&(1<<s) != 0 && gap < h.inc {
		return false, 0, 0 // only short all-ins since s acted: not reopened
	}
	// Someone else must be able to answer: another active seat whose
	// chips reach above the table bet.
	var other chips.Chips
	for m := (h.inHand() &^ h.allin) &^ (1 << s); m != 0; m &= m - 1 {
		j := bits.TrailingZeros16(m)
		other = max(other, h.street[j]+h.stack[j])
	}
	if other <= h.tableBet {
		return false, 0, 0
	}
	minTo = min(h.tableBet+h.inc, total, other)
	switch h.rc.Structure {
	case FixedLimit:
		// The full unit even when nobody can call all of it: the
		// uncalled part goes back (PokerKit).
		minTo = min(h.tableBet+h.inc, total)
		maxTo = minTo
	case PotLimit:
		maxTo = min(total, max(minTo, h.tableBet+gap+h.Pot()))
	default:
		maxTo = total
	}
	return true, minTo, maxTo
}

func (h *Hand) legal(l *Legal) {
	s := h.toAct
	*l = Legal{Seat: s}
	if s < 0 {
		return
	}
	st := h.street[s]
	gap := h.tableBet - st
	if gap > 0 {
		l.CanFold = true
		l.CanCall = true
		l.CallAmount = min(gap, h.stack[s])
	} else {
		l.CanCheck = true
	}
	ok, minTo, maxTo := h.raiseBounds(s)
	if !ok {
		return
	}
	if h.tableBet == 0 {
		l.CanBet = true
	} else {
		l.CanRaise = true
	}
	l.MinTo, l.MaxTo = minTo, maxTo
	l.MinAmount, l.MaxAmount = minTo-st, maxTo-st
}

func (h *Hand) apply(a Action) error {
	s := h.toAct
	if s < 0 {
		return &ActionError{Err: ErrRoundOver, Seat: -1, Action: a, Legal: Legal{Seat: -1}}
	}
	var l Legal
	h.legal(&l)
	if why, err := check(&l, a); err != nil {
		return &ActionError{Err: err, Seat: s, Action: a, Legal: l, why: why}
	}
	h.applyUnchecked(a)
	return nil
}

// check returns why a is not allowed by l, or a nil error.
func check(l *Legal, a Action) (string, error) {
	switch a.Kind {
	case Fold:
		if !l.CanFold {
			return "cannot fold when a check is free", ErrIllegalAction
		}
		if a.Amount != 0 {
			return "a fold has no amount", ErrBadAmount
		}
	case Check:
		if !l.CanCheck {
			return "cannot check facing a bet", ErrIllegalAction
		}
		if a.Amount != 0 {
			return "a check has no amount", ErrBadAmount
		}
	case Call:
		if !l.CanCall {
			return "nothing to call", ErrIllegalAction
		}
		if a.Amount != 0 && a.Amount != l.CallAmount {
			return "the call amount differs", ErrBadAmount
		}
	case Bet, Raise:
		switch {
		case a.Kind == Bet && l.CanRaise:
			return "facing a bet: raise, not bet", ErrIllegalAction
		case a.Kind == Raise && l.CanBet:
			return "nobody has bet: bet, not raise", ErrIllegalAction
		case !l.CanBet && !l.CanRaise:
			return "may not bet or raise", ErrIllegalAction
		case a.Amount < l.MinAmount || a.Amount > l.MaxAmount:
			return "amount out of range", ErrBadAmount
		}
	default:
		return "unknown kind", ErrIllegalAction
	}
	return "", nil
}

func (h *Hand) applyUnchecked(a Action) {
	s := h.toAct
	if s < 0 {
		return
	}
	bit := uint16(1) << s
	switch a.Kind {
	case Fold:
		h.folded |= bit
	case Check:
		h.acted |= bit
	case Call:
		c := min(h.tableBet-h.street[s], h.stack[s])
		h.put(s, c)
		h.acted |= bit
		if h.street[s] == h.tableBet {
			h.matched |= bit
		}
	default: // Bet, Raise
		h.put(s, a.Amount)
		to := h.street[s]
		if h.tableBet > 0 {
			h.raises++
		}
		if inc := to - h.tableBet; inc >= h.inc {
			h.inc = inc
			h.acted = bit // a full raise reopens the betting
		} else {
			h.acted |= bit
		}
		h.tableBet = to
		h.matched = bit
	}
	next := s + 1
	if next == h.n {
		next = 0
	}
	h.toAct = h.nextToAct(next)
}

func (h *Hand) put(s int, c chips.Chips) {
	h.stack[s] -= c
	h.street[s] += c
	h.committed[s] += c
	if h.stack[s] == 0 {
		h.allin |= 1 << s
	}
}

func (h *Hand) raiseTo(to chips.Chips) (Action, error) {
	s := h.toAct
	if s < 0 {
		return Action{}, &ActionError{Err: ErrRoundOver, Seat: -1, Action: Action{Kind: Raise}, Legal: Legal{Seat: -1}, to: to}
	}
	var l Legal
	h.legal(&l)
	k := Raise
	if l.CanBet {
		k = Bet
	}
	a := Action{Kind: k, Amount: to - h.street[s]}
	switch {
	case !l.CanBet && !l.CanRaise:
		return Action{}, &ActionError{Err: ErrIllegalAction, Seat: s, Action: a, Legal: l, why: "may not bet or raise", to: to}
	case to < l.MinTo || to > l.MaxTo:
		return Action{}, &ActionError{Err: ErrBadAmount, Seat: s, Action: a, Legal: l, why: "amount out of range", to: to}
	}
	return a, nil
}

func (h *Hand) allInAction() Action {
	var l Legal
	h.legal(&l)
	switch {
	case l.Seat < 0:
		return Action{}
	case (l.CanBet || l.CanRaise) && l.MaxAmount == h.stack[l.Seat]:
		if l.CanBet {
			return Action{Kind: Bet, Amount: l.MaxAmount}
		}
		return Action{Kind: Raise, Amount: l.MaxAmount}
	case l.CanCall:
		return Action{Kind: Call, Amount: l.CallAmount}
	}
	return Action{Kind: Check}
}

// live returns seat i's live chips this hand (its antes excluded).
func (h *Hand) live(i int) chips.Chips { return h.committed[i] - h.ante[i] }

// uncalled reports the seat whose live chips exceed every other seat's and
// by how much; (-1, 0) if none.
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
	if first > second {
		return top, first - second
	}
	return -1, 0
}

// pots builds the pots: the main pot (the dead money, the antes unless they
// are trimmed, and the first contribution layer), then a side pot per higher
// contribution level.
func (h *Hand) pots(dst []Pot) []Pot {
	top, extra := h.uncalled()
	in := h.inHand()
	var lv [MaxSeats]chips.Chips // live chips, the uncalled layer taken out
	for i := 0; i < h.n; i++ {
		lv[i] = h.live(i)
	}
	if top >= 0 {
		lv[top] -= extra
	}
	push := func(amount chips.Chips, elig uint16) {
		if amount == 0 {
			return
		}
		if elig == 0 {
			elig = in // nobody still in reached this level
		}
		dst = append(dst, Pot{Amount: amount, Eligible: elig})
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

	// The main pot and the side pots, by contribution level among the
	// seats still in.
	live := in
	first := true
	prev := chips.Chips(-1)
	for {
		level := chips.Chips(-1)
		for m := live; m != 0; m &= m - 1 {
			if v := lv[bits.TrailingZeros16(m)]; v > prev && (level < 0 || v < level) {
				level = v
			}
		}
		base := max(prev, 0)
		if level < 0 {
			// Chips above every level still in: folded chips (not
			// expected once the uncalled layer is out).
			var rest chips.Chips
			for i := 0; i < h.n; i++ {
				rest += max(lv[i]-base, 0)
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
		for i := 0; i < h.n; i++ {
			amount += min(lv[i], level) - min(lv[i], base)
			if live&(1<<i) != 0 && lv[i] >= level {
				elig |= 1 << i
			}
		}
		if first {
			amount += dead
			first = false
		}
		push(amount, elig)
		prev = level
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

func (h *Hand) settle(hi, lo *[MaxSeats]uint32, loq uint16, dst *[MaxSeats]chips.Chips) {
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
			h.award(p.Amount, best(hi, p.Eligible), &won)
			continue
		}
		lw := best(lo, p.Eligible&loq)
		if lw == 0 {
			h.award(p.Amount, best(hi, p.Eligible), &won)
			continue
		}
		half := p.Amount / 2 / h.unit * h.unit
		h.award(p.Amount-half, best(hi, p.Eligible), &won)
		h.award(half, lw, &won)
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
