package genome

import (
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
)

func mustCards(t *testing.T, s string) []cards.Card {
	t.Helper()
	cs, err := cards.ParseList(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}
