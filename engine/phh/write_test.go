package phh

import (
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/pelletier/go-toml/v2"
)

// fixture is one file of testdata with its hands.
type fixture struct {
	path    string
	data    []byte
	entries []Entry
}

// fixtures reads every .phh and .phhs file under testdata/dir.
func fixtures(t testing.TB, dir string) []fixture {
	t.Helper()
	var out []fixture
	err := filepath.WalkDir(filepath.Join("testdata", dir), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || (filepath.Ext(p) != ".phh" && filepath.Ext(p) != ".phhs") {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		entries, err := ReadFile(p, data)
		if err != nil {
			return err
		}
		out = append(out, fixture{p, data, entries})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("no fixtures under testdata/%s", dir)
	}
	return out
}

func TestReadAllFixtures(t *testing.T) {
	n := 0
	for _, f := range fixtures(t, "") {
		for _, e := range f.entries {
			n++
			if e.Err != nil {
				t.Errorf("%v", e.Err)
			}
		}
	}
	// 121 real files (2 of them bulk files of 11 and 61 hands) and 500 +
	// 500 generated hands.
	if want := 119 + 11 + 61 + 500 + 500; n != want {
		t.Errorf("read %d hands, want %d", n, want)
	}
}

func TestRoundTripFixtures(t *testing.T) {
	for _, f := range fixtures(t, "") {
		var hands []Hand
		for _, e := range f.entries {
			if e.Err != nil {
				t.Fatal(e.Err)
			}
			hands = append(hands, e.Hand)
			h := e.Hand
			out, err := Marshal(&h)
			if err != nil {
				t.Fatalf("%s [%s]: Marshal: %v", f.path, e.Key, err)
			}
			back, err := Unmarshal(out)
			if err != nil {
				t.Fatalf("%s [%s]: reading back: %v\n%s", f.path, e.Key, err, out)
			}
			back.Key = h.Key
			if !reflect.DeepEqual(back, h) {
				t.Errorf("%s [%s]: round trip differs\n%s", f.path, e.Key, out)
			}
			// Writing is stable.
			if again, _ := Marshal(&back); string(again) != string(out) {
				t.Errorf("%s [%s]: second write differs", f.path, e.Key)
			}
		}
		if len(hands) < 2 {
			continue
		}
		out, err := MarshalBulk(hands)
		if err != nil {
			t.Fatal(err)
		}
		back, err := UnmarshalBulk(out)
		if err != nil {
			t.Fatalf("%s: reading back: %v", f.path, err)
		}
		if !reflect.DeepEqual(back, hands) {
			t.Errorf("%s: bulk round trip differs", f.path)
		}
	}
}

func TestMarshalDecimal(t *testing.T) {
	h := mustUnmarshal(t, base)
	h.StartingStacks[0] = 7525 // 75.25: the hand is decimal from now on
	out, err := Marshal(&h)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "starting_stacks = [75.25, 100.0, 100.0]") || !strings.Contains(string(out), "min_bet = 2.0") {
		t.Errorf("decimal amounts not written as decimals:\n%s", out)
	}
	back := mustUnmarshal(t, string(out))
	if !back.Decimal || back.StartingStacks[0] != 7525 {
		t.Errorf("read back Decimal = %v, stacks %v", back.Decimal, back.StartingStacks)
	}
	h.Decimal = true
	if !reflect.DeepEqual(back, h) {
		t.Errorf("round trip differs")
	}
}

func TestMarshalValues(t *testing.T) {
	h := mustUnmarshal(t, base)
	h.Players = []string{"it's", "tab\there", "new\nline \"q\" \\ \x01"}
	h.Fields = map[string]any{
		"author":       "O'Neil",
		"time":         toml.LocalTime{Hour: 9, Minute: 5, Second: 7, Nanosecond: 120000000, Precision: 2},
		"_date":        toml.LocalDate{Year: 2024, Month: 2, Day: 29},
		"_dt":          toml.LocalDateTime{LocalDate: toml.LocalDate{Year: 2024, Month: 2, Day: 29}, LocalTime: toml.LocalTime{Hour: 1}},
		"_stamp":       time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC),
		"_floats":      []any{1.0, 0.5, 1e300, math.Inf(-1), -2.5e-7},
		"_nested":      map[string]any{"a b": int64(1), "c": []any{map[string]any{"d": true}}, "e": map[string]any{}},
		"key with.dot": "x",
		"_empty":       []any{},
	}
	out, err := Marshal(&h)
	if err != nil {
		t.Fatal(err)
	}
	back := mustUnmarshal(t, string(out))
	if !reflect.DeepEqual(back.Players, h.Players) {
		t.Errorf("players = %q, want %q\n%s", back.Players, h.Players, out)
	}
	for k, v := range h.Fields {
		if !reflect.DeepEqual(back.Fields[k], v) {
			t.Errorf("field %q = %#v, want %#v\n%s", k, back.Fields[k], v, out)
		}
	}
	if got := back.Fields["_floats"].([]any)[3]; !math.IsInf(got.(float64), -1) {
		t.Errorf("-inf read back as %v", got)
	}

	for _, bad := range []map[string]any{{"_x": "\xff"}, {"_x": struct{}{}}, {"_x": []any{complex(1, 2)}}} {
		h.Fields = bad
		if _, err := Marshal(&h); err == nil || !strings.Contains(err.Error(), "_x") {
			t.Errorf("Marshal(%v) error = %v, want one naming _x", bad, err)
		}
	}
	h.Fields = nil
	h.Players[0] = "\xff"
	if _, err := Marshal(&h); err == nil || !strings.Contains(err.Error(), "players[0]") {
		t.Errorf("invalid UTF-8 player: error = %v", err)
	}
}

func TestMarshalBulkKeys(t *testing.T) {
	h := mustUnmarshal(t, base)
	a, b, c := h, h, h
	a.Key, b.Key, c.Key = "7", "", "7"
	out, err := MarshalBulk([]Hand{a, b, c})
	if err != nil {
		t.Fatal(err)
	}
	entries, err := ReadFile("x.phhs", out)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, e := range entries {
		keys = append(keys, e.Key)
	}
	if want := []string{"7", "2", "3"}; !reflect.DeepEqual(keys, want) {
		t.Errorf("keys = %q, want %q\n%s", keys, want, out)
	}
}

func TestUnitRule(t *testing.T) {
	h := mustUnmarshal(t, base)
	if h.Unit() != chips.Scale {
		t.Errorf("integer hand: Unit = %v", h.Unit())
	}
	h.Decimal = true
	if h.Unit() != 1 {
		t.Errorf("decimal hand: Unit = %v", h.Unit())
	}
}
