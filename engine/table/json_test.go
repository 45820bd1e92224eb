package table

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/chips"
)

func fixtures(t testing.TB) map[string][]byte {
	t.Helper()
	names, err := filepath.Glob(filepath.Join("testdata", "seed", "*.json"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	out := map[string][]byte{}
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(n)] = b
	}
	return out
}

func TestJSONRoundTrip(t *testing.T) {
	for name, data := range fixtures(t) {
		s, err := ReadJSON(data)
		if err != nil {
			if name == "01-join-client-as-written.json" {
				continue
			}
			t.Fatalf("%s: %v", name, err)
		}
		out, err := s.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		back, err := ReadJSON(out)
		if err != nil {
			t.Fatalf("%s: reading back: %v\n%s", name, err, out)
		}
		s.fillDefaults()
		if !reflect.DeepEqual(back, s) {
			t.Errorf("%s: round trip changed the state:\n%s", name, out)
		}
		// Writing is stable.
		again, _ := back.MarshalJSON()
		eq(t, name+" stable", string(again), string(out))
	}
}

func TestJSONUnmarshal(t *testing.T) {
	var v struct{ Table State }
	err := json.Unmarshal([]byte(`{"Table": {"players":["a","b"],"startingStacks":[75.25,1],"blindsOrStraddles":[1,2],"antes":[0,0],"seatCount":[6]}}`), &v)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "stack", v.Table.StartingStacks[0].String(), "75.25")
	if err := json.Unmarshal([]byte(`{"Table": {"players":["a"]}}`), &v); err == nil {
		t.Error("incomplete state accepted")
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"startingStacks":[75.25,1]`) {
		t.Errorf("json.Marshal: %s", b)
	}
}

func TestJSONExactAmounts(t *testing.T) {
	s, err := ReadJSON([]byte(`{"players":["a","b"],"startingStacks":[75.25, 0.01],"blindsOrStraddles":[0.5,1],
		"antes":[0,0],"seatCount":[2],"_deadBlinds":[0,0],"_deadMoney":10112.5,"minBet":1e0}`))
	if err == nil {
		t.Fatal("1e0 accepted as an amount")
	}
	s, err = ReadJSON([]byte(`{"players":["a","b"],"startingStacks":[75.25, 0.01],"blindsOrStraddles":[0.5,1],
		"antes":[0,0],"seatCount":[2],"_deadBlinds":[0,0],"_deadMoney":10112.5}`))
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "75.25", int64(s.StartingStacks[0]), 7525)
	eq(t, "0.01", int64(s.StartingStacks[1]), 1)
	eq(t, "10112.5", int64(s.DeadMoney), 1011250)
	out, _ := s.MarshalJSON()
	for _, want := range []string{"[75.25, 0.01]", "[0.5, 1]", `"_deadMoney": 10112.5`, `"seatCount": 2`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
}

func TestJSONErrors(t *testing.T) {
	base := `"players":["a","b","c"],"startingStacks":[50,100,75.25],"blindsOrStraddles":[0,1,2],"antes":[0,0,0],"seatCount":6`
	for _, c := range []struct {
		in, field string
	}{
		{`{"players":5,"startingStacks":[1],"blindsOrStraddles":[1],"antes":[0],"seatCount":6}`, "players"},
		{`{` + base + `,"color":"red"}`, "color"},
		{`{` + base + `,"startingStacks":[50,100,75.255]}`, "startingStacks[2]"},
		{`{` + base + `,"startingStacks":[50,"100",75]}`, "startingStacks[1]"},
		{`{` + base + `,"startingStacks":[50,100,-1]}`, "startingStacks[2]"},
		{`{` + base + `,"seatCount":[6,7]}`, "seatCount"},
		{`{` + base + `,"seatCount":11}`, "seatCount"},
		{`{` + base + `,"seatCount":2}`, "players"},
		{`{` + base + `,"_intents":[0,4,0]}`, "_intents[1]"},
		{`{` + base + `,"_intents":[0,0]}`, "_intents"},
		{`{` + base + `,"_inactive":[0,-1,0]}`, "_inactive[1]"},
		{`{` + base + `,"_inactive":[0,0.5,0]}`, "_inactive[1]"},
		{`{` + base + `,"_deadBlinds":[0,1]}`, "_deadBlinds"},
		{`{` + base + `,"finishingStacks":[1]}`, "finishingStacks"},
		{`{` + base + `,"hand":1.5}`, "hand"},
		{`{` + base + `,"hand":-1}`, "hand"},
		{`{` + base + `,"author":""}`, "author"},
		{`{` + base + `,"actions":["d dh p4 AsKs"]}`, "actions[0]"},
		{`{` + base + `,"actions":["p1 raise 4"]}`, "actions[0]"},
		{`{` + base + `,"players":["a","b","a"]}`, "players[2]"},
		{`{"players":["a","b"],"startingStacks":[1,1],"blindsOrStraddles":[1,2],"seatCount":6}`, "antes"},
	} {
		_, err := ReadJSON([]byte(c.in))
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != c.field {
			t.Errorf("%s: got %v, want an error naming %s", c.in, err, c.field)
		}
	}
	for _, in := range []string{``, `[]`, `{`, `{} {}`, `{"players":["a"]} x`} {
		if _, err := ReadJSON([]byte(in)); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
}

func TestValidateErrors(t *testing.T) {
	base := func() State { return load(t, "06-leave-hand8.json") }
	for _, c := range []struct {
		name  string
		edit  func(s *State)
		field string
	}{
		{"active with dead blinds", func(s *State) { s.DeadBlinds[2] = chips.FromInt(1) }, "_deadBlinds[2]"},
		{"dead blinds above the cap", func(s *State) { s.Inactive[2] = true; s.DeadBlinds[2] = chips.FromInt(4) }, "_deadBlinds[2]"},
		{"a card dealt twice", func(s *State) { s.Actions[6] = mustAction("d db 5h8c4d") }, "actions[6]"},
		{"hole cards dealt twice", func(s *State) { s.Actions = append(s.Actions[:3], mustAction("d dh p1 2c2d")) }, "actions[3]"},
		{"no blinds", func(s *State) { s.BlindsOrStraddles = amounts(0, 0, 0) }, "blindsOrStraddles"},
		{"finishing stacks that do not add up", func(s *State) { s.FinishingStacks = amounts(50, 100, 75) }, "finishingStacks"},
		{"a seat not dealt in that changed", func(s *State) {
			s.Actions = s.Actions[:2]
			s.FinishingStacks = amounts(50, 99, 76.25)
		}, "finishingStacks[2]"},
		{"dead money nobody plays for", func(s *State) { s.Actions = nil; s.DeadMoney = chips.FromInt(3) }, "_deadMoney"},
	} {
		s := base()
		c.edit(&s)
		err := s.Validate()
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != c.field {
			t.Errorf("%s: got %v, want an error naming %s", c.name, err, c.field)
		}
	}
}

// FuzzReadJSON: the loader never panics, and what it accepts writes and
// reads back unchanged; the rules then never panic on it either.
func FuzzReadJSON(f *testing.F) {
	for _, data := range fixtures(f) {
		f.Add(data)
	}
	f.Add([]byte(`{"players":[],"startingStacks":[],"blindsOrStraddles":[],"antes":[],"seatCount":[2]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadJSON(data)
		if err != nil {
			return
		}
		out, err := s.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		back, err := ReadJSON(out)
		if err != nil {
			t.Fatalf("reading back: %v\n%s", err, out)
		}
		s.fillDefaults()
		if !reflect.DeepEqual(back, s) {
			t.Fatalf("round trip changed the state:\n%s", out)
		}
		exercise(s)
	})
}

// exercise runs the rules on a loaded state; they must return errors, not
// panic.
func exercise(s State) {
	_ = s.Validate()
	_, _ = Progress(s)
	_, _ = Settle(s)
	if n, err := Next(s, rand.New(rand.NewPCG(1, 2))); err == nil {
		_ = n.Validate()
	}
	_, _ = Auto(s, nil)
	_ = Personalize(s, "a")
	if len(s.Players) > 0 {
		c := Personalize(s, s.Players[0])
		c.fillDefaults()
		c.Intents[0] = Pause
		_, _ = Merge(s, c, JoinLimits{})
	}
	_, _ = MarshalPHH(s)
}
