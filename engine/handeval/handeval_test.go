package handeval

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/deckforge/deckforge/engine/cards"
)

// refValue is an independent, slow five-card evaluator: the category and
// the ranks in the order they are compared, packed so that larger is
// better.
func refValue(h [5]cards.Card) uint64 {
	var count [13]int
	flush := true
	for _, c := range h {
		count[c.Rank()]++
		if c.Suit() != h[0].Suit() {
			flush = false
		}
	}
	// Ranks ordered by (count, rank), both descending.
	rs := make([]int, 0, 5)
	for r := 12; r >= 0; r-- {
		if count[r] > 0 {
			rs = append(rs, r)
		}
	}
	slices.SortStableFunc(rs, func(a, b int) int { return count[b] - count[a] })
	straight := len(rs) == 5 && (rs[0]-rs[4] == 4 || (rs[0] == 12 && rs[1] == 3))
	if straight && rs[0] == 12 && rs[1] == 3 {
		rs = []int{3, 2, 1, 0, -1}
	}
	var cat Category
	switch {
	case straight && flush:
		cat = StraightFlush
	case count[rs[0]] == 4:
		cat = FourOfAKind
	case count[rs[0]] == 3 && count[rs[1]] == 2:
		cat = FullHouse
	case flush:
		cat = Flush
	case straight:
		cat = Straight
	case count[rs[0]] == 3:
		cat = ThreeOfAKind
	case count[rs[0]] == 2 && count[rs[1]] == 2:
		cat = TwoPair
	case count[rs[0]] == 2:
		cat = OnePair
	default:
		cat = HighCard
	}
	v := uint64(cat)
	for i := range 5 {
		r := 0
		if i < len(rs) {
			r = rs[i] + 2
		}
		v = v<<4 | uint64(r)
	}
	return v
}

// Published counts of five-card hands per category (weakest first).
var fiveCardCounts = [NumCategories]int{1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40}

// Distinct five-card hands per category (weakest first): 7,462 in all.
var distinctPerCategory = [NumCategories]int{1277, 2860, 858, 858, 10, 1277, 156, 156, 10}

func TestFiveCardAll(t *testing.T) {
	t.Parallel()
	e := New()
	var counts [NumCategories]int
	seen := map[Strength]uint64{} // strength -> reference value
	byRef := map[uint64]Strength{}
	var h [5]cards.Card
	for a := range cards.Card(52) {
		for b := a + 1; b < 52; b++ {
			for c := b + 1; c < 52; c++ {
				for d := c + 1; d < 52; d++ {
					for x := d + 1; x < 52; x++ {
						h = [5]cards.Card{a, b, c, d, x}
						s := e.Eval5(&h)
						counts[s.Category()]++
						ref := refValue(h)
						if old, ok := seen[s]; ok && old != ref {
							t.Fatalf("%v: strength %d also given to reference value %#x, here %#x", cards.FormatList(h[:]), s, old, ref)
						}
						seen[s] = ref
						if old, ok := byRef[ref]; ok && old != s {
							t.Fatalf("%v: equal hands got strengths %d and %d", cards.FormatList(h[:]), old, s)
						}
						byRef[ref] = s
						if got := e.EvalN(h[:]); got != s {
							t.Fatalf("%v: EvalN %d, Eval5 %d", cards.FormatList(h[:]), got, s)
						}
					}
				}
			}
		}
	}
	if counts != fiveCardCounts {
		t.Errorf("category counts %v, want %v", counts, fiveCardCounts)
	}
	if len(seen) != 7462 {
		t.Errorf("%d distinct strengths, want 7462", len(seen))
	}
	// Strengths must order the hands exactly as the reference does, and be
	// numbered 1..n within each category.
	refs := make([]uint64, 0, len(byRef))
	for r := range byRef {
		refs = append(refs, r)
	}
	slices.Sort(refs)
	var perCat [NumCategories]int
	for i, r := range refs {
		s := byRef[r]
		if i > 0 && byRef[refs[i-1]] >= s {
			t.Fatalf("reference values %#x < %#x but strengths %d >= %d", refs[i-1], r, byRef[refs[i-1]], s)
		}
		c := s.Category()
		perCat[c]++
		if want := Strength(c)<<CategoryShift | Strength(perCat[c]); s != want {
			t.Fatalf("strength %d, want %d (the %d-th %v)", s, want, perCat[c], c)
		}
	}
	if perCat != distinctPerCategory {
		t.Errorf("distinct hands per category %v, want %v", perCat, distinctPerCategory)
	}
}

func hand(t testing.TB, s string) []cards.Card {
	t.Helper()
	cs, err := cards.ParseList(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(cs); err != nil {
		t.Fatal(err)
	}
	return cs
}

func TestKnownHands(t *testing.T) {
	e := Default()
	tests := []struct {
		cards string
		cat   Category
		best  string
	}{
		{"As Ks Qs Js Ts", StraightFlush, "As Ks Qs Js Ts"},
		{"5d 4d 3d 2d Ad 9c 9h", StraightFlush, "5d 4d 3d 2d Ad"},
		{"Kh Kd Kc Ks 2c 3c 4c", FourOfAKind, "Ks Kh Kd Kc 4c"},
		{"Ah Ad Ac Kh Kd Kc 2s", FullHouse, "Ah Ad Ac Kh Kd"},
		{"2h 2d 2c 3h 3d 3c 4s", FullHouse, "3h 3d 3c 2h 2d"},
		{"Ah 9h 7h 4h 2h Ad Ac", Flush, "Ah 9h 7h 4h 2h"},
		{"Ah Kh 9h 7h 4h 3h 2h", Flush, "Ah Kh 9h 7h 4h"},
		{"9c 8d 7h 6s 5c 4d 3h", Straight, "9c 8d 7h 6s 5c"},
		{"As 2d 3h 4s 5c Kd Qh", Straight, "5c 4s 3h 2d As"},
		{"Ts Js Qs Kd Ah", Straight, "Ah Kd Qs Js Ts"},
		{"7s 7d 7h As Kd 4c 2h", ThreeOfAKind, "7s 7h 7d As Kd"},
		{"Qs Qd 5h 5c 3s 3d Ah", TwoPair, "Qs Qd 5h 5c Ah"},
		{"Js Jd 9h 4c 3s 2d 7h", OnePair, "Js Jd 9h 7h 4c"},
		{"As Kd 7c 2h 9s 3d Qh", HighCard, "As Kd Qh 9s 7c"},
		{"7c 5d 4h 3s 2c", HighCard, "7c 5d 4h 3s 2c"},
	}
	for _, tc := range tests {
		cs := hand(t, tc.cards)
		s := e.EvalN(cs)
		if s.Category() != tc.cat {
			t.Errorf("%s: %v, want %v", tc.cards, s.Category(), tc.cat)
		}
		b := e.Best(cs)
		if b.Strength != s {
			t.Errorf("%s: Best strength %d, EvalN %d", tc.cards, b.Strength, s)
		}
		if b.String() != tc.best {
			t.Errorf("%s: best five %q, want %q", tc.cards, b.String(), tc.best)
		}
	}
	// Orderings across and within categories.
	order := []string{
		"7c 5d 4h 3s 2c", // worst hand
		"Ac Kd Qh Js 9c", // best high card
		"2c 2d 3h 4s 5c", // worst pair
		"As Ad Kh Kd Qc", // best two pair
		"2c 2d 2h 3s 4c", // worst trips
		"Ac 2d 3h 4s 5c", // wheel
		"2c 3d 4h 5s 6c", // six-high straight
		"Ac Kd Qh Js Tc", // broadway
		"7c 5c 4c 3c 2c", // worst flush
		"2c 2d 2h 3s 3c", // worst full house
		"Ac Ad Ah As Kc", // best quads
		"Ac 2c 3c 4c 5c", // steel wheel
		"Ac Kc Qc Jc Tc", // royal flush
	}
	prev := Strength(0)
	for _, o := range order {
		s := e.EvalN(hand(t, o))
		if s <= prev {
			t.Errorf("%s: strength %d not above the previous hand's %d", o, s, prev)
		}
		prev = s
	}
	if got := e.EvalN(hand(t, "7c 5d 4h 3s 2c")); got != Strength(HighCard)<<CategoryShift|1 {
		t.Errorf("worst hand strength %d", got)
	}
	if got := e.EvalN(hand(t, "Ac Kc Qc Jc Tc")); got != Strength(StraightFlush)<<CategoryShift|10 {
		t.Errorf("royal flush strength %d", got)
	}
	// Suits never matter except for flushes.
	a, b := e.EvalN(hand(t, "As Kd 7c 2h 9s 3d Qh")), e.EvalN(hand(t, "Ac Kh 7d 2s 9c 3h Qd"))
	if a != b {
		t.Errorf("same ranks, different suits: %d and %d", a, b)
	}
}

func TestCategoryString(t *testing.T) {
	want := strings.Fields("high-card one-pair two-pair three-of-a-kind straight flush full-house four-of-a-kind straight-flush")
	for c := HighCard; c < NumCategories; c++ {
		if c.String() != want[c] {
			t.Errorf("Category(%d).String() = %q, want %q", c, c.String(), want[c])
		}
		p, err := ParseCategory(want[c])
		if err != nil || p != c {
			t.Errorf("ParseCategory(%q) = %v, %v", want[c], p, err)
		}
	}
	if _, err := ParseCategory("royal"); err == nil {
		t.Error("ParseCategory(royal) succeeded")
	}
	if s := Category(9).String(); s != "Category(9)" {
		t.Errorf("Category(9).String() = %q", s)
	}
}

// randomHand fills h with distinct random cards.
func randomHand(r *rand.Rand, h []cards.Card) {
	var used cards.Set
	for i := range h {
		for {
			c := cards.Card(r.IntN(52))
			if !used.Has(c) {
				used = used.Add(c)
				h[i] = c
				break
			}
		}
	}
}

// bestOfSubsets is the strength of the best five-card subset of cs.
func bestOfSubsets(e *Evaluator, cs []cards.Card) Strength {
	var best Strength
	n := len(cs)
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			for c := b + 1; c < n; c++ {
				for d := c + 1; d < n; d++ {
					for x := d + 1; x < n; x++ {
						f := [5]cards.Card{cs[a], cs[b], cs[c], cs[d], cs[x]}
						best = max(best, e.Eval5(&f))
					}
				}
			}
		}
	}
	return best
}

func TestSixAndSevenAreBestOfSubsets(t *testing.T) {
	t.Parallel()
	e := Default()
	r := rand.New(rand.NewPCG(6, 7))
	var h6 [6]cards.Card
	var h7 [7]cards.Card
	for i := range 200_000 {
		randomHand(r, h6[:])
		if got, want := e.Eval6(&h6), bestOfSubsets(e, h6[:]); got != want {
			t.Fatalf("Eval6(%v) = %d, best of the 6 subsets %d", cards.FormatList(h6[:]), got, want)
		}
		randomHand(r, h7[:])
		want := bestOfSubsets(e, h7[:])
		if got := e.Eval7(&h7); got != want {
			t.Fatalf("Eval7(%v) = %d, best of the 21 subsets %d", cards.FormatList(h7[:]), got, want)
		}
		if i%16 == 0 {
			checkBest(t, e, h7[:], want)
			checkBest(t, e, h6[:], e.Eval6(&h6))
		}
	}
}

// checkBest checks that Best returns five of cs worth want, in order.
func checkBest(t *testing.T, e *Evaluator, cs []cards.Card, want Strength) {
	t.Helper()
	b := e.Best(cs)
	if b.Strength != want {
		t.Fatalf("Best(%v) strength %d, want %d", cards.FormatList(cs), b.Strength, want)
	}
	in := cards.SetOf(cs...)
	if got := cards.SetOf(b.Cards[:]...); got&^in != 0 || got.Len() != 5 {
		t.Fatalf("Best(%v) = %v: not five of the cards", cards.FormatList(cs), b)
	}
	if s := e.Eval5(&b.Cards); s != want {
		t.Fatalf("Best(%v) = %v worth %d, want %d", cards.FormatList(cs), b, s, want)
	}
	var count [13]int
	for _, c := range b.Cards {
		count[c.Rank()]++
	}
	for i := 1; i < 5; i++ {
		p, c := b.Cards[i-1], b.Cards[i]
		if count[p.Rank()] < count[c.Rank()] {
			t.Fatalf("Best(%v) = %v: a smaller group comes first", cards.FormatList(cs), b)
		}
	}
}

func TestBuildIsDeterministic(t *testing.T) {
	a, b := New(), Default()
	if *a != *b {
		t.Error("two builds of the tables differ")
	}
	if Default() != b {
		t.Error("Default returned two different evaluators")
	}
}

func TestCheck(t *testing.T) {
	if err := Check(hand(t, "As Kd 7c")); err != nil {
		t.Errorf("Check: %v", err)
	}
	for _, tc := range []struct {
		cs   []cards.Card
		want string
	}{
		{[]cards.Card{cards.MustParse("As"), cards.MustParse("As")}, "As appears twice"},
		{[]cards.Card{cards.RedJoker}, "Xr is not"},
		{[]cards.Card{cards.None}, "?? is not"},
	} {
		err := Check(tc.cs)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Check(%v) = %v, want an error containing %q", tc.cs, err, tc.want)
		}
	}
}

func TestWrongCountsPanic(t *testing.T) {
	e := Default()
	for _, f := range []func(){
		func() { e.EvalN(make([]cards.Card, 4)) },
		func() { e.EvalN(make([]cards.Card, 8)) },
		func() { e.Best(make([]cards.Card, 4)) },
		func() { e.EvalOmaha(make([]cards.Card, 1), make([]cards.Card, 5)) },
		func() { e.EvalOmaha(make([]cards.Card, 4), make([]cards.Card, 6)) },
		func() { e.BestOmaha(make([]cards.Card, 4), make([]cards.Card, 2)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("no panic for a wrong number of cards")
				}
			}()
			f()
		}()
	}
}

func TestZeroAllocs(t *testing.T) {
	e := Default()
	h7 := [7]cards.Card{0, 5, 10, 15, 20, 25, 30}
	h6 := [6]cards.Card{0, 5, 10, 15, 20, 25}
	h5 := [5]cards.Card{0, 4, 8, 12, 16}
	hole, board := []cards.Card{1, 2, 3, 7}, []cards.Card{11, 19, 23, 27, 31}
	var sink Strength
	for name, f := range map[string]func(){
		"Eval7":     func() { sink += e.Eval7(&h7) },
		"Eval6":     func() { sink += e.Eval6(&h6) },
		"Eval5":     func() { sink += e.Eval5(&h5) },
		"EvalN":     func() { sink += e.EvalN(h7[:]) },
		"EvalOmaha": func() { sink += e.EvalOmaha(hole, board) },
		"Best":      func() { sink += e.Best(h7[:]).Strength },
		"BestOmaha": func() { sink += e.BestOmaha(hole, board).Strength },
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %v allocations per call", name, n)
		}
	}
	if sink == 0 {
		t.Error("no strength computed")
	}
}

func TestTablesAreSmall(t *testing.T) {
	// The package documentation promises 256 KiB of tables.
	if n := unsafe.Sizeof(Evaluator{}); n > 257<<10 {
		t.Errorf("Evaluator is %d bytes, want at most 257 KiB", n)
	}
}

// FuzzEval gives the evaluators arbitrary bytes as cards: whatever they
// are (duplicates, jokers, bytes past the deck) nothing panics, and for
// distinct standard cards every form agrees with the best of the five-card
// subsets.
func FuzzEval(f *testing.F) {
	f.Add([]byte{0, 5, 10, 15, 20, 25, 30, 35, 40})
	f.Add([]byte{51, 50, 49, 48, 47, 46, 45, 44, 43})
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{52, 53, 255, 1, 2, 3, 4, 5, 6})
	e := Default()
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 9 {
			return
		}
		cs := make([]cards.Card, 9)
		for i := range cs {
			cs[i] = cards.Card(b[i])
		}
		valid := Check(cs) == nil
		for n := 5; n <= 7; n++ {
			s := e.EvalN(cs[:n])
			best := e.Best(cs[:n])
			if valid && (s != bestOfSubsets(e, cs[:n]) || best.Strength != s) {
				t.Fatalf("%v: EvalN %d, Best %d, best of subsets %d", cards.FormatList(cs[:n]), s, best.Strength, bestOfSubsets(e, cs[:n]))
			}
		}
		for h := 2; h <= 6; h++ {
			for nb := 3; nb <= 5 && h+nb <= 9; nb++ {
				hole, board := cs[:h], cs[h:h+nb]
				s := e.EvalOmaha(hole, board)
				best := e.BestOmaha(hole, board)
				if valid && (s != bruteOmaha(e, hole, board) || best.Strength != s) {
					t.Fatalf("%v | %v: EvalOmaha %d, BestOmaha %d, brute force %d", cards.FormatList(hole), cards.FormatList(board), s, best.Strength, bruteOmaha(e, hole, board))
				}
			}
		}
	})
}
