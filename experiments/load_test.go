package experiments

import (
	"strings"
	"testing"

	"github.com/deckforge/deckforge/evolve"
)

func TestShippedExperimentsValidate(t *testing.T) {
	want := []string{"betting", "house-table", "quickstart", "trick-taking"}
	if got := Names(); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("Names() = %v, want %v", got, want)
	}
	for _, name := range want {
		cfg, text, err := Open(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if cfg.Name != name {
			t.Errorf("%s: name %q", name, cfg.Name)
		}
		if len(text) == 0 {
			t.Errorf("%s: no text", name)
		}
		// The weights are fixed in the file: the file's weights are the
		// resolved ones.
		if len(cfg.Fitness.Weights) == 0 {
			t.Errorf("%s: no [fitness.weights] in the file", name)
		}
		for k, v := range cfg.Fitness.ResolvedWeights() {
			if cfg.Fitness.Weights[k] != v {
				t.Errorf("%s: weight %s = %v comes from the preset, not the file", name, k, v)
			}
		}
	}
}

// TestBadExperimentsNameTheKey checks that every kind of mistake gives an
// error that names the TOML key.
func TestBadExperimentsNameTheKey(t *testing.T) {
	base, err := Builtin("quickstart")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, old, new, key string
	}{
		{"unknown top-level key", `model = "ga"`, "model = \"ga\"\ncolour = 3", "colour"},
		{"unknown nested key", "tournament_size = 3", "tournament_size = 3\nsize = 4", "selection.size"},
		{"wrong type", "size = 32", `size = "big"`, "population.size"},
		{"bad model", `model = "ga"`, `model = "hill"`, "model"},
		{"population too small", "size = 32", "size = 1", "population.size"},
		{"elites too many", "elites = 4", "elites = 40", "population.elites"},
		{"unknown seed", `seeds = ["all"]`, `seeds = ["poker9"]`, "population.seeds[0]"},
		{"bad probability", "chips_probability = 0.5", "chips_probability = 1.5", "population.chips_probability"},
		{"odd games", "games = 24", "games = 25", "evaluation.games"},
		{"one agent", `agents = ["random", "greedy"]`, `agents = ["random"]`, "evaluation.agents"},
		{"unknown agent", `agents = ["random", "greedy"]`, `agents = ["random", "wizard"]`, "evaluation.agents[1]"},
		{"timed agent", `agent = "ismcts:10"`, `agent = "ismcts:500ms"`, "skill.agent"},
		{"turn cap", "max_turns = 300", "max_turns = 99999999", "evaluation.max_turns"},
		{"unknown mechanic", "max_turns = 300", "max_turns = 300\nrequire = [\"dice\"]", "evaluation.require[0]"},
		{"ablation games", "max_turns = 300", "max_turns = 300\nablation_games = -1", "evaluation.ablation_games"},
		{"draw rate", "max_forced_share = 0.9", "max_forced_share = 0.9\nmax_draw_rate = 2.0", "gates.max_draw_rate"},
		{"players", "players = 3", "players = 12", "evaluation.players"},
		{"preset", `preset = "balanced"`, `preset = "fun"`, "fitness.preset"},
		{"unknown weight", "tension = 0.10", "suspense = 0.10", "fitness.weights.suspense"},
		{"negative weight", "tension = 0.10", "tension = -1.0", "fitness.weights.tension"},
		{"gate order", "max_decisions = 120", "max_decisions = 1", "gates.max_decisions"},
		{"descriptor", `name = "game_length"`, `name = "beauty"`, "archive.descriptors[1].name"},
		{"bins", "bins = 6", "bins = 0", "archive.descriptors[1].bins"},
		{"games factor", "games_factor = 10", "games_factor = 2", "remeasure.games_factor"},
		{"mutation weight", "max_ops = 2", "max_ops = 2\n[mutation.weights]\nshuffle_deck = 1", "mutation.weights.shuffle_deck"},
		{"toml syntax", "size = 32", "size = = 32", "line"},
	}
	for _, c := range cases {
		text := strings.Replace(string(base), c.old, c.new, 1)
		if text == string(base) {
			t.Fatalf("%s: %q not found in quickstart.toml", c.name, c.old)
		}
		_, err := Parse([]byte(text), "bad.toml")
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "bad.toml: ") || !strings.Contains(msg, c.key) {
			t.Errorf("%s: error %q does not name bad.toml and %q", c.name, msg, c.key)
		}
	}
}

func TestParseDefaultsAndName(t *testing.T) {
	cfg, err := Parse([]byte("generations = 3\n"), "dir/tiny.toml")
	if err != nil {
		t.Fatal(err)
	}
	def := evolve.DefaultConfig()
	if cfg.Name != "tiny" || cfg.Generations != 3 || cfg.Population.Size != def.Population.Size ||
		len(cfg.Archive.Descriptors) != len(def.Archive.Descriptors) {
		t.Errorf("got %+v", cfg)
	}
	cfg, err = Parse([]byte("[[archive.descriptors]]\nname = \"branching\"\nmin = 1.0\nmax = 5.0\nbins = 4\n"), "x.toml")
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Archive.Descriptors) != 1 || cfg.Archive.Descriptors[0].Name != "branching" {
		t.Errorf("descriptors %+v: the file's list must replace the default", cfg.Archive.Descriptors)
	}
}

func FuzzParse(f *testing.F) {
	for _, name := range Names() {
		data, _ := Builtin(name)
		f.Add(data)
	}
	f.Add([]byte("generations = 3\n[population]\nsize = 4\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := Parse(data, "fuzz.toml")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.toml: ") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		if err := cfg.Validate(); err != nil {
			t.Fatalf("Parse accepted an invalid config: %v", err)
		}
	})
}
