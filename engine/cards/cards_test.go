package cards

import (
	"math/rand/v2"
	"testing"
)

func TestParseAll(t *testing.T) {
	for c := Card(0); c < NumCards; c++ {
		got, err := Parse(c.String())
		if err != nil || got != c {
			t.Fatalf("Parse(%q) = %v, %v; want %v", c.String(), got, err, c)
		}
	}
	if c := MustParse("10d"); c != New(Ten, Diamonds) {
		t.Errorf("10d parsed as %v", c)
	}
	if c := MustParse("as"); c != New(Ace, Spades) {
		t.Errorf("as parsed as %v", c)
	}
	for _, bad := range []string{"", "A", "Ax", "1s", "11d", "Asd", "Xz", "??"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

func TestParseList(t *testing.T) {
	cs, err := ParseList("As Kd 10c, 2h")
	if err != nil {
		t.Fatal(err)
	}
	if FormatList(cs) != "As Kd Tc 2h" {
		t.Errorf("got %q", FormatList(cs))
	}
	cs, err = ParseList("AsKdQh")
	if err != nil || FormatList(cs) != "As Kd Qh" {
		t.Errorf("concatenated: %v %v", cs, err)
	}
}

func TestDecks(t *testing.T) {
	if len(Standard52()) != 52 || len(Short36()) != 36 || len(Standard52().WithJokers(2)) != 54 {
		t.Fatal("deck sizes")
	}
	for _, c := range Short36() {
		if c.Rank() < Six {
			t.Fatalf("short deck holds %v", c)
		}
	}
	if RedJoker.Suit() != Hearts || !BlackJoker.IsJoker() || BlackJoker.Rank() != RankJoker {
		t.Error("joker properties")
	}
}

func TestShuffleDeterministicAndComplete(t *testing.T) {
	a, b := Standard52(), Standard52()
	a.Shuffle(rand.New(rand.NewPCG(1, 2)))
	b.Shuffle(rand.New(rand.NewPCG(1, 2)))
	var s Set
	for i := range a {
		if a[i] != b[i] {
			t.Fatal("same seed, different shuffle")
		}
		s = s.Add(a[i])
	}
	if s.Len() != 52 {
		t.Fatal("shuffle lost cards")
	}
	c := Standard52()
	c.Shuffle(rand.New(rand.NewPCG(3, 4)))
	same := 0
	for i := range a {
		if a[i] == c[i] {
			same++
		}
	}
	if same > 20 {
		t.Errorf("different seeds agree on %d positions", same)
	}
}

func TestShuffleUniformFirstCard(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	var counts [4]int
	d := make(Deck, 4)
	for i := 0; i < 40000; i++ {
		for j := range d {
			d[j] = Card(j)
		}
		d.Shuffle(r)
		counts[d[0]]++
	}
	for _, n := range counts {
		if n < 9500 || n > 10500 {
			t.Fatalf("first-card counts %v not uniform", counts)
		}
	}
}

func TestDeal(t *testing.T) {
	d := Standard52()
	hand, ok := d.Deal(nil, 5)
	if !ok || len(hand) != 5 || len(d) != 47 || hand[0] != Card(51) {
		t.Fatalf("deal: %v %v %d", hand, ok, len(d))
	}
	if _, ok := d.Deal(nil, 48); ok {
		t.Fatal("dealt more than the deck holds")
	}
}

func TestSet(t *testing.T) {
	s := SetOf(MustParse("As"), MustParse("2c"), RedJoker)
	if s.Len() != 3 || !s.Has(RedJoker) || s.Has(MustParse("Kd")) {
		t.Fatal("set basics")
	}
	got := s.Remove(MustParse("2c")).Cards(nil)
	if FormatList(got) != "As Xr" {
		t.Errorf("cards: %v", got)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"As", "10d", "Xr", "zz", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			if c != None {
				t.Fatalf("error with card %v", c)
			}
			return
		}
		if !c.Valid() {
			t.Fatalf("Parse(%q) gave invalid card %d", s, c)
		}
		if back, err := Parse(c.String()); err != nil || back != c {
			t.Fatalf("round trip %q -> %v -> %v", s, c, back)
		}
	})
}

func FuzzParseList(f *testing.F) {
	f.Add("As Kd 7c")
	f.Add("AsKd")
	f.Fuzz(func(t *testing.T, s string) {
		cs, err := ParseList(s)
		if err != nil {
			return
		}
		back, err := ParseList(FormatList(cs))
		if err != nil || len(back) != len(cs) {
			t.Fatalf("round trip %q: %v %v", s, back, err)
		}
	})
}
