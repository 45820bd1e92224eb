package experiments

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/internal/limits"
)

// TestOpenHonoursLimits: an experiment file is read within the limits
// given (config-bytes, depth), not the defaults; a refusal names the file
// and the limit.
func TestOpenHonoursLimits(t *testing.T) {
	text, err := Builtin("quickstart")
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "mine.toml")
	require.NoError(t, os.WriteFile(path, text, 0o644))

	_, _, err = OpenWith(path, limits.Limits{})
	require.NoError(t, err, "zero limits are the defaults")

	_, _, err = OpenWith(path, limits.Limits{ConfigBytes: 64})
	var le *limits.Error
	require.True(t, errors.As(err, &le), "%v", err)
	assert.Equal(t, path, le.File)
	assert.Equal(t, limits.ConfigBytes, le.Limit)
	assert.Equal(t, int64(len(text)), le.Got)
	assert.Contains(t, err.Error(), "the limit is 64 (raise it with --limits config-bytes=N")

	// [evolution] and friends are tables: one level.
	_, _, err = OpenWith(path, limits.Limits{Depth: 1})
	require.True(t, errors.As(err, &le), "%v", err)
	assert.Equal(t, path, le.File)
	assert.Equal(t, "depth", le.Limit)

	// A shipped experiment is held to the limits too.
	_, _, err = OpenWith("quickstart", limits.Limits{ConfigBytes: 64})
	require.True(t, errors.As(err, &le), "%v", err)
	assert.Equal(t, "quickstart.toml", le.File)

	// Nested 80 deep: refused by the default depth (64) before the TOML
	// parser sees it; with depth=100 it reaches the parser, which names
	// the key.
	deep := []byte("x = " + strings.Repeat("[", 80) + strings.Repeat("]", 80) + "\n")
	_, err = Parse(deep, "deep.toml")
	require.True(t, errors.As(err, &le), "%v", err)
	assert.Equal(t, "deep.toml", le.File)
	_, err = ParseWith(deep, "deep.toml", limits.Limits{Depth: 100})
	require.Error(t, err)
	assert.False(t, errors.As(err, &le), "a raised depth limit still refused it: %v", err)
	assert.Contains(t, err.Error(), "deep.toml: line 1: x: unknown key")
}
