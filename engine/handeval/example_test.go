package handeval_test

import (
	"fmt"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/handeval"
)

func mustList(s string) []cards.Card {
	cs, err := cards.ParseList(s)
	if err != nil {
		panic(err)
	}
	return cs
}

func ExampleEvaluator_Eval7() {
	e := handeval.New()
	var alice, bob [7]cards.Card
	copy(alice[:], mustList("As Ad 9c 9h 4s 2d Kh"))
	copy(bob[:], mustList("Qs Jd 9c 9h 4s 2d Kh"))
	a, b := e.Eval7(&alice), e.Eval7(&bob)
	fmt.Println(a.Category(), b.Category(), a > b)
	// Output: two-pair one-pair true
}

func ExampleEvaluator_Best() {
	e := handeval.New()
	h := e.Best(mustList("As 2d 3h 4s 5c Kd Qh"))
	fmt.Println(h.Strength, h.Category(), h)
	// Output: 16385 straight 5c 4s 3h 2d As
}

func ExampleEvaluator_EvalOmaha() {
	e := handeval.New()
	hole := mustList("Ah Kh Qh Jh") // four hearts in the hand...
	board := mustList("Th 2c 3d 7s 8c")
	fmt.Println(e.EvalOmaha(hole, board).Category()) // ...but only two may play
	fmt.Println(e.BestOmaha(hole, board))
	// Output:
	// high-card
	// Ah Kh Th 8c 7s
}

func ExampleStrength_Category() {
	s := handeval.Strength(handeval.FullHouse)<<handeval.CategoryShift | 1
	fmt.Println(s.Category())
	// Output: full-house
}
