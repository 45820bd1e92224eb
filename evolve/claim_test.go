package evolve

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cancelledAt runs tinyConfig in a new directory and cancels it once
// generation gen is checkpointed (gen < 0: before the first checkpoint).
func cancelledAt(t *testing.T, gen int) string {
	t.Helper()
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := Run(ctx, tinyConfig(), dir, Options{Workers: 2, Progress: func(p Progress) {
		if (gen < 0 && p.Stage == StageEvaluate && p.Done > 0) || (p.Row != nil && p.Row.Generation == gen) {
			cancel()
		}
	}})
	require.True(t, errors.Is(err, context.Canceled), "cancelled run: %v", err)
	return dir
}

func TestRunDirectoryIsLocked(t *testing.T) {
	dir := t.TempDir()
	release, err := claim(dir)
	require.NoError(t, err)
	_, err = Run(context.Background(), tinyConfig(), dir, Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "in use by another run")
	_, err = Resume(context.Background(), dir, Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "in use by another run")
	release()
	// Released: the directory can be claimed again.
	release, err = claim(dir)
	require.NoError(t, err)
	release()
}

func TestRestartInPlace(t *testing.T) {
	full := t.TempDir()
	_, err := Run(context.Background(), tinyConfig(), full, Options{Workers: 2})
	require.NoError(t, err)

	// Killed while writing config.json (a full disk): only leftovers.
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "experiment.toml"), []byte("name = 'tiny'\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "config.json.tmp"), []byte(`{"name": "ti`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, LockName), nil, 0o644))
	assert.True(t, Unstarted(dir))
	_, err = Resume(context.Background(), dir, Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "stopped before it wrote config.json")
	_, err = Run(context.Background(), tinyConfig(), dir, Options{Workers: 2})
	require.NoError(t, err)
	sameFile(t, full, dir, "generations.csv")
	assert.False(t, Unstarted(dir))

	// Killed before the first checkpoint: Resume starts it over.
	cut := cancelledAt(t, -1)
	_, err = os.Stat(filepath.Join(cut, "checkpoints"))
	require.Error(t, err, "a checkpoint was written before the cancel")
	_, err = Resume(context.Background(), cut, Options{Workers: 1})
	require.NoError(t, err)
	sameFile(t, full, cut, "generations.csv")
	sameFile(t, full, cut, "population.fb")
}

func TestResumeChecksCheckpoint(t *testing.T) {
	cut := cancelledAt(t, 1)
	cp, err := latestCheckpoint(cut)
	require.NoError(t, err)
	require.NotEmpty(t, cp)

	// A swapped config.json.
	swapped := copyDir(t, cut)
	cfg, err := ReadConfig(filepath.Join(swapped, "config.json"))
	require.NoError(t, err)
	cfg.Seed++
	js, err := json.Marshal(&cfg)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(swapped, "config.json"), js, 0o644))
	_, err = Resume(context.Background(), swapped, Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "written for another configuration")

	// An edited score.
	edited := copyDir(t, cut)
	stPath := filepath.Join(edited, "checkpoints", filepath.Base(cp), "state.json")
	data, err := os.ReadFile(stPath)
	require.NoError(t, err)
	var st map[string]any
	require.NoError(t, json.Unmarshal(data, &st))
	pop := st["population"].([]any)
	score := pop[0].(map[string]any)["score"].(map[string]any)
	score["fitness"] = score["fitness"].(float64) + 0.5
	data, err = json.Marshal(st)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(stPath, data, 0o644))
	_, err = Resume(context.Background(), edited, Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "population[0]")
	assert.Contains(t, err.Error(), "recorded fitness")
}

// copyDir copies the regular files of dir, recursively, into a new
// directory.
func copyDir(t *testing.T, dir string) string {
	t.Helper()
	out := t.TempDir()
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(out, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(out, rel), data, 0o644)
	})
	require.NoError(t, err)
	return out
}
