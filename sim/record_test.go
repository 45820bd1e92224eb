package sim

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/replay"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// collect returns an Options.Replay that encodes every replay and keeps
// the bytes by game index.
func collect(t testing.TB) (func(int, *replay.Replay) error, map[int][]byte) {
	var mu sync.Mutex
	out := map[int][]byte{}
	return func(i int, r *replay.Replay) error {
		data, err := replay.Encode(r)
		if err != nil {
			return err
		}
		mu.Lock()
		out[i] = data
		mu.Unlock()
		return nil
	}, out
}

// Every seed game's replays decode, rebuild without a single chip or card
// out of place, and end with the game's winners.
func TestReplaysOfSeedGames(t *testing.T) {
	for _, id := range genome.SeedIDs() {
		p := program(t, id)
		for _, players := range []int{p.MinPlayers(), p.MaxPlayers()} {
			fn, files := collect(t)
			res, err := Run(context.Background(), p, []string{"random"}, 4, 11, 2, Options{Players: players, Replay: fn, KeepGames: true})
			if err != nil {
				t.Fatalf("%s, %d players: %v", id, players, err)
			}
			for i, g := range res.Games {
				r, err := replay.Decode(files[i])
				if err != nil {
					t.Fatalf("%s game %d: %v", id, i, err)
				}
				if err := r.Validate(); err != nil {
					t.Fatalf("%s game %d: %v", id, i, err)
				}
				if r.Game.Seed != g.Seed || r.Game.SeatCount != players || len(r.Hands) != g.Hands {
					t.Fatalf("%s game %d: seed %d seats %d hands %d, want %d %d %d", id, i, r.Game.Seed, r.Game.SeatCount, len(r.Hands), g.Seed, players, g.Hands)
				}
				last := &r.Hands[len(r.Hands)-1]
				var win []int
				for _, e := range last.Events {
					if e.Kind == replay.Win {
						win = e.Seats
					}
				}
				var want []int
				for m := g.Winners; m != 0; m &= m - 1 {
					want = append(want, bits.TrailingZeros16(m))
				}
				if !slices.Equal(win, want) {
					t.Fatalf("%s game %d: replay winners %v, game winners %v", id, i, win, want)
				}
				if p.HasChips() {
					var sum chips.Chips
					for _, f := range last.Final {
						sum += f.Stack
					}
					start := chips.FromInt(int64(p.Genome().Setup.StartingChips)) * chips.Chips(players)
					if sum != start {
						t.Fatalf("%s game %d: %s chips at the end, %s at the start", id, i, sum, start)
					}
				}
			}
		}
	}
}

// Evolved chip games that settle the pot at a showdown and then bet again
// in the same hand (g016-028: betting, a showdown, more betting, another
// showdown and a last betting round; g014-044: a showdown before any bet,
// five betting rounds, a showdown, another betting round) record: every
// replay rebuilds with the chips conserved at every step, ends with the
// chips the game started with, and at least one hand bets again after an
// award (the case the recording once refused as an uncalled bet returned
// after an award).
func TestReplaysOfResettledPots(t *testing.T) {
	for _, c := range []struct {
		file    string
		players int
	}{{"g016-028.json", 2}, {"g014-044.json", 4}, {"g014-044.json", 6}} {
		data, err := os.ReadFile(filepath.Join("testdata", c.file))
		if err != nil {
			t.Fatal(err)
		}
		g, err := genome.DecodeJSON(data)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		p, err := game.Compile(g)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		const games = 60
		fn, files := collect(t)
		res, err := Run(context.Background(), p, []string{"random"}, games, 1, 2, Options{Players: c.players, Replay: fn, KeepGames: true})
		if err != nil {
			t.Fatalf("%s, %d players: %v", c.file, c.players, err)
		}
		start := chips.FromInt(int64(g.Setup.StartingChips)) * chips.Chips(c.players)
		resettled := 0
		for i, gr := range res.Games {
			r, err := replay.Decode(files[i])
			if err != nil {
				t.Fatalf("%s game %d: %v", c.file, i, err)
			}
			if err := r.Validate(); err != nil {
				t.Fatalf("%s game %d: %v", c.file, i, err)
			}
			if len(r.Hands) != gr.Hands {
				t.Fatalf("%s game %d: %d replay hands, %d game hands", c.file, i, len(r.Hands), gr.Hands)
			}
			var sum chips.Chips
			for _, f := range r.Hands[len(r.Hands)-1].Final {
				sum += f.Stack
			}
			if sum != start {
				t.Fatalf("%s game %d: %s chips at the end, %s at the start", c.file, i, sum, start)
			}
			for _, h := range r.Hands {
				awarded := false
				for _, e := range h.Events {
					switch {
					case e.Kind == replay.Award:
						awarded = true
					case awarded && e.Amount > 0 && (e.Kind == replay.Bet || e.Kind == replay.Raise || e.Kind == replay.Call):
						resettled++
						awarded = false
					}
				}
			}
		}
		if resettled == 0 {
			t.Errorf("%s, %d players: no hand bet again after an award in %d games", c.file, c.players, games)
		}
	}
}

// TestReplayTextReadsWell: every event of the seed games' replays is
// described in plain English: one card is "1 card", a winner "wins the
// game" once, and players are named p1, p2, … as in PHH.
func TestReplayTextReadsWell(t *testing.T) {
	bad := regexp.MustCompile(`\b1 cards\b|\bwins wins\b|\bP\d|\bp0\b`)
	for _, id := range genome.SeedIDs() {
		p := program(t, id)
		fn, files := collect(t)
		if _, err := Run(context.Background(), p, []string{"random"}, 2, 5, 1, Options{Players: p.MinPlayers(), Replay: fn}); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		for i, data := range files {
			c, err := replay.Open(data)
			if err != nil {
				t.Fatalf("%s game %d: %v", id, i, err)
			}
			won := false
			for {
				if e := c.Table().Last; e != nil {
					text := c.Table().Describe(e)
					if bad.MatchString(text) {
						t.Fatalf("%s game %d: %q", id, i, text)
					}
					won = won || (e.Kind == replay.Win && strings.HasSuffix(text, " wins the game"))
				}
				if n, err := c.Forward(1); err != nil || n == 0 {
					break
				}
			}
			if !won {
				t.Errorf("%s game %d: no event says who wins the game", id, i)
			}
		}
	}
}

// TestHoldemReplayDealsInTableOrder: a hold'em replay posts the blinds
// before the deal and gives each player both hole cards in one step, from
// the dealer's left, as a table (and the PHH converter) does.
func TestHoldemReplayDealsInTableOrder(t *testing.T) {
	p := program(t, "holdem_nl_6max")
	fn, files := collect(t)
	if _, err := Run(context.Background(), p, []string{"random"}, 1, 3, 1, Options{Players: 4, Replay: fn}); err != nil {
		t.Fatal(err)
	}
	r, err := replay.Decode(files[0])
	if err != nil {
		t.Fatal(err)
	}
	for hi, h := range r.Hands[:min(5, len(r.Hands))] {
		var kinds []replay.EventKind
		var dealt []int
		var streets []int
		for k, e := range h.Events {
			switch e.Kind {
			case replay.Post, replay.Deal:
				kinds = append(kinds, e.Kind)
			case replay.Board:
				streets = append(streets, len(e.Cards))
				if k == 0 || h.Events[k-1].Kind != replay.Round {
					t.Fatalf("hand %d: board %v is not dealt right after its round is announced", hi, e.Cards)
				}
			}
			if e.Kind == replay.Deal {
				if len(e.Cards) != 2 {
					t.Fatalf("hand %d: seat %d is dealt %d cards in one step, want both hole cards", hi, e.Seat, len(e.Cards))
				}
				dealt = append(dealt, e.Seat)
			}
		}
		if !slices.Equal(streets, []int{3, 1, 1}[:len(streets)]) {
			t.Fatalf("hand %d: board dealt %v cards at a time, want the flop, turn and river in one step each", hi, streets)
		}
		firstDeal := slices.Index(kinds, replay.Deal)
		if firstDeal < 0 || slices.Contains(kinds[firstDeal:], replay.Post) || !slices.Contains(kinds[:firstDeal], replay.Post) {
			t.Fatalf("hand %d: posts and deals in the order %v, want the blinds first", hi, kinds)
		}
		// From the dealer's left, round the table.
		wraps := 0
		for i := 1; i < len(dealt); i++ {
			if dealt[i] < dealt[i-1] {
				wraps++
			}
		}
		if wraps > 1 {
			t.Fatalf("hand %d: dealt to seats %v, not in table order", hi, dealt)
		}
		if btn := h.Button; btn != replay.NoSeat && len(dealt) == r.Game.SeatCount && dealt[0] != (btn+1)%r.Game.SeatCount {
			t.Fatalf("hand %d: the deal starts at seat %d, the button is %d", hi, dealt[0], btn)
		}
	}
}

// A blind is labelled by its position, not by what the stack could post: a
// small blind all in for less than the small blind is still the small
// blind, and a big blind all in for exactly the small blind the big blind.
func TestReplayLabelsShortBlindsByPosition(t *testing.T) {
	p := program(t, "holdem_nl_6max")
	sb, _, _ := p.ForcedBets()
	big := chips.FromInt(200)
	for _, c := range []struct {
		name   string
		stacks []chips.Chips
		dealer int
		sb, bb int // seats
	}{
		{"short small blind", []chips.Chips{big, sb / 2, big}, 0, 1, 2},
		{"big blind all in for the small blind", []chips.Chips{big, big, sb}, 0, 1, 2},
		{"heads-up short button", []chips.Chips{sb / 2, big}, 0, 0, 1},
		{"heads-up big blind all in for the small blind", []chips.Chips{big, sb}, 0, 0, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			pl, err := newPlan(p, []string{"random"}, 1, 1, Options{Players: len(c.stacks)})
			require.NoError(t, err)
			rc := newRecorder(pl)
			rc.begin(0, 1)
			var s game.State
			s.Listen(game.ListenerFunc(rc.event))
			require.NoError(t, p.ResetWith(&s, len(c.stacks), game.Start{Stacks: c.stacks, Dealer: c.dealer}, rand.New(rand.NewPCG(1, 2))))
			rp, err := rc.rec.Replay()
			require.NoError(t, err)
			got := map[replay.PostKind]int{}
			for _, e := range rp.Hands[0].Events {
				if e.Kind == replay.Post {
					got[e.Post] = e.Seat
				}
			}
			assert.Equal(t, map[replay.PostKind]int{replay.SmallBlind: c.sb, replay.BigBlind: c.bb}, got)
		})
	}
}
