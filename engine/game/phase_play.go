package game

import (
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/genome"
)

// playable returns p's cards that may be played in the Play phase.
func (s *State) playable(ph *phase, p int) cards.Set {
	h := s.hand[p]
	if h == 0 {
		return 0
	}
	return s.setOf(ph.cset, p, h&^s.prog.anyWild) | h&s.prog.anyWild
}

// selectable returns the cards of l that can start a selection of at least
// min cards (of one rank when sameRank), or 0 when there is none.
func selectable(l cards.Set, min int, sameRank bool) cards.Set {
	if min <= 1 {
		return l
	}
	if !sameRank {
		if popcount(l) >= min {
			return l
		}
		return 0
	}
	var m cards.Set
	for r := cards.Two; r <= cards.RankJoker; r++ {
		if g := l & rankMask[r]; popcount(g) >= min {
			m |= g
		}
	}
	return m
}

func (s *State) playOffer(ph *phase) {
	a := int(s.actor)
	pl := &ph.Play
	first := selectable(s.playable(ph, a), int(pl.MinCards), pl.SameRank)
	if first == 0 {
		s.unable(ph, false)
		return
	}
	s.legal.clear()
	s.legal.cards = first
	if !pl.Mandatory {
		s.legal.addFlag(MovePass)
	}
	s.decide(pdPlay, a)
}

// unable does the Play phase's IfUnable for the actor (declined: the
// player chose not to play).
func (s *State) unable(ph *phase, declined bool) {
	a := int(s.actor)
	pl := &ph.Play
	switch pl.IfUnable {
	case genome.UnableDrawOne:
		if s.nstock == 0 {
			break
		}
		c := s.drawOne(genome.DrawFromStock, a, -1, false)
		s.drawn = c
		if pl.MinCards <= 1 {
			if s.playableCard(ph, a, c) {
				s.legal.clear()
				s.legal.cards = 1 << c
				s.legal.addFlag(MovePass)
				s.decide(pdPlayDrawn, a)
				return
			}
		} else if first := selectable(s.playable(ph, a), int(pl.MinCards), pl.SameRank); first != 0 {
			s.legal.clear()
			s.legal.cards = first
			s.legal.addFlag(MovePass)
			s.decide(pdPlayDrawn, a)
			return
		}
		s.actorDone()
		return
	case genome.UnableDrawUntilAble:
		for s.nstock > 0 {
			c := s.drawOne(genome.DrawFromStock, a, -1, false)
			if pl.MinCards <= 1 {
				if s.playableCard(ph, a, c) {
					s.nsel = 0
					s.sel[a] = 0
					s.selectPlay(ph, c)
					return
				}
			} else if first := selectable(s.playable(ph, a), int(pl.MinCards), pl.SameRank); first != 0 {
				s.legal.clear()
				s.legal.cards = first
				s.decide(pdPlayDrawn, a)
				return
			}
		}
	}
	_ = declined
	s.logAct(EvPass, a, -1, cards.None, 0, public, 0)
	if s.lis != nil {
		s.emit(Event{Kind: EvPass, Player: int8(a), Target: -1})
	}
	s.actorDone()
}

// playableCard reports whether card c of p's hand may be played.
func (s *State) playableCard(ph *phase, p int, c cards.Card) bool {
	b := cards.Set(1) << c
	return b&s.prog.anyWild != 0 || s.setOf(ph.cset, p, b) != 0
}

func (s *State) doPlay(m Move, pd uint8) {
	ph := &s.prog.phases[s.pc]
	switch m.Kind {
	case MovePass:
		if pd == pdPlayDrawn || s.nsel > 0 {
			s.logAct(EvPass, int(s.actor), -1, cards.None, 0, public, 0)
			if s.lis != nil {
				s.emit(Event{Kind: EvPass, Player: s.actor, Target: -1})
			}
			s.actorDone()
			return
		}
		s.unable(ph, true)
	case MoveDone:
		s.completePlay(ph)
	case MovePlay:
		s.selectPlay(ph, m.Card)
	}
}

// selectPlay adds c to the actor's play selection.
func (s *State) selectPlay(ph *phase, c cards.Card) {
	a := int(s.actor)
	pl := &ph.Play
	s.sel[a] |= 1 << c
	s.selOrder[s.nsel] = c
	s.nsel++
	if int(s.nsel) >= int(pl.MaxCards) {
		s.completePlay(ph)
		return
	}
	more := s.playable(ph, a) &^ s.sel[a]
	if pl.SameRank {
		more &= rankMask[s.selOrder[0].Rank()]
	}
	s.legal.clear()
	s.legal.cards = more
	if int(s.nsel) >= int(pl.MinCards) {
		s.legal.addFlag(MoveDone)
	}
	if s.legal.cards == 0 && s.legal.flags == 0 {
		s.completePlay(ph)
		return
	}
	s.decide(pdPlay, a)
}

// completePlay moves the selected cards to the target and starts effects.
func (s *State) completePlay(ph *phase) {
	a := int(s.actor)
	pl := &ph.Play
	var played cards.Set
	for i := uint8(0); i < s.nsel; i++ {
		c := s.selOrder[i]
		s.handDel(a, c)
		played |= 1 << c
		z := ZoneDiscard
		if pl.Target == genome.PlayToTableau {
			z = ZoneTableau
			s.tableau |= 1 << c
			s.know[c] = public
			s.playedSuits |= 1 << c.Suit()
		} else {
			s.discPush(c)
		}
		s.logAct(EvPlay, a, -1, c, uint8(z), public, 0)
		if s.lis != nil {
			s.emit(Event{Kind: EvPlay, Player: int8(a), Target: -1, Card: c, Zone: z, FaceUp: true})
		}
	}
	s.sel[a] = 0
	s.nsel = 0
	if s.checkAtOnce(); s.stage == stgOver {
		return
	}
	s.effCards = played & s.prog.anyEffect
	s.effBits, s.effTgts = 0, 0
	s.effUser = int8(a)
	s.resumeEffects()
}

func compilePlay(p *Program, ph *phase) { ph.cond = p.cond(&ph.Play.Condition) }

func (s *State) beginPlay(ph *phase) { s.setActors(ph.Play.Actor) }

func (s *State) playStart(ph *phase) {
	s.nsel = 0
	s.sel[s.actor] = 0
	s.playOffer(ph)
}

// playReoffer recomputes the cards the decider may choose.
func (s *State) playReoffer(ph *phase) {
	pl := &ph.Play
	d := int(s.decider)
	l := &s.legal
	var c cards.Set
	if s.nsel == 0 {
		c = selectable(s.playable(ph, d), int(pl.MinCards), pl.SameRank)
	} else {
		c = s.playable(ph, d) &^ s.sel[d]
		if pl.SameRank {
			c &= rankMask[s.selOrder[0].Rank()]
		}
	}
	if c != 0 || l.flags != 0 {
		l.cards = c
	} else {
		l.cards = s.hand[d] &^ s.sel[d] // no legal play in this world: keep a choice
	}
}

// playDrawnReoffer offers the drawn card again.
func (s *State) playDrawnReoffer(*phase) {
	if s.legal.cards != 0 {
		s.legal.cards = 1 << s.drawn
	}
}
