package betting_test

import (
	"math/bits"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/deckforge/deckforge/internal/cputime"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/handeval"
)

// A minimal hold'em loop drives the benchmarks: shuffle (only the cards
// dealt), deal, four no-limit rounds of random play, showdown with
// engine/handeval, pots.

// table is the reusable state of the benchmark loop.
type table struct {
	n      int
	rng    *rand.Rand
	deck   [52]cards.Card
	stacks [betting.MaxSeats]chips.Chips
	blinds [betting.MaxSeats][betting.MaxSeats]chips.Chips // per button
	h      betting.Hand
	hands  int
	eval   *handeval.Evaluator
}

func newTable(n int, seed uint64) *table {
	t := &table{n: n, rng: rand.New(rand.NewPCG(seed, 7)), eval: handeval.Default()}
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
				strength[s] = uint32(t.eval.Eval7(&seven))
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
	cpu0, cpuOK := cputime.Self()
	actions := 0
	for i := 0; i < b.N; i++ {
		actions += t.play()
	}
	elapsed := time.Since(start).Seconds()
	b.ReportMetric(float64(b.N)/elapsed, "hands/s")
	// The same rate per second of CPU time: on a shared machine the
	// wall-clock rate also counts the time other processes took.
	if cpu1, ok := cputime.Self(); ok && cpuOK && cpu1 > cpu0 {
		b.ReportMetric(float64(b.N)/(cpu1-cpu0).Seconds(), "hands/cpu-s")
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/hand")
}

// BenchmarkHoldemHeadsUp plays complete heads-up no-limit hold'em hands.
func BenchmarkHoldemHeadsUp(b *testing.B) { benchmarkHoldem(b, 2) }

// BenchmarkHoldem6Max plays complete 6-max no-limit hold'em hands.
func BenchmarkHoldem6Max(b *testing.B) { benchmarkHoldem(b, 6) }

// The benchmark loop's hands are real: chips are conserved.
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
