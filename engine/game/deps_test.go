package game_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRulesImportNoAdapters checks that engine/game is the rules only: it
// depends on no package of the simulator, evolution, viewer or replay
// format, nor on the PHH text format or the stats tracker (their adapters
// live in sim).
func TestRulesImportNoAdapters(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	require.NoError(t, err, "go list -deps")
	const mod = "github.com/deckforge/deckforge/"
	forbidden := []string{"sim", "evolve", "viewer", "replay", "engine/phh", "engine/stats"}
	deps := strings.Fields(string(out))
	require.Contains(t, deps, mod+"engine/game")
	for _, d := range deps {
		rel, ok := strings.CutPrefix(d, mod)
		if !ok {
			continue
		}
		for _, f := range forbidden {
			assert.Falsef(t, rel == f || strings.HasPrefix(rel, f+"/"), "engine/game depends on %s", d)
		}
	}
}
