package game

import (
	"math/bits"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/genome"
)

func (s *State) discardStart(ph *phase) {
	a := int(s.actor)
	d := &ph.Discard
	s.nsel = 0
	s.sel[a] = 0
	if d.SetSize >= 2 {
		var out cards.Set
		h := s.hand[a]
		for r := cards.Two; r <= cards.RankJoker; r++ {
			g := h & rankMask[r]
			for popcount(g) >= int(d.SetSize) {
				for range d.SetSize {
					low := g & -g
					out |= low
					g &^= low
				}
				s.sets[a]++
			}
		}
		if out != 0 {
			s.discardCards(ph, a, out, true)
			s.refill(d, a, popcount(out))
		}
		s.actorDone()
		return
	}
	l := s.setOf(ph.cset, a, s.hand[a])
	if popcount(l) <= int(d.MinCards) {
		if l != 0 {
			s.sel[a] = l
			s.finishDiscard(ph)
			return
		}
		s.actorDone()
		return
	}
	s.discardOffer(ph)
}

func (s *State) discardOffer(ph *phase) {
	a := int(s.actor)
	d := &ph.Discard
	s.legal.clear()
	s.legal.cards = s.setOf(ph.cset, a, s.hand[a]&^s.sel[a])
	if int(s.nsel) >= int(d.MinCards) {
		s.legal.addFlag(MoveDone)
	}
	s.decide(pdDiscard, a)
}

func (s *State) doDiscard(m Move, _ uint8) {
	ph := &s.prog.phases[s.pc]
	a := int(s.actor)
	if m.Kind == MovePlay {
		s.sel[a] |= 1 << m.Card
		s.nsel++
		if int(s.nsel) < int(ph.Discard.MaxCards) && s.setOf(ph.cset, a, s.hand[a]&^s.sel[a]) != 0 {
			s.discardOffer(ph)
			return
		}
	}
	s.finishDiscard(ph)
}

// finishDiscard moves the actor's selected cards (or keeps them for a
// simultaneous pass).
func (s *State) finishDiscard(ph *phase) {
	a := int(s.actor)
	d := &ph.Discard
	sel := s.sel[a]
	s.nsel = 0
	if s.passing {
		s.actorDone()
		return
	}
	s.sel[a] = 0
	if sel != 0 {
		s.discardCards(ph, a, sel, false)
		s.refill(d, a, popcount(sel))
	} else {
		s.logAct(EvPass, a, -1, cards.None, 0, public, 0)
		if s.lis != nil {
			s.emit(Event{Kind: EvPass, Player: int8(a), Target: -1})
		}
	}
	s.actorDone()
}

// discardCards moves set from p's hand to the phase's target.
func (s *State) discardCards(ph *phase, p int, set cards.Set, sets bool) {
	d := &ph.Discard
	to := -1
	switch d.Target {
	case genome.DiscardToNextPlayer:
		to = s.nextIn(s.inHand, p)
	case genome.DiscardToPreviousPlayer:
		to = s.prevIn(s.inHand, p)
	}
	// Cards discarded face up keep what is known of the ranks p holds
	// (handDel forgets it).
	need := s.need[p]
	for x := set; x != 0; x &= x - 1 {
		c := cards.Card(bits.TrailingZeros64(uint64(x)))
		need &^= 1 << c.Rank()
	}
	for x := set; x != 0; x &= x - 1 {
		c := cards.Card(bits.TrailingZeros64(uint64(x)))
		s.handDel(p, c)
		z := ZoneDiscard
		vis := uint16(public)
		switch d.Target {
		case genome.DiscardToPile:
			s.discPush(c)
		case genome.DiscardToWon:
			z = ZoneWon
			s.won[p] |= 1 << c
			s.know[c] = public
		default:
			z = ZoneHand
			if to < 0 {
				s.discPush(c)
				z = ZoneDiscard
				break
			}
			if !sets {
				vis = 1<<p | 1<<to
			}
			s.handAdd(to, c, vis)
		}
		s.logAct(EvDiscard, p, to, c, uint8(z), vis, 0)
		if s.lis != nil {
			s.emit(Event{Kind: EvDiscard, Player: int8(p), Target: int8(to), Card: c, Zone: z, FaceUp: vis == public})
		}
		if vis != public {
			need = 0
		}
	}
	s.need[p] = need
}

// refill draws k stock cards for p after a discard with Refill.
func (s *State) refill(d *genome.DiscardPhase, p, k int) {
	if !d.Refill {
		return
	}
	for range k {
		if s.drawOne(genome.DrawFromStock, p, -1, false) == cards.None {
			return
		}
	}
}

// movePasses moves every simultaneous pass at the end of the phase.
func (s *State) movePasses() {
	ph := &s.prog.phases[s.pc]
	var sel [MaxPlayers]cards.Set
	sel, s.sel = s.sel, [MaxPlayers]cards.Set{}
	for p := 0; p < int(s.n); p++ {
		if sel[p] != 0 {
			s.discardCards(ph, p, sel[p], false)
		}
	}
	for p := 0; p < int(s.n); p++ {
		if sel[p] != 0 {
			s.refill(&ph.Discard, p, popcount(sel[p]))
		}
	}
}

func compileDiscard(p *Program, ph *phase) { ph.cond = p.cond(&ph.Discard.Condition) }

func (s *State) beginDiscard(ph *phase) {
	d := &ph.Discard
	s.setActors(d.Actor)
	s.passing = d.Actor == genome.ActorEachPlayer && d.SetSize == 0 &&
		(d.Target == genome.DiscardToNextPlayer || d.Target == genome.DiscardToPreviousPlayer)
}
