package evolve

import (
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/genome"
)

// startGenomes returns the seed games and a few random genomes.
func startGenomes(t testing.TB, rng *rand.Rand) []*genome.Genome {
	t.Helper()
	seeds, err := genome.Seeds()
	if err != nil {
		t.Fatal(err)
	}
	for range 8 {
		seeds = append(seeds, genome.Random(rng, genome.DefaultRandomOptions()))
	}
	return seeds
}

// TestMutationsKeepGenomesValid applies 100,000 mutations along random
// lineages that start from the seed games and random genomes, and checks
// that every child is valid and has 0 < min_bet <= starting_chips in every
// betting round; a sample checks that children differ from their parents.
func TestMutationsKeepGenomesValid(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	m, err := NewMutation(nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	starts := startGenomes(t, rng)
	pool := make([]*genome.Genome, len(starts))
	copy(pool, starts)
	total := 100_000
	if testing.Short() {
		total = 10_000 // make test-short: a quick pass; make test runs them all
	}
	accepted, betting, sampled, same := 0, 0, 0, 0
	for i := range total {
		k := rng.IntN(len(pool))
		parent := pool[k]
		child, ok := m.Mutate(rng, parent)
		if !ok {
			continue
		}
		accepted++
		if ps := genome.Validate(child); len(ps) > 0 {
			t.Fatalf("mutation %d: invalid child: %v", i, ps)
		}
		if err := checkBetting(child); err != nil {
			t.Fatalf("mutation %d: %v", i, err)
		}
		for _, p := range child.Phases {
			if p.Kind == genome.PhaseBetting {
				betting++
				break
			}
		}
		if i%100 == 0 {
			sampled++
			hp, _ := genome.ContentHash(parent)
			hc, _ := genome.ContentHash(child)
			if hp == hc {
				same++
			}
		}
		// Walk the lineage, restarting now and then so genomes stay varied.
		if rng.IntN(50) == 0 {
			pool[k] = starts[rng.IntN(len(starts))]
		} else {
			pool[k] = child
		}
	}
	if accepted < total*8/10 {
		t.Errorf("only %d of %d mutations accepted", accepted, total)
	}
	if betting < accepted/10 {
		t.Errorf("only %d of %d children bet", betting, accepted)
	}
	if same*10 > sampled {
		t.Errorf("%d of %d sampled children equal their parent", same, sampled)
	}
	t.Logf("%d of %d mutations accepted, %d with betting; %d of %d sampled equal their parent", accepted, total, betting, same, sampled)
}
