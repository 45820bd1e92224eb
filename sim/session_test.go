package sim

import (
	"context"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/replay"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func sessionOptions(hands int) Options {
	so := DefaultSitOuts()
	so.Hands = hands
	return Options{Players: 6, SitOuts: so}
}

// A 6-seat hold'em session with sit-outs: its replay shows a player who
// pauses, owes dead blinds and comes back, and the chips are conserved
// hand by hand.
func TestSessionReplay(t *testing.T) {
	p := program(t, "holdem_nl_6max")
	opt := sessionOptions(120)
	fn, files := collect(t)
	opt.Replay = fn
	res, err := Run(context.Background(), p, []string{"house"}, 2, 7, 2, opt)
	if err != nil {
		t.Fatal(err)
	}
	m := res.Metrics
	if m.Mode != "session" || m.Positional == nil || m.Positional.Errors != 0 || m.Positional.Hands == 0 {
		t.Fatalf("session metrics: mode %q positional %+v", m.Mode, m.Positional)
	}
	so := m.SitOuts
	if so.Pauses+so.PausesUntilBB == 0 || so.Returns == 0 || so.DeadBlindsPaid == 0 || so.Disconnects == 0 || so.Reconnects == 0 {
		t.Fatalf("sit-outs %+v", so)
	}
	buyIn := chips.FromInt(int64(p.Genome().Setup.StartingChips))
	comeback := false
	joined := 0
	for gi := 0; gi < 2; gi++ {
		r, err := replay.Decode(files[gi])
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Validate(); err != nil {
			t.Fatal(err)
		}
		if r.Game.SeatCount != 6 || r.Game.Kind != replay.Poker {
			t.Fatalf("game %+v", r.Game)
		}
		// Players are numbered from 1, as in PHH and the simulator's replays.
		for i, name := range r.Game.Players {
			if want := playerName(i, "house"); name != want {
				t.Fatalf("player %d is named %q, want %q", i, name, want)
			}
		}
		// Chips, hand by hand: what the hand starts with, less what
		// leavers take away, plus what joiners bring, is what it ends
		// with; the next hand starts with the stacks this one ended with.
		var left, brought chips.Chips
		prev := map[int]chips.Chips{}
		for hi := range r.Hands {
			h := &r.Hands[hi]
			start := h.DeadMoney
			for _, s := range h.Seats {
				start += s.Stack
				if hi == 0 && s.Stack != buyIn {
					t.Fatalf("seat %d starts with %s", s.Seat, s.Stack)
				}
				if hi > 0 && prev[s.Seat] != s.Stack {
					t.Fatalf("hand %d: seat %d starts with %s, ended the last hand with %s", h.Number, s.Seat, s.Stack, prev[s.Seat])
				}
			}
			var leaves, joins chips.Chips
			for _, e := range h.Events {
				switch e.Kind {
				case replay.Leave:
					leaves += e.Amount
				case replay.Join:
					joins += e.Amount
					joined++
				case replay.StackAdjust:
					t.Fatalf("hand %d: unexpected %s", h.Number, e.Kind)
				}
			}
			var final chips.Chips
			clear(prev)
			for _, f := range h.Final {
				final += f.Stack
				prev[f.Seat] = f.Stack
			}
			if !h.Complete || final != start-leaves+joins {
				t.Fatalf("hand %d: starts with %s, %s leave, %s join, ends with %s (complete %v)", h.Number, start, leaves, joins, final, h.Complete)
			}
			left += leaves
			brought += joins
			if hi == len(r.Hands)-1 && final+left != 6*buyIn+brought {
				t.Fatalf("session ends with %s at the table and %s taken away, from %s and %s brought by joiners", final, left, 6*buyIn, brought)
			}
		}
		if seat, ok := pausedOwedCameBack(r); ok {
			comeback = true
			t.Logf("game %d: seat %d paused, owed dead blinds and came back", gi, seat)
		}
	}
	if !comeback {
		t.Fatal("no player paused, owed dead blinds and came back")
	}
	if joined == 0 || so.Joins != joined {
		t.Fatalf("%d joins in the replays, %d in the sit-out counts", joined, so.Joins)
	}
}

// pausedOwedCameBack finds a seat whose replay events show, in order, a
// pause (intent 1 or 2), dead blinds accrued, dead blinds paid and the
// seat playing again.
func pausedOwedCameBack(r *replay.Replay) (int, bool) {
	stage := map[int]int{}
	for _, h := range r.Hands {
		for _, e := range h.Events {
			s := e.Seat
			switch {
			case e.Kind == replay.IntentChange && (e.Intent == replay.IntentPause || e.Intent == replay.IntentPauseUntilBB):
				stage[s] = 1
			case e.Kind == replay.DeadBlindsAccrued && stage[s] == 1:
				stage[s] = 2
			case e.Kind == replay.DeadBlindsPaid && stage[s] == 2 && e.Amount > 0:
				stage[s] = 3
			case e.Kind == replay.SitIn && stage[s] == 3:
				return s, true
			}
		}
	}
	return 0, false
}

func TestSessionWorkersAgree(t *testing.T) {
	p := program(t, "holdem_nl_6max")
	var out [2]string
	for k, w := range []int{1, 3} {
		opt := sessionOptions(60)
		opt.KeepGames = true
		res, err := Run(context.Background(), p, []string{"house", "random", "house", "house", "random", "house"}, 6, 3, w, opt)
		if err != nil {
			t.Fatal(err)
		}
		out[k] = mustJSON(t, res)
	}
	if out[0] != out[1] {
		t.Fatal("sessions on 1 and 3 workers disagree")
	}
}

func TestSessionHeadsUp(t *testing.T) {
	p := program(t, "holdem_nl_heads_up")
	fn, files := collect(t)
	so := DefaultSitOuts()
	so.Hands = 80
	res, err := Run(context.Background(), p, []string{"house"}, 3, 1, 1, Options{SitOuts: so, Replay: fn})
	if err != nil {
		t.Fatal(err)
	}
	if res.Metrics.Positional.Errors != 0 {
		t.Fatalf("%d hands refused by the stats tracker", res.Metrics.Positional.Errors)
	}
	for i := 0; i < 3; i++ {
		r, err := replay.Decode(files[i])
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Validate(); err != nil {
			t.Fatal(err)
		}
		if len(r.Hands) < 20 {
			t.Fatalf("session %d: %d hands", i, len(r.Hands))
		}
	}
}

func TestHoldemShaped(t *testing.T) {
	for _, id := range genome.SeedIDs() {
		g, err := genome.Seed(id)
		if err != nil {
			t.Fatal(err)
		}
		err = HoldemShaped(g)
		want := strings.HasPrefix(id, "holdem")
		if (err == nil) != want {
			t.Errorf("%s: HoldemShaped = %v", id, err)
		}
	}
	g, _ := genome.Seed("holdem_nl_6max")
	g.Phases[2].Betting.MaxRaises = 3
	if err := HoldemShaped(g); err == nil || !strings.Contains(err.Error(), "phases[2]") {
		t.Errorf("raise cap: %v", err)
	}
}

func TestParseSitOuts(t *testing.T) {
	c, err := ParseSitOuts("disconnect=0.1, reconnect=0.5,pause=0.2,pause_bb=0.1,return=0.4,leave=0.05,grace=2,hands=50,auto=call_2")
	if err != nil {
		t.Fatal(err)
	}
	want := SitOuts{Disconnect: 0.1, Reconnect: 0.5, Pause: 0.2, PauseUntilBB: 0.1, Return: 0.4, Leave: 0.05, GraceHands: 2, Hands: 50, Auto: "call_2"}
	if c != want {
		t.Fatalf("got %+v", c)
	}
	if c, err := ParseSitOuts("default,leave=0"); err != nil || c.Leave != 0 || c.Pause != DefaultSitOuts().Pause {
		t.Fatalf("default,leave=0: %+v %v", c, err)
	}
	if c, err := ParseSitOuts("off"); err != nil || c.Enabled() {
		t.Fatalf("off: %+v %v", c, err)
	}
	for _, bad := range []string{"pause", "pause=x", "pause=1.5", "pause=0.6,leave=0.6", "grace=-1", "grace=1.5", "foo=1", "auto=sometimes", "pause=NaN", "pause=0.1,default"} {
		if _, err := ParseSitOuts(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func FuzzParseSitOuts(f *testing.F) {
	for _, s := range []string{"default", "off", "pause=0.1,return=0.5", "grace=3,hands=10,auto=fold", "disconnect=1e-3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseSitOuts(s)
		if err != nil {
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("%q parsed into invalid settings: %v", s, err)
		}
	})
}

// Sessions whose hands engine/game plays (every agent, any betting genome)
// give the same results on 1 and 3 workers, with players joining.
func TestGameSessionWorkersAgree(t *testing.T) {
	for _, id := range []string{"omaha_pl", "five_card_draw_fl"} {
		p := program(t, id)
		var out [2]string
		for k, w := range []int{1, 3} {
			opt := sessionOptions(40)
			opt.KeepGames = true
			res, err := Run(context.Background(), p, []string{"greedy", "ismcts:8", "random", "house", "greedy", "random"}, 4, 5, w, opt)
			require.NoError(t, err, id)
			assert.Positive(t, res.Metrics.SitOuts.Joins, "%s: no joins", id)
			assert.Positive(t, res.Metrics.Betting.Decisions, "%s: no betting", id)
			out[k] = mustJSON(t, res)
		}
		assert.Equal(t, out[0], out[1], "%s: sessions on 1 and 3 workers disagree", id)
	}
}
