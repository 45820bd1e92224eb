package evolve

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
)

// Measures are what the simulator measured of one genome, the input of a
// Fitness. They are filled from the sim.Metrics of the two seatings (see
// the package documentation, Evaluation): every value is finite, and a
// value the simulator left absent (nothing to divide by) is 0 with its
// Has flag false where that matters.
type Measures struct {
	Games   int  `json:"games"`
	Players int  `json:"players"`
	Chips   bool `json:"chips"`
	// Session reports the games were hold'em sessions with sit-outs.
	Session bool `json:"session"`
	// Pilot reports that only the pilot was played: it failed a gate.
	Pilot bool `json:"pilot,omitempty"`

	Completion         float64 `json:"completion"`
	TurnsMean          float64 `json:"turns_mean"`
	DecisionsPerPlayer float64 `json:"decisions_per_player"`
	MeanLegalMoves     float64 `json:"mean_legal_moves"`
	ForcedShare        float64 `json:"forced_share"`
	LeadChanges        float64 `json:"lead_changes"`
	ComebackRate       float64 `json:"comeback_rate"`
	Margin             float64 `json:"margin"`
	HasMargin          bool    `json:"has_margin"`
	Balance            float64 `json:"balance"`
	// WeakWinRate and StrongWinRate are the mean rewards of the weaker and
	// the stronger agent (evaluation.agents[0] and [1]).
	WeakWinRate   float64 `json:"weak_win_rate"`
	StrongWinRate float64 `json:"strong_win_rate"`

	// Betting decisions (chip games), summed over the games.
	Checks  int `json:"checks"`
	Calls   int `json:"calls"`
	Bets    int `json:"bets"`
	Raises  int `json:"raises"`
	Folds   int `json:"folds"`
	Pots    int `json:"pots"`
	FoldWin int `json:"fold_wins"`

	// Positional features (engine/stats.FeaturesOf) of the chip games'
	// hands; PositionalHands counts those hands.
	PositionalHands   int64   `json:"positional_hands"`
	PositionalEdge    float64 `json:"positional_edge"`
	ManeuverDiversity float64 `json:"maneuver_diversity"`
	FoldEquity        float64 `json:"fold_equity"`
	ShowdownRate      float64 `json:"showdown_rate"`

	// Skill is the skill gradient of the searching agent (skill.agent)
	// against random, when HasSkill.
	Skill    float64 `json:"skill"`
	HasSkill bool    `json:"has_skill"`
}

// bettingDecisions returns the number of betting decisions.
func (m *Measures) bettingDecisions() int { return m.Checks + m.Calls + m.Bets + m.Raises + m.Folds }

// BettingIntensity is the share of betting decisions that are bets or
// raises, (bets + raises) / decisions; 0 without betting.
func (m *Measures) BettingIntensity() float64 {
	d := m.bettingDecisions()
	if d == 0 {
		return 0
	}
	return float64(m.Bets+m.Raises) / float64(d)
}

// The components of fitness, each in [0, 1]. The package documentation
// gives each one's formula.
const (
	CompCompletion        = "completion"
	CompLength            = "length"
	CompChoice            = "choice"
	CompAgency            = "agency"
	CompTension           = "tension"
	CompComeback          = "comeback"
	CompCloseness         = "closeness"
	CompBalance           = "balance"
	CompStrategy          = "strategy"
	CompBetting           = "betting"
	CompPositionalEdge    = "positional_edge"
	CompManeuverDiversity = "maneuver_diversity"
	CompFoldEquity        = "fold_equity"
	CompSkill             = "skill"
)

// ComponentNames returns the names of the fitness components, in their
// fixed order.
func ComponentNames() []string {
	return []string{CompCompletion, CompLength, CompChoice, CompAgency, CompTension, CompComeback, CompCloseness,
		CompBalance, CompStrategy, CompBetting, CompPositionalEdge, CompManeuverDiversity, CompFoldEquity, CompSkill}
}

// Presets returns the named weight presets. Each sums to 1.
func Presets() map[string]map[string]float64 {
	return map[string]map[string]float64{
		"balanced": {
			CompCompletion: 0.10, CompLength: 0.10, CompChoice: 0.10, CompAgency: 0.10, CompTension: 0.10,
			CompComeback: 0.05, CompCloseness: 0.05, CompBalance: 0.15, CompStrategy: 0.10, CompSkill: 0.15,
		},
		"betting": {
			CompCompletion: 0.05, CompLength: 0.05, CompAgency: 0.05, CompBalance: 0.10, CompTension: 0.05,
			CompStrategy: 0.05, CompSkill: 0.10, CompBetting: 0.15, CompPositionalEdge: 0.15,
			CompManeuverDiversity: 0.15, CompFoldEquity: 0.10,
		},
		"strategic": {
			CompCompletion: 0.05, CompLength: 0.05, CompChoice: 0.10, CompAgency: 0.10, CompBalance: 0.10,
			CompStrategy: 0.25, CompSkill: 0.35,
		},
		"party": {
			CompCompletion: 0.10, CompLength: 0.15, CompTension: 0.20, CompComeback: 0.20, CompCloseness: 0.15,
			CompBalance: 0.15, CompAgency: 0.05,
		},
	}
}

// FitnessConfig chooses the weights and the bands of the components.
type FitnessConfig struct {
	// Preset names the base weights (Presets); Weights then set single
	// components (a weight of 0 drops one).
	Preset  string             `toml:"preset" json:"preset"`
	Weights map[string]float64 `toml:"weights" json:"weights"`
	// LengthMin and LengthMax bound the ideal length, in decisions per
	// player (0, 0: 8 and 80).
	LengthMin float64 `toml:"length_min" json:"length_min"`
	LengthMax float64 `toml:"length_max" json:"length_max"`
	// EdgeMin and EdgeMax bound the healthy positional edge (0, 0: 0.02
	// and 0.3).
	EdgeMin float64 `toml:"edge_min" json:"edge_min"`
	EdgeMax float64 `toml:"edge_max" json:"edge_max"`
	// FoldEquityMin and FoldEquityMax bound the healthy fold equity (0, 0:
	// 0.2 and 0.6).
	FoldEquityMin float64 `toml:"fold_equity_min" json:"fold_equity_min"`
	FoldEquityMax float64 `toml:"fold_equity_max" json:"fold_equity_max"`
}

func (f *FitnessConfig) bands() (lmin, lmax, emin, emax, fmin, fmax float64) {
	lmin, lmax, emin, emax, fmin, fmax = f.LengthMin, f.LengthMax, f.EdgeMin, f.EdgeMax, f.FoldEquityMin, f.FoldEquityMax
	if lmin == 0 && lmax == 0 {
		lmin, lmax = 8, 80
	}
	if emin == 0 && emax == 0 {
		emin, emax = 0.02, 0.3
	}
	if fmin == 0 && fmax == 0 {
		fmin, fmax = 0.2, 0.6
	}
	return
}

// ResolvedWeights returns the preset's weights with Weights applied,
// without the zero ones.
func (f *FitnessConfig) ResolvedWeights() map[string]float64 {
	w := map[string]float64{}
	for k, v := range Presets()[f.Preset] {
		w[k] = v
	}
	for k, v := range f.Weights {
		w[k] = v
	}
	for k, v := range w {
		if v == 0 {
			delete(w, k)
		}
	}
	return w
}

func (f *FitnessConfig) validate() error {
	var es errs
	if _, ok := Presets()[f.Preset]; !ok {
		names := make([]string, 0, 4)
		for k := range Presets() {
			names = append(names, k)
		}
		sort.Strings(names)
		es.add("fitness.preset", "%q: want one of %s", f.Preset, strings.Join(names, ", "))
	}
	keys := make([]string, 0, len(f.Weights))
	for k := range f.Weights {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := f.Weights[k]
		es.check(slices.Contains(ComponentNames(), k), "fitness.weights."+k, "unknown component (want one of %s)", strings.Join(ComponentNames(), ", "))
		es.check(finite(v) && v >= 0 && v <= 100, "fitness.weights."+k, "%v: want a weight in [0, 100]", v)
	}
	sum := 0.0
	for _, v := range f.ResolvedWeights() {
		if finite(v) {
			sum += v
		}
	}
	es.check(sum > 0, "fitness.weights", "every weight is 0")
	lmin, lmax, emin, emax, fmin, fmax := f.bands()
	es.check(finite(lmin) && lmin > 0, "fitness.length_min", "%v: want > 0", lmin)
	es.check(finite(lmax) && lmax > lmin, "fitness.length_max", "%v: want > fitness.length_min (%v)", lmax, lmin)
	es.check(finite(emin) && emin >= -1 && emin <= 1, "fitness.edge_min", "%v out of range [-1, 1]", emin)
	es.check(finite(emax) && emax > emin && emax <= 1, "fitness.edge_max", "%v: want fitness.edge_min (%v) < edge_max <= 1", emax, emin)
	es.check(finite(fmin) && fmin >= 0 && fmin <= 1, "fitness.fold_equity_min", "%v out of range [0, 1]", fmin)
	es.check(finite(fmax) && fmax > fmin && fmax <= 1, "fitness.fold_equity_max", "%v: want fitness.fold_equity_min (%v) < fold_equity_max <= 1", fmax, fmin)
	return errors.Join(es...)
}

// Fitness turns a genome's measures into its fitness. Implementations are
// pure functions of the measures, so a genome's fitness never depends on
// when it was measured.
type Fitness interface {
	// Score returns the fitness of m and its details.
	Score(m *Measures) Score
	// Validate reports a configuration that cannot score.
	Validate() error
}

// Score is a fitness and how it was made.
type Score struct {
	// Fitness is Σ_k w_k·c_k for a playable genome (in [0, Σ w]); for one
	// that fails a gate it is passed/total − 1, in [−1, 0).
	Fitness float64 `json:"fitness"`
	// Playable reports that every gate passed; Failed lists the failed
	// gates by name.
	Playable bool     `json:"playable"`
	Failed   []string `json:"failed,omitempty"`
	// Components are the values c_k, in ComponentNames order.
	Components []float64 `json:"components"`
}

// Weighted is the weighted-sum Fitness with playability gates.
type Weighted struct {
	// Weights by component name; absent components weigh 0.
	Weights map[string]float64
	// Gates are the playability gates.
	Gates GateConfig
	// Bands of the band components.
	LengthMin, LengthMax         float64
	EdgeMin, EdgeMax             float64
	FoldEquityMin, FoldEquityMax float64
}

// NewWeighted returns the Weighted fitness of a validated configuration.
func NewWeighted(f FitnessConfig, g GateConfig) *Weighted {
	w := &Weighted{Weights: f.ResolvedWeights(), Gates: g}
	w.LengthMin, w.LengthMax, w.EdgeMin, w.EdgeMax, w.FoldEquityMin, w.FoldEquityMax = f.bands()
	return w
}

// Validate reports unknown components, bad weights and bands.
func (w *Weighted) Validate() error {
	var es errs
	sum := 0.0
	for k, v := range w.Weights {
		es.check(slices.Contains(ComponentNames(), k), "fitness.weights."+k, "unknown component")
		es.check(finite(v) && v >= 0, "fitness.weights."+k, "%v: want a weight >= 0", v)
		sum += v
	}
	es.check(sum > 0, "fitness.weights", "every weight is 0")
	es.check(w.LengthMin > 0 && w.LengthMax > w.LengthMin, "fitness.length_max", "want 0 < length_min < length_max")
	es.check(w.EdgeMax > w.EdgeMin, "fitness.edge_max", "want edge_min < edge_max")
	es.check(w.FoldEquityMax > w.FoldEquityMin, "fitness.fold_equity_max", "want fold_equity_min < fold_equity_max")
	es.check(w.Gates.MaxDecisions > w.Gates.MinDecisions, "gates.max_decisions", "want > gates.min_decisions")
	return errors.Join(es...)
}

// GateNames are the playability gates, in order.
func GateNames() []string {
	return []string{"no_completion", "too_short", "too_long", "no_real_decisions"}
}

// Gates returns the names of the gates m fails (none: playable).
func (w *Weighted) gates(m *Measures) []string {
	var failed []string
	if m.Completion < w.Gates.MinCompletion {
		failed = append(failed, "no_completion")
	}
	if m.DecisionsPerPlayer < w.Gates.MinDecisions {
		failed = append(failed, "too_short")
	}
	if m.DecisionsPerPlayer > w.Gates.MaxDecisions {
		failed = append(failed, "too_long")
	}
	if m.ForcedShare > w.Gates.MaxForcedShare || m.DecisionsPerPlayer == 0 {
		failed = append(failed, "no_real_decisions")
	}
	return failed
}

// Components returns c_k for every component, in ComponentNames order.
func (w *Weighted) Components(m *Measures) []float64 {
	c := make([]float64, len(ComponentNames()))
	for i, name := range ComponentNames() {
		c[i] = clamp01(w.component(name, m))
	}
	return c
}

func (w *Weighted) component(name string, m *Measures) float64 {
	switch name {
	case CompCompletion:
		return m.Completion
	case CompLength:
		d := m.DecisionsPerPlayer
		switch {
		case d <= 0:
			return 0
		case d < w.LengthMin:
			return d / w.LengthMin
		case d > w.LengthMax:
			return w.LengthMax / d
		}
		return 1
	case CompChoice:
		if m.MeanLegalMoves <= 1 {
			return 0
		}
		return 1 - 1/m.MeanLegalMoves
	case CompAgency:
		if m.DecisionsPerPlayer == 0 {
			return 0
		}
		return 1 - m.ForcedShare
	case CompTension:
		return 1 - math.Exp(-m.LeadChanges/2)
	case CompComeback:
		return m.ComebackRate
	case CompCloseness:
		if !m.HasMargin {
			return 0
		}
		return 1 - m.Margin
	case CompBalance:
		return m.Balance
	case CompStrategy:
		return 2 * (m.StrongWinRate - m.WeakWinRate)
	case CompBetting:
		return bettingEntropy(m)
	case CompPositionalEdge:
		if m.PositionalHands == 0 {
			return 0
		}
		return band(m.PositionalEdge, w.EdgeMin, w.EdgeMax)
	case CompManeuverDiversity:
		if m.PositionalHands == 0 {
			return 0
		}
		return m.ManeuverDiversity
	case CompFoldEquity:
		if m.PositionalHands == 0 {
			return 0
		}
		return band(m.FoldEquity, w.FoldEquityMin, w.FoldEquityMax)
	case CompSkill:
		if !m.HasSkill {
			return 0
		}
		return 2 * m.Skill
	}
	return 0
}

// Base returns the fitness of m without the skill component (the ranking
// that decides whose skill is measured).
func (w *Weighted) Base(m *Measures) float64 {
	mm := *m
	mm.HasSkill = false
	return w.Score(&mm).Fitness
}

// Score returns the fitness of m.
func (w *Weighted) Score(m *Measures) Score {
	c := w.Components(m)
	failed := w.gates(m)
	s := Score{Components: c, Failed: failed, Playable: len(failed) == 0}
	if !s.Playable {
		s.Fitness = float64(len(GateNames())-len(failed))/float64(len(GateNames())) - 1
		return s
	}
	// Sum in the fixed component order so the result does not depend on
	// map iteration.
	for i, name := range ComponentNames() {
		s.Fitness += w.Weights[name] * c[i]
	}
	return s
}

// band is 1 inside [lo, hi] and falls linearly to 0 at a distance of
// hi − lo outside it.
func band(x, lo, hi float64) float64 {
	wd := hi - lo
	switch {
	case x < lo:
		return math.Max(0, 1-(lo-x)/wd)
	case x > hi:
		return math.Max(0, 1-(x-hi)/wd)
	}
	return 1
}

// bettingEntropy is the normalized Shannon entropy of the betting
// decisions over check, call, bet, raise and fold.
func bettingEntropy(m *Measures) float64 {
	d := m.bettingDecisions()
	if d == 0 {
		return 0
	}
	h := 0.0
	for _, k := range []int{m.Checks, m.Calls, m.Bets, m.Raises, m.Folds} {
		if k > 0 {
			p := float64(k) / float64(d)
			h -= p * math.Log(p)
		}
	}
	return h / math.Log(5)
}

func clamp01(x float64) float64 {
	if !(x > 0) { // NaN too
		return 0
	}
	return math.Min(x, 1)
}

// componentIndex returns the index of a component name.
func componentIndex(name string) int { return slices.Index(ComponentNames(), name) }

// describeWeights writes the weights as "name=w, …" in component order.
func describeWeights(w map[string]float64) string {
	var b strings.Builder
	for _, k := range ComponentNames() {
		if v, ok := w[k]; ok {
			if b.Len() > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%s=%g", k, v)
		}
	}
	return b.String()
}
