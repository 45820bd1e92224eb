package game

import (
	"math/bits"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
)

// legalSet is the compact cached set of legal moves of a decision: one
// bit per card, kind, suit, player or rank, and the bet menu.
type legalSet struct {
	cards   cards.Set
	flags   uint16 // bit of a MoveKind in simpleKinds
	suits   uint8
	targets uint16
	askP    uint16
	askR    uint16
	claimR  uint16
	nbets   uint8
	betKind MoveKind
	n       uint8
	bets    [3 + MaxMenu]chips.Chips
}

// clear empties the set (the bet amounts are left: nbets says how many
// are valid).
func (l *legalSet) clear() {
	l.cards, l.flags, l.suits, l.targets, l.askP, l.askR, l.claimR, l.nbets, l.betKind, l.n = 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
}

// onlyCards makes the set the MovePlay moves of cs.
func (l *legalSet) onlyCards(cs cards.Set) {
	l.clear()
	l.cards = cs
	l.n = uint8(popcount(cs))
}

// count recomputes n.
func (l *legalSet) count() {
	n := popcount(l.cards) + bits.OnesCount16(l.flags) + int(l.nbets)
	if l.suits|uint8(l.targets|l.askP|l.claimR) != 0 || (l.targets|l.askP|l.claimR)>>8 != 0 {
		n += bits.OnesCount8(l.suits) + bits.OnesCount16(l.targets) +
			bits.OnesCount16(l.askP)*bits.OnesCount16(l.askR) + bits.OnesCount16(l.claimR)
	}
	l.n = uint8(n)
}

func (l *legalSet) addFlag(k MoveKind) { l.flags |= 1 << k }

// nthBit returns the index of the i-th set bit of x (from 0).
func nthBit(x uint64, i int) int { return int(cards.Set(x).Nth(i)) }

// at returns move i in Legal order.
func (l *legalSet) at(i int) Move {
	if c := popcount(l.cards); i < c {
		return Move{Kind: MovePlay, Card: cards.Card(nthBit(uint64(l.cards), i))}
	} else {
		i -= c
	}
	if c := bits.OnesCount16(l.flags); i < c {
		return Move{Kind: MoveKind(nthBit(uint64(l.flags), i))}
	} else {
		i -= c
	}
	if c := bits.OnesCount8(l.suits); i < c {
		return Move{Kind: MoveSuit, Suit: cards.Suit(nthBit(uint64(l.suits), i))}
	} else {
		i -= c
	}
	if c := bits.OnesCount16(l.targets); i < c {
		return Move{Kind: MoveTarget, Player: int8(nthBit(uint64(l.targets), i))}
	} else {
		i -= c
	}
	if nr := bits.OnesCount16(l.askR); nr > 0 {
		if c := bits.OnesCount16(l.askP) * nr; i < c {
			return Move{Kind: MoveAsk, Player: int8(nthBit(uint64(l.askP), i/nr)), Rank: cards.Rank(nthBit(uint64(l.askR), i%nr))}
		} else {
			i -= c
		}
	}
	if c := bits.OnesCount16(l.claimR); i < c {
		return Move{Kind: MoveClaim, Rank: cards.Rank(nthBit(uint64(l.claimR), i))}
	} else {
		i -= c
	}
	if i < int(l.nbets) {
		return Move{Kind: l.betKind, Amount: l.bets[i]}
	}
	return Move{}
}

// has reports whether m is in the set (bets: only the menu amounts).
func (l *legalSet) has(m Move) bool {
	switch m.Kind {
	case MovePlay:
		return m.Card < cards.NumCards && l.cards&(1<<m.Card) != 0
	case MoveDone, MovePass, MoveDraw, MoveChallenge, MoveFold, MoveCheck, MoveCall:
		return l.flags&(1<<m.Kind) != 0
	case MoveSuit:
		return m.Suit < cards.NumSuits && l.suits&(1<<m.Suit) != 0
	case MoveTarget:
		return m.Player >= 0 && m.Player < MaxPlayers && l.targets&(1<<m.Player) != 0
	case MoveAsk:
		return m.Player >= 0 && m.Player < MaxPlayers && l.askP&(1<<m.Player) != 0 &&
			m.Rank <= cards.RankJoker && l.askR&(1<<m.Rank) != 0
	case MoveClaim:
		return m.Rank <= cards.RankJoker && l.claimR&(1<<m.Rank) != 0
	case MoveBet, MoveRaise:
		if m.Kind != l.betKind {
			return false
		}
		for i := 0; i < int(l.nbets); i++ {
			if l.bets[i] == m.Amount {
				return true
			}
		}
	}
	return false
}

// isLegal reports whether m is legal now: in the cached set, or a bet or
// raise of any amount engine/betting accepts.
func (s *State) isLegal(m Move) bool {
	if s.stage != stgDecide {
		return false
	}
	if (m.Kind == MoveBet || m.Kind == MoveRaise) && s.pend == pdBet {
		lg := s.bet.Legal()
		ok := (m.Kind == MoveBet && lg.CanBet) || (m.Kind == MoveRaise && lg.CanRaise)
		return ok && m.Amount >= lg.MinAmount && m.Amount <= lg.MaxAmount
	}
	return s.legal.has(m)
}

// BetMenu describes the betting moves of the pending decision without
// listing every legal move: whether fold, check and call are legal, and
// the bet or raise moves of the menu, written to sizes (at most
// len(sizes), in Legal order); n is how many were written. Outside a
// decision nothing is legal.
func (s *State) BetMenu(sizes []Move) (fold, check, call bool, n int) {
	l := &s.legal
	if l.n == 0 {
		return false, false, false, 0
	}
	fold, check, call = l.flags&(1<<MoveFold) != 0, l.flags&(1<<MoveCheck) != 0, l.flags&(1<<MoveCall) != 0
	n = min(int(l.nbets), len(sizes))
	for i := range n {
		sizes[i] = Move{Kind: l.betKind, Amount: l.bets[i]}
	}
	return fold, check, call, n
}
