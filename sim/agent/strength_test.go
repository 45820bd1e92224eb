package agent

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/engine/handeval"
)

// TestStrength checks the Monte Carlo hand strength against known
// heads-up equities (against one random hand) and limits.
func TestStrength(t *testing.T) {
	set := func(s string) cards.Set {
		cs, err := cards.ParseList(s)
		if err != nil {
			t.Fatal(err)
		}
		return cards.SetOf(cs...)
	}
	holdem := newProfile(compileSeed(t, "holdem_nl_heads_up"))
	draw := newProfile(compileSeed(t, "five_card_draw_fl"))
	war := newProfile(compileSeed(t, "betting_war"))
	crazy := newProfile(compileSeed(t, "crazy_eights"))
	cases := []struct {
		name      string
		pr        *profile
		own, comm string
		want, tol float64
	}{
		// Pre-flop equities against one random hand: AA 85.2%, AKo
		// 64.5%, 72o 34.6%.
		{"aces", holdem, "As Ad", "", 0.852, 0.02},
		{"ace-king", holdem, "As Kd", "", 0.645, 0.02},
		{"seven-deuce", holdem, "7s 2d", "", 0.346, 0.02},
		{"royal flush", holdem, "As Ks", "Qs Js Ts 2d 3c", 1, 0},
		// A king-high straight flush on the board: a tie unless the
		// opponent holds the ace of spades (2 of the 47 unseen cards).
		{"board plays", holdem, "Ac 2d", "Ks Qs Js Ts 9s", 0.5 - 1.0/47, 0.01},
		{"draw quads", draw, "9s 9h 9d 9c 2s", "", 0.999, 0.002},
		{"draw high card", draw, "2s 3h 4d 5c 7s", "", 0.0, 0.02},
		// War: an ace loses only to nothing and ties 3 of 51 cards.
		{"war ace", war, "As", "", 1 - 1.5/51, 0.01},
		{"crazy eights", crazy, "2s 3s", "", meanRankWant(crazy, "2s 3s"), 1e-12},
	}
	sc := strengthCalc{eval: handeval.Default()}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range cases {
		o := game.Observation{Players: 2, Own: set(c.own), DiscardTop: cards.None}
		if c.comm != "" {
			o.Community = set(c.comm)
		}
		for q := range o.Trick {
			o.Trick[q] = cards.None
		}
		got := sc.strength(c.pr, &o, 20000, rng)
		if math.Abs(got-c.want) > c.tol+1e-9 {
			t.Errorf("%s: strength %.4f, want %.4f ± %.3f", c.name, got, c.want, c.tol)
		}
	}
}

// meanRankWant is the mean rank value of a hand, computed directly.
func meanRankWant(pr *profile, hand string) float64 {
	cs, _ := cards.ParseList(hand)
	var s float64
	for _, c := range cs {
		s += float64(pr.g.Setup.RankOrder.RankValue(c.Rank())-1) / 14
	}
	return s / float64(len(cs))
}
