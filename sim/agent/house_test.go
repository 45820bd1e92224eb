package agent

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/sim/agent/house"
)

// TestHouseAdapter plays poker-shaped seed games with house players and
// checks every betting decision: the situation the adapter builds is
// valid for the strategy module (no invalid-situation fallback), the
// decision carries a reason, and the games reach a variety of reasons.
func TestHouseAdapter(t *testing.T) {
	for _, id := range []string{"holdem_nl_heads_up", "holdem_nl_6max", "omaha_pl", "five_card_draw_fl", "betting_war", "blackjack"} {
		t.Run(id, func(t *testing.T) {
			prog := compileSeed(t, id)
			n := min(prog.MaxPlayers(), 4)
			agents, err := ParseList("house", n, Options{Seed: 4})
			if err != nil {
				t.Fatal(err)
			}
			reasons := map[house.Reason]int{}
			decisions, discards := 0, 0
			rng := rand.New(rand.NewPCG(8, 8))
			for gi := 0; gi < 3; gi++ {
				for _, a := range agents {
					a.Reset(rng)
				}
				s, err := prog.NewState(n, rng)
				if err != nil {
					t.Fatal(err)
				}
				for !s.Terminal() {
					v := NewView(&s)
					a := agents[v.Player()].(*House)
					bo := v.Betting()
					before, _ := a.LastDecision()
					m := a.Choose(v)
					if err := s.Apply(m); err != nil {
						t.Fatalf("%s chose %v: %v", a.Name(), m, err)
					}
					d, derr := a.LastDecision()
					if errors.Is(derr, house.ErrInvalidSituation) {
						t.Fatalf("%s: the adapter built an invalid situation: %v", a.Name(), derr)
					}
					if bo.Open && v.NumLegal() > 1 {
						decisions++
						reasons[d.Reasoning]++
						if d.Reasoning == "" {
							t.Fatalf("betting decision without a reason")
						}
					} else if d.Draw && d != before {
						discards++
					}
				}
			}
			t.Logf("%d betting decisions, %d discard decisions, reasons %v", decisions, discards, reasons)
			if decisions < 20 || len(reasons) < 3 {
				t.Fatalf("too few decisions (%d) or reasons (%v)", decisions, reasons)
			}
			if prog.Genome().ID == "five_card_draw_fl" && discards == 0 {
				t.Fatalf("no discard decision in a draw game")
			}
		})
	}
}

// TestHouseNames checks the HousePlayer<N> names and that two house
// players' decision streams are their own.
func TestHouseNames(t *testing.T) {
	agents, err := ParseList("house", 6, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range agents {
		if n, err := house.ParseName(a.Name()); err != nil || n != i+1 {
			t.Errorf("seat %d named %q", i, a.Name())
		}
	}
	// Same view, different seeds: the streams differ somewhere.
	prog := compileSeed(t, "holdem_nl_heads_up")
	differ := false
	rng := rand.New(rand.NewPCG(1, 9))
	for i := 0; i < 200 && !differ; i++ {
		s, err := prog.NewState(2, rng)
		if err != nil {
			t.Fatal(err)
		}
		a, b := mustNew(t, "house", Options{Seed: 1}), mustNew(t, "house", Options{Seed: 2})
		differ = a.Choose(NewView(&s)) != b.Choose(NewView(&s))
	}
	if !differ {
		t.Fatalf("two house players with different seeds always agree")
	}
}
