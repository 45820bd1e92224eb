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
}

// finish writes the outputs of a finished run.
func (r *runner) finish(ctx context.Context) (*Result, error) {
	c := &r.cfg
	res := &Result{Dir: r.dir, Population: r.pop, History: r.history}
	r.progress(Progress{Generation: r.gen, Stage: StageReport})
	if err := r.writePopulation(); err != nil {
		return nil, err
	}
	best := r.pop[:min(c.Output.Best, len(r.pop))]
	res.Best = best
	if err := r.writeBest(best); err != nil {
		return nil, err
	}
	replays, replayErrs, err := r.writeReplays(ctx, best)
	if err != nil {
		return nil, err
	}
	rm, err := r.remeasure(ctx)
	if err != nil {
		return nil, err
	}
	res.Remeasured = rm
	if err := writeJSON(filepath.Join(r.dir, "remeasure.json"), rm); err != nil {
		return nil, err
	}
	if err := writePlots(r.dir, r.history); err != nil {
		return nil, fmt.Errorf("evolve: plots: %w", err)
	}
	if err := r.writeReport(best, replays, replayErrs, rm); err != nil {
		return nil, err
	}
	return res, nil
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
		rules := genome.Rules(ind.Genome)
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

// remeasure measures the top remeasure.top genomes and the seed games of
// remeasure.seeds again.
func (r *runner) remeasure(ctx context.Context) ([]Remeasured, error) {
	c := &r.cfg
	spec := remeasureSpec(c)
	var todo []*Individual
	var seedFlags []bool
	for _, ind := range r.pop[:min(c.Remeasure.Top, len(r.pop))] {
		todo = append(todo, ind)
		seedFlags = append(seedFlags, false)
	}
	for _, id := range seedIDs(c.Remeasure.Seeds) {
		g, err := genome.Seed(id)
		if err != nil {
			return nil, err
		}
		h, err := genome.ContentHash(g)
		if err != nil {
			return nil, err
		}
		ind := &Individual{Genome: g, Hash: h}
		// The seed's score under evolution's settings, skill included.
		if err := r.ev.evaluate(ctx, []*Individual{ind}, nil); err != nil {
			return nil, err
		}
		if r.fit.gates(&ind.Measures) == nil && c.Skill.Top > 0 {
			v, err := measureSkill(ctx, g, &r.ev.spec, r.ev.workers)
			if err != nil {
				return nil, err
			}
			ind.Measures.Skill, ind.Measures.HasSkill = v, true
			r.ev.score(ind)
		}
		todo = append(todo, ind)
		seedFlags = append(seedFlags, true)
	}
	out := make([]Remeasured, len(todo))
	for i, ind := range todo {
		r.progress(Progress{Generation: r.gen, Stage: StageRemeasure, Done: i, Total: len(todo)})
		m, err := measure(ctx, ind.Genome, &spec, r.ev.workers)
		if err != nil {
			return nil, fmt.Errorf("evolve: re-measuring %s: %w", ind.Genome.ID, err)
		}
		if r.fit.gates(&m) == nil {
			v, err := measureSkill(ctx, ind.Genome, &spec, r.ev.workers)
			if err != nil {
				return nil, fmt.Errorf("evolve: re-measuring the skill of %s: %w", ind.Genome.ID, err)
			}
			m.Skill, m.HasSkill = v, true
		}
		out[i] = Remeasured{ID: ind.Genome.ID, Name: ind.Genome.Name, Hash: ind.Hash.String(), Seed: seedFlags[i],
			Evolved: ind.Score, Again: r.fit.Score(&m), Measures: m}
	}
	r.progress(Progress{Generation: r.gen, Stage: StageRemeasure, Done: len(todo), Total: len(todo)})
	return out, nil
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
	p("- gates: completion ≥ %g, %g ≤ decisions per player ≤ %g, forced-move share ≤ %g\n",
		c.Gates.MinCompletion, c.Gates.MinDecisions, c.Gates.MaxDecisions, c.Gates.MaxForcedShare)
	if c.Skill.Top > 0 {
		p("- skill gradient of %s against random on the top %d of every generation, %d paired games per seat\n",
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

	p("## Best genomes\n\n| # | genome | fitness | playable | decisions/player | files |\n|---|---|---|---|---|---|\n")
	for i, ind := range best {
		stem := "best/" + bestName(i, ind)
		p("| %d | %s | %.4f | %v | %.1f | [JSON](%s.json) · [FlatBuffers](%s.fb) · [rulebook](%s.rules.md) |\n",
			i+1, ind.Genome.ID, ind.Score.Fitness, ind.Score.Playable, ind.Measures.DecisionsPerPlayer, stem, stem, stem)
	}
	p("\n")

	p("## Re-measurement\n\n")
	p("Every run ends by playing its best genomes again with %d× the games (%d per genome) and stronger agents (%s; skill: %s), beside the seed games for comparison. Evolved scores are those evolution saw. Full data: [remeasure.json](remeasure.json).\n\n",
		c.Remeasure.GamesFactor, c.Evaluation.Games*c.Remeasure.GamesFactor, strings.Join(c.Remeasure.Agents, " and "), remeasureSpec(c).skillAgent)
	p("| genome | kind | evolved fitness | re-measured fitness | playable again | failed gates |")
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
		p("| %s | %s | %.4f | %.4f | %v | %s |", x.ID, kind, x.Evolved.Fitness, x.Again.Fitness, x.Again.Playable, strings.Join(x.Again.Failed, " "))
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
	return os.WriteFile(filepath.Join(r.dir, "report.md"), []byte(b.String()), 0o644)
}
