package game

import (
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/genome"
)

// beginDeal deals the cards of a Deal phase.
func (s *State) beginDeal(ph *phase) {
	d := &ph.Deal
	switch d.To {
	case genome.DealToEachPlayer:
		for range d.Count {
			s.dealRound(d.FaceUp)
		}
	case genome.DealToCommunity:
		for range d.Count {
			s.dealTo(ZoneCommunity)
		}
	case genome.DealToTableau:
		for range d.Count {
			s.dealTo(ZoneTableau)
		}
	}
	s.phaseDone()
}

// dealRound deals one card to each in-hand player from the player left of
// the dealer while the stock lasts.
func (s *State) dealRound(faceUp bool) {
	n := int(s.n)
	q := int(s.dealer)
	for range n {
		if q++; q == n {
			q = 0
		}
		if s.inHand&(1<<q) == 0 {
			continue
		}
		c := s.stockPop()
		if c == cards.None {
			return
		}
		vis := uint16(0)
		if faceUp {
			vis = public
		}
		s.handAdd(q, c, vis)
		if s.lis != nil {
			s.emit(Event{Kind: EvDeal, Player: int8(q), Target: -1, Card: c, Zone: ZoneHand, FaceUp: faceUp})
		}
	}
}

// dealHands deals k cards face down to each in-hand player, one at a
// time from the player left of the dealer, while the stock lasts (k rounds
// of dealRound, without the per-card bookkeeping when nobody listens and
// hands have no order).
func (s *State) dealHands(k int) {
	if s.lis != nil || s.prog.ordered {
		for range k {
			s.dealRound(false)
		}
		return
	}
	n := int(s.n)
	var order [MaxPlayers]uint8
	m := 0
	for i, q := 0, int(s.dealer); i < n; i++ {
		if q++; q == n {
			q = 0
		}
		if s.inHand&(1<<q) != 0 {
			order[m] = uint8(q)
			m++
		}
	}
	for _, q := range order[:m] {
		s.lack[q] = 0 // see State.gained
		s.room[q] = noRoom
	}
	top := int(s.nstock)
	deal := min(k*m, top)
	s.churn += uint32(deal)
	for i, j := 0, 0; i < deal; i++ {
		q := order[j]
		if j++; j == m {
			j = 0
		}
		top--
		c := s.stock[top]
		s.hand[q] |= 1 << c
		s.know[c] = 1 << q
	}
	s.nstock = uint8(top)
}

// dealShared lays out the initial discard, tableau and community cards.
func (s *State) dealShared() {
	st := &s.prog.g.Setup
	for range st.InitialDiscard {
		if c := s.stockPop(); c != cards.None {
			s.discPush(c)
			s.emitDeal(c, ZoneDiscard)
		}
	}
	for range st.Tableau {
		s.dealTo(ZoneTableau)
	}
	for range st.Community {
		s.dealTo(ZoneCommunity)
	}
}

// dealTo deals one stock card face up to the tableau or the community.
func (s *State) dealTo(z Zone) {
	c := s.stockPop()
	if c == cards.None {
		return
	}
	s.know[c] = public
	if z == ZoneTableau {
		s.tableau |= 1 << c
		s.playedSuits |= 1 << c.Suit()
	} else {
		s.comm |= 1 << c
	}
	s.emitDeal(c, z)
}

func (s *State) emitDeal(c cards.Card, z Zone) {
	if s.lis != nil {
		s.emit(Event{Kind: EvDeal, Player: -1, Target: -1, Card: c, Zone: z, FaceUp: true})
	}
}
