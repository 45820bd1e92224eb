package game_test

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
	"github.com/stretchr/testify/require"
)

// FuzzApply feeds arbitrary moves to Apply on seed games: Apply never
// panics, accepts exactly the moves IsLegal accepts, and a refused move
// leaves the state unchanged.
func FuzzApply(f *testing.F) {
	f.Add([]byte{0, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{7, 2, 9, 13, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 100, 0})
	f.Add([]byte{12, 3, 14, 40, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	gs, err := genome.Seeds()
	if err != nil {
		f.Fatal(err)
	}
	progs := make([]*game.Program, len(gs))
	for i, g := range gs {
		if progs[i], err = game.Compile(g); err != nil {
			f.Fatal(err)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 3 {
			return
		}
		p := progs[int(data[0])%len(progs)]
		n := p.MinPlayers() + int(data[1])%(p.MaxPlayers()-p.MinPlayers()+1)
		rng := rand.New(rand.NewPCG(uint64(data[2]), 1))
		s, err := p.NewState(n, rng)
		require.NoError(t, err)
		data = data[3:]
		for len(data) >= 10 && !s.Terminal() {
			m := game.Move{
				Kind:   game.MoveKind(data[0] % 16),
				Card:   cards.Card(data[1]),
				Player: int8(data[2]),
				Rank:   cards.Rank(data[3] % 16),
				Suit:   cards.Suit(data[4] % 8),
				Amount: chips.Chips(int64(binary.LittleEndian.Uint32(data[5:9]))) * chips.Chips(1+data[9]%3),
			}
			data = data[10:]
			before := s.Clone()
			legal := s.IsLegal(m)
			err := s.Apply(m)
			if (err == nil) != legal {
				t.Fatalf("move %v: IsLegal %v, Apply error %v", m, legal, err)
			}
			if err != nil {
				if s != before {
					t.Fatalf("refused move %v changed the state", m)
				}
				require.NoError(t, s.Apply(game.RandomMove(&s, rng)))
			}
		}
	})
}
