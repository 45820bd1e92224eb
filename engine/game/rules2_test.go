package game_test

import (
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/game"
)

// Old Maid: pairs are laid down at once, players draw a random card from
// the previous player, and the last player holding cards (the odd queen)
// loses.
func TestOldMaid(t *testing.T) {
	p := mustProgram(t, "old_maid")
	for seed := range uint64(50) {
		n := 2 + int(seed)%5
		s := new(game.State)
		checked := false
		var bad string
		s.Listen(game.ListenerFunc(func(s *game.State, e *game.Event) {
			if e.Kind == game.EvDraw && !checked {
				// The first draw comes after the first discard phase: no
				// hand holds a pair.
				checked = true
				for q := 0; q < s.Players(); q++ {
					for r := cards.Two; r <= cards.Ace; r++ {
						k := 0
						for _, c := range s.Hand(q).Cards(nil) {
							if c.Rank() == r && c != e.Card { // the card just drawn may pair
								k++
							}
						}
						if k >= 2 {
							bad = "a pair survived the first discard"
						}
					}
				}
				if e.Target != int8((int(e.Player)+s.Players()-1)%s.Players()) && s.Players() == 2 {
					bad = "the first draw is not from the previous player"
				}
			}
		}))
		if err := p.Reset(s, n, rand.New(rand.NewPCG(seed, 1))); err != nil {
			t.Fatal(err)
		}
		if !s.Terminal() || bad != "" {
			t.Fatalf("seed %d: terminal %v, %s", seed, s.Terminal(), bad)
		}
		loser := -1
		for q := 0; q < n; q++ {
			if s.Winners()&(1<<q) == 0 {
				if loser >= 0 {
					t.Fatalf("seed %d: two losers", seed)
				}
				loser = q
			}
		}
		queens := 0
		for q := 0; q < n; q++ {
			h := s.Hand(q)
			if q != loser && h != 0 {
				t.Fatalf("seed %d: winner p%d still holds %v", seed, q, h.Cards(nil))
			}
			for _, c := range h.Cards(nil) {
				if c.Rank() == cards.Queen {
					queens++
				}
			}
		}
		if loser < 0 || queens%2 != 1 {
			t.Fatalf("seed %d: loser p%d holds %v", seed, loser, s.Hand(max(loser, 0)).Cards(nil))
		}
	}
}

// Knock-Out Whist: hand h deals 8-h cards; the trump is the suit of the
// turned-up card; a player who wins no trick in a hand is knocked out.
func TestKnockoutWhist(t *testing.T) {
	p := mustProgram(t, "knockout_whist")
	for seed := range uint64(200) {
		n := 2 + int(seed)%6
		s := new(game.State)
		var dealt [8]int
		var tricks [8]int
		var trump cards.Suit
		var errs []string
		var wasOut, alive uint16 = 0, 1<<n - 1
		s.Listen(game.ListenerFunc(func(s *game.State, e *game.Event) {
			switch e.Kind {
			case game.EvHandStart:
				dealt, tricks = [8]int{}, [8]int{}
			case game.EvDeal:
				dealt[e.Player]++
			case game.EvTrump:
				trump = e.Suit
				if e.Card.Suit() != e.Suit {
					errs = append(errs, "trump suit is not the turned-up card's")
				}
			case game.EvTrickWon:
				tricks[e.Player]++
				// The winner played a trump or the trick had none.
				_ = trump
			case game.EvHandEnd:
				for q := 0; q < s.Players(); q++ {
					if alive&(1<<q) != 0 && dealt[q] != 8-int(e.Hand) {
						errs = append(errs, "wrong hand size")
					}
				}
			case game.EvSitOut:
				wasOut |= 1 << e.Player
				if tricks[e.Player] != 0 {
					errs = append(errs, "a player with tricks was knocked out")
				}
				alive &^= 1 << e.Player
			}
		}))
		if err := p.Reset(s, n, rand.New(rand.NewPCG(seed, 2))); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 3))
		for !s.Terminal() {
			mustApply(t, s, game.RandomMove(s, rng))
		}
		if len(errs) > 0 {
			t.Fatalf("seed %d: %v", seed, errs)
		}
		// Knocked-out players never win; a lone survivor always does.
		if s.Winners()&wasOut != 0 {
			t.Fatalf("seed %d: a knocked-out player won", seed)
		}
		if alive&(alive-1) == 0 && s.Winners() != alive {
			t.Fatalf("seed %d: survivor %b, winners %b", seed, alive, s.Winners())
		}
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
		if err := p.Reset(s, 2+int(seed)%5, rand.New(rand.NewPCG(seed, 4))); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 5))
		for !s.Terminal() {
			mustApply(t, s, game.RandomMove(s, rng))
		}
		if bad {
			t.Fatalf("seed %d: a showdown hand without five cards", seed)
		}
	}
}
