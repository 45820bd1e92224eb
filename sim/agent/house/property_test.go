package house

import (
	"errors"
	"math"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/handeval"
)

// Property 1: every evaluator rates every valid hand in [0, 1], with a
// potential in [0, 1], and Decide reports strengths in [0, 1] even for an
// evaluator that strays out of range.
func TestPropertyStrengthNormalized(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	type hand struct {
		ev     Evaluator
		hole   int
		boards []int
	}
	hands := []hand{
		{HoldemEvaluator{}, 2, []int{0, 3, 4, 5}},
		{OmahaEvaluator{}, 4, []int{0, 3, 4, 5}},
		{OmahaEvaluator{}, 5, []int{0, 3, 5}},
		{DrawEvaluator{}, 5, []int{0}},
		{DrawEvaluator{}, 7, []int{0}},
		{DefaultEvaluator{}, 1, []int{0, 1, 2}},
		{DefaultEvaluator{}, 3, []int{0, 2, 4}},
	}
	for i := 0; i < 3000; i++ {
		hd := hands[i%len(hands)]
		nb := hd.boards[rng.IntN(len(hd.boards))]
		cs := deal(rng, hd.hole+nb)
		sit := Situation{Hole: cs[:hd.hole], Board: cs[hd.hole:], Opponents: 1 + rng.IntN(9),
			DrawsLeft: rng.IntN(3), MaxDiscards: rng.IntN(hd.hole + 1)}
		s, err := hd.ev.Strength(sit, 100_000)
		if err != nil {
			t.Fatalf("%T %v | %v: %v", hd.ev, sit.Hole, sit.Board, err)
		}
		if !(s >= 0 && s <= 1) {
			t.Fatalf("%T %v | %v: strength %v outside [0, 1]", hd.ev, sit.Hole, sit.Board, s)
		}
		p, err := hd.ev.Potential(sit, 100_000)
		if err != nil {
			t.Fatalf("%T %v | %v: potential: %v", hd.ev, sit.Hole, sit.Board, err)
		}
		if !(p.Improve >= 0 && p.Improve <= 1) || p.Outs < 0 || p.Outs > 52-len(cs) {
			t.Fatalf("%T %v | %v: potential %+v out of range", hd.ev, sit.Hole, sit.Board, p)
		}
	}

	// Through Decide, with evaluators that return anything.
	m := testManager(t, DefaultConfig())
	for _, v := range []float64{-3, -0.01, 0, 0.5, 1, 1.7, math.Inf(1), math.NaN()} {
		if err := m.RegisterEvaluator("wild", constEval{v}); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 200; i++ {
			sit := randomSituation(rng, tableClass{class: "wild", hole: 2, boards: []int{0}})
			d, err := m.Decide(sit, rng)
			if !(d.Strength >= 0 && d.Strength <= 1) || !(d.Confidence >= 0 && d.Confidence <= 1) {
				t.Fatalf("evaluator %v: decision %+v out of range", v, d)
			}
			if bad := math.IsNaN(v) || math.IsInf(v, 0); bad != (err != nil) {
				t.Fatalf("evaluator %v: err %v", v, err)
			}
		}
	}
}

// constEval is an evaluator of constant strength.
type constEval struct{ s float64 }

func (e constEval) Strength(Situation, int) (float64, error)      { return e.s, nil }
func (e constEval) Potential(Situation, int) (Potential, error)   { return Potential{}, nil }
func (e constEval) Discards(s Situation, _ int) (CardMask, error) { return 0, nil }

// Properties 2 and 3: over thousands of hands played through the betting
// engine, and thousands of random Legal shapes, every action is legal and
// every bet or raise lies within [MinAmount, MaxAmount].
func TestPropertyActionsLegalAndBounded(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	kinds := map[betting.Kind]int{}
	reasons := map[Reason]int{}
	decisions := 0
	for _, cfg := range []Config{DefaultConfig(), randomConfig(rng), randomConfig(rng), randomConfig(rng)} {
		m := testManager(t, cfg)
		p, err := NewPlayer(1, m, NewRand(2, 1))
		if err != nil {
			t.Fatal(err)
		}
		playHands(t, rng, 600, func(sit Situation) betting.Action {
			d, err := p.Decide(sit)
			if err != nil {
				t.Fatalf("decide: %v\n%+v", err, sit)
			}
			if err := checkLegal(sit.Legal, d.Action); err != nil {
				t.Fatalf("%v (reason %s)", err, d.Reasoning)
			}
			kinds[d.Action.Kind]++
			reasons[d.Reasoning]++
			decisions++
			return d.Action
		})
		for i := 0; i < 3000; i++ {
			sit := randomSituation(rng, tableClasses[rng.IntN(len(tableClasses))])
			d, err := p.Decide(sit)
			if err != nil {
				t.Fatalf("decide: %v\n%+v", err, sit)
			}
			if err := checkLegal(sit.Legal, d.Action); err != nil {
				t.Fatalf("%v (reason %s)", err, d.Reasoning)
			}
			decisions++
		}
	}
	t.Logf("%d decisions; kinds %v; reasons %v", decisions, kinds, reasons)
	for _, k := range []betting.Kind{betting.Fold, betting.Check, betting.Call, betting.Bet, betting.Raise} {
		if kinds[k] == 0 {
			t.Errorf("no %v among the engine-checked decisions", k)
		}
	}
	for _, r := range []Reason{ReasonStrong, ReasonMedium, ReasonWeak, ReasonBluff, ReasonShortStackAllIn, ReasonShortStackFold} {
		if reasons[r] == 0 {
			t.Errorf("no %s decision among the engine-checked decisions", r)
		}
	}

	// Inconsistent options: the fallback is still one of the flagged actions.
	m := testManager(t, DefaultConfig())
	for i := 0; i < 3000; i++ {
		sit := randomSituation(rng, tableClasses[0])
		l := &sit.Legal
		l.CanFold, l.CanCheck, l.CanCall = rng.IntN(2) == 0, rng.IntN(2) == 0, rng.IntN(2) == 0
		l.CanBet, l.CanRaise = rng.IntN(2) == 0, rng.IntN(2) == 0
		d, err := m.Decide(sit, rng)
		if err != nil && !errors.Is(err, ErrInvalidSituation) {
			t.Fatal(err)
		}
		if !l.CanFold && !l.CanCheck && !l.CanCall && !l.CanBet && !l.CanRaise {
			continue
		}
		if !l.CanFold && !l.CanCheck && !l.CanCall && err != nil {
			continue // only a bet or raise is flagged: nothing passive to fall back on
		}
		if e := checkLegal(*l, d.Action); e != nil {
			t.Fatalf("%v (reason %s, err %v)", e, d.Reasoning, err)
		}
	}
}

// Property 4: the evaluator of a class is the one registered for it, the
// built-in one for holdem, omaha and draw, and the default one otherwise.
func TestPropertyEvaluatorSelection(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	pool := []GameClass{Holdem, Omaha, Draw, "stud", "razz", "war", "x", ""}
	for trial := 0; trial < 200; trial++ {
		m := testManager(t, DefaultConfig())
		want := map[GameClass]float64{}
		for _, c := range pool {
			if rng.IntN(2) == 0 {
				v := float64(rng.IntN(1000)) / 1000
				want[c] = v
				if err := m.RegisterEvaluator(c, constEval{v}); err != nil {
					t.Fatal(err)
				}
			}
		}
		for i := 0; i < 20; i++ {
			c := pool[rng.IntN(len(pool))]
			sit := randomSituation(rng, tableClass{class: c, hole: 2, boards: []int{0, 3, 5}})
			var ref Evaluator = DefaultEvaluator{}
			switch v, ok := want[c]; {
			case ok:
				ref = constEval{v}
			case c == Holdem:
				ref = HoldemEvaluator{}
			case c == Omaha:
				ref = OmahaEvaluator{}
			case c == Draw:
				ref = DrawEvaluator{}
			}
			if got := m.Evaluator(c); got != ref {
				t.Fatalf("class %q: evaluator %#v, want %#v", c, got, ref)
			}
			if c == Omaha || c == Draw {
				continue // two hole cards are not a hand of these classes
			}
			d, err := m.Decide(sit, rng)
			if err != nil {
				t.Fatal(err)
			}
			s, _ := ref.Strength(sit, 100_000)
			if d.Strength != s {
				t.Fatalf("class %q: decided with strength %v, the %T evaluator says %v", c, d.Strength, ref, s)
			}
		}
	}
	if err := testManager(t, DefaultConfig()).RegisterEvaluator("x", nil); err == nil {
		t.Error("registering a nil evaluator succeeded")
	}
}

// Property 5: the Omaha hand uses exactly two hole cards and three board
// cards and is the best such hand (brute force), which the unrestricted
// best hand sometimes beats.
func TestPropertyOmahaComposition(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	e := handeval.Default()
	differs := 0
	const n = 3000
	for i := 0; i < n; i++ {
		nh := 4 + rng.IntN(3)
		nb := 3 + rng.IntN(3)
		cs := deal(rng, nh+nb)
		hole, board := cs[:nh], cs[nh:]
		v, hi, bi := omahaBest(e, hole, board)
		if hi[0] < 0 || hi[0] >= hi[1] || hi[1] >= nh || bi[0] < 0 || bi[0] >= bi[1] || bi[1] >= bi[2] || bi[2] >= nb {
			t.Fatalf("%v | %v: indices %v %v are not 2 distinct hole and 3 distinct board cards", hole, board, hi, bi)
		}
		used := []cards.Card{hole[hi[0]], hole[hi[1]], board[bi[0]], board[bi[1]], board[bi[2]]}
		if w := value(e, used); w != v {
			t.Fatalf("%v | %v: the cards used %v are worth %v, reported %v", hole, board, used, w, v)
		}
		// Brute force over every 2+3 choice, and over every 5 of the cards.
		var brute, free handeval.Strength
		for a := 0; a < nh; a++ {
			for b := a + 1; b < nh; b++ {
				for x := 0; x < nb; x++ {
					for y := x + 1; y < nb; y++ {
						for z := y + 1; z < nb; z++ {
							brute = max(brute, value(e, []cards.Card{hole[a], hole[b], board[x], board[y], board[z]}))
						}
					}
				}
			}
		}
		all := cs
		for a := 0; a < len(all); a++ {
			for b := a + 1; b < len(all); b++ {
				for c := b + 1; c < len(all); c++ {
					for d := c + 1; d < len(all); d++ {
						for f := d + 1; f < len(all); f++ {
							free = max(free, value(e, []cards.Card{all[a], all[b], all[c], all[d], all[f]}))
						}
					}
				}
			}
		}
		if v != brute {
			t.Fatalf("%v | %v: best 2+3 %v, brute force %v", hole, board, v, brute)
		}
		if h := e.EvalOmaha(hole, board); h != v {
			t.Fatalf("%v | %v: best 2+3 %v, handeval.EvalOmaha %v", hole, board, v, h)
		}
		if free < v {
			t.Fatalf("%v | %v: unrestricted best %v below 2+3 best %v", hole, board, free, v)
		}
		if free > v {
			differs++
		}
	}
	if differs == 0 {
		t.Error("the unrestricted best hand never beat the 2+3 hand")
	}
	t.Logf("the unrestricted best hand was better in %d of %d deals", differs, n)

	// A four-flush board with one spade in hand is no flush in Omaha.
	hole, _ := cards.ParseList("As Kd Kh 2c")
	board, _ := cards.ParseList("Qs Js 9s 5s 3d")
	v, _, _ := omahaBest(e, hole, board)
	if categoryOf(v) == catFlush {
		t.Errorf("%v | %v: a flush from one hole card", hole, board)
	}
	if free := value(e, append(append([]cards.Card{}, hole[:1]...), board[:4]...)); categoryOf(free) != catFlush {
		t.Errorf("the unrestricted hand should be a flush")
	}
}

// Property 6: discards are distinct indices into the hand, between
// MinDiscards and MaxDiscards of them, through the evaluator and through
// Decide (even with an evaluator that returns nonsense).
func TestPropertyDiscardsValid(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	m := testManager(t, DefaultConfig())
	bad := testManager(t, DefaultConfig())
	if err := bad.RegisterEvaluator(Draw, badDiscards{}); err != nil {
		t.Fatal(err)
	}
	check := func(d CardMask, n, lo, hi int, what string) {
		t.Helper()
		if d>>uint(n) != 0 || d.Len() < lo || d.Len() > hi {
			t.Fatalf("%s: discards %v of %d cards, want %d..%d", what, d, n, lo, hi)
		}
		idx := d.Indices(nil)
		for i := range idx {
			if idx[i] < 0 || idx[i] >= n || i > 0 && idx[i] <= idx[i-1] {
				t.Fatalf("%s: indices %v", what, idx)
			}
		}
	}
	for i := 0; i < 5000; i++ {
		n := 1 + rng.IntN(8)
		if i%2 == 0 {
			n = 5
		}
		cs := deal(rng, n)
		if rng.IntN(10) == 0 {
			cs[rng.IntN(n)] = cards.RedJoker
		}
		hi := rng.IntN(n + 1)
		lo := rng.IntN(hi + 1)
		sit := Situation{Class: Draw, Hole: cs, Opponents: 1 + rng.IntN(5), Discard: true,
			MinDiscards: lo, MaxDiscards: hi, DrawsLeft: 1}
		d, err := DrawEvaluator{}.Discards(sit, 100)
		if err != nil {
			t.Fatal(err)
		}
		check(d, n, lo, hi, "DrawEvaluator")
		dec, err := m.Decide(sit, rng)
		if err != nil || !dec.Draw || dec.Discards != d {
			t.Fatalf("Decide: %+v, %v; evaluator %v", dec, err, d)
		}
		dec, err = bad.Decide(sit, rng)
		if !errors.Is(err, ErrBadEvaluation) {
			t.Fatalf("a bad evaluator's discards were not refused: %+v %v", dec, err)
		}
		check(dec.Discards, n, lo, hi, "fallback")
	}
}

// badDiscards discards every card and one beyond the hand.
type badDiscards struct{ constEval }

func (badDiscards) Discards(s Situation, _ int) (CardMask, error) {
	return CardMask(uint64(1)<<uint(len(s.Hole)+1) - 1), nil
}

// Property 7: the thresholds of a decision vary within ±Randomization of
// their base: a hand just outside the band is always (or never) played as
// strong, and inside it the share follows the uniform factor.
func TestPropertyRandomizationVariance(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	const n = 20000
	for _, rho := range []float64{0, 0.05, 0.15} {
		for _, at := range [][2]int{{5, 5}, {1, 10}, {10, 1}, {8, 3}} {
			cfg := DefaultConfig()
			cfg.Randomization, cfg.Aggression, cfg.Tightness = rho, at[0], at[1]
			m := testManager(t, cfg)
			raise, call := cfg.Thresholds()
			share := func(s float64, facing bool, want Reason) float64 {
				sit := Situation{Class: "generic", Hole: []cards.Card{0}, Opponents: 1, HasStrength: true, Strength: s,
					Pot: 10000, Stack: 100000, BigBlind: 200, Round: 0, Rounds: 1}
				if facing {
					sit.ToCall = 100
					sit.Legal = betting.Legal{CanFold: true, CanCall: true, CallAmount: 100}
				} else {
					sit.Legal = betting.Legal{CanCheck: true, CanBet: true, MinAmount: 200, MaxAmount: 100000}
				}
				hits, total := 0, 0
				for i := 0; i < n; i++ {
					d, err := m.Decide(sit, rng)
					if err != nil {
						t.Fatal(err)
					}
					if d.Reasoning == ReasonBluff {
						continue
					}
					total++
					if d.Reasoning == want {
						hits++
					}
				}
				return float64(hits) / float64(total)
			}
			const eps = 1e-9
			tol := 4 * math.Sqrt(0.25/n)
			cases := []struct {
				s      float64
				facing bool
				want   Reason
				p      float64
			}{
				{raise*(1+rho) + eps, false, ReasonStrong, 1},
				{raise*(1-rho) - eps, false, ReasonStrong, 0},
				{call*(1+rho) + eps, true, ReasonMedium, 1},
				{call*(1-rho) - eps, true, ReasonMedium, 0},
			}
			if rho > 0 {
				cases = append(cases,
					struct {
						s      float64
						facing bool
						want   Reason
						p      float64
					}{raise, false, ReasonStrong, 0.5},
					struct {
						s      float64
						facing bool
						want   Reason
						p      float64
					}{raise * (1 + rho/2), false, ReasonStrong, 0.75},
					struct {
						s      float64
						facing bool
						want   Reason
						p      float64
					}{call * (1 - rho/2), true, ReasonMedium, 0.25})
			}
			for _, c := range cases {
				got := share(c.s, c.facing, c.want)
				if c.p == 0 || c.p == 1 {
					if got != c.p {
						t.Errorf("ρ %v, aggression %d, tightness %d: strength %.4f: %s share %v, want exactly %v",
							rho, at[0], at[1], c.s, c.want, got, c.p)
					}
				} else if math.Abs(got-c.p) > tol {
					t.Errorf("ρ %v, aggression %d, tightness %d: strength %.4f: %s share %.4f, want %.2f ± %.3f",
						rho, at[0], at[1], c.s, c.want, got, c.p, tol)
				}
			}
		}
	}
}

// Property 8: over many weak hands (strength below 0.3) that may bet or
// raise, the bluff share lies in [0.05, 0.15] and matches the configured
// frequency. The share of a Bernoulli draw is checked within four standard
// deviations of the frequency.
func TestPropertyBluffRate(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for _, f := range []float64{0.05, 0.10, 0.15} {
		cfg := randomConfig(rng)
		cfg.BluffFrequency = f
		p, err := NewPlayer(0, testManager(t, cfg), NewRand(8, int(f*100)))
		if err != nil {
			t.Fatal(err)
		}
		bluffs, weak := 0, 0
		for weak < 20000 {
			tc := tableClasses[rng.IntN(len(tableClasses))]
			sit := randomSituation(rng, tc)
			if !sit.Legal.CanBet && !sit.Legal.CanRaise {
				continue
			}
			if tc.strength {
				sit.Strength = 0.3 * rng.Float64()
			}
			d, err := p.Decide(sit)
			if err != nil {
				t.Fatal(err)
			}
			if d.Strength >= WeakStrength {
				if d.Reasoning == ReasonBluff {
					t.Fatalf("bluff with strength %v", d.Strength)
				}
				continue
			}
			weak++
			if d.Reasoning == ReasonBluff {
				bluffs++
				if d.Action.Kind != betting.Bet && d.Action.Kind != betting.Raise {
					t.Fatalf("a bluff that is a %v", d.Action.Kind)
				}
			}
		}
		share := float64(bluffs) / float64(weak)
		sd := math.Sqrt(f * (1 - f) / float64(weak))
		if math.Abs(share-f) > 4*sd || share < MinBluffFrequency-4*sd || share > MaxBluffFrequency+4*sd {
			t.Errorf("frequency %v: bluffed %d of %d weak hands (%.4f), want %v ± %.4f", f, bluffs, weak, share, f, 4*sd)
		}
		t.Logf("frequency %.2f: bluff share %.4f over %d weak hands", f, share, weak)
	}
}

// Property 9: the house players of one table, deciding in identical
// states, make uncorrelated decisions — every pair of them, at a full
// table of MaxSeats players; a player re-created with the same seed replays
// its stream exactly.
func TestPropertyIndependentRNG(t *testing.T) {
	m := testManager(t, DefaultConfig())
	raise, _ := m.Config().Thresholds()
	states := map[string]Situation{
		"weak hand, bluff or check": {HasStrength: true, Strength: 0.1,
			Legal: betting.Legal{CanCheck: true, CanBet: true, MinAmount: 200, MaxAmount: 50000}},
		"at the raise threshold": {HasStrength: true, Strength: raise,
			Legal: betting.Legal{CanCheck: true, CanBet: true, MinAmount: 200, MaxAmount: 50000}},
		"strong hand, bet sizes": {HasStrength: true, Strength: 0.95,
			Legal: betting.Legal{CanFold: true, CanCall: true, CallAmount: 500, CanRaise: true, MinAmount: 1000, MaxAmount: 50000}},
	}
	const n = 10000
	const players = 6
	for _, seed := range []uint64{1, 2, 99} {
		for name, sit := range states {
			sit.Class, sit.Hole, sit.Opponents = "generic", []cards.Card{5}, 2
			sit.Pot, sit.Stack, sit.BigBlind, sit.Round, sit.Rounds = 3000, 50000, 200, 1, 4
			if sit.Legal.CanCall {
				sit.ToCall = sit.Legal.CallAmount
			}
			var xs [players][]float64
			for k := range xs {
				p, _ := NewPlayer(k+1, m, NewRand(seed, k+1))
				xs[k] = make([]float64, n)
				for i := range xs[k] {
					d, err := p.Decide(sit)
					if err != nil {
						t.Fatal(err)
					}
					xs[k][i] = float64(d.Action.Kind)*1e6 + float64(d.Action.Amount)
				}
			}
			for a := 0; a < players; a++ {
				for b := a + 1; b < players; b++ {
					r := pearson(xs[a], xs[b])
					if math.IsNaN(r) {
						t.Fatalf("seed %d, %s: a constant stream", seed, name)
					}
					// Independent streams give |r| about 1/√n = 0.01.
					if math.Abs(r) >= 0.05 {
						t.Errorf("seed %d, %s: correlation %.4f between players %d and %d", seed, name, r, a+1, b+1)
					}
				}
			}
		}
	}

	// Re-seeding replays.
	rng := rand.New(rand.NewPCG(9, 9))
	sits := make([]Situation, 2000)
	for i := range sits {
		sits[i] = randomSituation(rng, tableClasses[rng.IntN(len(tableClasses))])
	}
	stream := func(seed uint64) []Decision {
		p, _ := NewPlayer(3, m, NewRand(seed, 3))
		out := make([]Decision, len(sits))
		for i, s := range sits {
			out[i], _ = p.Decide(s)
		}
		return out
	}
	s1, s2, s3 := stream(42), stream(42), stream(43)
	same := 0
	for i := range s1 {
		if s1[i] != s2[i] {
			t.Fatalf("decision %d differs after re-seeding: %+v vs %+v", i, s1[i], s2[i])
		}
		if s1[i] == s3[i] {
			same++
		}
	}
	if same == len(s1) {
		t.Error("another seed gave the very same stream")
	}
}

// Property 10: a configuration with any field out of range is rejected,
// with one error per bad field, and the previous settings stay; a valid
// one is taken.
func TestPropertyConfigValidation(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 10))
	m := testManager(t, DefaultConfig())
	outF := func(lo, hi float64) float64 {
		switch rng.IntN(4) {
		case 0:
			return lo - 1e-9 - rng.Float64()
		case 1:
			return hi + 1e-9 + rng.Float64()
		case 2:
			return math.NaN()
		}
		return math.Inf(2*rng.IntN(2) - 1)
	}
	outI := func(lo, hi int) int {
		if rng.IntN(2) == 0 {
			return lo - 1 - rng.IntN(100)
		}
		return hi + 1 + rng.IntN(100)
	}
	fields := []string{"aggression", "tightness", "bluff_frequency", "randomization",
		"slow_play_threshold", "eval_budget", "short_stack_blinds", "sizes"}
	rejected := 0
	for i := 0; i < 5000; i++ {
		c := randomConfig(rng)
		badFields := map[string]bool{}
		for _, f := range fields {
			if rng.IntN(6) != 0 {
				continue
			}
			badFields[f] = true
			switch f {
			case "aggression":
				c.Aggression = outI(1, 10)
			case "tightness":
				c.Tightness = outI(1, 10)
			case "bluff_frequency":
				c.BluffFrequency = outF(0.05, 0.15)
			case "randomization":
				c.Randomization = outF(0, 0.15)
			case "slow_play_threshold":
				c.SlowPlayThreshold = outF(0.5, 1)
			case "eval_budget":
				c.EvalBudget = -rng.IntN(10)
			case "short_stack_blinds":
				c.ShortStackBlinds = outI(0, 1000)
			case "sizes":
				c.Sizes = []SizeMenu{0, 16, 0xF0, 0xFF}[rng.IntN(4)]
			}
		}
		before := m.Config()
		err := m.UpdateConfig(c)
		if len(badFields) == 0 {
			if err != nil || m.Config() != c {
				t.Fatalf("valid %+v: %v", c, err)
			}
			continue
		}
		rejected++
		if err == nil {
			t.Fatalf("%+v with bad %v accepted", c, badFields)
		}
		if got := m.Config(); got != before {
			t.Fatalf("rejected update changed the settings: %+v, was %+v", got, before)
		}
		lines := strings.Split(err.Error(), "\n")
		if len(lines) != len(badFields) {
			t.Fatalf("%d errors for %d bad fields: %v", len(lines), len(badFields), err)
		}
		for f := range badFields {
			if !strings.Contains(err.Error(), f+" ") {
				t.Fatalf("error %q does not name %s", err, f)
			}
		}
	}
	if rejected < 1000 {
		t.Fatalf("only %d invalid updates tried", rejected)
	}
	if _, err := NewManager(Config{}); err == nil {
		t.Error("NewManager accepted the zero Config")
	}
}

// Property 16: house players are named HousePlayer<N>.
func TestPropertyNames(t *testing.T) {
	re := regexp.MustCompile(`^HousePlayer\d+$`)
	rng := rand.New(rand.NewPCG(16, 16))
	m := testManager(t, DefaultConfig())
	for i := 0; i < 5000; i++ {
		n := rng.IntN(1 << rng.IntN(31))
		name := Name(n)
		if !re.MatchString(name) {
			t.Fatalf("Name(%d) = %q", n, name)
		}
		if back, err := ParseName(name); err != nil || back != n {
			t.Fatalf("ParseName(%q) = %d, %v", name, back, err)
		}
		if i < 100 {
			p, err := NewPlayer(n, m, NewRand(0, n))
			if err != nil || p.Name() != name || p.Index() != n {
				t.Fatalf("NewPlayer(%d): %v %v", n, p, err)
			}
		}
	}
	for _, s := range []string{"", "HousePlayer", "HousePlayer-1", "HousePlayer01", "housePlayer1", "HousePlayer1x", "HousePlayer 1", "HousePlayer99999999999999999999"} {
		if _, err := ParseName(s); err == nil {
			t.Errorf("ParseName(%q) accepted", s)
		}
	}
	if _, err := NewPlayer(-1, m, NewRand(0, 0)); err == nil {
		t.Error("NewPlayer(-1) accepted")
	}
	if _, err := NewPlayer(1, m, nil); err == nil {
		t.Error("NewPlayer with a nil source accepted")
	}
	if _, err := NewPlayer(1, nil, NewRand(0, 0)); err == nil {
		t.Error("NewPlayer with a nil manager accepted")
	}
}
