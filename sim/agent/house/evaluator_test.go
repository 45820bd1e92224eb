package house

import (
	"bufio"
	"errors"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/handeval"
)

func mustCards(t testing.TB, s string) []cards.Card {
	t.Helper()
	if s == "" || s == "-" {
		return nil
	}
	cs, err := cards.ParseList(s)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return cs
}

// fixtureLines returns the non-comment lines of a testdata file.
func fixtureLines(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

func TestChen(t *testing.T) {
	for _, l := range fixtureLines(t, "chen.txt") {
		f := strings.Fields(l)
		want, err := strconv.ParseFloat(f[2], 64)
		if err != nil {
			t.Fatal(err)
		}
		cs := mustCards(t, f[0]+" "+f[1])
		if got := chen(cs[0], cs[1]); got != want {
			t.Errorf("chen(%s) = %v, want %v", l, got, want)
		}
		if got := chen(cs[1], cs[0]); got != want {
			t.Errorf("chen(%s) reversed = %v, want %v", l, got, want)
		}
	}
	// The whole range: every starting hand scores within [−1, 20], and both
	// ends are reached.
	lo, hi := math.Inf(1), math.Inf(-1)
	for a := cards.Card(0); a < 52; a++ {
		for b := a + 1; b < 52; b++ {
			s := chen(a, b)
			lo, hi = min(lo, s), max(hi, s)
			if st := chenStrength(a, b); st != (s+1)/21 {
				t.Fatalf("chenStrength(%v %v) = %v", a, b, st)
			}
		}
	}
	if lo != -1 || hi != 20 {
		t.Errorf("Chen scores span [%v, %v], want [-1, 20]", lo, hi)
	}
}

// The category counts and canonical hands agree with an enumeration of all
// C(52, 5) hands, and percentile5 is monotone from 0 to 1.
func TestFiveCardTables(t *testing.T) {
	e := handeval.Default()
	var count [9]int
	var lo, hi [9]handeval.Strength
	seen := map[handeval.Strength]bool{}
	var h [5]cards.Card
	for a := cards.Card(0); a < 52; a++ {
		for b := a + 1; b < 52; b++ {
			for c := b + 1; c < 52; c++ {
				for d := c + 1; d < 52; d++ {
					for f := d + 1; f < 52; f++ {
						h = [5]cards.Card{a, b, c, d, f}
						v := e.Eval5(&h)
						k := categoryOf(v)
						count[k]++
						if lo[k] == 0 || v < lo[k] {
							lo[k] = v
						}
						hi[k] = max(hi[k], v)
						seen[v] = true
					}
				}
			}
		}
	}
	total := 0
	for k := range count {
		total += count[k]
		if count[k] != categoryCount(k) {
			t.Errorf("category %d: %d hands, table says %d", k, count[k], categoryCount(k))
		}
		cl, ch := canonical(k)
		if e.Eval5(&cl) != lo[k] || e.Eval5(&ch) != hi[k] {
			t.Errorf("category %d: canonical hands %v %v are not the weakest and strongest", k, cl, ch)
		}
	}
	if total != fiveCardHands {
		t.Errorf("%d hands, want %d", total, fiveCardHands)
	}
	vs := make([]handeval.Strength, 0, len(seen))
	for v := range seen {
		vs = append(vs, v)
	}
	slices.Sort(vs)
	prev := -1.0
	for _, v := range vs {
		p := percentile5(e, v)
		if p < prev || p < 0 || p > 1 {
			t.Fatalf("percentile5(%v) = %v after %v", v, p, prev)
		}
		prev = p
	}
	if first, last := percentile5(e, vs[0]), percentile5(e, vs[len(vs)-1]); first != 0 || last != 1 {
		t.Errorf("percentiles run from %v to %v, want 0 to 1", first, last)
	}
}

func TestHitProb(t *testing.T) {
	// Brute force: the share of k-subsets of u cards (the first o are outs)
	// that hold an out.
	for u := 1; u <= 10; u++ {
		for o := 0; o <= u; o++ {
			for k := 0; k <= u; k++ {
				hit, all := 0, 0
				for m := 0; m < 1<<u; m++ {
					if popcount(m) != k {
						continue
					}
					all++
					if m&(1<<o-1) != 0 {
						hit++
					}
				}
				want := float64(hit) / float64(all)
				if got := hitProb(u, o, k); math.Abs(got-want) > 1e-12 {
					t.Fatalf("hitProb(%d, %d, %d) = %v, want %v", u, o, k, got, want)
				}
			}
		}
	}
}

func popcount(m int) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

func TestSmallCategory(t *testing.T) {
	for _, c := range []struct {
		hand string
		want int
	}{
		{"", catHighCard}, {"As", catHighCard}, {"As Ad", catPair}, {"As Ad Ks", catPair},
		{"As Ad Ks Kd", catTwoPair}, {"As Ad Ah", catTrips}, {"As Ad Ah Ac", catQuads},
		{"As Ad Ah Kc", catTrips}, {"2c 3c 4c 5c", catHighCard}, {"Xr Xb", catHighCard},
	} {
		if got := smallCategory(mustCards(t, c.hand)); got != c.want {
			t.Errorf("smallCategory(%s) = %d, want %d", c.hand, got, c.want)
		}
	}
}

func TestHoldemStrength(t *testing.T) {
	ev := HoldemEvaluator{}
	rate := func(hole, board string, opp int) float64 {
		t.Helper()
		s, err := ev.Strength(Situation{Hole: mustCards(t, hole), Board: mustCards(t, board), Opponents: opp}, 100_000)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if s := rate("As Ks", "Qs Js Ts 2c 3d", 1); s != 1 {
		t.Errorf("the royal flush: %v, want 1", s)
	}
	if s := rate("2c 3d", "As Ks Qs Js Ts", 1); s != 0.5 {
		t.Errorf("playing the board's royal flush: %v, want 0.5 (a tie with everyone)", s)
	}
	trips := rate("As Ad", "Ah Kd 8s 4c 3h", 1)
	junk := rate("7c 2d", "Ah Kd 8s 4c 3h", 1)
	if trips < 0.95 || junk > 0.3 || trips <= junk {
		t.Errorf("trips %v, seven-deuce %v", trips, junk)
	}
	if s1, s3 := rate("Qs Qd", "Ah 9d 4s", 1), rate("Qs Qd", "Ah 9d 4s", 3); math.Abs(s3-s1*s1*s1) > 1e-12 {
		t.Errorf("three opponents: %v, want %v³", s3, s1)
	}
	if pre := rate("As Ah", "", 1); pre != 1 {
		t.Errorf("aces preflop: %v", pre)
	}
	// Hands the evaluator cannot rate.
	for _, c := range [][2]string{{"As", ""}, {"As Ks Qs", ""}, {"As Ks", "2c"}, {"As Ks", "2c 3c 4c 5c 6c 7c"}, {"As Xr", ""}} {
		if _, err := ev.Strength(Situation{Hole: mustCards(t, c[0]), Board: mustCards(t, c[1]), Opponents: 1}, 100_000); !errors.Is(err, ErrUnsupportedHand) {
			t.Errorf("%v | %v: err %v, want ErrUnsupportedHand", c[0], c[1], err)
		}
	}
	// The river needs C(45, 2) + 1 = 991 steps.
	sit := Situation{Hole: mustCards(t, "As Ad"), Board: mustCards(t, "Ah Kd 8s 4c 3h"), Opponents: 1}
	if _, err := ev.Strength(sit, 990); !errors.Is(err, ErrBudgetExceeded) {
		t.Errorf("budget 990: %v", err)
	}
	if _, err := ev.Strength(sit, 991); err != nil {
		t.Errorf("budget 991: %v", err)
	}
}

func TestHoldemOuts(t *testing.T) {
	for _, c := range []struct {
		hole, board string
		outs        int
	}{
		// 9 hearts, 3 tens, 3 aces, 3 kings.
		{"Ah Kh", "Qh Jh 2c", 18},
		// 8 straight cards, 3 nines, 3 eights.
		{"9c 8d", "7s 6h 2c", 14},
		// A set improves when a king or a deuce pairs the board (a full
		// house) or the last seven comes (quads): 3+3+1.
		{"7c 7d", "7s Kh 2d", 7},
		// Pairing a nine or an eight under the king is not an out.
		{"9c 8d", "7s 6h 2c Kd", 8},
		// Nine hearts and three aces (top pair); a five would pair under
		// the king.
		{"Ah 5h", "Kh 9h 2c", 12},
		{"7c 2d", "Kh 9s 3d", 0},
		// Four fours make a straight, three sevens top pair; a deuce pairs
		// under the board.
		{"7c 2d", "6h 5s 3d", 4 + 3},
		{"9c 8d", "7s 6h 2c Kd 3s", 0}, // the river: nothing to come
	} {
		sit := Situation{Hole: mustCards(t, c.hole), Board: mustCards(t, c.board), Opponents: 1}
		p, err := HoldemEvaluator{}.Potential(sit, 100_000)
		if err != nil {
			t.Fatal(err)
		}
		u := 52 - len(sit.Hole) - len(sit.Board)
		if p.Outs != c.outs || p.Improve != hitProb(u, c.outs, 5-len(sit.Board)) {
			t.Errorf("%s | %s: %+v, want %d outs", c.hole, c.board, p, c.outs)
		}
	}
	p, _ := HoldemEvaluator{}.Potential(Situation{Hole: mustCards(t, "Ah Kh"), Board: mustCards(t, "Qh Jh 2c"), Opponents: 1}, 100_000)
	if want := 1 - 406.0/1081; math.Abs(p.Improve-want) > 1e-12 {
		t.Errorf("18 outs twice: %v, want %v", p.Improve, want)
	}
}

func TestOmahaStrength(t *testing.T) {
	ev := OmahaEvaluator{}
	rate := func(hole, board string) float64 {
		t.Helper()
		s, err := ev.Strength(Situation{Hole: mustCards(t, hole), Board: mustCards(t, board), Opponents: 1}, 100_000)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if s := rate("As Ks 2d 3c", "Qs Js Ts 4h 5h"); s != 1 {
		t.Errorf("the royal flush: %v", s)
	}
	if nuts, air := rate("As Ah Ks Kh", ""), rate("7c 2d 9h 4s", ""); nuts <= air || nuts < 0.85 || air > 0.3 {
		t.Errorf("preflop: AAKK %v, 7294 %v", nuts, air)
	}
	// One spade in hand on a four-spade board is no flush.
	if s := rate("As Kd Kh 2c", "Qs Js 9s 5s 3d"); s > 0.6 {
		t.Errorf("a one-card flush was counted: %v", s)
	}
	sit := Situation{Hole: mustCards(t, "As Kd Kh 2c"), Board: mustCards(t, "Qs Js 9s 5s 3d"), Opponents: 1}
	if _, err := ev.Strength(sit, 9089); !errors.Is(err, ErrBudgetExceeded) {
		t.Errorf("budget 9089: %v", err)
	}
	if _, err := ev.Strength(sit, 9090); err != nil {
		t.Errorf("budget 9090: %v", err)
	}
	p, err := ev.Potential(Situation{Hole: mustCards(t, "Ah Kh 7c 7d"), Board: mustCards(t, "Qh Jh 2c"), Opponents: 1}, 100_000)
	if err != nil || p.Outs < 9 {
		t.Errorf("Omaha flush and straight draw: %+v %v", p, err)
	}
}

func TestDrawDiscards(t *testing.T) {
	for _, l := range fixtureLines(t, "discards.txt") {
		parts := strings.Split(l, "|")
		hand := mustCards(t, strings.TrimSpace(parts[0]))
		var lo, hi int
		if f := strings.Fields(parts[1]); len(f) == 2 {
			lo, _ = strconv.Atoi(f[0])
			hi, _ = strconv.Atoi(f[1])
		}
		want := mustCards(t, strings.TrimSpace(parts[2]))
		d, err := DrawEvaluator{}.Discards(Situation{Hole: hand, Opponents: 1, Discard: true, MinDiscards: lo, MaxDiscards: hi}, 10)
		if err != nil {
			t.Fatal(err)
		}
		var got []cards.Card
		for _, i := range d.Indices(nil) {
			got = append(got, hand[i])
		}
		if cards.FormatList(got) != cards.FormatList(want) {
			t.Errorf("%s: discards %q, want %q", l, cards.FormatList(got), cards.FormatList(want))
		}
	}
}

func TestDrawStrengthAndPotential(t *testing.T) {
	ev := DrawEvaluator{}
	rate := func(hand string) float64 {
		s, err := ev.Strength(Situation{Hole: mustCards(t, hand), Opponents: 1}, 100)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	// Strictly increasing (the best hand of a category and the weakest of
	// the next beat the same hands, so both are left out).
	order := []string{"7s 5h 4d 3c 2c", "Ks Qh 9d 5c 3c", "Ks Kh 9d 5c 3c", "9s 9h 5d 5c 3c",
		"8s 8h 8d 4c 3c", "9s 8h 7d 6c 5c", "Ks Qs 9s 5s 3s", "As Ad Ah Ks Kd", "9s 9h 9d 9c 2s", "As Ks Qs Js Ts"}
	prev := -1.0
	for _, h := range order {
		s := rate(h)
		if s <= prev {
			t.Errorf("%s: %v, not above the previous hand's %v", h, s, prev)
		}
		prev = s
	}
	if a, b := rate("As Kh Qd Jc 9c"), rate("2s 2h 5d 4c 3c"); math.Abs(a-b) > 1e-12 || math.Abs(a-1302540.0/2598960) > 1e-12 {
		t.Errorf("the best high card %v and the worst pair %v should both beat exactly the 1,302,540 high cards", a, b)
	}
	if s := rate("7s 5h 4d 3c 2c"); s != 0 {
		t.Errorf("the worst hand: %v", s)
	}
	if s := rate("As Ks Qs Js Ts"); s != 1 {
		t.Errorf("the best hand: %v", s)
	}
	pot := func(hand string, draws int) Potential {
		p, err := ev.Potential(Situation{Hole: mustCards(t, hand), Opponents: 1, DrawsLeft: draws}, 100)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	// A pair draws three: two cards make trips.
	if p := pot("As Ad Qs Jd 2c", 1); p.Outs != 2 || math.Abs(p.Improve-(1-14190.0/16215)) > 1e-12 {
		t.Errorf("a pair: %+v", p)
	}
	// Four spades draw one: nine spades and twelve pairing cards.
	if p := pot("As Ks Qs 9s 2c", 1); p.Outs != 21 || math.Abs(p.Improve-21.0/47) > 1e-12 {
		t.Errorf("a flush draw: %+v", p)
	}
	if p := pot("As Ks Qs Js Ts", 1); p.Outs != 0 || p.Improve != 0 {
		t.Errorf("a pat hand: %+v", p)
	}
	if p := pot("As Ad Qs Jd 2c", 0); p != (Potential{}) {
		t.Errorf("no draw left: %+v", p)
	}
}

func TestDefaultEvaluator(t *testing.T) {
	ev := DefaultEvaluator{}
	for _, c := range []struct {
		sit  Situation
		want float64
	}{
		{Situation{HasStrength: true, Strength: 0.37, Hole: mustCards(t, "2c"), Opponents: 4}, 0.37},
		{Situation{Hole: mustCards(t, "As"), Opponents: 3}, 1},
		{Situation{Hole: mustCards(t, "2c"), Opponents: 1}, 0},
		{Situation{Hole: mustCards(t, "As 2c"), Opponents: 1}, 0.5},
		{Situation{Hole: mustCards(t, "As 2c"), Opponents: 2}, 0.25},
		{Situation{Hole: mustCards(t, "Xr"), Opponents: 1}, 1},
		{Situation{Hole: mustCards(t, "As Ks Qs"), Board: mustCards(t, "Js Ts"), Opponents: 1}, 1},
	} {
		got, err := ev.Strength(c.sit, 100)
		if err != nil || math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%v | %v: %v %v, want %v", c.sit.Hole, c.sit.Board, got, err, c.want)
		}
	}
	if _, err := ev.Strength(Situation{Opponents: 1}, 100); !errors.Is(err, ErrUnsupportedHand) {
		t.Errorf("no cards: %v", err)
	}
	if d, _ := ev.Discards(Situation{Hole: mustCards(t, "As 2c Kd 3h"), MinDiscards: 2, MaxDiscards: 4}, 1); d != 0b1010 {
		t.Errorf("default discards %v, want [1 3]", d)
	}
}
