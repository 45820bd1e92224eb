package house

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
)

// hinted returns a default-evaluator situation of strength s: 100 chips
// in the pot, a 10,000-chip stack (big blind 2).
func hinted(s float64, l betting.Legal) Situation {
	sit := Situation{Class: "generic", Hole: []cards.Card{7}, Opponents: 1, HasStrength: true, Strength: s,
		Legal: l, Pot: chips.FromInt(100), Stack: chips.FromInt(10000), BigBlind: chips.FromInt(2), Round: 1, Rounds: 4}
	if l.CanCall {
		sit.ToCall = l.CallAmount
	}
	return sit
}

var (
	checkedTo = betting.Legal{Seat: 0, CanCheck: true, CanBet: true, MinAmount: chips.FromInt(2), MaxAmount: chips.FromInt(10000)}
	facingBet = betting.Legal{Seat: 0, CanFold: true, CanCall: true, CallAmount: chips.FromInt(50),
		CanRaise: true, MinAmount: chips.FromInt(100), MaxAmount: chips.FromInt(10000)}
	facingNoRaise = betting.Legal{Seat: 0, CanFold: true, CanCall: true, CallAmount: chips.FromInt(50)}
)

// reasons decides n times and counts the reasons and action kinds.
func reasons(t *testing.T, m *Manager, sit Situation, n int) (map[Reason]int, map[betting.Kind]int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 3))
	rs, ks := map[Reason]int{}, map[betting.Kind]int{}
	for i := 0; i < n; i++ {
		d, err := m.Decide(sit, rng)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkLegal(sit.Legal, d.Action); err != nil {
			t.Fatal(err)
		}
		rs[d.Reasoning]++
		ks[d.Action.Kind]++
	}
	return rs, ks
}

func TestDecideTiers(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Randomization = 0
	m := testManager(t, cfg)
	for _, c := range []struct {
		name   string
		s      float64
		l      betting.Legal
		reason Reason
		kind   betting.Kind
	}{
		{"strong facing a bet raises", 0.8, facingBet, ReasonStrong, betting.Raise},
		{"strong checked to bets", 0.8, checkedTo, ReasonStrong, betting.Bet},
		{"strong facing a raise cap calls", 0.8, facingNoRaise, ReasonStrong, betting.Call},
		{"medium facing a cheap bet calls", 0.5, facingBet, ReasonMedium, betting.Call},
		{"weak facing a bet folds", 0.2, facingNoRaise, ReasonWeak, betting.Fold},
		{"medium hand pays no more than its odds", 0.31, betting.Legal{Seat: 0, CanFold: true, CanCall: true,
			CallAmount: chips.FromInt(5000)}, ReasonPotOdds, betting.Fold},
	} {
		rs, ks := reasons(t, m, hinted(c.s, c.l), 500)
		if rs[c.reason] != 500 || ks[c.kind] != 500 {
			t.Errorf("%s: reasons %v, kinds %v", c.name, rs, ks)
		}
	}
	// Checked to, a medium hand checks or probes; probes are rarer out of
	// position.
	in, out := hinted(0.5, checkedTo), hinted(0.5, checkedTo)
	in.InPosition = true
	rin, _ := reasons(t, m, in, 4000)
	rout, _ := reasons(t, m, out, 4000)
	if rin[ReasonProbe]+rin[ReasonMedium] != 4000 || rin[ReasonProbe] <= rout[ReasonProbe] || rout[ReasonProbe] == 0 {
		t.Errorf("probes in position %v, out of position %v", rin, rout)
	}
}

func TestDecideBluffsOnlyWeakHands(t *testing.T) {
	m := testManager(t, DefaultConfig())
	rs, ks := reasons(t, m, hinted(0.1, checkedTo), 5000)
	if rs[ReasonBluff] == 0 || rs[ReasonBluff] != ks[betting.Bet] || rs[ReasonBluff]+rs[ReasonWeak] != 5000 {
		t.Errorf("weak hand checked to: %v %v", rs, ks)
	}
	// Without a bet or raise open there is nothing to bluff with.
	if rs, _ := reasons(t, m, hinted(0.1, facingNoRaise), 2000); rs[ReasonBluff] != 0 {
		t.Errorf("bluffed without a raise: %v", rs)
	}
	// A medium hand never bluffs.
	if rs, _ := reasons(t, m, hinted(0.4, checkedTo), 2000); rs[ReasonBluff] != 0 {
		t.Errorf("a medium hand bluffed: %v", rs)
	}
}

func TestDecideSlowPlay(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Aggression = 1 // slow-plays half the time
	m := testManager(t, cfg)
	sit := hinted(0.95, facingBet)
	rs, ks := reasons(t, m, sit, 4000)
	if rs[ReasonSlowPlay] < 1700 || rs[ReasonSlowPlay] > 2300 || rs[ReasonSlowPlay] != ks[betting.Call] {
		t.Errorf("aggression 1: %v %v, want about half slow-played calls", rs, ks)
	}
	sit.Round = sit.Rounds - 1
	if rs, _ := reasons(t, m, sit, 2000); rs[ReasonSlowPlay] != 0 {
		t.Errorf("slow-played on the last round: %v", rs)
	}
	sit = hinted(0.84, facingBet) // below the slow-play threshold
	if rs, _ := reasons(t, m, sit, 2000); rs[ReasonSlowPlay] != 0 {
		t.Errorf("slow-played below the threshold: %v", rs)
	}
	cfg.Aggression = 10
	if err := m.UpdateConfig(cfg); err != nil {
		t.Fatal(err)
	}
	if rs, _ := reasons(t, m, hinted(0.95, facingBet), 2000); rs[ReasonSlowPlay] != 0 {
		t.Errorf("aggression 10 slow-played: %v", rs)
	}
}

func TestDecideShortStack(t *testing.T) {
	m := testManager(t, DefaultConfig())
	short := func(s float64, l betting.Legal) Situation {
		sit := hinted(s, l)
		sit.Stack = chips.FromInt(15) // 7.5 big blinds
		if sit.Legal.CanCall {
			sit.Legal.CallAmount = min(sit.Legal.CallAmount, sit.Stack)
			sit.ToCall = chips.FromInt(50)
		}
		if sit.Legal.CanBet || sit.Legal.CanRaise {
			sit.Legal.MinAmount, sit.Legal.MaxAmount = sit.Stack, sit.Stack
		}
		return sit
	}
	rs, ks := reasons(t, m, short(0.9, facingBet), 1000)
	if rs[ReasonShortStackAllIn] != 1000 || ks[betting.Raise] != 1000 {
		t.Errorf("strong and short: %v %v", rs, ks)
	}
	rs, ks = reasons(t, m, short(0.5, facingBet), 1000)
	if rs[ReasonShortStackFold] != 1000 || ks[betting.Fold] != 1000 {
		t.Errorf("medium and short: %v %v", rs, ks)
	}
	rs, ks = reasons(t, m, short(0.1, checkedTo), 4000)
	if rs[ReasonShortStackFold]+rs[ReasonBluff] != 4000 || ks[betting.Check] != rs[ReasonShortStackFold] || rs[ReasonBluff] == 0 {
		t.Errorf("weak and short, checked to: %v %v", rs, ks)
	}
	// The boundary: exactly ten big blinds is not short, a hundredth less is.
	for _, c := range []struct {
		stack chips.Chips
		want  Reason
	}{{chips.FromInt(10000), ReasonStrong}, {chips.FromInt(10000) - 1, ReasonShortStackAllIn}} {
		sit := hinted(0.81, facingBet) // above the raise band 0.7·(1 ± 0.15), below slow play
		sit.BigBlind = chips.FromInt(1000)
		sit.Stack = c.stack
		sit.Legal.MaxAmount = c.stack
		if rs, _ := reasons(t, m, sit, 50); rs[c.want] != 50 {
			t.Errorf("stack %v: %v, want %s", c.stack, rs, c.want)
		}
	}
	// The bluffs of a short stack are all-in.
	d, _ := m.Decide(short(0.1, checkedTo), rand.New(rand.NewPCG(0, 0)))
	for seed := uint64(1); d.Reasoning != ReasonBluff; seed++ {
		d, _ = m.Decide(short(0.1, checkedTo), rand.New(rand.NewPCG(seed, 0)))
	}
	if d.Action.Amount != chips.FromInt(15) {
		t.Errorf("a short stack's bluff: %+v", d.Action)
	}
}

func TestDecideDrawingHand(t *testing.T) {
	m := testManager(t, DefaultConfig())
	sit := Situation{Class: Holdem, Hole: mustCards(t, "6h 5h"), Board: mustCards(t, "Kh 9h 2c"), Opponents: 3,
		Legal: facingNoRaise, Pot: chips.FromInt(100), ToCall: chips.FromInt(50), Stack: chips.FromInt(1000),
		BigBlind: chips.FromInt(2), Round: 1, Rounds: 4}
	rs, ks := reasons(t, m, sit, 200)
	if rs[ReasonDrawing] != 200 || ks[betting.Call] != 200 {
		t.Errorf("a flush draw getting 3:1: %v %v", rs, ks)
	}
	sit.Legal.CallAmount, sit.ToCall = chips.FromInt(1000), chips.FromInt(1000)
	if rs, _ := reasons(t, m, sit, 200); rs[ReasonWeak] != 200 {
		t.Errorf("a flush draw facing ten times the pot: %v", rs)
	}
}

func TestDecideSizes(t *testing.T) {
	cfg := DefaultConfig()
	l := betting.Legal{Seat: 0, CanFold: true, CanCall: true, CallAmount: chips.FromInt(20),
		CanRaise: true, MinAmount: chips.FromInt(40), MaxAmount: chips.FromInt(10000)}
	sit := hinted(0.9, l)
	// Pot 100, call 20: half pot adds 20 + 60, the pot 20 + 120.
	menu := map[chips.Chips]SizeMenu{chips.FromInt(40): SizeMin, chips.FromInt(80): SizeHalfPot,
		chips.FromInt(140): SizePot, chips.FromInt(10000): SizeAllIn}
	for _, sizes := range []SizeMenu{AllSizes, SizeMin, SizePot, SizeHalfPot | SizeAllIn} {
		for _, aggr := range []int{1, 10} {
			cfg.Sizes, cfg.Aggression, cfg.Tightness = sizes, aggr, 5
			m := testManager(t, cfg)
			seen := SizeMenu(0)
			rng := rand.New(rand.NewPCG(uint64(sizes), uint64(aggr)))
			for i := 0; i < 3000; i++ {
				d, _ := m.Decide(sit, rng)
				if d.Action.Kind != betting.Raise {
					continue
				}
				size, ok := menu[d.Action.Amount]
				if !ok || sizes&size == 0 {
					t.Fatalf("sizes %04b: raise by %v is not on the menu", sizes, d.Action.Amount)
				}
				seen |= size
			}
			if aggr == 10 && seen&SizeAllIn == 0 && sizes&SizeAllIn != 0 {
				t.Errorf("sizes %04b aggression 10: never all-in (%04b)", sizes, seen)
			}
			if aggr == 1 && seen&SizeAllIn != 0 && sizes != SizeAllIn && sizes != SizeHalfPot|SizeAllIn {
				t.Errorf("sizes %04b aggression 1: went all-in (%04b)", sizes, seen)
			}
			if sizes == AllSizes && aggr == 1 && seen&SizeMin == 0 {
				t.Errorf("aggression 1 never made the smallest raise (%04b)", seen)
			}
		}
	}
	// A bet: half the pot of 100, rounded to whole chips and clamped.
	got := sizeAmount(SizeHalfPot, &betting.Legal{CanBet: true, MinAmount: 1, MaxAmount: chips.FromInt(1000)}, chips.Chips(10125), 0)
	if got != chips.FromInt(51) {
		t.Errorf("half of 101.25: %v, want 51", got)
	}
	if got := sizeAmount(SizePot, &betting.Legal{CanBet: true, MinAmount: 1, MaxAmount: chips.FromInt(30)}, chips.FromInt(100), 0); got != chips.FromInt(30) {
		t.Errorf("the pot above the maximum: %v, want 30", got)
	}
}

func TestDecideFallbacks(t *testing.T) {
	m := testManager(t, DefaultConfig())
	rng := rand.New(rand.NewPCG(11, 11))
	for _, c := range []struct {
		name   string
		sit    func() Situation
		err    error
		reason Reason
		kind   betting.Kind
	}{
		{"a card twice", func() Situation {
			s := hinted(0.9, facingBet)
			s.Hole, s.Board = mustCards(t, "As Kd"), mustCards(t, "As 2c 3c")
			return s
		}, ErrInvalidSituation, ReasonInvalidState, betting.Fold},
		{"a card twice, free check", func() Situation {
			s := hinted(0.9, checkedTo)
			s.Hole = []cards.Card{4, 4}
			return s
		}, ErrInvalidSituation, ReasonInvalidState, betting.Check},
		{"not a card", func() Situation {
			s := hinted(0.9, checkedTo)
			s.Hole = []cards.Card{cards.None}
			return s
		}, ErrInvalidSituation, ReasonInvalidState, betting.Check},
		{"no opponents", func() Situation { s := hinted(0.9, facingBet); s.Opponents = 0; return s },
			ErrInvalidSituation, ReasonInvalidState, betting.Fold},
		{"round out of range", func() Situation { s := hinted(0.9, facingBet); s.Round = 4; return s },
			ErrInvalidSituation, ReasonInvalidState, betting.Fold},
		{"to_call with a free check", func() Situation { s := hinted(0.9, checkedTo); s.ToCall = 5; return s },
			ErrInvalidSituation, ReasonInvalidState, betting.Check},
		{"bet range upside down", func() Situation {
			s := hinted(0.9, facingBet)
			s.Legal.MinAmount = s.Legal.MaxAmount + 1
			return s
		}, ErrInvalidSituation, ReasonInvalidState, betting.Fold},
		{"bet and raise both open", func() Situation { s := hinted(0.9, checkedTo); s.Legal.CanRaise = true; return s },
			ErrInvalidSituation, ReasonInvalidState, betting.Check},
		{"strength out of range", func() Situation { s := hinted(0.9, facingBet); s.Strength = 1.5; return s },
			ErrInvalidSituation, ReasonInvalidState, betting.Fold},
		{"hold'em with three hole cards", func() Situation {
			s := hinted(0.9, facingBet)
			s.Class, s.HasStrength, s.Hole = Holdem, false, mustCards(t, "As Ks Qs")
			return s
		}, ErrUnsupportedHand, ReasonEvalFailed, betting.Fold},
		{"Omaha with a joker, free check", func() Situation {
			s := hinted(0.9, checkedTo)
			s.Class, s.HasStrength, s.Hole = Omaha, false, mustCards(t, "As Ks Qs Xr")
			return s
		}, ErrUnsupportedHand, ReasonEvalFailed, betting.Check},
	} {
		d, err := m.Decide(c.sit(), rng)
		if !errors.Is(err, c.err) || d.Reasoning != c.reason || d.Action.Kind != c.kind || d.Confidence != 0 {
			t.Errorf("%s: %+v, %v", c.name, d, err)
		}
	}

	// The budget counts steps: a hold'em river needs 991 (strength) and the
	// flop 2·47 + 1 (potential).
	sit := Situation{Class: Holdem, Hole: mustCards(t, "As Ad"), Board: mustCards(t, "Ah Kd 8s 4c 3h"), Opponents: 1,
		Legal: facingBet, Pot: chips.FromInt(100), ToCall: chips.FromInt(50), Stack: chips.FromInt(10000), Round: 3, Rounds: 4}
	cfg := DefaultConfig()
	cfg.EvalBudget = 990
	if err := m.UpdateConfig(cfg); err != nil {
		t.Fatal(err)
	}
	d, err := m.Decide(sit, rng)
	if !errors.Is(err, ErrBudgetExceeded) || d.Reasoning != ReasonBudgetExceeded || d.Action.Kind != betting.Fold {
		t.Errorf("over budget: %+v, %v", d, err)
	}
	cfg.EvalBudget = 991
	if err := m.UpdateConfig(cfg); err != nil {
		t.Fatal(err)
	}
	if d, err := m.Decide(sit, rng); err != nil || d.Action.Kind != betting.Raise {
		t.Errorf("within budget, trip aces: %+v, %v", d, err)
	}

	// Nothing legal: the round is over.
	d, err = m.Decide(hinted(0.9, betting.Legal{Seat: -1}), rng)
	if !errors.Is(err, ErrInvalidSituation) || d.Action != (betting.Action{}) {
		t.Errorf("round over: %+v, %v", d, err)
	}
	// An invalid discard situation keeps the hand.
	d, err = m.Decide(Situation{Class: Draw, Hole: mustCards(t, "As Ad 2c 3c 4c"), Opponents: 1, Discard: true,
		MinDiscards: 3, MaxDiscards: 2}, rng)
	if !errors.Is(err, ErrInvalidSituation) || !d.Draw || d.Discards != 0b11100 {
		t.Errorf("discards 3..2: %+v, %v", d, err)
	}
}

func TestDecideDiscard(t *testing.T) {
	m := testManager(t, DefaultConfig())
	sit := Situation{Class: Draw, Hole: mustCards(t, "As Ad Qs Jd 2c"), Opponents: 2, Discard: true,
		MaxDiscards: 3, DrawsLeft: 1}
	d, err := m.Decide(sit, rand.New(rand.NewPCG(1, 2)))
	if err != nil || !d.Draw || d.Discards != 0b11100 || d.Reasoning != ReasonDiscard || d.Action != (betting.Action{}) {
		t.Fatalf("%+v %v", d, err)
	}
	if d.Outs != 2 || d.Strength <= 0 || d.Strength >= 1 || d.Confidence < 0.5 {
		t.Errorf("%+v", d)
	}
}
