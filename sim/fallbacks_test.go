package sim

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/sim/agent"
	"github.com/deckforge/deckforge/sim/agent/house"
)

// House players' fallbacks reach the metrics instead of being swallowed:
// an evaluation budget of one step makes every evaluation fall back.
func TestHouseFallbacksCounted(t *testing.T) {
	p := program(t, "five_card_draw_fl")
	cfg := house.DefaultConfig()
	cfg.EvalBudget = 1
	res, err := Run(context.Background(), p, []string{"house", "greedy"}, 6, 1, 2, Options{Agent: agent.Options{House: cfg}})
	require.NoError(t, err)
	f := res.Metrics.HouseFallbacks
	assert.Positive(t, f.BudgetExceeded)
	assert.Equal(t, f.Total(), f.InvalidState+f.EvalFailed+f.BudgetExceeded+f.IllegalAction)
	var buf bytes.Buffer
	require.NoError(t, res.Metrics.WriteTable(&buf))
	assert.Contains(t, buf.String(), "House fallbacks")

	res, err = Run(context.Background(), p, []string{"house", "greedy"}, 6, 1, 2, Options{})
	require.NoError(t, err)
	assert.Zero(t, res.Metrics.HouseFallbacks.Total(), "the default budget suffices")
}
