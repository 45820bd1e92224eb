package table

import (
	"errors"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/chips"
)

// midHand returns hand 8 of the seed after the flop: p2 is to act.
func midHand(t *testing.T) State {
	return load(t, "06-leave-hand8.json")
}

func clientOf(s State, author string) State {
	c := Personalize(s, author)
	return c
}

func TestMergeIgnoresOtherChanges(t *testing.T) {
	server := midHand(t)
	c := clientOf(server, "Player2")
	// Everything a client might tamper with.
	c.StartingStacks[0] = chips.FromInt(1)
	c.StartingStacks[1] = chips.FromInt(1000)
	c.BlindsOrStraddles = amounts(5, 5, 5)
	c.Antes = amounts(1, 1, 1)
	c.Inactive = []bool{true, false, true}
	c.Intents = []Intent{Leave, Play, Pause}
	c.DeadBlinds = amounts(3, 0, 3)
	c.Actions = append(c.Actions, mustAction("p2 cbr 100"))
	c.FinishingStacks = amounts(0, 225.25, 0)
	c.DeadMoney = chips.FromInt(7)
	c.Hand = 99
	c.MinBet = chips.FromInt(9)
	c.Players[0] = "Mallory"
	got, err := Merge(server, c, JoinLimits{})
	if err != nil {
		t.Fatal(err)
	}
	want := server.Clone()
	want.fillDefaults()
	if mustJSON(got) != mustJSON(want) {
		t.Errorf("client changes leaked:\n%s\nwant\n%s", mustJSON(got), mustJSON(want))
	}
}

func TestMergeIntents(t *testing.T) {
	cases := []struct {
		name       string
		server     func(t *testing.T) State
		author     string
		intent     Intent
		inactive   bool
		foldAdded  string
		wantIntent Intent
	}{
		{"pause until the big blind, to act: folds now", midHand, "Player2", PauseUntilBB, true, "p2 f", PauseUntilBB},
		{"pause, not to act: folds out of turn", midHand, "Player3", Pause, true, "p3 f", Pause},
		{"leave: inactive at once", midHand, "Player1", Leave, true, "p1 f", Leave},
		{"play: nothing to do", midHand, "Player1", Play, false, "", Play},
		{"pause after the hand is over: no fold", func(t *testing.T) State {
			return act(t, midHand(t), "p2 cbr 10", "p3 f", "p1 f")
		}, "Player2", Pause, true, "", Pause},
		{"pause while all-in: the hand plays on", func(t *testing.T) State {
			return act(t, midHand(t), "p2 cbr 98", "p3 cc")
		}, "Player2", Pause, true, "", Pause},
		{"leave while sitting out: no fold", func(t *testing.T) State {
			return load(t, "05-pause-hand6.json")
		}, "Player2", Leave, true, "", Leave},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			server := c.server(t)
			cl := clientOf(server, c.author)
			i := server.Seat(c.author)
			cl.Intents[i] = c.intent
			got, err := Merge(server, cl, JoinLimits{})
			if err != nil {
				t.Fatal(err)
			}
			eq(t, "intent", got.Intents[i], c.wantIntent)
			eq(t, "inactive", got.Inactive[i], c.inactive)
			added := strings.Join(strs(got.Actions[len(server.Actions):]), ",")
			eq(t, "actions added", added, c.foldAdded)
			if err := got.Validate(); err != nil {
				t.Fatal(err)
			}
			if _, err := Progress(got); err != nil {
				t.Fatal(err)
			}
			// Merging the same request again changes nothing.
			again, err := Merge(got, cl, JoinLimits{})
			if err != nil {
				t.Fatal(err)
			}
			eq(t, "idempotent", mustJSON(again), mustJSON(got))
		})
	}
}

// TestMergeOutOfTurnFold: a player who leaves while another is to act is
// out of the pot at once, and its fold is played at its turn.
func TestMergeOutOfTurnFold(t *testing.T) {
	server := midHand(t) // p2 to act, then p3, then p1
	cl := clientOf(server, "Player3")
	cl.Intents[2] = Leave
	m, err := Merge(server, cl, JoinLimits{})
	if err != nil {
		t.Fatal(err)
	}
	m = act(t, m, "p2 cc")
	st, err := Progress(m)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "p3's turn skipped: p1 to act", st.ToAct, 0)
	m = act(t, m, "p1 cc")
	st, _ = Progress(m)
	eq(t, "the turn is due", st.Board, 1)
	m = board(t, m, "2c")
	m = act(t, m, "p2 cbr 4", "p1 f")
	st, _ = Progress(m)
	eq(t, "finished: p3 folded before", st.Finished, true)
	fin, err := Settle(m)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "p2 wins the pot", fin, amounts(48, 104, 73.25))
	// A fold that lands last: p2 bets, p1 folds, p3 (folded out of turn)
	// cannot win.
	m2, _ := Merge(server, cl, JoinLimits{})
	m2 = act(t, m2, "p2 cbr 10", "p1 f")
	fin, err = Settle(m2)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "p2 wins, its bet returned", fin, amounts(48, 104, 73.25))
}

func TestMergeJoin(t *testing.T) {
	server := midHand(t)
	newcomer := func(seat int, ask float64, intent Intent) State {
		c := clientOf(server, "Zed")
		c.Players = insertAt(c.Players, seat, "Zed")
		c.StartingStacks = insertAt(c.StartingStacks, seat, amounts(ask)[0])
		c.BlindsOrStraddles = insertAt(c.BlindsOrStraddles, seat, 0)
		c.Antes = insertAt(c.Antes, seat, 0)
		c.Inactive = insertAt(c.Inactive, seat, false)
		c.Intents = insertAt(c.Intents, seat, intent)
		c.DeadBlinds = insertAt(c.DeadBlinds, seat, 0)
		return c
	}
	t.Run("seat in the middle, actions renumbered", func(t *testing.T) {
		got, err := Merge(server, newcomer(1, 80, Play), JoinLimits{Bankroll: chips.FromInt(400), MaxBuyIn: chips.FromInt(100)})
		if err != nil {
			t.Fatal(err)
		}
		eq(t, "players", got.Players, []string{"Player1", "Zed", "Player2", "Player3"})
		eq(t, "stacks", got.StartingStacks, amounts(50, 80, 100, 75.25))
		eq(t, "blinds", got.BlindsOrStraddles, amounts(0, 0, 1, 2))
		eq(t, "inactive", got.Inactive, []bool{false, true, false, false})
		eq(t, "actions", strs(got.Actions), []string{
			"d dh p1 8c8d", "d dh p3 3s3d", "d dh p4 JsTs", "p1 cc", "p3 cc", "p4 cc", "d db 5hAdQc"})
		st, err := Progress(got)
		if err != nil {
			t.Fatal(err)
		}
		eq(t, "Player2 (now p3) still to act", st.ToAct, 2)
		fin, err := Settle(act(t, got, "p3 cbr 4", "p4 f", "p1 f"))
		if err != nil {
			t.Fatal(err)
		}
		eq(t, "the joiner keeps its buy-in", fin, amounts(48, 80, 104, 73.25))
	})
	t.Run("buy-in capped", func(t *testing.T) {
		got, err := Merge(server, newcomer(3, 500, Play), JoinLimits{Bankroll: chips.FromInt(400), MaxBuyIn: chips.FromInt(200)})
		if err != nil {
			t.Fatal(err)
		}
		eq(t, "table maximum", got.StartingStacks[3], chips.FromInt(200))
		got, err = Merge(server, newcomer(3, 500, Play), JoinLimits{Bankroll: chips.Chips(12345)})
		if err != nil {
			t.Fatal(err)
		}
		eq(t, "bankroll", got.StartingStacks[3], chips.Chips(12345))
	})
	t.Run("joining to wait for the big blind", func(t *testing.T) {
		got, err := Merge(server, newcomer(0, 50, PauseUntilBB), JoinLimits{Bankroll: chips.FromInt(50)})
		if err != nil {
			t.Fatal(err)
		}
		eq(t, "intent", got.Intents[0], PauseUntilBB)
		eq(t, "inactive", got.Inactive[0], true)
	})
	t.Run("into a finished hand", func(t *testing.T) {
		done := server.Clone()
		done.FinishingStacks = amounts(48, 104, 73.25)
		got, err := Merge(done, newcomer(3, 50, Play), JoinLimits{Bankroll: chips.FromInt(50)})
		if err != nil {
			t.Fatal(err)
		}
		eq(t, "finishing stacks", got.FinishingStacks, amounts(48, 104, 73.25, 50))
	})
	errCases := []struct {
		name  string
		c     State
		lim   JoinLimits
		field string
	}{
		{"an empty bankroll", newcomer(3, 50, Play), JoinLimits{}, "startingStacks[3]"},
		{"a zero buy-in", newcomer(3, 0, Play), JoinLimits{Bankroll: chips.FromInt(50)}, "startingStacks[3]"},
		{"joining to leave", newcomer(3, 50, Leave), JoinLimits{Bankroll: chips.FromInt(50)}, "_intents[3]"},
	}
	for _, c := range errCases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Merge(server, c.c, c.lim)
			var fe *FieldError
			if !errors.As(err, &fe) || fe.Field != c.field || fe.Player != "Zed" {
				t.Fatalf("got %v, want an error naming %s of Zed", err, c.field)
			}
		})
	}
	t.Run("a full table", func(t *testing.T) {
		full := server.Clone()
		full.SeatCount = 3
		c := newcomer(3, 50, Play)
		c.SeatCount = 4
		_, err := Merge(full, c, JoinLimits{Bankroll: chips.FromInt(50)})
		if err == nil || !strings.Contains(err.Error(), "seats are taken") {
			t.Fatalf("got %v", err)
		}
	})
}

func TestMergeErrors(t *testing.T) {
	server := midHand(t)
	noAuthor := clientOf(server, "Player1")
	noAuthor.Author = ""
	stranger := clientOf(server, "Nobody")
	short := clientOf(server, "Player1")
	short.Antes = amounts(0, 0)
	bad := server.Clone()
	bad.DeadBlinds = amounts(0, 3, 0)
	for _, c := range []struct {
		name           string
		server, client State
		want           string
	}{
		{"no author", server, noAuthor, "author"},
		{"author not in the list", server, stranger, "players"},
		{"short array", server, short, "antes"},
		{"invalid server state", bad, clientOf(server, "Player1"), "server state: _deadBlinds[1]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Merge(c.server, c.client, JoinLimits{})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error naming %s", err, c.want)
			}
		})
	}
}

func TestPersonalize(t *testing.T) {
	s := midHand(t)
	v := Personalize(s, "Player2")
	eq(t, "own cards", v.Actions[1], s.Actions[1])
	eq(t, "others hidden", []string{v.Actions[0].String(), v.Actions[2].String()}, []string{"d dh p1 ????", "d dh p3 ????"})
	eq(t, "the rest public", v.Actions[3:], s.Actions[3:])
	eq(t, "server state untouched", s.Actions[0].String(), "d dh p1 8c8d")
	spectator := Personalize(s, "Watcher")
	for i := 0; i < 3; i++ {
		if !strings.HasSuffix(spectator.Actions[i].String(), "????") {
			t.Errorf("spectator sees %q", spectator.Actions[i])
		}
	}
	// A personalised state still replays: only hidden cards differ.
	if _, err := Progress(v); err != nil {
		t.Fatal(err)
	}
}

func insertAt[T any](a []T, i int, v T) []T {
	out := append([]T(nil), a[:i]...)
	out = append(out, v)
	return append(out, a[i:]...)
}
