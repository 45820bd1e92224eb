package evolve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/internal/limits"
	"github.com/deckforge/deckforge/internal/rnd"
	"github.com/deckforge/deckforge/internal/safefile"
)

// GenRow is one line of generations.csv: the population after a
// generation. Every value is a function of the configuration and the seed
// alone (no times), so the same seed gives the same rows whatever the
// worker count.
type GenRow struct {
	Generation int `json:"generation"`
	// Best and Mean are the highest and the mean fitness of the
	// population; Playable the share that passes every gate.
	Best     float64 `json:"best"`
	Mean     float64 `json:"mean"`
	Playable float64 `json:"playable"`
	// Diversity is the population's Diversity; Coverage and ArchiveSize
	// the archive's filled share and cells.
	Diversity   float64 `json:"diversity"`
	Coverage    float64 `json:"coverage"`
	ArchiveSize int     `json:"archive_size"`
	// Evaluated counts the new genomes measured in the generation.
	Evaluated int    `json:"evaluated"`
	BestID    string `json:"best_id"`
	BestHash  string `json:"best_hash"`
}

// csvHeader is the first line of generations.csv.
const csvHeader = "generation,best,mean,playable,diversity,coverage,archive_size,evaluated,best_id,best_hash"

func (r GenRow) csv() string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 6, 64) }
	return strings.Join([]string{strconv.Itoa(r.Generation), f(r.Best), f(r.Mean), f(r.Playable), f(r.Diversity),
		f(r.Coverage), strconv.Itoa(r.ArchiveSize), strconv.Itoa(r.Evaluated), r.BestID, r.BestHash[:16]}, ",")
}

// Stage names what a run is doing, for progress reports.
type Stage string

// The stages of a run.
const (
	StageEvaluate  Stage = "evaluate"
	StageSkill     Stage = "skill"
	StageRemeasure Stage = "remeasure"
	StageReplays   Stage = "replays"
	StageReport    Stage = "report"
)

// Progress is a progress report: generation Generation of Generations
// (0 is the initial population), in Stage, Done of Total units.
type Progress struct {
	Generation, Generations int
	Stage                   Stage
	Done, Total             int
	// Row is set once a generation is complete.
	Row *GenRow
}

// Options configure a run (not its results: those depend on the Config
// alone).
type Options struct {
	// Workers is the number of genomes played at once (0: one per CPU).
	Workers int
	// Progress, if set, receives progress reports from one goroutine at a
	// time.
	Progress func(Progress)
	// Experiment, if set, is the text of the experiment file, which Run
	// writes to dir/experiment.toml once it holds the directory.
	Experiment []byte
	// Evaluator, if set, measures each generation's genomes instead of
	// Local{Workers} (for example on other machines); the results are the
	// same.
	Evaluator Evaluator
	// Limits bound the files Resume reads (config.json and the
	// checkpoint); zero fields are the defaults (limits.Default).
	Limits limits.Limits
}

// Result is what a run produced.
type Result struct {
	// Dir is the run directory.
	Dir string
	// Population is the final population, best first (the archive's
	// elites under ModelMAPElites).
	Population []*Individual
	// History holds the rows of generations.csv.
	History []GenRow
	// Best are the best genomes written out; Remeasured their
	// re-measurement and the seed games'.
	Best       []*Individual
	Remeasured []Remeasured
}

// Run starts a new run of cfg in dir, which must not hold a run already
// (other files may be there), and runs it to the end: every generation, checkpoints, then the outputs
// (see the package documentation, Outputs).
//
// The directory is claimed first (its lock file, see LockName), and
// config.json is written whole or not at all: a run killed before it is
// complete leaves a directory that Unstarted accepts, and one killed after
// it but before the first checkpoint is continued by Resume from the start.
func Run(ctx context.Context, cfg Config, dir string, opt Options) (*Result, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	release, err := claim(dir)
	if err != nil {
		return nil, err
	}
	defer release()
	for _, name := range []string{"config.json", "checkpoints", "generations.csv"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			return nil, fmt.Errorf("evolve: %s already holds a run (use Resume to continue it)", dir)
		}
	}
	if opt.Experiment != nil {
		if err := writeAtomic(filepath.Join(dir, "experiment.toml"), opt.Experiment); err != nil {
			return nil, err
		}
	}
	js, err := json.MarshalIndent(&cfg, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := writeAtomic(filepath.Join(dir, "config.json"), append(js, '\n')); err != nil {
		return nil, err
	}
	return (&runner{cfg: cfg, dir: dir, opt: opt}).run(ctx, nil)
}

// Resume continues the run in dir from its last checkpoint with the
// configuration saved in dir/config.json. The result is the same as if the
// run had never stopped. A run that had finished its generations only
// writes its outputs again.
//
// It refuses a checkpoint written for another configuration (each records
// the ConfigHash of the run's) and one whose scores are not what the
// fitness gives for the recorded measures.
func Resume(ctx context.Context, dir string, opt Options) (*Result, error) {
	release, err := claim(dir)
	if err != nil {
		return nil, err
	}
	defer release()
	cfg, err := ReadConfigWith(filepath.Join(dir, "config.json"), opt.Limits)
	if errors.Is(err, os.ErrNotExist) && Unstarted(dir) {
		return nil, fmt.Errorf("evolve: %s: the run stopped before it wrote config.json; start it again in place (deckforge evolve %s --out %s)", dir, filepath.Join(dir, "experiment.toml"), dir)
	}
	if err != nil {
		return nil, err
	}
	hash, err := ConfigHash(&cfg)
	if err != nil {
		return nil, err
	}
	path, err := latestCheckpoint(dir)
	if err != nil {
		return nil, err
	}
	var cp *checkpoint
	if path != "" {
		if cp, err = readCheckpoint(path, opt.Limits); err != nil {
			return nil, err
		}
		if cp.configHash != "" && cp.configHash != hash {
			return nil, fmt.Errorf("evolve: %s was written for another configuration (config hash %.16s…, config.json has %.16s…): config.json was changed or replaced", path, cp.configHash, hash)
		}
	}
	return (&runner{cfg: cfg, dir: dir, opt: opt}).run(ctx, cp)
}

// ReadConfig reads a run's config.json and validates it, within the
// default limits.
func ReadConfig(path string) (Config, error) {
	return ReadConfigWith(path, limits.Default())
}

// ReadConfigWith reads a run's config.json within lim (its size within
// config-bytes, its nesting within depth; zero fields are the defaults)
// and validates it.
func ReadConfigWith(path string, lim limits.Limits) (Config, error) {
	var cfg Config
	lim = lim.Or()
	data, err := safefile.Read(path, lim.ConfigBytes, limits.ConfigBytes)
	if err != nil {
		return cfg, err
	}
	if err := limits.CheckDepth(data, limits.JSON, lim.Depth); err != nil {
		return cfg, limits.InFile(err, path)
	}
	if err := json.Unmarshal(data, &cfg); err != nil {
		return cfg, fmt.Errorf("%s: %w", path, err)
	}
	if err := cfg.Validate(); err != nil {
		return cfg, fmt.Errorf("%s: %w", path, err)
	}
	return cfg, nil
}

// runner is one run.
type runner struct {
	cfg Config
	dir string
	opt Options

	fit   *Weighted
	grid  *Grid
	ev    *evaluator
	mut   Mutator
	cross Crossover
	sel   Selector
	model Model

	pcg     *rand.PCG
	rng     *rand.Rand
	pop     []*Individual
	history []GenRow
	gen     int
	// ancestry holds every genome that has been in the population or the
	// archive, by ID.
	ancestry map[string]Ancestor
}

func (r *runner) progress(p Progress) {
	if r.opt.Progress != nil {
		p.Generations = r.cfg.Generations
		r.opt.Progress(p)
	}
}

func (r *runner) setup() error {
	c := &r.cfg
	workers := r.opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	r.fit = NewWeighted(c.Fitness, c.Gates)
	grid, err := NewGrid(c.Archive.Descriptors)
	if err != nil {
		return err
	}
	r.grid = grid
	r.ev = newEvaluator(evolutionSpec(c), r.fit, grid, workers)
	r.ev.cfg, r.ev.eval = c, r.opt.Evaluator
	if r.ev.eval == nil {
		r.ev.eval = Local{Workers: workers}
	}
	mut, err := NewMutation(c.Mutation.Weights, c.Mutation.MaxOps)
	if err != nil {
		return err
	}
	r.mut = mut
	r.cross = PhaseSetupCrossover{}
	r.sel = Tournament{Size: c.Selection.TournamentSize}
	switch c.Model {
	case ModelMAPElites:
		r.model = MAPElites{}
	default:
		r.model = GA{Elites: c.Population.Elites, Survivors: c.Population.Size - c.Population.Elites}
	}
	for _, v := range []interface{ Validate() error }{r.fit, r.grid, r.mut, r.cross, r.sel, r.model} {
		if err := v.Validate(); err != nil {
			return err
		}
	}
	return nil
}

func (r *runner) run(ctx context.Context, cp *checkpoint) (*Result, error) {
	if err := r.setup(); err != nil {
		return nil, err
	}
	if cp == nil {
		r.pcg = rand.NewPCG(r.cfg.Seed, 0xdec4f0e9e)
		r.rng = rand.New(r.pcg)
		if err := r.initial(ctx); err != nil {
			return nil, err
		}
	} else {
		if cp.generation > r.cfg.Generations {
			return nil, fmt.Errorf("evolve: checkpoint of generation %d, but the run has %d", cp.generation, r.cfg.Generations)
		}
		for _, part := range []struct {
			inds []*Individual
			what string
		}{{cp.pop, "population"}, {cp.archive, "archive"}} {
			if err := checkScores(r.fit, part.inds, part.what); err != nil {
				return nil, fmt.Errorf("evolve: checkpoint of generation %d: %w", cp.generation, err)
			}
		}
		r.pcg, r.rng = cp.pcg, rand.New(cp.pcg)
		r.pop, r.history, r.gen = cp.pop, cp.history, cp.generation
		r.ancestry = map[string]Ancestor{}
		for _, a := range cp.ancestry {
			r.ancestry[a.ID] = a
		}
		for _, ind := range cp.archive {
			r.grid.Add(ind)
		}
		if err := r.writeCSV(); err != nil {
			return nil, err
		}
	}
	for r.gen < r.cfg.Generations {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		r.gen++
		pop, evaluated, err := r.model.Next(ctx, r, r.gen)
		if err != nil {
			return nil, err
		}
		r.pop = pop
		if err := r.endGeneration(evaluated); err != nil {
			return nil, err
		}
	}
	return r.finish(ctx)
}

// initial makes, measures and archives generation 0.
func (r *runner) initial(ctx context.Context) error {
	c := &r.cfg
	seen := map[genome.Hash]bool{}
	var inds []*Individual
	add := func(g *genome.Genome, seed bool) bool {
		if !r.admit(g) {
			return false
		}
		h, err := genome.ContentHash(g)
		if err != nil || seen[h] {
			return false
		}
		seen[h] = true
		inds = append(inds, &Individual{Genome: g, Hash: h, seed: seed})
		return true
	}
	for _, id := range seedIDs(c.Population.Seeds) {
		if len(inds) == c.Population.Size {
			break
		}
		g, err := genome.Seed(id)
		if err != nil {
			return fmt.Errorf("evolve: population.seeds: %w", err)
		}
		add(g, true)
	}
	ro := genome.RandomOptions{MaxPhases: c.Population.MaxPhases, MaxConditionDepth: 3, ChipsProbability: c.Population.ChipsProbability}
	for i := 0; len(inds) < c.Population.Size; i++ {
		if i > 100*c.Population.Size {
			return errors.New("evolve: cannot draw enough distinct random genomes")
		}
		g := genome.Random(r.rng, ro)
		g.ID = fmt.Sprintf("g000-%03d", len(inds))
		g.Name = "Random game " + g.ID
		g.Lineage, g.Generation = nil, 0
		add(g, false)
	}
	if err := r.measure(ctx, inds); err != nil {
		return err
	}
	sortIndividuals(inds)
	r.pop = inds
	return r.endGeneration(len(inds))
}

// measure evaluates inds and applies the skill stage to them.
func (r *runner) measure(ctx context.Context, inds []*Individual) error {
	err := r.ev.evaluate(ctx, inds, func(done, total int) {
		r.progress(Progress{Generation: r.gen, Stage: StageEvaluate, Done: done, Total: total})
	})
	if err != nil {
		return err
	}
	if r.cfg.Skill.Top > 0 {
		r.progress(Progress{Generation: r.gen, Stage: StageSkill, Done: 0, Total: r.cfg.Skill.Top})
		if err := r.ev.applySkill(ctx, inds, r.cfg.Skill.Top); err != nil {
			return err
		}
	}
	return nil
}

// endGeneration archives the population, records its row and writes the
// checkpoint.
func (r *runner) endGeneration(evaluated int) error {
	for _, ind := range r.pop {
		r.grid.Add(ind)
	}
	row := GenRow{Generation: r.gen, Evaluated: evaluated, Diversity: Diversity(r.pop),
		Coverage: r.grid.Coverage(), ArchiveSize: r.grid.filled}
	if len(r.pop) > 0 {
		row.Best = r.pop[0].Score.Fitness
		row.BestID, row.BestHash = r.pop[0].Genome.ID, r.pop[0].Hash.String()
		playable := 0
		for _, ind := range r.pop {
			row.Mean += ind.Score.Fitness
			if ind.Score.Playable {
				playable++
			}
		}
		row.Mean /= float64(len(r.pop))
		row.Playable = float64(playable) / float64(len(r.pop))
	}
	r.history = append(r.history, row)
	r.remember(r.pop)
	r.remember(r.grid.Elites())
	cfgHash, err := ConfigHash(&r.cfg)
	if err != nil {
		return err
	}
	if err := writeCheckpoint(r.dir, cfgHash, r.gen, r.pcg, r.pop, r.grid.Elites(), r.history, r.ancestors()); err != nil {
		return fmt.Errorf("evolve: checkpoint: %w", err)
	}
	if err := r.writeCSV(); err != nil {
		return err
	}
	r.progress(Progress{Generation: r.gen, Stage: StageEvaluate, Done: 1, Total: 1, Row: &row})
	return nil
}

// admit prepares a genome to enter the population and reports whether it
// may: the experiment's turn cap is written into turns.max_turns, its lint
// defects are repaired (Cohere) and it must have the required mechanics.
// It changes g in place.
func (r *runner) admit(g *genome.Genome) bool {
	if c := r.cfg.Evaluation.MaxTurns; c > 0 {
		g.Turns.MaxTurns = c
	}
	if !Cohere(g) {
		return false
	}
	if ks := r.cfg.Evaluation.PhaseKinds; len(ks) > 0 {
		for _, p := range g.Phases {
			if !slices.Contains(ks, p.Kind.String()) {
				return false
			}
		}
	}
	return len(missingMechanics(g, r.cfg.Evaluation.Require)) == 0
}

// writeCSV writes generations.csv from the history.
func (r *runner) writeCSV() error {
	var b strings.Builder
	b.WriteString(csvHeader + "\n")
	for _, row := range r.history {
		b.WriteString(row.csv() + "\n")
	}
	return os.WriteFile(filepath.Join(r.dir, "generations.csv"), []byte(b.String()), 0o644)
}

// breed makes up to n distinct children of parents (fitness-sorted or
// not), none equal in content to a genome in seen; it adds their hashes
// to seen. Children are named g<gen>-<index>.
func (r *runner) breed(gen, n int, parents []*Individual, seen map[genome.Hash]bool) []*Individual {
	fit := make([]float64, len(parents))
	for i, p := range parents {
		fit[i] = p.Score.Fitness
	}
	var kids []*Individual
	for len(kids) < n {
		var child *genome.Genome
		var lineage []string
		for range 32 {
			a := parents[r.sel.Select(r.rng, fit)]
			var g *genome.Genome
			ok := false
			lineage = []string{a.Genome.ID}
			if len(parents) > 1 && rnd.Chance(r.rng, r.cfg.Crossover.Rate) {
				b := parents[r.sel.Select(r.rng, fit)]
				if b != a {
					lineage = append(lineage, b.Genome.ID)
					g, ok = r.cross.Cross(r.rng, a.Genome, b.Genome)
					if ok && rnd.Chance(r.rng, r.cfg.Mutation.Rate) {
						if m, mok := r.mut.Mutate(r.rng, g); mok {
							g = m
						}
					}
				}
			}
			if !ok {
				lineage = lineage[:1]
				g, ok = r.mut.Mutate(r.rng, a.Genome)
			}
			if !ok || !r.admit(g) {
				continue
			}
			h, err := genome.ContentHash(g)
			if err != nil || seen[h] {
				continue
			}
			seen[h] = true
			child = g
			child.ID = fmt.Sprintf("g%03d-%03d", gen, len(kids))
			child.Name = "Evolved game " + child.ID
			child.Lineage = lineage
			child.Generation = uint32(gen)
			kids = append(kids, &Individual{Genome: child, Hash: h})
			break
		}
		if child == nil {
			break // the parents yield no new genome
		}
	}
	return kids
}

// distinct drops the children that the ablation pass made equal to a genome
// of the population (whose hashes are in seen, with the children's hashes
// before ablation) or to an earlier child.
func distinct(kids []*Individual, seen map[genome.Hash]bool) []*Individual {
	out := kids[:0]
	kept := map[genome.Hash]bool{}
	for _, k := range kids {
		if len(k.Measures.Pruned) > 0 && seen[k.Hash] || kept[k.Hash] {
			continue
		}
		kept[k.Hash] = true
		out = append(out, k)
	}
	return out
}

// writeJSON writes v as indented JSON.
func writeJSON(path string, v any) error {
	js, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(js, '\n'), 0o644)
}
