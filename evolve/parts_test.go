package evolve

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/genome"
)

func TestPresetsSumToOne(t *testing.T) {
	for name, w := range Presets() {
		sum := 0.0
		for k, v := range w {
			if componentIndex(k) < 0 {
				t.Errorf("%s: unknown component %s", name, k)
			}
			sum += v
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("%s sums to %v", name, sum)
		}
	}
}

func TestWeightedScore(t *testing.T) {
	f := NewWeighted(FitnessConfig{Preset: "balanced"}, GateConfig{MinCompletion: 0.9, MinDecisions: 2, MaxDecisions: 100, MaxForcedShare: 0.9,
		MaxDrawRate: 0.3, MinBalance: 0.5})
	if err := f.Validate(); err != nil {
		t.Fatal(err)
	}
	m := Measures{Completion: 1, DecisionsPerPlayer: 20, MeanLegalMoves: 4, ForcedShare: 0.25, LeadChanges: 2,
		ComebackRate: 0.5, Margin: 0.4, HasMargin: true, Balance: 0.9, WeakWinRate: 0.3, StrongWinRate: 0.5,
		Skill: 0.2, HasSkill: true}
	s := f.Score(&m)
	want := map[string]float64{
		CompCompletion: 1, CompLength: 1, CompChoice: 1, CompAgency: 1, CompTension: 1 - math.Exp(-1),
		CompComeback: 0.5, CompCloseness: 0.6, CompBalance: 0.9, CompStrategy: 1, CompSkill: 0.2,
		CompBetting: 0, CompPositionalEdge: 0,
	}
	total := 0.0
	for k, v := range want {
		if got := s.Components[componentIndex(k)]; math.Abs(got-v) > 1e-12 {
			t.Errorf("%s = %v, want %v", k, got, v)
		}
		total += Presets()["balanced"][k] * v
	}
	if !s.Playable || math.Abs(s.Fitness-total) > 1e-12 {
		t.Errorf("fitness %v playable %v, want %v", s.Fitness, s.Playable, total)
	}
	if b := f.Base(&m); math.Abs(b-(total-0.15*0.2)) > 1e-12 {
		t.Errorf("base %v", b)
	}
	// Gates.
	cases := []struct {
		change func(*Measures)
		gate   string
	}{
		{func(m *Measures) { m.Completion = 0.5 }, "no_completion"},
		{func(m *Measures) { m.DecisionsPerPlayer = 1 }, "too_short"},
		{func(m *Measures) { m.DecisionsPerPlayer = 500 }, "too_long"},
		{func(m *Measures) { m.ForcedShare = 0.95 }, "no_real_decisions"},
		{func(m *Measures) { m.DrawRate = 0.5 }, "too_many_draws"},
		{func(m *Measures) { m.Balance = 0.2 }, "seat_imbalance"},
		{func(m *Measures) { m.Missing = []string{MechanicTricks} }, "missing_mechanic"},
	}
	for _, c := range cases {
		mm := m
		c.change(&mm)
		s := f.Score(&mm)
		if s.Playable || len(s.Failed) != 1 || s.Failed[0] != c.gate || math.Abs(s.Fitness+1.0/7) > 1e-12 {
			t.Errorf("%s: %+v", c.gate, s)
		}
	}
	// Betting and positional components.
	m = Measures{Checks: 10, Calls: 10, Bets: 10, Raises: 10, Folds: 10, PositionalHands: 5, PositionalEdge: 0.45,
		ManeuverDiversity: 0.6, FoldEquity: 0.1}
	c := f.Components(&m)
	if math.Abs(c[componentIndex(CompBetting)]-1) > 1e-12 {
		t.Errorf("betting entropy of a uniform mix %v", c[componentIndex(CompBetting)])
	}
	// edge 0.45 is 0.15 above the band [0.02, 0.3] of width 0.28.
	if got, want := c[componentIndex(CompPositionalEdge)], 1-0.15/0.28; math.Abs(got-want) > 1e-12 {
		t.Errorf("positional edge %v, want %v", got, want)
	}
	if got, want := c[componentIndex(CompFoldEquity)], 1-0.1/0.4; math.Abs(got-want) > 1e-12 {
		t.Errorf("fold equity %v, want %v", got, want)
	}
}

func TestTournament(t *testing.T) {
	if (Tournament{Size: 0}).Validate() == nil {
		t.Error("size 0 accepted")
	}
	rng := rand.New(rand.NewPCG(1, 1))
	fit := []float64{0.1, 0.9, 0.5, 0.3}
	// With k = 2 over N = 4 the best wins with probability 1 − (3/4)² = 7/16.
	wins := make([]int, 4)
	const n = 40000
	for range n {
		wins[Tournament{Size: 2}.Select(rng, fit)]++
	}
	if p := float64(wins[1]) / n; math.Abs(p-7.0/16) > 0.02 {
		t.Errorf("best chosen %.3f, want 0.4375", p)
	}
	if p := float64(wins[0]) / n; math.Abs(p-1.0/16) > 0.01 {
		t.Errorf("worst chosen %.3f, want 0.0625", p)
	}
}

func TestGrid(t *testing.T) {
	g, err := NewGrid([]DescriptorConfig{{Name: "betting_intensity", Min: 0, Max: 0.5, Bins: 5}, {Name: "game_length", Min: 0, Max: 60, Bins: 6}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewGrid([]DescriptorConfig{{Name: "nope", Min: 0, Max: 1, Bins: 2}}); err == nil || !strings.Contains(err.Error(), "archive.descriptors[0].name") {
		t.Errorf("bad descriptor: %v", err)
	}
	for _, c := range []struct {
		d    []float64
		cell int
	}{{[]float64{0, 0}, 0}, {[]float64{0.12, 25}, 1*6 + 2}, {[]float64{9, 999}, 29}, {[]float64{-1, -5}, 0}, {[]float64{math.NaN(), 59.9}, 5}} {
		if got := g.Cell(c.d); got != c.cell {
			t.Errorf("Cell(%v) = %d, want %d", c.d, got, c.cell)
		}
	}
	mk := func(h byte, fit float64, playable bool, length float64) *Individual {
		ind := &Individual{Genome: &genome.Genome{}, Score: Score{Fitness: fit, Playable: playable}}
		ind.Hash[0] = h
		ind.Measures.DecisionsPerPlayer = length
		return ind
	}
	if g.Add(mk(1, 0.9, false, 5)) {
		t.Error("an unplayable genome entered")
	}
	if !g.Add(mk(2, 0.5, true, 5)) || g.Add(mk(3, 0.4, true, 6)) || !g.Add(mk(4, 0.6, true, 7)) || !g.Add(mk(5, 0.1, true, 50)) {
		t.Error("replacement rule broken")
	}
	el := g.Elites()
	if len(el) != 2 || el[0].Hash[0] != 4 || el[1].Hash[0] != 5 || math.Abs(g.Coverage()-2.0/30) > 1e-12 {
		t.Errorf("elites %v coverage %v", len(el), g.Coverage())
	}
}

func TestDiversity(t *testing.T) {
	seeds, err := genome.Seeds()
	if err != nil {
		t.Fatal(err)
	}
	same := []*Individual{{Genome: seeds[0]}, {Genome: seeds[0]}, {Genome: seeds[0]}}
	if d := Diversity(same); d != 0 {
		t.Errorf("identical genomes: %v", d)
	}
	var all []*Individual
	for _, g := range seeds {
		all = append(all, &Individual{Genome: g})
	}
	if d := Diversity(all); d < 0.3 || d > 1 {
		t.Errorf("seed games: diversity %v", d)
	}
	if Diversity(all[:1]) != 0 {
		t.Error("one genome")
	}
}

func TestCrossoverKeepsGenomesValid(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	pool := startGenomes(t, rng)
	var x Crossover = PhaseSetupCrossover{}
	ok := 0
	for range 3000 {
		a, b := pool[rng.IntN(len(pool))], pool[rng.IntN(len(pool))]
		c, good := x.Cross(rng, a, b)
		if !good {
			continue
		}
		ok++
		if ps := genome.Validate(c); len(ps) > 0 {
			t.Fatalf("invalid child: %v", ps)
		}
		if err := checkBetting(c); err != nil {
			t.Fatal(err)
		}
		if len(pool) < 200 {
			pool = append(pool, c)
		}
	}
	if ok < 2500 {
		t.Errorf("only %d of 3000 crossings valid", ok)
	}
}

func TestBettingOperators(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	war, err := genome.Seed("war")
	if err != nil {
		t.Fatal(err)
	}
	g := war.Clone()
	if !AddBettingPhase(rng, g) || genome.Repair(g) != nil {
		t.Fatal("AddBettingPhase on war")
	}
	if g.Setup.StartingChips == 0 || checkBetting(g) != nil {
		t.Fatalf("chips %d: %v", g.Setup.StartingChips, checkBetting(g))
	}
	for range 200 {
		MutateStartingChips(rng, g)
		MutateBettingPhase(rng, g)
		MutateForcedBets(rng, g)
		if err := checkBetting(g); err != nil {
			t.Fatal(err)
		}
		if g.Setup.BigBlind > g.Setup.StartingChips || g.Setup.SmallBlind > g.Setup.BigBlind || g.Setup.Ante > g.Setup.StartingChips {
			t.Fatalf("forced bets %+v", g.Setup)
		}
	}
	for RemoveBettingPhase(rng, g) {
	}
	if len(genome.Repair(g)) > 0 || g.Setup.StartingChips != 0 && g.Setup.Ante == 0 && g.Setup.BigBlind == 0 {
		t.Errorf("after removing every betting round: %+v", g.Setup)
	}
	if RemoveBettingPhase(rng, war.Clone()) || MutateBettingPhase(rng, war.Clone()) || MutateStartingChips(rng, war.Clone()) {
		t.Error("betting operators applied to a game without betting")
	}
}

func TestConfigValidate(t *testing.T) {
	c := DefaultConfig()
	if err := c.Validate(); err != nil {
		t.Fatalf("defaults: %v", err)
	}
	c.Population.Size = 0
	c.Mutation.Weights = map[string]float64{"nope": 1}
	c.Fitness.Weights = map[string]float64{"balance": -1}
	c.Remeasure.GamesFactor = 3
	c.Evaluation.PhaseKinds = []string{"betting", "poker"}
	err := c.Validate()
	for _, key := range []string{"population.size", "mutation.weights.nope", "fitness.weights.balance", "remeasure.games_factor", "evaluation.phase_kinds[1]"} {
		if err == nil || !strings.Contains(err.Error(), key) {
			t.Errorf("error %v does not name %s", err, key)
		}
	}
}
