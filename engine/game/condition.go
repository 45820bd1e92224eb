package game

import (
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/genome"
)

// cnode is a compiled condition node.
type cnode struct {
	op    genome.CondOp
	test  genome.Test
	cmp   genome.Cmp
	value int16
	// set is the card set a card test selects when it does not depend on
	// the state (card_rank_in, card_suit_in, card_is_wild, card_points),
	// or the rank/suit mask read by a player test (has_rank, …).
	set cards.Set
	// suits is the suit mask of suit_played.
	suits uint8
	// kids indexes the children in Program.kids.
	kid0, nkids int16
	// static is set when the node's candidate set (evalSet) does not
	// depend on the state or the player: it is then set.
	static bool
	// bstatic is set when its value without a candidate (evalBool) does
	// not depend on the state or the player: it is then bval.
	bstatic, bval bool
}

// cond compiles a condition tree and returns its root node index (-1 for
// the plain always condition).
func (p *Program) cond(c *genome.Condition) int16 {
	if c.Op == genome.OpAlways && len(c.Args) == 0 {
		return -1
	}
	return p.node(c)
}

func (p *Program) node(c *genome.Condition) int16 {
	i := int16(len(p.nodes))
	p.nodes = append(p.nodes, cnode{op: c.Op, test: c.Test, cmp: c.Cmp, value: c.Value})
	n := &p.nodes[i]
	if c.Op == genome.OpTest {
		if c.Test == genome.TestTurnNumber {
			p.turnTests = true
		}
		switch {
		case c.Test.UsesRanks():
			n.set = rankSetMask(c.Ranks)
		case c.Test.UsesSuits():
			n.set, n.suits = suitSetMask(c.Suits), uint8(c.Suits)
		}
		if f := conditionTests[c.Test].cards; f != nil {
			n.set = f(p, c)
		}
	}
	if len(c.Args) > 0 {
		ids := make([]int16, len(c.Args))
		for j := range c.Args {
			ids[j] = p.node(&c.Args[j])
		}
		n = &p.nodes[i]
		n.kid0 = int16(len(p.kids))
		n.nkids = int16(len(ids))
		p.kids = append(p.kids, ids...)
	}
	// Fold subtrees that do not depend on the state into constants.
	n = &p.nodes[i]
	switch c.Op {
	case genome.OpAlways:
		n.static, n.set = true, allCards
		n.bstatic, n.bval = true, true
	case genome.OpNever:
		n.static, n.set = true, 0
		n.bstatic, n.bval = true, false
	case genome.OpTest:
		n.static = conditionTests[c.Test].cards != nil
		if c.Test.NeedsCard() {
			n.bstatic, n.bval = true, false // card tests are false without a candidate
		}
	case genome.OpAnd, genome.OpOr, genome.OpNot:
		static := true
		m := allCards
		if c.Op == genome.OpOr {
			m = 0
		}
		for _, k := range p.kids[n.kid0 : n.kid0+n.nkids] {
			kn := &p.nodes[k]
			if !kn.static {
				static = false
				break
			}
			switch c.Op {
			case genome.OpAnd:
				m &= kn.set
			case genome.OpOr:
				m |= kn.set
			case genome.OpNot:
				m = allCards &^ kn.set
			}
		}
		if static {
			n.static, n.set = true, m
		}
		bstatic := true
		bval := c.Op == genome.OpAnd
		for _, k := range p.kids[n.kid0 : n.kid0+n.nkids] {
			kn := &p.nodes[k]
			if !kn.bstatic {
				bstatic = false
				break
			}
			switch c.Op {
			case genome.OpAnd:
				bval = bval && kn.bval
			case genome.OpOr:
				bval = bval || kn.bval
			case genome.OpNot:
				bval = !kn.bval
			}
		}
		if bstatic {
			n.bstatic, n.bval = true, bval
		}
	}
	return i
}

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

func condNone(*State, int, cards.Set) cards.Set { return 0 }

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
	t := &conditionTests[n.test]
	switch {
	case t.compile != nil:
		return t.compile(p, n)
	case t.quantity != nil:
		quantity, cmp, v := t.quantity, n.cmp, int(n.value)
		return func(s *State, q int, want cards.Set) cards.Set {
			if cmp.Compare(quantity(s, q), v) {
				return want
			}
			return 0
		}
	case t.holds != nil:
		holds, node := t.holds, *n
		return func(s *State, q int, want cards.Set) cards.Set {
			if holds(s, &node, q) {
				return want
			}
			return 0
		}
	}
	// genome.Validate accepts only known tests: this is a test added to
	// the genome without its entry in conditionTests.
	panic("game: condition test " + n.test.String() + " has no entry in conditionTests")
}

// setOf runs a compiled condition for player p over the candidates of
// want: the cards of want for which it holds.
func (s *State) setOf(f condFn, p int, want cards.Set) cards.Set { return f(s, p, want) }

// holds runs the no-candidate form of a condition for player p.
func (s *State) holds(f condFn, p int) bool { return f(s, p, allCards) != 0 }

// playerTest evaluates a test that needs no candidate card for player p.
func (s *State) playerTest(n *cnode, p int) bool {
	t := &conditionTests[n.test]
	switch {
	case t.quantity != nil:
		return n.cmp.Compare(t.quantity(s, p), int(n.value))
	case t.holds != nil:
		return t.holds(s, n, p)
	}
	return false
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
