package evolve

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/genome"
)

func TestPopulationRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 3))
	gs := startGenomes(t, rng)
	data, err := EncodePopulation(gs)
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodePopulation(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(gs) {
		t.Fatalf("%d genomes back, want %d", len(back), len(gs))
	}
	for i := range gs {
		a, _ := genome.EncodeJSON(gs[i])
		b, _ := genome.EncodeJSON(back[i])
		if !bytes.Equal(a, b) {
			t.Fatalf("genome %d changed", i)
		}
	}
	for _, bad := range [][]byte{data[:2], data[:len(data)-1], append([]byte{255, 255, 255, 0}, data...)} {
		if _, err := DecodePopulation(bad); err == nil {
			t.Errorf("corrupt population of %d bytes accepted", len(bad))
		}
	}
}

func FuzzDecodePopulation(f *testing.F) {
	rng := rand.New(rand.NewPCG(4, 4))
	seeds, _ := genome.Seeds()
	data, _ := EncodePopulation(seeds[:3])
	f.Add(data)
	data, _ = EncodePopulation([]*genome.Genome{genome.Random(rng, genome.DefaultRandomOptions())})
	f.Add(data)
	f.Add([]byte{4, 0, 0, 0, 1, 2, 3, 4})
	f.Fuzz(func(t *testing.T, data []byte) {
		gs, err := DecodePopulation(data)
		if err != nil {
			return
		}
		again, err := EncodePopulation(gs)
		if err != nil {
			t.Fatalf("decoded genomes do not encode: %v", err)
		}
		if _, err := DecodePopulation(again); err != nil {
			t.Fatalf("re-encoded population does not decode: %v", err)
		}
	})
}
