package game

import (
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/genome"
)

// testOps is how the interpreter evaluates one genome.Test (the set a
// node reads, Ranks or Suits, is precomputed in cnode.set and cnode.suits):
//
//   - cards: a card test that does not depend on the state: the cards it
//     selects, computed once when the program is compiled;
//   - compile: a test whose compiled form reads the state (a card test
//     that looks at the discard pile or the trump, or a player test with a
//     faster form than quantity or holds);
//   - quantity: the number a numeric player test compares (Cmp, Value);
//   - holds: any other player test.
//
// A card test without a candidate card is false. Every test has cards,
// compile, quantity or holds (a test checks this); a player test with
// compile also has quantity or holds, which the tree evaluator of the
// tests uses.
type testOps struct {
	cards    func(p *Program, c *genome.Condition) cards.Set
	compile  func(p *Program, n *cnode) condFn
	quantity func(s *State, p int) int
	holds    func(s *State, n *cnode, p int) bool
}

// conditionTests maps each condition test to its evaluation.
var conditionTests = [...]testOps{
	genome.TestNone:       {},
	genome.TestCardRankIn: {cards: func(_ *Program, c *genome.Condition) cards.Set { return rankSetMask(c.Ranks) }},
	genome.TestCardSuitIn: {cards: func(_ *Program, c *genome.Condition) cards.Set { return suitSetMask(c.Suits) }},
	genome.TestCardIsWild: {cards: func(p *Program, _ *genome.Condition) cards.Set { return p.wild }},
	genome.TestCardPoints: {cards: func(_ *Program, c *genome.Condition) cards.Set {
		var m cards.Set
		for cd := cards.Card(0); cd < cards.NumCards; cd++ {
			if c.Cmp.Compare(genome.CardPoints(cd), int(c.Value)) {
				m |= 1 << cd
			}
		}
		return m
	}},
	genome.TestSameRankAsTop: {compile: func(*Program, *cnode) condFn {
		return func(s *State, _ int, want cards.Set) cards.Set {
			if s.ndisc > 0 {
				return want & rankMask[s.disc[s.ndisc-1].Rank()]
			}
			return want
		}
	}},
	genome.TestSameSuitAsTop: {compile: func(*Program, *cnode) condFn {
		return func(s *State, _ int, want cards.Set) cards.Set {
			if s.ndisc > 0 {
				return want & suitMask[s.topSuit(s.disc[s.ndisc-1])]
			}
			return want
		}
	}},
	genome.TestCardRankVsTop: {compile: func(p *Program, n *cnode) condFn {
		vs := &p.vsTop[n.cmp]
		return func(s *State, _ int, want cards.Set) cards.Set {
			if s.ndisc > 0 {
				return want & vs[s.disc[s.ndisc-1].Rank()]
			}
			return want
		}
	}},
	genome.TestCardIsTrump: {compile: func(*Program, *cnode) condFn {
		return func(s *State, _ int, want cards.Set) cards.Set {
			if s.trump >= 0 {
				return want & suitMask[s.trump]
			}
			return 0
		}
	}},
	genome.TestHandSize: {
		quantity: func(s *State, p int) int { return popcount(s.hand[p]) },
		compile: func(_ *Program, n *cnode) condFn {
			cmp, v := n.cmp, int(n.value)
			return func(s *State, q int, want cards.Set) cards.Set {
				if cmp.Compare(popcount(s.hand[q]), v) {
					return want
				}
				return 0
			}
		}},
	genome.TestHandPoints:  {quantity: func(s *State, p int) int { return s.handPoints(s.hand[p]) }},
	genome.TestScore:       {quantity: func(s *State, p int) int { return int(s.score[p]) }},
	genome.TestChips:       {quantity: func(s *State, p int) int { return int(s.Chips(p).Whole()) }},
	genome.TestTricksWon:   {quantity: func(s *State, p int) int { return int(s.tricks[p]) }},
	genome.TestWonCards:    {quantity: func(s *State, p int) int { return popcount(s.won[p]) }},
	genome.TestHasRank:     {holds: holdsAny, compile: compileHoldsAny},
	genome.TestHasSuit:     {holds: holdsAny, compile: compileHoldsAny},
	genome.TestOnlySuits:   {holds: func(s *State, n *cnode, p int) bool { return s.hand[p] != 0 && s.hand[p]&^n.set == 0 }},
	genome.TestLargestSet:  {quantity: func(s *State, p int) int { return largestSet(s.hand[p]) }},
	genome.TestStockSize:   {quantity: func(s *State, _ int) int { return int(s.nstock) }},
	genome.TestDiscardSize: {quantity: func(s *State, _ int) int { return int(s.ndisc) }},
	genome.TestTurnNumber:  {quantity: func(s *State, _ int) int { return s.Turn() }},
	genome.TestHandNumber:  {quantity: func(s *State, _ int) int { return int(s.handNo) }},
	genome.TestTricksPlayed: {
		quantity: func(s *State, _ int) int { return int(s.tricksHand) },
		compile: func(_ *Program, n *cnode) condFn {
			cmp, v := n.cmp, int(n.value)
			return func(s *State, _ int, want cards.Set) cards.Set {
				if cmp.Compare(int(s.tricksHand), v) {
					return want
				}
				return 0
			}
		}},
	genome.TestPlayersIn: {quantity: func(s *State, _ int) int { return popcount16(s.inHand) }},
	genome.TestSuitPlayed: {
		holds: func(s *State, n *cnode, _ int) bool { return s.playedSuits&n.suits != 0 },
		compile: func(_ *Program, n *cnode) condFn {
			suits := n.suits
			return func(s *State, _ int, want cards.Set) cards.Set {
				if s.playedSuits&suits != 0 {
					return want
				}
				return 0
			}
		}},
}

// holdsAny: the player holds a card of the node's set (has_rank, has_suit).
func holdsAny(s *State, n *cnode, p int) bool { return s.hand[p]&n.set != 0 }

func compileHoldsAny(_ *Program, n *cnode) condFn {
	set := n.set
	return func(s *State, q int, want cards.Set) cards.Set {
		if s.hand[q]&set != 0 {
			return want
		}
		return 0
	}
}
