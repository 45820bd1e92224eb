package agent

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/sim/agent/house"
	"github.com/deckforge/deckforge/sim/seed"
)

// Agent chooses moves for one seat. It sees a View (what the player to move
// may know) and draws its random numbers from a generator of its own, so
// its decisions are a function of the views it was shown and its seed.
//
// An agent is not safe for concurrent use: give every seat of every worker
// its own (ParseList does).
type Agent interface {
	// Name names the agent: "random", "greedy", "ismcts" or, for a house
	// player, "HousePlayer<N>".
	Name() string
	// Reset prepares the agent for a new game and reseeds its generator
	// with two numbers drawn from rng. It does not allocate.
	Reset(rng *rand.Rand)
	// Choose returns a legal move of the view's player (the zero Move when
	// there is none: the game is over).
	Choose(v View) game.Move
}

// Fallbacks counts the decisions of a house player that the strategy
// module could not take as asked (the house-player seed's error table):
// an invalid situation, an evaluation that failed or would exceed its
// budget, and actions that were not legal moves (played as check, else
// fold, else call).
type Fallbacks struct {
	InvalidState   int `json:"invalid_state"`
	EvalFailed     int `json:"evaluation_failed"`
	BudgetExceeded int `json:"budget_exceeded"`
	IllegalAction  int `json:"illegal_action"`
}

// Add adds o's counts to f.
func (f *Fallbacks) Add(o Fallbacks) {
	f.InvalidState += o.InvalidState
	f.EvalFailed += o.EvalFailed
	f.BudgetExceeded += o.BudgetExceeded
	f.IllegalAction += o.IllegalAction
}

// Total returns the number of fallbacks.
func (f Fallbacks) Total() int {
	return f.InvalidState + f.EvalFailed + f.BudgetExceeded + f.IllegalAction
}

// FallbackCounter is an agent that counts its fallbacks (the house
// player): Fallbacks returns the counts since the last Reset.
type FallbackCounter interface {
	Fallbacks() Fallbacks
}

// The agent kinds New accepts.
const (
	KindRandom = "random"
	KindGreedy = "greedy"
	KindISMCTS = "ismcts"
	KindHouse  = "house"
)

// Options configure agents. A zero field takes its default (see
// DefaultOptions); a negative one is an error.
type Options struct {
	// Seed seeds an agent's generator until its first Reset.
	Seed uint64

	// Iterations is the ISMCTS budget per decision (default 1,000).
	Iterations int
	// Time, if positive, makes ISMCTS search for this long per decision
	// instead (at least one iteration; Iterations is then ignored). For
	// interactive use only: results then depend on the machine.
	Time time.Duration
	// MaxNodes is the ISMCTS node pool size (default Iterations+1, at
	// most DefaultMaxNodes, and DefaultMaxNodes with Time); the tree stops
	// growing when it is full.
	MaxNodes int
	// Exploration is the UCB1 constant c (default 0.7).
	Exploration float64
	// RolloutCap is the most moves an ISMCTS rollout plays before the
	// heuristic evaluation ends it (default 200).
	RolloutCap int

	// Samples is the number of determinizations the greedy one-ply
	// heuristic scores every move on (default 1).
	Samples int
	// StrengthSamples is the number of random deals of the Monte Carlo
	// hand-strength estimate of the greedy agent (default 200).
	StrengthSamples int

	// House is the house players' strategy (the zero Config:
	// house.DefaultConfig()).
	House house.Config
	// HouseIndex is the N of a house player's name HousePlayer<N>.
	HouseIndex int
}

// DefaultOptions returns the defaults of every field.
func DefaultOptions() Options {
	return Options{
		Iterations:      1000,
		Exploration:     0.7,
		RolloutCap:      200,
		Samples:         1,
		StrengthSamples: 200,
		House:           house.DefaultConfig(),
	}
}

// withDefaults returns o with every zero field set to its default, and
// MaxNodes to the pool size the budget needs.
func (o Options) withDefaults() Options {
	d := DefaultOptions()
	if o.Iterations == 0 {
		o.Iterations = d.Iterations
	}
	if o.Exploration == 0 {
		o.Exploration = d.Exploration
	}
	if o.RolloutCap == 0 {
		o.RolloutCap = d.RolloutCap
	}
	if o.Samples == 0 {
		o.Samples = d.Samples
	}
	if o.StrengthSamples == 0 {
		o.StrengthSamples = d.StrengthSamples
	}
	if o.House == (house.Config{}) {
		o.House = d.House
	}
	if o.MaxNodes == 0 {
		o.MaxNodes = min(o.Iterations+1, DefaultMaxNodes)
		if o.Time > 0 {
			o.MaxNodes = DefaultMaxNodes
		}
	}
	return o
}

// Limits of Options.
const (
	MaxIterations   = 100_000_000
	MaxNodes        = 1 << 26
	DefaultMaxNodes = 1 << 18 // 262,144 nodes, about 13 MB
	MaxSamples      = 1 << 16
)

// Validate returns nil when every field is in range, or an error joining one
// error per bad field, each naming the field and its value.
func (o Options) Validate() error {
	var errs []error
	bad := func(field string, v any, want string) {
		errs = append(errs, fmt.Errorf("agent: options: %s = %v: want %s", field, v, want))
	}
	if o.Iterations < 0 || o.Iterations > MaxIterations {
		bad("iterations", o.Iterations, fmt.Sprintf("1..%d (0: default)", MaxIterations))
	}
	if o.Time < 0 {
		bad("time", o.Time, "a positive duration (0: none)")
	}
	if o.MaxNodes < 0 || o.MaxNodes > MaxNodes {
		bad("max_nodes", o.MaxNodes, fmt.Sprintf("1..%d (0: default)", MaxNodes))
	}
	if o.Exploration < 0 || math.IsNaN(o.Exploration) || math.IsInf(o.Exploration, 0) {
		bad("exploration", o.Exploration, "a finite number > 0 (0: default)")
	}
	if o.RolloutCap < 0 {
		bad("rollout_cap", o.RolloutCap, "at least 1 (0: default)")
	}
	if o.Samples < 0 || o.Samples > MaxSamples {
		bad("samples", o.Samples, fmt.Sprintf("1..%d (0: default)", MaxSamples))
	}
	if o.StrengthSamples < 0 || o.StrengthSamples > MaxSamples {
		bad("strength_samples", o.StrengthSamples, fmt.Sprintf("1..%d (0: default)", MaxSamples))
	}
	if o.HouseIndex < 0 {
		bad("house_index", o.HouseIndex, "at least 0")
	}
	if o.House != (house.Config{}) {
		if err := o.House.Validate(); err != nil {
			errs = append(errs, fmt.Errorf("agent: options: house: %w", err))
		}
	}
	return errors.Join(errs...)
}

// Kind is an entry of the agent registry: a name as New, Parse and the
// command line's --agents take, with a line describing it.
type Kind struct {
	Name    string
	Summary string
	build   func(o Options) (Agent, error)
}

// registry lists every agent kind, the one place simulate, play and the
// ladder read agent names from.
var registry = []Kind{
	{KindRandom, "a legal move uniformly at random", func(o Options) (Agent, error) { return NewRandom(o.Seed), nil }},
	{KindGreedy, "the betting-phase seed's hand-strength heuristic, one-ply lookahead elsewhere", func(o Options) (Agent, error) { return NewGreedy(o), nil }},
	{KindISMCTS, "information-set Monte Carlo tree search (ismcts:N iterations, ismcts:DURATION)", func(o Options) (Agent, error) { return NewISMCTS(o), nil }},
	{KindHouse, "the house-player strategy module (betting), greedy elsewhere", func(o Options) (Agent, error) { return NewHouse(o) }},
}

// Kinds returns the agent registry: every kind New accepts, in order.
func Kinds() []Kind { return slices.Clone(registry) }

// Names returns the registry's names joined by ", ", for help texts.
func Names() string {
	names := make([]string, len(registry))
	for i, k := range registry {
		names[i] = k.Name
	}
	return strings.Join(names, ", ")
}

// New returns a new agent of the given kind (a name of the registry:
// "random", "greedy", "ismcts" or "house") configured by opts. The error
// names a bad kind or option.
func New(kind string, opts Options) (Agent, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	o := opts.withDefaults()
	for _, k := range registry {
		if k.Name == kind {
			return k.build(o)
		}
	}
	return nil, fmt.Errorf("agent: unknown agent %q (want %s)", kind, Names())
}

// Parse returns the agent a specification names: a kind as New takes it,
// or "ismcts:N" (N iterations per decision) or "ismcts:D" (a duration such
// as "500ms": search that long, for interactive use). Surrounding spaces
// are ignored. The error names the bad specification.
func Parse(spec string, opts Options) (Agent, error) {
	kind, arg, hasArg := strings.Cut(strings.TrimSpace(spec), ":")
	if hasArg {
		if kind != KindISMCTS {
			return nil, fmt.Errorf("agent: %q: only ismcts takes an argument (ismcts:N or ismcts:DURATION)", spec)
		}
		if n, err := strconv.Atoi(arg); err == nil {
			if n < 1 || n > MaxIterations {
				return nil, fmt.Errorf("agent: %q: iterations %d out of range 1..%d", spec, n, MaxIterations)
			}
			opts.Iterations, opts.Time = n, 0
		} else if d, err := time.ParseDuration(arg); err == nil && d > 0 {
			opts.Time = d
		} else {
			return nil, fmt.Errorf("agent: %q: %q is neither a positive iteration count nor a duration", spec, arg)
		}
	}
	return New(kind, opts)
}

// ParseList returns one agent per seat from a comma-separated list of
// specifications (see Parse): either one per seat, or one for every seat.
// Every seat gets its own agent, seeded from opts.Seed and the seat, and
// house players are numbered by seat: seat i is HousePlayer<i+1>.
func ParseList(list string, seats int, opts Options) ([]Agent, error) {
	if seats < 1 {
		return nil, fmt.Errorf("agent: %d seats: want at least 1", seats)
	}
	specs := strings.Split(list, ",")
	switch {
	case strings.TrimSpace(list) == "":
		return nil, errors.New("agent: empty agent list")
	case len(specs) != 1 && len(specs) != seats:
		return nil, fmt.Errorf("agent: %q names %d agents for %d seats: give one, or one per seat", list, len(specs), seats)
	}
	agents := make([]Agent, seats)
	for i := range agents {
		spec := specs[0]
		if len(specs) > 1 {
			spec = specs[i]
		}
		o := opts
		o.Seed = mix(opts.Seed, uint64(i))
		o.HouseIndex = i + 1
		a, err := Parse(spec, o)
		if err != nil {
			return nil, fmt.Errorf("seat %d: %w", i, err)
		}
		agents[i] = a
	}
	return agents, nil
}

// mix returns a SplitMix64 mix of a and b, to seed one generator per
// seat.
func mix(a, b uint64) uint64 { return seed.Finalize(a ^ (b+1)*seed.Gamma) }

// seedPair returns the two PCG words of seed.
func seedPair(seed uint64) (uint64, uint64) { return mix(seed, 0), mix(seed, 1) }

// Random chooses uniformly among the legal moves.
type Random struct {
	pcg rand.PCG
	rng *rand.Rand
}

// NewRandom returns a random agent seeded with seed.
func NewRandom(seed uint64) *Random {
	a := &Random{}
	a.pcg.Seed(seedPair(seed))
	a.rng = rand.New(&a.pcg)
	return a
}

// Name returns "random".
func (a *Random) Name() string { return KindRandom }

// Reset reseeds the agent from rng.
func (a *Random) Reset(rng *rand.Rand) { a.pcg.Seed(rng.Uint64(), rng.Uint64()) }

// Choose returns a legal move chosen uniformly at random.
func (a *Random) Choose(v View) game.Move {
	n := v.NumLegal()
	if n == 0 {
		return game.Move{}
	}
	return v.LegalMove(a.rng.IntN(n))
}
