package betting_test

import (
	"math/bits"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
)

// A minimal hold'em loop drives the benchmarks: shuffle (only the cards
// dealt), deal, four no-limit rounds of random play, showdown, pots.

// quickStrength ranks the best 5-card high hand among 7 cards, higher is
// better: category in bits 20–23, then up to five ranks of 4 bits. It is a
// small bit-twiddling evaluator kept here as a stand-in for a table-driven
// evaluator: it costs a few tens of nanoseconds.
func quickStrength(cs *[7]cards.Card) uint32 {
	var suit [4]uint16
	var count [13]uint8
	var all uint16
	for _, c := range cs {
		r := c >> 2
		suit[c&3] |= 1 << r
		count[r]++
		all |= 1 << r
	}
	for _, m := range suit {
		if bits.OnesCount16(m) >= 5 {
			if hi := straightHigh(m); hi >= 0 {
				return 8<<20 | uint32(hi)
			}
			v := uint32(5)
			for k := 0; k < 5; k++ {
				top := bits.Len16(m) - 1
				v = v<<4 | uint32(top)
				m &^= 1 << top
			}
			return v
		}
	}
	var quad, trip1, trip2, pair1, pair2 int = -1, -1, -1, -1, -1
	for r := 12; r >= 0; r-- {
		switch count[r] {
		case 4:
			quad = r
		case 3:
			if trip1 < 0 {
				trip1 = r
			} else if trip2 < 0 {
				trip2 = r
			}
		case 2:
			if pair1 < 0 {
				pair1 = r
			} else if pair2 < 0 {
				pair2 = r
			}
		}
	}
	kick := func(v uint32, k int, skip uint16) uint32 {
		m := all &^ skip
		for ; k > 0; k-- {
			top := bits.Len16(m) - 1
			v = v<<4 | uint32(top)
			m &^= 1 << top
		}
		return v
	}
	switch {
	case quad >= 0:
		return kick(7<<4|uint32(quad), 1, 1<<quad) << 12
	case trip1 >= 0 && (trip2 >= 0 || pair1 >= 0):
		p := pair1
		if trip2 > p {
			p = trip2
		}
		return (6<<8 | uint32(trip1)<<4 | uint32(p)) << 12
	}
	if hi := straightHigh(all); hi >= 0 {
		return 4<<20 | uint32(hi)
	}
	switch {
	case trip1 >= 0:
		return kick(3<<4|uint32(trip1), 2, 1<<trip1) << 8
	case pair2 >= 0:
		return kick(2<<8|uint32(pair1)<<4|uint32(pair2), 1, 1<<pair1|1<<pair2) << 8
	case pair1 >= 0:
		return kick(1<<4|uint32(pair1), 3, 1<<pair1) << 4
	}
	return kick(0, 5, 0)
}

// straightHigh returns the top rank of the best straight in the rank mask
// m (the wheel counts the ace low), or -1.
func straightHigh(m uint16) int {
	w := uint32(m)<<1 | uint32(m>>12&1) // bit 0: the ace as one
	s := w & (w >> 1) & (w >> 2) & (w >> 3) & (w >> 4)
	if s == 0 {
		return -1
	}
	return bits.Len32(s) + 2 // lowest bit of the run + 4, back to rank
}

// table is the reusable state of the benchmark loop.
type table struct {
	n      int
	rng    *rand.Rand
	deck   [52]cards.Card
	stacks [betting.MaxSeats]chips.Chips
	blinds [betting.MaxSeats][betting.MaxSeats]chips.Chips // per button
	h      betting.Hand
	hands  int
}

func newTable(n int, seed uint64) *table {
	t := &table{n: n, rng: rand.New(rand.NewPCG(seed, 7))}
	for i := range t.deck {
		t.deck[i] = cards.Card(i)
	}
	for i := 0; i < n; i++ {
		t.stacks[i] = chips.FromInt(200) // 100 big blinds
	}
	for b := 0; b < n; b++ {
		sb, bb := (b+1)%n, (b+2)%n
		if n == 2 {
			sb, bb = b, 1-b
		}
		t.blinds[b][sb] = chips.FromInt(1)
		t.blinds[b][bb] = chips.FromInt(2)
	}
	return t
}

var benchRound = betting.RoundConfig{Structure: betting.NoLimit, MinBet: chips.FromInt(2)}

// play runs one complete hand and returns the number of actions.
func (t *table) play() int {
	n := t.n
	button := t.hands % n
	t.hands++
	bb := (button + 2) % n
	if n == 2 {
		bb = 1 - button
	}
	pos := betting.TablePositions(n, button, bb)
	if err := t.h.Reset(betting.HandConfig{
		Stacks: t.stacks[:n], Blinds: t.blinds[button][:n], Button: button,
		FirstToAct: pos.FirstToAct, FirstToActPostflop: pos.FirstToActPostflop,
	}); err != nil {
		panic(err)
	}
	// Deal only what is needed: 2 per player and 5 on the board.
	need := 2*n + 5
	for i := 0; i < need; i++ {
		j := i + t.rng.IntN(52-i)
		t.deck[i], t.deck[j] = t.deck[j], t.deck[i]
	}
	h := &t.h
	actions := 0
	for round := 0; round < 4 && !h.HandOver(); round++ {
		if err := h.StartRound(benchRound); err != nil {
			panic(err)
		}
		for !h.RoundOver() {
			l := h.Legal()
			h.ApplyUnchecked(t.choose(&l))
			actions++
		}
	}
	var strength [betting.MaxSeats]uint32
	if bits.OnesCount16(h.InHand()) > 1 {
		var seven [7]cards.Card
		copy(seven[2:], t.deck[2*n:2*n+5])
		for s := 0; s < n; s++ {
			if !h.Folded(s) {
				seven[0], seven[1] = t.deck[2*s], t.deck[2*s+1]
				strength[s] = quickStrength(&seven)
			}
		}
	}
	h.Settle(&strength, nil)
	return actions
}

// choose is a random player: mostly check or call, sometimes fold to a
// bet, sometimes bet or raise the minimum, about the pot, or all-in.
func (t *table) choose(l *betting.Legal) betting.Action {
	r := t.rng.Uint64()
	p := r & 255
	switch {
	case l.CanFold && p < 40:
		return betting.Action{Kind: betting.Fold}
	case (l.CanBet || l.CanRaise) && p >= 180:
		kind := betting.Raise
		if l.CanBet {
			kind = betting.Bet
		}
		amount := l.MinAmount
		switch q := r >> 8 & 7; {
		case q == 0:
			amount = l.MaxAmount
		case q < 4:
			amount = min(l.MaxAmount, max(l.MinAmount, t.h.Pot()))
		}
		return betting.Action{Kind: kind, Amount: amount}
	case l.CanCheck:
		return betting.Action{Kind: betting.Check}
	}
	return betting.Action{Kind: betting.Call, Amount: l.CallAmount}
}

func benchmarkHoldem(b *testing.B, n int) {
	t := newTable(n, 1)
	for i := 0; i < 1000; i++ { // warm up
		t.play()
	}
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	cpu0, cpuOK := cpuTime()
	actions := 0
	for i := 0; i < b.N; i++ {
		actions += t.play()
	}
	elapsed := time.Since(start).Seconds()
	b.ReportMetric(float64(b.N)/elapsed, "hands/s")
	// The same rate per second of CPU time: on a shared machine the
	// wall-clock rate also counts the time other processes took.
	if cpu1, ok := cpuTime(); ok && cpuOK && cpu1 > cpu0 {
		b.ReportMetric(float64(b.N)/(cpu1-cpu0).Seconds(), "hands/cpu-s")
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/hand")
}

// BenchmarkHoldemHeadsUp plays complete heads-up no-limit hold'em hands.
func BenchmarkHoldemHeadsUp(b *testing.B) { benchmarkHoldem(b, 2) }

// BenchmarkHoldem6Max plays complete 6-max no-limit hold'em hands.
func BenchmarkHoldem6Max(b *testing.B) { benchmarkHoldem(b, 6) }

// The benchmark loop's hands are real: chips are conserved and the stand-in
// evaluator agrees with the plain reference one.
func TestBenchLoop(t *testing.T) {
	for _, n := range []int{2, 6} {
		tb := newTable(n, 3)
		for i := 0; i < 2000; i++ {
			tb.play()
			var sum chips.Chips
			for s := 0; s < n; s++ {
				sum += tb.h.Stack(s)
			}
			if sum != chips.FromInt(200*int64(n)) || tb.h.Pot() != 0 {
				t.Fatalf("%d-max hand %d: stacks sum to %v", n, i, sum)
			}
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	var deck [52]cards.Card
	for i := range deck {
		deck[i] = cards.Card(i)
	}
	for i := 0; i < 20000; i++ {
		var a, b [7]cards.Card
		for k := 0; k < 9; k++ {
			j := k + r.IntN(52-k)
			deck[k], deck[j] = deck[j], deck[k]
		}
		copy(a[:2], deck[0:2])
		copy(a[2:], deck[4:9])
		copy(b[:2], deck[2:4])
		copy(b[2:], deck[4:9])
		qa, qb := quickStrength(&a), quickStrength(&b)
		sa, sb := slowStrength(a[:]), slowStrength(b[:])
		if (qa > qb) != (sa > sb) || (qa == qb) != (sa == sb) {
			t.Fatalf("%v vs %v: quick %x %x, reference %x %x", a, b, qa, qb, sa, sb)
		}
	}
}

// A hand of the benchmark loop allocates nothing.
func TestHandLoopAllocs(t *testing.T) {
	for _, n := range []int{2, 6, 9} {
		tb := newTable(n, 11)
		if a := testing.AllocsPerRun(2000, func() { tb.play() }); a != 0 {
			t.Errorf("%d seats: %v allocations per hand", n, a)
		}
	}
}
