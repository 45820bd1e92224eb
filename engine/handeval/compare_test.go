package handeval

import (
	"cmp"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
	phpoker "github.com/paulhankin/poker/v2/poker"
)

// This file compares the evaluator with github.com/paulhankin/poker/v2
// v2.0.8 (a test-only dependency): the two must order hands alike, and
// BenchmarkPaulhankinEval7Random times its Eval7 on the same pre-dealt
// hands as BenchmarkEval7Random.

// toPaulhankin converts a card: that package numbers ranks from the ace
// (0) to the king (12), with the same suit order in the low two bits.
func toPaulhankin(c cards.Card) phpoker.Card {
	return phpoker.Card((int(c.Rank())+1)%13*4 + int(c.Suit()))
}

var paulhankinSevens = sync.OnceValue(func() [][7]phpoker.Card {
	hs := randomSevens()
	out := make([][7]phpoker.Card, len(hs))
	for i, h := range hs {
		for j, c := range h {
			out[i][j] = toPaulhankin(c)
		}
	}
	return out
})

func TestAgreesWithPaulhankin(t *testing.T) {
	t.Parallel()
	e := Default()
	r := rand.New(rand.NewPCG(11, 12))
	var a, b [7]cards.Card
	var pa, pb [7]phpoker.Card
	for range 200_000 {
		randomHand(r, a[:])
		randomHand(r, b[:])
		for i := range 7 {
			pa[i], pb[i] = toPaulhankin(a[i]), toPaulhankin(b[i])
		}
		ours := cmp.Compare(e.Eval7(&a), e.Eval7(&b))
		theirs := cmp.Compare(phpoker.Eval7(&pa), phpoker.Eval7(&pb))
		if ours != theirs {
			t.Fatalf("%v vs %v: we compare %d, paulhankin/poker %d", cards.FormatList(a[:]), cards.FormatList(b[:]), ours, theirs)
		}
	}
}

func BenchmarkPaulhankinEval7Random(b *testing.B) {
	hs := paulhankinSevens()
	b.ReportAllocs()
	b.ResetTimer()
	var sum int
	for i := range b.N {
		sum += int(phpoker.Eval7(&hs[i&(benchHands-1)]))
	}
	b.StopTimer()
	reportRate(b, 1)
	if sum == 0 {
		b.Fatal("no strength")
	}
}
