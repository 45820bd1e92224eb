package replay

import (
	"reflect"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
)

// everyField is a replay whose hand sets every field of every table.
func everyField() *Replay {
	return &Replay{
		Game: Game{
			Name: "every field", GenomeHash: make([]byte, 32), Kind: CardGame,
			Players: []string{"A", "B"}, SeatCount: 3, Seed: 1<<63 + 5, Source: "test",
		},
		Hands: []Hand{{
			Number: 7, Label: "hand seven", Variant: "NT", Button: 2,
			SmallBlind: 50, BigBlind: 100, MinBet: 100, BigBet: 200, DeadMoney: 25,
			Seats: []Seat{
				{Seat: 0, Name: "A", Stack: 7525, Status: Playing, Intent: IntentPause, Away: true, Score: -3},
				{Seat: 2, Name: "B", Stack: 1, Status: Joined, Inactive: true, Intent: IntentPlay, DeadBlinds: 150},
			},
			Forced: []Forced{{Seat: 0, Blind: 100, Ante: 10}, {Seat: 2, Ante: 5}},
			Piles:  []string{"stock", "discard"},
			Events: []Event{
				{Kind: Award, Seat: NoSeat, Target: 2, Amount: -4, To: 1 << 40, AllIn: true, Round: 255, Pot: 3,
					Pile: 1, Post: BringIn, Intent: IntentLeave, Public: true,
					Cards: []cards.Card{0, 51, 52, 53, cards.None}, Seats: []int{0, 2}, Amounts: []chips.Chips{1, -1},
					Points: -9, Total: 1 << 50, Text: "every field ✓"},
				NewEvent(Pass, 0),
			},
			Final:    []Stack{{Seat: 0, Stack: 7500}, {Seat: 2, Stack: 1 << 45}},
			Complete: true,
		}, {Number: 8, Button: NoSeat}},
	}
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	s := sitOutSession(t)
	session, err := s.rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	for name, r := range map[string]*Replay{"every field": everyField(), "session": session, "card game": cardGame(t)} {
		b, err := Encode(r)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := Decode(b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(got, r) {
			t.Errorf("%s: decoded replay differs:\n got %+v\nwant %+v", name, got, r)
		}
		b2, err := Encode(got)
		if err != nil || string(b2) != string(b) {
			t.Errorf("%s: re-encoding differs (%v)", name, err)
		}
	}
}

func TestEncodeRejects(t *testing.T) {
	cases := []struct {
		name string
		edit func(r *Replay)
		want string
	}{
		{"seat count", func(r *Replay) { r.Game.SeatCount = MaxSeats + 1 }, "seat count"},
		{"hash", func(r *Replay) { r.Game.GenomeHash = []byte{1} }, "genome hash"},
		{"kind", func(r *Replay) { r.Game.Kind = 9 }, "game kind"},
		{"button", func(r *Replay) { r.Hands[0].Button = 3 }, "button 3"},
		{"seat twice", func(r *Replay) { r.Hands[0].Seats[1].Seat = 0 }, "listed twice"},
		{"status", func(r *Replay) { r.Hands[0].Seats[0].Inactive = true }, "_inactive"},
		{"stack", func(r *Replay) { r.Hands[0].Seats[0].Stack = -1 }, "negative"},
		{"event seat", func(r *Replay) { r.Hands[0].Events[1].Seat = 5 }, "seat 5"},
		{"no seat", func(r *Replay) { r.Hands[0].Events[1].Seat = NoSeat }, "no seat"},
		{"card", func(r *Replay) { r.Hands[0].Events[0].Cards[0] = 60 }, "not a card"},
		{"award", func(r *Replay) { r.Hands[0].Events[0].Amounts = nil }, "2 seats but 0 amounts"},
		{"pile", func(r *Replay) { r.Hands[0].Events[0].Pile = 2 }, "pile 2"},
		{"round", func(r *Replay) { r.Hands[0].Events[0].Round = 256 }, "round 256"},
		{"kind", func(r *Replay) { r.Hands[0].Events[1].Kind = numEventKinds }, "not defined"},
		{"final", func(r *Replay) { r.Hands[0].Final[0].Seat = 4 }, "final[0]"},
	}
	for _, c := range cases {
		r := everyField()
		c.edit(r)
		_, err := Encode(r)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}
