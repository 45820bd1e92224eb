package stats

import (
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/chips"
)

// randomHand plays one random hand with legal actions into tr and returns
// whether it went well. Players act in table order: the first round starts
// after the largest blind (heads-up with the button), the later rounds with
// the first seat after the button. rounds is the number of betting rounds
// of the game.
func randomHand(t testing.TB, rng *rand.Rand, tr *Tracker, rounds int) {
	n := 2 + rng.IntN(MaxSeats-1)
	stacks := make([]chips.Chips, n)
	for i := range stacks {
		stacks[i] = chips.FromInt(int64(5 + rng.IntN(300)))
	}
	s := Setup{Stacks: stacks, Button: rng.IntN(n)}
	withBlinds := rng.IntN(4) != 0
	if withBlinds {
		s.Blinds = make([]chips.Chips, n)
		sb, bb := (s.Button+1)%n, (s.Button+2)%n
		if n == 2 {
			sb, bb = s.Button, (s.Button+1)%n
		}
		s.Blinds[sb], s.Blinds[bb] = chips.FromInt(1), chips.FromInt(2)
	}
	if rng.IntN(3) == 0 {
		s.Antes = make([]chips.Chips, n)
		for i := range s.Antes {
			s.Antes[i] = chips.FromInt(1)
		}
	}
	maxRaises := 0
	if rng.IntN(3) == 0 {
		maxRaises = 1 + rng.IntN(4)
	}
	if err := tr.OnHandStart(&s); err != nil {
		t.Fatal(err)
	}
	left := func() int {
		k := 0
		for i := 0; i < n; i++ {
			if !tr.Folded(i) {
				k++
			}
		}
		return k
	}
	for r := 0; r < rounds && left() > 1; r++ {
		if err := tr.OnRoundStart(RoundConfig{MinBet: chips.FromInt(2), MaxRaises: maxRaises}); err != nil {
			t.Fatal(err)
		}
		start := (s.Button + 1) % n
		if r == 0 && withBlinds {
			start = (s.Button + 3) % n
			if n == 2 {
				start = s.Button
			}
		}
		// needs: seats that must still act this round.
		var needs uint16
		for i := 0; i < n; i++ {
			if tr.active(i) {
				needs |= 1 << i
			}
		}
		if popcount(needs) < 2 && (popcount(needs) == 0 || tr.TableBet() <= tr.StreetBet(firstSeat(needs))) {
			continue
		}
		for p := start; needs != 0 && left() > 1; p = (p + 1) % n {
			if needs&(1<<p) == 0 {
				continue
			}
			needs &^= 1 << p
			if !tr.active(p) {
				continue
			}
			toCall := tr.TableBet() - tr.StreetBet(p)
			var a Action
			a.Seat = p
			switch x := rng.IntN(10); {
			case x < 2 && toCall > 0:
				a.Kind = Fold
			case x < 7 || !tr.canRaise(p):
				a.Kind = Call
			default:
				a.Kind = Raise
				lo := tr.TableBet() + tr.fullInc
				hi := tr.StreetBet(p) + tr.Stack(p)
				if lo >= hi {
					a.To = hi
				} else {
					a.To = lo + chips.Chips(rng.Int64N(int64(hi-lo)+1))
					if rng.IntN(4) == 0 {
						a.To = hi
					}
				}
			}
			if err := tr.OnAction(a); err != nil {
				t.Fatal(err)
			}
			if a.Kind == Raise {
				for i := 0; i < n; i++ {
					if i != p && tr.active(i) {
						needs |= 1 << i
					}
				}
			}
		}
	}
	if tr.state == stDealt {
		if err := tr.OnRoundStart(RoundConfig{}); err != nil {
			t.Fatal(err)
		}
	}
	var collected []chips.Chips
	if left() > 1 {
		collected = make([]chips.Chips, n)
		for i := 0; i < n; i++ {
			if !tr.Folded(i) {
				collected[i] = tr.Committed(i) // any non-negative amounts will do
				break
			}
		}
	}
	if err := tr.OnHandEnd(collected); err != nil {
		t.Fatal(err)
	}
}

func firstSeat(m uint16) int {
	for i := 0; i < 16; i++ {
		if m&(1<<i) != 0 {
			return i
		}
	}
	return -1
}

// TestRandomHandsInvariants plays random legal hands of one to six betting
// rounds and checks the invariants on every hand and on the totals.
func TestRandomHandsInvariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var tr Tracker
	var agg Aggregator
	names := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}
	var dealt int64
	for h := 0; h < 20000; h++ {
		randomHand(t, rng, &tr, 1+h%6)
		for i := 0; i < tr.Players(); i++ {
			if tr.DealtIn(i) {
				dealt++
			}
		}
		checkInvariants(t, &tr, "random hand")
		if t.Failed() {
			t.Fatalf("hand %d", h)
		}
		if err := agg.Add(&tr, names[:tr.Players()]); err != nil {
			t.Fatal(err)
		}
	}
	tot := agg.Total()
	if err := invariantErr(&tot.Counts); err != nil {
		t.Fatal(err)
	}
	// Every maneuver turns up in 20,000 random hands.
	for m := Maneuver(0); m < NumManeuvers; m++ {
		if tot.Counts.Sum(m, Attempts) == 0 {
			t.Errorf("%s never attempted", m)
		}
		if m.HasDefender() && tot.Counts.Sum(m, Challenges) == 0 {
			t.Errorf("%s never challenged", m)
		}
	}
	if tot.Counts[Hands] != dealt || agg.Hands != 20000 {
		t.Errorf("hands: %d player-hands, want %d; %d hands", tot.Counts[Hands], dealt, agg.Hands)
	}
}
