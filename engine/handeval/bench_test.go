package handeval

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
)

// benchHands is the number of pre-dealt hands the random-order benchmarks
// cycle through: enough (7 MiB of seven-card hands) that the evaluator's
// tables are reached in the order play would reach them, not from a few
// warm cache lines.
const benchHands = 1 << 20

// randomSevens returns benchHands random seven-card hands, each dealt
// from a freshly shuffled deck (fixed seed).
var randomSevens = sync.OnceValue(func() [][7]cards.Card {
	r := rand.New(rand.NewPCG(2024, 7))
	hs := make([][7]cards.Card, benchHands)
	for i := range hs {
		randomHand(r, hs[i][:])
	}
	return hs
})

// reportRate adds the evals/s metric: n evaluations per benchmark op.
func reportRate(b *testing.B, n int) {
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(b.N)*float64(n)/s, "evals/s")
	}
}

func BenchmarkEval7Random(b *testing.B) {
	e := Default()
	hs := randomSevens()
	b.ReportAllocs()
	b.ResetTimer()
	var sum Strength
	for i := range b.N {
		sum += e.Eval7(&hs[i&(benchHands-1)])
	}
	b.StopTimer()
	reportRate(b, 1)
	if sum == 0 {
		b.Fatal("no strength")
	}
}

// BenchmarkEval7Sequential enumerates all 133,784,560 seven-card hands in
// order (changing the last card first); one op is one hand.
func BenchmarkEval7Sequential(b *testing.B) {
	e := Default()
	b.ReportAllocs()
	var h [7]cards.Card
	var sum Strength
	n := 0
	b.ResetTimer()
	for n < b.N {
		for h[0] = 0; h[0] < 46 && n < b.N; h[0]++ {
			for h[1] = h[0] + 1; h[1] < 47 && n < b.N; h[1]++ {
				for h[2] = h[1] + 1; h[2] < 48 && n < b.N; h[2]++ {
					for h[3] = h[2] + 1; h[3] < 49 && n < b.N; h[3]++ {
						for h[4] = h[3] + 1; h[4] < 50; h[4]++ {
							for h[5] = h[4] + 1; h[5] < 51; h[5]++ {
								for h[6] = h[5] + 1; h[6] < 52; h[6]++ {
									sum += e.Eval7(&h)
									n++
								}
							}
						}
					}
				}
			}
		}
	}
	b.StopTimer()
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(n)/s, "evals/s")
		b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(n), "ns/eval")
	}
	if sum == 0 {
		b.Fatal("no strength")
	}
}

func BenchmarkEval6Random(b *testing.B) {
	e := Default()
	hs := randomSevens()
	b.ReportAllocs()
	b.ResetTimer()
	var sum Strength
	for i := range b.N {
		sum += e.Eval6((*[6]cards.Card)(hs[i&(benchHands-1)][:6]))
	}
	b.StopTimer()
	reportRate(b, 1)
	if sum == 0 {
		b.Fatal("no strength")
	}
}

func BenchmarkEval5Random(b *testing.B) {
	e := Default()
	hs := randomSevens()
	b.ReportAllocs()
	b.ResetTimer()
	var sum Strength
	for i := range b.N {
		sum += e.Eval5((*[5]cards.Card)(hs[i&(benchHands-1)][:5]))
	}
	b.StopTimer()
	reportRate(b, 1)
	if sum == 0 {
		b.Fatal("no strength")
	}
}

func BenchmarkEvalNRandom(b *testing.B) {
	e := Default()
	hs := randomSevens()
	b.ReportAllocs()
	b.ResetTimer()
	var sum Strength
	for i := range b.N {
		sum += e.EvalN(hs[i&(benchHands-1)][:])
	}
	b.StopTimer()
	reportRate(b, 1)
	if sum == 0 {
		b.Fatal("no strength")
	}
}

// BenchmarkOmahaRandom evaluates random four-card Omaha hands on a full
// board (60 five-card hands each); one op is one Omaha hand.
func BenchmarkOmahaRandom(b *testing.B) {
	e := Default()
	r := rand.New(rand.NewPCG(2024, 9))
	const n = 1 << 16
	hs := make([][9]cards.Card, n)
	for i := range hs {
		randomHand(r, hs[i][:])
	}
	b.ReportAllocs()
	b.ResetTimer()
	var sum Strength
	for i := range b.N {
		h := &hs[i&(n-1)]
		sum += e.EvalOmaha(h[:4], h[4:])
	}
	b.StopTimer()
	reportRate(b, 1)
	if sum == 0 {
		b.Fatal("no strength")
	}
}

func BenchmarkBest7(b *testing.B) {
	e := Default()
	hs := randomSevens()
	b.ReportAllocs()
	b.ResetTimer()
	var sum Strength
	for i := range b.N {
		sum += e.Best(hs[i&(benchHands-1)][:]).Strength
	}
	b.StopTimer()
	if sum == 0 {
		b.Fatal("no strength")
	}
}

func BenchmarkNew(b *testing.B) {
	b.ReportAllocs()
	for range b.N {
		if New() == nil {
			b.Fatal("nil evaluator")
		}
	}
}
