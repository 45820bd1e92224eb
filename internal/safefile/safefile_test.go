package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/internal/limits"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	ok := filepath.Join(dir, "ok.phh")
	require.NoError(t, os.WriteFile(ok, []byte("0123456789"), 0o644))
	data, err := Read(ok, 10, limits.PHHBytes)
	require.NoError(t, err)
	assert.Equal(t, "0123456789", string(data))

	_, err = Read(ok, 9, limits.PHHBytes)
	var le *limits.Error
	require.True(t, errors.As(err, &le))
	assert.Equal(t, ok+": 10 bytes: the limit is 9 (raise it with --limits phh-bytes=N or DECKFORGE_LIMITS=phh-bytes=N)", err.Error())

	fifo := filepath.Join(dir, "fifo.phh")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	_, err = Read(fifo, 10, limits.PHHBytes)
	require.Error(t, err)
	assert.Equal(t, fifo+": not a regular file (a named pipe): refusing to read it", err.Error())

	_, err = Read(dir, 10, limits.PHHBytes)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not a regular file (a directory)")

	_, err = ReadKind("/dev/null", limits.Default(), limits.GenomeBytes)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not a regular file (a character device)")

	_, err = Read(filepath.Join(dir, "missing"), 10, limits.PHHBytes)
	assert.True(t, errors.Is(err, os.ErrNotExist))
}
