package sim_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/sim"
)

// A run's results do not depend on the number of workers.
func ExampleRun() {
	g, _ := genome.Seed("knockout_whist")
	p, _ := game.Compile(g)
	var out []string
	for _, workers := range []int{1, 4} {
		res, err := sim.Run(context.Background(), p, []string{"random", "greedy"}, 200, 42, workers, sim.Options{})
		if err != nil {
			fmt.Println(err)
			return
		}
		data, _ := json.Marshal(res.Metrics)
		out = append(out, string(data))
	}
	fmt.Println("identical:", out[0] == out[1])
	// Output:
	// identical: true
}

func ExampleParseSitOuts() {
	c, err := sim.ParseSitOuts("default,pause=0.05,hands=200")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("pause %.3f, pause until BB %.3f, return %.2f, grace %d hands, %d hands\n",
		c.Pause, c.PauseUntilBB, c.Return, c.GraceHands, c.Hands)
	_, err = sim.ParseSitOuts("return=1.5")
	fmt.Println(err)
	// Output:
	// pause 0.050, pause until BB 0.015, return 0.30, grace 3 hands, 200 hands
	// return = 1.5: want a probability in [0, 1]
}
