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
func BenchmarkGeneration(b *testing.B) {
	c := DefaultConfig()
	c.Evaluation.Games = 200
	rng := rand.New(rand.NewPCG(1, 1))
	var pop []*Individual
	for range 100 {
		g := genome.Random(rng, genome.DefaultRandomOptions())
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
		ev := newEvaluator(evolutionSpec(&c), fit, grid, runtime.GOMAXPROCS(0))
		if err := ev.evaluate(context.Background(), pop, sample); err != nil {
			b.Fatal(err)
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
