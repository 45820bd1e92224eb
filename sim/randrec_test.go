package sim

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/replay"
)

// Random chip genomes record: a showdown before the betting is over (the
// forced bets not yet called) gives the uncalled bet back with an event,
// long hands with more than 127 betting rounds keep their round numbers in
// range, and every replay decodes, validates and ends with the chips the
// game started with.
func TestReplaysOfRandomChipGenomes(t *testing.T) {
	const genomes = 300
	rng := rand.New(rand.NewPCG(14, 2))
	opts := genome.DefaultRandomOptions()
	opts.ChipsProbability = 1
	recorded := 0
	for i := 0; recorded < genomes; i++ {
		g := genome.Random(rng, opts)
		p, err := game.Compile(g)
		require.NoError(t, err)
		if !p.HasChips() {
			continue
		}
		recorded++
		players := p.MinPlayers() + i%(p.MaxPlayers()-p.MinPlayers()+1)
		fn, files := collect(t)
		_, err = Run(context.Background(), p, []string{"random"}, 2, uint64(i), 1, Options{Players: players, Replay: fn})
		if !assert.NoError(t, err, "genome %d (%d players): %s", i, players, genomeJSON(g)) {
			continue
		}
		start := chips.FromInt(int64(g.Setup.StartingChips)) * chips.Chips(players)
		for k, data := range files {
			r, err := replay.Decode(data)
			require.NoError(t, err, "genome %d game %d", i, k)
			require.NoError(t, r.Validate(), "genome %d game %d", i, k)
			var sum chips.Chips
			for _, f := range r.Hands[len(r.Hands)-1].Final {
				sum += f.Stack
			}
			assert.Equal(t, start, sum, "genome %d game %d: chips at the end", i, k)
		}
	}
}

func genomeJSON(g *genome.Genome) string {
	data, err := genome.EncodeJSON(g)
	if err != nil {
		return fmt.Sprint(err)
	}
	return string(data)
}
