package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/experiments"
	"github.com/deckforge/deckforge/internal/limits"
)

// TestLimitsReachRunFiles: --limits and DECKFORGE_LIMITS reach every file
// deckforge evolve reads (the experiment file, config.json, the
// checkpoint), lowered and raised; each refusal names the file and the
// limit.
func TestLimitsReachRunFiles(t *testing.T) {
	dir := t.TempDir()
	text, err := experiments.Builtin("quickstart")
	require.NoError(t, err)
	exp := filepath.Join(dir, "mine.toml")
	require.NoError(t, os.WriteFile(exp, text, 0o644))

	// The experiment file, lowered by --limits.
	code, _, errs := runSim("--limits", "config-bytes=64", "evolve", exp, "--out", filepath.Join(dir, "out1"), "--quiet")
	assert.Equal(t, 1, code, errs)
	assert.Contains(t, errs, "mine.toml: ")
	assert.Contains(t, errs, "bytes: the limit is 64 (raise it with --limits config-bytes=N")

	// The experiment file, lowered by the environment.
	t.Setenv(limits.EnvVar, "depth=1")
	code, _, errs = runSim("evolve", exp, "--out", filepath.Join(dir, "out2"), "--quiet")
	assert.Equal(t, 1, code, errs)
	assert.Contains(t, errs, "mine.toml: line ")
	assert.Contains(t, errs, "levels of nesting: the limit is 1 (raise it with --limits depth=N")

	// config.json, lowered by the environment.
	t.Setenv(limits.EnvVar, "config-bytes=64")
	run := runDir(t, dir, "run1")
	code, _, errs = runSim("evolve", "--resume", run, "--quiet")
	assert.Equal(t, 1, code, errs)
	assert.Contains(t, errs, filepath.Join(run, "config.json")+": ")
	assert.Contains(t, errs, "the limit is 64 (raise it with --limits config-bytes=N")

	// The checkpoint's state.json, lowered by --limits over the
	// environment's (which leaves config.json alone).
	t.Setenv(limits.EnvVar, "state-bytes=1MB")
	run = runDir(t, dir, "run2")
	state := filepath.Join(run, "checkpoints", "gen-0001", "state.json")
	require.NoError(t, os.Truncate(state, 2048))
	code, _, errs = runSim("--limits", "state-bytes=1KB", "evolve", "--resume", run, "--quiet")
	assert.Equal(t, 1, code, errs)
	assert.Contains(t, errs, state+": 2048 bytes: the limit is 1024 (raise it with --limits state-bytes=N")

	// Raised: an 8 MB config.json (over the default 4 MB) gets past the
	// size check to the JSON parser.
	t.Setenv(limits.EnvVar, "")
	run = runDir(t, dir, "run3")
	require.NoError(t, os.WriteFile(filepath.Join(run, "config.json"), []byte(strings.Repeat(" ", 8<<20)+"x"), 0o644))
	code, _, errs = runSim("evolve", "--resume", run, "--quiet")
	assert.Equal(t, 1, code, errs)
	assert.Contains(t, errs, "the limit is 4194304 (raise it with --limits config-bytes=N")
	code, _, errs = runSim("--limits", "config-bytes=16MB", "evolve", "--resume", run, "--quiet")
	assert.Equal(t, 1, code, errs)
	assert.NotContains(t, errs, "the limit is", "a raised limit still refused it")
	assert.Contains(t, errs, "config.json: invalid character 'x'")
}

// TestReadWorkersLimits: a run's workers.json is read within the limits:
// a regular file within config-bytes, nested within depth.
func TestReadWorkersLimits(t *testing.T) {
	dir := t.TempDir()
	got, err := readWorkers(dir, limits.Limits{})
	require.NoError(t, err)
	assert.Empty(t, got, "no workers.json")

	path := filepath.Join(dir, workersFile)
	require.NoError(t, os.WriteFile(path, []byte(`[{"id": "a", "jobs": 3}, {"id": "b", "jobs": 4}]`), 0o644))
	got, err = readWorkers(dir, limits.Limits{})
	require.NoError(t, err)
	assert.Equal(t, map[string]int{"a": 3, "b": 4}, got)

	_, err = readWorkers(dir, limits.Limits{ConfigBytes: 16})
	require.Error(t, err)
	assert.Contains(t, err.Error(), path+": 48 bytes: the limit is 16 (raise it with --limits config-bytes=N")

	_, err = readWorkers(dir, limits.Limits{Depth: 1})
	require.Error(t, err)
	assert.Contains(t, err.Error(), path+": line 1: more than 1 levels of nesting: the limit is 1 (raise it with --limits depth=N")

	require.NoError(t, os.Remove(path))
	require.NoError(t, os.Mkdir(path, 0o755))
	_, err = readWorkers(dir, limits.Limits{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), path+": not a regular file (a directory)")
}
