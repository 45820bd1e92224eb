package game

import (
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/genome"
)

// Conditions are compiled into trees of Go closures, one per node, built
// once by Compile and shared read-only by every state (a closure captures
// only constants and its children). A condition is compiled twice: with a
// candidate card, where a closure returns the cards of want for which the
// node holds (every candidate at once), and without one (card tests are
// false; the closure returns want for true, nothing for false). Subtrees
// that do not depend on the state are folded into constants first, and
// and/or pass the cards still undecided down, so they stop as soon as the
// answer is known.

// condFn evaluates a compiled condition for player p over the candidates
// of want.
type condFn func(s *State, p int, want cards.Set) cards.Set

func condAll(_ *State, _ int, want cards.Set) cards.Set { return want }
func condNone(*State, int, cards.Set) cards.Set         { return 0 }

// closure compiles node ni (withCard: with a candidate card).
func (p *Program) closure(ni int16, withCard bool) condFn {
	n := &p.nodes[ni]
	if withCard && n.static {
		switch set := n.set; set {
		case allCards:
			return condAll
		case 0:
			return condNone
		default:
			return func(_ *State, _ int, want cards.Set) cards.Set { return set & want }
		}
	}
	if !withCard && n.bstatic {
		if n.bval {
			return condAll
		}
		return condNone
	}
	kids := make([]condFn, n.nkids)
	for i, k := range p.kids[n.kid0 : n.kid0+n.nkids] {
		kids[i] = p.closure(k, withCard)
	}
	switch n.op {
	case genome.OpTest:
		return p.leaf(ni)
	case genome.OpAnd:
		if len(kids) == 2 {
			a, b := kids[0], kids[1]
			return func(s *State, q int, want cards.Set) cards.Set {
				if m := a(s, q, want); m != 0 {
					return b(s, q, m)
				}
				return 0
			}
		}
		return func(s *State, q int, want cards.Set) cards.Set {
			m := want
			for _, f := range kids {
				if m = f(s, q, m); m == 0 {
					break
				}
			}
			return m
		}
	case genome.OpOr:
		if len(kids) == 2 {
			a, b := kids[0], kids[1]
			return func(s *State, q int, want cards.Set) cards.Set {
				m := a(s, q, want)
				if m == want {
					return m
				}
				return m | b(s, q, want&^m)
			}
		}
		return func(s *State, q int, want cards.Set) cards.Set {
			var m cards.Set
			for _, f := range kids {
				if m |= f(s, q, want&^m); m == want {
					break
				}
			}
			return m
		}
	case genome.OpNot:
		a := kids[0]
		return func(s *State, q int, want cards.Set) cards.Set { return want &^ a(s, q, want) }
	case genome.OpAnyPlayer:
		a := kids[0]
		return func(s *State, _ int, want cards.Set) cards.Set {
			var m cards.Set
			for q := 0; q < int(s.n) && m != want; q++ {
				if s.inHand&(1<<q) != 0 {
					m |= a(s, q, want&^m)
				}
			}
			return m
		}
	case genome.OpAllPlayers:
		a := kids[0]
		return func(s *State, _ int, want cards.Set) cards.Set {
			m := want
			for q := 0; q < int(s.n) && m != 0; q++ {
				if s.inHand&(1<<q) != 0 {
					m = a(s, q, m)
				}
			}
			return m
		}
	}
	return condNone
}

// leaf compiles a test that depends on the state.
func (p *Program) leaf(ni int16) condFn {
	n := &p.nodes[ni]
	switch n.test {
	case genome.TestSameRankAsTop:
		return func(s *State, _ int, want cards.Set) cards.Set {
			if s.ndisc > 0 {
				return want & rankMask[s.disc[s.ndisc-1].Rank()]
			}
			return want
		}
	case genome.TestSameSuitAsTop:
		return func(s *State, _ int, want cards.Set) cards.Set {
			if s.ndisc > 0 {
				return want & suitMask[s.topSuit(s.disc[s.ndisc-1])]
			}
			return want
		}
	case genome.TestCardRankVsTop:
		vs := &p.vsTop[n.cmp]
		return func(s *State, _ int, want cards.Set) cards.Set {
			if s.ndisc > 0 {
				return want & vs[s.disc[s.ndisc-1].Rank()]
			}
			return want
		}
	case genome.TestCardIsTrump:
		return func(s *State, _ int, want cards.Set) cards.Set {
			if s.trump >= 0 {
				return want & suitMask[s.trump]
			}
			return 0
		}
	case genome.TestHandSize:
		cmp, v := n.cmp, int(n.value)
		return func(s *State, q int, want cards.Set) cards.Set {
			if cmp.Compare(popcount(s.hand[q]), v) {
				return want
			}
			return 0
		}
	case genome.TestHasRank, genome.TestHasSuit:
		set := n.set
		return func(s *State, q int, want cards.Set) cards.Set {
			if s.hand[q]&set != 0 {
				return want
			}
			return 0
		}
	case genome.TestSuitPlayed:
		suits := n.suits
		return func(s *State, _ int, want cards.Set) cards.Set {
			if s.playedSuits&suits != 0 {
				return want
			}
			return 0
		}
	case genome.TestTricksPlayed:
		cmp, v := n.cmp, int(n.value)
		return func(s *State, _ int, want cards.Set) cards.Set {
			if cmp.Compare(int(s.tricksHand), v) {
				return want
			}
			return 0
		}
	}
	node := *n
	return func(s *State, q int, want cards.Set) cards.Set {
		if s.playerTest(&node, q) {
			return want
		}
		return 0
	}
}

// setOf runs a compiled condition for player p over the candidates of
// want: the cards of want for which it holds.
func (s *State) setOf(f condFn, p int, want cards.Set) cards.Set { return f(s, p, want) }

// holds runs the no-candidate form of a condition for player p.
func (s *State) holds(f condFn, p int) bool { return f(s, p, allCards) != 0 }
