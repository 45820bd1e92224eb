package replay_test

import (
	"crypto/sha256"
	"fmt"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/replay"
)

// Record a heads-up hand as the engine plays it, encode it, and walk the
// rebuilt table step by step.
func Example() {
	rec := replay.NewRecorder(replay.Game{Name: "Texas hold'em", Kind: replay.Poker, SeatCount: 2})
	rec.BeginHand(replay.HandStart{
		Button: 0, SmallBlind: chips.FromInt(1), BigBlind: chips.FromInt(2),
		Seats: []replay.Seat{
			{Seat: 0, Name: "Ann", Stack: chips.FromInt(50)},
			{Seat: 1, Name: "Bob", Stack: chips.FromInt(50)},
		},
		// Heads-up the button posts the small blind.
		Forced: []replay.Forced{{Seat: 0, Blind: chips.FromInt(1)}, {Seat: 1, Blind: chips.FromInt(2)}},
	})
	hole := func(s string) []cards.Card { cs, _ := cards.ParseList(s); return cs }
	rec.Deal(0, hole("As Ad"), false)
	rec.Deal(1, hole("Kc Qc"), false)
	rec.ActionTo(0, replay.Raise, chips.FromInt(6)) // Ann raises to 6
	rec.Action(1, replay.Call, 0)                   // Bob calls: the recorder computes 4
	rec.Round(1)
	rec.Board(hole("2h 7d 9s")...)
	rec.Action(1, replay.Check, 0)
	rec.Action(0, replay.Bet, chips.FromInt(8))
	rec.Action(1, replay.Fold, 0)
	rec.Uncalled(0, chips.FromInt(8))
	rec.Award(0, []int{0}, []chips.Chips{chips.FromInt(12)}, "")
	rec.EndHand()
	data, err := rec.Encode()
	if err != nil {
		fmt.Println(err)
		return
	}

	c, err := replay.Open(data)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.Hash() == sha256.Sum256(data), c.Steps(), "steps")
	for {
		t := c.Table()
		if t.Last != nil {
			fmt.Printf("%-28s Ann %-3s Bob %-3s pot %s\n", t.Describe(t.Last), t.Seats[0].Stack, t.Seats[1].Stack, t.PotTotal())
		}
		if n, _ := c.Forward(1); n == 0 {
			break
		}
	}
	// Output:
	// true 14 steps
	// preflop                      Ann 50  Bob 50  pot 0
	// Ann posts small blind 1      Ann 49  Bob 50  pot 0
	// Bob posts big blind 2        Ann 49  Bob 48  pot 0
	// Ann is dealt 2 cards         Ann 49  Bob 48  pot 0
	// Bob is dealt 2 cards         Ann 49  Bob 48  pot 0
	// Ann raises to 6              Ann 44  Bob 48  pot 0
	// Bob calls 4                  Ann 44  Bob 44  pot 0
	// flop                         Ann 44  Bob 44  pot 12
	// board: 2h 7d 9s              Ann 44  Bob 44  pot 12
	// Bob checks                   Ann 44  Bob 44  pot 12
	// Ann bets 8                   Ann 36  Bob 44  pot 12
	// Bob folds                    Ann 36  Bob 44  pot 12
	// Ann takes back 8 uncalled    Ann 44  Bob 44  pot 12
	// Ann wins 12                  Ann 56  Bob 44  pot 0
}
