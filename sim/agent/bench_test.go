package agent

import (
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/deckforge/deckforge/internal/cputime"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
)

// benchStates returns n decision states of 2-player games of seed id,
// reached by random play from fixed seeds.
func benchStates(b testing.TB, id string, players, n int) []game.State {
	b.Helper()
	g, err := genome.Seed(id)
	if err != nil {
		b.Fatal(err)
	}
	prog, err := game.Compile(g)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 11))
	var out []game.State
	for len(out) < n {
		s, err := prog.NewState(players, rng)
		if err != nil {
			b.Fatal(err)
		}
		for !s.Terminal() {
			if s.NumLegal() > 1 && rng.IntN(3) == 0 {
				out = append(out, s.Clone())
				if len(out) == n {
					break
				}
			}
			s.ApplyUnchecked(game.RandomMove(&s, rng))
		}
	}
	return out
}

// BenchmarkISMCTS measures ISMCTS iterations per second (wall clock and
// per CPU second of the process) and allocations per iteration on
// heads-up Crazy Eights, 1,000 iterations per decision.
func BenchmarkISMCTS(b *testing.B) {
	const iters = 1000
	states := benchStates(b, "crazy_eights", 2, 64)
	a := NewISMCTS(Options{Iterations: iters, Seed: 1})
	a.Choose(NewView(&states[0]))
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	cpu0, cpuOK := cputime.Self()
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	total := 0
	for i := 0; i < b.N; i++ {
		a.Choose(NewView(&states[i%len(states)]))
		total += a.Iterations()
	}
	el := time.Since(start)
	b.StopTimer()
	cpu1, _ := cputime.Self()
	runtime.ReadMemStats(&ms1)
	b.ReportMetric(float64(total)/el.Seconds(), "iter/s")
	if cpuOK && cpu1 > cpu0 {
		b.ReportMetric(float64(total)/(cpu1-cpu0).Seconds(), "iter/cpu-s")
	}
	b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/float64(max(total, 1)), "allocs/iter")
}

// benchAgent measures the decisions per second of an agent on decision
// states of seed id.
func benchAgent(b *testing.B, id, spec string) {
	prog := compileSeed(b, id)
	states := benchStates(b, id, prog.MinPlayers(), 256)
	a := mustNew(b, spec, Options{Seed: 1})
	a.Choose(NewView(&states[0]))
	cpu0, cpuOK := cputime.Self()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a.Choose(NewView(&states[i%len(states)]))
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
	if cpu1, _ := cputime.Self(); cpuOK && cpu1 > cpu0 {
		b.ReportMetric(float64(b.N)/(cpu1-cpu0).Seconds(), "moves/cpu-s")
	}
}

// BenchmarkRandom measures random decisions per second.
func BenchmarkRandom(b *testing.B) {
	for _, id := range []string{"crazy_eights", "holdem_nl_heads_up"} {
		b.Run(id, func(b *testing.B) { benchAgent(b, id, "random") })
	}
}

// BenchmarkGreedy measures greedy decisions per second: card play (one-ply,
// 8 determinizations) and betting (200-deal Monte Carlo strength).
func BenchmarkGreedy(b *testing.B) {
	for _, id := range []string{"crazy_eights", "hearts", "holdem_nl_heads_up", "omaha_pl", "five_card_draw_fl"} {
		b.Run(id, func(b *testing.B) { benchAgent(b, id, "greedy") })
	}
}

// BenchmarkHouse measures house-player decisions per second.
func BenchmarkHouse(b *testing.B) {
	for _, id := range []string{"holdem_nl_heads_up", "omaha_pl", "five_card_draw_fl"} {
		b.Run(id, func(b *testing.B) { benchAgent(b, id, "house") })
	}
}

// BenchmarkISMCTSBetting measures the search's betting decisions per
// second and the rollouts each one runs (its early stop included) on
// heads-up no-limit hold'em and pot-limit Omaha decision states reached by
// random play, at the ladder's budgets B = 200 and 4B.
func BenchmarkISMCTSBetting(b *testing.B) {
	for _, id := range []string{"holdem_nl_heads_up", "omaha_pl"} {
		for _, spec := range []string{"ismcts:200", "ismcts:800"} {
			b.Run(id+"/"+spec, func(b *testing.B) {
				prog := compileSeed(b, id)
				states := benchStates(b, id, prog.MinPlayers(), 256)
				a := mustNew(b, spec, Options{Seed: 1}).(*ISMCTS)
				a.Choose(NewView(&states[0]))
				b.ReportAllocs()
				b.ResetTimer()
				total := 0
				for i := 0; i < b.N; i++ {
					a.Choose(NewView(&states[i%len(states)]))
					total += a.Iterations()
				}
				b.StopTimer()
				b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
				b.ReportMetric(float64(total)/float64(b.N), "rollouts/move")
			})
		}
	}
}
