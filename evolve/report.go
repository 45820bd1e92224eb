package evolve

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/genome/rulebook"
	"github.com/deckforge/deckforge/replay"
	"github.com/deckforge/deckforge/sim"
)

// Remeasured is a genome measured again at the end of a run with
// remeasure.games_factor times the games and the stronger agents of
// remeasure.agents, its skill gradient always measured (remeasure.skill_agent).
type Remeasured struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Hash string `json:"hash"`
	// Seed reports a seed game (re-measured for comparison).
	Seed bool `json:"seed"`
	// Evolved is the genome's score under evolution's settings (for a seed
	// game: measured now under those settings, skill included).
	Evolved Score `json:"evolved"`
	// Again is the score of the re-measurement, Measures its measures.
	Again    Score    `json:"remeasured"`
	Measures Measures `json:"measures"`
	// Components labels the re-measured components by name (Metrics).
	Components map[string]float64 `json:"components"`
	// Rank is the place of an evolved genome by re-measured fitness among
	// the evolved ones (from 1; 0 for seed games and near-clones).
	Rank int `json:"rank"`
	// CloneOf names the better-ranked genome this one is a near-clone of
	// (it is merged into it and not ranked).
	CloneOf string `json:"clone_of,omitempty"`
	// FitnessLo and FitnessHi bound the 95% interval of the re-measured
	// fitness (batch means over independent batches, see remeasureOne);
	// both are the fitness itself when the genome failed a gate.
	FitnessLo float64 `json:"fitness_lo"`
	FitnessHi float64 `json:"fitness_hi"`
	// CompletionLo and CompletionHi are the 95% Wilson interval of the
	// re-measured completion rate.
	CompletionLo float64 `json:"completion_lo"`
	CompletionHi float64 `json:"completion_hi"`
	// Monotone reports that every ladder step beats chance.
	Monotone bool `json:"monotone"`
	// Flags say what is degenerate (failed gates, lint defects, completion
	// under 99%, more than 200 decisions per player, a ladder that is not
	// monotone, a replay that could not be recorded).
	Flags []string `json:"flags,omitempty"`
	// Replayable reports that the genome's games were recorded as
	// replays (best genomes only; false when recording failed or none was
	// asked for).
	Replayable bool `json:"replayable"`
}

// finish writes the outputs of a finished run. The best genomes are
// those ranked first by re-measured fitness (near-clones merged), so what
// best/ holds is what held up.
func (r *runner) finish(ctx context.Context) (*Result, error) {
	c := &r.cfg
	res := &Result{Dir: r.dir, Population: r.pop, History: r.history}
	r.progress(Progress{Generation: r.gen, Stage: StageReport})
	if err := r.writePopulation(); err != nil {
		return nil, err
	}
	rm, err := r.remeasure(ctx)
	if err != nil {
		return nil, err
	}
	best := r.rank(rm)
	best = best[:min(c.Output.Best, len(best))]
	res.Best = best
	if err := r.writeBest(best); err != nil {
		return nil, err
	}
	replays, replayErrs, err := r.writeReplays(ctx, best)
	if err != nil {
		return nil, err
	}
	for i := range rm {
		x := &rm[i]
		for _, ind := range best {
			if ind.Genome.ID == x.ID && !x.Seed {
				x.Replayable = c.Output.ReplayGames > 0 && !slices.ContainsFunc(replayErrs, func(e string) bool {
					return strings.HasPrefix(e, x.ID+":")
				})
				if !x.Replayable {
					x.Flags = append(x.Flags, "unreplayable")
				}
			}
		}
	}
	res.Remeasured = rm
	if err := writeJSON(filepath.Join(r.dir, "remeasure.json"), rm); err != nil {
		return nil, err
	}
	if err := writePlots(r.dir, r.history); err != nil {
		return nil, fmt.Errorf("evolve: plots: %w", err)
	}
	if err := writeArchivePlot(r.dir, r.grid); err != nil {
		return nil, fmt.Errorf("evolve: archive plot: %w", err)
	}
	if len(best) > 0 {
		if err := writeJSON(filepath.Join(r.dir, "lineage.json"), r.lineage(best[0].Genome.ID)); err != nil {
			return nil, err
		}
	}
	if err := r.writeReport(best, replays, replayErrs, rm); err != nil {
		return nil, err
	}
	return res, nil
}

// rank sets the Components, completion interval, Monotone and Flags of
// every re-measured entry, orders the evolved genomes (sound ones, without
// flags, first; then by re-measured fitness; ties: evolved fitness, then
// ID), merges near-clones into the better-ranked genome, sets Rank and
// CloneOf, and returns the ranked evolved individuals. Seed games keep
// their place after the evolved ones.
func (r *runner) rank(rm []Remeasured) []*Individual {
	byID := map[string]*Individual{}
	for _, ind := range r.finalists() {
		byID[ind.Genome.ID] = ind
	}
	gs := map[string]*genome.Genome{}
	for i := range rm {
		x := &rm[i]
		x.Components = componentMap(x.Again)
		x.CompletionLo, x.CompletionHi = wilson(x.Measures.Completion, x.Measures.Games)
		x.Monotone = monotone(x.Measures.Ladder)
		var g *genome.Genome
		if ind, ok := byID[x.ID]; ok && !x.Seed {
			g = ind.Genome
		} else if sg, err := genome.Seed(x.ID); err == nil {
			g = sg
		}
		if g != nil {
			x.Flags = flags(g, x)
			gs[x.ID] = g
		}
	}
	slices.SortStableFunc(rm, func(a, b Remeasured) int {
		switch {
		case a.Seed != b.Seed:
			if a.Seed {
				return 1
			}
			return -1
		case a.Seed:
			return 0
		case (len(a.Flags) == 0) != (len(b.Flags) == 0):
			if len(a.Flags) == 0 {
				return -1 // a sound genome before a flagged one
			}
			return 1
		case a.Again.Fitness != b.Again.Fitness:
			if a.Again.Fitness > b.Again.Fitness {
				return -1
			}
			return 1
		case a.Evolved.Fitness != b.Evolved.Fitness:
			if a.Evolved.Fitness > b.Evolved.Fitness {
				return -1
			}
			return 1
		}
		return strings.Compare(a.ID, b.ID)
	})
	var ranked []*Individual
	for i := range rm {
		x := &rm[i]
		g := gs[x.ID]
		if x.Seed || g == nil {
			continue
		}
		for _, k := range ranked {
			if nearClone(k.Genome, g) {
				x.CloneOf = k.Genome.ID
				break
			}
		}
		if x.CloneOf == "" {
			ranked = append(ranked, byID[x.ID])
			x.Rank = len(ranked)
		}
	}
	return ranked
}

// writePopulation writes the final population: population.fb (the
// genomes, as in checkpoints) and population.json (their scores).
func (r *runner) writePopulation() error {
	data, err := EncodePopulation(genomesOf(r.pop))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(r.dir, "population.fb"), data, 0o644); err != nil {
		return err
	}
	return writeJSON(filepath.Join(r.dir, "population.json"), toRecords(r.pop))
}

// bestName is the file stem of best genome i.
func bestName(i int, ind *Individual) string { return fmt.Sprintf("%02d-%s", i+1, ind.Genome.ID) }

// writeBest writes best/NN-ID.json, .fb and .rules.md.
func (r *runner) writeBest(best []*Individual) error {
	dir := filepath.Join(r.dir, "best")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for i, ind := range best {
		stem := filepath.Join(dir, bestName(i, ind))
		js, err := genome.EncodeJSON(ind.Genome)
		if err != nil {
			return err
		}
		fb, err := genome.EncodeFB(ind.Genome)
		if err != nil {
			return err
		}
		rules := rulebook.Rules(ind.Genome)
		for _, f := range []struct {
			ext  string
			data []byte
		}{{".json", js}, {".fb", fb}, {".rules.md", []byte(rules)}} {
			if err := os.WriteFile(stem+f.ext, f.data, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// writeReplays records output.replay_games games of each best genome,
// played by evolution's agents, into replays/NN-ID-game-KKK.dfr. It
// returns the files written and the games that could not be recorded.
func (r *runner) writeReplays(ctx context.Context, best []*Individual) (files, failed []string, err error) {
	c := &r.cfg
	if c.Output.ReplayGames == 0 {
		return nil, nil, nil
	}
	dir := filepath.Join(r.dir, "replays")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, nil, err
	}
	spec := evolutionSpec(c)
	var mu sync.Mutex
	for i, ind := range best {
		r.progress(Progress{Generation: r.gen, Stage: StageReplays, Done: i, Total: len(best)})
		prog, err := game.Compile(ind.Genome)
		if err != nil {
			return nil, nil, err
		}
		n := spec.playerCount(prog)
		opt := sim.Options{Players: n, Agent: spec.opts, Source: "deckforge evolve " + c.Name + " " + ind.Genome.ID}
		if spec.session(ind.Genome) {
			opt.SitOuts = spec.sitOuts
		}
		stem := bestName(i, ind)
		opt.Replay = func(k int, rp *replay.Replay) error {
			data, err := replay.Encode(rp)
			if err != nil {
				return err
			}
			name := fmt.Sprintf("%s-game-%03d.dfr", stem, k+1)
			mu.Lock()
			files = append(files, name)
			mu.Unlock()
			return os.WriteFile(filepath.Join(dir, name), data, 0o644)
		}
		if _, err := sim.Run(ctx, prog, spec.lineup(n, 0), c.Output.ReplayGames, c.Seed, r.ev.workers, opt); err != nil {
			if ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			// A replay the recorder refuses is reported, not fatal: the
			// run's results do not depend on it.
			failed = append(failed, fmt.Sprintf("%s: %v", ind.Genome.ID, err))
		}
	}
	slices.Sort(files)
	return files, failed, nil
}

// writeReport writes report.md.
func (r *runner) writeReport(best []*Individual, replays, replayErrs []string, rm []Remeasured) error {
	c := &r.cfg
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	p("# Evolution run %s\n\n", c.Name)
	if c.Description != "" {
		p("%s\n\n", strings.TrimSpace(c.Description))
	}
	p("- model: %s, %d generations of %d genomes, seed %d\n", c.Model, c.Generations, c.Population.Size, c.Seed)
	p("- evaluation: %d games per genome, agents %s (seats alternate, both seatings), %d players (clamped to each game's range)\n",
		c.Evaluation.Games, strings.Join(c.Evaluation.Agents, " and "), c.Evaluation.Players)
	p("- fitness preset %s, weights fixed before the run: %s\n", c.Fitness.Preset, describeWeights(c.Fitness.ResolvedWeights()))
	p("- gates: completion ≥ %g, %g ≤ decisions per player ≤ %g, forced-move share ≤ %g",
		c.Gates.MinCompletion, c.Gates.MinDecisions, c.Gates.MaxDecisions, c.Gates.MaxForcedShare)
	if c.Gates.MaxDrawRate > 0 {
		p(", draw rate ≤ %g", c.Gates.MaxDrawRate)
	}
	if c.Gates.MinBalance > 0 {
		p(", seat balance ≥ %g", c.Gates.MinBalance)
	}
	if len(c.Evaluation.Require) > 0 {
		p(", required mechanics: %s", strings.Join(c.Evaluation.Require, ", "))
	}
	p("\n")
	if c.Evaluation.MaxTurns > 0 {
		p("- turn cap %d, written into every genome", c.Evaluation.MaxTurns)
		if c.Evaluation.CapDraws {
			p("; a game cut off by it is a draw")
		}
		p("\n")
	}
	if c.Evaluation.AblationGames > 0 {
		p("- every bred genome is free of lint defects (repaired or rejected) and pruned by ablation (%d games per part)\n", c.Evaluation.AblationGames)
	}
	if c.Skill.Top > 0 {
		p("- skill ladder (random < greedy < ismcts:B < ismcts:4B, B from %s) on the top %d of every generation, %d games per pair; scored as a band on the interval bounds\n",
			c.Skill.Agent, c.Skill.Top, c.Skill.Games)
	}
	p("- configuration: [config.json](config.json); per generation: [generations.csv](generations.csv); final population: population.fb, [population.json](population.json)\n\n")

	if n := len(r.history); n > 0 {
		first, last := r.history[0], r.history[n-1]
		p("## Progress\n\n")
		p("| | generation 0 | generation %d |\n|---|---|---|\n", last.Generation)
		p("| best fitness | %.4f | %.4f |\n| mean fitness | %.4f | %.4f |\n", first.Best, last.Best, first.Mean, last.Mean)
		p("| playable share | %.2f | %.2f |\n| diversity | %.3f | %.3f |\n| archive coverage | %.3f | %.3f |\n\n",
			first.Playable, last.Playable, first.Diversity, last.Diversity, first.Coverage, last.Coverage)
		p("![fitness](fitness.png) ([SVG](fitness.svg))\n\n![diversity](diversity.png) ([SVG](diversity.svg))\n\n")
	}

	byID := map[string]*Remeasured{}
	var seeds []Remeasured
	for i := range rm {
		byID[rm[i].ID] = &rm[i]
		if rm[i].Seed {
			seeds = append(seeds, rm[i])
		}
	}
	if len(best) > 0 {
		if x := byID[best[0].Genome.ID]; x != nil {
			p("## What evolved\n\n%s\n\n", whatEvolved(best[0], x, seeds))
		}
	}

	p("## Best genomes\n\nRanked by re-measured fitness, genomes without flags first (near-clones merged into the better one); completion intervals are 95%% Wilson intervals, fitness intervals 95%% batch-means intervals (%d batches).\n\n", remeasureBatches)
	p("| # | genome | evolved fitness | re-measured fitness (95%% interval) | completion (95%% CI) | decisions/player | ladder lower bounds | flags | files |\n|---|---|---|---|---|---|---|---|---|\n")
	for i, ind := range best {
		stem := "best/" + bestName(i, ind)
		x := byID[ind.Genome.ID]
		if x == nil {
			continue
		}
		var lad []string
		for _, st := range ladderSteps(x.Measures.Ladder) {
			lad = append(lad, fmt.Sprintf("%.2f", st.Lo))
		}
		fl := strings.Join(x.Flags, ", ")
		if fl == "" {
			fl = "none"
		}
		p("| %d | %s | %.4f | %.4f (%.3f–%.3f) | %.3f (%.3f–%.3f) | %.1f | %s | %s | [JSON](%s.json) · [FlatBuffers](%s.fb) · [rulebook](%s.rules.md) |\n",
			i+1, ind.Genome.ID, x.Evolved.Fitness, x.Again.Fitness, x.FitnessLo, x.FitnessHi, x.Measures.Completion, x.CompletionLo, x.CompletionHi,
			x.Measures.DecisionsPerPlayer, strings.Join(lad, " / "), fl, stem, stem, stem)
	}
	p("\n")
	var clones []string
	for _, x := range rm {
		if x.CloneOf != "" {
			clones = append(clones, fmt.Sprintf("%s (near-clone of %s, %.4f)", x.ID, x.CloneOf, x.Again.Fitness))
		}
	}
	if len(clones) > 0 {
		p("Merged near-clones: %s.\n\n", strings.Join(clones, "; "))
	}

	if len(best) > 0 {
		if lin := r.lineage(best[0].Genome.ID); len(lin) > 1 {
			p("## Lineage of the best\n\nFirst parents back to generation 0 ([lineage.json](lineage.json)):\n\n")
			for _, a := range lin {
				p("- %s (generation %d, fitness %.4f)\n", a.ID, a.Generation, a.Fitness)
			}
			p("\n")
		}
	}

	p("## Archive\n\n![MAP-Elites archive](archive.png) ([SVG](archive.svg)): the fitness of the elite of every cell over %s.\n\n", r.grid.Axes[0].Name)

	p("## Re-measurement\n\n")
	p("Every run ends by playing its best genomes again with %d× the games (%d per genome) and stronger agents (%s; skill: %s), beside the seed games for comparison. Evolved scores are those evolution saw. Full data: [remeasure.json](remeasure.json).\n\n",
		c.Remeasure.GamesFactor, c.Evaluation.Games*c.Remeasure.GamesFactor, strings.Join(c.Remeasure.Agents, " and "), remeasureSpec(c).skillAgent)
	p("| genome | kind | evolved fitness | re-measured fitness (95%% interval) | playable again | flags |")
	for _, name := range ComponentNames() {
		if c.Fitness.ResolvedWeights()[name] > 0 {
			p(" %s |", name)
		}
	}
	p("\n|---|---|---|---|---|---|")
	for _, name := range ComponentNames() {
		if c.Fitness.ResolvedWeights()[name] > 0 {
			p("---|")
		}
	}
	p("\n")
	for _, x := range rm {
		kind := "evolved"
		if x.Seed {
			kind = "seed"
		}
		p("| %s | %s | %.4f | %.4f (%.3f–%.3f) | %v | %s |", x.ID, kind, x.Evolved.Fitness, x.Again.Fitness, x.FitnessLo, x.FitnessHi, x.Again.Playable, strings.Join(x.Flags, ", "))
		for i, name := range ComponentNames() {
			if c.Fitness.ResolvedWeights()[name] > 0 {
				p(" %.3f |", x.Again.Components[i])
			}
		}
		p("\n")
	}
	p("\n")

	p("## Replays\n\n")
	if len(replays) == 0 {
		p("No replays were recorded (output.replay_games = 0).\n")
	} else {
		p("%d games of the best genomes, played by %s, in [replays/](replays/). Open them in the browser with\n\n    .bin/deckforge serve %s\n\n",
			len(replays), strings.Join(c.Evaluation.Agents, " and "), filepath.Join(r.dir, "replays"))
		for _, f := range replays {
			p("- [%s](replays/%s)\n", f, f)
		}
	}
	if len(replayErrs) > 0 {
		p("\nGames that could not be recorded:\n\n")
		for _, e := range replayErrs {
			p("- %s\n", e)
		}
	}
	p("\n## Fitness components\n\n| component | weight | formula | range |\n|---|---|---|---|\n")
	w := c.Fitness.ResolvedWeights()
	for _, m := range Metrics() {
		if w[m.Name] > 0 {
			p("| %s | %g | %s | %s |\n", m.Name, w[m.Name], m.Formula, m.Range)
		}
	}
	return os.WriteFile(filepath.Join(r.dir, "report.md"), []byte(b.String()), 0o644)
}

// ladderSteps returns the steps of l (none when l is nil).
func ladderSteps(l *sim.LadderResult) []sim.LadderStep {
	if l == nil {
		return nil
	}
	return l.Steps
}
