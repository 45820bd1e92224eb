package game_test

import (
	"fmt"
	"math/rand/v2"
	"runtime/debug"
	"sync"
	"testing"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
)

// playGenome compiles g and plays one game with random moves, checking the
// invariants along the way. A panic is returned as an error.
func playGenome(g *genome.Genome, seed uint64) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v\n%s", r, debug.Stack())
		}
	}()
	p, err := game.Compile(g)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(seed, 99))
	n := p.MinPlayers() + int(seed)%(p.MaxPlayers()-p.MinPlayers()+1)
	var s game.State
	return playChecked(p, &s, n, rng, 13)
}

// TestRandomGenomes plays one game of each of 100,000 random valid genomes
// (genome.Random) with random moves on two workers: no panic, every game
// ends within max_turns with winners, chips are conserved.
func TestRandomGenomes(t *testing.T) {
	total := 100_000
	if testing.Short() {
		total = 2_000 // make test-short: a quick pass; make test plays them all
	}
	const workers = 2
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			grng := rand.New(rand.NewPCG(uint64(w), 2024))
			for i := w; i < total; i += workers {
				g := genome.Random(grng, genome.DefaultRandomOptions())
				if err := playGenome(g, uint64(i)); err != nil {
					data, _ := genome.EncodeJSON(g)
					errs <- fmt.Errorf("genome %d: %v\n%s", i, err, data)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
