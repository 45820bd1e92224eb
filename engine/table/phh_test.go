package table

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
)

// normal is s as ReadPHH gives it back: defaults filled, a min_bet equal to
// the big blind read as the default.
func normal(s State) State {
	s = s.Clone()
	s.fillDefaults()
	if bl, err := blindsOf(s.BlindsOrStraddles); err == nil && s.MinBet == bl.big {
		s.MinBet = 0
	}
	return s
}

func TestPHHRoundTrip(t *testing.T) {
	for name, data := range fixtures(t) {
		s, err := ReadJSON(data)
		if err != nil {
			continue
		}
		s.Author = "Player2"
		s.DeadMoney = 0
		if name != "07-hand9-as-written.json" && name != "08-impossible-active-dead.json" && s.Validate() != nil {
			t.Fatalf("%s: %v", name, s.Validate())
		}
		out, err := MarshalPHH(s)
		if name == "07-hand9-as-written.json" {
			// A card dealt twice: PHH refuses it, as the table does.
			if err == nil || !strings.Contains(err.Error(), "dealt twice") {
				t.Errorf("%s: %v", name, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		back, err := ReadPHH(out)
		if err != nil {
			t.Fatalf("%s: reading back: %v\n%s", name, err, out)
		}
		// PHH writes the showdown of a finished hand (PokerKit asks for
		// it); the table decides it without.
		back.Actions = slices.DeleteFunc(back.Actions, func(a phh.Action) bool { return a.Kind == phh.ShowMuck })
		if st, _ := Progress(s); st.Finished && s.FinishingStacks == nil {
			// A finished hand is written with its finishing stacks.
			fin, err := Settle(s)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back.FinishingStacks, fin) {
				t.Errorf("%s: finishing stacks %v, want %v", name, back.FinishingStacks, fin)
			}
			back.FinishingStacks = nil
		}
		if !reflect.DeepEqual(back, normal(s)) {
			t.Errorf("%s: round trip changed the state:\n%s\n%s\nwant\n%s", name, out, mustJSON(back), mustJSON(normal(s)))
		}
	}
}

func TestPHHPositionOrder(t *testing.T) {
	s := load(t, "06-leave-hand8.json") // blinds [0 1 2]: Player2 small blind, Player1 button
	s.Author = "Player1"
	s.DeadMoney = chips.Chips(325)
	out, err := MarshalPHH(s)
	if err != nil {
		t.Fatal(err)
	}
	h, err := phh.Unmarshal(out)
	if err != nil {
		t.Fatalf("engine/phh cannot read it: %v\n%s", err, out)
	}
	eq(t, "players in position order", h.Players, []string{"Player2", "Player3", "Player1"})
	eq(t, "seats", h.Seats, []int{2, 3, 1})
	eq(t, "blinds", h.BlindsOrStraddles, amounts(1, 2, 0))
	eq(t, "actions renumbered", []string{h.Actions[0].String(), h.Actions[1].String()}, []string{"d dh p3 8c8d", "d dh p1 3s3d"})
	eq(t, "_author", h.Fields["_author"], any("Player1"))
	eq(t, "_deadMoneyAnte", h.Fields["_deadMoneyAnte"], any(3.25))
	eq(t, "p1's ante carries the dead money", h.Antes, []chips.Chips{325, 0, 0})
	eq(t, "and p1's stack", h.StartingStacks[0], chips.FromInt(100)+325)
	back, err := ReadPHH(out)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "dead money read back", back.DeadMoney, chips.Chips(325))
	eq(t, "stacks read back", back.StartingStacks, s.StartingStacks)
	eq(t, "antes read back", back.Antes, s.Antes)
	eq(t, "min_bet is the big blind", h.MinBet, chips.FromInt(2))

	// Heads-up: the forced bets are reverse-assigned; p1 is the big blind.
	hu := tableOf(9, seat{name: "Player2", stack: 104, blind: 2}, seat{name: "Player3", stack: 73.25, blind: 1})
	out, err = MarshalPHH(hu)
	if err != nil {
		t.Fatal(err)
	}
	h, err = phh.Unmarshal(out)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "heads-up players", h.Players, []string{"Player2", "Player3"})
	eq(t, "heads-up blinds [sb, bb]", h.BlindsOrStraddles, amounts(1, 2))
	back, err = ReadPHH(out)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "heads-up read back", back.BlindsOrStraddles, amounts(2, 1))
}

// TestPHHReplayAgrees plays random hands where everyone is dealt in and
// checks that engine/phh's Replay of the exported hand ends with the
// stacks Settle computes.
func TestPHHReplayAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for g := 0; g < 300; g++ {
		s := next(t, randomTable(rng, 2+rng.IntN(8)), rng.Uint64())
		s = playOut(t, s, rng)
		fin, err := Settle(s)
		if err != nil {
			t.Fatal(err)
		}
		out, err := MarshalPHH(s)
		if err != nil {
			t.Fatal(err)
		}
		h, err := phh.Unmarshal(out)
		if err != nil {
			t.Fatal(err)
		}
		res, err := phh.Replay(&h)
		if err != nil {
			t.Fatalf("game %d: engine/phh: %v\n%s", g, err, out)
		}
		for k, seat := range h.Seats {
			if res.Stacks[k] != fin[seat-1] {
				t.Fatalf("game %d: %s ends with %s, engine/phh says %s\n%s", g, s.Players[seat-1], fin[seat-1], res.Stacks[k], out)
			}
		}
	}
}

func TestPHHErrors(t *testing.T) {
	busted := tableOf(3, seat{name: "a", stack: 0, blind: 1, inactive: true, intent: Leave}, seat{name: "b", stack: 10, blind: 2}, seat{name: "c", stack: 10})
	_, err := MarshalPHH(busted)
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Field != "startingStacks[0]" || fe.Player != "a" {
		t.Errorf("empty stack: %v", err)
	}
	alone := tableOf(3, seat{name: "a", stack: 5, blind: 2})
	if _, err := MarshalPHH(alone); err == nil || !strings.Contains(err.Error(), "players") {
		t.Errorf("one player: %v", err)
	}
	for _, c := range []struct{ in, want string }{
		{"variant = 'FT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4\nstarting_stacks = [10, 10]\nactions = []\nplayers = ['a', 'b']\n", "variant"},
		{"variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [10, 10]\nactions = []\n", "players"},
		{"variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [10, 10]\nactions = []\nplayers = ['a', 'b']\nseats = [3, 3]\n", "seats"},
		{"variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [10, 10]\nactions = []\nplayers = ['a', 'b']\n_deadMoney = 'x'\n", "_deadMoney"},
		{"variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [10, 10]\nactions = []\nplayers = ['a', 'b']\n_author = 3\n", "_author"},
		{"variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [10, 10]\nactions = []\nplayers = ['a', 'b']\nseat_count = 12\n", "seatCount"},
		{"variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [10, 10]\nactions = []\nplayers = ['a', 'b']\n_intents = [0, 5]\n", "_intents"},
	} {
		_, err := ReadPHH([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want an error naming %s", c.in, err, c.want)
		}
	}
}

// FuzzReadPHH: the PHH loader never panics; what it accepts writes and
// reads back unchanged (when PHH can hold it) and the rules never panic on
// it.
func FuzzReadPHH(f *testing.F) {
	for _, data := range fixtures(f) {
		if s, err := ReadJSON(data); err == nil {
			if out, err := MarshalPHH(s); err == nil {
				f.Add(out)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadPHH(data)
		if err != nil {
			return
		}
		out, err := MarshalPHH(s)
		if err != nil {
			return
		}
		checkPHHRoundTrip(t, s, out)
		exercise(s)
	})
}

// checkPHHRoundTrip checks that data, MarshalPHH of s, reads back as s and
// is written the same way again. The state may come back with what the PHH
// writer adds to a hand: the showdown and the checks PokerKit asks for (the
// only player left able to act), a fold out of turn moved to the player's
// next turn, and the finishing stacks of a finished hand.
func checkPHHRoundTrip(t *testing.T, s State, data []byte) {
	t.Helper()
	back, err := ReadPHH(data)
	if err != nil {
		t.Fatalf("hand %d: ReadPHH: %v\n%s", s.Hand, err, data)
	}
	again, err := MarshalPHH(back)
	if err != nil || string(again) != string(data) {
		t.Fatalf("hand %d: written again: %v\n%s\nfirst\n%s", s.Hand, err, again, data)
	}
	plain := func(as []phh.Action) []phh.Action {
		return slices.DeleteFunc(slices.Clone(as), func(a phh.Action) bool {
			return a.Kind == phh.ShowMuck || a.Kind == phh.CheckCall || a.Kind == phh.Fold
		})
	}
	folds := func(as []phh.Action) (m uint16) {
		for _, a := range as {
			if a.Kind == phh.Fold {
				m |= 1 << a.Player
			}
		}
		return m
	}
	want := normal(s)
	if !reflect.DeepEqual(plain(back.Actions), plain(want.Actions)) || folds(back.Actions) != folds(want.Actions) {
		t.Fatalf("hand %d: the PHH reads back with other actions:\n%s\n%s\nwant\n%s", s.Hand, data, mustJSON(back), mustJSON(want))
	}
	back.Actions, want.Actions = nil, nil
	if want.FinishingStacks == nil {
		back.FinishingStacks = nil
	}
	if !reflect.DeepEqual(back, want) {
		t.Fatalf("hand %d: the PHH reads back as another state:\n%s\n%s\nwant\n%s", s.Hand, data, mustJSON(back), mustJSON(want))
	}
}
