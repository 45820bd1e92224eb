package sim

import (
	"context"
	"math/bits"
	"slices"
	"sync"
	"testing"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/viewer/replay"
)

// collect returns an Options.Replay that encodes every replay and keeps
// the bytes by game index.
func collect(t testing.TB) (func(int, *replay.Replay) error, map[int][]byte) {
	var mu sync.Mutex
	out := map[int][]byte{}
	return func(i int, r *replay.Replay) error {
		data, err := replay.Encode(r)
		if err != nil {
			return err
		}
		mu.Lock()
		out[i] = data
		mu.Unlock()
		return nil
	}, out
}

// Every seed game's replays decode, rebuild without a single chip or card
// out of place, and end with the game's winners.
func TestReplaysOfSeedGames(t *testing.T) {
	for _, id := range genome.SeedIDs() {
		p := program(t, id)
		for _, players := range []int{p.MinPlayers(), p.MaxPlayers()} {
			fn, files := collect(t)
			res, err := Run(context.Background(), p, []string{"random"}, 4, 11, 2, Options{Players: players, Replay: fn, KeepGames: true})
			if err != nil {
				t.Fatalf("%s, %d players: %v", id, players, err)
			}
			for i, g := range res.Games {
				r, err := replay.Decode(files[i])
				if err != nil {
					t.Fatalf("%s game %d: %v", id, i, err)
				}
				if err := r.Validate(); err != nil {
					t.Fatalf("%s game %d: %v", id, i, err)
				}
				if r.Game.Seed != g.Seed || r.Game.SeatCount != players || len(r.Hands) != g.Hands {
					t.Fatalf("%s game %d: seed %d seats %d hands %d, want %d %d %d", id, i, r.Game.Seed, r.Game.SeatCount, len(r.Hands), g.Seed, players, g.Hands)
				}
				last := &r.Hands[len(r.Hands)-1]
				var win []int
				for _, e := range last.Events {
					if e.Kind == replay.Win {
						win = e.Seats
					}
				}
				var want []int
				for m := g.Winners; m != 0; m &= m - 1 {
					want = append(want, bits.TrailingZeros16(m))
				}
				if !slices.Equal(win, want) {
					t.Fatalf("%s game %d: replay winners %v, game winners %v", id, i, win, want)
				}
				if p.HasChips() {
					var sum chips.Chips
					for _, f := range last.Final {
						sum += f.Stack
					}
					start := chips.FromInt(int64(p.Genome().Setup.StartingChips)) * chips.Chips(players)
					if sum != start {
						t.Fatalf("%s game %d: %s chips at the end, %s at the start", id, i, sum, start)
					}
				}
			}
		}
	}
}
