package game_test

import (
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/stretchr/testify/require"
)

// stackDeck returns p's deck with the cards of head (dealing order) first
// and every other card after them in the deck's order.
func stackDeck(t *testing.T, p *game.Program, head string) []cards.Card {
	t.Helper()
	first, err := cards.ParseList(head)
	require.NoError(t, err)
	g := p.Genome()
	all := g.Setup.Cards()
	seen := cards.SetOf(first...)
	if seen.Len() != len(first) {
		t.Fatalf("stacked deck repeats a card: %s", head)
	}
	deck := append([]cards.Card(nil), first...)
	for _, c := range all {
		if !seen.Has(c) {
			deck = append(deck, c)
		}
	}
	return deck
}

func set(t *testing.T, s string) cards.Set {
	t.Helper()
	cs, err := cards.ParseList(s)
	require.NoError(t, err)
	return cards.SetOf(cs...)
}

func card(s string) cards.Card { return cards.MustParse(s) }

// recorder keeps the events of a game and the stacks at the end of each
// hand.
type recorder struct {
	evs    []game.Event
	stacks [][]chips.Chips
}

func (r *recorder) Event(s *game.State, e *game.Event) {
	r.evs = append(r.evs, *e)
	if e.Kind == game.EvHandEnd {
		var st []chips.Chips
		for q := 0; q < s.Players(); q++ {
			st = append(st, s.Chips(q))
		}
		r.stacks = append(r.stacks, st)
	}
}

func (r *recorder) kinds(k game.EventKind) []game.Event {
	var out []game.Event
	for _, e := range r.evs {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

func startStacked(t *testing.T, id string, players int, head string) (*game.Program, *game.State, *recorder) {
	t.Helper()
	p := mustProgram(t, id)
	s := new(game.State)
	rec := &recorder{}
	s.Listen(rec)
	require.NoError(t, p.ResetDeck(s, players, stackDeck(t, p, head), rand.New(rand.NewPCG(1, 1))))
	return p, s, rec
}

func mustApply(t *testing.T, s *game.State, m game.Move) {
	t.Helper()
	if err := s.Apply(m); err != nil {
		t.Fatalf("apply %v: %v (legal: %v)", m, err, s.Legal(nil))
	}
}

func legalCards(s *game.State) cards.Set {
	var out cards.Set
	for _, m := range s.Legal(nil) {
		if m.Kind == game.MovePlay {
			out = out.Add(m.Card)
		}
	}
	return out
}

func joinCards(cs []string) string {
	out := ""
	for i, c := range cs {
		if i > 0 {
			out += " "
		}
		out += c
	}
	return out
}

func mustList(t *testing.T, s string) []cards.Card {
	t.Helper()
	cs, err := cards.ParseList(s)
	require.NoError(t, err)
	return cs
}
