package sim

import (
	"context"
	"runtime"
	"testing"
	"time"
)

// BenchmarkRun plays b.N games per seed game on one worker, every metric
// measured (random agents, fewest players).
func BenchmarkRun(b *testing.B) {
	for _, id := range []string{"holdem_nl_6max", "hearts", "crazy_eights", "five_card_draw_fl"} {
		b.Run(id, func(b *testing.B) {
			p := program(b, id)
			b.ReportAllocs()
			b.ResetTimer()
			res, err := Run(context.Background(), p, []string{"random"}, b.N, 1, 1, Options{})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(res.Metrics.MovesMean.Value*float64(b.N)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}

// BenchmarkParallelSpeedup times the same 128 games of Hearts on one
// worker and on one worker per CPU, and reports the ratio: the target is
// at least 1.8 on 2 cores.
func BenchmarkParallelSpeedup(b *testing.B) {
	p := program(b, "hearts")
	w := runtime.GOMAXPROCS(0)
	var t1, tw time.Duration
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for _, c := range []struct {
			workers int
			total   *time.Duration
		}{{1, &t1}, {w, &tw}} {
			start := time.Now()
			if _, err := Run(context.Background(), p, []string{"random"}, 128, uint64(i), c.workers, Options{}); err != nil {
				b.Fatal(err)
			}
			*c.total += time.Since(start)
		}
	}
	b.ReportMetric(t1.Seconds()/tw.Seconds(), "speedup")
	b.ReportMetric(float64(w), "workers")
	// What the machine allows at the time: the same ratio for arithmetic
	// that shares nothing.
	b.ReportMetric(spinSpeedup(50*time.Millisecond, w), "ceiling")
}

// BenchmarkSession plays b.N 6-seat hold'em sessions of 100 hands with
// house players and the default sit-outs.
func BenchmarkSession(b *testing.B) {
	p := program(b, "holdem_nl_6max")
	opt := sessionOptions(100)
	b.ReportAllocs()
	b.ResetTimer()
	res, err := Run(context.Background(), p, []string{"house"}, b.N, 1, 1, opt)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(res.Metrics.HandsMean.Value*float64(b.N)/b.Elapsed().Seconds(), "hands/s")
}

// BenchmarkSessionGame plays b.N 6-seat pot-limit Omaha sessions of 100
// hands with greedy and random players and the default sit-outs: every
// hand is a game of engine/game set up by engine/table.
func BenchmarkSessionGame(b *testing.B) {
	p := program(b, "omaha_pl")
	opt := sessionOptions(100)
	b.ReportAllocs()
	b.ResetTimer()
	res, err := Run(context.Background(), p, []string{"greedy", "random", "greedy", "random", "greedy", "random"}, b.N, 1, 1, opt)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(res.Metrics.HandsMean.Value*float64(b.N)/b.Elapsed().Seconds(), "hands/s")
}
