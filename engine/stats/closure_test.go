package stats

import (
	"os"
	"testing"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/phh"
)

// TestRaiseClosureMatchesBetting replays the real and generated PHH hands
// through engine/betting beside the Tracker and checks, before every
// action, that the Tracker's idea of whether the player may bet or raise
// (from amounts, the last full raise and the raise cap) is the betting
// engine's.
func TestRaiseClosureMatchesBetting(t *testing.T) {
	var hands []*phh.Hand
	for _, hs := range readReal(t) {
		for i := range hs {
			hands = append(hands, &hs[i])
		}
	}
	const gen = "../phh/testdata/generated/pokerkit-sample.phhs"
	data, err := os.ReadFile(gen)
	if err != nil {
		t.Fatal(err)
	}
	entries, err := phh.ReadFile(gen, data)
	if err != nil {
		t.Fatal(err)
	}
	for i := range entries {
		hands = append(hands, &entries[i].Hand)
	}
	checked := 0
	for _, h := range hands {
		p, err := FromPHH(h)
		if err != nil {
			t.Fatal(err)
		}
		l := &p.Log
		pos := betting.PHHPositionsBlinds(l.Setup.Blinds)
		bh, err := betting.NewHand(betting.HandConfig{
			Stacks: l.Setup.Stacks, Antes: l.Setup.Antes, Blinds: l.Setup.Blinds,
			Button: pos.Button, FirstToAct: pos.FirstToAct, FirstToActPostflop: pos.FirstToActPostflop,
		})
		if err != nil {
			t.Fatal(err)
		}
		var tr Tracker
		if err := tr.OnHandStart(&l.Setup); err != nil {
			t.Fatal(err)
		}
		for r, rd := range l.Rounds {
			if err := tr.OnRoundStart(rd.Config); err != nil {
				t.Fatal(err)
			}
			if bh.HandOver() {
				continue
			}
			rc := betting.RoundConfig{Structure: betting.NoLimit, MinBet: rd.Config.MinBet, MaxRaises: rd.Config.MaxRaises}
			switch h.Variant {
			case phh.FixedLimitTexasHoldem:
				rc.Structure = betting.FixedLimit
			case phh.PotLimitOmahaHoldem:
				rc.Structure = betting.PotLimit
			}
			if err := bh.StartRound(rc); err != nil {
				t.Fatalf("%s round %d: %v", h.Label(), r, err)
			}
			for _, a := range rd.Actions {
				lg := bh.Legal()
				if lg.Seat != a.Seat {
					t.Fatalf("hand %s: seat %d acts, betting expects %d", h.Label(), a.Seat, lg.Seat)
				}
				if mine, theirs := tr.canRaise(a.Seat), lg.CanBet || lg.CanRaise; mine != theirs {
					t.Errorf("hand %s round %d seat %d: tracker may raise %v, betting %v", h.Label(), r, a.Seat, mine, theirs)
				}
				checked++
				var ba betting.Action
				switch a.Kind {
				case Fold:
					ba.Kind = betting.Fold
				case Call:
					ba.Kind = betting.Call
					if lg.CanCheck {
						ba.Kind = betting.Check
					}
				default:
					if ba, err = bh.RaiseTo(a.To); err != nil {
						t.Fatal(err)
					}
				}
				if err := bh.Apply(ba); err != nil {
					t.Fatalf("hand %s: %v", h.Label(), err)
				}
				if err := tr.OnAction(a); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if checked < 3000 {
		t.Errorf("only %d decisions checked", checked)
	}
	t.Logf("%d hands, %d decisions", len(hands), checked)
}
