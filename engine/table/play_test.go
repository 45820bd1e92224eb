package table

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
)

func TestBlindsOf(t *testing.T) {
	for _, c := range []struct {
		in               []float64
		sb, bb, last     int
		big              float64
		button, button2  int // button with three or more players dealt in, with two
		first, postflop3 int // first to act before and after the flop, three or more dealt in
	}{
		{[]float64{1, 2, 0}, 0, 1, 1, 2, 2, 0, 2, 0},
		{[]float64{2, 0, 1}, 2, 0, 0, 2, 1, 2, 1, 2},
		{[]float64{0, 1, 2}, 1, 2, 2, 2, 0, 1, 0, 1},
		{[]float64{1, 1, 0}, 0, 1, 1, 1, 2, 0, 2, 0},
		{[]float64{0, 1, 1}, 1, 2, 2, 1, 0, 1, 0, 1},
		{[]float64{1, 2, 4, 0, 0}, 0, 1, 2, 2, 4, 0, 3, 0},
		{[]float64{0, 2, 0, 0}, 0, 1, 1, 2, 3, 0, 2, 0},
		{[]float64{1, 0, 2, 0}, 0, 2, 2, 2, 3, 0, 3, 0},
		{[]float64{2, 1}, 1, 0, 0, 2, 0, 1, 1, 1},
	} {
		bl, err := blindsOf(amounts(c.in...))
		if err != nil {
			t.Fatal(err)
		}
		name := func(w string) string { return w + " of " + fmtFloats(c.in) }
		eq(t, name("small blind"), bl.sb, c.sb)
		eq(t, name("big blind"), bl.bb, c.bb)
		eq(t, name("last forced bet"), bl.last, c.last)
		eq(t, name("big"), bl.big, amounts(c.big)[0])
		all := uint16(1)<<len(c.in) - 1
		p := bl.positions(all)
		if len(c.in) > 2 {
			eq(t, name("button"), p.Button, c.button)
			eq(t, name("first to act"), p.FirstToAct, c.first)
			eq(t, name("first after the flop"), p.FirstToActPostflop, c.postflop3)
		}
		eq(t, name("heads-up button"), bl.positions(3).Button, c.button2)
	}
	if _, err := blindsOf(amounts(0, 0)); err == nil {
		t.Error("no blinds accepted")
	}
}

func fmtFloats(v []float64) string { return fmt.Sprint(amounts(v...)) }

func TestActErrors(t *testing.T) {
	s := load(t, "06-leave-hand8.json") // p2 to act after the flop, a check is free
	for _, c := range []struct{ action, want string }{
		{"p3 cc", "p2 (Player2) is to act"},
		{"p2 f", "a check is free"},
		{"p2 cbr 0.5", "actions[7]"},
		{"p2 cbr 1000", "actions[7]"},
		{"p2 sm 3s3d", "not a betting action"},
		{"d db 2c", "not a betting action"},
		{"p2 jump", "unknown player action"},
	} {
		if _, err := Act(s, c.action); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.action, err, c.want)
		}
	}
	got := act(t, s, "p2 cbr 4")
	st, _ := Progress(got)
	eq(t, "p3 faces a bet of 4", st.Legal.CallAmount, chips.FromInt(4))
	eq(t, "pot", st.Pot, chips.FromInt(10))
}

func TestDealAndProgress(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	s := load(t, "06-leave-hand8.json")
	if _, err := Deal(s, rng); err == nil || !strings.Contains(err.Error(), "p2 (Player2) is to act") {
		t.Errorf("deal with p2 to act: %v", err)
	}
	s = act(t, s, "p2 cc", "p3 cc", "p1 cc")
	st, _ := Progress(s)
	eq(t, "turn due", st.Board, 1)
	d, err := Deal(s, rng)
	if err != nil {
		t.Fatal(err)
	}
	last := d.Actions[len(d.Actions)-1].String()
	if !strings.HasPrefix(last, "d db ") || len(last) != len("d db 2c") {
		t.Fatalf("dealt %q", last)
	}
	if err := d.Validate(); err != nil {
		t.Fatal(err)
	}
	if _, err := Deal(Personalize(s, "Player1"), rng); err == nil || !strings.Contains(err.Error(), "hidden") {
		t.Errorf("deal from a client state: %v", err)
	}
	done := act(t, d, "p2 cbr 2", "p3 f", "p1 f")
	if _, err := Deal(done, rng); err == nil || !strings.Contains(err.Error(), "over") {
		t.Errorf("deal after the hand: %v", err)
	}
	st, _ = Progress(done)
	eq(t, "finished", st.Finished, true)
	eq(t, "nobody to act", st.ToAct, -1)
	idle := tableOf(1, seat{name: "a", stack: 5, blind: 1}, seat{name: "b", stack: 5, blind: 2})
	st, _ = Progress(idle)
	eq(t, "an undealt hand", st, Status{ToAct: -1})
	if _, err := Auto(idle, nil); err == nil {
		t.Error("auto in an undealt hand")
	}
}

func TestReplayErrors(t *testing.T) {
	s := load(t, "06-leave-hand8.json")
	for _, c := range []struct {
		actions []string
		want    string
	}{
		{[]string{"d dh p1 AsKs", "p1 cc", "d dh p2 2c2d"}, "needs two"},
		{[]string{"d dh p1 AsKs", "d dh p2 2c2d", "p1 cc", "d dh p3 3c3d"}, "after the betting began"},
		{[]string{"d dh p1 AsKs", "d dh p2 2c2d", "d db 4c5c6c"}, "p1 is to act"},
		{[]string{"d dh p1 AsKs", "d dh p2 2c2d", "d dh p3 3c3d", "p1 cc", "p2 cc", "p3 cc", "d db 4c5c"}, "the flop has 3"},
		{[]string{"d dh p1 AsKs", "d dh p2 2c2d", "d dh p3 3c3d", "p1 f", "p1 cc"}, "has folded"},
		{[]string{"d dh p1 AsKs", "d dh p2 2c2d", "p3 cc"}, "not dealt in"},
		{[]string{"d dh p1 AsKs", "d dh p2 2c2d", "d dh p3 3c3d", "p1 sd"}, "not an action of Texas hold'em"},
		{[]string{"d dh p1 AsKs", "d dh p2 2c2d", "d dh p3 3c3d", "p1 sm AsKs"}, "before the showdown"},
	} {
		x := s.Clone()
		x.Actions = mustActions(c.actions...)
		if _, err := Progress(x); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: got %v, want %q", c.actions, err, c.want)
		}
	}
	// A showdown with a hidden hand cannot be settled; shown cards settle it.
	x := s.Clone()
	x.Actions = mustActions("d dh p1 ????", "d dh p2 2c2d", "d dh p3 3c3d", "p1 cc", "p2 cc", "p3 cc",
		"d db 4c5c9h", "p2 cc", "p3 cc", "p1 cc", "d db Td", "p2 cc", "p3 cc", "p1 cc", "d db Jd", "p2 cc", "p3 cc", "p1 cc")
	if _, err := Settle(x); err == nil || !strings.Contains(err.Error(), "unknown hole cards") {
		t.Errorf("settle with hidden cards: %v", err)
	}
	x.Actions = append(x.Actions, mustAction("p1 sm AsAd"))
	fin, err := Settle(x)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "aces win", fin, amounts(54, 98, 73.25))
	x.Actions[len(x.Actions)-1] = mustAction("p1 sm")
	fin, err = Settle(x)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "a muck gives up the pot; threes win", fin, amounts(48, 98, 79.25))
}

// Apply plays a typed action as Act plays its notation, keeps it typed (no
// comment, no cards), and refuses what is not a betting action or names a
// seat that does not exist.
func TestApplyTyped(t *testing.T) {
	s := load(t, "06-leave-hand8.json") // p2 to act after the flop
	typed, err := Apply(s, phh.Action{Kind: phh.BetRaise, Player: 1, Amount: chips.FromInt(4), Comment: "value"})
	require.NoError(t, err)
	written, err := Act(s, "p2 cbr 4")
	require.NoError(t, err)
	assert.Equal(t, written.Actions, typed.Actions)
	assert.Equal(t, phh.Action{Kind: phh.BetRaise, Player: 1, Amount: chips.FromInt(4)}, typed.Actions[len(typed.Actions)-1])
	assert.Len(t, s.Actions, len(typed.Actions)-1, "the state passed in is unchanged")
	for _, c := range []struct {
		a    phh.Action
		want string
	}{
		{phh.Action{Kind: phh.DealBoard, Player: phh.Dealer}, "not a betting action"},
		{phh.Action{Kind: phh.ShowMuck, Player: 1}, "not a betting action"},
		{phh.Action{Kind: phh.CheckCall, Player: 7}, "not seated"},
		{phh.Action{Kind: phh.BetRaise, Player: 1}, "out of range"},
	} {
		_, err := Apply(s, c.a)
		require.Error(t, err, "%v", c.a)
		assert.Contains(t, err.Error(), c.want)
	}
	// A typed action in a state is checked as its notation would be.
	for _, a := range []phh.Action{
		{Kind: phh.DealBoard, Player: 0, Cards: []cards.Card{cards.MustParse("2c")}},
		{Kind: phh.DealBoard, Player: phh.Dealer},
		{Kind: phh.Fold, Player: 5},
		{Kind: phh.ActionKind(99), Player: 1},
	} {
		bad := s.Clone()
		bad.Actions = append(bad.Actions, a)
		err := bad.Validate()
		require.Error(t, err, "%+v", a)
		assert.Contains(t, err.Error(), "actions[7]")
	}
}
