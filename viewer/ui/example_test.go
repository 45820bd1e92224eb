package ui_test

import (
	"fmt"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/replay"
	"github.com/deckforge/deckforge/viewer/internal/fixture"
	"github.com/deckforge/deckforge/viewer/ui"
)

// A player walks a replay; its View is what the viewer draws: here the
// badges of the seats sitting out when Dan has missed the big blind.
func ExamplePlayer() {
	rec, err := fixture.SitOutSession()
	if err != nil {
		fmt.Println(err)
		return
	}
	data, err := rec.Encode()
	if err != nil {
		fmt.Println(err)
		return
	}
	p := ui.NewPlayer()
	if err := p.Load("session.dfr", data); err != nil {
		fmt.Println(err)
		return
	}
	_ = p.NextHand()
	_, _ = p.Step(1)
	v := p.View()
	fmt.Println(v.Log[len(v.Log)-1].Text)
	for _, s := range v.Seats {
		if s.Badge != "" {
			fmt.Printf("%s: %s %s\n", s.Name, s.Badge, ui.DeadBlindsText(s.DeadBlinds))
		}
	}
	// Output:
	// Dan misses a blind: owes 2 in dead blinds
	// Dan: sitting out owes 2 in dead blinds
	// Fay: sitting out — waits for big blind
}

func ExampleLogText() {
	fmt.Println(ui.LogText("Tom Dwan wins 1109500 with straight: 7h 6h 5c 4h 3d"))
	fmt.Println(ui.FormatChips(chips.FromInt(553500)), ui.Badge(replay.StatusPausedUntilBB))
	// Output:
	// Tom Dwan wins 1,109,500 with straight: 7♥ 6♥ 5♣ 4♥ 3♦
	// 553,500 sitting out — waits for big blind
}
