package game_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
	"github.com/stretchr/testify/require"
)

// checkInvariants checks what must hold in every state of every game: the
// chips are conserved, the turn count stays within Turns.MaxTurns, and the
// player to move has a choice.
func checkInvariants(s *game.State) error {
	p := s.Program()
	g := p.Genome()
	if p.HasChips() {
		total := s.Pot()
		for q := 0; q < s.Players(); q++ {
			total += s.Chips(q)
			if s.Chips(q) < 0 {
				return fmt.Errorf("p%d has %s chips", q, s.Chips(q))
			}
		}
		if want := chips.FromInt(int64(g.Setup.StartingChips) * int64(s.Players())); total != want {
			return fmt.Errorf("chips not conserved: %s in play, want %s", total, want)
		}
	}
	if s.Turn()-1 > int(g.Turns.MaxTurns) {
		return fmt.Errorf("%d turns played, max_turns %d", s.Turn()-1, g.Turns.MaxTurns)
	}
	if !s.Terminal() && s.NumLegal() < 2 {
		return fmt.Errorf("p%d to move with %d legal moves", s.ToMove(), s.NumLegal())
	}
	if s.Terminal() && s.Winners() == 0 {
		return fmt.Errorf("game over without a winner")
	}
	return nil
}

// playChecked plays one game with random moves through the checked path,
// checking the invariants after every move.
func playChecked(p *game.Program, s *game.State, players int, rng *rand.Rand, every int) error {
	if err := p.Reset(s, players, rng); err != nil {
		return err
	}
	var buf [128]game.Move
	for i := 0; !s.Terminal(); i++ {
		if i%every == 0 {
			if err := checkInvariants(s); err != nil {
				return fmt.Errorf("move %d: %w", i, err)
			}
		}
		legal := s.Legal(buf[:0])
		if len(legal) != s.NumLegal() {
			return fmt.Errorf("Legal gave %d moves, NumLegal %d", len(legal), s.NumLegal())
		}
		m := legal[rng.IntN(len(legal))]
		if err := s.Apply(m); err != nil {
			return fmt.Errorf("move %d %v: %w", i, m, err)
		}
		if i > 10_000_000 {
			return fmt.Errorf("no end after %d moves", i)
		}
	}
	return checkInvariants(s)
}

// TestSeedsRandom plays 10,000 games of every seed game with random moves
// (player counts cycling over the genome's range): every game ends, within
// max_turns, with winners, conserving chips.
func TestSeedsRandom(t *testing.T) {
	gs, err := genome.Seeds()
	require.NoError(t, err)
	for _, g := range gs {
		t.Run(g.ID, func(t *testing.T) {
			p, err := game.Compile(g)
			require.NoError(t, err)
			rng := rand.New(rand.NewPCG(11, uint64(len(g.ID))))
			var s game.State
			span := p.MaxPlayers() - p.MinPlayers() + 1
			wins := make([]int, p.MaxPlayers())
			games := 10_000
			if testing.Short() {
				games = 1_000 // make test-short: a quick pass; make test plays them all
			}
			for i := range games {
				n := p.MinPlayers() + i%span
				if err := playChecked(p, &s, n, rng, 7); err != nil {
					t.Fatalf("game %d (%d players): %v", i, n, err)
				}
				for q := 0; q < n; q++ {
					if s.Winners()&(1<<q) != 0 {
						wins[q]++
					}
				}
			}
			// Every seat wins sometimes: the game is not rigged by seat.
			for q := 0; q < p.MinPlayers(); q++ {
				if wins[q] == 0 {
					t.Errorf("p%d never won", q)
				}
			}
		})
	}
}
