package game

import (
	"math/bits"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/genome"
)

// resumeEffects resolves the pending effects of the last play, stopping at
// a decision.
func (s *State) resumeEffects() {
	p := s.prog
	u := int(s.effUser)
	for {
		if s.effTgts != 0 {
			t := s.nextIn(s.effTgts, int(s.effTgt))
			if t < 0 {
				s.effTgts = 0
				continue
			}
			s.effTgts &^= 1 << t
			s.effTgt = int8(t)
			if s.hitTarget(t) {
				return
			}
			continue
		}
		if s.effBits != 0 {
			i := bits.TrailingZeros16(s.effBits)
			s.effBits &^= 1 << i
			s.effIdx = int8(i)
			if s.startEffect(&p.effects[i], u) {
				return
			}
			continue
		}
		if s.effCards != 0 {
			c := cards.Card(bits.TrailingZeros64(uint64(s.effCards)))
			s.effCards &^= 1 << c
			s.effCard = c
			s.effBits = p.effOf[c]
			continue
		}
		s.actorDone()
		return
	}
}

// startEffect begins effect e of the current card for user u; it reports
// whether a decision is pending.
func (s *State) startEffect(e *effect, u int) bool {
	c := s.effCard
	if s.lis != nil && e.Kind <= genome.EffectWild {
		s.emit(Event{Kind: EvEffect, Player: int8(u), Target: -1, Card: c, Effect: uint8(e.Kind)})
	}
	switch e.Kind {
	case genome.EffectSkip:
		if q := s.nextIn(s.inHand, u); q >= 0 {
			s.skip |= 1 << q
		}
		return false
	case genome.EffectReverse:
		s.dir = -s.dir
		return false
	case genome.EffectExtraTurn:
		s.extra = true
		return false
	case genome.EffectWild:
		if t, ok := s.top(); ok && t == c && s.inHand&(1<<u) != 0 {
			s.legal.clear()
			s.legal.suits = 1<<cards.NumSuits - 1
			s.decide(pdSuit, u)
			return true
		}
		return false
	}
	others := s.inHand &^ (1 << u)
	if others == 0 {
		return false
	}
	s.effTgt = int8(u)
	switch e.Target {
	case genome.TargetNextPlayer:
		s.effTgts = 1 << s.nextIn(s.inHand, u)
	case genome.TargetPreviousPlayer:
		s.effTgts = 1 << s.prevIn(s.inHand, u)
	case genome.TargetAllOthers:
		s.effTgts = others
	case genome.TargetChosenPlayer:
		s.legal.clear()
		s.legal.targets = others
		s.decide(pdEffTarget, u)
		return true
	}
	return false
}

// hitTarget applies the current effect to target t; it reports whether a
// decision is pending.
func (s *State) hitTarget(t int) bool {
	e := &s.prog.effects[s.effIdx]
	u := int(s.effUser)
	v := int(e.Value)
	if s.lis != nil && e.Kind != genome.EffectPeek && e.Kind != genome.EffectSwapHands {
		s.emit(Event{Kind: EvEffect, Player: int8(u), Target: int8(t), Card: s.effCard, Effect: uint8(e.Kind)})
	}
	switch e.Kind {
	case genome.EffectDraw:
		for range v {
			if s.drawOne(genome.DrawFromStock, t, -1, false) == cards.None {
				break
			}
		}
	case genome.EffectSteal:
		for range v {
			if s.hand[t] == 0 {
				break
			}
			c := s.handRandom(t)
			s.handAdd(u, c, 1<<t)
			s.logAct(EvDraw, u, t, c, uint8(ZoneHand), s.know[c], 0)
			if s.lis != nil {
				s.emit(Event{Kind: EvDraw, Player: int8(u), Target: int8(t), Card: c, Zone: ZoneHand})
			}
		}
	case genome.EffectPeek:
		h := s.hand[t]
		var seen cards.Set
		for range v {
			if h == 0 {
				break
			}
			c := cards.Card(nthBit(uint64(h), s.rnd(popcount(h))))
			h &^= 1 << c
			seen |= 1 << c
			s.know[c] |= 1 << u
		}
		if s.lis != nil {
			s.emit(Event{Kind: EvEffect, Player: int8(u), Target: int8(t), Card: s.effCard, Effect: uint8(e.Kind), Cards: seen})
		}
	case genome.EffectSwapHands:
		hu, ht := s.hand[u], s.hand[t]
		for x := hu; x != 0; x &= x - 1 {
			c := cards.Card(bits.TrailingZeros64(uint64(x)))
			s.handDel(u, c)
			s.handAdd(t, c, s.know[c]|1<<u)
		}
		for x := ht; x != 0; x &= x - 1 {
			c := cards.Card(bits.TrailingZeros64(uint64(x)))
			s.handDel(t, c)
			s.handAdd(u, c, s.know[c]|1<<t)
		}
		if s.lis != nil {
			s.emit(Event{Kind: EvEffect, Player: int8(u), Target: int8(t), Card: s.effCard, Effect: uint8(e.Kind)})
		}
	case genome.EffectGive:
		if s.hand[u] == 0 {
			return false
		}
		s.nsel = 0
		s.sel[u] = 0
		s.legal.clear()
		s.legal.cards = s.hand[u]
		s.decide(pdGive, u)
		return true
	case genome.EffectDiscard:
		if s.hand[t] == 0 {
			return false
		}
		s.nsel = 0
		s.sel[t] = 0
		s.legal.clear()
		s.legal.cards = s.hand[t]
		s.decide(pdEffDiscard, t)
		return true
	}
	return false
}

func (s *State) doEffect(m Move, pd uint8) {
	e := &s.prog.effects[s.effIdx]
	u := int(s.effUser)
	switch pd {
	case pdSuit:
		s.named, s.namedC = int8(m.Suit), s.effCard
		s.logAct(EvSuit, u, -1, cards.None, uint8(m.Suit), public, 0)
		if s.lis != nil {
			s.emit(Event{Kind: EvSuit, Player: int8(u), Target: -1, Suit: m.Suit, Card: s.effCard})
		}
	case pdEffTarget:
		s.effTgts = 1 << m.Player
		s.effTgt = int8(u)
	case pdGive, pdEffDiscard:
		who := u
		if pd == pdEffDiscard {
			who = int(s.effTgt)
		}
		s.sel[who] |= 1 << m.Card
		s.nsel++
		if int(s.nsel) < int(e.Value) && s.hand[who]&^s.sel[who] != 0 {
			s.legal.clear()
			s.legal.cards = s.hand[who] &^ s.sel[who]
			s.decide(pd, who)
			return
		}
		sel := s.sel[who]
		s.sel[who] = 0
		s.nsel = 0
		t := int(s.effTgt)
		for x := sel; x != 0; x &= x - 1 {
			c := cards.Card(bits.TrailingZeros64(uint64(x)))
			s.handDel(who, c)
			if pd == pdGive {
				s.handAdd(t, c, 1<<who)
				s.logAct(EvDiscard, who, t, c, uint8(ZoneHand), s.know[c], 0)
				if s.lis != nil {
					s.emit(Event{Kind: EvDiscard, Player: int8(who), Target: int8(t), Card: c, Zone: ZoneHand})
				}
			} else {
				s.discPush(c)
				s.logAct(EvDiscard, who, -1, c, uint8(ZoneDiscard), public, 0)
				if s.lis != nil {
					s.emit(Event{Kind: EvDiscard, Player: int8(who), Target: -1, Card: c, Zone: ZoneDiscard, FaceUp: true})
				}
			}
		}
	}
	s.resumeEffects()
}

// effectDecisions are the decisions effects raise, in whichever phase
// played the card.
var effectDecisions = []decision{
	{pd: pdSuit, apply: (*State).doEffect},
	{pd: pdEffTarget, apply: (*State).doEffect},
	{pd: pdGive, apply: (*State).doEffect, reoffer: (*State).giveReoffer},
	{pd: pdEffDiscard, apply: (*State).doEffect, reoffer: (*State).giveReoffer},
}

// giveReoffer offers the decider's cards not chosen yet.
func (s *State) giveReoffer(*phase) {
	d := int(s.decider)
	s.legal.cards = s.hand[d] &^ s.sel[d]
}
