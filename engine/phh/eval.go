package phh

import (
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/handeval"
)

// holdemStrength ranks two hole cards with a five-card board: the best five
// of the seven.
func holdemStrength(ev *handeval.Evaluator, hole, board []cards.Card) uint32 {
	var c [7]cards.Card
	copy(c[:2], hole)
	copy(c[2:], board)
	return uint32(ev.Eval7(&c))
}

// omahaStrength ranks four hole cards with a five-card board: exactly two
// hole cards with exactly three board cards.
func omahaStrength(ev *handeval.Evaluator, hole, board []cards.Card) uint32 {
	return uint32(ev.EvalOmaha(hole, board))
}
