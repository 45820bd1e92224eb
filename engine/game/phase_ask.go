package game

import (
	"math/bits"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/genome"
)

func (s *State) askOffer(ph *phase) {
	a := int(s.actor)
	k := &ph.Ask
	s.legal.clear()
	if k.Target == genome.AskNextPlayer {
		if q := s.nextIn(s.inHand, a); q >= 0 {
			s.legal.askP = 1 << q
		}
	} else {
		s.legal.askP = s.inHand &^ (1 << a)
	}
	if k.MustHoldRank {
		for r := cards.Two; r <= cards.RankJoker; r++ {
			if s.hand[a]&rankMask[r] != 0 {
				s.legal.askR |= 1 << r
			}
		}
	} else {
		s.legal.askR = uint16(s.prog.deckRanks)
	}
	if s.legal.askP == 0 || s.legal.askR == 0 {
		s.legal.clear()
		s.actorDone()
		return
	}
	s.decide(pdAsk, a)
}

func (s *State) doAsk(m Move, _ uint8) {
	ph := &s.prog.phases[s.pc]
	k := &ph.Ask
	a := int(s.actor)
	if m.Kind != MoveAsk {
		s.actorDone()
		return
	}
	q, r := int(m.Player), m.Rank
	got := s.hand[q] & rankMask[r]
	s.logAct(EvAsk, a, q, cards.None, uint8(r), public, chips.Chips(popcount(got)))
	if s.lis != nil {
		s.emit(Event{Kind: EvAsk, Player: int8(a), Target: int8(q), Rank: r, Cards: got})
	}
	// The target now holds no card of the rank, and the asker (who must
	// hold the rank) at least one: everyone learns both.
	need := s.need[q] &^ (1 << r)
	if k.MustHoldRank {
		s.need[a] |= 1 << r
	}
	if got != 0 {
		for x := got; x != 0; x &= x - 1 {
			c := cards.Card(bits.TrailingZeros64(uint64(x)))
			s.handDel(q, c)
			s.handAdd(a, c, public)
		}
		s.need[q] = need
		if k.AgainOnSuccess {
			s.extra = true
		}
	} else {
		for range k.FishCount {
			if s.nstock == 0 {
				break
			}
			// A fished card of the asked rank is shown (it earns the turn).
			show := k.AgainOnFish && s.stock[s.nstock-1].Rank() == r
			s.drawOne(genome.DrawFromStock, a, -1, show)
			if show {
				s.extra = true
			}
		}
	}
	s.lack[q] |= rankMask[r]
	s.room[q] &^= 0xf << (4 * uint(r))
	s.actorDone()
}

func (s *State) beginAsk(*phase) { s.setActors(genome.ActorCurrentPlayer) }

// askReoffer recomputes the ranks the decider may ask for.
func (s *State) askReoffer(ph *phase) {
	if !ph.Ask.MustHoldRank {
		return
	}
	d := int(s.decider)
	s.legal.askR = 0
	for r := cards.Two; r <= cards.RankJoker; r++ {
		if s.hand[d]&rankMask[r] != 0 {
			s.legal.askR |= 1 << r
		}
	}
}
