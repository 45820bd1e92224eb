package house

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
)

// deal returns n distinct random standard cards.
func deal(rng *rand.Rand, n int) []cards.Card {
	d := cards.Standard52()
	d.Shuffle(rng)
	return append([]cards.Card(nil), d[:n]...)
}

// checkLegal returns an error unless a is one of the actions l offers, with
// a legal amount.
func checkLegal(l betting.Legal, a betting.Action) error {
	ok := false
	switch a.Kind {
	case betting.Fold:
		ok = l.CanFold && a.Amount == 0
	case betting.Check:
		ok = l.CanCheck && a.Amount == 0
	case betting.Call:
		ok = l.CanCall && (a.Amount == 0 || a.Amount == l.CallAmount)
	case betting.Bet:
		ok = l.CanBet && a.Amount >= l.MinAmount && a.Amount <= l.MaxAmount
	case betting.Raise:
		ok = l.CanRaise && a.Amount >= l.MinAmount && a.Amount <= l.MaxAmount
	}
	if !ok {
		return fmt.Errorf("action %v %v is not legal in %+v", a.Kind, a.Amount, l)
	}
	return nil
}

// tableClass describes how a random table of one game class is dealt.
type tableClass struct {
	class    GameClass
	hole     int
	boards   []int // board cards visible in each betting round
	draw     bool  // a draw follows the first round
	strength bool  // the caller supplies the strength
}

var tableClasses = []tableClass{
	{class: Holdem, hole: 2, boards: []int{0, 3, 4, 5}},
	{class: Omaha, hole: 4, boards: []int{0, 3, 4, 5}},
	{class: Draw, hole: 5, boards: []int{0, 0}, draw: true},
	{class: "crazy_poker", hole: 3, boards: []int{0, 1, 2}},
	{class: "betting_war", hole: 1, boards: []int{0, 0}, strength: true},
}

// playHands plays n random hands through the betting engine: 2 to 6 seats,
// random (sometimes short) stacks, blinds 1/2, a random structure and a
// random game class. At every decision it builds the Situation of the seat
// to act, asks choose for the action and applies it; an action the engine
// refuses fails the test.
func playHands(t testing.TB, rng *rand.Rand, n int, choose func(Situation) betting.Action) {
	t.Helper()
	c := chips.FromInt
	for hand := 0; hand < n; hand++ {
		k := 2 + rng.IntN(5)
		stacks := make([]chips.Chips, k)
		for i := range stacks {
			if rng.IntN(3) == 0 {
				stacks[i] = c(1 + rng.Int64N(30))
			} else {
				stacks[i] = c(50+rng.Int64N(950)) + chips.Chips(rng.IntN(2)*rng.IntN(100))
			}
		}
		button := rng.IntN(k)
		blinds := make([]chips.Chips, k)
		bb := (button + 2) % k
		if k == 2 {
			bb = (button + 1) % 2
			blinds[button] = c(1)
		} else {
			blinds[(button+1)%k] = c(1)
		}
		blinds[bb] = c(2)
		pos := betting.TablePositions(k, button, bb)
		h, err := betting.NewHand(betting.HandConfig{
			Stacks: stacks, Blinds: blinds, Button: pos.Button,
			FirstToAct: pos.FirstToAct, FirstToActPostflop: pos.FirstToActPostflop,
		})
		if err != nil {
			t.Fatal(err)
		}
		structure := betting.Structure(rng.IntN(3))
		tc := tableClasses[rng.IntN(len(tableClasses))]
		cs := deal(rng, k*tc.hole+5)
		strengths := make([]float64, k)
		for i := range strengths {
			strengths[i] = rng.Float64()
		}
		for r, nb := range tc.boards {
			rc := betting.RoundConfig{Structure: structure, MinBet: c(2)}
			if structure == betting.FixedLimit {
				rc.MaxRaises = 3
				if r >= 2 {
					rc.MinBet = c(4)
				}
			}
			if err := h.StartRound(rc); err != nil {
				t.Fatal(err)
			}
			for !h.RoundOver() {
				seat := h.ToAct()
				sit := Situation{
					Class:      tc.class,
					Hole:       cs[seat*tc.hole : (seat+1)*tc.hole],
					Board:      cs[k*tc.hole : k*tc.hole+nb],
					Opponents:  bits.OnesCount16(h.InHand()) - 1,
					Legal:      h.Legal(),
					Pot:        h.Pot(),
					ToCall:     h.TableBet() - h.StreetBet(seat),
					Stack:      h.Stack(seat),
					BigBlind:   c(2),
					InPosition: rng.IntN(2) == 0,
					Round:      r,
					Rounds:     len(tc.boards),
				}
				if tc.draw && r == 0 {
					sit.DrawsLeft, sit.MaxDiscards = 1, 3+rng.IntN(3)
				}
				if tc.strength {
					sit.HasStrength, sit.Strength = true, strengths[seat]
				}
				a := choose(sit)
				if err := h.Apply(a); err != nil {
					t.Fatalf("hand %d round %d seat %d: %v\nsituation %+v", hand, r, seat, err, sit)
				}
			}
			if h.HandOver() {
				break
			}
		}
	}
}

// randomSituation returns a random consistent betting situation of class
// tc, not built by the engine: random Legal shapes of every structure,
// short all-ins included.
func randomSituation(rng *rand.Rand, tc tableClass) Situation {
	c := chips.FromInt
	r := rng.IntN(len(tc.boards))
	cs := deal(rng, tc.hole+5)
	sit := Situation{
		Class:      tc.class,
		Hole:       cs[:tc.hole],
		Board:      cs[tc.hole : tc.hole+tc.boards[r]],
		Opponents:  1 + rng.IntN(8),
		Pot:        c(3 + rng.Int64N(500)),
		Stack:      c(1 + rng.Int64N(600)),
		BigBlind:   c(2),
		InPosition: rng.IntN(2) == 0,
		Round:      r,
		Rounds:     len(tc.boards),
	}
	if tc.strength {
		sit.HasStrength, sit.Strength = true, rng.Float64()
	}
	if tc.draw && r == 0 {
		sit.DrawsLeft, sit.MaxDiscards = 1+rng.IntN(3), rng.IntN(6)
	}
	l := betting.Legal{Seat: rng.IntN(6)}
	facing := rng.IntN(2) == 0
	if facing {
		sit.ToCall = c(1 + rng.Int64N(200))
		l.CanFold, l.CanCall = true, true
		l.CallAmount = min(sit.ToCall, sit.Stack)
	} else {
		l.CanCheck = true
	}
	left := sit.Stack - l.CallAmount
	if left > 0 && rng.IntN(5) != 0 {
		if facing {
			l.CanRaise = true
		} else {
			l.CanBet = true
		}
		switch rng.IntN(3) {
		case 0: // fixed limit
			l.MinAmount = min(l.CallAmount+c(2), sit.Stack)
			l.MaxAmount = l.MinAmount
		case 1: // pot limit
			l.MinAmount = min(l.CallAmount+c(2)+c(rng.Int64N(20)), sit.Stack)
			l.MaxAmount = min(max(l.MinAmount, l.CallAmount+sit.Pot+l.CallAmount), sit.Stack)
		default: // no limit
			l.MinAmount = min(l.CallAmount+c(2)+c(rng.Int64N(20)), sit.Stack)
			l.MaxAmount = sit.Stack
		}
	}
	l.MinTo, l.MaxTo = l.MinAmount, l.MaxAmount
	sit.Legal = l
	return sit
}

// mean and pearson for the statistics of the properties.
func mean(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s / float64(len(x))
}

func pearson(x, y []float64) float64 {
	mx, my := mean(x), mean(y)
	var sxy, sxx, syy float64
	for i := range x {
		dx, dy := x[i]-mx, y[i]-my
		sxy += dx * dy
		sxx += dx * dx
		syy += dy * dy
	}
	return sxy / math.Sqrt(sxx*syy)
}

// testManager returns a manager with cfg, failing the test on error.
func testManager(t testing.TB, cfg Config) *Manager {
	t.Helper()
	m, err := NewManager(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// randomConfig returns a random valid configuration.
func randomConfig(rng *rand.Rand) Config {
	return Config{
		Aggression:        1 + rng.IntN(10),
		Tightness:         1 + rng.IntN(10),
		BluffFrequency:    0.05 + 0.10*rng.Float64(),
		Randomization:     0.15 * rng.Float64(),
		SlowPlayThreshold: 0.5 + 0.5*rng.Float64(),
		EvalBudget:        100_000,
		ShortStackBlinds:  rng.IntN(30),
		Sizes:             SizeMenu(1 + rng.IntN(int(AllSizes))),
	}
}
