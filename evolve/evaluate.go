package evolve

import (
	"context"
	"strconv"
	"strings"
	"sync"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/engine/stats"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/sim"
	"github.com/deckforge/deckforge/sim/agent"
)

// playSpec says how a genome is played to measure it.
type playSpec struct {
	games      int // split evenly between the two seatings
	agents     [2]string
	players    int
	opts       agent.Options
	sitOuts    sim.SitOuts
	skillAgent string
	skillGames int
	// skillBudget is B, the search budget of the ladder's lower search
	// rung (from skillAgent "ismcts:B").
	skillBudget int
	// stopFlat stops the skill ladder at its first flat step
	// (ladderOptions.StopFlat; gates.rising_ladder, in evolution only).
	stopFlat bool
	seed     uint64
	capDraws bool
	require  []string
	// ablationGames is the games of the ablation pass (0: none).
	ablationGames int
	// gates, if set, are checked on a pilot of one game in ten (at least
	// two) of the first seating before the rest is played: a genome whose
	// pilot fails a gate that a few games decide (see pilotFails) keeps
	// the pilot's measures.
	gates *Weighted
}

// evolutionSpec is the play of evolution.
func evolutionSpec(c *Config) playSpec {
	so, _ := sim.ParseSitOuts(c.Evaluation.SitOuts)
	return playSpec{
		games:         c.Evaluation.Games,
		agents:        [2]string{c.Evaluation.Agents[0], c.Evaluation.Agents[1]},
		players:       c.Evaluation.Players,
		opts:          agent.Options{Samples: c.Evaluation.GreedySamples, StrengthSamples: c.Evaluation.StrengthSamples, RolloutCap: c.Evaluation.RolloutCap},
		sitOuts:       so,
		skillAgent:    c.Skill.Agent,
		skillGames:    c.Skill.Games,
		skillBudget:   searchBudget(c.Skill.Agent),
		stopFlat:      c.Gates.RisingLadder,
		seed:          c.Seed,
		capDraws:      c.Evaluation.CapDraws,
		require:       c.Evaluation.Require,
		ablationGames: c.Evaluation.AblationGames,
		gates:         NewWeighted(c.Fitness, c.Gates),
	}
}

// searchBudget returns N of a search agent "name:N" (10 when absent).
func searchBudget(spec string) int {
	if _, n, ok := strings.Cut(spec, ":"); ok {
		if b, err := strconv.Atoi(strings.TrimSpace(n)); err == nil && b > 0 {
			return b
		}
	}
	return 10
}

// remeasureSpec is the play of the re-measurement: GamesFactor times the
// games, the stronger agents, a fresh seed.
func remeasureSpec(c *Config) playSpec {
	s := evolutionSpec(c)
	r := &c.Remeasure
	s.games = c.Evaluation.Games * r.GamesFactor
	s.agents = [2]string{r.Agents[0], r.Agents[1]}
	s.opts = agent.Options{Samples: r.GreedySamples, StrengthSamples: r.StrengthSamples, RolloutCap: r.RolloutCap}
	if r.SkillAgent != "" {
		s.skillAgent = r.SkillAgent
	}
	s.skillGames = r.SkillGames
	if s.skillGames == 0 {
		s.skillGames = max(c.Skill.Games, 1) * r.GamesFactor
	}
	if s.skillAgent == "" {
		s.skillAgent = "ismcts:100"
	}
	s.skillBudget = searchBudget(s.skillAgent)
	s.seed = c.Seed ^ 0x9e3779b97f4a7c15
	s.gates = nil
	s.stopFlat = false // the whole ladder, for the report
	return s
}

// lineup returns the agents of the seats of seating k (0 or 1): seat i
// gets agents[(i+k) mod 2].
func (s *playSpec) lineup(players, k int) []string {
	out := make([]string, players)
	for i := range out {
		out[i] = s.agents[(i+k)%2]
	}
	return out
}

// players returns the player count of g: the spec's, clamped into g's
// range.
func (s *playSpec) playerCount(prog *game.Program) int {
	return min(max(s.players, prog.MinPlayers()), prog.MaxPlayers())
}

// session reports whether g is played as sessions with sit-outs.
func (s *playSpec) session(g *genome.Genome) bool {
	return sim.SessionRun(g, s.agents[:], s.sitOuts) == nil
}

// pilotFails reports whether a pilot's failed gates stop the evaluation:
// only the gates a few games decide (too_long, no_real_decisions,
// missing_mechanic), and no_completion when no pilot game finished. The
// statistical gates (completion, draws, balance) and too_short wait for
// every game.
func pilotFails(failed []string, m *Measures) bool {
	for _, f := range failed {
		switch f {
		case "too_long", "no_real_decisions", "missing_mechanic":
			return true
		case "no_completion":
			if m.Completion == 0 {
				return true
			}
		}
	}
	return false
}

// measure plays g by spec and returns its measures (without skill).
func measure(ctx context.Context, g *genome.Genome, s *playSpec, workers int) (Measures, error) {
	m, _, err := measureBatches(ctx, g, s, workers, 0)
	return m, err
}

// measureBatches is measure that also returns, when batches is above 1,
// the measures of that many batches of the same games (each seating's
// games split by index modulo batches; see sim.Options.Batches).
func measureBatches(ctx context.Context, g *genome.Genome, s *playSpec, workers, batches int) (Measures, []Measures, error) {
	prog, err := game.Compile(g)
	if err != nil {
		return Measures{}, nil, err
	}
	n := s.playerCount(prog)
	opt := sim.Options{Players: n, Agent: s.opts, Source: "deckforge evolve", CapDraws: s.capDraws, Batches: batches}
	if s.session(g) {
		opt.SitOuts = s.sitOuts
	}
	finish := func(m *Measures) {
		m.Chips = prog.HasChips()
		m.Session = opt.SitOuts.Enabled()
		m.Missing = missingMechanics(g, s.require)
		m.RulesLength = RulesLength(g)
	}
	if s.gates != nil {
		// The pilot: the first games of the first seating.
		pilot := opt
		pilot.Batches = 0
		res, err := sim.Run(ctx, prog, s.lineup(n, 0), max(s.games/10, 2), s.seed, workers, pilot)
		if err != nil {
			return Measures{}, nil, err
		}
		pm := combine([2]*sim.Metrics{&res.Metrics, &res.Metrics}, s)
		pm.Games = res.Metrics.Games
		pm.Missing = missingMechanics(g, s.require)
		pm.RulesLength = RulesLength(g)
		if pilotFails(s.gates.gates(&pm), &pm) {
			finish(&pm)
			pm.Pilot = true
			return pm, nil, nil
		}
	}
	var res [2]*sim.Result
	for k := range 2 {
		r, err := sim.Run(ctx, prog, s.lineup(n, k), s.games/2, s.seed, workers, opt)
		if err != nil {
			return Measures{}, nil, err
		}
		res[k] = r
	}
	m := combine([2]*sim.Metrics{&res[0].Metrics, &res[1].Metrics}, s)
	finish(&m)
	var bms []Measures
	for b := range len(res[0].Batches) {
		bm := combine([2]*sim.Metrics{&res[0].Batches[b], &res[1].Batches[b]}, s)
		finish(&bm)
		bms = append(bms, bm)
	}
	return m, bms, nil
}

// measureSkill measures the skill ladder of g (see runLadder) with the
// spec's budget and games per pair.
func measureSkill(ctx context.Context, g *genome.Genome, s *playSpec, workers int) (*sim.LadderResult, error) {
	prog, err := game.Compile(g)
	if err != nil {
		return nil, err
	}
	return runLadder(ctx, prog, ladderOptions{
		Games: s.skillGames, Budget: s.skillBudget, Players: s.playerCount(prog), Seed: s.seed, Workers: workers,
		StopFlat: s.stopFlat,
	})
}

// avg is the mean of the valid values among os.
func avg(os ...sim.Opt) (float64, bool) {
	sum, n := 0.0, 0
	for _, o := range os {
		if o.Valid && finite(o.Value) {
			sum += o.Value
			n++
		}
	}
	if n == 0 {
		return 0, false
	}
	return sum / float64(n), true
}

func avg0(os ...sim.Opt) float64 {
	v, _ := avg(os...)
	return v
}

// combine merges the metrics of the two seatings: means of the two values
// (equal game counts), sums of the counts, the positional features
// weighted by hands, and the balance of the mean seat win rates.
func combine(ms [2]*sim.Metrics, s *playSpec) Measures {
	a, b := ms[0], ms[1]
	m := Measures{Games: a.Games + b.Games, Players: a.Players}
	m.Completion = avg0(a.CompletionRate, b.CompletionRate)
	m.TurnsMean = avg0(a.TurnsMean, b.TurnsMean)
	m.DecisionsPerPlayer = avg0(a.DecisionsPerPlayer, b.DecisionsPerPlayer)
	m.MeanLegalMoves = avg0(a.MeanLegalMoves, b.MeanLegalMoves)
	m.ForcedShare = avg0(a.ForcedMoveShare, b.ForcedMoveShare)
	m.LeadChanges = avg0(a.LeadChanges, b.LeadChanges)
	m.ComebackRate = avg0(a.ComebackRate, b.ComebackRate)
	m.Margin, m.HasMargin = avg(a.Margin, b.Margin)
	m.Drama = avg0(a.Drama, b.Drama)
	m.WinnerLeadFrom, m.HasLead = avg(a.WinnerLeadFrom, b.WinnerLeadFrom)
	m.DrawRate = avg0(a.SharedWinRate, b.SharedWinRate)
	m.WinnerTookTricks, m.HasTricks = avg(a.WinnerTookTricks, b.WinnerTookTricks)

	// Balance of the seats with the agents' effect averaged out.
	n := a.Players
	if n >= 2 && len(a.SeatWinRate) == n && len(b.SeatWinRate) == n {
		dev := 0.0
		for i := range n {
			w := avg0(a.SeatWinRate[i], b.SeatWinRate[i])
			d := w - 1/float64(n)
			if d < 0 {
				d = -d
			}
			dev += d
		}
		m.Balance = clamp01(1 - float64(n)/(2*float64(n-1))*dev)
	}
	m.WeakWinRate = avg0(a.AgentWinRate[strings.TrimSpace(s.agents[0])], b.AgentWinRate[strings.TrimSpace(s.agents[0])])
	m.StrongWinRate = avg0(a.AgentWinRate[strings.TrimSpace(s.agents[1])], b.AgentWinRate[strings.TrimSpace(s.agents[1])])

	var hands int64
	var feat stats.Features
	for _, x := range ms {
		if bt := x.Betting; bt != nil {
			m.Checks += bt.Checks
			m.Calls += bt.Calls
			m.Bets += bt.Bets
			m.Raises += bt.Raises
			m.Folds += bt.Folds
			m.Pots += bt.Hands
			m.FoldWin += bt.FoldWins
		}
		if p := x.Positional; p != nil && p.Hands > 0 {
			for i := range feat {
				feat[i] += float64(p.Hands) * p.Features[i]
			}
			hands += p.Hands
		}
	}
	if hands > 0 {
		for i := range feat {
			feat[i] /= float64(hands)
		}
		m.PositionalHands = hands
		m.PositionalEdge = feat[stats.PositionalEdge]
		m.ManeuverDiversity = feat[stats.ManeuverDiversity]
		m.FoldEquity = feat[stats.FoldEquity]
		m.ShowdownRate = feat[stats.ShowdownRate]
	}
	return m
}

// evaluator measures genomes and caches the results by content hash: a
// genome's measures are a function of its content and the spec alone, so
// the cache changes nothing but the time taken.
type evaluator struct {
	cfg     *Config
	eval    Evaluator
	spec    playSpec
	fit     *Weighted
	grid    *Grid
	workers int

	mu    sync.Mutex
	cache map[genome.Hash]Measures
	skill map[genome.Hash]*sim.LadderResult
}

func newEvaluator(spec playSpec, fit *Weighted, grid *Grid, workers int) *evaluator {
	return &evaluator{spec: spec, fit: fit, grid: grid, workers: max(workers, 1),
		cache: map[genome.Hash]Measures{}, skill: map[genome.Hash]*sim.LadderResult{}}
}

// evaluate measures every individual without a score (the uncached ones
// through the run's Evaluator) and sets their measures, base score and
// descriptors. progress, if set, is called with the count done.
func (e *evaluator) evaluate(ctx context.Context, inds []*Individual, progress func(done, total int)) error {
	var tasks []Task
	var todo [][]*Individual // the individuals of each task
	index := map[genome.Hash]int{}
	cached := 0
	for _, ind := range inds {
		e.mu.Lock()
		m, ok := e.cache[ind.Hash]
		e.mu.Unlock()
		if ok {
			setMeasures(ind, m)
			e.score(ind)
			cached++
			continue
		}
		if k, ok := index[ind.Hash]; ok {
			todo[k] = append(todo[k], ind)
			continue
		}
		index[ind.Hash] = len(tasks)
		tasks = append(tasks, Task{Stage: StageEvaluate, Genome: ind.Genome, Hash: ind.Hash, Seed: ind.seed})
		todo = append(todo, []*Individual{ind})
	}
	if progress != nil && cached > 0 {
		progress(cached, len(inds))
	}
	if len(tasks) == 0 {
		return nil
	}
	var prog func(done, total int)
	if progress != nil {
		prog = func(done, _ int) { progress(cached+done, len(inds)) }
	}
	out, err := e.eval.Evaluate(ctx, e.cfg, tasks, prog)
	if err != nil {
		return err
	}
	for k, t := range tasks {
		e.mu.Lock()
		e.cache[t.Hash] = out[k].Measures
		e.mu.Unlock()
		for _, ind := range todo[k] {
			setMeasures(ind, out[k].Measures)
			e.score(ind)
		}
	}
	return nil
}

// setMeasures sets ind's measures. When the ablation pass pruned the
// genome (m.Pruned), ind's genome becomes the pruned one, rebuilt from
// the removals (see Prune), and its hash that genome's.
func setMeasures(ind *Individual, m Measures) {
	ind.Measures = m
	if len(m.Pruned) == 0 {
		return
	}
	g, err := Prune(ind.Genome, m.Pruned)
	if err != nil {
		return // cannot happen: the removals were made on this genome
	}
	h, err := genome.ContentHash(g)
	if err != nil {
		return
	}
	ind.Genome, ind.Hash = g, h
}

// setLadder sets ind's ladder and skill term.
func setLadder(ind *Individual, steps *sim.LadderResult) {
	ind.Measures.Ladder = steps
	ind.Measures.Skill, ind.Measures.HasSkill = ladderSkill(steps), true
}

// score sets ind's base fitness, score and descriptors from its measures.
func (e *evaluator) score(ind *Individual) {
	ind.Base = e.fit.Base(&ind.Measures)
	ind.Score = e.fit.Score(&ind.Measures)
	e.grid.Describe(ind)
}

// applySkill measures the skill gradient of the best k playable
// individuals by base fitness that do not have it yet, then scores them
// again. An individual keeps its skill once measured (it is part of its
// measures, saved in checkpoints), so elites keep their fitness.
func (e *evaluator) applySkill(ctx context.Context, inds []*Individual, k int) error {
	order := make([]*Individual, len(inds))
	copy(order, inds)
	slicesSortByBase(order)
	var top []*Individual
	for _, ind := range order[:min(k, len(order))] {
		if !ind.Measures.HasSkill && e.fit.gates(&ind.Measures) == nil {
			top = append(top, ind)
		}
	}
	var tasks []Task
	var need []*Individual
	for _, ind := range top {
		e.mu.Lock()
		v, ok := e.skill[ind.Hash]
		e.mu.Unlock()
		if ok {
			setLadder(ind, v)
			continue
		}
		tasks = append(tasks, Task{Stage: StageSkill, Genome: ind.Genome, Hash: ind.Hash})
		need = append(need, ind)
	}
	if len(tasks) > 0 {
		out, err := e.eval.Evaluate(ctx, e.cfg, tasks, nil)
		if err != nil {
			return err
		}
		for k, ind := range need {
			e.mu.Lock()
			e.skill[ind.Hash] = out[k].Ladder
			e.mu.Unlock()
			setLadder(ind, out[k].Ladder)
		}
	}
	for _, ind := range top {
		e.score(ind)
	}
	return nil
}

// slicesSortByBase sorts by base fitness, best first (ties: smaller hash).
func slicesSortByBase(p []*Individual) {
	sortBy(p, func(a, b *Individual) bool {
		if a.Base != b.Base {
			return a.Base > b.Base
		}
		return string(a.Hash[:]) < string(b.Hash[:])
	})
}
