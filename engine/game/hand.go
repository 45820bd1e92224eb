package game

import (
	"math/bits"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/genome"
)

func (s *State) startHand() {
	p := s.prog
	g := p.g
	n := int(s.n)
	s.handNo++
	if s.handNo > 1 {
		for i := 1; i <= n; i++ {
			d := (int(s.dealer) + i) % n
			if s.elim&(1<<d) == 0 {
				s.dealer = int8(d)
				break
			}
		}
	}
	var dealt uint16
	for i := range n {
		s.status[i] &= stElim
		if s.elim&(1<<i) == 0 && (!p.chips || s.stack[i] > 0) {
			dealt |= 1 << i
		}
	}
	if popcount16(dealt) < 2 {
		s.handNo--
		s.end = EndNoPlayers
		s.gameOverRank()
		return
	}
	s.dealtIn, s.inHand = dealt, dealt
	s.dir = 1
	if g.Turns.Direction == genome.CounterClockwise {
		s.dir = -1
	}
	s.seatDir = s.dir
	s.skip, s.extra, s.trickWinner, s.lastTrick = 0, false, -1, -1
	s.trump, s.wentOut, s.named = -1, -1, -1
	s.tricks = [MaxPlayers]uint8{}
	s.sets = [MaxPlayers]uint8{}
	s.tricksHand, s.playedSuits, s.handShow, s.potWon, s.emptied = 0, 0, 0, 0, 0
	s.cycleSet, s.inCycle, s.cycleDone = false, false, false
	s.handTurns = 0
	s.hand = [MaxPlayers]cards.Set{}
	s.won = [MaxPlayers]cards.Set{}
	s.sel = [MaxPlayers]cards.Set{}
	s.know = [cards.NumCards]uint16{}
	s.lack, s.need = [MaxPlayers]cards.Set{}, [MaxPlayers]uint16{}
	for q := range s.room {
		s.room[q] = noRoom
	}
	s.rhead = [MaxPlayers]uint8{}
	s.rlen = [MaxPlayers]uint8{}
	s.ndisc, s.discSet, s.tableau, s.comm, s.pile = 0, 0, 0, 0, 0
	s.claims, s.claimant, s.claimCards = 0, -1, 0
	s.trickLead = -1
	s.betLive = false
	// 1. Shuffle.
	s.nstock = uint8(p.ndeck)
	if s.stacked && s.handNo == 1 {
		s.stacked = false
	} else {
		copy(s.stock[:p.ndeck], p.deck[:p.ndeck])
		s.shuffle(s.stock[:p.ndeck])
	}
	if s.lis != nil {
		s.emit(Event{Kind: EvHandStart, Player: s.dealer, Target: -1})
	}
	// 2. Deal.
	st := &g.Setup
	if st.DealAll {
		s.dealShared()
		for first := true; s.nstock > 0; first = false {
			_ = first
			s.dealRound(false)
		}
	} else {
		s.dealHands(max(st.HandSize(int(s.handNo)), 0))
		s.dealShared()
	}
	// 3. Trump.
	switch st.Trump {
	case genome.TrumpFixed:
		s.trump = int8(st.TrumpSuit)
	case genome.TrumpTurnUp:
		if s.nstock > 0 {
			c := s.stock[s.nstock-1]
			copy(s.stock[1:s.nstock], s.stock[:s.nstock-1])
			s.stock[0] = c
			s.know[c] = public
			s.trump = int8(c.Suit())
			if s.lis != nil {
				s.emit(Event{Kind: EvTrump, Player: -1, Target: -1, Card: c, Suit: c.Suit(), FaceUp: true})
			}
		}
	}
	// 4. Forced bets.
	if p.chips {
		s.startBetting(true)
	}
	// 5. First player.
	lod := s.nextIn(s.inHand, int(s.dealer))
	cur := lod
	switch g.Turns.FirstPlayer {
	case genome.FirstDealer:
		cur = s.firstFrom(s.inHand, int(s.dealer))
	case genome.FirstHolderOfCard:
		if h := s.holder(g.Turns.FirstCard); h >= 0 {
			cur = h
		}
	case genome.FirstLastHandWinner:
		if w := int(s.lastWinner); w >= 0 && s.inHand&(1<<w) != 0 {
			cur = w
		}
	}
	s.cur = int8(cur)
	s.pc = 0
	s.stage = stgPhase
	s.checkAtOnce()
}

// holder returns the in-hand player holding c, or -1.
func (s *State) holder(c cards.Card) int {
	for q := 0; q < int(s.n); q++ {
		if s.inHand&(1<<q) != 0 && s.hand[q]&(1<<c) != 0 {
			return q
		}
	}
	return -1
}

func (s *State) endHand() {
	p := s.prog
	g := p.g
	if s.handTurns == 0 {
		s.turnsDone++
		if s.turnsDone >= p.maxTurns {
			s.maxed, s.limit = true, EndTurnLimit
		}
	}
	s.refundPot()
	s.trickLead = -1
	n := int(s.n)
	// Scoring.
	for _, r := range p.scoring {
		for q := range n {
			var v int
			switch r.Kind {
			case genome.ScoreCardWon:
				v = popcount(s.won[q] & r.mask)
			case genome.ScoreCardInHand:
				v = popcount(s.hand[q] & r.mask)
			case genome.ScoreTrickWon:
				v = int(s.tricks[q])
			case genome.ScoreSetMade:
				v = int(s.sets[q])
			case genome.ScoreWentOut:
				if int(s.wentOut) == q {
					v = 1
				}
			case genome.ScoreShowdownWon:
				if s.handShow&(1<<q) != 0 {
					v = 1
				}
			}
			s.score[q] += int32(v) * int32(r.Points)
		}
	}
	// The hand's winner (for last_hand_winner).
	s.lastWinner = -1
	switch {
	case s.potWon|s.handShow != 0:
		s.lastWinner = int8(bits.TrailingZeros16(s.potWon | s.handShow))
	case s.lastTrick >= 0:
		s.lastWinner = s.lastTrick
	case s.wentOut >= 0:
		s.lastWinner = s.wentOut
	}
	if s.lis != nil {
		s.emit(Event{Kind: EvHandEnd, Player: s.lastWinner, Target: -1})
	}
	// Elimination.
	var out uint16
	alive := (uint16(1)<<n - 1) &^ s.elim
	switch g.Setup.Elimination {
	case genome.EliminateNoChips:
		for q := range n {
			if alive&(1<<q) != 0 && s.stack[q] <= 0 {
				out |= 1 << q
			}
		}
	case genome.EliminateNoTricks:
		for q := range n {
			if s.dealtIn&(1<<q) != 0 && s.tricks[q] == 0 {
				out |= 1 << q
			}
		}
	}
	if out != 0 && out != alive {
		s.elim |= out
		for q := range n {
			if out&(1<<q) != 0 {
				s.status[q] |= stElim
				if s.lis != nil {
					s.emit(Event{Kind: EvSitOut, Player: int8(q), Target: -1})
				}
			}
		}
	}
	// Win conditions checked after a hand.
	for _, w := range p.wins {
		if win := s.afterHandWin(w); win != 0 {
			s.finish(win)
			return
		}
	}
	if s.maxed || s.oneHand || (g.Setup.HandsPerGame > 0 && int(s.handNo) >= int(g.Setup.HandsPerGame)) {
		s.end = EndLastHand
		if s.maxed {
			s.end = s.limit
		}
		s.gameOverRank()
		return
	}
	s.stage = stgHandStart
}
