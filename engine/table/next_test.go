package table

import (
	"reflect"
	"testing"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
)

// seat describes one seat of a test state.
type seat struct {
	name     string
	stack    float64
	blind    float64
	ante     float64
	inactive bool
	intent   Intent
	dead     float64
}

// tableOf builds a state nobody is dealt into yet (an empty action log),
// so Next only applies the rules between hands.
func tableOf(hand int, seats ...seat) State {
	s := State{Hand: hand, SeatCount: 9, Actions: []phh.Action{}}
	for _, x := range seats {
		s.Players = append(s.Players, x.name)
		s.StartingStacks = append(s.StartingStacks, amounts(x.stack)[0])
		s.BlindsOrStraddles = append(s.BlindsOrStraddles, amounts(x.blind)[0])
		s.Antes = append(s.Antes, amounts(x.ante)[0])
		s.Inactive = append(s.Inactive, x.inactive)
		s.Intents = append(s.Intents, x.intent)
		s.DeadBlinds = append(s.DeadBlinds, amounts(x.dead)[0])
	}
	return s
}

func TestNextTransitions(t *testing.T) {
	type want struct {
		players  []string
		stacks   []chips.Chips
		blinds   []chips.Chips
		antes    []chips.Chips
		inactive []bool
		intents  []Intent
		dead     []chips.Chips
		money    chips.Chips
		dealt    []int
	}
	cases := []struct {
		name string
		in   State
		want want
	}{{
		name: "simple pause: a missed small blind costs half a big blind",
		in: tableOf(1, seat{name: "A", stack: 100, blind: 1}, seat{name: "B", stack: 100, blind: 2, inactive: true, intent: Pause},
			seat{name: "C", stack: 100}, seat{name: "D", stack: 100}),
		// Blinds [1 2 0 0] → [0 1 2 0]: B holds the small blind and misses it.
		want: want{
			players: []string{"A", "B", "C", "D"}, stacks: amounts(100, 100, 100, 100),
			blinds: amounts(0, 1, 2, 0), antes: amounts(0, 0, 0, 0),
			inactive: []bool{false, true, false, false}, intents: []Intent{Play, Pause, Play, Play},
			dead: amounts(0, 1, 0, 0), dealt: []int{0, 2, 3},
		},
	}, {
		name: "simple pause: a missed big blind costs one, capped at 1.5 big blinds",
		in: tableOf(1, seat{name: "A", stack: 100, blind: 0}, seat{name: "B", stack: 100, blind: 1, inactive: true, intent: Pause, dead: 2},
			seat{name: "C", stack: 100, blind: 2}, seat{name: "D", stack: 100}),
		// Blinds [0 1 2 0] → [0 0 1 2]: B misses nothing.
		want: want{
			players: []string{"A", "B", "C", "D"}, stacks: amounts(100, 100, 100, 100),
			blinds: amounts(0, 0, 1, 2), antes: amounts(0, 0, 0, 0),
			inactive: []bool{false, true, false, false}, intents: []Intent{Play, Pause, Play, Play},
			dead: amounts(0, 2, 0, 0), dealt: []int{0, 2, 3},
		},
	}, {
		name: "simple pause at the big blind: the cap holds",
		in: tableOf(1, seat{name: "A", stack: 100, blind: 1}, seat{name: "B", stack: 100, blind: 2, inactive: true, intent: Pause, dead: 2},
			seat{name: "C", stack: 100}, seat{name: "D", stack: 100}),
		// Blinds [1 2 0 0] → [0 1 2 0]: B misses the small blind: 2 + 1 = 3 = cap.
		want: want{
			players: []string{"A", "B", "C", "D"}, stacks: amounts(100, 100, 100, 100),
			blinds: amounts(0, 1, 2, 0), antes: amounts(0, 0, 0, 0),
			inactive: []bool{false, true, false, false}, intents: []Intent{Play, Pause, Play, Play},
			dead: amounts(0, 3, 0, 0), dealt: []int{0, 2, 3},
		},
	}, {
		name: "simple pause: a missed big blind with 2.5 owed stops at the cap",
		in: tableOf(1, seat{name: "A", stack: 100, blind: 1, inactive: true, intent: Pause, dead: 2.5}, seat{name: "B", stack: 100, blind: 2},
			seat{name: "C", stack: 100}, seat{name: "D", stack: 100}),
		// Blinds [1 2 0 0] → [0 1 2 0]: A misses nothing; then D holds nothing either.
		want: want{
			players: []string{"A", "B", "C", "D"}, stacks: amounts(100, 100, 100, 100),
			blinds: amounts(0, 1, 2, 0), antes: amounts(0, 0, 0, 0),
			inactive: []bool{true, false, false, false}, intents: []Intent{Pause, Play, Play, Play},
			dead: amounts(2.5, 0, 0, 0), dealt: []int{1, 2, 3},
		},
	}, {
		name: "pause until the big blind: the small blind is missed and counted",
		in: tableOf(1, seat{name: "A", stack: 100, blind: 1}, seat{name: "B", stack: 100, blind: 2, inactive: true, intent: PauseUntilBB},
			seat{name: "C", stack: 100}),
		// Blinds [1 2 0] → [0 1 2]: B misses the small blind.
		want: want{
			players: []string{"A", "B", "C"}, stacks: amounts(100, 100, 100),
			blinds: amounts(0, 1, 2), antes: amounts(0, 0, 0),
			inactive: []bool{false, true, false}, intents: []Intent{Play, PauseUntilBB, Play},
			dead: amounts(0, 1, 0), dealt: []int{0, 2},
		},
	}, {
		name: "pause until the big blind: a seat between the blinds takes the small blind next",
		in: tableOf(1, seat{name: "A", stack: 100, blind: 1}, seat{name: "B", stack: 100, blind: 0, inactive: true, intent: PauseUntilBB, dead: 1},
			seat{name: "C", stack: 100, blind: 2}),
		// Blinds [1 0 2]: small blind A, big blind C. The small blind moves
		// one seat on, to B, who misses it: 1 + 1.
		want: want{
			players: []string{"A", "B", "C"}, stacks: amounts(100, 100, 100),
			blinds: amounts(0, 1, 2), antes: amounts(0, 0, 0),
			inactive: []bool{false, true, false}, intents: []Intent{Play, PauseUntilBB, Play},
			dead: amounts(0, 2, 0), dealt: []int{0, 2},
		},
	}, {
		name: "pause until the big blind: the big blind reaches the seat",
		in: tableOf(1, seat{name: "A", stack: 100, blind: 2}, seat{name: "B", stack: 100, blind: 0, inactive: true, intent: PauseUntilBB, dead: 1},
			seat{name: "C", stack: 100, blind: 1}),
		// Blinds [2 0 1] → [1 2 0]: B holds the big blind and returns free.
		want: want{
			players: []string{"A", "B", "C"}, stacks: amounts(100, 100, 100),
			blinds: amounts(1, 2, 0), antes: amounts(0, 0, 0),
			inactive: []bool{false, false, false}, intents: []Intent{Play, Play, Play},
			dead: amounts(0, 0, 0), dealt: []int{0, 1, 2},
		},
	}, {
		name: "early return pays the dead blinds into the pot",
		in: tableOf(6, seat{name: "A", stack: 50, blind: 0}, seat{name: "B", stack: 100, blind: 1, inactive: true, intent: Play, dead: 3},
			seat{name: "C", stack: 75.25, blind: 2}),
		want: want{
			players: []string{"A", "B", "C"}, stacks: amounts(50, 97, 75.25),
			blinds: amounts(2, 0, 1), antes: amounts(0, 0, 0),
			inactive: []bool{false, false, false}, intents: []Intent{Play, Play, Play},
			dead: amounts(0, 0, 0), money: amounts(3)[0], dealt: []int{0, 1, 2},
		},
	}, {
		name: "returning when the big blind reaches the seat pays no dead blinds",
		in: tableOf(6, seat{name: "A", stack: 50, blind: 2}, seat{name: "B", stack: 100, blind: 0, inactive: true, intent: Play, dead: 3},
			seat{name: "C", stack: 75.25, blind: 1}),
		want: want{
			players: []string{"A", "B", "C"}, stacks: amounts(50, 100, 75.25),
			blinds: amounts(1, 2, 0), antes: amounts(0, 0, 0),
			inactive: []bool{false, false, false}, intents: []Intent{Play, Play, Play},
			dead: amounts(0, 0, 0), dealt: []int{0, 1, 2},
		},
	}, {
		name: "a returning player who can pay exactly its debt and blind plays",
		in: tableOf(6, seat{name: "A", stack: 50, blind: 0}, seat{name: "B", stack: 4, blind: 0, inactive: true, intent: Play, dead: 3},
			seat{name: "C", stack: 75.25, blind: 1}, seat{name: "D", stack: 20, blind: 2}),
		// Blinds [0 0 1 2] → [2 0 0 1]: B owes 3 and no blind... it is the button.
		want: want{
			players: []string{"A", "B", "C", "D"}, stacks: amounts(50, 1, 75.25, 20),
			blinds: amounts(2, 0, 0, 1), antes: amounts(0, 0, 0, 0),
			inactive: []bool{false, false, false, false}, intents: []Intent{Play, Play, Play, Play},
			dead: amounts(0, 0, 0, 0), money: amounts(3)[0], dealt: []int{0, 1, 2, 3},
		},
	}, {
		name: "a returning player who cannot pay its debt plus its blind leaves",
		in: tableOf(6, seat{name: "A", stack: 50, blind: 1}, seat{name: "B", stack: 3.5, blind: 2, inactive: true, intent: Play, dead: 3},
			seat{name: "C", stack: 75.25, blind: 0}, seat{name: "D", stack: 20, blind: 0}),
		// Blinds [1 2 0 0] → [0 1 2 0]: B would owe 3 + 1 = 4 > 3.5.
		want: want{
			players: []string{"A", "B", "C", "D"}, stacks: amounts(50, 3.5, 75.25, 20),
			blinds: amounts(0, 1, 2, 0), antes: amounts(0, 0, 0, 0),
			inactive: []bool{false, true, false, false}, intents: []Intent{Play, Leave, Play, Play},
			dead: amounts(0, 3, 0, 0), dealt: []int{0, 2, 3},
		},
	}, {
		name: "an active player short of its big blind posts all in; a busted one leaves",
		in: tableOf(2, seat{name: "A", stack: 50, blind: 1}, seat{name: "B", stack: 0, blind: 2},
			seat{name: "C", stack: 1.5, blind: 0}, seat{name: "D", stack: 20, blind: 0}),
		// Blinds [1 2 0 0] → [0 1 2 0]: C holds the big blind with 1.5.
		want: want{
			players: []string{"A", "B", "C", "D"}, stacks: amounts(50, 0, 1.5, 20),
			blinds: amounts(0, 1, 2, 0), antes: amounts(0, 0, 0, 0),
			inactive: []bool{false, true, false, false}, intents: []Intent{Play, Leave, Play, Play},
			dead: amounts(0, 0, 0, 0), dealt: []int{0, 2, 3},
		},
	}, {
		name: "a player returning with exactly its dead blinds leaves",
		in: tableOf(2, seat{name: "A", stack: 50, blind: 1}, seat{name: "B", stack: 40, blind: 2},
			seat{name: "C", stack: 20}, seat{name: "D", stack: 3, inactive: true, dead: 3}),
		// Blinds [1 2 0 0] → [0 1 2 0]: D comes back off the big blind and
		// would pay its 3 of dead blinds with nothing left to play with.
		want: want{
			players: []string{"A", "B", "C", "D"}, stacks: amounts(50, 40, 20, 3),
			blinds: amounts(0, 1, 2, 0), antes: amounts(0, 0, 0, 0),
			inactive: []bool{false, false, false, true}, intents: []Intent{Play, Play, Play, Leave},
			dead: amounts(0, 0, 0, 3), dealt: []int{0, 1, 2},
		},
	}, {
		name: "leavers are removed and do not pay their dead blinds",
		in: tableOf(8, seat{name: "A", stack: 50, blind: 0, inactive: true, intent: Leave}, seat{name: "B", stack: 100, blind: 1, inactive: true, intent: Leave, dead: 3},
			seat{name: "C", stack: 75.25, blind: 2}, seat{name: "D", stack: 10}, seat{name: "E", stack: 10}),
		// Blinds [0 1 2 0 0]: the small blind (B) leaves; it moves to C.
		want: want{
			players: []string{"C", "D", "E"}, stacks: amounts(75.25, 10, 10),
			blinds: amounts(1, 2, 0), antes: amounts(0, 0, 0),
			inactive: []bool{false, false, false}, intents: []Intent{Play, Play, Play},
			dead: amounts(0, 0, 0), dealt: []int{0, 1, 2},
		},
	}, {
		name: "a leave requested while active removes the player too",
		in: tableOf(8, seat{name: "A", stack: 50, blind: 0, intent: Leave}, seat{name: "B", stack: 100, blind: 1},
			seat{name: "C", stack: 75.25, blind: 2}),
		want: want{
			players: []string{"B", "C"}, stacks: amounts(100, 75.25),
			blinds: amounts(2, 1), antes: amounts(0, 0),
			inactive: []bool{false, false}, intents: []Intent{Play, Play},
			dead: amounts(0, 0), dealt: []int{0, 1},
		},
	}, {
		name: "a pause requested while active starts at the next hand",
		in: tableOf(3, seat{name: "A", stack: 50, blind: 0}, seat{name: "B", stack: 100, blind: 1, intent: Pause},
			seat{name: "C", stack: 75.25, blind: 2}, seat{name: "D", stack: 75.25}),
		// Blinds [0 1 2 0] → [0 0 1 2]: B holds nothing.
		want: want{
			players: []string{"A", "B", "C", "D"}, stacks: amounts(50, 100, 75.25, 75.25),
			blinds: amounts(0, 0, 1, 2), antes: amounts(0, 0, 0, 0),
			inactive: []bool{false, true, false, false}, intents: []Intent{Play, Pause, Play, Play},
			dead: amounts(0, 0, 0, 0), dealt: []int{0, 2, 3},
		},
	}, {
		name: "a joiner plays the next hand",
		in: tableOf(1, seat{name: "A", stack: 50, blind: 1}, seat{name: "B", stack: 100, blind: 2},
			seat{name: "C", stack: 75.25, inactive: true}),
		want: want{
			players: []string{"A", "B", "C"}, stacks: amounts(50, 100, 75.25),
			blinds: amounts(0, 1, 2), antes: amounts(0, 0, 0),
			inactive: []bool{false, false, false}, intents: []Intent{Play, Play, Play},
			dead: amounts(0, 0, 0), dealt: []int{0, 1, 2},
		},
	}, {
		name: "a joiner between the small and big blind takes the small blind next",
		in: tableOf(1, seat{name: "A", stack: 50, blind: 1}, seat{name: "J", stack: 40, inactive: true},
			seat{name: "B", stack: 100, blind: 2}, seat{name: "C", stack: 100}),
		want: want{
			players: []string{"A", "J", "B", "C"}, stacks: amounts(50, 40, 100, 100),
			blinds: amounts(0, 1, 2, 0), antes: amounts(0, 0, 0, 0),
			inactive: []bool{false, false, false, false}, intents: []Intent{Play, Play, Play, Play},
			dead: amounts(0, 0, 0, 0), dealt: []int{0, 1, 2, 3},
		},
	}, {
		name: "a joiner may wait for the big blind",
		in: tableOf(1, seat{name: "A", stack: 50, blind: 1}, seat{name: "B", stack: 100, blind: 2},
			seat{name: "C", stack: 100}, seat{name: "J", stack: 40, inactive: true, intent: PauseUntilBB}),
		// Blinds [1 2 0 0] → [0 1 2 0]: J holds nothing and owes nothing.
		want: want{
			players: []string{"A", "B", "C", "J"}, stacks: amounts(50, 100, 100, 40),
			blinds: amounts(0, 1, 2, 0), antes: amounts(0, 0, 0, 0),
			inactive: []bool{false, false, false, true}, intents: []Intent{Play, Play, Play, PauseUntilBB},
			dead: amounts(0, 0, 0, 0), dealt: []int{0, 1, 2},
		},
	}, {
		name: "fewer than two players can play: nobody is dealt, pays or accrues",
		in: tableOf(4, seat{name: "A", stack: 50, blind: 1}, seat{name: "B", stack: 100, blind: 2, inactive: true, intent: Pause, dead: 2},
			seat{name: "C", stack: 100, inactive: true, intent: Pause, dead: 1}, seat{name: "D", stack: 2, inactive: true, intent: Play, dead: 3}),
		// Blinds [1 2 0 0] → [0 1 2 0]: only A can play (D cannot pay its
		// 3), so no hand: B and C miss nothing and D keeps waiting.
		want: want{
			players: []string{"A", "B", "C", "D"}, stacks: amounts(50, 100, 100, 2),
			blinds: amounts(0, 1, 2, 0), antes: amounts(0, 0, 0, 0),
			inactive: []bool{false, true, true, true}, intents: []Intent{Play, Pause, Pause, Play},
			dead: amounts(0, 2, 1, 3), dealt: nil,
		},
	}, {
		name: "a straddle moves with the blinds",
		in: tableOf(1, seat{name: "A", stack: 50, blind: 1}, seat{name: "B", stack: 100, blind: 2},
			seat{name: "C", stack: 100, blind: 4}, seat{name: "D", stack: 100}, seat{name: "E", stack: 100}),
		want: want{
			players: []string{"A", "B", "C", "D", "E"}, stacks: amounts(50, 100, 100, 100, 100),
			blinds: amounts(0, 1, 2, 4, 0), antes: amounts(0, 0, 0, 0, 0),
			inactive: []bool{false, false, false, false, false}, intents: []Intent{Play, Play, Play, Play, Play},
			dead: amounts(0, 0, 0, 0, 0), dealt: []int{0, 1, 2, 3, 4},
		},
	}, {
		name: "a big-blind ante moves with the big blind",
		in: tableOf(1, seat{name: "A", stack: 50, blind: 1}, seat{name: "B", stack: 100, blind: 2, ante: 2},
			seat{name: "C", stack: 100}),
		want: want{
			players: []string{"A", "B", "C"}, stacks: amounts(50, 100, 100),
			blinds: amounts(0, 1, 2), antes: amounts(0, 0, 2),
			inactive: []bool{false, false, false}, intents: []Intent{Play, Play, Play},
			dead: amounts(0, 0, 0), dealt: []int{0, 1, 2},
		},
	}, {
		name: "antes for everyone reach the joiner",
		in: tableOf(1, seat{name: "A", stack: 50, blind: 1, ante: 0.25}, seat{name: "B", stack: 100, blind: 2, ante: 0.25},
			seat{name: "C", stack: 100, ante: 0.25}, seat{name: "J", stack: 30, inactive: true}),
		want: want{
			players: []string{"A", "B", "C", "J"}, stacks: amounts(50, 100, 100, 30),
			blinds: amounts(0, 1, 2, 0), antes: amounts(0.25, 0.25, 0.25, 0.25),
			inactive: []bool{false, false, false, false}, intents: []Intent{Play, Play, Play, Play},
			dead: amounts(0, 0, 0, 0), dealt: []int{0, 1, 2, 3},
		},
	}, {
		name: "both blinds on seats that sit out: no hand without a forced bet",
		in: tableOf(3, seat{name: "A", stack: 100, blind: 1}, seat{name: "B", stack: 100, inactive: true, intent: Pause},
			seat{name: "C", stack: 100, inactive: true, intent: Pause}, seat{name: "D", stack: 100, blind: 2}),
		// Blinds → [0 1 2 0]: the small blind moves to B, the big blind to
		// C, both sitting out; A and D would play for nothing, so nobody is
		// dealt in and nothing accrues.
		want: want{
			players: []string{"A", "B", "C", "D"}, stacks: amounts(100, 100, 100, 100),
			blinds: amounts(0, 1, 2, 0), antes: amounts(0, 0, 0, 0),
			inactive: []bool{false, true, true, false}, intents: []Intent{Play, Pause, Pause, Play},
			dead: amounts(0, 0, 0, 0), dealt: nil,
		},
	}, {
		name: "both blinds on seats that sit out, dead blinds paid: the hand is played",
		in: tableOf(3, seat{name: "A", stack: 100, blind: 1}, seat{name: "B", stack: 100, inactive: true, intent: Pause},
			seat{name: "C", stack: 100, inactive: true, intent: Pause}, seat{name: "D", stack: 100, blind: 2, inactive: true, intent: Play, dead: 2},
			seat{name: "E", stack: 100}),
		want: want{
			players: []string{"A", "B", "C", "D", "E"}, stacks: amounts(100, 100, 100, 98, 100),
			blinds: amounts(0, 1, 2, 0, 0), antes: amounts(0, 0, 0, 0, 0),
			inactive: []bool{false, true, true, false, false}, intents: []Intent{Play, Pause, Pause, Play, Play},
			dead: amounts(0, 1, 2, 0, 0), money: chips.FromInt(2), dealt: []int{0, 3, 4},
		},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := c.in.Validate(); err != nil {
				t.Fatalf("input: %v", err)
			}
			got := next(t, c.in, 1)
			w := c.want
			eq(t, "hand", got.Hand, c.in.Hand+1)
			eq(t, "players", got.Players, w.players)
			eq(t, "startingStacks", got.StartingStacks, w.stacks)
			eq(t, "blindsOrStraddles", got.BlindsOrStraddles, w.blinds)
			eq(t, "antes", got.Antes, w.antes)
			eq(t, "_inactive", got.Inactive, w.inactive)
			eq(t, "_intents", got.Intents, w.intents)
			eq(t, "_deadBlinds", got.DeadBlinds, w.dead)
			eq(t, "_deadMoney", got.DeadMoney, w.money)
			if d := dealtSeats(t, got); !reflect.DeepEqual(d, w.dealt) {
				t.Errorf("dealt %v, want %v", d, w.dealt)
			}
			// Chips: what stays equals what the stayers had.
			var stay chips.Chips
			for i, in := range c.in.Intents {
				if in != Leave {
					stay += c.in.StartingStacks[i]
				}
			}
			eq(t, "chips conserved", got.Total(), stay)
		})
	}
}

// TestPauseCycle follows a paused player round the table: dead blinds
// accrue per missed blind up to the cap, and a pause until the big blind
// ends, free, when the big blind arrives.
func TestPauseCycle(t *testing.T) {
	s := tableOf(1, seat{name: "A", stack: 100, blind: 1}, seat{name: "B", stack: 100, blind: 2},
		seat{name: "C", stack: 100}, seat{name: "D", stack: 100})
	s.Inactive[1], s.Intents[1] = true, Pause
	wantDead := []float64{1, 1, 1, 3, 3, 3}
	for h, w := range wantDead {
		s = next(t, s, uint64(h))
		// Nobody plays: the hands are folded round to the big blind.
		for {
			st, err := Progress(s)
			if err != nil {
				t.Fatal(err)
			}
			if st.Finished {
				break
			}
			if s, err = Auto(s, AutoPrefs{}); err != nil {
				t.Fatal(err)
			}
		}
		eq(t, "B's dead blinds", s.DeadBlinds[1], amounts(w)[0])
	}
	// Switch to waiting for the big blind: B is at the big blind in two
	// hands ([1 2 0 0] comes back every fourth hand).
	s.Intents[1] = PauseUntilBB
	var back int
	for h := 0; h < 4 && back == 0; h++ {
		s = next(t, s, uint64(100+h))
		if !s.Inactive[1] {
			back = s.Hand
			eq(t, "B at the big blind", s.BlindsOrStraddles[1], chips.FromInt(2))
			eq(t, "B's debt cleared", s.DeadBlinds[1], chips.Chips(0))
			eq(t, "B's intent", s.Intents[1], Play)
			eq(t, "no dead money", s.DeadMoney, chips.Chips(0))
		}
		for {
			st, _ := Progress(s)
			if st.Finished {
				break
			}
			s, _ = Auto(s, AutoPrefs{})
		}
	}
	if back == 0 {
		t.Fatal("B never came back")
	}
}
