package house

import (
	"testing"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
)

// benchSituation returns a situation of class with hole and board cards
// given as text, facing a pot-sized bet.
func benchSituation(b *testing.B, class GameClass, hole, board string) Situation {
	b.Helper()
	h, err := cards.ParseList(hole)
	if err != nil {
		b.Fatal(err)
	}
	var bd []cards.Card
	if board != "" {
		if bd, err = cards.ParseList(board); err != nil {
			b.Fatal(err)
		}
	}
	return Situation{
		Class: class, Hole: h, Board: bd, Opponents: 2,
		Legal: betting.Legal{Seat: 1, CanFold: true, CanCall: true, CallAmount: 1000,
			CanRaise: true, MinAmount: 2000, MaxAmount: 50000},
		Pot: 3000, ToCall: 1000, Stack: 50000, BigBlind: 200, Round: 1, Rounds: 4,
	}
}

func BenchmarkDecide(b *testing.B) {
	cases := []struct {
		name        string
		class       GameClass
		hole, board string
		discard     bool
	}{
		{"holdem-preflop", Holdem, "As Kd", "", false},
		{"holdem-flop", Holdem, "As Kd", "Qh Jh 4c", false},
		{"holdem-turn", Holdem, "As Kd", "Qh Jh 4c 9s", false},
		{"holdem-river", Holdem, "As Kd", "Qh Jh 4c 9s 2d", false},
		{"omaha-flop", Omaha, "As Kd Qs Jd", "Qh Jh 4c", false},
		{"omaha-river", Omaha, "As Kd Qs Jd", "Qh Jh 4c 9s 2d", false},
		{"draw-bet", Draw, "As Kd Qs Jd 2c", "", false},
		{"draw-discard", Draw, "As Ad Qs Jd 2c", "", true},
		{"default", "war", "As", "", false},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			sit := benchSituation(b, c.class, c.hole, c.board)
			if c.class == Draw {
				sit.Round, sit.Rounds, sit.DrawsLeft, sit.MaxDiscards = 0, 2, 1, 3
				sit.Discard = c.discard
			}
			m, err := NewManager(DefaultConfig())
			if err != nil {
				b.Fatal(err)
			}
			p, err := NewPlayer(0, m, NewRand(1, 0))
			if err != nil {
				b.Fatal(err)
			}
			if _, err := p.Decide(sit); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := p.Decide(sit); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
