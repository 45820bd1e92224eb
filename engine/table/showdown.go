package table

import (
	"fmt"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/handeval"
)

// showdownStrength returns the strength of the best five-card hand made of
// hole and board (engine/handeval: higher is better, never 0), or an error
// when they are not five to seven distinct known cards.
func showdownStrength(hole, board []cards.Card) (uint32, error) {
	var buf [7]cards.Card
	all := append(append(buf[:0], hole...), board...)
	if len(all) < 5 || len(all) > 7 {
		return 0, fmt.Errorf("%d cards at the showdown, want 5 to 7", len(all))
	}
	if err := handeval.Check(all); err != nil {
		return 0, err
	}
	return uint32(handeval.Default().EvalN(all)), nil
}
