package game

import (
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/genome"
	"github.com/stretchr/testify/require"
)

// The tree evaluators below are the reference the compiled closures are checked
// against: they walk the condition tree as the genome documentation reads.

// evalSet evaluates condition node ni for player p over the candidate
// cards of want at once: it returns the cards c of want for which the
// condition holds with c as the candidate. ni < 0 is "always". Only the
// cards of want matter, so and/or stop as soon as the answer is known.
func (s *State) evalSet(ni int16, p int, want cards.Set) cards.Set {
	if ni < 0 {
		return want
	}
	pr := s.prog
	n := &pr.nodes[ni]
	if n.static {
		return n.set & want
	}
	switch n.op {
	case genome.OpTest:
		switch n.test {
		case genome.TestSameRankAsTop:
			if t, ok := s.top(); ok {
				return rankMask[t.Rank()] & want
			}
			return want
		case genome.TestSameSuitAsTop:
			if t, ok := s.top(); ok {
				return suitMask[s.topSuit(t)] & want
			}
			return want
		case genome.TestCardRankVsTop:
			if t, ok := s.top(); ok {
				return pr.vsTop[n.cmp][t.Rank()] & want
			}
			return want
		case genome.TestCardIsTrump:
			if s.trump >= 0 {
				return suitMask[s.trump] & want
			}
			return 0
		}
		if s.playerTest(n, p) {
			return want
		}
		return 0
	case genome.OpAnd:
		m := want
		for _, k := range pr.kids[n.kid0 : n.kid0+n.nkids] {
			if m = s.evalSet(k, p, m); m == 0 {
				break
			}
		}
		return m
	case genome.OpOr:
		var m cards.Set
		for _, k := range pr.kids[n.kid0 : n.kid0+n.nkids] {
			if m |= s.evalSet(k, p, want&^m); m == want {
				break
			}
		}
		return m
	case genome.OpNot:
		return want &^ s.evalSet(pr.kids[n.kid0], p, want)
	case genome.OpAnyPlayer:
		var m cards.Set
		k := pr.kids[n.kid0]
		for q := 0; q < int(s.n) && m != want; q++ {
			if s.inHand&(1<<q) != 0 {
				m |= s.evalSet(k, q, want&^m)
			}
		}
		return m
	case genome.OpAllPlayers:
		m := want
		k := pr.kids[n.kid0]
		for q := 0; q < int(s.n) && m != 0; q++ {
			if s.inHand&(1<<q) != 0 {
				m = s.evalSet(k, q, m)
			}
		}
		return m
	}
	return 0
}

// evalBool evaluates condition node ni for player p without a candidate
// card (card tests are false). ni < 0 is "always".
func (s *State) evalBool(ni int16, p int) bool {
	if ni < 0 {
		return true
	}
	pr := s.prog
	n := &pr.nodes[ni]
	if n.bstatic {
		return n.bval
	}
	switch n.op {
	case genome.OpTest:
		return s.playerTest(n, p)
	case genome.OpAnd:
		for _, k := range pr.kids[n.kid0 : n.kid0+n.nkids] {
			if !s.evalBool(k, p) {
				return false
			}
		}
		return true
	case genome.OpOr:
		for _, k := range pr.kids[n.kid0 : n.kid0+n.nkids] {
			if s.evalBool(k, p) {
				return true
			}
		}
		return false
	case genome.OpNot:
		return !s.evalBool(pr.kids[n.kid0], p)
	case genome.OpAnyPlayer:
		k := pr.kids[n.kid0]
		for q := 0; q < int(s.n); q++ {
			if s.inHand&(1<<q) != 0 && s.evalBool(k, q) {
				return true
			}
		}
		return false
	case genome.OpAllPlayers:
		k := pr.kids[n.kid0]
		for q := 0; q < int(s.n); q++ {
			if s.inHand&(1<<q) != 0 && !s.evalBool(k, q) {
				return false
			}
		}
		return true
	}
	return false
}

// TestCodeMatchesTree runs the conditions of random genomes in random
// states of their games both ways: the compiled closures (with and without a
// candidate card) gives what the tree evaluators give.
func TestCodeMatchesTree(t *testing.T) {
	grng := rand.New(rand.NewPCG(4, 5))
	checked := 0
	for gi := range 1500 {
		g := genome.Random(grng, genome.DefaultRandomOptions())
		p, err := Compile(g)
		require.NoError(t, err)
		rng := rand.New(rand.NewPCG(uint64(gi), 6))
		s, err := p.NewState(p.MinPlayers(), rng)
		require.NoError(t, err)
		for step := 0; step < 200 && !s.Terminal(); step++ {
			for pi := range p.phases {
				ph := &p.phases[pi]
				if ph.cond < 0 {
					continue
				}
				for q := 0; q < int(s.n); q++ {
					want := cards.Set(rng.Uint64()) & allCards
					if got, ref := s.setOf(ph.cset, q, want), s.evalSet(ph.cond, q, want); got != ref {
						t.Fatalf("genome %d phase %d p%d: code %x, tree %x", gi, pi, q, got, ref)
					}
					if got, ref := s.holds(ph.cbool, q), s.evalBool(ph.cond, q); got != ref {
						t.Fatalf("genome %d phase %d p%d: code %v, tree %v", gi, pi, q, got, ref)
					}
					checked++
				}
			}
			if p.until >= 0 {
				if got, ref := s.holds(p.untilB, int(s.cur)), s.evalBool(p.until, int(s.cur)); got != ref {
					t.Fatalf("genome %d cycle_until: code %v, tree %v", gi, got, ref)
				}
			}
			s.ApplyUnchecked(s.LegalMove(rng.IntN(s.NumLegal())))
		}
	}
	if checked == 0 {
		t.Fatal("nothing checked")
	}
}
