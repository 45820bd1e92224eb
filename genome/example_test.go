package genome_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/deckforge/deckforge/genome"
)

// A seed game is decoded, checked and converted; both encodings hash the same.
func Example() {
	g, err := genome.Seed("holdem_nl_heads_up")
	if err != nil {
		panic(err)
	}
	fmt.Println(g.Name, "valid:", len(genome.Validate(g)) == 0)
	b, _ := genome.EncodeFB(g)
	back, _ := genome.Decode(b)
	h1, _ := genome.ContentHash(g)
	h2, _ := genome.ContentHash(back)
	fmt.Println("same hash after FlatBuffers:", h1 == h2)
	fmt.Println(back.Phases[0].Kind, back.Phases[0].Betting.Structure, back.Phases[0].Betting.MinBet)
	// Output:
	// Texas Hold'em No-Limit, heads-up valid: true
	// same hash after FlatBuffers: true
	// betting no_limit 2
}

// Validate names every problem by its JSON path.
func ExampleValidate() {
	g, _ := genome.Seed("five_card_draw_fl")
	g.Phases[2].Betting.MinBet = 0
	g.Setup.MaxPlayers = 12
	for _, p := range genome.Validate(g) {
		fmt.Println(p)
	}
	// Output:
	// setup.max_players: must be 2..9, is 12
	// phases[2].betting.min_bet: must be > 0 and <= setup.starting_chips (200), is 0
}

// Random draws valid genomes from an explicit random source.
func ExampleRandom() {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3 {
		g := genome.Random(rng, genome.DefaultRandomOptions())
		fmt.Println(len(genome.Validate(g)) == 0)
	}
	// Output:
	// true
	// true
	// true
}

// Conditions are small expression trees built from constructors.
func ExampleCondition() {
	c := genome.AllPlayers(genome.Num(genome.TestHandSize, genome.CmpEq, 0))
	fmt.Println(c.Op, c.Args[0].Test, c.Args[0].Cmp, c.Depth())
	// Output:
	// all_players hand_size eq 2
}
