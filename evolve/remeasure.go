package evolve

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/sim"
	"gonum.org/v1/gonum/stat"
)

// remeasure measures the top remeasure.top genomes and the seed games of
// remeasure.seeds again. When fewer than output.best of the top are sound
// (no flag: gates, lint, completion, decisions, tricks, a monotone
// ladder), up to remeasure.reserve more distinct genomes are measured, in
// order, until output.best are.
func (r *runner) remeasure(ctx context.Context) ([]Remeasured, error) {
	c := &r.cfg
	spec := remeasureSpec(c)
	seeds := seedIDs(c.Remeasure.Seeds)
	cands, err := r.screened(ctx, c.Remeasure.Top+c.Remeasure.Reserve)
	if err != nil {
		return nil, err
	}
	var out []Remeasured
	total := func() int { return min(c.Remeasure.Top, len(cands)) + len(seeds) + max(len(out)-c.Remeasure.Top, 0) }
	sound := 0
	for i, ind := range cands {
		if i >= c.Remeasure.Top && sound >= c.Output.Best {
			break
		}
		r.progress(Progress{Generation: r.gen, Stage: StageRemeasure, Done: len(out), Total: total()})
		x, err := r.remeasureOne(ctx, ind, &spec)
		if err != nil {
			return nil, err
		}
		if len(flags(ind.Genome, &x)) == 0 {
			sound++
		}
		out = append(out, x)
	}
	for _, id := range seeds {
		g, err := genome.Seed(id)
		if err != nil {
			return nil, err
		}
		if c.Evaluation.MaxTurns > 0 {
			g.Turns.MaxTurns = c.Evaluation.MaxTurns // the same cap as the evolved genomes
		}
		h, err := genome.ContentHash(g)
		if err != nil {
			return nil, err
		}
		ind := &Individual{Genome: g, Hash: h, seed: true}
		// The seed's score under evolution's settings, skill included.
		if err := r.ev.evaluate(ctx, []*Individual{ind}, nil); err != nil {
			return nil, err
		}
		if r.fit.gates(&ind.Measures) == nil && c.Skill.Top > 0 {
			v, err := measureSkill(ctx, g, &r.ev.spec, r.ev.workers)
			if err != nil {
				return nil, err
			}
			ind.Measures.Ladder = v
			ind.Measures.Skill, ind.Measures.HasSkill = ladderSkill(v), true
			r.ev.score(ind)
		}
		r.progress(Progress{Generation: r.gen, Stage: StageRemeasure, Done: len(out), Total: total()})
		x, err := r.remeasureOne(ctx, ind, &spec)
		if err != nil {
			return nil, err
		}
		x.Seed = true
		out = append(out, x)
	}
	r.progress(Progress{Generation: r.gen, Stage: StageRemeasure, Done: len(out), Total: len(out)})
	return out, nil
}

// finalists are the genomes a run's best are chosen from: the final
// population and the archive's elites, best first (better), each content
// once.
func (r *runner) finalists() []*Individual {
	seen := map[genome.Hash]bool{}
	var out []*Individual
	for _, part := range [][]*Individual{r.pop, r.grid.Elites()} {
		for _, ind := range part {
			if !seen[ind.Hash] {
				seen[ind.Hash] = true
				out = append(out, ind)
			}
		}
	}
	sortIndividuals(out)
	return out
}

// screened returns the genomes to re-measure, best first: the top n
// distinct finalists (remeasureCandidates). Under gates.rising_ladder
// every one of them has its selection ladder first: a finalist that never
// ranked among its batch's skill.top has it measured now (a cheap
// monotone check at the selection budget, stopped at its first flat
// step), and the candidates are picked again, until all n have one, so
// the costly re-measurement goes to genomes whose ladder rose.
func (r *runner) screened(ctx context.Context, n int) ([]*Individual, error) {
	fin := r.finalists()
	for {
		cands := remeasureCandidates(fin, n)
		if !r.cfg.Gates.RisingLadder || r.cfg.Skill.Top == 0 {
			return cands, nil
		}
		var need []*Individual
		for _, ind := range cands {
			if !ind.Measures.HasSkill && r.fit.gates(&ind.Measures) == nil {
				need = append(need, ind)
			}
		}
		if len(need) == 0 {
			return cands, nil
		}
		r.progress(Progress{Generation: r.gen, Stage: StageSkill, Done: 0, Total: len(need)})
		if err := r.ev.applySkill(ctx, need, len(need)); err != nil {
			return nil, err
		}
		sortIndividuals(fin)
	}
}

// remeasureCandidates picks the top genomes to re-measure from inds (best
// first): the best that is not a near-clone (nearClone) of one picked
// before, until top are picked. The report merges near-clones anyway, so
// re-measuring them would leave fewer distinct games to choose the best
// from.
func remeasureCandidates(inds []*Individual, top int) []*Individual {
	var out []*Individual
	for _, ind := range inds {
		if len(out) == top {
			break
		}
		if !slices.ContainsFunc(out, func(o *Individual) bool { return nearClone(o.Genome, ind.Genome) }) {
			out = append(out, ind)
		}
	}
	return out
}

// remeasureBatches is the number of independent batches the skill ladder
// of a re-measurement is played in (and the self-play games split into),
// for the interval of the re-measured fitness.
const remeasureBatches = 4

// tQuantile975 is the 97.5% quantile of Student's t with
// remeasureBatches − 1 = 3 degrees of freedom.
const tQuantile975 = 3.182446305284263

// remeasureOne measures one genome again: spec.games games of self-play,
// played once and also measured as remeasureBatches batches of a quarter
// of the games each (sim.Options.Batches), and, when it passes the gates,
// the skill ladder with spec.skillGames games per pair played as
// remeasureBatches batches of a quarter each (other seeds) and pooled
// (poolLadders). The fitness interval is F ± t₃·s/√K (clamped to
// [−1, 1]): F the fitness of the pooled measures, s the standard deviation
// of the fitness of the K = remeasureBatches batches, each a quarter of
// the self-play games with its ladder batch (batch means; 95%, Student's
// t with K − 1 degrees of freedom).
func (r *runner) remeasureOne(ctx context.Context, ind *Individual, spec *playSpec) (Remeasured, error) {
	g := ind.Genome
	m, batches, err := measureBatches(ctx, g, spec, r.ev.workers, remeasureBatches)
	if err != nil {
		return Remeasured{}, fmt.Errorf("evolve: re-measuring %s: %w", g.ID, err)
	}
	// The flat_ladder gate is evolution's: here a ladder that does not
	// rise earns no skill and is flagged (not monotone), and a quarter
	// batch whose ladder is flat by chance does not fail the genome, so
	// the fitness interval stays that of the measures.
	fit := *r.fit
	fit.Gates.RisingLadder = false
	var fits []float64
	if fit.gates(&m) == nil {
		var ladders []*sim.LadderResult
		for k, bm := range batches {
			bs := *spec
			bs.seed = spec.seed + uint64(k+1)*0x9e3779b97f4a7c15
			bs.skillGames = max(spec.skillGames/remeasureBatches, 1)
			v, err := measureSkill(ctx, g, &bs, r.ev.workers)
			if err != nil {
				return Remeasured{}, fmt.Errorf("evolve: re-measuring the skill of %s: %w", g.ID, err)
			}
			ladders = append(ladders, v)
			bm.Ladder = v
			bm.Skill, bm.HasSkill = ladderSkill(v), true
			fits = append(fits, fit.Score(&bm).Fitness)
		}
		m.Ladder = poolLadders(ladders)
		m.Skill, m.HasSkill = ladderSkill(m.Ladder), true
	}
	again := fit.Score(&m)
	x := Remeasured{ID: g.ID, Name: g.Name, Hash: ind.Hash.String(),
		Evolved: ind.Score, Again: again, Measures: m, FitnessLo: again.Fitness, FitnessHi: again.Fitness}
	if len(fits) > 1 {
		_, sd := stat.MeanStdDev(fits, nil)
		h := tQuantile975 * sd / math.Sqrt(float64(len(fits)))
		// Clamped to the range of the fitness, [−1, 1].
		x.FitnessLo, x.FitnessHi = max(again.Fitness-h, -1), min(again.Fitness+h, 1)
	}
	return x, nil
}

// poolLadders merges ladders of the same genome played from different
// seeds into one: per step the games add up, the win rate and chips per
// hand are the games-weighted means, and the Wilson interval and Beats are
// those of the pooled games.
func poolLadders(ls []*sim.LadderResult) *sim.LadderResult {
	if len(ls) == 0 || ls[0] == nil {
		return nil
	}
	pool := func(steps []*sim.LadderStep) sim.LadderStep {
		out := sim.LadderStep{Upper: steps[0].Upper, Lower: steps[0].Lower}
		var won, chips, chipGames float64
		for _, st := range steps {
			out.Games += st.Games
			won += st.WinRate * float64(st.Games)
			if st.ChipsPerHand.Valid {
				chips += st.ChipsPerHand.Value * float64(st.Games)
				chipGames += float64(st.Games)
			}
		}
		if chipGames > 0 {
			out.ChipsPerHand = sim.Opt{Value: chips / chipGames, Valid: true}
		}
		if out.Games > 0 {
			out.WinRate = won / float64(out.Games)
			out.Lo, out.Hi = wilson(out.WinRate, out.Games)
		}
		return out
	}
	first := ls[0]
	res := &sim.LadderResult{Players: first.Players}
	c := 1 / float64(max(first.Players, 1))
	for i := range first.Steps {
		var steps []*sim.LadderStep
		for _, l := range ls {
			if l != nil && i < len(l.Steps) {
				steps = append(steps, &l.Steps[i])
			}
		}
		st := pool(steps)
		st.Beats = st.Games > 0 && st.Lo > c
		res.Steps = append(res.Steps, st)
	}
	if first.House != nil {
		var steps []*sim.LadderStep
		for _, l := range ls {
			if l != nil && l.House != nil {
				steps = append(steps, l.House)
			}
		}
		st := pool(steps)
		st.Beats = st.Games > 0 && st.Lo > c
		res.House = &st
	}
	return res
}
