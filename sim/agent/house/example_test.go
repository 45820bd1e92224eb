package house_test

import (
	"fmt"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/sim/agent/house"
)

// A house player on the flop with top pair and the nut flush draw, facing
// a bet of 10 into 30 in a no-limit hand.
func Example() {
	m, err := house.NewManager(house.DefaultConfig())
	if err != nil {
		panic(err)
	}
	p, err := house.NewPlayer(3, m, house.NewRand(2024, 3))
	if err != nil {
		panic(err)
	}
	hole, _ := cards.ParseList("Ah Kh")
	board, _ := cards.ParseList("Kd 7h 2h")
	c := chips.FromInt
	d, err := p.Decide(house.Situation{
		Class: house.Holdem, Hole: hole, Board: board, Opponents: 1,
		Legal: betting.Legal{Seat: 1, CanFold: true, CanCall: true, CallAmount: c(10),
			CanRaise: true, MinAmount: c(20), MaxAmount: c(190)},
		Pot: c(30), ToCall: c(10), Stack: c(190), BigBlind: c(2), Round: 1, Rounds: 4,
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Name())
	fmt.Printf("strength %.3f, %d outs (%.3f to improve)\n", d.Strength, d.Outs, d.Improve)
	fmt.Println(d.Action.Kind, d.Action.Amount, d.Reasoning)
	// Output:
	// HousePlayer3
	// strength 0.969, 20 outs (0.675 to improve)
	// raise 50 strong_hand
}

// A five-card draw hand keeps its pair and draws three.
func ExampleDrawEvaluator_Discards() {
	hole, _ := cards.ParseList("Qs 9d Qc 5h 2s")
	d, _ := house.DrawEvaluator{}.Discards(house.Situation{Hole: hole, Opponents: 1, Discard: true, MaxDiscards: 3}, 10)
	for _, i := range d.Indices(nil) {
		fmt.Print(hole[i], " ")
	}
	fmt.Println()
	// Output: 9d 5h 2s
}

func ExampleConfig_Validate() {
	c := house.DefaultConfig()
	c.Aggression = 12
	c.BluffFrequency = 0.2
	fmt.Println(c.Validate())
	// Output:
	// house: config: aggression 12 is outside [1, 10]
	// house: config: bluff_frequency 0.2 is outside [0.05, 0.15]
}

func ExampleName() {
	fmt.Println(house.Name(7))
	n, err := house.ParseName("HousePlayer42")
	fmt.Println(n, err)
	// Output:
	// HousePlayer7
	// 42 <nil>
}
