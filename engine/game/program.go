package game

import (
	"math/bits"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/genome"
)

// allCards is the set of all 54 cards.
const allCards cards.Set = 1<<cards.NumCards - 1

// suitMask[s] holds the cards whose Suit() is s (jokers included: the red
// joker counts as hearts, the black joker as spades).
var suitMask = func() (m [cards.NumSuits]cards.Set) {
	for c := cards.Card(0); c < cards.NumCards; c++ {
		m[c.Suit()] |= 1 << c
	}
	return m
}()

// rankMask[r] holds the cards of rank r (RankJoker: both jokers).
var rankMask = func() (m [cards.RankJoker + 1]cards.Set) {
	for c := cards.Card(0); c < cards.NumCards; c++ {
		m[c.Rank()] |= 1 << c
	}
	return m
}()

// rankSetMask returns the cards whose rank is in rs.
func rankSetMask(rs genome.RankSet) cards.Set {
	var m cards.Set
	for r := cards.Rank(0); r <= cards.RankJoker; r++ {
		if rs.Has(r) {
			m |= rankMask[r]
		}
	}
	return m
}

// suitSetMask returns the cards whose suit is in ss.
func suitSetMask(ss genome.SuitSet) cards.Set {
	var m cards.Set
	for s := cards.Suit(0); s < cards.NumSuits; s++ {
		if ss.Has(s) {
			m |= suitMask[s]
		}
	}
	return m
}

// filterMask returns the cards passing genome.Matches(ranks, suits, c).
func filterMask(ranks genome.RankSet, suits genome.SuitSet) cards.Set {
	m := allCards
	if ranks != 0 {
		m &= rankSetMask(ranks)
	}
	if suits != 0 {
		m &= suitSetMask(suits)
	}
	return m
}

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

// phase is a compiled phase: the genome's phase plus precomputed masks.
type phase struct {
	genome.Phase
	cond int16 // the phase's condition node (draw, play, discard, trick lead), -1 for always
	// cset and cbool are its compiled forms with and without a candidate
	// card (see code.go).
	cset, cbool condFn
}

// effect is a compiled effect.
type effect struct {
	genome.Effect
	cards cards.Set // the cards that trigger it
}

// score is a compiled scoring rule.
type score struct {
	genome.ScoringRule
	mask cards.Set
}

// Program is a compiled genome: immutable after Compile, safe to share
// between goroutines. States refer to it.
type Program struct {
	g   *genome.Genome
	opt Options

	deck    [cards.NumCards]cards.Card
	ndeck   int
	deckSet cards.Set

	chips      bool
	startChips chips.Chips
	sb, bb     chips.Chips
	ante       chips.Chips

	phases   []phase
	cycStart int
	cycEnd   int
	until    int16  // condition node of Turns.CycleUntil, -1: none
	untilB   condFn // its compiled form (no candidate card)

	nodes []cnode
	kids  []int16

	effects  []effect
	effOf    [cards.NumCards]uint16 // bit i: effects[i] triggers on the card
	wildFx   cards.Set              // cards with a wild effect
	wild     cards.Set              // cards of Setup.WildRanks
	anyWild  cards.Set              // wild | wildFx: always legal in a play
	scoring  []score
	wins     []genome.WinCondition
	ordered  bool // hands have an order (top_of_hand tricks, hand_bottom collects, wars)
	hasTrick bool
	// deckRanks holds the ranks of the deck (claims and asks of any rank).
	deckRanks  genome.RankSet
	anyEffect  cards.Set // cards that trigger some effect
	captureAll bool      // a capture_all win condition exists
	turnTests  bool      // some condition looks at the turn number
	aceLow     bool      // Setup.RankOrder is ace_low

	rankVal  [cards.RankJoker + 1]int8 // RankValue under the rank order
	points   [cards.RankJoker + 1]int8 // CardPoints by rank
	vsTop    [6][cards.RankJoker + 1]cards.Set
	maxTurns uint32
}

func compile(g *genome.Genome, opt Options) *Program {
	p := &Program{g: g, opt: opt}
	s := &g.Setup
	d := s.Cards()
	p.ndeck = copy(p.deck[:], d)
	p.deckSet = cards.SetOf(d...)
	p.chips = s.HasChips()
	p.startChips = chips.FromInt(int64(s.StartingChips))
	p.sb = chips.FromInt(int64(s.SmallBlind))
	p.bb = chips.FromInt(int64(s.BigBlind))
	p.ante = chips.FromInt(int64(s.Ante))
	p.maxTurns = g.Turns.MaxTurns
	p.aceLow = s.RankOrder == genome.AceLow
	for r := cards.Rank(0); r <= cards.RankJoker; r++ {
		p.rankVal[r] = int8(s.RankOrder.RankValue(r))
		p.points[r] = int8(genome.CardPoints(cards.New(r, 0)))
	}
	p.points[cards.RankJoker] = 0
	for cmp := genome.CmpEq; cmp <= genome.CmpGe; cmp++ {
		for top := cards.Rank(0); top <= cards.RankJoker; top++ {
			var m cards.Set
			for r := cards.Rank(0); r <= cards.RankJoker; r++ {
				if cmp.Compare(int(p.rankVal[r]), int(p.rankVal[top])) {
					m |= rankMask[r]
				}
			}
			p.vsTop[cmp][top] = m
		}
	}
	p.wild = rankSetMask(s.WildRanks) & p.deckSet
	p.cycStart, p.cycEnd = int(g.Turns.CycleStart), int(g.Turns.CycleEnd)
	p.until = -1
	if p.cycStart < p.cycEnd {
		p.until = p.cond(&g.Turns.CycleUntil)
	}
	p.untilB = condAll
	if p.until >= 0 {
		p.untilB = p.closure(p.until, false)
	}
	p.phases = make([]phase, len(g.Phases))
	for i := range g.Phases {
		ph := &p.phases[i]
		ph.Phase = g.Phases[i]
		ph.cond = -1
		switch ph.Kind {
		case genome.PhaseDraw:
			ph.cond = p.cond(&ph.Draw.Condition)
		case genome.PhasePlay:
			ph.cond = p.cond(&ph.Play.Condition)
		case genome.PhaseDiscard:
			ph.cond = p.cond(&ph.Discard.Condition)
		case genome.PhaseTrick:
			ph.cond = p.cond(&ph.Trick.LeadCondition)
			p.hasTrick = true
			if ph.Trick.PlayFrom == genome.FromTopOfHand || ph.Trick.Collect == genome.CollectHandBottom || ph.Trick.Tie == genome.TieWar {
				p.ordered = true
			}
		}
	}
	for i := range p.phases {
		ph := &p.phases[i]
		ph.cset, ph.cbool = condAll, condAll
		if ph.cond >= 0 {
			ph.cset = p.closure(ph.cond, true)
			ph.cbool = p.closure(ph.cond, false)
		}
	}
	for i, e := range g.Effects {
		m := filterMask(e.Ranks, e.Suits) & p.deckSet
		if e.Ranks == 0 {
			m = 0
		}
		p.effects = append(p.effects, effect{Effect: e, cards: m})
		for c := range cards.NumCards {
			if m&(1<<c) != 0 {
				p.effOf[c] |= 1 << i
			}
		}
		if e.Kind == genome.EffectWild {
			p.wildFx |= m
		}
	}
	p.anyWild = p.wild | p.wildFx
	for _, r := range g.Scoring {
		p.scoring = append(p.scoring, score{ScoringRule: r, mask: filterMask(r.Ranks, r.Suits)})
	}
	p.wins = append(p.wins, g.WinConditions...)
	for _, w := range p.wins {
		if w.Kind == genome.WinCaptureAll {
			p.captureAll = true
		}
	}
	for _, c := range d {
		p.deckRanks |= 1 << c.Rank()
	}
	for _, e := range p.effects {
		p.anyEffect |= e.cards
	}
	return p
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
		switch c.Test {
		case genome.TestCardRankIn, genome.TestHasRank:
			n.set = rankSetMask(c.Ranks)
		case genome.TestCardSuitIn, genome.TestHasSuit, genome.TestOnlySuits:
			n.set = suitSetMask(c.Suits)
		case genome.TestCardIsWild:
			n.set = p.wild
		case genome.TestCardPoints:
			var m cards.Set
			for cd := cards.Card(0); cd < cards.NumCards; cd++ {
				if c.Cmp.Compare(genome.CardPoints(cd), int(c.Value)) {
					m |= 1 << cd
				}
			}
			n.set = m
		case genome.TestSuitPlayed:
			n.suits = uint8(c.Suits)
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
		switch c.Test {
		case genome.TestCardRankIn, genome.TestCardSuitIn, genome.TestCardIsWild, genome.TestCardPoints:
			n.static = true
		}
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

// structure maps a genome betting structure to engine/betting's.
func structure(b genome.BetStructure) betting.Structure {
	switch b {
	case genome.PotLimit:
		return betting.PotLimit
	case genome.NoLimit:
		return betting.NoLimit
	}
	return betting.FixedLimit
}

func popcount(s cards.Set) int { return bits.OnesCount64(uint64(s)) }
