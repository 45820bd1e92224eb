package genome

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/schema/fb"
	"github.com/stretchr/testify/require"
)

// roundTrip checks JSON → Go → FlatBuffers → Go → JSON is the identity on
// canonical JSON j, and that both decodings hash the same.
func roundTrip(t *testing.T, name string, j []byte) {
	t.Helper()
	g, err := DecodeJSON(j)
	if err != nil {
		t.Fatalf("%s: DecodeJSON: %v", name, err)
	}
	b, err := EncodeFB(g)
	if err != nil {
		t.Fatalf("%s: EncodeFB: %v", name, err)
	}
	if !IsFlatBuffer(b) {
		t.Fatalf("%s: EncodeFB output lacks the file identifier", name)
	}
	g2, err := Decode(b)
	if err != nil {
		t.Fatalf("%s: DecodeFB: %v", name, err)
	}
	j2, err := EncodeJSON(g2)
	if err != nil {
		t.Fatalf("%s: EncodeJSON: %v", name, err)
	}
	if !bytes.Equal(j, j2) {
		t.Fatalf("%s: JSON → FB → JSON differs:\n%s\n---\n%s", name, j, j2)
	}
	h1, _ := ContentHash(g)
	h2, _ := ContentHash(g2)
	if h1 != h2 {
		t.Fatalf("%s: hash differs between encodings: %s vs %s", name, h1, h2)
	}
}

func TestSeedsRoundTripAndCanonical(t *testing.T) {
	ids := SeedIDs()
	if len(ids) < 12 {
		t.Fatalf("want at least 12 seeds, have %d", len(ids))
	}
	for _, id := range ids {
		raw, err := os.ReadFile(filepath.Join("seeds", id+".json"))
		require.NoError(t, err)
		g, err := DecodeJSON(raw)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		canon, err := EncodeJSON(g)
		require.NoError(t, err)
		if !bytes.Equal(raw, canon) {
			t.Errorf("%s: seed file is not in canonical JSON (rewrite it with deckforge genome convert --to json)", id)
		}
		if g.ID != id {
			t.Errorf("%s: id is %q, want the file name", id, g.ID)
		}
		if ps := Validate(g); len(ps) > 0 {
			t.Errorf("%s: invalid:\n%v", id, ps)
		}
		roundTrip(t, id, raw)
	}
}

func TestSeedsCoverTheKnownGames(t *testing.T) {
	want := []string{"war", "betting_war", "crazy_eights", "hearts", "old_maid", "go_fish", "cheat",
		"knockout_whist", "blackjack", "holdem_nl_heads_up", "holdem_nl_6max", "five_card_draw_fl", "omaha_pl"}
	for _, id := range want {
		if _, err := Seed(id); err != nil {
			t.Error(err)
		}
	}
	if _, err := Seed("nope"); err == nil || !strings.Contains(err.Error(), "no such seed") {
		t.Errorf("Seed(nope) = %v, want a no-such-seed error", err)
	}
}

func TestRandomRoundTrip10000(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	kinds := map[PhaseKind]int{}
	for i := range 10000 {
		g := Random(rng, DefaultRandomOptions())
		if ps := Validate(g); len(ps) > 0 {
			t.Fatalf("random genome %d is invalid:\n%v", i, ps)
		}
		for _, p := range g.Phases {
			kinds[p.Kind]++
		}
		j, err := EncodeJSON(g)
		require.NoError(t, err)
		roundTrip(t, g.ID, j)
	}
	for k := PhaseDeal; k <= PhaseAsk; k++ {
		if kinds[k] == 0 {
			t.Errorf("no random genome has a %s phase", k)
		}
	}
}

func TestRandomIsDeterministic(t *testing.T) {
	a := Random(rand.New(rand.NewPCG(1, 2)), DefaultRandomOptions())
	b := Random(rand.New(rand.NewPCG(1, 2)), DefaultRandomOptions())
	ja, _ := EncodeJSON(a)
	jb, _ := EncodeJSON(b)
	if !bytes.Equal(ja, jb) {
		t.Fatal("same seed, different genomes")
	}
}

func TestHashIgnoresMetadata(t *testing.T) {
	g, _ := Seed("hearts")
	h1, _ := ContentHash(g)
	c := g.Clone()
	c.ID, c.Name, c.Lineage, c.Generation = "x", "y", []string{"a", "b"}, 9
	h2, _ := ContentHash(c)
	if h1 != h2 {
		t.Fatal("metadata changed the content hash")
	}
	c.Setup.MaxPlayers = 5
	h3, _ := ContentHash(c)
	if h3 == h1 {
		t.Fatal("a content change kept the hash")
	}
}

func TestVersion1LoadsWithDefaults(t *testing.T) {
	raw, err := os.ReadFile("testdata/v1_betting_war.json")
	require.NoError(t, err)
	g, err := DecodeJSON(raw)
	require.NoError(t, err)
	if g.SchemaVersion != CurrentVersion {
		t.Errorf("decoded version %d, want %d", g.SchemaVersion, CurrentVersion)
	}
	if g.Setup.SmallBlind != 0 || g.Setup.BigBlind != 0 || g.Phases[0].Betting.Structure != FixedLimit {
		t.Errorf("v2 fields not at their defaults: %+v %+v", g.Setup, g.Phases[0].Betting)
	}
	if g.Setup.Ante != 0 {
		t.Errorf("ante %d, want 0 for a version-1 file", g.Setup.Ante)
	}
	// The hash survives the upgrade: it equals the hash of the upgraded
	// genome written back as version 2.
	up, _ := EncodeJSON(g)
	g2, err := DecodeJSON(up)
	require.NoError(t, err)
	h1, _ := ContentHash(g)
	h2, _ := ContentHash(g2)
	if h1 != h2 {
		t.Fatal("hash changed across the schema upgrade")
	}
	if !bytes.Contains(up, []byte(`"schema_version": 2`)) {
		t.Fatal("upgraded file does not say version 2")
	}
	// A version-1 file may not use version-2 fields.
	bad := bytes.Replace(raw, []byte(`"starting_chips": 100`), []byte(`"starting_chips": 100, "ante": 1`), 1)
	if _, err := DecodeJSON(bad); err == nil || !strings.Contains(err.Error(), "setup.ante: field added in schema version 2") {
		t.Fatalf("v1 file with ante: err = %v", err)
	}
}

func TestVersion1FlatBuffer(t *testing.T) {
	g, _ := Seed("betting_war")
	b, _ := EncodeFB(g)
	r := fb.GetRootAsGenome(b, 0)
	if !r.MutateSchemaVersion(1) {
		t.Fatal("cannot set the version")
	}
	// betting_war has an ante: a version-1 buffer cannot hold one.
	if _, err := DecodeFB(b); err == nil || !strings.Contains(err.Error(), "setup.ante") {
		t.Fatalf("v1 buffer with an ante: err = %v", err)
	}
	g.Setup.Ante = 0
	b, _ = EncodeFB(g)
	fb.GetRootAsGenome(b, 0).MutateSchemaVersion(1)
	got, err := DecodeFB(b)
	require.NoError(t, err)
	if got.SchemaVersion != CurrentVersion || got.Phases[0].Betting.Structure != FixedLimit {
		t.Fatalf("v1 buffer decoded as %+v", got)
	}
}

func TestDecodeJSONErrorsNamePaths(t *testing.T) {
	raw, _ := SeedJSON("five_card_draw_fl")
	cases := []struct {
		name, from, to, want string
	}{
		{"unknown field", `"jokers": 0,`, `"jokers": 0, "colour": 1,`, "setup.colour: unknown field"},
		{"wrong type", `"min_players": 2`, `"min_players": "2"`, "setup.min_players: want a number, got a string"},
		{"out of range", `"min_players": 2`, `"min_players": 300`, "setup.min_players: 300 is not an integer in 0..255"},
		{"fraction", `"min_players": 2`, `"min_players": 2.5`, "setup.min_players: 2.5 is not an integer"},
		{"negative", `"min_players": 2`, `"min_players": -1`, "setup.min_players: -1 is not an integer"},
		{"bad enum", `"structure": "fixed_limit"`, `"structure": "FIXED_LIMIT"`, `phases[0].betting.structure: "FIXED_LIMIT" is not a betstructure`},
		{"bad card", `"first_card": "2c"`, `"first_card": "2x"`, "turns.first_card:"},
		{"bad rank set", `"wild_ranks": []`, `"wild_ranks": ["eleven"]`, `setup.wild_ranks[0]: "eleven" is not a rank`},
		{"duplicate rank", `"wild_ranks": []`, `"wild_ranks": ["two", "two"]`, `setup.wild_ranks[1]: "two" is listed twice`},
		{"duplicate field", `"jokers": 0,`, `"jokers": 0, "jokers": 1,`, "setup.jokers: duplicate field"},
		{"wrong variant", `"kind": "discard",
      "discard": {`, `"kind": "discard",
      "draw": {`, "phases[1].draw: not allowed in a phase of kind discard"},
		{"missing variant", `"kind": "showdown",
      "showdown": {
        "method": "poker_high",
        "hole_cards": 0
      }`, `"kind": "showdown"`, "phases[3].showdown: missing"},
		{"bool", `"refill": true`, `"refill": 1`, "phases[1].discard.refill: want true or false, got a number"},
		{"array", `"phases": [`, `"phases": {}, "phases2": [`, "phases: want an array, got an object"},
		{"newer version", `"schema_version": 2`, `"schema_version": 3`, "schema_version: 3 is not a known version"},
		{"no version", `"schema_version": 2,`, ``, "schema_version: missing"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := strings.Replace(string(raw), c.from, c.to, 1)
			if in == string(raw) {
				t.Fatalf("replacement %q not found", c.from)
			}
			_, err := DecodeJSON([]byte(in))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want it to contain %q", err, c.want)
			}
		})
	}
	for _, bad := range []string{"", "[]", "{", `{"schema_version": 2} {}`, "nul"} {
		if _, err := DecodeJSON([]byte(bad)); err == nil {
			t.Errorf("DecodeJSON(%q) succeeded", bad)
		}
	}
}

func TestDecodeJSONMissingFieldsTakeDefaults(t *testing.T) {
	g, err := DecodeJSON([]byte(`{"schema_version": 2, "setup": {"deck": "short_36"}}`))
	require.NoError(t, err)
	if g.Setup.PointLimit != 21 || g.Setup.Deck != DeckShort36 {
		t.Fatalf("defaults not applied: %+v", g.Setup)
	}
	g, err = DecodeJSON([]byte(`{"schema_version": 2}`))
	require.NoError(t, err)
	if g.Setup.PointLimit != 21 {
		t.Fatalf("missing setup: point_limit %d, want 21", g.Setup.PointLimit)
	}
}

func TestEncodeRejectsValuesWithoutNames(t *testing.T) {
	g, _ := Seed("war")
	g.Phases[0].Trick.Winner = 99
	if _, err := EncodeJSON(g); err == nil || !strings.Contains(err.Error(), "phases[0].trick.winner") {
		t.Fatalf("EncodeJSON: %v", err)
	}
	if _, err := EncodeFB(g); err == nil {
		t.Fatal("EncodeFB accepted an enum out of range")
	}
	ps := Validate(g)
	if len(ps) == 0 || ps[0].Path != "phases[0].trick.winner" {
		t.Fatalf("Validate: %v", ps)
	}
}

func TestPhaseFieldOrderMatchesKinds(t *testing.T) {
	// Phase's variant fields sit at the index of their kind; the JSON codec
	// relies on it.
	var p Phase
	for k := PhaseDeal; k <= PhaseAsk; k++ {
		p = Phase{Kind: k}
		g := &Genome{SchemaVersion: 2, Phases: []Phase{p}}
		j, err := EncodeJSON(g)
		require.NoError(t, err)
		if !bytes.Contains(j, []byte(`"`+k.String()+`": {`)) {
			t.Fatalf("kind %s encodes the wrong variant:\n%s", k, j)
		}
	}
}

func TestCloneIsDeep(t *testing.T) {
	g, _ := Seed("hearts")
	c := g.Clone()
	c.Phases[1].Trick.LeadCondition.Args[0].Args[0].Value = 99
	c.Scoring[0].Points = 7
	if g.Phases[1].Trick.LeadCondition.Args[0].Args[0].Value == 99 || g.Scoring[0].Points == 7 {
		t.Fatal("Clone shares memory with the original")
	}
}

func TestHandPointTotals(t *testing.T) {
	cases := []struct {
		hand string
		want int
	}{{"As Kd", 21}, {"As Ad", 12}, {"As Kd 5c", 16}, {"9s 9d 5c", 23}, {"2c 3c", 5}, {"Xr", 0}}
	for _, c := range cases {
		hand := mustCards(t, c.hand)
		if got := HandPoints(hand, 21); got != c.want {
			t.Errorf("HandPoints(%s) = %d, want %d", c.hand, got, c.want)
		}
	}
}
