package phh_test

import (
	"fmt"

	"github.com/deckforge/deckforge/engine/phh"
)

// A heads-up hand: with blinds_or_straddles = [5, 10], p2 is the button,
// posts 5 and acts first before the flop; p1 posts 10.
func ExampleReplay() {
	doc := `
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [5, 10]
min_bet = 10
starting_stacks = [1000, 752.5]
actions = [
  'd dh p1 AsAd', 'd dh p2 KhKd',
  'p2 cbr 30', 'p1 cbr 90', 'p2 cc',   # pre-flop
  'd db 2c7d9h', 'p1 cbr 662.5', 'p2 cc',
  'd db Kc', 'd db 3s',
]
`
	h, err := phh.Unmarshal([]byte(doc))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := phh.Replay(&h)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("unit:", res.Unit, "complete:", res.Complete)
	fmt.Println("stacks:", res.Stacks)
	// Output:
	// unit: 0.01 complete: true
	// stacks: [247.5 1505]
}

func ExampleParseAction() {
	a, err := phh.ParseAction("p3 cbr 7000 # Dwan opens")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.Kind, a.Player, a.Amount, a.Comment)
	// Output:
	// cbr 2 7000 Dwan opens
}

func ExampleUnmarshal_error() {
	_, err := phh.Unmarshal([]byte(`
variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = []
`))
	fmt.Println(err)
	// Output:
	// blinds_or_straddles: 2 entries for 3 players
}
