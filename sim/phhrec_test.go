package sim

import (
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/engine/phh"
	"github.com/stretchr/testify/require"
)

// TestPHHExportReplays plays hold'em and Omaha sessions with random moves,
// records their hands as PHH, writes and reads them back, and replays them
// with engine/phh: every hand replays strictly (no repaired action) to the
// finishing stacks the engine reached.
func TestPHHExportReplays(t *testing.T) {
	for _, tc := range []struct {
		id      string
		players []int
	}{{"holdem_nl_heads_up", []int{2}}, {"holdem_nl_6max", []int{2, 3, 6}}, {"omaha_pl", []int{2, 4, 6}}} {
		p := program(t, tc.id)
		rng := rand.New(rand.NewPCG(5, 6))
		total := 0
		for game_i := 0; game_i < 60; game_i++ {
			rec, err := NewPHHRecorder(p)
			require.NoError(t, err)
			var s game.State
			s.Listen(rec)
			n := tc.players[game_i%len(tc.players)]
			require.NoError(t, p.Reset(&s, n, rng))
			for !s.Terminal() {
				require.NoError(t, s.Apply(uniformMove(&s, rng)))
			}
			data, err := phh.MarshalBulk(rec.Hands)
			if err != nil {
				t.Fatalf("%s: marshal: %v", tc.id, err)
			}
			hands, err := phh.UnmarshalBulk(data)
			if err != nil {
				t.Fatalf("%s: unmarshal: %v\n%s", tc.id, err, data)
			}
			if len(hands) != len(rec.Hands) || len(hands) != s.HandNumber() {
				t.Fatalf("%s: %d hands read back, %d recorded, %d played", tc.id, len(hands), len(rec.Hands), s.HandNumber())
			}
			for i := range hands {
				h := &hands[i]
				res, err := phh.Replay(h)
				if err != nil {
					b, _ := phh.Marshal(h)
					t.Fatalf("%s game %d hand %d: replay: %v\n%s", tc.id, game_i, i+1, err, b)
				}
				if !res.Complete {
					t.Fatalf("%s hand %d: replay incomplete", tc.id, i+1)
				}
				for j := range res.Stacks {
					if res.Stacks[j] != h.FinishingStacks[j] {
						b, _ := phh.Marshal(h)
						t.Fatalf("%s game %d hand %d: replay ends with %v, engine with %v\n%s", tc.id, game_i, i+1, res.Stacks, h.FinishingStacks, b)
					}
				}
				total++
			}
		}
		t.Logf("%s: %d hands replayed", tc.id, total)
	}
}

// uniformMove draws one of the legal moves of s uniformly.
func uniformMove(s *game.State, rng *rand.Rand) game.Move {
	return s.LegalMove(rng.IntN(s.NumLegal()))
}
