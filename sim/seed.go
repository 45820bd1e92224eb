package sim

import (
	"encoding/binary"
	"math/rand/v2"

	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/sim/seed"
)

// golden is 2⁶⁴/φ, the SplitMix64 increment (seed.Gamma).
const golden = seed.Gamma

// mix is one SplitMix64 step (seed.Mix): the finalizer of x + γ.
func mix(x uint64) uint64 { return seed.Mix(x) }

// RunKey folds a run seed and a genome's content hash into the key that
// GameSeed derives every game's seed from. With w₀ … w₃ the hash read as
// four little-endian 64-bit words:
//
//	key = mix(mix(mix(mix(mix(seed) ⊕ w₀) ⊕ w₁) ⊕ w₂) ⊕ w₃)
func RunKey(seed uint64, h genome.Hash) uint64 {
	k := mix(seed)
	for i := 0; i < 4; i++ {
		k = mix(k ^ binary.LittleEndian.Uint64(h[8*i:]))
	}
	return k
}

// GameSeed returns the seed of game index (from 0) of a run with key
// RunKey(seed, hash):
//
//	seed_i = mix(key ⊕ i)
//
// A game depends only on its seed, so a run gives the same games whatever
// the number of workers and whichever worker plays which game.
func GameSeed(key uint64, index int) uint64 { return mix(key ^ uint64(index)) }

// Stream returns the k-th derived 64-bit value of a game seed, the k-th
// output of a SplitMix64 generator started at seed:
//
//	stream(seed, k) = mix(seed + k·γ)
//
// A game's random sources are PCGs seeded from consecutive streams: the
// deal from streams 0 and 1, the agent of seat j from 2+2j and 3+2j, the
// sit-out events of a session from 64 and 65.
func Stream(seed uint64, k int) uint64 { return mix(seed + uint64(k)*golden) }

// Stream indices of a game's random sources (see Stream).
const (
	streamDeal   = 0
	streamAgent  = 2
	streamSitOut = 64
	streamTable  = 66
)

// seedPCG reseeds p with streams k and k+1 of seed.
func seedPCG(p *rand.PCG, seed uint64, k int) { p.Seed(Stream(seed, k), Stream(seed, k+1)) }
