package table

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGraceBoundary pins properties 18 and 20 at the boundary of the grace
// period, for several grace periods: a player who disconnected at hand h is
// still seated at hand h+grace (Expire leaves it, Reconnect keeps its
// seat) and stands up at hand h+grace+1. A check off by one hand either
// way fails here.
func TestGraceBoundary(t *testing.T) {
	for grace := 0; grace <= 4; grace++ {
		start := func() (*Presence, State) {
			p, err := NewPresence(grace)
			require.NoError(t, err)
			s := load(t, "06-leave-hand8.json") // hand 8, p2 to act after the flop
			s, err = p.Disconnect(s, "Player2")
			require.NoError(t, err)
			return p, s
		}

		p, s := start()
		s.Hand += grace
		s, gone, err := p.Expire(s)
		require.NoError(t, err)
		assert.Empty(t, gone, "grace %d: expired at the last hand of the grace period", grace)
		assert.NotEqual(t, Leave, s.Intents[1], "grace %d", grace)
		_, kept, err := p.Reconnect(s, "Player2")
		require.NoError(t, err)
		assert.True(t, kept, "grace %d: seat lost at the last hand of the grace period", grace)

		p, s = start()
		s.Hand += grace + 1
		s, gone, err = p.Expire(s)
		require.NoError(t, err)
		assert.Equal(t, []string{"Player2"}, gone, "grace %d: not expired one hand after the grace period", grace)
		assert.Equal(t, Leave, s.Intents[1], "grace %d", grace)
		_, kept, err = p.Reconnect(s, "Player2")
		require.NoError(t, err)
		assert.False(t, kept, "grace %d: seat kept after the grace period", grace)
	}
}
