package evolve

import (
	"context"
	"fmt"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/sim"
)

// Task is one measurement of a generation: Genome (content hash Hash)
// played under a run's configuration with the settings of Stage:
// StageEvaluate measures it (Outcome.Measures), StageSkill measures its
// skill gradient (Outcome.Skill). A task's outcome depends on the genome's
// content, the configuration and its seed alone, so it may be computed
// anywhere, more than once, with the same result.
type Task struct {
	Stage  Stage
	Genome *genome.Genome
	Hash   genome.Hash
	// Seed marks a seed game: the ablation pass leaves it alone.
	Seed bool
}

// Outcome is what a Task measured. Under StageEvaluate the genome is first
// pruned by the ablation pass (evaluation.ablation_games): Measures are
// then the pruned genome's and Measures.Pruned lists the removals (Prune
// rebuilds the pruned genome from them). Under StageSkill, Ladder holds the
// skill ladder's steps and Skill their skill term.
type Outcome struct {
	Measures Measures          `json:"measures"`
	Skill    float64           `json:"skill"`
	Ladder   *sim.LadderResult `json:"ladder,omitempty"`
}

// Evaluator computes the outcomes of a generation's tasks under cfg, in
// task order. progress, if set, is called from one goroutine at a time
// with the tasks done. The default evaluator, Local, plays them on this
// process's goroutines; another may play them on other machines (see
// sim/nats) and must give the outcomes RunTask gives.
type Evaluator interface {
	Evaluate(ctx context.Context, cfg *Config, tasks []Task, progress func(done, total int)) ([]Outcome, error)
}

// Local is the in-process Evaluator: Workers tasks at once (at least one),
// each played on one goroutine.
type Local struct{ Workers int }

// Evaluate runs the tasks with RunTask.
func (l Local) Evaluate(ctx context.Context, cfg *Config, tasks []Task, progress func(done, total int)) ([]Outcome, error) {
	spec := evolutionSpec(cfg)
	out := make([]Outcome, len(tasks))
	eg, ctx := errgroup.WithContext(ctx)
	eg.SetLimit(max(l.Workers, 1))
	var mu sync.Mutex
	done := 0
	for i, t := range tasks {
		eg.Go(func() error {
			o, err := runTask(ctx, &spec, t, 1)
			if err != nil {
				return err
			}
			out[i] = o
			if progress != nil {
				mu.Lock()
				done++
				progress(done, len(tasks))
				mu.Unlock()
			}
			return nil
		})
	}
	if err := eg.Wait(); err != nil {
		return nil, err
	}
	return out, nil
}

// RunTask computes one task's outcome under cfg with workers goroutines
// (0: one) playing its games: what a remote worker runs. The outcome does
// not depend on workers.
func RunTask(ctx context.Context, cfg *Config, t Task, workers int) (Outcome, error) {
	spec := evolutionSpec(cfg)
	return runTask(ctx, &spec, t, max(workers, 1))
}

func runTask(ctx context.Context, spec *playSpec, t Task, workers int) (Outcome, error) {
	switch t.Stage {
	case StageEvaluate:
		g := t.Genome
		var removed []string
		if spec.ablationGames > 0 && !t.Seed {
			opt := sim.Options{Agent: spec.opts, CapDraws: spec.capDraws}
			var err error
			g, removed, err = Ablate(ctx, g, spec.agents[1], spec.players, spec.ablationGames, spec.seed, opt)
			if err != nil {
				return Outcome{}, fmt.Errorf("evolve: ablating %s (%s): %w", t.Genome.ID, t.Hash.String()[:12], err)
			}
		}
		m, err := measure(ctx, g, spec, workers)
		if err != nil {
			return Outcome{}, fmt.Errorf("evolve: measuring %s (%s): %w", t.Genome.ID, t.Hash.String()[:12], err)
		}
		m.Pruned = removed
		return Outcome{Measures: m}, nil
	case StageSkill:
		v, err := measureSkill(ctx, t.Genome, spec, workers)
		if err != nil {
			return Outcome{}, fmt.Errorf("evolve: skill of %s: %w", t.Genome.ID, err)
		}
		return Outcome{Skill: ladderSkill(v), Ladder: v}, nil
	}
	return Outcome{}, fmt.Errorf("evolve: task stage %q: want %q or %q", t.Stage, StageEvaluate, StageSkill)
}
