package betting_test

import (
	"fmt"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
)

// Three players, blinds 1/2. The button raises, the small blind moves
// all-in for 50, both others call; on the flop the big blind bets and the
// button folds, so that bet is uncalled and comes back. The small blind
// holds the best hand and wins the main pot.
func Example() {
	c := chips.FromInt
	pos := betting.TablePositions(3, 0, 2) // button seat 0, big blind seat 2
	h, err := betting.NewHand(betting.HandConfig{
		Stacks:             []chips.Chips{c(100), c(50), c(200)},
		Blinds:             []chips.Chips{0, c(1), c(2)},
		Button:             pos.Button,
		FirstToAct:         pos.FirstToAct,
		FirstToActPostflop: pos.FirstToActPostflop,
	})
	if err != nil {
		panic(err)
	}
	nl := betting.RoundConfig{Structure: betting.NoLimit, MinBet: c(2)}
	must := func(err error) {
		if err != nil {
			panic(err)
		}
	}
	must(h.StartRound(nl))

	l := h.Legal()
	fmt.Printf("seat %d: call %v, raise to %v..%v (add %v..%v)\n",
		l.Seat, l.CallAmount, l.MinTo, l.MaxTo, l.MinAmount, l.MaxAmount)
	raise, err := h.RaiseTo(c(6))
	must(err)
	fmt.Printf("raise to 6 = %v %v\n", raise.Kind, raise.Amount)
	must(h.Apply(raise))
	must(h.Apply(h.AllInAction())) // seat 1: all-in, 50 in total
	must(h.Apply(betting.Action{Kind: betting.Call}))
	must(h.Apply(betting.Action{Kind: betting.Call}))
	fmt.Println("preflop over:", h.RoundOver(), "pot", h.Pot())

	must(h.StartRound(nl)) // the flop: seat 1 is all-in, seat 2 acts first
	must(h.Apply(betting.Action{Kind: betting.Bet, Amount: c(100)}))
	must(h.Apply(betting.Action{Kind: betting.Fold}))
	fmt.Println("hand over:", h.HandOver())

	for _, p := range h.Pots(make([]betting.Pot, 0, betting.MaxSeats)) {
		fmt.Printf("pot %v, eligible %03b\n", p.Amount, p.Eligible)
	}
	strength := [betting.MaxSeats]uint32{0: 5, 1: 9, 2: 7}
	var won [betting.MaxSeats]chips.Chips
	h.Settle(&strength, &won)
	for s := 0; s < h.NumSeats(); s++ {
		fmt.Printf("seat %d: won %v, stack %v\n", s, won[s], h.Stack(s))
	}
	// Output:
	// seat 0: call 2, raise to 4..100 (add 4..100)
	// raise to 6 = raise 6
	// preflop over: true pot 150
	// hand over: true
	// pot 150, eligible 110
	// seat 0: won 0, stack 50
	// seat 1: won 150, stack 150
	// seat 2: won 0, stack 150
}
