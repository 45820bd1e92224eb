package evolve

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/deckforge/deckforge/sim"
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

	// Drama, WinnerLeadFrom and DrawRate are sim's drama, winner_lead_from
	// (means over the games with one winner) and shared_win_rate (games
	// ending at the cap count as draws under evaluation.cap_draws).
	Drama          float64 `json:"drama"`
	WinnerLeadFrom float64 `json:"winner_lead_from"`
	HasLead        bool    `json:"has_lead"`
	DrawRate       float64 `json:"draw_rate"`
	// WinnerTookTricks is sim's winner_took_tricks (games with tricks and
	// one winner), when HasTricks.
	WinnerTookTricks float64 `json:"winner_took_tricks"`
	HasTricks        bool    `json:"has_tricks"`
	// Missing lists the required mechanics (evaluation.require) the genome
	// lacks; RulesLength is its RulesLength; Pruned names what the
	// ablation pass removed before it was measured.
	Missing     []string `json:"missing,omitempty"`
	RulesLength int      `json:"rules_length"`
	Pruned      []string `json:"pruned,omitempty"`

	// Skill is the skill term in [0, 1] (see SkillBand), from the skill
	// ladder in Ladder, when HasSkill.
	Skill    float64           `json:"skill"`
	HasSkill bool              `json:"has_skill"`
	Ladder   *sim.LadderResult `json:"ladder,omitempty"`
}

// LeadChangeRate is lead changes per turn: lead_changes / turns_mean (0
// without turns).
func (m *Measures) LeadChangeRate() float64 {
	if m.TurnsMean <= 0 {
		return 0
	}
	return m.LeadChanges / m.TurnsMean
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

// The components of fitness, each in [0, 1]. Metrics gives each one's
// formula.
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
	CompDrama             = "drama"
	CompDecisiveness      = "decisiveness"
	CompLeadChangeRate    = "lead_change_rate"
	CompUncertainty       = "uncertainty"
	CompParsimony         = "parsimony"
	CompBettingImpact     = "betting_impact"
)

// Metric is one fitness component: its name (the key of
// fitness.weights and of the JSON components), its formula and its range.
// The report and the JSON outputs read them from Metrics, the one
// registry.
type Metric struct {
	Name    string `json:"name"`
	Formula string `json:"formula"`
	Range   string `json:"range"`
}

// metrics is the registry of fitness components, in their fixed order.
// band(x; lo, hi) is 1 on [lo, hi] and falls linearly to 0 at a distance
// of hi − lo outside it. The measures come from equal agents in both
// seatings (self-play under the shipped experiments) unless the formula
// says otherwise.
var metrics = []Metric{
	{CompCompletion, "completion_rate: the share of games that end before the turn cap", "[0, 1]"},
	{CompLength, "d = decisions per player; d/L_lo if d < L_lo, L_hi/d if d > L_hi, else 1 (fitness.length_min, length_max)", "[0, 1]"},
	{CompChoice, "band(b; 2, 6), b = mean legal moves per decision: real choices, without rewarding big menus", "[0, 1]"},
	{CompAgency, "band(1 − forced_move_share; 0.3, 1): enough real choices; forced plays such as following suit cost nothing above 30% choices", "[0, 1]"},
	{CompTension, "1 − exp(−λ/2), λ = lead changes per game", "[0, 1)"},
	{CompComeback, "comeback_rate: the winner was behind at half time", "[0, 1]"},
	{CompCloseness, "1 − margin (the winner's final margin over the runner-up, scaled)", "[0, 1]"},
	{CompBalance, "1 − n/(2(n−1)) · Σ_i |w̄_i − 1/n|, w̄_i = seat i's win rate averaged over both seatings", "[0, 1]"},
	{CompStrategy, "band(w_strong − w_weak; 0.1, 0.5): the stronger evaluation agent wins more, but not always", "[0, 1]"},
	{CompBetting, "−Σ_a p_a ln p_a / ln 5 over the betting decisions a ∈ {check, call, bet, raise, fold} (rounds after new information only: lint removes the others)", "[0, 1]"},
	{CompPositionalEdge, "band(e; fitness.edge_min, edge_max), e = engine/stats positional edge tanh((R_ip − R_oop)/10) with identical agents in both seatings", "[0, 1]"},
	{CompManeuverDiversity, "engine/stats maneuver diversity: entropy of the 15 base maneuvers' attempts / ln 15", "[0, 1]"},
	{CompFoldEquity, "band(f; fitness.fold_equity_min, fold_equity_max), f = challenge folds / challenges", "[0, 1]"},
	{CompSkill, "mean over the ladder steps (greedy over random, search B over greedy, search 4B over search B) of SkillBand(lo, hi, 1/n), 0 when a step's win rate is not above 1/n (the ladder must rise): the better player should win clearly, but not always", "[0, 1]"},
	{CompDrama, "min(1, 4·drama), drama = mean over the second half of the game of the eventual winner's deficit (max_p s_t(p) − s_t(w))/S", "[0, 1]"},
	{CompDecisiveness, "1 − draw_rate: games end with one winner (a game ending at the turn cap is a draw)", "[0, 1]"},
	{CompLeadChangeRate, "band(r; 0.02, 0.25), r = lead changes per turn", "[0, 1]"},
	{CompUncertainty, "winner_lead_from: the share of the game played before the eventual winner led for good (0: led from the start)", "[0, 1]"},
	{CompParsimony, "band(L; 1, fitness.rules_max), L = RulesLength: phases, effects, scoring rules, win conditions and extra condition nodes", "[0, 1]"},
	{CompBettingImpact, "band(f; 0.15, 0.6), f = fold_wins / pots: the share of pots that betting decided (someone folded) rather than the cards alone", "[0, 1]"},
}

// Metrics returns the registry of fitness components (a copy), in their
// fixed order.
func Metrics() []Metric { return slices.Clone(metrics) }

// ComponentNames returns the names of the fitness components, in their
// fixed order.
func ComponentNames() []string {
	names := make([]string, len(metrics))
	for i, m := range metrics {
		names[i] = m.Name
	}
	return names
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
	// RulesMax is the rules length (RulesLength) above which parsimony
	// starts to fall (0: 12).
	RulesMax float64 `toml:"rules_max" json:"rules_max,omitempty"`
}

func (f *FitnessConfig) rulesMax() float64 {
	if f.RulesMax == 0 {
		return 12
	}
	return f.RulesMax
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
	es.check(finite(f.RulesMax) && f.RulesMax >= 0 && f.RulesMax <= 1000, "fitness.rules_max", "%v out of range [0, 1000]", f.RulesMax)
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
	RulesMax                     float64
}

// NewWeighted returns the Weighted fitness of a validated configuration.
func NewWeighted(f FitnessConfig, g GateConfig) *Weighted {
	w := &Weighted{Weights: f.ResolvedWeights(), Gates: g}
	w.LengthMin, w.LengthMax, w.EdgeMin, w.EdgeMax, w.FoldEquityMin, w.FoldEquityMax = f.bands()
	w.RulesMax = f.rulesMax()
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
	return []string{"no_completion", "too_short", "too_long", "no_real_decisions", "too_many_draws", "seat_imbalance", "missing_mechanic"}
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
	if w.Gates.MaxDrawRate > 0 && m.DrawRate > w.Gates.MaxDrawRate {
		failed = append(failed, "too_many_draws")
	}
	if w.Gates.MinBalance > 0 && m.Balance < w.Gates.MinBalance {
		failed = append(failed, "seat_imbalance")
	}
	if len(m.Missing) > 0 {
		failed = append(failed, "missing_mechanic")
	}
	if w.Gates.RisingLadder && m.HasSkill && !rising(m.Ladder) {
		failed = append(failed, GateFlatLadder)
	}
	return failed
}

// GateFlatLadder is the gate of gates.rising_ladder: the measured skill
// ladder has a step whose win rate is not above 1/players (see rising).
// It is not one of GateNames, whose count sets the fitness of unplayable
// genomes, so experiments without it score as before.
const GateFlatLadder = "flat_ladder"

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
		return band(m.MeanLegalMoves, 2, 6)
	case CompAgency:
		if m.DecisionsPerPlayer == 0 {
			return 0
		}
		return band(1-m.ForcedShare, 0.3, 1)
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
		d := m.StrongWinRate - m.WeakWinRate
		if d <= 0 {
			return 0
		}
		return band(d, 0.1, 0.5)
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
		return m.Skill
	case CompDrama:
		return math.Min(1, 4*m.Drama)
	case CompDecisiveness:
		if m.Games == 0 {
			return 0
		}
		return 1 - m.DrawRate
	case CompLeadChangeRate:
		if m.LeadChanges <= 0 {
			return 0
		}
		return band(m.LeadChangeRate(), 0.02, 0.25)
	case CompUncertainty:
		if !m.HasLead {
			return 0
		}
		return m.WinnerLeadFrom
	case CompParsimony:
		if m.RulesLength == 0 {
			return 0
		}
		return band(float64(m.RulesLength), 1, w.RulesMax)
	case CompBettingImpact:
		if m.Pots == 0 {
			return 0
		}
		return band(float64(m.FoldWin)/float64(m.Pots), 0.15, 0.6)
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
