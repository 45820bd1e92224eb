package game

import (
	"math/bits"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/genome"
)

func (s *State) claimStart(ph *phase) {
	a := int(s.actor)
	s.nsel = 0
	s.sel[a] = 0
	if s.hand[a] == 0 {
		s.actorDone()
		return
	}
	s.claimOffer(ph)
}

func (s *State) claimOffer(ph *phase) {
	a := int(s.actor)
	c := &ph.Claim
	s.legal.clear()
	s.legal.cards = s.hand[a] &^ s.sel[a]
	if int(s.nsel) >= min(int(c.MinCards), popcount(s.hand[a])) && s.nsel > 0 {
		s.legal.addFlag(MoveDone)
	}
	s.decide(pdClaim, a)
}

func (s *State) doClaim(m Move, pd uint8) {
	ph := &s.prog.phases[s.pc]
	c := &ph.Claim
	a := int(s.actor)
	switch pd {
	case pdClaim:
		if m.Kind == MovePlay {
			s.sel[a] |= 1 << m.Card
			s.nsel++
			if int(s.nsel) < int(c.MaxCards) && s.hand[a]&^s.sel[a] != 0 {
				s.claimOffer(ph)
				return
			}
		}
		if c.RankRule == genome.ClaimAny {
			s.legal.clear()
			s.legal.claimR = uint16(s.prog.deckRanks)
			s.decide(pdClaimRank, a)
			return
		}
		r := c.FirstRank
		if s.claims > 0 {
			r = s.claimRank + 1
			if r > cards.Ace {
				r = cards.Two
			}
		}
		s.makeClaim(ph, r)
	case pdClaimRank:
		s.makeClaim(ph, m.Rank)
	case pdChallenge:
		q := int(s.decider)
		if m.Kind == MoveChallenge {
			s.challenge(q)
			return
		}
		s.logAct(EvPass, q, a, cards.None, 0, public, 0)
		if s.lis != nil {
			s.emit(Event{Kind: EvPass, Player: int8(q), Target: int8(a)})
		}
		s.challengeOffer()
	}
}

// makeClaim puts the selected cards on the pile claiming rank r.
func (s *State) makeClaim(ph *phase, r cards.Rank) {
	a := int(s.actor)
	sel := s.sel[a]
	s.sel[a] = 0
	s.nsel = 0
	for x := sel; x != 0; x &= x - 1 {
		c := cards.Card(bits.TrailingZeros64(uint64(x)))
		s.handDel(a, c)
		s.know[c] = 1 << a
	}
	s.pile |= sel
	s.claims++
	s.claimant, s.claimRank, s.claimCards = int8(a), r, sel
	k := uint8(popcount(sel))
	s.logAct(EvClaim, a, -1, cards.None, uint8(r), public, chips.Chips(k))
	if s.lis != nil {
		s.emit(Event{Kind: EvClaim, Player: int8(a), Target: -1, Rank: r, Count: k, Cards: sel})
	}
	var todo uint16
	if ph.Claim.Challenge == genome.ChallengeNextPlayer {
		if q := s.nextIn(s.inHand, a); q >= 0 {
			todo = 1 << q
		}
	} else {
		todo = s.inHand &^ (1 << a)
	}
	s.chalTodo = todo
	s.decider = int8(a)
	s.challengeOffer()
}

// challengeOffer asks the next possible challenger.
func (s *State) challengeOffer() {
	if s.chalTodo == 0 {
		s.actorDone()
		return
	}
	q := s.nextIn(s.chalTodo, int(s.decider))
	s.chalTodo &^= 1 << q
	s.legal.clear()
	s.legal.addFlag(MoveChallenge)
	s.legal.addFlag(MovePass)
	s.decide(pdChallenge, q)
}

// challenge resolves q's challenge of the last claim.
func (s *State) challenge(q int) {
	a := int(s.claimant)
	lie := s.claimCards&^rankMask[s.claimRank] != 0
	taker := q
	if lie {
		taker = a
	}
	for x := s.claimCards; x != 0; x &= x - 1 {
		s.know[bits.TrailingZeros64(uint64(x))] = public
	}
	for x := s.pile; x != 0; x &= x - 1 {
		c := cards.Card(bits.TrailingZeros64(uint64(x)))
		s.handAdd(taker, c, s.know[c])
	}
	revealed := s.claimCards
	s.pile = 0
	s.chalTodo = 0
	s.logAct(EvChallenge, taker, q, cards.None, uint8(s.claimRank), public, 0)
	if s.lis != nil {
		s.emit(Event{Kind: EvChallenge, Player: int8(taker), Target: int8(q), Rank: s.claimRank, Cards: revealed})
	}
	s.actorDone()
}

func (s *State) beginClaim(*phase) { s.setActors(genome.ActorCurrentPlayer) }
