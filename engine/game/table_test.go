package game_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
)

// playTableHand plays one table hand of p with random moves and returns
// the finishing stacks by seat.
func playTableHand(t *testing.T, p *game.Program, cfg *betting.HandConfig, seed uint64) (*game.State, []chips.Chips) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	var s game.State
	require.NoError(t, p.ResetHand(&s, cfg, rng))
	require.True(t, s.TableHand())
	for k := 0; !s.Terminal(); k++ {
		require.Less(t, k, 100000, "the hand does not end")
		require.NoError(t, s.Apply(game.RandomMove(&s, rng)))
	}
	n := len(cfg.Stacks)
	fin := make([]chips.Chips, n)
	for q := 0; q < n; q++ {
		fin[p.TableSeat(n, q)] = s.Chips(q)
	}
	return &s, fin
}

func TestResetHandPlaysOneHand(t *testing.T) {
	c := chips.FromInt
	for _, id := range []string{"holdem_nl_6max", "omaha_pl", "five_card_draw_fl", "betting_war", "blackjack"} {
		t.Run(id, func(t *testing.T) {
			p := mustProgram(t, id)
			// Six seats: seat 2 sits out, seat 4 is short; the button is
			// on seat 0, blinds on 1 and 3 (the seat between sits out),
			// a returning player's dead blind is in the pot.
			cfg := betting.HandConfig{
				Stacks:    []chips.Chips{c(100), c(80), 0, c(200), c(1), c(50)},
				Antes:     []chips.Chips{c(1), c(1), 0, c(1), c(1), c(1)},
				Blinds:    []chips.Chips{0, c(1), 0, c(2), 0, 0},
				Button:    0,
				DeadMoney: c(3), FirstToAct: 4, FirstToActPostflop: 1, Unit: 1,
			}
			var total chips.Chips = cfg.DeadMoney
			for _, x := range cfg.Stacks {
				total += x
			}
			for seed := uint64(1); seed <= 40; seed++ {
				s, fin := playTableHand(t, p, &cfg, seed)
				var sum chips.Chips
				for _, x := range fin {
					sum += x
					assert.GreaterOrEqual(t, x, chips.Chips(0))
				}
				assert.Equal(t, total, sum, "seed %d: chips conserved", seed)
				assert.Equal(t, chips.Chips(0), fin[2], "seed %d: the seat that sits out stays at 0", seed)
				assert.Equal(t, 1, s.HandNumber(), "seed %d: one hand", seed)
				assert.True(t, s.Eliminated(2), "seed %d: the seat that sits out is out of the game", seed)
			}
		})
	}
}

func TestResetHandCounterClockwise(t *testing.T) {
	g, err := genome.Seed("holdem_nl_6max")
	require.NoError(t, err)
	g.Turns.Direction = genome.CounterClockwise
	p, err := game.Compile(g)
	require.NoError(t, err)
	assert.Equal(t, 0, p.TableSeat(4, 0))
	assert.Equal(t, 3, p.TableSeat(4, 1))
	assert.Equal(t, 1, p.TableSeat(4, 3))
	c := chips.FromInt
	cfg := betting.HandConfig{Stacks: []chips.Chips{c(10), 0, c(10), c(10)}, Blinds: []chips.Chips{0, 0, c(1), c(2)},
		Button: 1, FirstToAct: 0, FirstToActPostflop: 2}
	for seed := uint64(1); seed <= 20; seed++ {
		s, fin := playTableHand(t, p, &cfg, seed)
		assert.Equal(t, chips.Chips(0), fin[1])
		assert.Equal(t, c(30), fin[0]+fin[2]+fin[3])
		assert.True(t, s.Eliminated(3), "player 3 sits in seat 1, not dealt in")
	}
}

func TestResetHandErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	var s game.State
	c := chips.FromInt
	err := mustProgram(t, "war").ResetHand(&s, &betting.HandConfig{Stacks: []chips.Chips{c(1), c(1)}}, rng)
	assert.ErrorContains(t, err, "not played with chips")
	p := mustProgram(t, "holdem_nl_6max")
	err = p.ResetHand(&s, &betting.HandConfig{Stacks: []chips.Chips{c(1), 0}}, rng)
	assert.ErrorContains(t, err, "table hand")
	err = p.ResetHand(&s, &betting.HandConfig{Stacks: []chips.Chips{c(1)}}, rng)
	assert.ErrorContains(t, err, "2..")
	err = p.ResetHand(&s, &betting.HandConfig{Stacks: []chips.Chips{c(1), c(1)}}, nil)
	assert.ErrorContains(t, err, "nil rng")
}

func TestResetHandNoAllocs(t *testing.T) {
	p := mustProgram(t, "holdem_nl_6max")
	c := chips.FromInt
	cfg := &betting.HandConfig{Stacks: []chips.Chips{c(100), c(100), c(100)}, Blinds: []chips.Chips{0, c(1), c(2)},
		FirstToAct: 0, FirstToActPostflop: 1}
	rng := rand.New(rand.NewPCG(1, 2))
	s := new(game.State)
	allocs := testing.AllocsPerRun(50, func() {
		if err := p.ResetHand(s, cfg, rng); err != nil {
			t.Fatal(err)
		}
		for !s.Terminal() {
			s.ApplyUnchecked(game.RandomMove(s, rng))
		}
	})
	assert.Zero(t, allocs)
}
