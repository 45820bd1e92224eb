package house

import (
	"math/rand/v2"
	"sync"
	"testing"
)

// Players sharing one Manager decide concurrently, each with its own
// source, exactly as they do one after the other.
func TestConcurrentPlayers(t *testing.T) {
	m := testManager(t, DefaultConfig())
	rng := rand.New(rand.NewPCG(12, 12))
	sits := make([]Situation, 300)
	for i := range sits {
		sits[i] = randomSituation(rng, tableClasses[i%len(tableClasses)])
	}
	run := func(n int) []Decision {
		p, err := NewPlayer(n, m, NewRand(12, n))
		if err != nil {
			t.Error(err)
			return nil
		}
		out := make([]Decision, len(sits))
		for i, s := range sits {
			out[i], _ = p.Decide(s)
		}
		return out
	}
	const players = 4
	serial := make([][]Decision, players)
	for n := range serial {
		serial[n] = run(n)
	}
	parallel := make([][]Decision, players)
	var wg sync.WaitGroup
	for n := range parallel {
		wg.Go(func() { parallel[n] = run(n) })
	}
	wg.Wait()
	for n := range serial {
		for i := range serial[n] {
			if serial[n][i] != parallel[n][i] {
				t.Fatalf("player %d decision %d: %+v concurrently, %+v alone", n, i, parallel[n][i], serial[n][i])
			}
		}
	}
}
