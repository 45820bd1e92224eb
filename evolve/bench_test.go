package evolve

import (
	"context"
	"math/rand/v2"
	"runtime"
	"syscall"
	"testing"

	"github.com/deckforge/deckforge/genome"
)

// BenchmarkGeneration measures one generation's evaluation: 100 genomes
// of a first generation (genome.Random) × 200 games each (random and greedy
// agents, both seatings), on GOMAXPROCS workers. It reports the peak heap
// in use during the run (runtime.MemStats, sampled after every genome) and
// the process's peak resident set (getrusage maxrss).
//
// Variants: "base" is the evaluation alone; "full" admits the genomes as a
// run does (the experiment's turn cap, lint repair), runs the ablation pass
// (4 games per part, 16 more where the games part ways) and the skill
// ladder on the best 3 at the selection budget of the betting experiment
// (ismcts:20, 32 games per pair), as the shipped experiments do;
// "full-trick" is "full" with the trick-taking experiment's selection
// ladder (ismcts:60, 40 games per pair, four players, stopped at its first
// flat step under gates.rising_ladder).
func BenchmarkGeneration(b *testing.B) {
	for _, v := range []string{"base", "full", "full-trick"} {
		b.Run(v, func(b *testing.B) { benchGeneration(b, v) })
	}
}

func benchGeneration(b *testing.B, variant string) {
	c := DefaultConfig()
	c.Evaluation.Games = 200
	full := variant != "base"
	if full {
		c.Evaluation.MaxTurns = 200
		c.Evaluation.CapDraws = true
		c.Evaluation.AblationGames = 4
		c.Skill = SkillConfig{Top: 3, Agent: "ismcts:20", Games: 32}
	}
	if variant == "full-trick" {
		c.Evaluation.Players = 4
		c.Skill = SkillConfig{Top: 3, Agent: "ismcts:60", Games: 40}
		c.Gates.RisingLadder = true
	}
	r := &runner{cfg: c}
	rng := rand.New(rand.NewPCG(1, 1))
	var pop []*Individual
	for len(pop) < 100 {
		g := genome.Random(rng, genome.DefaultRandomOptions())
		if full && !r.admit(g) {
			continue
		}
		h, err := genome.ContentHash(g)
		if err != nil {
			b.Fatal(err)
		}
		pop = append(pop, &Individual{Genome: g, Hash: h})
	}
	fit := NewWeighted(c.Fitness, c.Gates)
	grid, err := NewGrid(c.Archive.Descriptors)
	if err != nil {
		b.Fatal(err)
	}
	var peak uint64
	var ms runtime.MemStats
	sample := func(done, total int) {
		if done%10 == 0 {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		inds := make([]*Individual, len(pop))
		for i, ind := range pop {
			inds[i] = &Individual{Genome: ind.Genome, Hash: ind.Hash}
		}
		ev := newEvaluator(evolutionSpec(&c), fit, grid, runtime.GOMAXPROCS(0))
		ev.cfg, ev.eval = &c, Local{Workers: runtime.GOMAXPROCS(0)}
		if err := ev.evaluate(context.Background(), inds, sample); err != nil {
			b.Fatal(err)
		}
		if full {
			if err := ev.applySkill(context.Background(), inds, c.Skill.Top); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.StopTimer()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err == nil {
		b.ReportMetric(float64(ru.Maxrss)/1024, "maxrss-MiB")
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
	b.ReportMetric(float64(len(pop)*c.Evaluation.Games), "games/op")
}
