package sim

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/engine/stats"
	"github.com/stretchr/testify/require"
)

// TestStatsFeederMatchesPHH feeds the positional-stats tracker from the
// engine's events and, independently, from the same hands exported as PHH
// (stats.FromPHH): every player's counts agree.
func TestStatsFeederMatchesPHH(t *testing.T) {
	for _, id := range []string{"holdem_nl_heads_up", "holdem_nl_6max", "omaha_pl"} {
		p := program(t, id)
		rng := rand.New(rand.NewPCG(8, 9))
		hands := 0
		for gi := range 40 {
			n := p.MinPlayers() + gi%(p.MaxPlayers()-p.MinPlayers()+1)
			feeder := &StatsFeeder{}
			mine := make([]*stats.Totals, n)
			for i := range mine {
				mine[i] = &stats.Totals{}
			}
			feeder.Totals = mine
			rec, err := NewPHHRecorder(p)
			require.NoError(t, err)
			var s game.State
			s.Listen(game.ListenerFunc(func(s *game.State, e *game.Event) {
				feeder.Event(s, e)
				rec.Event(s, e)
			}))
			require.NoError(t, p.Reset(&s, n, rng))
			for !s.Terminal() {
				require.NoError(t, s.Apply(uniformMove(&s, rng)))
				if s.Terminal() {
					break
				}
				require.NoError(t, s.Apply(uniformMove(&s, rng)))
			}
			if feeder.Err != nil {
				t.Fatalf("%s: feeder: %v", id, feeder.Err)
			}
			if feeder.Hands != len(rec.Hands) {
				t.Fatalf("%s: fed %d hands, recorded %d", id, feeder.Hands, len(rec.Hands))
			}
			var agg stats.Aggregator
			var tr stats.Tracker
			for i := range rec.Hands {
				ph, err := stats.FromPHH(&rec.Hands[i])
				require.NoError(t, err)
				require.NoError(t, tr.Play(&ph.Log))
				require.NoError(t, agg.Add(&tr, ph.Names))
			}
			compared := 0
			for q := 0; q < n; q++ {
				theirs := agg.Player(fmt.Sprintf("seat%d", q+1))
				if theirs == nil {
					if mine[q].Counts != (stats.Counts{}) {
						t.Fatalf("%s: p%d has engine stats but no PHH hands", id, q)
					}
					continue
				}
				compared++
				if theirs.Counts != mine[q].Counts {
					t.Fatalf("%s game %d p%d: engine counts %v, PHH counts %v", id, gi, q, mine[q].Counts, theirs.Counts)
				}
			}
			if compared < 2 {
				t.Fatalf("%s game %d: compared %d players", id, gi, compared)
			}
			hands += feeder.Hands
		}
		t.Logf("%s: %d hands", id, hands)
	}
}
