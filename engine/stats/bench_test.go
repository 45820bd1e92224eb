package stats

import (
	"testing"
	"time"

	"github.com/deckforge/deckforge/internal/cputime"

	"github.com/deckforge/deckforge/engine/phh"
)

// realLogs returns the NT, FT and PO hands of the real histories, replayed
// and converted once.
func realLogs(b *testing.B) []*PHHHand {
	b.Helper()
	var out []*PHHHand
	for _, hs := range readReal(b) {
		for i := range hs {
			p, err := FromPHH(&hs[i])
			if err != nil {
				b.Fatal(err)
			}
			out = append(out, p)
		}
	}
	return out
}

// BenchmarkPlayPHH measures the stats of PHH hands once parsed: one
// iteration plays one hand through the Tracker and adds it to per-seat
// totals.
func BenchmarkPlayPHH(b *testing.B) {
	hands := realLogs(b)
	var tr Tracker
	var totals [MaxSeats]Totals
	dst := make([]*Totals, MaxSeats)
	for i := range dst {
		dst[i] = &totals[i]
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuNow()
	for i := 0; i < b.N; i++ {
		p := hands[i%len(hands)]
		if err := tr.Play(&p.Log); err != nil {
			b.Fatal(err)
		}
		tr.AddTo(dst[:tr.Players()])
	}
	reportRates(b, cpu)
}

// BenchmarkPlayPHHByName is BenchmarkPlayPHH with the Aggregator, which
// finds each player's totals by name.
func BenchmarkPlayPHHByName(b *testing.B) {
	hands := realLogs(b)
	var tr Tracker
	var agg Aggregator
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuNow()
	for i := 0; i < b.N; i++ {
		p := hands[i%len(hands)]
		if err := tr.Play(&p.Log); err != nil {
			b.Fatal(err)
		}
		if err := agg.Add(&tr, p.Names); err != nil {
			b.Fatal(err)
		}
	}
	reportRates(b, cpu)
}

// BenchmarkFromPHH measures the conversion of a parsed hand, replay
// included.
func BenchmarkFromPHH(b *testing.B) {
	var hands []*phh.Hand
	for _, hs := range readReal(b) {
		for j := range hs {
			hands = append(hands, &hs[j])
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuNow()
	for i := 0; i < b.N; i++ {
		if _, err := FromPHH(hands[i%len(hands)]); err != nil {
			b.Fatal(err)
		}
	}
	reportRates(b, cpu)
}

// reportRates reports hands per second of wall time and, where the CPU time
// is measured, per second of CPU time used since cpu0 (the benchmark runs on
// one goroutine, so this is one core's rate even when the cores are shared).
func reportRates(b *testing.B, cpu0 time.Duration) {
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "hands/s")
	if cpu0 > 0 {
		if d := cpuNow() - cpu0; d > 0 {
			b.ReportMetric(float64(b.N)/d.Seconds(), "hands/cpu-s")
		}
	}
}

// cpuNow is the process's CPU time so far (0 where the system cannot tell).
func cpuNow() time.Duration {
	d, _ := cputime.Self()
	return d
}
