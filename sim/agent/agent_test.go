package agent

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/sim/agent/house"
)

// TestLegalEverySeed plays games of every seed genome with every agent
// (every seat the same agent, and mixed tables) and checks that each move
// chosen is legal.
func TestLegalEverySeed(t *testing.T) {
	seeds, err := genome.Seeds()
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Iterations: 20, RolloutCap: 40, Samples: 2, StrengthSamples: 20}
	tables := []string{"random", "greedy", "ismcts", "house", "ismcts,greedy,house,random"}
	for _, g := range seeds {
		prog, err := game.Compile(g)
		if err != nil {
			t.Fatal(err)
		}
		counts := []int{prog.MinPlayers()}
		if m := min(prog.MaxPlayers(), 4); m > counts[0] {
			counts = append(counts, m)
		}
		for _, n := range counts {
			for ti, table := range tables {
				list := table
				if specs := strings.Split(table, ","); len(specs) > 1 {
					list = strings.Join(specs[:n], ",")
				}
				agents, err := ParseList(list, n, opts)
				if err != nil {
					t.Fatal(err)
				}
				games := 3
				if strings.Contains(table, "ismcts") {
					games = 1
				}
				t0 := time.Now()
				for i := range games {
					s, moves := playGame(t, prog, agents, uint64(1000*ti+i))
					if !s.Terminal() || len(moves) != s.Decisions() {
						t.Fatalf("%s %q: game not over or moves miscounted", g.ID, list)
					}
				}
				t.Logf("%s %d %s: %v", g.ID, n, list, time.Since(t0))
			}
		}
	}
}

// TestDeterministic checks that an agent's moves are a function of its
// seed and the game: two agents built alike play the same game move for
// move, and Reset with the same generator replays it.
func TestDeterministic(t *testing.T) {
	cases := []struct{ id, spec string }{
		{"crazy_eights", "random"}, {"crazy_eights", "greedy"}, {"crazy_eights", "ismcts:200"},
		{"hearts", "greedy"}, {"hearts", "ismcts:50"},
		{"holdem_nl_heads_up", "greedy"}, {"holdem_nl_heads_up", "house"}, {"holdem_nl_heads_up", "ismcts:50"},
		{"five_card_draw_fl", "house"}, {"omaha_pl", "house"}, {"betting_war", "greedy"},
	}
	for _, c := range cases {
		t.Run(c.id+"/"+c.spec, func(t *testing.T) {
			prog := compileSeed(t, c.id)
			n := prog.MinPlayers()
			play := func(seed uint64) []game.Move {
				agents, err := ParseList(c.spec, n, Options{Seed: 9, Samples: 4, StrengthSamples: 50})
				if err != nil {
					t.Fatal(err)
				}
				_, moves := playGame(t, prog, agents, seed)
				_, again := playGame(t, prog, agents, seed) // Reset replays
				if !slices.Equal(moves, again) {
					t.Fatalf("replay after Reset differs")
				}
				return moves
			}
			a, b := play(3), play(3)
			if !slices.Equal(a, b) {
				t.Fatalf("two agents with one seed played differently:\n%v\n%v", a, b)
			}
			if len(a) == 0 {
				t.Fatalf("no decision in the game")
			}
		})
	}
}

// TestNoPeek is the hidden-information property: at decision points of
// many games, a second state that differs from the true one only in the
// cards the player to move has not seen (a determinization of it, checked
// to give the same observation) yields the same decision from agents with
// the same seed.
//
// Agents see the game only through View, so the property holds exactly when
// game.State.Determinize is a function of the observation and the
// generator; the test checks that precondition first and names it when it
// fails. In Hearts, Go Fish and Knock-Out Whist it also checks decisions
// where play showed something of a hidden hand (a void, a rank asked
// for), which determinizations respect.
func TestNoPeek(t *testing.T) {
	ids := []string{"crazy_eights", "hearts", "go_fish", "cheat", "holdem_nl_heads_up", "five_card_draw_fl", "omaha_pl", "knockout_whist", "blackjack"}
	specs := []string{"ismcts:150", "greedy", "house", "random"}
	for _, id := range ids {
		t.Run(id, func(t *testing.T) {
			prog := compileSeed(t, id)
			n := max(prog.MinPlayers(), min(prog.MaxPlayers(), 3))
			rng := rand.New(rand.NewPCG(21, 22))
			checked, differ, shown := 0, 0, 0
			for gi := 0; gi < 6 && checked < 30; gi++ {
				s, err := prog.NewState(n, rng)
				if err != nil {
					t.Fatal(err)
				}
				for !s.Terminal() && checked < 30 {
					if s.NumLegal() > 1 && rng.IntN(4) == 0 {
						p := s.ToMove()
						alt := s.Determinize(p, rand.New(rand.NewPCG(rng.Uint64(), 1)))
						o := s.Observation(p)
						if alt.Observation(p) != o {
							t.Fatalf("determinization changed the observation of p%d", p)
						}
						for q := 0; q < n; q++ {
							if q != p && (o.Lacks[q]&^o.Known[q] != 0 || o.HoldsRank[q] != 0) {
								shown++ // play showed something of a hidden hand
								break
							}
						}
						for q := 0; q < n; q++ {
							if q != p && alt.Hand(q) != s.Hand(q) {
								differ++
								break
							}
						}
						d1 := s.Determinize(p, rand.New(rand.NewPCG(5, 5)))
						d2 := alt.Determinize(p, rand.New(rand.NewPCG(5, 5)))
						for q := 0; q < n; q++ {
							if d1.Hand(q) != d2.Hand(q) {
								t.Fatalf("engine/game: Determinize(p%d, rng) is not a function of the observation and rng: "+
									"two states with one observation give p%d the hands %v and %v with one seed",
									p, q, d1.Hand(q).Cards(nil), d2.Hand(q).Cards(nil))
							}
						}
						for _, spec := range specs {
							a := mustNew(t, spec, Options{Seed: 77, Samples: 3, StrengthSamples: 40})
							b := mustNew(t, spec, Options{Seed: 77, Samples: 3, StrengthSamples: 40})
							ma, mb := a.Choose(NewView(&s)), b.Choose(NewView(&alt))
							if ma != mb {
								t.Fatalf("%s peeks: %v on the true state, %v on one differing in hidden cards", spec, ma, mb)
							}
						}
						checked++
					}
					s.ApplyUnchecked(game.RandomMove(&s, rng))
				}
			}
			if checked < 10 || differ < checked/3 {
				t.Fatalf("too weak: %d decisions checked, %d with other hidden cards", checked, differ)
			}
			switch id {
			case "hearts", "go_fish", "knockout_whist":
				// Determinizations respect voids and ranks asked for:
				// the property must hold there too.
				if shown == 0 {
					t.Fatalf("too weak: no decision checked where play showed something of a hidden hand")
				}
			}
		})
	}
}

// headsUp plays games of prog between a (seat 0 in even games, seat 1 in
// odd ones) and b and returns a's mean score.
func headsUp(t *testing.T, prog *game.Program, a, b Agent, games int, seed uint64) float64 {
	var sum float64
	for i := range games {
		seats := []Agent{a, b}
		me := i % 2
		if me == 1 {
			seats = []Agent{b, a}
		}
		s, _ := playGame(t, prog, seats, seed+uint64(i))
		sum += score(&s, me)
	}
	return sum / float64(games)
}

// TestISMCTSStrength plays heads-up Crazy Eights, ISMCTS with 1,000
// iterations against random (400 games) and against greedy (200 games),
// seats alternating: it must win at least 80% against random and more than
// half against greedy (see the package documentation, Strength and speed).
func TestISMCTSStrength(t *testing.T) {
	prog := compileSeed(t, "crazy_eights")
	is := mustNew(t, "ismcts:1000", Options{Seed: 1})
	if testing.Short() {
		// make test-short: the stronger claim only, on fewer games; make
		// test plays them all.
		if v := headsUp(t, prog, is, mustNew(t, "random", Options{Seed: 2}), 100, 1000); v < 0.8 {
			t.Errorf("ISMCTS scores %.3f against random (100 games), want at least 0.8", v)
		}
		return
	}
	vsRandom := headsUp(t, prog, is, mustNew(t, "random", Options{Seed: 2}), 400, 1000)
	vsGreedy := headsUp(t, prog, is, mustNew(t, "greedy", Options{Seed: 3}), 200, 2000)
	t.Logf("ISMCTS(1000) scores %.3f against random (400 games), %.3f against greedy (200 games)", vsRandom, vsGreedy)
	if vsRandom < 0.8 {
		t.Errorf("ISMCTS scores %.3f against random, want at least 0.8", vsRandom)
	}
	if vsGreedy <= 0.5 {
		t.Errorf("ISMCTS scores %.3f against greedy, want more than 0.5", vsGreedy)
	}
}

// TestISMCTSMultiplayer checks the per-player rewards: in 3-player Crazy
// Eights, ISMCTS against two random players wins clearly more than its
// third (about 0.84 over these 300 games; the standard error of a third is
// 0.027).
func TestISMCTSMultiplayer(t *testing.T) {
	prog := compileSeed(t, "crazy_eights")
	is := mustNew(t, "ismcts:300", Options{Seed: 5})
	var sum float64
	const games = 300
	for i := range games {
		seats := []Agent{mustNew(t, "random", Options{Seed: 6}), mustNew(t, "random", Options{Seed: 7}), mustNew(t, "random", Options{Seed: 8})}
		me := i % 3
		seats[me] = is
		s, _ := playGame(t, prog, seats, 3000+uint64(i))
		sum += score(&s, me)
	}
	t.Logf("ISMCTS(300) scores %.3f in 3-player games against two random players", sum/games)
	if sum/games < 0.38 {
		t.Errorf("ISMCTS scores %.3f of 3-player games, want at least 0.38 (a third is even)", sum/games)
	}
}

// TestISMCTSNoAllocs checks that a search allocates nothing once the agent
// is built.
func TestISMCTSNoAllocs(t *testing.T) {
	prog := compileSeed(t, "crazy_eights")
	s, err := prog.NewState(2, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	a := NewISMCTS(Options{Iterations: 500, RolloutCap: 5})
	v := NewView(&s)
	a.Choose(v)
	if n := testing.AllocsPerRun(5, func() { a.Choose(v) }); n != 0 {
		t.Fatalf("Choose allocates %v times per search of 500 iterations", n)
	}
}

// TestGreedyBet checks the betting rules of the betting-phase-design seed.
func TestGreedyBet(t *testing.T) {
	raise := func(amounts ...int64) BetOptions {
		b := BetOptions{Open: true, Fold: true, Call: true, ToCall: 200, Stack: 10000, Pot: 300}
		for _, a := range amounts {
			b.Sizes[b.NumSizes] = game.Raise(chips.Chips(a))
			b.NumSizes++
		}
		return b
	}
	check := BetOptions{Open: true, Check: true, Stack: 10000, Pot: 300, NumSizes: 2}
	check.Sizes[0], check.Sizes[1] = game.Bet(200), game.Bet(10000)
	short := raise(900)
	short.Stack = 900
	shortCall := BetOptions{Open: true, Fold: true, Call: true, ToCall: 500, Stack: 400}
	capped := raise() // raises capped: call or fold only
	cases := []struct {
		name string
		b    BetOptions
		s    float64
		want game.Move
	}{
		{"strong raises", raise(400, 1000, 10000), 0.9, game.Raise(400)},
		{"strong bets", check, 0.9, game.Bet(200)},
		{"strong calls when raises are capped", capped, 0.9, game.Call()},
		{"medium calls", raise(400), 0.5, game.Call()},
		{"medium checks", check, 0.5, game.Check()},
		{"weak folds", raise(400), 0.1, game.Fold()},
		{"weak checks", check, 0.1, game.Check()},
		{"short strong all in", short, 0.8, game.Raise(900)},
		{"short medium folds", short, 0.5, game.Fold()},
		{"short call all in when strong", shortCall, 0.8, game.Call()},
		{"short call folds when weak", shortCall, 0.6, game.Fold()},
	}
	for _, c := range cases {
		if got := greedyBet(&c.b, c.s); got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}

// TestParse checks the agent specifications and their errors.
func TestParse(t *testing.T) {
	good := map[string]string{
		"random": "random", "greedy": "greedy", " ismcts ": "ismcts", "ismcts:2000": "ismcts",
		"ismcts:250ms": "ismcts", "house": "HousePlayer0",
	}
	for spec, name := range good {
		a, err := Parse(spec, Options{})
		if err != nil {
			t.Fatalf("Parse(%q): %v", spec, err)
		}
		if a.Name() != name {
			t.Errorf("Parse(%q).Name() = %q, want %q", spec, a.Name(), name)
		}
	}
	if a := mustNew(t, "ismcts:2000", Options{}).(*ISMCTS); a.iterations != 2000 || cap(a.nodes) != 2001 {
		t.Errorf("ismcts:2000: %d iterations, pool %d", a.iterations, cap(a.nodes))
	}
	bad := map[string]string{
		"minimax":             `"minimax"`,
		"ismcts:0":            `"ismcts:0"`,
		"ismcts:abc":          `"abc"`,
		"greedy:5":            `"greedy:5"`,
		"ismcts:-3s":          `"-3s"`,
		"":                    `""`,
		"ismcts:999999999999": `"ismcts:999999999999"`,
	}
	for spec, want := range bad {
		_, err := Parse(spec, Options{})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q) error %v, want one naming %s", spec, err, want)
		}
	}
	if _, err := New("ismcts", Options{Iterations: -1, Exploration: -2}); err == nil ||
		!strings.Contains(err.Error(), "iterations = -1") || !strings.Contains(err.Error(), "exploration = -2") {
		t.Errorf("bad options: %v", err)
	}
	hc := house.DefaultConfig()
	hc.Aggression = 11
	if _, err := New("house", Options{House: hc}); err == nil ||
		!strings.Contains(err.Error(), "ggression") {
		t.Errorf("bad house config: %v", err)
	}
}

// TestParseList checks per-seat lists.
func TestParseList(t *testing.T) {
	agents, err := ParseList("random,house,ismcts:10", 3, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, a := range agents {
		names = append(names, a.Name())
	}
	if fmt.Sprint(names) != "[random HousePlayer2 ismcts]" {
		t.Errorf("names %v", names)
	}
	all, err := ParseList("house", 3, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if all[0] == all[1] || all[2].Name() != "HousePlayer3" {
		t.Errorf("one spec for all seats: agents shared or misnamed")
	}
	for list, want := range map[string]string{
		"random,greedy":       "2 agents for 3 seats",
		"random,bogus,greedy": `seat 1: agent: unknown agent "bogus"`,
		" ":                   "empty agent list",
	} {
		if _, err := ParseList(list, 3, Options{}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseList(%q) error %v, want %q", list, err, want)
		}
	}
}

// FuzzParse checks that any specification gives an agent or an error,
// never a panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"random", "ismcts:2000", "ismcts:1s", "house", "greedy:", ":", "ismcts:1e9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		a, err := Parse(spec, Options{MaxNodes: 16})
		if err == nil && (a == nil || a.Name() == "") {
			t.Fatalf("Parse(%q): no error and no agent", spec)
		}
	})
}
