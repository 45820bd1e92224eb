package table_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/table"
)

const hand1 = `{
  "hand": 1,
  "players": ["Player1", "Player2"],
  "startingStacks": [50, 100],
  "blindsOrStraddles": [1, 2],
  "antes": [0, 0],
  "seatCount": 6,
  "actions": ["d dh p1 AcKd", "d dh p2 AdKc", "p1 cc", "p2 cc", "d db 2d7cJh"]
}`

// Player3 sits down in the seed's joining example: it asks for 100 chips
// and its bankroll holds 75.25. It waits for the next hand.
func ExampleMerge() {
	server, _ := table.ReadJSON([]byte(hand1))
	client := table.Personalize(server, "Player3")
	client.Players = append(client.Players, "Player3")
	client.StartingStacks = append(client.StartingStacks, chips.FromInt(100))
	client.BlindsOrStraddles = append(client.BlindsOrStraddles, 0)
	client.Antes = append(client.Antes, 0)
	merged, err := table.Merge(server, client, table.JoinLimits{Bankroll: chips.Chips(7525)})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(merged.Players, merged.StartingStacks, merged.Inactive)
	// Output:
	// [Player1 Player2 Player3] [50 100 75.25] [false false true]
}

// Player2 comes back early owing 3 chips of dead blinds: they go into the
// new hand's pot.
func ExampleNext() {
	s, _ := table.ReadJSON([]byte(`{
	  "hand": 6, "players": ["Player1", "Player2", "Player3"],
	  "startingStacks": [50, 100, 75.25], "blindsOrStraddles": [0, 1, 2],
	  "antes": [0, 0, 0], "seatCount": 6, "actions": [],
	  "_inactive": [0, 1, 0], "_intents": [0, 0, 0], "_deadBlinds": [0, 3, 0]}`))
	n, err := table.Next(s, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("hand", n.Hand, "blinds", n.BlindsOrStraddles)
	fmt.Println("stacks", n.StartingStacks, "dead money", n.DeadMoney)
	fmt.Println("inactive", n.Inactive, "dead blinds", n.DeadBlinds)
	fmt.Println(len(n.Actions), "players dealt in")
	// Output:
	// hand 7 blinds [2 0 1]
	// stacks [50 97 75.25] dead money 3
	// inactive [false false false] dead blinds [0 0 0]
	// 3 players dealt in
}

func ExampleAutoAction_Decide() {
	for _, setting := range []string{"fold", "check_fold", "call_5"} {
		a, _ := table.ParseAutoAction(setting)
		fmt.Println(setting, a.Decide(0), a.Decide(chips.FromInt(4)), a.Decide(chips.FromInt(6)))
	}
	// Output:
	// fold f f f
	// check_fold cc f f
	// call_5 cc cc f
}

func ExampleLedger() {
	l := table.NewLedger()
	_ = l.Open("Ann")
	_ = l.BuyIn("Ann", "t1", chips.FromInt(150))
	// Ann loses 120 at the table, and reloads.
	_ = l.Open("Bob")
	_ = l.BuyIn("Bob", "t1", chips.FromInt(100))
	_ = l.Settle("t1", []string{"Ann", "Bob"}, []chips.Chips{chips.FromInt(30), chips.FromInt(220)})
	added, _ := l.Reload("Ann")
	fmt.Println("added", added, "bank", l.Bank("Ann"), "total", l.Total("Ann"), "invested", l.Invested("Ann"))
	// Output:
	// added 120 bank 370 total 400 invested 520
}
