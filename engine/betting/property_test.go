package betting_test

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
)

// source is the randomness of one random hand: an RNG, or fuzz bytes.
type source interface{ IntN(n int) int }

type byteSource struct {
	b []byte
	i int
}

func (s *byteSource) IntN(n int) int {
	if n <= 1 {
		return 0
	}
	var v uint32
	if s.i+2 <= len(s.b) {
		v = uint32(binary.LittleEndian.Uint16(s.b[s.i:]))
		s.i += 2
	} else {
		s.i++ // exhausted: keep making progress deterministically
		v = uint32(s.i)
	}
	return int(v % uint32(n))
}

// randomConfig draws a hand: 2–9 seats (sometimes one sitting out),
// random stacks down to a few hundredths, antes, blinds, straddles, dead
// money, positions and unit.
func randomConfig(r source, buf *[4][betting.MaxSeats]chips.Chips) betting.HandConfig {
	n := 2 + r.IntN(8)
	scale := []int{300, 2000, 20000, 200000}[r.IntN(4)]
	stacks := buf[0][:n]
	for i := range stacks {
		stacks[i] = chips.Chips(1 + r.IntN(scale))
		if r.IntN(6) == 0 {
			stacks[i] = chips.Chips(1 + r.IntN(300)) // short
		}
	}
	if n > 2 && r.IntN(10) == 0 {
		stacks[r.IntN(n)] = 0 // sits out
	}
	cfg := betting.HandConfig{Stacks: stacks, Button: r.IntN(n)}
	next := func(s, k int) int { return (s + k) % n }
	if r.IntN(4) != 0 {
		blinds := buf[1][:n]
		clear(blinds)
		sb := chips.Chips(50 * (1 + r.IntN(4)))
		first := next(cfg.Button, 1)
		if n == 2 {
			first = cfg.Button
		}
		blinds[first] = sb
		blinds[next(first, 1)] = 2 * sb
		last := next(first, 1)
		if n > 3 && r.IntN(5) == 0 {
			last = next(first, 2)
			blinds[last] = 4 * sb // straddle
		}
		for i := range blinds {
			if stacks[i] == 0 {
				blinds[i] = 0
			}
		}
		cfg.Blinds = blinds
		cfg.FirstToAct = next(last, 1)
		cfg.FirstToActPostflop = next(cfg.Button, 1)
		if n == 2 {
			cfg.FirstToActPostflop = next(cfg.Button, 1)
		}
	} else {
		cfg.FirstToAct = r.IntN(n)
		cfg.FirstToActPostflop = r.IntN(n)
	}
	switch r.IntN(4) {
	case 0:
		antes := buf[2][:n]
		a := chips.Chips(1 + r.IntN(60))
		for i := range antes {
			antes[i] = a
			if stacks[i] == 0 {
				antes[i] = 0
			}
		}
		cfg.Antes = antes
	case 1:
		antes := buf[2][:n]
		clear(antes)
		if s := next(cfg.Button, 2); stacks[s] > 0 {
			antes[s] = chips.Chips(1 + r.IntN(200)) // big-blind ante
		}
		cfg.Antes = antes
	}
	if r.IntN(8) == 0 {
		cfg.DeadMoney = chips.Chips(r.IntN(500))
	}
	cfg.Unit = []chips.Chips{0, 1, 50, 100}[r.IntN(4)]
	return cfg
}

func randomRound(r source, structure betting.Structure) betting.RoundConfig {
	rc := betting.RoundConfig{Structure: structure, MinBet: chips.Chips(1 + r.IntN(300))}
	switch {
	case structure == betting.FixedLimit:
		rc.MaxRaises = 1 + r.IntN(4)
	case r.IntN(3) == 0:
		rc.MaxRaises = 1 + r.IntN(5)
	}
	return rc
}

// checkLegal checks the internal consistency of l.
func checkLegal(h *betting.Hand, l betting.Legal, rc betting.RoundConfig) error {
	s := l.Seat
	switch {
	case s < 0:
		return fmt.Errorf("round on but Legal.Seat = -1")
	case !h.Active(s):
		return fmt.Errorf("seat %d to act is not active", s)
	case l.CanCheck == l.CanCall:
		return fmt.Errorf("check %v call %v", l.CanCheck, l.CanCall)
	case l.CanFold != l.CanCall:
		return fmt.Errorf("fold %v call %v", l.CanFold, l.CanCall)
	case l.CanCall && (l.CallAmount <= 0 || l.CallAmount > h.Stack(s) || l.CallAmount > h.TableBet()-h.StreetBet(s)):
		return fmt.Errorf("call amount %v", l.CallAmount)
	case l.CanBet && l.CanRaise:
		return fmt.Errorf("both bet and raise")
	case l.CanBet != (l.CanBet && h.TableBet() == 0):
		return fmt.Errorf("bet facing %v", h.TableBet())
	}
	if l.CanBet || l.CanRaise {
		switch {
		case l.MinAmount <= 0 || l.MinAmount > l.MaxAmount || l.MaxAmount > h.Stack(s):
			return fmt.Errorf("amounts %v..%v, stack %v", l.MinAmount, l.MaxAmount, h.Stack(s))
		case l.MinTo != h.StreetBet(s)+l.MinAmount || l.MaxTo != h.StreetBet(s)+l.MaxAmount:
			return fmt.Errorf("raise-to %v..%v vs by %v..%v", l.MinTo, l.MaxTo, l.MinAmount, l.MaxAmount)
		case l.MinTo <= h.TableBet():
			return fmt.Errorf("min to %v does not exceed the table bet %v", l.MinTo, h.TableBet())
		case rc.Structure == betting.FixedLimit && l.MinAmount != l.MaxAmount:
			return fmt.Errorf("fixed limit %v..%v", l.MinAmount, l.MaxAmount)
		}
	}
	return nil
}

// illegal tries actions that Legal does not allow and checks each is
// rejected without a change.
func illegal(h *betting.Hand, l betting.Legal, r source) error {
	var tries [8]betting.Action
	k := 0
	add := func(a betting.Action) { tries[k] = a; k++ }
	if !l.CanCheck {
		add(betting.Action{Kind: betting.Check})
	} else {
		add(betting.Action{Kind: betting.Fold})
	}
	switch {
	case l.CanRaise:
		add(betting.Action{Kind: betting.Bet, Amount: l.MinAmount})
	case l.CanBet:
		add(betting.Action{Kind: betting.Raise, Amount: l.MinAmount})
	}
	if l.CanCall {
		add(betting.Action{Kind: betting.Call, Amount: l.CallAmount + 1})
		add(betting.Action{Kind: betting.Bet, Amount: l.CallAmount + 1})
	}
	if l.CanBet || l.CanRaise {
		kind := betting.Raise
		if l.CanBet {
			kind = betting.Bet
		}
		add(betting.Action{Kind: kind, Amount: l.MinAmount - 1 - chips.Chips(r.IntN(3))})
		add(betting.Action{Kind: kind, Amount: l.MaxAmount + 1 + chips.Chips(r.IntN(3))})
	} else {
		add(betting.Action{Kind: betting.Raise, Amount: h.Stack(l.Seat)})
	}
	before := *h
	for _, a := range tries[:k] {
		if err := h.Apply(a); err == nil {
			return fmt.Errorf("illegal %v %v accepted (legal %+v)", a.Kind, a.Amount, l)
		}
		if *h != before {
			return fmt.Errorf("rejected %v %v changed the hand", a.Kind, a.Amount)
		}
	}
	return nil
}

// pick draws a legal action: fold, check/call, or a bet/raise of the
// minimum, the maximum or a random amount in between.
func pick(l betting.Legal, r source) betting.Action {
	for {
		switch r.IntN(6) {
		case 0:
			if l.CanFold {
				return betting.Action{Kind: betting.Fold}
			}
		case 1, 2:
			if l.CanCheck {
				return betting.Action{Kind: betting.Check}
			}
			return betting.Action{Kind: betting.Call}
		default:
			if !l.CanBet && !l.CanRaise {
				continue
			}
			kind := betting.Raise
			if l.CanBet {
				kind = betting.Bet
			}
			amount := l.MinAmount
			switch r.IntN(3) {
			case 0:
				amount = l.MaxAmount
			case 1:
				amount += chips.Chips(r.IntN(int(min(l.MaxAmount-l.MinAmount+1, 1<<30))))
			}
			return betting.Action{Kind: kind, Amount: amount}
		}
	}
}

// randomHand plays one random hand through every check. Every legal
// action kind is tried on a copy before the chosen one is applied.
func randomHand(r source, buf *[4][betting.MaxSeats]chips.Chips) error {
	cfg := randomConfig(r, buf)
	h, err := betting.NewHand(cfg)
	if err != nil {
		return fmt.Errorf("config %+v: %v", cfg, err)
	}
	var start chips.Chips
	var maxStack chips.Chips
	for _, s := range cfg.Stacks {
		start += s
		maxStack = max(maxStack, s)
	}
	want := start + cfg.DeadMoney
	structure := betting.Structure(r.IntN(3))
	for round := 0; round < 4; round++ {
		rc := randomRound(r, structure)
		if err := h.StartRound(rc); err != nil {
			return err
		}
		// A bound on the number of actions: between two full raises each
		// seat acts at most twice, and a full raise adds at least MinBet.
		limit := 2*h.NumSeats()*int(maxStack/min(rc.MinBet, 50)+2) + h.NumSeats()
		actions := 0
		for !h.RoundOver() {
			if actions++; actions > limit {
				return fmt.Errorf("round %d: more than %d actions", round, limit)
			}
			l := h.Legal()
			if err := checkLegal(&h, l, rc); err != nil {
				return fmt.Errorf("round %d: %v (legal %+v)", round, err, l)
			}
			if r.IntN(4) == 0 {
				if err := illegal(&h, l, r); err != nil {
					return err
				}
			}
			// Every kind Legal allows is accepted.
			for _, a := range [...]betting.Action{
				{Kind: betting.Fold}, {Kind: betting.Check}, {Kind: betting.Call},
				{Kind: betting.Bet, Amount: l.MinAmount}, {Kind: betting.Bet, Amount: l.MaxAmount},
				{Kind: betting.Raise, Amount: l.MinAmount}, {Kind: betting.Raise, Amount: l.MaxAmount},
			} {
				allowed := a.Kind == betting.Fold && l.CanFold || a.Kind == betting.Check && l.CanCheck ||
					a.Kind == betting.Call && l.CanCall || a.Kind == betting.Bet && l.CanBet || a.Kind == betting.Raise && l.CanRaise
				if !allowed {
					continue
				}
				g := h
				if err := g.Apply(a); err != nil {
					return fmt.Errorf("legal %v %v rejected: %v (legal %+v)", a.Kind, a.Amount, err, l)
				}
			}
			a := pick(l, r)
			if err := h.Apply(a); err != nil {
				return fmt.Errorf("legal %v %v rejected: %v (legal %+v)", a.Kind, a.Amount, err, l)
			}
			var sum chips.Chips
			for i := 0; i < h.NumSeats(); i++ {
				if h.Stack(i) < 0 {
					return fmt.Errorf("negative stack")
				}
				sum += h.Stack(i)
			}
			if sum+h.Pot() != want {
				return fmt.Errorf("chips: stacks %v + pot %v != %v", sum, h.Pot(), want)
			}
		}
	}
	// Pots plus the uncalled layer hold the whole pot.
	var pots [2 * betting.MaxSeats]betting.Pot
	var inPots chips.Chips
	for _, p := range h.Pots(pots[:0]) {
		if p.Amount <= 0 || p.Eligible == 0 || p.Eligible&^h.InHand() != 0 {
			return fmt.Errorf("bad pot %+v", p)
		}
		inPots += p.Amount
	}
	g := h
	_, back := g.ReturnUncalled()
	if inPots+back != h.Pot() {
		return fmt.Errorf("pots %v + uncalled %v != pot %v", inPots, back, h.Pot())
	}
	var strength [betting.MaxSeats]uint32
	for i := range strength {
		strength[i] = uint32(r.IntN(4))
	}
	var won [betting.MaxSeats]chips.Chips
	h.Settle(&strength, &won)
	var sum, wonSum chips.Chips
	for i := 0; i < h.NumSeats(); i++ {
		sum += h.Stack(i)
		wonSum += won[i]
		if won[i] != 0 && g.Folded(i) {
			return fmt.Errorf("folded seat %d won %v", i, won[i])
		}
	}
	if sum != want || h.Pot() != 0 || wonSum != inPots {
		return fmt.Errorf("after Settle: stacks %v want %v, pot %v, won %v of %v", sum, want, h.Pot(), wonSum, inPots)
	}
	return nil
}

// TestRandomHands plays a million random hands (2–9 seats, every
// structure, random legal amounts) on two goroutines.
func TestRandomHands(t *testing.T) {
	const hands = 1_000_000
	const workers = 2
	var wg sync.WaitGroup
	errs := make([]error, workers)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			r := rand.New(rand.NewPCG(2024, uint64(w)))
			var buf [4][betting.MaxSeats]chips.Chips
			for i := 0; i < hands/workers; i++ {
				if err := randomHand(r, &buf); err != nil {
					errs[w] = fmt.Errorf("worker %d hand %d: %w", w, i, err)
					return
				}
			}
		}(w)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
}

// FuzzHand drives random hands from fuzz bytes with the same checks.
func FuzzHand(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("seed corpus: a few bytes to start from"))
	f.Add(make([]byte, 200))
	f.Fuzz(func(t *testing.T, b []byte) {
		var buf [4][betting.MaxSeats]chips.Chips
		if err := randomHand(&byteSource{b: b}, &buf); err != nil {
			t.Fatal(err)
		}
	})
}
