package phh

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/pelletier/go-toml/v2"
)

// base is a valid NT hand; tests replace or add lines.
const base = `variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 AsKs', 'd dh p2 ????', 'd dh p3 7h6h', 'p3 f', 'p1 cc', 'p2 cc']
`

// with returns base with the line of field key replaced by line (or line
// appended when base has no such field; an empty line deletes the field).
func with(key, line string) string {
	var out []string
	found := false
	for _, l := range strings.Split(strings.TrimRight(base, "\n"), "\n") {
		if strings.HasPrefix(l, key+" =") {
			found = true
			if line != "" {
				out = append(out, line)
			}
			continue
		}
		out = append(out, l)
	}
	if !found {
		out = append(out, line)
	}
	return strings.Join(out, "\n") + "\n"
}

func mustUnmarshal(t *testing.T, doc string) Hand {
	t.Helper()
	h, err := Unmarshal([]byte(doc))
	if err != nil {
		t.Fatalf("Unmarshal: %v\n%s", err, doc)
	}
	return h
}

func TestUnmarshalBase(t *testing.T) {
	h := mustUnmarshal(t, base)
	if h.Variant != NoLimitTexasHoldem || h.NumPlayers() != 3 || h.MinBet != chips.FromInt(2) {
		t.Errorf("got variant %q, %d players, min_bet %v", h.Variant, h.NumPlayers(), h.MinBet)
	}
	want := []chips.Chips{chips.FromInt(1), chips.FromInt(2), 0}
	if !reflect.DeepEqual(h.BlindsOrStraddles, want) {
		t.Errorf("blinds = %v, want %v", h.BlindsOrStraddles, want)
	}
	if h.Decimal || h.Unit() != chips.Scale {
		t.Errorf("integer amounts: Decimal = %v, Unit = %v; want false, 1 chip", h.Decimal, h.Unit())
	}
	if len(h.Actions) != 6 || h.Actions[1].Cards[0] != cards.None || h.Actions[5].Kind != CheckCall {
		t.Errorf("actions = %+v", h.Actions)
	}
	if h.AnteTrimming != nil || h.FinishingStacks != nil || h.Players != nil || h.Fields != nil {
		t.Errorf("absent fields read as present: %+v", h)
	}
}

func TestUnmarshalExactAmounts(t *testing.T) {
	tests := []struct {
		stacks  string
		want    []chips.Chips
		decimal bool
	}{
		{"[75.25, 10112.5, 3]", []chips.Chips{7525, 1011250, 300}, true},
		{"[75, 10112, 3]", []chips.Chips{7500, 1011200, 300}, false},
		{"[434.70, 0.01, 12.60]", []chips.Chips{43470, 1, 1260}, true},
		{"[123456789012.34, 9007199254740.99, 1]", []chips.Chips{12345678901234, 900719925474099, 100}, true},
		{"[1_000, 2_500.5, 1e3]", []chips.Chips{100000, 250050, 100000}, true},
		{"[10000.0, 9775.0, 1]", []chips.Chips{1000000, 977500, 100}, true},
	}
	for _, tc := range tests {
		h := mustUnmarshal(t, with("starting_stacks", "starting_stacks = "+tc.stacks))
		if !reflect.DeepEqual(h.StartingStacks, tc.want) {
			t.Errorf("%s: stacks = %v, want %v", tc.stacks, h.StartingStacks, tc.want)
		}
		if h.Decimal != tc.decimal {
			t.Errorf("%s: Decimal = %v, want %v", tc.stacks, h.Decimal, tc.decimal)
		}
	}
	// A decimal cbr amount alone makes the hand decimal.
	h := mustUnmarshal(t, with("actions", `actions = ['d dh p1 AsKs', 'd dh p2 ????', 'd dh p3 7h6h', 'p3 cbr 7.5']`))
	if !h.Decimal || h.Unit() != 1 || h.Actions[3].Amount != 750 {
		t.Errorf("cbr 7.5: Decimal = %v, Unit = %v, amount = %v", h.Decimal, h.Unit(), h.Actions[3].Amount)
	}
}

func TestUnmarshalKeepsEveryField(t *testing.T) {
	doc := base + `# a comment line
ante_trimming_status = true
author = 'Juho Kim'
city = 'Las Vegas'
day = 22
year = 2023
time = 14:53:46
hand = 'ABC-1'
table = 7
seats = [3, 1, 2]
seat_count = 6
players = ['Ann', "B'ob", "C\"al\u00e9"]
finishing_stacks = [101, 99, 100]
winnings = [3, 0, 0]
time_banks = [30, 30.5, 0]
rake = 0.5
venue_notes = "late \\ night"
_inactive = [0, 0, 1]
_intents = [0, 2, 3]
_deadBlinds = [0, 1.5, 0]
_sponsors = ['', 'GGPoker', '']
_meta = { level = 3, tags = ['x', 'y'], when = 2024-01-02 }
_stamp = 2024-05-06T07:08:09Z
`
	h := mustUnmarshal(t, doc)
	if h.AnteTrimming == nil || !*h.AnteTrimming {
		t.Errorf("ante_trimming_status not read")
	}
	if !reflect.DeepEqual(h.Seats, []int{3, 1, 2}) || h.SeatCount != 6 {
		t.Errorf("seats %v seat_count %d", h.Seats, h.SeatCount)
	}
	if !reflect.DeepEqual(h.Players, []string{"Ann", "B'ob", "C\"al\u00e9"}) {
		t.Errorf("players %q", h.Players)
	}
	if !reflect.DeepEqual(h.Inactive, []int{0, 0, 1}) || !reflect.DeepEqual(h.Intents, []int{0, 2, 3}) ||
		!reflect.DeepEqual(h.DeadBlinds, []chips.Chips{0, 150, 0}) {
		t.Errorf("user fields: %v %v %v", h.Inactive, h.Intents, h.DeadBlinds)
	}
	if h.Fields["city"] != "Las Vegas" || h.Fields["day"] != int64(22) || h.Fields["table"] != int64(7) {
		t.Errorf("metadata: %v", h.Fields)
	}
	if h.Fields["time"] != (toml.LocalTime{Hour: 14, Minute: 53, Second: 46}) {
		t.Errorf("time = %#v", h.Fields["time"])
	}
	if h.Label() != "ABC-1" {
		t.Errorf("Label() = %q", h.Label())
	}
	if !reflect.DeepEqual(h.Fields["_sponsors"], []any{"", "GGPoker", ""}) || h.Fields["rake"] != 0.5 {
		t.Errorf("user/unknown fields: %v", h.Fields)
	}
	out, err := Marshal(&h)
	if err != nil {
		t.Fatal(err)
	}
	back := mustUnmarshal(t, string(out))
	if !reflect.DeepEqual(back, h) {
		t.Errorf("round trip differs:\n%s\ngot  %+v\nwant %+v", out, back, h)
	}
	// Standard fields come first in the standard's order, user fields last.
	text := string(out)
	order := []string{"variant", "ante_trimming_status", "antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions", "author", "city", "time", "day", "year", "hand", "seats", "seat_count", "table", "players", "finishing_stacks", "winnings", "time_banks", "rake", "venue_notes", "_inactive", "_intents", "_deadBlinds", "_meta", "_sponsors", "_stamp"}
	last := -1
	for _, k := range order {
		i := strings.Index(text, "\n"+k+" =")
		if k == "variant" {
			i = strings.Index(text, k+" =")
		}
		if i <= last {
			t.Errorf("field %s out of order in\n%s", k, text)
		}
		last = i
	}
}

func TestUnmarshalComments(t *testing.T) {
	doc := `# The first televised million dollar pot.
variant = "NT"   # no-limit
antes = [500, 500, 500]
blinds_or_straddles = [1000, 2000, 0]
min_bet = 2000
starting_stacks = [1125600, 2000000, 553500]
actions = [
  # Pre-flop
  "d dh p1 Ac2d",  # Ivey
  "d dh p2 ????",  # Antonius
  "d dh p3 7h6h",

  "p3 cbr 7000 # Dwan opens",
  "",
  "# a standalone commentary",
]
`
	h := mustUnmarshal(t, doc)
	if len(h.Actions) != 6 {
		t.Fatalf("%d actions, want 6", len(h.Actions))
	}
	if a := h.Actions[3]; a.Kind != BetRaise || a.Comment != "Dwan opens" {
		t.Errorf("actions[3] = %+v", a)
	}
	if a := h.Actions[4]; a.Kind != NoOp || a.Comment != "" {
		t.Errorf("actions[4] = %+v", a)
	}
	if a := h.Actions[5]; a.Kind != NoOp || a.Comment != "a standalone commentary" {
		t.Errorf("actions[5] = %+v", a)
	}
	out, err := Marshal(&h)
	if err != nil {
		t.Fatal(err)
	}
	if back := mustUnmarshal(t, string(out)); !reflect.DeepEqual(back, h) {
		t.Errorf("round trip differs:\n%s", out)
	}
}

func TestUnmarshalErrors(t *testing.T) {
	tests := []struct {
		doc   string
		field string // Error.Field
		msg   string // part of Error.Msg
	}{
		{with("variant", ""), "variant", "missing"},
		{with("variant", "variant = 3"), "variant", "want a string, got integer"},
		{with("variant", "variant = 'XX'"), "variant", `"XX" is not a PHH variant code`},
		{with("variant", "variant = 'PS'"), "variant", "not a PHH variant code"},
		{with("min_bet", ""), "min_bet", "missing (required for NT)"},
		{with("variant", "variant = 'FT'"), "small_bet", "missing (required for FT)"},
		{with("variant", "variant = 'F7S'"), "bring_in", "missing (required for F7S)"},
		{with("actions", ""), "actions", "missing"},
		{with("antes", ""), "antes", "missing"},
		{with("starting_stacks", ""), "starting_stacks", "missing (required)"},
		{with("starting_stacks", "starting_stacks = '100'"), "starting_stacks", "want an array of numbers, got string"},
		{with("starting_stacks", "starting_stacks = [100]"), "starting_stacks", "1 players"},
		{with("starting_stacks", "starting_stacks = [100, 0, 5]"), "starting_stacks[1]", "not positive"},
		{with("starting_stacks", "starting_stacks = [100, -5, 5]"), "starting_stacks[1]", "not positive"},
		{with("starting_stacks", "starting_stacks = [100, inf, 5]"), "starting_stacks[1]", "not a finite amount"},
		{with("starting_stacks", "starting_stacks = [100, nan, 5]"), "starting_stacks[1]", "not a finite amount"},
		{with("starting_stacks", "starting_stacks = [100, 1.005, 5]"), "starting_stacks[1]", "more than two decimal places"},
		{with("starting_stacks", "starting_stacks = [100, 'x', 5]"), "starting_stacks[1]", "want a number, got string"},
		{with("starting_stacks", "starting_stacks = [100, 99999999999999999, 5]"), "starting_stacks[1]", "out of range"},
		{with("antes", "antes = [0, 0]"), "antes", "2 entries for 3 players"},
		{with("antes", "antes = [0, -1, 0]"), "antes[1]", "not non-negative"},
		{with("blinds_or_straddles", "blinds_or_straddles = [1, 2, true]"), "blinds_or_straddles[2]", "want a number, got boolean"},
		{with("min_bet", "min_bet = 0"), "min_bet", "not positive"},
		{with("min_bet", "min_bet = [2]"), "min_bet", "want a number, got array"},
		{with("actions", "actions = 'p1 f'"), "actions", "want an array of strings, got string"},
		{with("actions", "actions = ['d dh p1 AsKs', 3]"), "actions[1]", "want a string, got integer"},
		{with("actions", "actions = ['d dh p1 AsKs', 'p7 f']"), "actions[1]", "player p7 does not exist (3 players)"},
		{with("actions", "actions = ['d dh p1 AsKz']"), "actions[0]", "unknown suit"},
		{with("actions", "actions = ['p1 cbr ten']"), "actions[0]", "not a decimal number"},
		{base + "finishing_stacks = [1, 2]\n", "finishing_stacks", "2 entries for 3 players"},
		{base + "finishing_stacks = [1, -2, 3]\n", "finishing_stacks[1]", "not non-negative"},
		{base + "winnings = [1, 2, {a = 1}]\n", "winnings[2]", "want a number, got table"},
		{base + "players = ['a', 'b']\n", "players", "2 entries for 3 players"},
		{base + "players = ['a', 'b', 3]\n", "players[2]", "want a string, got integer"},
		{base + "seats = [1, 0, 2]\n", "seats[1]", "out of range"},
		{base + "seats = [1, 2.5, 2]\n", "seats[1]", "want an integer, got float"},
		{base + "seat_count = 0\n", "seat_count", "not a positive seat count"},
		{base + "seat_count = 'six'\n", "seat_count", "want an integer, got string"},
		{base + "ante_trimming_status = 1\n", "ante_trimming_status", "want a boolean"},
		{base + "_inactive = [0, 2, 0]\n", "_inactive[1]", "out of range [0, 1]"},
		{base + "_intents = [0, 4, 0]\n", "_intents[1]", "out of range [0, 3]"},
		{base + "_deadBlinds = [0, 1]\n", "_deadBlinds", "2 entries for 3 players"},
		{base + "time = '14:53:46'\n", "time", "want a local time"},
		{base + "day = '22'\n", "day", "want an integer, got string"},
		{base + "hand = 1.5\n", "hand", "want a string or an integer, got float"},
		{base + "author = ['x']\n", "author", "want a string, got array"},
		{base + "time_limit = 'soon'\n", "time_limit", "want a number"},
		{base + "time_banks = [1, 2]\n", "time_banks", "2 entries for 3 players"},
		{base + "time_banks = [1, 2, 'x']\n", "time_banks[2]", "want a number, got string"},
	}
	for _, tc := range tests {
		_, err := Unmarshal([]byte(tc.doc))
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("want an *Error for field %s, got %v\n%s", tc.field, err, tc.doc)
			continue
		}
		if e.Field != tc.field || !strings.Contains(e.Msg, tc.msg) {
			t.Errorf("error = %q (field %q), want field %q and %q", err, e.Field, tc.field, tc.msg)
		}
	}
}

func TestUnmarshalSyntaxError(t *testing.T) {
	doc := "variant = 'NT'\nantes = [0, 0\nmin_bet = 2\n"
	_, err := Unmarshal([]byte(doc))
	var e *Error
	if !errors.As(err, &e) || e.Line < 2 || !strings.Contains(e.Msg, "toml") {
		t.Fatalf("error = %#v, want a TOML error with a line", err)
	}
	for _, doc := range []string{base + "variant = 'FT'\n", "variant = 'NT'\n[x]\n[x]\n"} {
		if _, err := Unmarshal([]byte(doc)); err == nil {
			t.Errorf("accepted invalid TOML:\n%s", doc)
		}
	}
}

func TestReadFileBulk(t *testing.T) {
	doc := "# two good hands, one bad\n[1]\n" + base + "\n[2]\n" + with("antes", "antes = [0, 0]") + "\n[3]\n" + base
	entries, err := ReadFile("dir/x.phhs", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 3 {
		t.Fatalf("%d entries, want 3", len(entries))
	}
	for i, key := range []string{"1", "2", "3"} {
		if entries[i].Key != key {
			t.Errorf("entries[%d].Key = %q, want %q", i, entries[i].Key, key)
		}
	}
	if entries[0].Err != nil || entries[2].Err != nil {
		t.Errorf("good hands failed: %v, %v", entries[0].Err, entries[2].Err)
	}
	if entries[0].Hand.Key != "1" || entries[2].Hand.Label() != "3" {
		t.Errorf("hand keys: %q %q", entries[0].Hand.Key, entries[2].Hand.Label())
	}
	want := "dir/x.phhs: hand 2: antes: 2 entries for 3 players"
	if err := entries[1].Err; err == nil || err.Error() != want {
		t.Errorf("bad hand error = %v, want %q", err, want)
	}

	hands, err := UnmarshalBulk([]byte(doc))
	if len(hands) != 2 || err == nil || !strings.Contains(err.Error(), "hand 2: antes") {
		t.Errorf("UnmarshalBulk = %d hands, %v", len(hands), err)
	}

	// A top-level value that is not a table is a file error.
	_, err = ReadFile("y.phhs", []byte("variant = 'NT'\n[1]\n"+base))
	if err == nil || !strings.HasPrefix(err.Error(), "y.phhs: variant: a .phhs file holds only hand tables") {
		t.Errorf("error = %v", err)
	}
	// A syntax error names the file and line.
	_, err = ReadFile("z.phh", []byte("variant = 'NT'\nantes = [0,\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "z.phh:") {
		t.Errorf("error = %v", err)
	}
	// A single-hand file with a bad field gives an entry with its error.
	entries, err = ReadFile("w.phh", []byte(with("min_bet", "")))
	if err != nil || len(entries) != 1 || entries[0].Err == nil || entries[0].Err.Error() != "w.phh: min_bet: missing (required for NT)" {
		t.Errorf("ReadFile = %v, %v", entries, err)
	}
}

func TestValidate(t *testing.T) {
	h := mustUnmarshal(t, base)
	if err := h.Validate(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		edit  func(h *Hand)
		field string
	}{
		{"undefined variant", func(h *Hand) { h.Variant = "ZZ" }, "variant"},
		{"one player", func(h *Hand) { h.StartingStacks = h.StartingStacks[:1] }, "starting_stacks"},
		{"zero stack", func(h *Hand) { h.StartingStacks[2] = 0 }, "starting_stacks[2]"},
		{"no antes", func(h *Hand) { h.Antes = nil }, "antes"},
		{"no min_bet", func(h *Hand) { h.MinBet = 0 }, "min_bet"},
		{"no blinds", func(h *Hand) { h.BlindsOrStraddles = nil }, "blinds_or_straddles"},
		{"FT without bets", func(h *Hand) { h.Variant = "FT" }, "small_bet"},
		{"stud without bring-in", func(h *Hand) { h.Variant = "FR" }, "bring_in"},
		{"short antes", func(h *Hand) { h.Antes = h.Antes[:2] }, "antes"},
		{"negative winnings", func(h *Hand) { h.Winnings = []chips.Chips{0, -1, 0} }, "winnings[1]"},
		{"short players", func(h *Hand) { h.Players = []string{"a"} }, "players"},
		{"short seats", func(h *Hand) { h.Seats = []int{} }, "seats"},
		{"short intents", func(h *Hand) { h.Intents = []int{0} }, "_intents"},
		{"player out of range", func(h *Hand) { h.Actions[3].Player = 5 }, "actions[3]"},
		{"dealer folds", func(h *Hand) { h.Actions[3].Player = Dealer }, "actions[3]"},
		{"zero raise", func(h *Hand) { h.Actions[4] = Action{Kind: BetRaise, Player: 0} }, "actions[4]"},
		{"bad kind", func(h *Hand) { h.Actions[4].Kind = 99 }, "actions[4]"},
		{"joker", func(h *Hand) { h.Actions[0].Cards[0] = cards.RedJoker }, "actions[0]"},
		{"bad card", func(h *Hand) { h.Actions[0].Cards[0] = 77 }, "actions[0]"},
	}
	for _, tc := range tests {
		h := mustUnmarshal(t, base)
		tc.edit(&h)
		err := h.Validate()
		var e *Error
		if !errors.As(err, &e) || e.Field != tc.field {
			t.Errorf("%s: error = %v, want one for field %s", tc.name, err, tc.field)
		}
		if _, rerr := Replay(&h); rerr == nil {
			t.Errorf("%s: Replay accepted an invalid hand", tc.name)
		}
	}
}
