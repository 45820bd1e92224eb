package game

import (
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/genome"
)

// drawSource returns whether p can draw from the phase's source now, and
// the player drawn from (previous or next player sources).
func (s *State) drawSource(d *genome.DrawPhase, p int) (bool, int) {
	switch d.Source {
	case genome.DrawFromStock:
		return s.nstock > 0, -1
	case genome.DrawFromDiscard:
		return s.ndisc > 0, -1
	case genome.DrawFromPreviousPlayer:
		q := s.prevIn(s.withCards(s.inHand), p)
		return q >= 0, q
	case genome.DrawFromNextPlayer:
		q := s.nextIn(s.withCards(s.inHand), p)
		return q >= 0, q
	case genome.DrawFromChosenPlayer:
		return s.withCards(s.inHand)&^(1<<p) != 0, -1
	}
	return false, -1
}

func (s *State) drawOffer(ph *phase) {
	a := int(s.actor)
	d := &ph.Draw
	ok, _ := s.drawSource(d, a)
	if !ok || !s.holds(ph.cbool, a) {
		s.actorDone()
		return
	}
	s.legal.clear()
	if d.Source == genome.DrawFromChosenPlayer {
		s.legal.targets = s.withCards(s.inHand) &^ (1 << a)
	} else {
		s.legal.addFlag(MoveDraw)
	}
	if !d.Mandatory || s.drawCount > 0 {
		s.legal.addFlag(MovePass)
	}
	s.decide(pdDraw, a)
}

func (s *State) doDraw(m Move, _ uint8) {
	ph := &s.prog.phases[s.pc]
	d := &ph.Draw
	a := int(s.actor)
	if m.Kind == MovePass {
		s.logAct(EvPass, a, -1, cards.None, 0, public, 0)
		if s.lis != nil {
			s.emit(Event{Kind: EvPass, Player: int8(a), Target: -1})
		}
		s.actorDone()
		return
	}
	from := -1
	if m.Kind == MoveTarget {
		from = int(m.Player)
	} else if _, q := s.drawSource(d, a); q >= 0 {
		from = q
	}
	for range d.Count {
		if s.drawOne(d.Source, a, from, d.FaceUp) == cards.None {
			break
		}
	}
	s.drawCount++
	if d.Repeat {
		s.drawOffer(ph)
		return
	}
	s.actorDone()
}

// drawOne draws one card for p from src (from: the player drawn from) and
// returns it (cards.None when there is none).
func (s *State) drawOne(src genome.DrawSource, p, from int, faceUp bool) cards.Card {
	var c cards.Card
	vis := uint16(0)
	z := ZoneStock
	switch src {
	case genome.DrawFromStock:
		c = s.stockPop()
	case genome.DrawFromDiscard:
		c = s.discPop()
		vis = public
		z = ZoneDiscard
	default:
		if from < 0 || s.hand[from] == 0 {
			return cards.None
		}
		c = s.handRandom(from)
		vis = 1 << from
		z = ZoneHand
	}
	if c == cards.None {
		return c
	}
	if faceUp {
		vis = public
	}
	s.handAdd(p, c, vis)
	s.logAct(EvDraw, p, from, c, uint8(z), s.know[c], 0)
	if s.lis != nil {
		s.emit(Event{Kind: EvDraw, Player: int8(p), Target: int8(from), Card: c, Zone: z, FaceUp: vis == public})
	}
	return c
}

func compileDraw(p *Program, ph *phase) { ph.cond = p.cond(&ph.Draw.Condition) }

func (s *State) beginDraw(ph *phase) { s.setActors(ph.Draw.Actor) }

func (s *State) drawStart(ph *phase) {
	s.drawCount = 0
	s.drawOffer(ph)
}
