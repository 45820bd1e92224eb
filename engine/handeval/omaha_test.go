package handeval

import (
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
)

// bruteOmaha tries every pair of hole cards with every triple of board
// cards.
func bruteOmaha(e *Evaluator, hole, board []cards.Card) Strength {
	var best Strength
	for i := range hole {
		for j := i + 1; j < len(hole); j++ {
			for a := range board {
				for b := a + 1; b < len(board); b++ {
					for c := b + 1; c < len(board); c++ {
						f := [5]cards.Card{hole[i], hole[j], board[a], board[b], board[c]}
						best = max(best, e.Eval5(&f))
					}
				}
			}
		}
	}
	return best
}

func TestOmahaMatchesBruteForce(t *testing.T) {
	t.Parallel()
	e := Default()
	r := rand.New(rand.NewPCG(4, 5))
	var deal [11]cards.Card
	flushes := 0
	for i := range 100_000 {
		nh, nb := 4+r.IntN(3), 3+r.IntN(3)
		randomHand(r, deal[:nh+nb])
		hole, board := deal[:nh], deal[nh:nh+nb]
		want := bruteOmaha(e, hole, board)
		if got := e.EvalOmaha(hole, board); got != want {
			t.Fatalf("EvalOmaha(%v | %v) = %d, brute force %d", cards.FormatList(hole), cards.FormatList(board), got, want)
		}
		if want.Category() == Flush || want.Category() == StraightFlush {
			flushes++
		}
		if i%8 != 0 {
			continue
		}
		b := e.BestOmaha(hole, board)
		if b.Strength != want || e.Eval5(&b.Cards) != want {
			t.Fatalf("BestOmaha(%v | %v) = %v worth %d, want %d", cards.FormatList(hole), cards.FormatList(board), b, b.Strength, want)
		}
		hs, bs := cards.SetOf(hole...), cards.SetOf(board...)
		five := cards.SetOf(b.Cards[:]...)
		if (five&hs).Len() != 2 || (five&bs).Len() != 3 {
			t.Fatalf("BestOmaha(%v | %v) = %v: not two hole and three board cards", cards.FormatList(hole), cards.FormatList(board), b)
		}
	}
	if flushes == 0 {
		t.Error("no flush among the random Omaha hands: the test misses the flush path")
	}
}

func TestOmahaTwoPlusThree(t *testing.T) {
	e := Default()
	tests := []struct {
		name, hole, board string
		cat               Category
		best              string
	}{
		{"four hearts in hole, one on board", "Ah Kh Qh Jh", "Th 2c 3d 7s 8c", HighCard, "Ah Kh Th 8c 7s"},
		{"two hearts in hole, three on board", "Ah 2h Qc Jd", "Kh 7h 4h 9c 9d", Flush, "Ah Kh 7h 4h 2h"},
		{"flush on board, none in hole", "Ac Ad Kc Kd", "2h 5h 7h 9h Jh", OnePair, "Ad Ac Jh 9h 7h"},
		{"quads on board", "Kc Kd 2c 3d", "As Ah Ad Ac 5h", FullHouse, "As Ah Ad Kd Kc"},
		{"straight on board", "2c 2d 3c 3d", "9h Ts Jc Qd Kh", OnePair, "3d 3c Kh Qd Jc"},
		{"trips in hole", "7c 7d 7h 2s", "Ks Qd 3c", OnePair, "7d 7c Ks Qd 3c"},
		{"wheel with two hole cards", "Ac 2d Kh Kc", "3h 4s 5c", Straight, "5c 4s 3h 2d Ac"},
		{"straight flush", "9s 8s Ac Ad", "7s 6s 5s Ah", StraightFlush, "9s 8s 7s 6s 5s"},
		{"six hole cards", "Ac Ad Kc Kd Qc Qd", "As Kh Qh 2s 3s", ThreeOfAKind, "As Ad Ac Kh Qh"},
	}
	for _, tc := range tests {
		hole, board := hand(t, tc.hole), hand(t, tc.board)
		if err := Check(append(append([]cards.Card(nil), hole...), board...)); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		s := e.EvalOmaha(hole, board)
		if s.Category() != tc.cat {
			t.Errorf("%s: %v, want %v", tc.name, s.Category(), tc.cat)
		}
		b := e.BestOmaha(hole, board)
		if b.Strength != s || b.String() != tc.best {
			t.Errorf("%s: best %q (%d), want %q (%d)", tc.name, b, b.Strength, tc.best, s)
		}
	}
}
