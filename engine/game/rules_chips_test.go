package game_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/stretchr/testify/require"
)

// Hold'em heads-up: the dealer posts the small blind and acts first
// before the flop; a fixed deck gives the expected winner and pot.
func TestHoldemHeadsUpFixedDeck(t *testing.T) {
	// Deal: p1, p0, p1, p0 then the board: p1 As Ad, p0 Kc Kd; board Ks 7h 2c 9s 3d.
	_, s, rec := startStacked(t, "holdem_nl_heads_up", 2, "As Kc Ad Kd Ks 7h 2c 9s 3d")
	blinds := rec.kinds(game.EvForcedBet)
	if len(blinds) != 2 || blinds[0].Player != 0 || blinds[0].Amount != chips.FromInt(1) || blinds[1].Player != 1 || blinds[1].Amount != chips.FromInt(2) {
		t.Fatalf("blinds %v: want p0 (dealer) 1, p1 2", blinds)
	}
	if s.ToMove() != 0 {
		t.Fatalf("p%d acts first preflop, want the dealer p0", s.ToMove())
	}
	// p0 raises to 6 (adds 5), p1 calls.
	mustApply(t, s, game.Raise(chips.FromInt(5)))
	mustApply(t, s, game.Call())
	if s.Pot() != chips.FromInt(12) {
		t.Fatalf("pot %s, want 12", s.Pot())
	}
	// Flop Ks 7h 2c: p1 (big blind) acts first after the flop.
	if s.ToMove() != 1 {
		t.Fatalf("p%d acts first on the flop, want p1", s.ToMove())
	}
	mustApply(t, s, game.Bet(chips.FromInt(10)))
	mustApply(t, s, game.Call())
	// Turn and river: checked down.
	for i := 0; i < 4; i++ {
		mustApply(t, s, game.Check())
	}
	// p0's set of kings beats p1's aces: p0 wins the 32-chip pot.
	if got := rec.stacks[0]; got[0] != chips.FromInt(216) || got[1] != chips.FromInt(184) {
		t.Fatalf("stacks after hand 1: %v, want 216 184", got)
	}
	aw := rec.kinds(game.EvPotAward)
	if len(aw) != 1 || aw[0].Player != 0 || aw[0].Amount != chips.FromInt(32) {
		t.Fatalf("awards %v", aw)
	}
	// The button moved: p1 deals the second hand and posts the small blind.
	if s.Dealer() != 1 || s.ToMove() != 1 {
		t.Fatalf("hand 2: dealer p%d, p%d to act; want p1, p1", s.Dealer(), s.ToMove())
	}
}

// Hold'em 3-handed with unequal stacks: a short all-in makes a side pot
// that only the players who covered it can win.
func TestHoldemSidePot(t *testing.T) {
	p := mustProgram(t, "holdem_nl_6max")
	// Dealer p0; SB p1, BB p2; deal order p1, p2, p0.
	// p1: As Ah  p2: Kc Kd  p0: Qc Qd  board: 2c 7h 9s 3d 4h  (aces win)
	deck := stackDeck(t, p, "As Kc Qc Ah Kd Qd 2c 7h 9s 3d 4h")
	s := new(game.State)
	rec := &recorder{}
	s.Listen(rec)
	st := game.Start{Deck: deck, Stacks: []chips.Chips{chips.FromInt(200), chips.FromInt(20), chips.FromInt(100)}}
	require.NoError(t, p.ResetWith(s, 3, st, rand.New(rand.NewPCG(1, 1))))
	// Preflop p0 acts first: all-in 200 (adds 200); p1 calls all-in for
	// 20; p2 calls all-in for 100.
	if s.ToMove() != 0 {
		t.Fatalf("p%d first, want p0 (after the big blind)", s.ToMove())
	}
	mustApply(t, s, game.Raise(chips.FromInt(200)))
	mustApply(t, s, game.Call())
	mustApply(t, s, game.Call())
	// Main pot 60 (20 each) to p1's aces; side pot 160 (80 from p0 and
	// p2) to p2's kings; p0's uncalled 100 returns.
	if st := rec.stacks[0]; st[0] != chips.FromInt(100) || st[1] != chips.FromInt(60) || st[2] != chips.FromInt(160) {
		t.Fatalf("stacks after hand 1: %v, want 100 60 160", st)
	}
	var awards []string
	for _, e := range rec.kinds(game.EvPotAward) {
		awards = append(awards, e.Zone.String()+":"+e.Amount.String())
	}
	if !slices.Equal(awards, []string{"bet:100", "none:60", "none:160"}) {
		t.Fatalf("awards %v", awards)
	}
}

// Omaha: exactly two hole cards and three board cards: four hearts on the
// board and one in the hand is no flush.
func TestOmahaTwoPlusThree(t *testing.T) {
	p := mustProgram(t, "omaha_pl")
	// Dealer p0: deal order p1, p0 (4 each). p1: Ah Kc Kd 2s  p0: Qc Qd 7s 8s
	// board: 2h 5h 9h Jh 3c: p1 has no flush (one heart), pair of kings;
	// p0 has a pair of queens: p1 wins.
	deck := stackDeck(t, p, "Ah Qc Kc Qd Kd 7s 2s 8s 2h 5h 9h Jh 3c")
	s := new(game.State)
	rec := &recorder{}
	s.Listen(rec)
	require.NoError(t, p.ResetDeck(s, 2, deck, rand.New(rand.NewPCG(1, 1))))
	for s.HandNumber() == 1 && !s.Terminal() {
		m := game.Check()
		if !s.IsLegal(m) {
			m = game.Call()
		}
		mustApply(t, s, m)
	}
	sd := rec.kinds(game.EvShowdown)
	if len(sd) != 2 {
		t.Fatalf("showdown %v", sd)
	}
	var s0, s1 uint32
	for _, e := range sd {
		if e.Player == 0 {
			s0 = e.Strength
		} else {
			s1 = e.Strength
		}
	}
	// One pair each (category 1 << 12): no flush for p1.
	if s1>>12 != 1 || s0>>12 != 1 || s1 <= s0 {
		t.Fatalf("strengths p0 %d p1 %d: want pairs, kings over queens", s0, s1)
	}
	if aw := rec.kinds(game.EvPotAward); len(aw) != 1 || aw[0].Player != 1 {
		t.Fatalf("awards %v", aw)
	}
}

// Blackjack-style: hit or stand, a hand above 21 busts, the closest to 21
// wins the pot.
func TestBlackjackBust(t *testing.T) {
	// Deal order p1, p0: p1 Ts (down), p0 9h (down), p1 Ks (up), p0 5c (up); stock: Qd …
	_, s, rec := startStacked(t, "blackjack", 2, "Ts 9h Ks 5c Qd")
	// Betting: ante 2 each; p1 checks, p0 checks.
	mustApply(t, s, game.Check())
	mustApply(t, s, game.Check())
	// p1 (20) stands; p0 (14) hits Qd: 24, bust.
	if s.ToMove() != 1 {
		t.Fatalf("p%d to draw, want p1", s.ToMove())
	}
	mustApply(t, s, game.Pass())
	mustApply(t, s, game.Draw())
	if st := rec.stacks[0]; st[0] != chips.FromInt(98) || st[1] != chips.FromInt(102) {
		t.Fatalf("stacks after hand 1: %v, want 98 102", st)
	}
}

// Betting War: everyone antes, one card each, the high card takes the
// pot.
func TestBettingWarHighCard(t *testing.T) {
	_, s, rec := startStacked(t, "betting_war", 3, "Kd 4c As")
	// p1 Kd, p2 4c, p0 As. Antes 2: pot 6. Everyone checks.
	for range 3 {
		mustApply(t, s, game.Check())
	}
	if st := rec.stacks[0]; st[0] != chips.FromInt(104) || st[1] != chips.FromInt(98) || st[2] != chips.FromInt(98) {
		t.Fatalf("stacks after hand 1: %v, want 104 98 98", st)
	}
	// Without blinds the first bettor rotates with the dealer: hand 2's
	// dealer is p1, so p2 acts first.
	if s.Dealer() != 1 || s.ToMove() != 2 {
		t.Fatalf("hand 2: dealer p%d, p%d first; want p1, p2", s.Dealer(), s.ToMove())
	}
}

// Five-card draw: after the draw every player still holds five cards.
func TestFiveCardDrawRefill(t *testing.T) {
	p := mustProgram(t, "five_card_draw_fl")
	for seed := range uint64(30) {
		s := new(game.State)
		bad := false
		s.Listen(game.ListenerFunc(func(s *game.State, e *game.Event) {
			if e.Kind == game.EvShowdown && e.Cards.Len() != 5 {
				bad = true
			}
		}))
		require.NoError(t, p.Reset(s, 2+int(seed)%5, rand.New(rand.NewPCG(seed, 4))))
		rng := rand.New(rand.NewPCG(seed, 5))
		for !s.Terminal() {
			mustApply(t, s, game.RandomMove(s, rng))
		}
		if bad {
			t.Fatalf("seed %d: a showdown hand without five cards", seed)
		}
	}
}
