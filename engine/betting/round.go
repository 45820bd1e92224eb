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
	// The minimum is a full raise, or the whole stack when it is short
	// (PokerKit): never capped at what the others can call; the part
	// nobody calls goes back.
	minTo = min(h.tableBet+h.inc, total)
	switch h.rc.Structure {
	case FixedLimit:
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

func (h *Hand) forfeit(s int) error {
	switch {
	case h.n == 0 || h.settled:
		return fmt.Errorf("betting: Forfeit: no hand in play")
	case s < 0 || s >= h.n:
		return fmt.Errorf("betting: Forfeit: seat %d out of range 0..%d", s, h.n-1)
	case h.folded&(1<<s) != 0:
		return fmt.Errorf("betting: Forfeit: seat %d is not in the hand", s)
	case h.allin&(1<<s) != 0:
		return fmt.Errorf("betting: Forfeit: seat %d is all-in", s)
	}
	h.folded |= 1 << s
	if h.toAct < 0 {
		return nil
	}
	from := h.toAct
	if from == s {
		from = s + 1
		if from == h.n {
			from = 0
		}
	}
	h.toAct = h.nextToAct(from)
	return nil
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
