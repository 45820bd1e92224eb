package rulebook

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/genome"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden rulebooks in testdata/rules")

// TestRulesGolden compares each seed's rulebook with testdata/rules/ID.txt
// (go test ./genome -run RulesGolden -update rewrites them).
func TestRulesGolden(t *testing.T) {
	for _, id := range genome.SeedIDs() {
		g, err := genome.Seed(id)
		require.NoError(t, err)
		got := Rules(g)
		path := filepath.Join("testdata", "rules", id+".txt")
		if *update {
			require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
			continue
		}
		want, err := os.ReadFile(path)
		require.NoError(t, err, "run with -update to create it")
		assert.Equal(t, string(want), got, "%s: rulebook differs from %s (run with -update if the change is intended)", id, path)
	}
}

// TestRulesMentionTheGame checks phrases a player of each real game looks
// for, so a golden file cannot drift away from the game unnoticed.
func TestRulesMentionTheGame(t *testing.T) {
	want := map[string][]string{
		"war":                {"top card of their face-down pile", "it is war", "wins all the cards"},
		"betting_war":        {"antes 2 chips", "highest card wins", "Fixed limit"},
		"crazy_eights":       {"same suit as the top card", "Eights can always be played", "names a suit", "draw cards from the stock one at a time"},
		"hearts":             {"pass them face down", "follow the suit led", "1 point for each heart", "13 points for each queen of spades", "lowest score wins", "two of clubs", "a heart has already been played"},
		"old_maid":           {"queen of clubs (Qc) removed", "every pair", "last player left holding cards loses"},
		"go_fish":            {"Go fish!", "book (all four cards of one rank)", "another turn"},
		"cheat":              {"Cheat!", "must announce aces, the next twos", "take the whole centre pile"},
		"knockout_whist":     {"7 cards in the first hand and 1 fewer", "its suit is trumps", "won no trick is knocked out", "last player not knocked out"},
		"blackjack":          {"without going over 21", "an ace 1 (or 11", "keep drawing"},
		"holdem_nl_heads_up": {"No limit", "small blind of 1 chip", "big blind of 2 chips", "Deal 3 cards face up as community cards", "best five-card poker hand"},
		"holdem_nl_6max":     {"Players: 2 to 6", "No limit"},
		"five_card_draw_fl":  {"discard 0 to 3 cards", "draw as many cards from the stock", "exactly 4 chips"},
		"omaha_pl":           {"Pot limit", "exactly 2 of their own cards and 3 community cards"},
	}
	for id, phrases := range want {
		g, err := genome.Seed(id)
		require.NoError(t, err)
		text := strings.Join(strings.Fields(Rules(g)), " ")
		for _, p := range phrases {
			assert.Contains(t, text, p, "%s: rulebook lacks %q", id, p)
		}
	}
}

// TestEveryPhaseKindHasASentence fails, naming the kind, when phaseText
// has no sentence for a phase kind.
func TestEveryPhaseKindHasASentence(t *testing.T) {
	g, err := genome.Seed("holdem_nl_heads_up")
	require.NoError(t, err)
	for _, k := range genome.PhaseKinds() {
		text := phaseText(g, &genome.Phase{Kind: k}, false)
		assert.NotEqualf(t, unknownPhase, text, "phase kind %s has no sentence in phaseText (genome/rulebook/rulebook.go)", k)
	}
}

func TestRulesSimplifyConditions(t *testing.T) {
	g, err := genome.Seed("crazy_eights")
	require.NoError(t, err)
	g.Phases[0].Play.Condition = genome.Or(g.Phases[0].Play.Condition, genome.AnyPlayer(genome.Num(genome.TestHandSize, genome.CmpGt, 60)))
	text := Rules(g)
	assert.NotContains(t, text, "60 cards", "a 52-card deck never puts 61 cards in a hand")
	assert.Contains(t, text, "same suit as the top card")
}

// A turn cycle that stops after one pass is one turn, not "turns until
// always".
func TestRulesCycleOfOneTurn(t *testing.T) {
	g, err := genome.Seed("knockout_whist")
	require.NoError(t, err)
	g.Turns.CycleUntil = genome.Always()
	text := Rules(g)
	assert.Contains(t, text, "The starting player takes one turn.")
	assert.NotContains(t, text, "until always")
}
