package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/table"
)

// tableFixture is a fixture of engine/table: the seed's worked examples.
func tableFixture(name string) string {
	return filepath.Join("..", "..", "engine", "table", "testdata", "seed", name)
}

// tableCLI runs deckforge in-process.
func tableCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errw bytes.Buffer
	code := run(args, strings.NewReader(""), &out, &errw)
	return out.String(), errw.String(), code
}

// step runs a table subcommand whose result is a JSON state, writes it to a
// file in dir and returns the file and the state.
func tableStep(t *testing.T, dir string, args ...string) (string, table.State) {
	t.Helper()
	out, errs, code := tableCLI(t, append([]string{"table"}, args...)...)
	if code != 0 {
		t.Fatalf("deckforge table %v: exit %d: %s", args, code, errs)
	}
	s, err := table.ReadJSON([]byte(out))
	if err != nil {
		t.Fatalf("deckforge table %v printed an unreadable state: %v\n%s", args, err, out)
	}
	f, err := os.CreateTemp(dir, "state-*.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(out); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return f.Name(), s
}

// finish plays auto-actions and deals until the hand is over.
func tableFinish(t *testing.T, dir, file string) string {
	t.Helper()
	for i := 0; i < 50; i++ {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		s, err := table.ReadJSON(data)
		if err != nil {
			t.Fatal(err)
		}
		st, err := table.Progress(s)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case st.Finished:
			return file
		case st.Board > 0:
			file, _ = tableStep(t, dir, "deal", file, "--seed", "3")
		default:
			file, _ = tableStep(t, dir, "auto", file)
		}
	}
	t.Fatal("the hand does not end")
	return ""
}

func tableAmounts(t *testing.T, vs ...string) []chips.Chips {
	out := make([]chips.Chips, len(vs))
	for i, v := range vs {
		c, err := chips.Parse(v)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = c
	}
	return out
}

func tableSame[T any](t *testing.T, what string, got, want T) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

func TestTableCLIJoin(t *testing.T) {
	dir := t.TempDir()
	_, merged := tableStep(t, dir, "merge", tableFixture("01-join-server.json"), tableFixture("01-join-client.json"), "--bankroll", "75.25")
	data, err := os.ReadFile(tableFixture("01-join-merged.json"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := table.ReadJSON(data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(merged, want) {
		t.Errorf("merged state differs from the seed's (corrected) example")
	}
	file, h2 := tableStep(t, dir, "next", tableFixture("02-join-hand1-finished.json"), "--seed", "2")
	tableSame(t, "hand", h2.Hand, 2)
	tableSame(t, "blinds", h2.BlindsOrStraddles, tableAmounts(t, "0", "1", "2"))
	tableSame(t, "inactive", h2.Inactive, []bool{false, false, false})
	_, view := tableStep(t, dir, "personalize", file, "Player3")
	tableSame(t, "Player3's view", view.Actions[0].String(), "d dh p1 ????")
	tableSame(t, "author", view.Author, "Player3")
}

func TestTableCLIPauseUntilBigBlind(t *testing.T) {
	dir := t.TempDir()
	file, s := tableStep(t, dir, "merge", tableFixture("03-pause-bb-hand3.json"), tableFixture("03-pause-bb-client.json"))
	tableSame(t, "inactive at once", s.Inactive, []bool{false, true, false})
	tableSame(t, "fold", s.Actions[len(s.Actions)-1].String(), "p2 f")
	file, _ = tableStep(t, dir, "act", file, "p3 cc")
	file = tableFinish(t, dir, file)
	file, h4 := tableStep(t, dir, "next", file, "--seed", "4")
	tableSame(t, "hand 4 blinds", h4.BlindsOrStraddles, tableAmounts(t, "2", "0", "1"))
	tableSame(t, "hand 4 inactive", h4.Inactive, []bool{false, true, false})
	tableSame(t, "hand 4 dead blinds", h4.DeadBlinds, tableAmounts(t, "0", "0", "0"))
	file = tableFinish(t, dir, file)
	_, h5 := tableStep(t, dir, "next", file, "--seed", "5")
	tableSame(t, "hand 5 blinds", h5.BlindsOrStraddles, tableAmounts(t, "1", "2", "0"))
	tableSame(t, "hand 5: back at the big blind", h5.Inactive, []bool{false, false, false})
	tableSame(t, "hand 5 intents", h5.Intents, []table.Intent{table.Play, table.Play, table.Play})
	tableSame(t, "hand 5 dead money", h5.DeadMoney, chips.Chips(0))
}

func TestTableCLIEarlyReturn(t *testing.T) {
	dir := t.TempDir()
	file, s := tableStep(t, dir, "merge", tableFixture("05-pause-hand6.json"), tableFixture("05-pause-client.json"))
	tableSame(t, "intents", s.Intents, []table.Intent{table.Play, table.Play, table.Play})
	tableSame(t, "still inactive", s.Inactive, []bool{false, true, false})
	file = tableFinish(t, dir, file)
	_, h7 := tableStep(t, dir, "next", file, "--seed", "7")
	tableSame(t, "hand 7 stacks", h7.StartingStacks, tableAmounts(t, "50", "97", "75.25"))
	tableSame(t, "hand 7 dead money", h7.DeadMoney, chips.FromInt(3))
	tableSame(t, "hand 7 blinds", h7.BlindsOrStraddles, tableAmounts(t, "2", "0", "1"))
	tableSame(t, "hand 7 inactive", h7.Inactive, []bool{false, false, false})
}

func TestTableCLILeave(t *testing.T) {
	dir := t.TempDir()
	file, s := tableStep(t, dir, "merge", tableFixture("06-leave-hand8.json"), tableFixture("06-leave-client.json"))
	tableSame(t, "inactive at once", s.Inactive, []bool{true, false, false})
	file, _ = tableStep(t, dir, "act", file, "p2 cbr 4")
	file, _ = tableStep(t, dir, "act", file, "p3 f")
	out, errs, code := tableCLI(t, "table", "next", file, "--phh", "--seed", "9")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	h9, err := table.ReadPHH([]byte(out))
	if err != nil {
		t.Fatalf("--phh output: %v\n%s", err, out)
	}
	tableSame(t, "players", h9.Players, []string{"Player2", "Player3"})
	tableSame(t, "stacks", h9.StartingStacks, tableAmounts(t, "104", "73.25"))
	tableSame(t, "blinds", h9.BlindsOrStraddles, tableAmounts(t, "2", "1"))
	// The PHH output reads back in as a state file.
	phhFile := filepath.Join(dir, "hand9.phh")
	if err := os.WriteFile(phhFile, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	_, view := tableStep(t, dir, "personalize", phhFile, "Player3")
	tableSame(t, "p1 hidden", view.Actions[0].String(), "d dh p1 ????")
}

func TestTableCLIErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"players":["a","b"],"startingStacks":[1,2],"blindsOrStraddles":[1,2],"antes":[0],"seatCount":6}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args  []string
		code  int
		wants []string
	}{
		{[]string{"table", "next", tableFixture("08-impossible-active-dead.json")}, 1,
			[]string{"08-impossible-active-dead.json", "_deadBlinds[1]", "Player2"}},
		{[]string{"table", "next", bad}, 1, []string{"bad.json", "antes"}},
		{[]string{"table", "next", tableFixture("07-hand9-as-written.json")}, 1, []string{"3d is dealt twice"}},
		{[]string{"table", "merge", tableFixture("01-join-server.json"), tableFixture("01-join-client-as-written.json"), "--bankroll", "80"}, 1,
			[]string{"01-join-client-as-written.json", "antes"}},
		{[]string{"table", "merge", tableFixture("01-join-server.json"), tableFixture("01-join-client.json")}, 1,
			[]string{"--bankroll"}},
		{[]string{"table", "next", tableFixture("03-pause-bb-hand3.json")}, 1, []string{"not finished", "p2"}},
		{[]string{"table", "act", tableFixture("03-pause-bb-hand3.json"), "p3 cc"}, 1, []string{"p2 (Player2) is to act"}},
		{[]string{"table", "next", filepath.Join(dir, "missing.json")}, 1, []string{"missing.json"}},
		{[]string{"table", "next"}, 2, []string{"want 1 argument"}},
		{[]string{"table", "shuffle"}, 2, []string{"unknown subcommand"}},
		{[]string{"table", "next", "--seed", "x", tableFixture("02-join-hand1-finished.json")}, 2, []string{"seed"}},
	} {
		out, errs, code := tableCLI(t, c.args...)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d (%s)", c.args, code, c.code, errs)
		}
		if out != "" {
			t.Errorf("%v: printed %q on failure", c.args, out)
		}
		for _, w := range c.wants {
			if !strings.Contains(errs, w) {
				t.Errorf("%v: stderr %q lacks %q", c.args, errs, w)
			}
		}
	}
	out, _, code := tableCLI(t, "table", "help")
	if code != 0 || !strings.Contains(out, "deckforge table merge") || !strings.Contains(out, "-bankroll") {
		t.Errorf("help: %d %q", code, out)
	}
}
