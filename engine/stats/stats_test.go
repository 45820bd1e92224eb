package stats

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/chips"
)

// TestNamesMatchSpecs checks the generated names against the maneuver
// table: {maneuver}_{ip|oop}_{counter} for exactly the sides and counters a
// maneuver has, every name once.
func TestNamesMatchSpecs(t *testing.T) {
	seen := map[string]bool{}
	for s := Stat(0); s < NumStats; s++ {
		if seen[s.String()] {
			t.Errorf("duplicate stat name %q", s)
		}
		seen[s.String()] = true
		if got, ok := ParseStat(s.String()); !ok || got != s {
			t.Errorf("ParseStat(%q) = %v, %v", s, got, ok)
		}
	}
	perManeuver := 0
	for m := Maneuver(0); m < NumManeuvers; m++ {
		for side := IP; side <= OOP; side++ {
			for c := Counter(0); c < numCounters; c++ {
				want := m.HasSide(side) && c <= Attempts ||
					m.HasSide(side) && c == Takedowns && m.HasTakedowns() ||
					c >= Challenges && m.HasDefender()
				st := StatOf(m, side, c)
				if (st != NoStat) != want {
					t.Errorf("StatOf(%s, %s, %s) = %v, want present=%v", m, side, c, st, want)
					continue
				}
				if st == NoStat {
					continue
				}
				perManeuver++
				if name := m.String() + "_" + side.String() + "_" + c.String(); st.String() != name {
					t.Errorf("stat %d is %q, want %q", st, st, name)
				}
			}
		}
	}
	for _, name := range []string{"limps", "limp_opportunities", "preflop_raises", "preflop_raise_opportunities",
		"aggressions_in_position", "challenges_in_position", "three_bet_ip_attempts", "four_bet_oop_folds",
		"donk_bet_oop_attempts", "float_ip_attempts", "float_bet_ip_takedowns", "squeeze_strict_ip_attempts", "steal_strict_oop_challenges"} {
		if !seen[name] {
			t.Errorf("stat %q missing", name)
		}
	}
	for _, name := range []string{"donk_bet_ip_attempts", "float_oop_attempts", "float_ip_takedowns", "float_bet_oop_attempts", "squeeze_strict_ip_challenges"} {
		if seen[name] {
			t.Errorf("stat %q should not exist", name)
		}
	}
	if perManeuver+17 != int(NumStats) {
		t.Errorf("%d per-maneuver stats + 17 others != %d", perManeuver, NumStats)
	}
	mseen := map[string]bool{}
	for m := Metric(0); m < NumMetrics; m++ {
		if mseen[m.String()] {
			t.Errorf("duplicate metric %q", m)
		}
		mseen[m.String()] = true
	}
	for _, name := range []string{"three_bets", "three_bet_folds", "three_bet_rate", "three_bet_ip_oop_diff", "fold_to_cbet_rate", "positional_edge"} {
		if !mseen[name] {
			t.Errorf("metric %q missing", name)
		}
	}
}

func TestRecordFlagsAndResults(t *testing.T) {
	tr := play(t, "p3 f, p4 f, p5 f, p6 r 6, p1 f, p2 c / p2 x, p6 b 8, p2 f")
	r := tr.Record(5)
	// p6 put in 6 + 8, got 8 back uncalled and won 1 + 6 + 6.
	if !r.Success || !r.Aggressor || !r.AggressorInPosition || r.Showdown || !r.Positioned || r.Position != IP ||
		!r.ResultKnown || r.Net != chips.FromInt(7) {
		t.Errorf("p6 record %+v", r)
	}
	if r.Stats[CbetIPTakedowns] != 1 || r.Stats[Hands] != 1 || r.Stats[Success] != 1 || r.Stats[HandsIP] != 1 {
		t.Errorf("p6 stats in record: %v %v %v", r.Stats[CbetIPTakedowns], r.Stats[Hands], r.Stats[HandsIP])
	}
	r = tr.Record(1)
	if r.Success || r.Aggressor || r.Position != OOP || !r.Positioned || r.Net != chips.FromInt(-6) {
		t.Errorf("p2 record %+v", r)
	}
	r = tr.Record(0)
	if r.Positioned || r.Net != chips.FromInt(-1) || r.Stats[Hands] != 1 {
		t.Errorf("p1 record %+v", r)
	}

	var agg Aggregator
	if err := agg.Add(tr, []string{"a", "b", "c", "d", "e", "f"}); err != nil {
		t.Fatal(err)
	}
	f := agg.Player("f")
	if f.ResultHandsIP != 1 || f.ResultIP != 3.5 || f.ResultHandsOOP != 0 {
		t.Errorf("f totals %+v", *f)
	}
	b := agg.Player("b")
	if b.ResultHandsOOP != 1 || b.ResultOOP != -3 {
		t.Errorf("b totals %+v", *b)
	}

	// An OOP aggressor, and a showdown.
	tr = play(t, "win=p2: p3 f, p4 f, p5 f, p6 r 6, p1 f, p2 c / p2 b 6, p6 c / p2 x, p6 x / p2 x, p6 x")
	if r := tr.Record(1); !r.Aggressor || r.AggressorInPosition || !r.Showdown || !r.Success || r.Net != chips.FromInt(13) {
		t.Errorf("p2 record %+v", r)
	}
	if r := tr.Record(5); !r.Showdown || r.Success || r.Net != chips.FromInt(-12) {
		t.Errorf("p6 record %+v", r)
	}
	if !tr.Showdown() || !tr.SecondRound() {
		t.Error("hand flags")
	}

	// Results of a showdown without collected amounts are unknown.
	h, err := parseTestHand("p3 c, p4 f, p5 f, p6 f, p1 f, p2 x")
	if err != nil {
		t.Fatal(err)
	}
	var tr2 Tracker
	if err := h.feed(&tr2); err != nil {
		t.Fatal(err)
	}
	if r := tr2.Record(2); r.ResultKnown || !r.Showdown || r.Success {
		t.Errorf("unknown result %+v", r)
	}
}

// TestStrictSqueeze: in a game whose first round does not follow seat order
// (the tracker takes the order it is given), a squeezer behind the opener
// but ahead of a caller is IP for squeeze and OOP for squeeze_strict.
func TestStrictSqueeze(t *testing.T) {
	tr := play(t, "n=4 b=0: p1 b 4, p2 f, p4 c, p3 r 16, p1 f, p4 f")
	expect(t, tr, "p3", "squeeze_ip_opportunities squeeze_ip_attempts squeeze_ip_takedowns "+
		"squeeze_strict_oop_opportunities squeeze_strict_oop_attempts squeeze_strict_oop_takedowns "+
		"three_bet_ip_opportunities three_bet_ip_attempts three_bet_ip_takedowns")
	expect(t, tr, "p4", "squeeze_ip_challenges squeeze_ip_folds three_bet_ip_opportunities three_bet_ip_challenges three_bet_ip_folds", SqueezeStrict)
	expect(t, tr, "p1", "squeeze_oop_challenges squeeze_oop_folds preflop_raises=1", SqueezeStrict)
}

// TestEvolvedRounds: the first round plays the preflop role with or without
// blinds; maneuvers that need a round the game lacks never get an
// opportunity.
func TestEvolvedRounds(t *testing.T) {
	// One round, no blinds: the first bet is the open raise.
	tr := play(t, "n=3 b=0: p1 b 5, p2 r 15, p3 f, p1 f")
	expect(t, tr, "p1", "preflop_raise_opportunities=1 preflop_raises=1 limp_opportunities=0 open_shove_oop_opportunities "+
		"three_bet_oop_challenges three_bet_oop_folds", Steal, StealStrict, Cbet)
	expect(t, tr, "p2", "three_bet_ip_opportunities three_bet_ip_attempts three_bet_ip_takedowns shove_ip_opportunities", Steal)

	// Two rounds: a c-bet exists, barrels and probes do not.
	tr = play(t, "n=3 win=p1: p3 r 6, p1 c, p2 f / p1 x, p3 b 6, p1 c")
	expect(t, tr, "p3", "cbet_ip_opportunities cbet_ip_attempts", DoubleBarrel, TripleBarrel, DelayedCbet)
	expect(t, tr, "p1", "float_ip_opportunities=0", FloatBet, ProbeBet)

	// Six rounds: the c-bettor's bets after the fourth round are no barrels.
	tr = play(t, "n=2 win=p2 s=1000: p2 r 5, p1 c / p1 x, p2 b 5, p1 c / p1 x, p2 b 5, p1 c / p1 x, p2 b 5, p1 c / "+
		"p1 x, p2 b 5, p1 c / p1 x, p2 b 5, p1 c")
	expect(t, tr, "p2", "cbet_ip_opportunities cbet_ip_attempts double_barrel_ip_opportunities double_barrel_ip_attempts "+
		"triple_barrel_ip_opportunities triple_barrel_ip_attempts aggressions=6")
	expect(t, tr, "p1", "donk_bet_oop_opportunities=5 cbet_oop_challenges cbet_oop_continues")
}

func TestTrackerErrors(t *testing.T) {
	var tr Tracker
	hundred := []chips.Chips{10000, 10000, 10000}
	cases := []struct {
		name string
		run  func() error
		want error
	}{
		{"action before hand", func() error { return tr.OnAction(Action{}) }, ErrState},
		{"one seat", func() error { return tr.OnHandStart(&Setup{Stacks: hundred[:1]}) }, ErrSetup},
		{"button", func() error { return tr.OnHandStart(&Setup{Stacks: hundred, Button: 3}) }, ErrSetup},
		{"blinds length", func() error {
			return tr.OnHandStart(&Setup{Stacks: hundred, Blinds: []chips.Chips{1}})
		}, ErrSetup},
		{"sitting out owes", func() error {
			return tr.OnHandStart(&Setup{Stacks: []chips.Chips{0, 100, 100}, Antes: []chips.Chips{1, 1, 1}})
		}, ErrSetup},
		{"action before round", func() error {
			if err := tr.OnHandStart(&Setup{Stacks: hundred, Blinds: []chips.Chips{100, 200, 0}, Button: 2}); err != nil {
				return err
			}
			return tr.OnAction(Action{Seat: 2, Kind: Fold})
		}, ErrState},
		{"check facing", func() error {
			if err := tr.OnRoundStart(RoundConfig{}); err != nil {
				return err
			}
			return tr.OnAction(Action{Seat: 2, Kind: Check})
		}, ErrAction},
		{"raise not above", func() error { return tr.OnAction(Action{Seat: 2, Kind: Raise, To: 200}) }, ErrAction},
		{"raise over stack", func() error { return tr.OnAction(Action{Seat: 2, Kind: Raise, To: 10001}) }, ErrAction},
		{"seat range", func() error { return tr.OnAction(Action{Seat: 3, Kind: Fold}) }, ErrAction},
		{"kind", func() error { return tr.OnAction(Action{Seat: 2, Kind: 9}) }, ErrAction},
		{"folded acts", func() error {
			if err := tr.OnAction(Action{Seat: 2, Kind: Fold}); err != nil {
				return err
			}
			return tr.OnAction(Action{Seat: 2, Kind: Call})
		}, ErrAction},
		{"collected length", func() error { return tr.OnHandEnd(make([]chips.Chips, 2)) }, ErrSetup},
		{"after end", func() error {
			if err := tr.OnHandEnd(nil); err != nil {
				return err
			}
			return tr.OnAction(Action{Seat: 0, Kind: Fold})
		}, ErrState},
	}
	for _, c := range cases {
		if err := c.run(); !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, err, c.want)
		}
	}
}

func TestMetrics(t *testing.T) {
	var agg Aggregator
	names := []string{"a", "b", "c", "d", "e", "f"}
	for _, h := range []string{
		"p3 f, p4 f, p5 f, p6 r 6, p1 f, p2 f",
		"p3 f, p4 f, p5 f, p6 r 6, p1 f, p2 r 20, p6 f",
		"p3 f, p4 f, p5 f, p6 f, p1 f",
	} {
		tr := play(t, h)
		if err := agg.Add(tr, names); err != nil {
			t.Fatal(err)
		}
	}
	f := agg.Player("f")
	ms := ComputeMetrics(f)
	get := func(name string) (float64, bool) {
		m, ok := ParseMetric(name)
		if !ok {
			t.Fatalf("no metric %q", name)
		}
		return ms.Get(m)
	}
	want := map[string]float64{
		"steals": 2, "steal_opportunities": 3, "steal_rate": 2.0 / 3, "steal_ip_rate": 2.0 / 3,
		"steal_takedowns": 1, "steal_takedown_rate": 0.5, "three_bet_folds": 1, "three_bet_challenges": 1,
		"fold_to_three_bet_rate": 1, "fold_to_three_bet_ip_rate": 1, "preflop_raise_rate": 2.0 / 3,
		"three_bets": 0, "success_rate": 1.0 / 3,
	}
	for name, w := range want {
		if v, ok := get(name); !ok || math.Abs(v-w) > 1e-12 {
			t.Errorf("%s = %v, %v; want %v", name, v, ok, w)
		}
	}
	// No opportunities: absent, not NaN.
	for _, name := range []string{"steal_oop_rate", "steal_ip_oop_diff", "fold_to_three_bet_oop_rate", "three_bet_rate", "cbet_rate", "positional_edge"} {
		if v, ok := get(name); ok {
			t.Errorf("%s = %v, want absent", name, v)
		}
	}
	b, err := json.Marshal(&ms)
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]*float64
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if len(back) != int(NumMetrics) || back["steal_oop_rate"] != nil || back["steals"] == nil || *back["steals"] != 2 {
		t.Errorf("metrics JSON: %d keys, steal_oop_rate %v", len(back), back["steal_oop_rate"])
	}
	if strings.Contains(string(b), "NaN") {
		t.Error("NaN in metrics JSON")
	}
}

func TestCountsJSON(t *testing.T) {
	var c Counts
	c[ThreeBetIPAttempts] = 3
	c[Hands] = 7
	b, err := json.Marshal(&c)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(b), `{"hands":7,`) || !strings.Contains(string(b), `"three_bet_ip_attempts":3`) {
		t.Errorf("JSON %s", b[:60])
	}
	var back Counts
	if err := json.Unmarshal(b, &back); err != nil || back != c {
		t.Fatalf("round trip: %v", err)
	}
	for _, bad := range []string{`{"nope":1}`, `{"hands":-1}`, `{"hands":1.5}`, `[1]`, `null`, `{"hands":"1"}`} {
		if err := json.Unmarshal([]byte(bad), &back); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

func FuzzCountsJSON(f *testing.F) {
	f.Add([]byte(`{"hands":7,"three_bet_ip_attempts":3}`))
	f.Add([]byte(`{"cbet_oop_folds":0}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var c Counts
		if err := c.UnmarshalJSON(data); err != nil {
			return
		}
		b, err := c.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var d Counts
		if err := d.UnmarshalJSON(b); err != nil || d != c {
			t.Fatalf("round trip of %s: %v", data, err)
		}
	})
}

// FuzzTracker feeds arbitrary events: the tracker returns errors, never
// panics, and keeps its invariants.
func FuzzTracker(f *testing.F) {
	f.Add([]byte{6, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{2, 200, 3, 30, 1, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		n := 2 + int(data[0])%(MaxSeats-1)
		stacks := make([]chips.Chips, n)
		blinds := make([]chips.Chips, n)
		for i := range stacks {
			stacks[i] = chips.Chips(1 + int(data[1])*(i+1)*7)
		}
		blinds[0], blinds[1%n] = 1, 2
		var tr Tracker
		if err := tr.OnHandStart(&Setup{Stacks: stacks, Blinds: blinds, Button: n - 1}); err != nil {
			t.Fatal(err)
		}
		if err := tr.OnRoundStart(RoundConfig{MinBet: 2}); err != nil {
			t.Fatal(err)
		}
		for _, b := range data[2:] {
			switch {
			case b == 255:
				_ = tr.OnRoundStart(RoundConfig{MinBet: 2, MaxRaises: int(b % 4)})
			default:
				_ = tr.OnAction(Action{Seat: int(b) % n, Kind: Kind(b/16) % 5, To: tr.TableBet() + chips.Chips(b)})
			}
		}
		_ = tr.OnHandEnd(nil)
		checkInvariants(t, &tr, "fuzz")
	})
}

func TestFeatures(t *testing.T) {
	var agg Aggregator
	names := []string{"a", "b", "c", "d", "e", "f"}
	for _, h := range []string{
		// p6 steals, the blinds fold: 2 challenges, 2 folds, 1 takedown.
		"p3 f, p4 f, p5 f, p6 r 6, p1 f, p2 f",
		// p6 c-bets IP after a called steal; p2 folds: 3 more challenges, 2 folds.
		"p3 f, p4 f, p5 f, p6 r 6, p1 f, p2 c / p2 x, p6 b 8, p2 f",
	} {
		if err := agg.Add(play(t, h), names); err != nil {
			t.Fatal(err)
		}
	}
	f := FeaturesOf(&agg)
	want := Features{
		FoldEquity:           4.0 / 5,
		ShowdownRate:         0,
		SecondRoundRate:      0.5,
		AggressionInPosition: 1,
		TakedownRate:         2.0 / 3,
		// attempts: steal 2, cbet 1.
		ManeuverDiversity: -(2.0/3*math.Log(2.0/3) + 1.0/3*math.Log(1.0/3)) / math.Log(15),
		// After the first round of the second hand p6 is IP and nets 7 chips
		// (3.5 big blinds), p2 is OOP and loses 6 (3 big blinds).
		PositionalEdge: math.Tanh((3.5 - -3) / 10),
	}
	for i := range f {
		if math.Abs(f[i]-want[i]) > 1e-12 {
			t.Errorf("%s = %v, want %v", Feature(i), f[i], want[i])
		}
	}
	b, err := json.Marshal(&f)
	if err != nil || !strings.Contains(string(b), `"fold_equity":0.8`) {
		t.Errorf("JSON %s %v", b, err)
	}

	// Random hands: every feature in its range.
	rng := rand.New(rand.NewPCG(3, 4))
	var tr Tracker
	var ragg Aggregator
	for h := 0; h < 3000; h++ {
		randomHand(t, rng, &tr, 4)
		if err := ragg.Add(&tr, []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}[:tr.Players()]); err != nil {
			t.Fatal(err)
		}
	}
	rf := FeaturesOf(&ragg)
	for i, v := range rf {
		lo := 0.0
		if Feature(i) == PositionalEdge || Feature(i) == PositionalAttemptGap {
			lo = -1
		}
		if math.IsNaN(v) || v < lo || v > 1 {
			t.Errorf("%s = %v out of [%v, 1]", Feature(i), v, lo)
		}
	}
	if rf[ManeuverDiversity] < 0.5 || rf[ShowdownRate] == 0 || rf[FoldEquity] == 0 {
		t.Errorf("random features %v", rf)
	}
}

// TestMissedSmallBlind: a table seat that sits out has no position; with the
// small blind missed, the big blind is the only blind defending a steal.
func TestMissedSmallBlind(t *testing.T) {
	c := chips.FromInt
	log := Log{
		Setup: Setup{
			Stacks: []chips.Chips{0, c(100), c(100), c(100), c(100)},
			Blinds: []chips.Chips{0, c(2), 0, 0, 0},
			Button: 4,
		},
		Rounds: []RoundLog{{Actions: []Action{
			{Seat: 2, Kind: Fold}, {Seat: 3, Kind: Fold}, {Seat: 4, Kind: Raise, To: c(6)}, {Seat: 1, Kind: Fold},
		}}},
	}
	var tr Tracker
	if err := tr.Play(&log); err != nil {
		t.Fatal(err)
	}
	if tr.DealtIn(0) || tr.Position(0) != -1 || tr.Position(1) != 0 || tr.Position(4) != 3 {
		t.Errorf("positions %d %d %d", tr.Position(0), tr.Position(1), tr.Position(4))
	}
	expect(t, &tr, "p5", "steal_ip_opportunities steal_ip_attempts steal_ip_takedowns "+
		"steal_strict_ip_opportunities steal_strict_ip_attempts steal_strict_ip_takedowns")
	expect(t, &tr, "p2", "steal_oop_challenges steal_oop_folds steal_strict_oop_challenges steal_strict_oop_folds")
	// The cutoff (position 2) had a steal chance; the seat in position 1 is no blind.
	expect(t, &tr, "p4", "steal_ip_opportunities steal_strict_oop_opportunities")
	expect(t, &tr, "p3", "", Steal, StealStrict)
	if tr.Count(0, Hands) != 0 || tr.Count(1, Hands) != 1 {
		t.Error("the seat sitting out played")
	}
}
