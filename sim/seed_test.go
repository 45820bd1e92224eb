package sim

import (
	"encoding/binary"
	"testing"

	"github.com/deckforge/deckforge/genome"
)

// splitmix is an independent SplitMix64 generator: state += γ, then the
// finalizer.
type splitmix uint64

func (s *splitmix) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func TestMixIsSplitMix(t *testing.T) {
	for _, seed := range []uint64{0, 1, 42, 1 << 63} {
		g := splitmix(seed)
		for k := 0; k < 5; k++ {
			want := g.next()
			if got := Stream(seed, k); got != want {
				t.Errorf("Stream(%d, %d) = %#x, SplitMix64 gives %#x", seed, k, got, want)
			}
		}
	}
}

func TestRunKeyFormula(t *testing.T) {
	var h genome.Hash
	for i := range h {
		h[i] = byte(3*i + 1)
	}
	k := mix(7)
	for i := 0; i < 4; i++ {
		k = mix(k ^ binary.LittleEndian.Uint64(h[8*i:]))
	}
	if got := RunKey(7, h); got != k {
		t.Fatalf("RunKey = %#x, want %#x", got, k)
	}
	if GameSeed(k, 5) != mix(k^5) {
		t.Fatal("GameSeed is not mix(key ⊕ index)")
	}
}

func TestSeedsDiffer(t *testing.T) {
	var h1, h2 genome.Hash
	h2[31] = 1
	seen := map[uint64]bool{}
	for _, key := range []uint64{RunKey(1, h1), RunKey(2, h1), RunKey(1, h2)} {
		for i := 0; i < 1000; i++ {
			s := GameSeed(key, i)
			if seen[s] {
				t.Fatalf("seed %#x repeats", s)
			}
			seen[s] = true
		}
	}
}
