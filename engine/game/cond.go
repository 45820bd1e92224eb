package game

import (
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/genome"
)

// playerTest evaluates a test that needs no candidate card for player p.
func (s *State) playerTest(n *cnode, p int) bool {
	var q int
	switch n.test {
	case genome.TestHasRank, genome.TestHasSuit:
		return s.hand[p]&n.set != 0
	case genome.TestOnlySuits:
		return s.hand[p] != 0 && s.hand[p]&^n.set == 0
	case genome.TestSuitPlayed:
		return s.playedSuits&n.suits != 0
	case genome.TestHandSize:
		q = popcount(s.hand[p])
	case genome.TestHandPoints:
		q = s.handPoints(s.hand[p])
	case genome.TestScore:
		q = int(s.score[p])
	case genome.TestChips:
		q = int(s.Chips(p).Whole())
	case genome.TestTricksWon:
		q = int(s.tricks[p])
	case genome.TestWonCards:
		q = popcount(s.won[p])
	case genome.TestLargestSet:
		q = largestSet(s.hand[p])
	case genome.TestStockSize:
		q = int(s.nstock)
	case genome.TestDiscardSize:
		q = int(s.ndisc)
	case genome.TestTurnNumber:
		q = s.Turn()
	case genome.TestHandNumber:
		q = int(s.handNo)
	case genome.TestTricksPlayed:
		q = int(s.tricksHand)
	case genome.TestPlayersIn:
		q = popcount16(s.inHand)
	default:
		return false
	}
	return n.cmp.Compare(q, int(n.value))
}

// handPoints is genome.HandPoints over a set of cards.
func (s *State) handPoints(h cards.Set) int {
	sum := 0
	for r := cards.Two; r <= cards.RankJoker; r++ {
		if k := popcount(h & rankMask[r]); k > 0 {
			sum += k * int(s.prog.points[r])
		}
	}
	if h&rankMask[cards.Ace] != 0 && sum+10 <= int(s.prog.g.Setup.PointLimit) {
		sum += 10
	}
	return sum
}

// largestSet returns the size of the largest group of one rank in h.
func largestSet(h cards.Set) int {
	best := 0
	for r := cards.Two; r <= cards.RankJoker; r++ {
		best = max(best, popcount(h&rankMask[r]))
	}
	return best
}
