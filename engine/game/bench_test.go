package game_test

import (
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"github.com/deckforge/deckforge/internal/cputime"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
)

func mustProgram(tb testing.TB, id string) *game.Program {
	tb.Helper()
	g, err := genome.Seed(id)
	if err != nil {
		tb.Fatal(err)
	}
	p, err := game.Compile(g)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// playRandom plays one game with random moves in s and returns its moves,
// decisions and hands.
func playRandom(p *game.Program, s *game.State, players int, rng *rand.Rand) (moves, decisions, hands int) {
	if err := p.Reset(s, players, rng); err != nil {
		panic(err)
	}
	for !s.Terminal() {
		s.ApplyUnchecked(s.LegalMove(rng.IntN(s.NumLegal())))
	}
	return s.Moves(), s.Decisions(), s.HandNumber()
}

// report writes the per-game metrics of a benchmark.
func report(b *testing.B, start time.Time, cpu0 time.Duration, cpuOK bool, games, moves, decisions, hands int64) {
	sec := time.Since(start).Seconds()
	b.ReportMetric(float64(games)/sec, "games/s")
	b.ReportMetric(float64(moves)/sec, "moves/s")
	b.ReportMetric(float64(decisions)/sec, "decisions/s")
	b.ReportMetric(float64(hands)/sec, "hands/s")
	b.ReportMetric(float64(moves)/float64(games), "moves/game")
	if cpu1, ok := cputime.Self(); ok && cpuOK && cpu1 > cpu0 {
		c := (cpu1 - cpu0).Seconds()
		b.ReportMetric(float64(moves)/c, "moves/cpu-s")
		b.ReportMetric(float64(games)/c, "games/cpu-s")
		b.ReportMetric(float64(hands)/c, "hands/cpu-s")
	}
}

func benchGame(b *testing.B, id string, players int) { benchGameListen(b, id, players, nil) }

// benchGameListen is benchGame with listener l (nil: none) attached.
func benchGameListen(b *testing.B, id string, players int, l game.Listener) {
	p := mustProgram(b, id)
	rng := rand.New(rand.NewPCG(1, 2))
	var s game.State
	s.Listen(l)
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	cpu0, cpuOK := cputime.Self()
	var moves, decisions, hands int64
	for i := 0; i < b.N; i++ {
		m, d, h := playRandom(p, &s, players, rng)
		moves += int64(m)
		decisions += int64(d)
		hands += int64(h)
	}
	report(b, start, cpu0, cpuOK, int64(b.N), moves, decisions, hands)
}

// BenchmarkCrazyEights plays 2-player Crazy Eights with random moves.
func BenchmarkCrazyEights(b *testing.B) { benchGame(b, "crazy_eights", 2) }

// BenchmarkCrazyEightsListener is BenchmarkCrazyEights with a listener
// that counts the events (the cost of emitting them).
func BenchmarkCrazyEightsListener(b *testing.B) {
	benchGameListen(b, "crazy_eights", 2, new(countListener))
}

// BenchmarkWar plays War with random moves (no choices: every move is forced).
func BenchmarkWar(b *testing.B) { benchGame(b, "war", 2) }

// BenchmarkHearts plays 4-player Hearts with random moves.
func BenchmarkHearts(b *testing.B) { benchGame(b, "hearts", 4) }

// BenchmarkHeartsListener is BenchmarkHearts with a listener that counts
// the events.
func BenchmarkHeartsListener(b *testing.B) { benchGameListen(b, "hearts", 4, new(countListener)) }

// BenchmarkHoldemHeadsUp plays heads-up no-limit hold'em sessions with
// random moves; hands/s is the figure of interest.
func BenchmarkHoldemHeadsUp(b *testing.B) { benchGame(b, "holdem_nl_heads_up", 2) }

// BenchmarkParallel plays games on every GOMAXPROCS worker (compare -cpu 1
// and -cpu 2 for the scaling).
func BenchmarkParallel(b *testing.B) {
	for _, id := range []string{"crazy_eights", "war", "hearts"} {
		b.Run(id, func(b *testing.B) {
			p := mustProgram(b, id)
			players := p.MinPlayers()
			var seq atomic.Uint64
			var moves, decisions, hands, games atomic.Int64
			b.ReportAllocs()
			b.ResetTimer()
			start := time.Now()
			cpu0, cpuOK := cputime.Self()
			b.RunParallel(func(pb *testing.PB) {
				rng := rand.New(rand.NewPCG(seq.Add(1), 7))
				var s game.State
				var m, d, h, g int64
				for pb.Next() {
					mm, dd, hh := playRandom(p, &s, players, rng)
					m += int64(mm)
					d += int64(dd)
					h += int64(hh)
					g++
				}
				moves.Add(m)
				decisions.Add(d)
				hands.Add(h)
				games.Add(g)
			})
			report(b, start, cpu0, cpuOK, games.Load(), moves.Load(), decisions.Load(), hands.Load())
		})
	}
}

// BenchmarkDeterminizeClone determinizes a 2-player Crazy Eights state
// for the player to move and clones the result.
func BenchmarkDeterminizeClone(b *testing.B) {
	p := mustProgram(b, "crazy_eights")
	rng := rand.New(rand.NewPCG(3, 4))
	s, err := p.NewState(2, rng)
	if err != nil {
		b.Fatal(err)
	}
	var d, c game.State
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, cpuOK := cputime.Self()
	for i := 0; i < b.N; i++ {
		s.DeterminizeInto(&d, s.ToMove(), rng)
		c = d.Clone()
	}
	if cpu1, ok := cputime.Self(); ok && cpuOK && cpu1 > cpu0 {
		b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
	if c.Hand(s.ToMove()) != s.Hand(s.ToMove()) {
		b.Fatal("determinization changed the player's own hand")
	}
}
