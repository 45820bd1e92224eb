package evolve

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/internal/limits"
)

// limitErr requires err to be a *limits.Error of the named limit and
// returns it.
func limitErr(t *testing.T, err error, limit string) *limits.Error {
	t.Helper()
	require.Error(t, err)
	var le *limits.Error
	require.True(t, errors.As(err, &le), "not a limits error: %v", err)
	assert.Equal(t, limit, le.Limit, "%v", err)
	assert.Contains(t, err.Error(), "--limits "+limit+"=N", "the message says how to raise it")
	return le
}

// TestReadConfigHonoursLimits: a run's config.json is read within the
// limits given, not the defaults: lowered, the same file is refused with
// its name, the limit and its value; raised, a file nested deeper than the
// default is read past the depth check.
func TestReadConfigHonoursLimits(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.json")
	cfg := tinyConfig()
	require.NoError(t, writeConfigJSON(path, &cfg))
	st, err := os.Stat(path)
	require.NoError(t, err)

	_, err = ReadConfigWith(path, limits.Limits{})
	require.NoError(t, err, "zero limits are the defaults")

	le := limitErr(t, mustFail(ReadConfigWith(path, limits.Limits{ConfigBytes: 100})), limits.ConfigBytes)
	assert.Equal(t, path, le.File)
	assert.Equal(t, int64(100), le.Max)
	assert.Equal(t, st.Size(), le.Got)
	assert.Contains(t, le.Error(), "the limit is 100")

	le = limitErr(t, mustFail(ReadConfigWith(path, limits.Limits{Depth: 2})), "depth")
	assert.Equal(t, path, le.File)

	// Nested 80 deep: past the default depth (64), within a raised one;
	// then refused as JSON that is not a configuration, not by a limit.
	deep := filepath.Join(dir, "deep.json")
	require.NoError(t, os.WriteFile(deep, []byte(`{"x":`+strings.Repeat("[", 80)+strings.Repeat("]", 80)+`}`), 0o644))
	limitErr(t, mustFail(ReadConfig(deep)), "depth")
	_, err = ReadConfigWith(deep, limits.Limits{Depth: 100})
	require.Error(t, err)
	var le2 *limits.Error
	assert.False(t, errors.As(err, &le2), "a raised depth limit still refused it: %v", err)
}

func mustFail[T any](_ T, err error) error { return err }

// writeConfigJSON writes cfg as Run writes config.json.
func writeConfigJSON(path string, cfg *Config) error {
	js, err := json.MarshalIndent(cfg, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(js, '\n'), 0o644)
}

// TestResumeHonoursLimits: Resume reads config.json and the checkpoint
// (state.json, population.fb, archive.fb) within Options.Limits; every
// refusal names the file, the field and the limit.
func TestResumeHonoursLimits(t *testing.T) {
	cut := cancelledAt(t, 1)
	cp, err := latestCheckpoint(cut)
	require.NoError(t, err)
	require.NotEmpty(t, cp)

	resume := func(lim limits.Limits) error {
		_, err := Resume(context.Background(), copyDir(t, cut), Options{Workers: 1, Limits: lim})
		return err
	}
	le := limitErr(t, resume(limits.Limits{ConfigBytes: 64}), limits.ConfigBytes)
	assert.Equal(t, "config.json", filepath.Base(le.File))

	le = limitErr(t, resume(limits.Limits{StateBytes: 64}), limits.StateBytes)
	assert.Equal(t, "state.json", filepath.Base(le.File))
	assert.Equal(t, filepath.Base(cp), filepath.Base(filepath.Dir(le.File)))

	// One phase at most: the first genome of the population with more is
	// named (which one that is depends on what evolution made).
	le = limitErr(t, resume(limits.Limits{Phases: 1}), "phases")
	assert.Equal(t, "population.fb", filepath.Base(le.File))
	assert.Regexp(t, `^genome \d+ at byte \d+: phases$`, le.Field)
	assert.Contains(t, le.Error(), "population.fb: "+le.Field+": ")

	le = limitErr(t, resume(limits.Limits{GenomeBytes: 16}), limits.GenomeBytes)
	assert.Equal(t, "population.fb", filepath.Base(le.File))
	assert.Contains(t, le.Field, "genome 0")

	// Within the defaults, the same directory resumes.
	require.NoError(t, resume(limits.Limits{}))
}

// TestDecodePopulationWithLimits: each genome of a population is held to
// the limits; the default limits accept what EncodePopulation writes.
func TestDecodePopulationWithLimits(t *testing.T) {
	var gs []*genome.Genome
	for _, id := range []string{"war", "hearts"} {
		g, err := genome.Seed(id)
		require.NoError(t, err)
		gs = append(gs, g)
	}
	data, err := EncodePopulation(gs)
	require.NoError(t, err)
	back, err := DecodePopulationWith(data, limits.Limits{})
	require.NoError(t, err)
	assert.Len(t, back, 2)

	// War has one phase, Hearts more.
	_, err = DecodePopulationWith(data, limits.Limits{Phases: 1})
	le := limitErr(t, err, "phases")
	assert.True(t, strings.HasPrefix(le.Field, "genome 1 at byte "), le.Field)

	// A JSON genome inside a population is refused, not parsed.
	js, err := genome.EncodeJSON(gs[0])
	require.NoError(t, err)
	bad := append([]byte{byte(len(js)), byte(len(js) >> 8), 0, 0}, js...)
	_, err = DecodePopulationWith(bad, limits.Limits{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "genome 0 at byte 0: not a FlatBuffers genome")
}
