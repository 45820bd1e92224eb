package table

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
)

// The seed's worked examples, corrected where SEED-NOTES rules on them:
// every per-player array has one entry per player, the order of action
// follows the engine, forced bets move every hand, dead money goes into the
// pot, and a card is dealt once.

func load(t *testing.T, name string) State {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "seed", name))
	if err != nil {
		t.Fatal(err)
	}
	s, err := ReadJSON(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return s
}

func amounts(vs ...float64) []chips.Chips {
	out := make([]chips.Chips, len(vs))
	for i, v := range vs {
		c, err := chips.FromFloat(v)
		if err != nil {
			panic(err)
		}
		out[i] = c
	}
	return out
}

func act(t *testing.T, s State, actions ...string) State {
	t.Helper()
	for _, a := range actions {
		var err error
		if s, err = Act(s, a); err != nil {
			t.Fatalf("hand %d: %s: %v", s.Hand, a, err)
		}
	}
	return s
}

// board appends a board deal, as the dealer would.
func board(t *testing.T, s State, cs string) State {
	t.Helper()
	st, err := Progress(s)
	if err != nil {
		t.Fatal(err)
	}
	if st.Board == 0 {
		t.Fatalf("hand %d: no board card is due (to act: %d)", s.Hand, st.ToAct)
	}
	s = s.Clone()
	s.Actions = append(s.Actions, mustAction("d db "+cs))
	if _, err := Progress(s); err != nil {
		t.Fatal(err)
	}
	return s
}

func next(t *testing.T, s State, seed uint64) State {
	t.Helper()
	n, err := Next(s, rand.New(rand.NewPCG(seed, 1)))
	if err != nil {
		t.Fatalf("next after hand %d: %v", s.Hand, err)
	}
	return n
}

// mustAction parses one action of the PHH notation.
func mustAction(s string) phh.Action {
	a, err := phh.ParseAction(s)
	if err != nil {
		panic(err)
	}
	return a
}

// strs returns actions in PHH notation.
func strs(as []phh.Action) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = a.String()
	}
	return out
}

// mustActions parses actions of the PHH notation.
func mustActions(strs ...string) []phh.Action {
	out, err := ParseActions(strs)
	if err != nil {
		panic(err)
	}
	return out
}

func eq[T any](t *testing.T, what string, got, want T) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

// dealtSeats returns the seats dealt hole cards, checking each gets two
// distinct, known cards.
func dealtSeats(t *testing.T, s State) []int {
	t.Helper()
	var seats []int
	for _, a := range s.Actions {
		if a.Kind == phh.DealHole {
			if len(a.Cards) != HoleCards {
				t.Errorf("%q: %d cards", a, len(a.Cards))
			}
			seats = append(seats, a.Player)
		}
	}
	return seats
}

func TestSeedJoin(t *testing.T) {
	server := load(t, "01-join-server.json")
	client := load(t, "01-join-client.json")
	eq(t, "client seatCount [6]", client.SeatCount, 6)
	got, err := Merge(server, client, JoinLimits{Bankroll: chips.Chips(7525), MaxBuyIn: chips.FromInt(200)})
	if err != nil {
		t.Fatal(err)
	}
	want := load(t, "01-join-merged.json")
	if !reflect.DeepEqual(got, want) {
		t.Errorf("merged:\n%s\nwant:\n%s", mustJSON(got), mustJSON(want))
	}
	eq(t, "75.25 survives JSON", got.StartingStacks[2].String(), "75.25")

	// The table maximum caps too.
	capped, err := Merge(server, client, JoinLimits{Bankroll: chips.FromInt(400), MaxBuyIn: chips.FromInt(60)})
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "buy-in capped by the table maximum", capped.StartingStacks[2], chips.FromInt(60))

	// Player3 sees nobody's hole cards while it waits.
	view := Personalize(got, "Player3")
	eq(t, "author", view.Author, "Player3")
	eq(t, "hidden", strs(view.Actions[:2]), []string{"d dh p1 ????", "d dh p2 ????"})
}

func TestSeedJoinAsWritten(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "seed", "01-join-client-as-written.json"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = ReadJSON(data)
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Field != "antes" {
		t.Fatalf("antes: [0, 0] for 3 players: got %v, want an error naming antes", err)
	}
}

func TestSeedJoinNextHand(t *testing.T) {
	s := load(t, "02-join-hand1-finished.json")
	fin, err := Settle(s)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "hand 1 split pot", fin, amounts(50, 100, 75.25))
	h2 := next(t, s, 2)
	eq(t, "hand", h2.Hand, 2)
	eq(t, "players", h2.Players, []string{"Player1", "Player2", "Player3"})
	eq(t, "startingStacks", h2.StartingStacks, amounts(50, 100, 75.25))
	eq(t, "blindsOrStraddles", h2.BlindsOrStraddles, amounts(0, 1, 2))
	eq(t, "antes", h2.Antes, amounts(0, 0, 0))
	eq(t, "_inactive", h2.Inactive, []bool{false, false, false})
	eq(t, "_intents", h2.Intents, []Intent{Play, Play, Play})
	eq(t, "dealt", dealtSeats(t, h2), []int{0, 1, 2})

	view := Personalize(h2, "Player3")
	eq(t, "p1 hidden", view.Actions[0].String(), "d dh p1 ????")
	eq(t, "p2 hidden", view.Actions[1].String(), "d dh p2 ????")
	eq(t, "p3 visible", view.Actions[2], h2.Actions[2])
	if err := view.checkShape(); err != nil {
		t.Fatal(err)
	}
}

func TestSeedPauseUntilBigBlind(t *testing.T) {
	h3 := load(t, "03-pause-bb-hand3.json")
	// The seed's order (p3 cc before p1 cc) is not the engine's: after the
	// big blind (p3) the button (p1) acts first.
	if _, err := Act(h3, "p3 cc"); err == nil {
		t.Error("p3 acted before p1 preflop")
	}
	m, err := Merge(h3, load(t, "03-pause-bb-client.json"), JoinLimits{})
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "_inactive at once", m.Inactive, []bool{false, true, false})
	eq(t, "_intents", m.Intents, []Intent{Play, PauseUntilBB, Play})
	eq(t, "_deadBlinds (p2 posted its small blind)", m.DeadBlinds, amounts(0, 0, 0))
	eq(t, "fold appended", m.Actions[len(m.Actions)-1].String(), "p2 f")

	m = act(t, m, "p3 cc")
	m = board(t, m, "5cAhQh")
	m = act(t, m, "p3 cc", "p1 cbr 4", "p3 f")
	fin, err := Settle(m)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "hand 3 result", fin, amounts(53, 99, 73.25))

	h4 := next(t, m, 4)
	eq(t, "hand 4 blinds", h4.BlindsOrStraddles, amounts(2, 0, 1))
	eq(t, "hand 4 _inactive", h4.Inactive, []bool{false, true, false})
	eq(t, "hand 4 _intents", h4.Intents, []Intent{Play, PauseUntilBB, Play})
	eq(t, "hand 4 _deadBlinds (no blind missed)", h4.DeadBlinds, amounts(0, 0, 0))
	eq(t, "hand 4 dealt", dealtSeats(t, h4), []int{0, 2})
	// Heads-up between p1 and p3: the small blind p3 is the button and acts
	// first.
	st, err := Progress(h4)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "hand 4 first to act", st.ToAct, 2)
	h4 = act(t, h4, "p3 f")

	h5 := next(t, h4, 5)
	eq(t, "hand 5 blinds", h5.BlindsOrStraddles, amounts(1, 2, 0))
	eq(t, "hand 5 _inactive (back at the big blind)", h5.Inactive, []bool{false, false, false})
	eq(t, "hand 5 _intents", h5.Intents, []Intent{Play, Play, Play})
	eq(t, "hand 5 _deadBlinds", h5.DeadBlinds, amounts(0, 0, 0))
	eq(t, "hand 5 stacks (nothing paid to return)", h5.StartingStacks, amounts(54, 99, 72.25))
	eq(t, "hand 5 dealt", dealtSeats(t, h5), []int{0, 1, 2})
	eq(t, "hand 5 dead money", h5.DeadMoney, chips.Chips(0))
}

func TestSeedEarlyReturn(t *testing.T) {
	h6 := load(t, "05-pause-hand6.json")
	client := load(t, "05-pause-client.json")
	m, err := Merge(h6, client, JoinLimits{})
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "_intents", m.Intents, []Intent{Play, Play, Play})
	eq(t, "_inactive (client cannot change it)", m.Inactive, []bool{false, true, false})
	eq(t, "_deadBlinds (client cannot change them)", m.DeadBlinds, amounts(0, 3, 0))
	eq(t, "actions untouched", m.Actions, h6.Actions)

	// Player2's small blind position is posted by nobody: only the big
	// blind is in the pot, and the button (p1) acts first.
	st, err := Progress(m)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "hand 6 pot", st.Pot, chips.FromInt(2))
	eq(t, "hand 6 first to act", st.ToAct, 0)
	m = act(t, m, "p1 f")
	h7 := next(t, m, 7)
	eq(t, "hand 7 blinds (moved one seat)", h7.BlindsOrStraddles, amounts(2, 0, 1))
	eq(t, "hand 7 stacks (3 paid)", h7.StartingStacks, amounts(50, 97, 75.25))
	eq(t, "hand 7 dead money", h7.DeadMoney, chips.FromInt(3))
	eq(t, "hand 7 _inactive", h7.Inactive, []bool{false, false, false})
	eq(t, "hand 7 _deadBlinds", h7.DeadBlinds, amounts(0, 0, 0))
	eq(t, "hand 7 dealt", dealtSeats(t, h7), []int{0, 1, 2})
	eq(t, "chips conserved", h7.Total(), m.Total())

	// The dead money is in the pot: whoever wins takes it. Blinds [2, 0, 1]:
	// p2 is the button and acts first, then p3 (small blind).
	h7 = act(t, h7, "p2 f", "p3 f")
	fin, err := Settle(h7)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "hand 7 result", fin, amounts(50+1+3, 97, 74.25))
}

func TestSeedLeave(t *testing.T) {
	h8 := load(t, "06-leave-hand8.json")
	m, err := Merge(h8, load(t, "06-leave-client.json"), JoinLimits{})
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "_inactive at once", m.Inactive, []bool{true, false, false})
	eq(t, "_intents", m.Intents, []Intent{Leave, Play, Play})
	eq(t, "fold appended (out of turn)", m.Actions[len(m.Actions)-1].String(), "p1 f")
	st, err := Progress(m)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "p2 to act after the flop", st.ToAct, 1)
	m = act(t, m, "p2 cbr 4", "p3 f")
	fin, err := Settle(m)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "hand 8 result", fin, amounts(48, 104, 73.25))

	h9 := next(t, m, 9)
	eq(t, "players", h9.Players, []string{"Player2", "Player3"})
	eq(t, "startingStacks", h9.StartingStacks, amounts(104, 73.25))
	// The small blind moves from Player2 to Player3.
	eq(t, "blindsOrStraddles", h9.BlindsOrStraddles, amounts(2, 1))
	eq(t, "antes", h9.Antes, amounts(0, 0))
	eq(t, "_inactive", h9.Inactive, []bool{false, false})
	eq(t, "_intents", h9.Intents, []Intent{Play, Play})
	eq(t, "_deadBlinds", h9.DeadBlinds, amounts(0, 0))
	eq(t, "dealt", dealtSeats(t, h9), []int{0, 1})
	if err := h9.Validate(); err != nil {
		t.Fatal(err)
	}
}

func TestSeedDuplicateCard(t *testing.T) {
	s := load(t, "07-hand9-as-written.json")
	err := s.Validate()
	if err == nil || !strings.Contains(err.Error(), "3d is dealt twice") {
		t.Fatalf("hand 9 as written: got %v, want 3d dealt twice", err)
	}
}

func TestSeedImpossibleState(t *testing.T) {
	s := load(t, "08-impossible-active-dead.json")
	err := s.Validate()
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Field != "_deadBlinds[1]" || fe.Player != "Player2" {
		t.Fatalf("active player with dead blinds: got %v, want an error naming Player2 and _deadBlinds", err)
	}
}

func mustJSON(s State) string {
	b, _ := s.MarshalJSON()
	return string(b)
}

// TestSeedPauseThenPlayAgain: Player2 paused after posting its small blind
// in hand 3; if it asks to play again it plays the next hand, owing
// nothing (the seed: "сможет начать со следующей раздачи без начисления
// _deadBlinds").
func TestSeedPauseThenPlayAgain(t *testing.T) {
	m, err := Merge(load(t, "03-pause-bb-hand3.json"), load(t, "03-pause-bb-client.json"), JoinLimits{})
	if err != nil {
		t.Fatal(err)
	}
	back := Personalize(m, "Player2")
	back.Intents[1] = Play
	m, err = Merge(m, back, JoinLimits{})
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "still out of this hand", m.Inactive, []bool{false, true, false})
	eq(t, "intent", m.Intents[1], Play)
	eq(t, "one fold only", strs(m.Actions[len(m.Actions)-2:]), []string{"p1 cc", "p2 f"})
	m = act(t, m, "p3 cc")
	m = board(t, m, "5cAhQh")
	m = act(t, m, "p3 cbr 2", "p1 f")
	h4 := next(t, m, 4)
	eq(t, "hand 4 blinds", h4.BlindsOrStraddles, amounts(2, 0, 1))
	eq(t, "Player2 plays", h4.Inactive, []bool{false, false, false})
	eq(t, "owing nothing", h4.DeadBlinds, amounts(0, 0, 0))
	eq(t, "paying nothing", h4.StartingStacks, amounts(48, 99, 78.25))
	eq(t, "no dead money", h4.DeadMoney, chips.Chips(0))
	eq(t, "dealt", dealtSeats(t, h4), []int{0, 1, 2})
}
