package game

import (
	"math/bits"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/genome"
)

func (s *State) startTrick(ph *phase) {
	t := &ph.Trick
	s.trickSet, s.trickUp, s.ntrick = 0, 0, 0
	for i := 0; i < int(s.n); i++ {
		s.trickCards[i] = cards.None
	}
	players := s.withCards(s.inHand)
	lead := s.firstFrom(players, int(s.cur))
	if lead < 0 {
		s.phaseDone()
		return
	}
	s.trickLead = int8(lead)
	s.ledSuit = -1
	if t.PlayFrom == genome.FromTopOfHand {
		q := lead
		for range int(s.n) {
			if players&(1<<q) != 0 {
				c := s.handTop(q)
				s.trickPut(q, c, true)
			}
			q = s.step(q)
		}
		s.resolveTrick(ph)
		return
	}
	s.trickTodo = players
	s.trickNext = int8(lead)
	s.trickOffer(ph)
}

// trickPut puts p's card c into the trick (face up or down).
func (s *State) trickPut(p int, c cards.Card, faceUp bool) {
	s.trickSet |= 1 << c
	s.trickSeq[s.ntrick] = c
	s.ntrick++
	if faceUp {
		s.know[c] = public
		s.trickCards[p] = c
		s.trickUp |= 1 << c
		if s.ledSuit < 0 {
			s.ledSuit = int8(c.Suit())
		}
		s.logAct(EvPlay, p, -1, c, uint8(ZoneTrick), public, 0)
	} else {
		s.know[c] = 0
		s.moves++ // not logged (hidden), but a move
	}
	if s.lis != nil {
		s.emit(Event{Kind: EvPlay, Player: int8(p), Target: -1, Card: c, Zone: ZoneTrick, FaceUp: faceUp})
	}
}

// trickOffer asks the next player of a choice trick for a card.
func (s *State) trickOffer(ph *phase) {
	t := &ph.Trick
	q := int(s.trickNext)
	h := s.hand[q]
	var l cards.Set
	if s.ledSuit < 0 {
		l = s.setOf(ph.cset, q, h)
		if l == 0 {
			l = h
		}
	} else {
		l = h
		if t.FollowSuit {
			if f := h & suitMask[s.ledSuit]; f != 0 {
				l = f
			}
		}
	}
	s.legal.onlyCards(l)
	s.pend, s.decider, s.stage = pdTrick, int8(q), stgDecide
}

func (s *State) doTrick(m Move, _ uint8) {
	ph := &s.prog.phases[s.pc]
	q := int(s.trickNext)
	if m.Kind == MovePlay {
		if ph.Trick.FollowSuit && s.ledSuit >= 0 && int8(m.Card.Suit()) != s.ledSuit {
			s.lack[q] |= suitMask[s.ledSuit] // q shows it has none of the led suit
		}
		s.handDel(q, m.Card)
		s.trickPut(q, m.Card, true)
	}
	s.trickTodo &^= 1 << q
	if s.trickTodo == 0 {
		s.resolveTrick(ph)
		return
	}
	s.trickNext = int8(s.nextIn(s.trickTodo, q))
	s.trickOffer(ph)
}

// trickKey ranks card c in a trick under rule w with led suit led: a
// higher key beats a lower one, and equal keys tie. Led-suit rules: a
// trump beats everything (the highest trump wins), then cards of the led
// suit (highest or lowest by the rule); other cards never win.
func (s *State) trickKey(w genome.TrickWinner, c cards.Card, led int8) int {
	v := int(s.prog.rankVal[c.Rank()])
	switch w {
	case genome.HighRank:
		return v
	case genome.LowRank:
		return 16 - v
	}
	su := int8(c.Suit())
	switch {
	case s.trump >= 0 && su == s.trump:
		return 64 + v
	case su == led:
		if w == genome.LowLedSuit {
			return 32 + 16 - v
		}
		return 32 + v
	}
	return 0
}

// ledSuitWinner returns the winner of a trick under a led-suit rule (no
// ties are possible): the highest trump, else the highest (lowest) card of
// the led suit. Within one suit the card order is the rank order, but for
// an ace played low.
func (s *State) ledSuitWinner(w genome.TrickWinner) int {
	up := s.trickUp
	low := false
	cand := cards.Set(0)
	if s.trump >= 0 {
		cand = up & suitMask[s.trump]
	}
	if cand == 0 {
		cand = up & suitMask[s.ledSuit]
		low = w == genome.LowLedSuit
	}
	var aces cards.Set
	if s.prog.aceLow {
		aces = cand & rankMask[cards.Ace]
	}
	var c cards.Card
	switch {
	case low && aces != 0:
		c = cards.Card(bits.TrailingZeros64(uint64(aces)))
	case low:
		c = cards.Card(bits.TrailingZeros64(uint64(cand)))
	case cand&^aces != 0:
		c = cards.Card(63 - bits.LeadingZeros64(uint64(cand&^aces)))
	default:
		c = cards.Card(63 - bits.LeadingZeros64(uint64(cand)))
	}
	for q := 0; q < int(s.n); q++ {
		if s.trickCards[q] == c {
			return q
		}
	}
	return int(s.trickLead)
}

// best returns the players (mask) whose card in cs is best under the rule,
// and the first of them in turn order from first.
func (s *State) best(w genome.TrickWinner, cs *[MaxPlayers]cards.Card, mask uint16, first int, led int8) (uint16, int) {
	bestP, bestK := -1, -1
	var tie uint16
	q := first
	for range int(s.n) {
		if mask&(1<<q) != 0 && cs[q] != cards.None {
			k := s.trickKey(w, cs[q], led)
			switch {
			case k > bestK:
				bestP, bestK, tie = q, k, 1<<q
			case k == bestK:
				tie |= 1 << q
			}
		}
		q = s.step(q)
	}
	return tie, bestP
}

func (s *State) resolveTrick(ph *phase) {
	t := &ph.Trick
	lead := int(s.trickLead)
	var tie uint16
	var w int
	if t.Winner == genome.HighLedSuit || t.Winner == genome.LowLedSuit {
		w = s.ledSuitWinner(t.Winner)
	} else {
		var played uint16
		for q := 0; q < int(s.n); q++ {
			if s.trickCards[q] != cards.None {
				played |= 1 << q
			}
		}
		tie, w = s.best(t.Winner, &s.trickCards, played, lead, s.ledSuit)
	}
	if t.Tie == genome.TieWar {
		face := s.trickCards
		for popcount16(tie) > 1 {
			var alive uint16
			q := lead
			for range int(s.n) {
				if tie&(1<<q) != 0 {
					face[q] = cards.None
					if s.hand[q] != 0 {
						for k := 0; k < int(t.WarCards) && popcount(s.hand[q]) > 1; k++ {
							s.trickPut(q, s.handTop(q), false)
						}
						c := s.handTop(q)
						s.trickSet |= 1 << c
						s.trickSeq[s.ntrick] = c
						s.ntrick++
						s.know[c] = public
						face[q] = c
						s.logAct(EvPlay, q, -1, c, uint8(ZoneTrick), public, 0)
						if s.lis != nil {
							s.emit(Event{Kind: EvPlay, Player: int8(q), Target: -1, Card: c, Zone: ZoneTrick, FaceUp: true})
						}
						alive |= 1 << q
					}
				}
				q = s.step(q)
			}
			if alive == 0 {
				break // every tied player ran out: the first of them keeps the trick
			}
			first := s.firstFrom(alive, lead)
			tie, w = s.best(t.Winner, &face, alive, first, int8(face[first].Suit()))
		}
	}
	// Collect.
	for su := range cards.NumSuits {
		if s.trickSet&suitMask[su] != 0 {
			s.playedSuits |= 1 << su
		}
	}
	if t.Collect == genome.CollectHandBottom {
		for i := uint8(0); i < s.ntrick; i++ {
			c := s.trickSeq[i]
			s.handAddBottom(w, c, s.know[c])
		}
	} else {
		s.won[w] |= s.trickSet
	}
	s.tricks[w]++
	s.tricksHand++
	s.trickWinner, s.lastTrick = int8(w), int8(w)
	s.cur = int8(w)
	s.logAct(EvTrickWon, w, -1, cards.None, 0, public, 0)
	if s.lis != nil {
		s.emit(Event{Kind: EvTrickWon, Player: int8(w), Target: -1, Cards: s.trickSet})
	}
	s.trickLead = -1
	for i := 0; i < int(s.n); i++ {
		s.trickCards[i] = cards.None
	}
	if t.AwardsPot && s.betLive {
		var str [10]uint32
		str[s.seatOf(w)] = 1
		s.settle(&str)
	}
	s.phaseDone()
}

func compileTrick(p *Program, ph *phase) {
	ph.cond = p.cond(&ph.Trick.LeadCondition)
	p.hasTrick = true
	if ph.Trick.PlayFrom == genome.FromTopOfHand || ph.Trick.Collect == genome.CollectHandBottom || ph.Trick.Tie == genome.TieWar {
		p.ordered = true
	}
}
