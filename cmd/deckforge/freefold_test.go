package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/phh"
)

// A session hand in which a disconnected player's auto-action "fold" folds
// when a check is free cannot be PHH: phh convert refuses it by name and
// reason, counts it, writes the other hands (which verify) and exits 1.
func TestConvertRefusesFreeFold(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.phhs")
	code, _, errs := runCmd("phh", "convert", "--o", out, filepath.Join("testdata", "freefold", "session-auto-fold.dfr"))
	assert.Equal(t, 1, code, errs)
	assert.Contains(t, errs, `hand 0: actions[5] "p2 f": p2 folds when a check is free`)
	assert.Contains(t, errs, "wrote 5 hand(s), refused 1 (a fold when a check is free: 1; a fold out of turn: 0; other: 0)")
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	hands, err := phh.UnmarshalBulk(data)
	require.NoError(t, err)
	assert.Len(t, hands, 5)
	for i := range hands {
		_, err := phh.Replay(&hands[i])
		assert.NoError(t, err, "hand %d", i+1)
	}
	assert.Equal(t, 1, strings.Count(errs, "folds when a check is free"), "one refusal line")
}
