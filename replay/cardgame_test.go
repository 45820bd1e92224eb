package replay

import (
	"slices"
	"testing"
)

// cardGame records two hands of card games without chips: a trick-taking
// hand and a shedding hand with a stock, a discard pile, a claim and a
// challenge.
func cardGame(t *testing.T) *Replay {
	t.Helper()
	rec := NewRecorder(Game{Name: "tricks and piles", Kind: CardGame, SeatCount: 3})
	players := []Seat{seat(0, "North", 0), seat(1, "East", 0), seat(2, "South", 0)}
	rec.BeginHand(HandStart{Button: 0, Seats: players})
	rec.Deal(0, cs(t, "As Qh"), false)
	rec.Deal(1, cs(t, "Ks 2h"), false)
	rec.Deal(2, cs(t, "2s Ah"), false)
	rec.Round(0)
	rec.Play(1, cs(t, "Ks"), -1)
	rec.Play(2, cs(t, "2s"), -1)
	rec.Play(0, cs(t, "As"), -1)
	rec.TrickWon(0)
	rec.Score(0, 1)
	rec.Round(1)
	rec.Play(0, cs(t, "Qh"), -1)
	rec.Play(1, cs(t, "2h"), -1)
	rec.Play(2, cs(t, "Ah"), -1)
	rec.TrickWon(2)
	rec.Score(2, 1)
	rec.Win([]int{0, 2}, "one trick each")
	rec.EndHand()

	rec.BeginHand(HandStart{Button: 1, Seats: []Seat{
		{Seat: 0, Name: "North", Score: 1}, {Seat: 1, Name: "East"}, {Seat: 2, Name: "South", Score: 1},
	}, Piles: []string{"stock", "discard"}})
	rec.PileAdd(0, cs(t, "3h 4h 5h 6h Kc"), false)
	rec.PileAdd(1, cs(t, "7c"), true)
	rec.Deal(0, cs(t, "7d 9s"), false)
	rec.Deal(1, cs(t, "7h Jd"), false)
	rec.Deal(2, cs(t, "2d Td"), false)
	rec.Round(0)
	rec.Play(0, cs(t, "7d"), 1)
	rec.Draw(1, 0, cs(t, "Kc"), false)
	rec.Play(1, cs(t, "7h"), 1)
	rec.Give(1, 2, cs(t, "Kc"), false)
	rec.Ask(2, 0, "nines")
	rec.Give(0, 2, cs(t, "9s"), true)
	rec.Claim(2, 1, cs(t, "2d"), "one ace")
	rec.Challenge(0, 2, "a bluff: South takes the pile")
	rec.Draw(2, 1, cs(t, "2d 7h 7d 7c"), true)
	rec.Discard(2, -1, cs(t, "Td"), true)
	rec.Note(NoSeat, "direction reversed")
	rec.Pass(0)
	rec.Out(0)
	rec.Score(0, 5)
	rec.Win([]int{0}, "first out")
	rec.EndHand()
	r, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestCardGame(t *testing.T) {
	r := cardGame(t)
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	c := NewCursor(r, [32]byte{})
	// After the first trick: North won it.
	if err := c.Seek(0, 7); err != nil {
		t.Fatal(err)
	}
	st := c.State()
	if len(st.Trick) != 3 || st.Trick[2].Card != "As" || st.Trick[2].Seat != 0 {
		t.Errorf("trick before it is won: %+v", st.Trick)
	}
	if _, err := c.Forward(2); err != nil {
		t.Fatal(err)
	}
	st = c.State()
	if len(st.Trick) != 0 || st.Seats[0].Tricks != 1 || st.Seats[0].Score != 1 || st.Street != "round 1" {
		t.Errorf("after the trick: %+v", st)
	}
	if got := st.Seats[1].Cards; !slices.Equal(got, []string{"??"}) {
		t.Errorf("East's hidden cards %v", got)
	}
	// End of hand 1: both winners marked; a Win does not change scores.
	if err := c.Seek(0, len(r.Hands[0].Events)); err != nil {
		t.Fatal(err)
	}
	st = c.State()
	if !st.Seats[0].Winner || st.Seats[1].Winner || !st.Seats[2].Winner || st.Seats[2].Tricks != 1 {
		t.Errorf("end of hand 1: %+v", st.Seats)
	}

	// Hand 2 after the deal: a face-down stock of 5 and the 7c up.
	if err := c.Seek(1, 5); err != nil {
		t.Fatal(err)
	}
	st = c.State()
	if st.Piles[0].Count != 5 || st.Piles[0].Cards[0] != "??" || !slices.Equal(st.Piles[1].Cards, []string{"7c"}) {
		t.Errorf("piles after the deal: %+v", st.Piles)
	}
	c.SetShowAll(true)
	if st = c.State(); st.Piles[0].Cards[4] != "Kc" || !slices.Equal(st.Seats[1].Cards, []string{"7h", "Jd"}) {
		t.Errorf("show all: %+v %+v", st.Piles[0], st.Seats[1])
	}
	c.SetShowAll(false)
	// The end: South took the pile and discarded, North is out and won.
	if err := c.Seek(1, len(r.Hands[1].Events)); err != nil {
		t.Fatal(err)
	}
	st = c.State()
	south := st.Seats[2]
	if !slices.Equal(south.Cards, []string{"??", "9s", "2d", "7h", "7d", "7c"}) || st.Piles[1].Count != 0 || st.Piles[0].Count != 4 {
		t.Errorf("South %v, piles %+v", south.Cards, st.Piles)
	}
	north := st.Seats[0]
	if north.Status != "out" || !north.Winner || north.Score != 6 || len(north.Cards) != 0 {
		t.Errorf("North: %+v", north)
	}
	if st.LastAction == nil || st.LastAction.Text != "North wins first out" {
		t.Errorf("last action %+v", st.LastAction)
	}
}

// TestCardGameErrors: events that do not fit the table are refused with
// the hand and event named, and the recorder stops.
func TestCardGameErrors(t *testing.T) {
	rec := NewRecorder(Game{Kind: CardGame})
	rec.BeginHand(HandStart{Button: NoSeat, Seats: []Seat{seat(0, "A", 0), seat(1, "B", 0)}, Piles: []string{"stock"}})
	rec.Deal(0, cs(t, "As"), false)
	rec.Play(0, cs(t, "Kd"), -1)
	if rec.Err() == nil {
		t.Fatal("playing a card not held was accepted")
	}
	first := rec.Err()
	rec.Pass(1)
	if rec.Err() != first {
		t.Error("the first error is not kept")
	}
	if _, err := rec.Replay(); err == nil {
		t.Error("Replay after an error")
	}

	rec = NewRecorder(Game{Kind: CardGame})
	rec.BeginHand(HandStart{Button: NoSeat, Seats: []Seat{seat(0, "A", 0)}, Piles: []string{"stock"}})
	rec.Draw(0, 0, cs(t, "As"), false)
	if rec.Err() == nil {
		t.Error("drawing from an empty pile was accepted")
	}
	rec = NewRecorder(Game{Kind: CardGame})
	rec.Pass(0)
	if rec.Err() == nil {
		t.Error("an event outside a hand was accepted")
	}
}
