package evolve

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/sim"
	"github.com/deckforge/deckforge/sim/agent"
)

// The models: how a generation's parents are chosen and its survivors kept.
const (
	// ModelGA is the generational genetic algorithm: tournament selection
	// from the population, elitism, truncation of the offspring.
	ModelGA = "ga"
	// ModelMAPElites keeps a MAP-Elites archive (one elite per cell of the
	// descriptor grid) and breeds from it; the archive is the population.
	ModelMAPElites = "map_elites"
)

// Config is a whole evolution run. Every field has a TOML key (the tag);
// Validate names bad fields by those keys, so an experiment file's errors
// name the key to fix. DefaultConfig gives working defaults for every field.
type Config struct {
	// Name names the run (its directory is <name>-<time>).
	Name string `toml:"name" json:"name"`
	// Description is free text copied into the report.
	Description string `toml:"description" json:"description"`
	// Seed seeds the run: the evolution's generator and every game.
	Seed uint64 `toml:"seed" json:"seed"`
	// Model is ModelGA or ModelMAPElites.
	Model string `toml:"model" json:"model"`
	// Generations is the number of generations bred after the first
	// (generation 0, the initial population).
	Generations int `toml:"generations" json:"generations"`

	Population PopulationConfig `toml:"population" json:"population"`
	Selection  SelectionConfig  `toml:"selection" json:"selection"`
	Mutation   MutationConfig   `toml:"mutation" json:"mutation"`
	Crossover  CrossoverConfig  `toml:"crossover" json:"crossover"`
	Evaluation EvaluationConfig `toml:"evaluation" json:"evaluation"`
	Fitness    FitnessConfig    `toml:"fitness" json:"fitness"`
	Gates      GateConfig       `toml:"gates" json:"gates"`
	Skill      SkillConfig      `toml:"skill" json:"skill"`
	Archive    ArchiveConfig    `toml:"archive" json:"archive"`
	Remeasure  RemeasureConfig  `toml:"remeasure" json:"remeasure"`
	Output     OutputConfig     `toml:"output" json:"output"`
}

// PopulationConfig sizes the population and says how it starts.
type PopulationConfig struct {
	// Size is the population (ModelGA) or the batch of offspring per
	// generation (ModelMAPElites).
	Size int `toml:"size" json:"size"`
	// Elites are the best genomes copied unchanged into the next generation
	// (ModelGA).
	Elites int `toml:"elites" json:"elites"`
	// Offspring is the number of children bred per generation; the best
	// Size − Elites of them survive (ModelGA). 0 means Size.
	Offspring int `toml:"offspring" json:"offspring"`
	// Seeds are seed-game IDs (genome.SeedIDs) put in the first generation;
	// ["all"] takes every seed game. The rest is random genomes.
	Seeds []string `toml:"seeds" json:"seeds"`
	// MaxPhases and ChipsProbability bound the random genomes
	// (genome.RandomOptions).
	MaxPhases        int     `toml:"max_phases" json:"max_phases"`
	ChipsProbability float64 `toml:"chips_probability" json:"chips_probability"`
}

// SelectionConfig configures the Selector.
type SelectionConfig struct {
	// Method is "tournament" (the only one).
	Method string `toml:"method" json:"method"`
	// TournamentSize is the number of contenders drawn per selection.
	TournamentSize int `toml:"tournament_size" json:"tournament_size"`
}

// MutationConfig configures the mutation operators.
type MutationConfig struct {
	// Rate is the probability that a child is mutated (children that are
	// copies of one parent always are, so no child is a clone).
	Rate float64 `toml:"rate" json:"rate"`
	// MaxOps is the most operators applied to one child (1..MaxOps, drawn
	// uniformly).
	MaxOps int `toml:"max_ops" json:"max_ops"`
	// Weights are the relative probabilities of the operators by name
	// (OperatorNames); operators left out keep DefaultOperatorWeights, and a
	// weight of 0 turns one off.
	Weights map[string]float64 `toml:"weights" json:"weights"`
}

// CrossoverConfig configures the Crossover.
type CrossoverConfig struct {
	// Rate is the probability that a child has two parents.
	Rate float64 `toml:"rate" json:"rate"`
}

// EvaluationConfig says how genomes are played to measure them.
type EvaluationConfig struct {
	// Games is the number of games per genome, split evenly between the
	// two seatings of the agents.
	Games int `toml:"games" json:"games"`
	// Agents are the two agents seated alternately: Agents[0] the weaker
	// (the baseline), Agents[1] the stronger (see agent.Parse).
	Agents []string `toml:"agents" json:"agents"`
	// Players is the player count, clamped into each genome's range.
	Players int `toml:"players" json:"players"`
	// GreedySamples and StrengthSamples size the greedy agent
	// (agent.Options.Samples, StrengthSamples; 0: their defaults).
	GreedySamples   int `toml:"greedy_samples" json:"greedy_samples"`
	StrengthSamples int `toml:"strength_samples" json:"strength_samples"`
	// RolloutCap caps the moves of an ISMCTS rollout (agent.Options.RolloutCap;
	// 0: its default), for the skill gradient.
	RolloutCap int `toml:"rollout_cap" json:"rollout_cap"`
	// SitOuts plays the genomes sim.SessionRun accepts (chips, a betting
	// phase, forced bets) as sessions with players sitting out
	// (sim.ParseSitOuts syntax; empty: none). Other genomes are played by
	// the interpreter without sessions.
	SitOuts string `toml:"sit_outs" json:"sit_outs"`
	// MaxTurns is the experiment's turn cap: a run writes it into every
	// genome's turns.max_turns (it is not a gene), so a best genome file
	// replays under the same cap. 0 leaves each genome its own cap.
	MaxTurns uint32 `toml:"max_turns" json:"max_turns,omitempty"`
	// Require lists mechanics every genome must have (MechanicNames, e.g.
	// "tricks"): genomes without them are not bred, and a genome that
	// lacks one fails the missing_mechanic gate.
	Require []string `toml:"require" json:"require,omitempty"`
	// PhaseKinds, when set, lists the only phase kinds a genome may have
	// (genome.PhaseKind names, e.g. "betting", "showdown"): genomes with
	// another kind are not bred, so a betting experiment breeds poker-like
	// games and not hybrids with Go Fish.
	PhaseKinds []string `toml:"phase_kinds" json:"phase_kinds,omitempty"`
	// AblationGames is the number of games of the ablation pass (see
	// Ablate), played by the stronger agent in every seat; 0 turns the pass
	// off.
	AblationGames int `toml:"ablation_games" json:"ablation_games,omitempty"`
	// CapDraws scores a game that ends at the turn cap as a draw (see
	// sim.Options.CapDraws), so stalling never wins.
	CapDraws bool `toml:"cap_draws" json:"cap_draws,omitempty"`
}

// GateConfig are the playability gates (see the package documentation).
type GateConfig struct {
	MinCompletion  float64 `toml:"min_completion" json:"min_completion"`
	MinDecisions   float64 `toml:"min_decisions" json:"min_decisions"`
	MaxDecisions   float64 `toml:"max_decisions" json:"max_decisions"`
	MaxForcedShare float64 `toml:"max_forced_share" json:"max_forced_share"`
	// MaxDrawRate bounds the share of drawn games (shared wins, and games
	// ending at the turn cap under evaluation.cap_draws); 0 turns the gate
	// off.
	MaxDrawRate float64 `toml:"max_draw_rate" json:"max_draw_rate,omitempty"`
	// MinBalance is the least seat balance (sim's balance over both
	// seatings); 0 turns the gate off.
	MinBalance float64 `toml:"min_balance" json:"min_balance,omitempty"`
	// RisingLadder makes a genome whose measured skill ladder does not
	// rise (a step's win rate not above 1/players) fail the flat_ladder
	// gate, and stops its selection ladder at that step; false: such a
	// genome only earns no skill.
	RisingLadder bool `toml:"rising_ladder" json:"rising_ladder,omitempty"`
}

// SkillConfig configures the skill gradient measured on the top of every
// generation.
type SkillConfig struct {
	// Top is how many of the best genomes (by fitness without skill) get
	// it measured; 0 turns it off.
	Top int `toml:"top" json:"top"`
	// Agent is the searching agent (e.g. "ismcts:100").
	Agent string `toml:"agent" json:"agent"`
	// Games is the number of paired games per seat (sim.SkillGradient).
	Games int `toml:"games" json:"games"`
}

// ArchiveConfig is the MAP-Elites grid. It is kept in both models (its
// coverage is reported); under ModelMAPElites it is the population.
type ArchiveConfig struct {
	Descriptors []DescriptorConfig `toml:"descriptors" json:"descriptors"`
}

// DescriptorConfig is one axis of the grid: a descriptor (DescriptorNames)
// over [Min, Max] cut into Bins equal cells; values outside are clamped.
type DescriptorConfig struct {
	Name string  `toml:"name" json:"name"`
	Min  float64 `toml:"min" json:"min"`
	Max  float64 `toml:"max" json:"max"`
	Bins int     `toml:"bins" json:"bins"`
}

// RemeasureConfig is the check at the end of every run: the best genomes
// (and the seed games, for comparison) played again with GamesFactor times
// the games and stronger agents.
type RemeasureConfig struct {
	Top int `toml:"top" json:"top"`
	// Reserve is how many more distinct genomes, after the top, may be
	// re-measured (in order) while fewer than output.best of those
	// measured are sound (no flag); 0: none.
	Reserve     int      `toml:"reserve" json:"reserve,omitempty"`
	GamesFactor int      `toml:"games_factor" json:"games_factor"`
	Agents      []string `toml:"agents" json:"agents"`
	// GreedySamples and StrengthSamples size the greedy agent of the
	// re-measurement (0: the agent's defaults, stronger than evolution's).
	GreedySamples   int `toml:"greedy_samples" json:"greedy_samples"`
	StrengthSamples int `toml:"strength_samples" json:"strength_samples"`
	// RolloutCap caps ISMCTS rollouts (0: the agent's default).
	RolloutCap int `toml:"rollout_cap" json:"rollout_cap"`
	// SkillGames is the paired games per seat of the skill gradient
	// (0: GamesFactor × skill.games).
	SkillGames int `toml:"skill_games" json:"skill_games"`
	// SkillAgent is the searching agent of the re-measurement (empty:
	// skill.agent).
	SkillAgent string `toml:"skill_agent" json:"skill_agent"`
	// Seeds re-measures these seed games too (["all"]: every seed game),
	// so the evolved games can be compared with known ones.
	Seeds []string `toml:"seeds" json:"seeds"`
}

// OutputConfig sizes what a run writes.
type OutputConfig struct {
	// Best is the number of best genomes written (JSON, FlatBuffers,
	// rulebook).
	Best int `toml:"best" json:"best"`
	// ReplayGames is the number of games recorded per best genome.
	ReplayGames int `toml:"replay_games" json:"replay_games"`
}

// DefaultConfig returns a small working configuration: a GA of 40 genomes
// for 10 generations, balanced fitness.
func DefaultConfig() Config {
	return Config{
		Name:        "evolve",
		Seed:        1,
		Model:       ModelGA,
		Generations: 10,
		Population: PopulationConfig{
			Size: 40, Elites: 4, Seeds: []string{"all"}, MaxPhases: 6, ChipsProbability: 0.5,
		},
		Selection: SelectionConfig{Method: "tournament", TournamentSize: 3},
		Mutation:  MutationConfig{Rate: 0.9, MaxOps: 2},
		Crossover: CrossoverConfig{Rate: 0.3},
		Evaluation: EvaluationConfig{
			Games: 40, Agents: []string{"random", "greedy"}, Players: 3,
			GreedySamples: 1, StrengthSamples: 32,
		},
		Fitness: FitnessConfig{Preset: "balanced"},
		Gates:   GateConfig{MinCompletion: 0.9, MinDecisions: 2, MaxDecisions: 150, MaxForcedShare: 0.9},
		Skill:   SkillConfig{Top: 3, Agent: "ismcts:50", Games: 4},
		Archive: ArchiveConfig{Descriptors: []DescriptorConfig{
			{Name: "betting_intensity", Min: 0, Max: 0.5, Bins: 5},
			{Name: "game_length", Min: 0, Max: 60, Bins: 6},
		}},
		Remeasure: RemeasureConfig{Top: 3, GamesFactor: 10, Agents: []string{"greedy", "ismcts:50"}},
		Output:    OutputConfig{Best: 3, ReplayGames: 3},
	}
}

// FieldError is a bad configuration value: Key is its TOML key
// ("population.size", "fitness.weights.balance", …).
type FieldError struct {
	Key string
	Err error
}

func (e *FieldError) Error() string { return e.Key + ": " + e.Err.Error() }

func (e *FieldError) Unwrap() error { return e.Err }

// errs collects field errors.
type errs []error

func (es *errs) add(key, format string, a ...any) {
	*es = append(*es, &FieldError{Key: key, Err: fmt.Errorf(format, a...)})
}

func (es *errs) check(ok bool, key, format string, a ...any) {
	if !ok {
		es.add(key, format, a...)
	}
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

func (es *errs) prob(x float64, key string) {
	es.check(finite(x) && x >= 0 && x <= 1, key, "%v is not a probability in [0, 1]", x)
}

// Validate returns nil when c can run, or one *FieldError per bad field,
// joined, each naming the field's TOML key.
func (c *Config) Validate() error {
	var es errs
	es.check(validName(c.Name), "name", "%q: want 1 to 64 letters, digits, '-', '_' or '.'", c.Name)
	es.check(c.Model == ModelGA || c.Model == ModelMAPElites, "model", "%q: want %q or %q", c.Model, ModelGA, ModelMAPElites)
	es.check(c.Generations >= 0 && c.Generations <= 100_000, "generations", "%d out of range 0..100000", c.Generations)

	p := &c.Population
	es.check(p.Size >= 2 && p.Size <= 100_000, "population.size", "%d out of range 2..100000", p.Size)
	es.check(p.Elites >= 0 && p.Elites < max(p.Size, 1), "population.elites", "%d: want 0 <= elites < population.size (%d)", p.Elites, p.Size)
	es.check(p.Offspring == 0 || p.Offspring >= p.Size-p.Elites && p.Offspring <= 1_000_000, "population.offspring",
		"%d: want 0 or population.size - population.elites (%d) .. 1000000", p.Offspring, p.Size-p.Elites)
	for i, id := range p.Seeds {
		if id == "all" && len(p.Seeds) == 1 {
			break
		}
		es.check(slices.Contains(genome.SeedIDs(), id), fmt.Sprintf("population.seeds[%d]", i),
			"%q is not a seed game (%s)", id, strings.Join(genome.SeedIDs(), ", "))
	}
	es.check(p.MaxPhases >= 1 && p.MaxPhases <= genome.MaxPhases, "population.max_phases", "%d out of range 1..%d", p.MaxPhases, genome.MaxPhases)
	es.prob(p.ChipsProbability, "population.chips_probability")

	es.check(c.Selection.Method == "tournament", "selection.method", "%q: want \"tournament\"", c.Selection.Method)
	es.check(c.Selection.TournamentSize >= 1 && c.Selection.TournamentSize <= 64, "selection.tournament_size",
		"%d out of range 1..64", c.Selection.TournamentSize)

	es.prob(c.Mutation.Rate, "mutation.rate")
	es.check(c.Mutation.MaxOps >= 1 && c.Mutation.MaxOps <= 16, "mutation.max_ops", "%d out of range 1..16", c.Mutation.MaxOps)
	if _, err := NewMutation(c.Mutation.Weights, c.Mutation.MaxOps); err != nil {
		var fe *FieldError
		if errors.As(err, &fe) {
			es = append(es, err)
		} else {
			es.add("mutation.weights", "%v", err)
		}
	}
	es.prob(c.Crossover.Rate, "crossover.rate")

	e := &c.Evaluation
	es.check(e.Games >= 2 && e.Games <= 1_000_000 && e.Games%2 == 0, "evaluation.games", "%d: want an even number in 2..1000000", e.Games)
	es.agents(e.Agents, "evaluation.agents", 2)
	es.check(e.Players >= genome.MinPlayers && e.Players <= genome.MaxPlayers, "evaluation.players", "%d out of range %d..%d", e.Players, genome.MinPlayers, genome.MaxPlayers)
	es.check(e.GreedySamples >= 0 && e.GreedySamples <= agent.MaxSamples, "evaluation.greedy_samples", "%d out of range 0..%d", e.GreedySamples, agent.MaxSamples)
	es.check(e.StrengthSamples >= 0 && e.StrengthSamples <= agent.MaxSamples, "evaluation.strength_samples", "%d out of range 0..%d", e.StrengthSamples, agent.MaxSamples)
	es.check(e.RolloutCap >= 0 && e.RolloutCap <= 100_000, "evaluation.rollout_cap", "%d out of range 0..100000", e.RolloutCap)
	if _, err := sim.ParseSitOuts(e.SitOuts); err != nil {
		es.add("evaluation.sit_outs", "%v", err)
	}
	es.check(e.MaxTurns <= genome.MaxTurns, "evaluation.max_turns", "%d out of range 0..%d", e.MaxTurns, genome.MaxTurns)
	for i, m := range e.Require {
		es.check(slices.Contains(MechanicNames(), m), fmt.Sprintf("evaluation.require[%d]", i), "%q: want one of %s", m, strings.Join(MechanicNames(), ", "))
	}
	for i, k := range e.PhaseKinds {
		es.check(slices.ContainsFunc(genome.PhaseKinds(), func(pk genome.PhaseKind) bool { return pk.String() == k }),
			fmt.Sprintf("evaluation.phase_kinds[%d]", i), "%q is not a phase kind", k)
	}
	es.check(e.AblationGames >= 0 && e.AblationGames <= 1000, "evaluation.ablation_games", "%d out of range 0..1000", e.AblationGames)

	if err := c.Fitness.validate(); err != nil {
		es = append(es, err)
	}
	g := &c.Gates
	es.prob(g.MinCompletion, "gates.min_completion")
	es.check(finite(g.MinDecisions) && g.MinDecisions >= 0, "gates.min_decisions", "%v: want >= 0", g.MinDecisions)
	es.check(finite(g.MaxDecisions) && g.MaxDecisions > g.MinDecisions, "gates.max_decisions", "%v: want > gates.min_decisions (%v)", g.MaxDecisions, g.MinDecisions)
	es.prob(g.MaxForcedShare, "gates.max_forced_share")
	es.prob(g.MaxDrawRate, "gates.max_draw_rate")
	es.prob(g.MinBalance, "gates.min_balance")

	s := &c.Skill
	es.check(s.Top >= 0 && s.Top <= p.Size, "skill.top", "%d out of range 0..population.size (%d)", s.Top, p.Size)
	if s.Top > 0 {
		es.agents([]string{s.Agent}, "skill.agent", 1)
		es.check(s.Games >= 1 && s.Games <= 100_000, "skill.games", "%d out of range 1..100000", s.Games)
	}

	es.check(len(c.Archive.Descriptors) >= 1 && len(c.Archive.Descriptors) <= 4, "archive.descriptors", "%d descriptors: want 1 to 4", len(c.Archive.Descriptors))
	cells := 1
	for i, d := range c.Archive.Descriptors {
		key := fmt.Sprintf("archive.descriptors[%d]", i)
		es.check(slices.Contains(DescriptorNames(), d.Name), key+".name", "%q: want one of %s", d.Name, strings.Join(DescriptorNames(), ", "))
		es.check(finite(d.Min) && finite(d.Max) && d.Max > d.Min, key+".max", "%v: want > min (%v)", d.Max, d.Min)
		es.check(d.Bins >= 1 && d.Bins <= 100, key+".bins", "%d out of range 1..100", d.Bins)
		cells *= max(d.Bins, 1)
	}
	es.check(cells <= 100_000, "archive.descriptors", "%d cells: want at most 100000", cells)

	r := &c.Remeasure
	es.check(r.Top >= 1 && r.Top <= p.Size, "remeasure.top", "%d out of range 1..population.size (%d)", r.Top, p.Size)
	es.check(r.Reserve >= 0 && r.Reserve <= 1000, "remeasure.reserve", "%d out of range 0..1000", r.Reserve)
	es.check(r.GamesFactor >= 10 && r.GamesFactor <= 1000, "remeasure.games_factor", "%d out of range 10..1000 (the re-measurement plays at least 10 times the games)", r.GamesFactor)
	es.agents(r.Agents, "remeasure.agents", 2)
	es.check(r.GreedySamples >= 0 && r.GreedySamples <= agent.MaxSamples, "remeasure.greedy_samples", "%d out of range 0..%d", r.GreedySamples, agent.MaxSamples)
	es.check(r.StrengthSamples >= 0 && r.StrengthSamples <= agent.MaxSamples, "remeasure.strength_samples", "%d out of range 0..%d", r.StrengthSamples, agent.MaxSamples)
	es.check(r.RolloutCap >= 0 && r.RolloutCap <= 100_000, "remeasure.rollout_cap", "%d out of range 0..100000", r.RolloutCap)
	es.check(r.SkillGames >= 0 && r.SkillGames <= 1_000_000, "remeasure.skill_games", "%d out of range 0..1000000", r.SkillGames)
	if r.SkillAgent != "" {
		es.agents([]string{r.SkillAgent}, "remeasure.skill_agent", 1)
	}
	for i, id := range r.Seeds {
		if id == "all" && len(r.Seeds) == 1 {
			break
		}
		es.check(slices.Contains(genome.SeedIDs(), id), fmt.Sprintf("remeasure.seeds[%d]", i),
			"%q is not a seed game (%s)", id, strings.Join(genome.SeedIDs(), ", "))
	}
	es.check(c.Output.Best >= 1 && c.Output.Best <= p.Size, "output.best", "%d out of range 1..population.size (%d)", c.Output.Best, p.Size)
	es.check(c.Output.ReplayGames >= 0 && c.Output.ReplayGames <= 1000, "output.replay_games", "%d out of range 0..1000", c.Output.ReplayGames)
	return errors.Join(es...)
}

// agents checks a list of n agent specifications.
func (es *errs) agents(list []string, key string, n int) {
	if len(list) != n {
		es.add(key, "%d agents: want %d", len(list), n)
		return
	}
	for i, a := range list {
		k := key
		if n > 1 {
			k = fmt.Sprintf("%s[%d]", key, i)
		}
		if _, err := agent.Parse(a, agent.Options{}); err != nil {
			es.add(k, "%v", err)
		} else if strings.Contains(a, "ms") || strings.HasSuffix(strings.TrimSpace(a), "s") && strings.Contains(a, ":") {
			es.add(k, "%q: a time budget makes results depend on the machine; give iterations (ismcts:N)", a)
		}
	}
}

func validName(s string) bool {
	if len(s) == 0 || len(s) > 64 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return s != "." && s != ".."
}

// seedIDs expands a seed list (["all"] is every seed game).
func seedIDs(list []string) []string {
	if len(list) == 1 && list[0] == "all" {
		return genome.SeedIDs()
	}
	out := slices.Clone(list)
	sort.Strings(out)
	return slices.Compact(out)
}

// offspring returns the number of children bred per generation.
func (c *Config) offspring() int {
	if c.Model == ModelMAPElites {
		return c.Population.Size
	}
	if c.Population.Offspring > 0 {
		return c.Population.Offspring
	}
	return c.Population.Size
}
