package agent_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/sim/agent"
)

// One agent per seat from a command-line list, playing a game to its end.
func ExampleParseList() {
	agents, err := agent.ParseList("ismcts:200,greedy,house", 3, agent.Options{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, a := range agents {
		fmt.Printf("seat %d: %s\n", i, a.Name())
	}

	g, _ := genome.Seed("crazy_eights")
	prog, _ := game.Compile(g)
	rng := rand.New(rand.NewPCG(1, 2))
	s, _ := prog.NewState(3, rng)
	for _, a := range agents {
		a.Reset(rng)
	}
	for !s.Terminal() {
		v := agent.NewView(&s)
		if err := s.Apply(agents[v.Player()].Choose(v)); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println("game over:", s.Terminal())

	_, err = agent.ParseList("random,minimax,greedy", 3, agent.Options{})
	fmt.Println(err)
	// Output:
	// seat 0: ismcts
	// seat 1: greedy
	// seat 2: HousePlayer3
	// game over: true
	// seat 1: agent: unknown agent "minimax" (want random, greedy, ismcts, house)
}
