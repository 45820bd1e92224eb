package genome

import (
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/stretchr/testify/require"
)

func mustCards(t *testing.T, s string) []cards.Card {
	t.Helper()
	cs, err := cards.ParseList(s)
	require.NoError(t, err)
	return cs
}
