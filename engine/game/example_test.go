package game_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
)

// Play one game of Crazy Eights with random moves.
func Example() {
	g, err := genome.Seed("crazy_eights")
	if err != nil {
		panic(err)
	}
	p, err := game.Compile(g) // once per genome; share it between goroutines
	if err != nil {
		panic(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	s, err := p.NewState(2, rng)
	if err != nil {
		panic(err)
	}
	for !s.Terminal() {
		if err := s.Apply(game.RandomMove(&s, rng)); err != nil {
			panic(err)
		}
	}
	fmt.Println("rewards:", s.Rewards(nil))
	fmt.Println("moves:", s.Moves(), "chosen:", s.Decisions())
	// Output:
	// rewards: [1 0]
	// moves: 97 chosen: 47
}

// The legal moves of a stacked Crazy Eights deal: p1 (left of the dealer)
// holds 8h Kd 4c 9s 2s and the discard pile shows Ks.
func ExampleState_Legal() {
	g, _ := genome.Seed("crazy_eights")
	p, _ := game.Compile(g)
	deck, _ := cards.ParseList("8h 5d Kd 7c 4c Jc 9s Qd 2s 3h Ks")
	rest := g.Setup.Cards()
	used := cards.SetOf(deck...)
	for _, c := range rest {
		if !used.Has(c) {
			deck = append(deck, c)
		}
	}
	var s game.State
	if err := p.ResetDeck(&s, 2, deck, rand.New(rand.NewPCG(1, 1))); err != nil {
		panic(err)
	}
	fmt.Printf("to move: p%d\n", s.ToMove())
	fmt.Println(s.Legal(nil))
	_ = s.Apply(game.Play(cards.MustParse("8h")))
	fmt.Println(s.Legal(nil))
	// Output:
	// to move: p1
	// [play 2s play 8h play 9s play Kd pass]
	// [suit c suit d suit h suit s]
}
