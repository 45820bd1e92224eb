package sim

import (
	"testing"

	"github.com/deckforge/deckforge/genome"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSessionRun: a run is a session only with sit-outs on, a hold'em
// genome and house or random agents; the error says which is missing.
func TestSessionRun(t *testing.T) {
	holdem, err := genome.Seed("holdem_nl_6max")
	require.NoError(t, err)
	war, err := genome.Seed("war")
	require.NoError(t, err)
	on := SitOuts{Disconnect: 0.1}
	require.True(t, on.Enabled(), "the sit-outs of the test are enabled")
	assert.NoError(t, SessionRun(holdem, []string{"house", "random"}, on))
	assert.ErrorContains(t, SessionRun(holdem, []string{"house", "random"}, SitOuts{}), "sit-outs are off")
	assert.Error(t, SessionRun(war, []string{"house", "random"}, on))
	assert.ErrorContains(t, SessionRun(holdem, []string{"house", "greedy"}, on), "seat 1")
}
