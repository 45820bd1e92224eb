package sim

import (
	"testing"

	"github.com/deckforge/deckforge/genome"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSessionRun: a run is a session with sit-outs on and a genome with
// chips, a betting phase and blinds, whatever its agents; the error says
// which is missing. Only hold'em tables of house and random players play
// their hands on engine/table's runner (tableHands).
func TestSessionRun(t *testing.T) {
	holdem, err := genome.Seed("holdem_nl_6max")
	require.NoError(t, err)
	war, err := genome.Seed("war")
	require.NoError(t, err)
	on := SitOuts{Disconnect: 0.1}
	require.True(t, on.Enabled(), "the sit-outs of the test are enabled")
	assert.NoError(t, SessionRun(holdem, []string{"house", "random"}, on))
	assert.ErrorContains(t, SessionRun(holdem, []string{"house", "random"}, SitOuts{}), "sit-outs are off")
	assert.ErrorContains(t, SessionRun(war, []string{"house", "random"}, on), "no chips")
	assert.NoError(t, SessionRun(holdem, []string{"house", "greedy"}, on))
	omaha, err := genome.Seed("omaha_pl")
	require.NoError(t, err)
	assert.NoError(t, SessionRun(omaha, []string{"ismcts", "greedy"}, on))
	bj, err := genome.Seed("blackjack")
	require.NoError(t, err)
	assert.NoError(t, SessionRun(bj, []string{"random"}, on), "antes only")
	bj.Setup.Ante = 0
	assert.ErrorContains(t, SessionRun(bj, []string{"random"}, on), "no forced bets")
	noBet := *holdem
	noBet.Phases = []genome.Phase{holdem.Phases[len(holdem.Phases)-1]}
	assert.ErrorContains(t, SessionRun(&noBet, []string{"random"}, on), "no betting phase")

	assert.NoError(t, tableHands(holdem, []string{"house", "random"}))
	assert.ErrorContains(t, tableHands(holdem, []string{"house", "greedy"}), "seat 1")
	assert.Error(t, tableHands(omaha, []string{"random"}))
}
