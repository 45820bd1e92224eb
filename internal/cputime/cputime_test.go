//go:build linux

package cputime

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSelfAndOfGrowWithWork(t *testing.T) {
	a, ok := Self()
	require.True(t, ok)
	x := 0
	for i := range 50_000_000 {
		x += i ^ x
	}
	b, ok := Self()
	require.True(t, ok)
	assert.Greater(t, b, a, "busy loop (%d) used no CPU", x)
	p, ok := Of(os.Getpid())
	require.True(t, ok)
	assert.InDelta(t, float64(b), float64(p), float64(b)/2+2e7, "Of(self) and Self disagree")
	_, ok = Of(-1)
	assert.False(t, ok)
}
