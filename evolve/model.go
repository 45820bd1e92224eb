package evolve

import (
	"context"
	"errors"

	"github.com/deckforge/deckforge/genome"
)

// Model is how a generation is made from the last: the generational GA or
// MAP-Elites.
type Model interface {
	// Next breeds, measures and selects generation gen and returns its
	// population, best first, and the number of genomes measured.
	Next(ctx context.Context, r *runner, gen int) ([]*Individual, int, error)
	// Validate reports a configuration that cannot run.
	Validate() error
}

// GA is the generational genetic algorithm: the Elites best genomes
// survive unchanged; children are bred from tournament-selected parents;
// the best Survivors children (by fitness without the skill component)
// join the elites; then the skill stage scores the new population.
type GA struct{ Elites, Survivors int }

// Validate reports bad sizes.
func (m GA) Validate() error {
	var es errs
	es.check(m.Elites >= 0, "population.elites", "%d is negative", m.Elites)
	es.check(m.Survivors >= 1, "population.size", "no room for children beside %d elites", m.Elites)
	return errors.Join(es...)
}

// Next makes a GA generation.
func (m GA) Next(ctx context.Context, r *runner, gen int) ([]*Individual, int, error) {
	seen := map[genome.Hash]bool{}
	for _, ind := range r.pop {
		seen[ind.Hash] = true
	}
	kids := r.breed(gen, r.cfg.offspring(), r.pop, seen)
	if err := r.ev.evaluate(ctx, kids, func(done, total int) {
		r.progress(Progress{Generation: gen, Stage: StageEvaluate, Done: done, Total: total})
	}); err != nil {
		return nil, 0, err
	}
	kids = distinct(kids, seen)
	slicesSortByBase(kids)
	if len(kids) > m.Survivors {
		kids = kids[:m.Survivors]
	}
	pop := make([]*Individual, 0, m.Elites+len(kids))
	pop = append(pop, r.pop[:min(m.Elites, len(r.pop))]...)
	pop = append(pop, kids...)
	if r.cfg.Skill.Top > 0 {
		r.progress(Progress{Generation: gen, Stage: StageSkill, Done: 0, Total: r.cfg.Skill.Top})
		if err := r.ev.applySkill(ctx, pop, r.cfg.Skill.Top); err != nil {
			return nil, 0, err
		}
	}
	sortIndividuals(pop)
	return pop, len(kids), nil
}

// MAPElites breeds a batch of population.size children from parents drawn
// from the archive (tournament selection over its elites), measures them,
// applies the skill stage to the batch and offers every child to the
// archive. The population is the archive's elites.
type MAPElites struct{}

// Validate never fails: the archive carries the settings.
func (MAPElites) Validate() error { return nil }

// Next makes a MAP-Elites generation.
func (MAPElites) Next(ctx context.Context, r *runner, gen int) ([]*Individual, int, error) {
	parents := r.grid.Elites()
	if len(parents) == 0 {
		parents = r.pop
	}
	seen := map[genome.Hash]bool{}
	for _, ind := range parents {
		seen[ind.Hash] = true
	}
	for _, ind := range r.pop {
		seen[ind.Hash] = true
	}
	kids := r.breed(gen, r.cfg.Population.Size, parents, seen)
	if err := r.measure(ctx, kids); err != nil {
		return nil, 0, err
	}
	kids = distinct(kids, seen)
	for _, k := range kids {
		r.grid.Add(k)
	}
	pop := r.grid.Elites()
	if len(pop) == 0 {
		pop = append(r.pop[:0:0], r.pop...)
	}
	sortIndividuals(pop)
	return pop, len(kids), nil
}
