package game

import (
	"math/bits"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/handeval"
	"github.com/deckforge/deckforge/genome"
)

func (s *State) showdown(ph *phase) {
	p := s.prog
	sd := &ph.Showdown
	players := s.inHand
	if players == 0 {
		s.phaseDone()
		return
	}
	var str [betting.MaxSeats]uint32
	var strP [MaxPlayers]uint32
	switch sd.Method {
	case genome.ShowdownPokerHigh:
		s.pokerStrengths(sd, players, &strP)
	case genome.ShowdownHighCard:
		for q := 0; q < int(s.n); q++ {
			if players&(1<<q) != 0 {
				strP[q] = s.highCard(s.hand[q])
			}
		}
	case genome.ShowdownPointTotal:
		lim := int(p.g.Setup.PointLimit)
		for q := 0; q < int(s.n); q++ {
			if players&(1<<q) != 0 {
				if v := s.handPoints(s.hand[q]); v <= lim {
					strP[q] = uint32(v) + 1
				}
			}
		}
	}
	var top uint32
	for q := 0; q < int(s.n); q++ {
		if players&(1<<q) != 0 {
			str[s.seatOf(q)] = strP[q]
			top = max(top, strP[q])
		}
	}
	var winners uint16
	for q := 0; q < int(s.n); q++ {
		if players&(1<<q) != 0 {
			if strP[q] == top {
				winners |= 1 << q
			}
			for x := s.hand[q]; x != 0; x &= x - 1 {
				s.know[bits.TrailingZeros64(uint64(x))] = public
			}
			s.moves++ // each hand shown
			if s.lis != nil {
				s.emit(Event{Kind: EvShowdown, Player: int8(q), Target: -1, Cards: s.hand[q], Strength: strP[q]})
			}
		}
	}
	s.handShow |= winners
	for q := 0; q < int(s.n); q++ {
		if winners&(1<<q) != 0 {
			s.showWon[q]++
		}
	}
	if s.betLive {
		s.settle(&str)
	}
	s.phaseDone()
}

// pokerStrengths fills the poker strengths of the players.
func (s *State) pokerStrengths(sd *genome.ShowdownPhase, players uint16, str *[MaxPlayers]uint32) {
	ev := handeval.Default()
	p := s.prog
	comm := s.comm
	if sd.HoleCards > 0 {
		for q := 0; q < int(s.n); q++ {
			if players&(1<<q) != 0 {
				str[q] = holeCombos(ev, s.hand[q], comm, int(sd.HoleCards))
			}
		}
		return
	}
	fast := true
	for q := 0; q < int(s.n); q++ {
		if players&(1<<q) != 0 {
			h := s.hand[q] | comm
			if k := popcount(h); k < 5 || k > 7 || h&^standard != 0 || h&p.wild != 0 {
				fast = false
				break
			}
		}
	}
	var buf [7]cards.Card
	for q := 0; q < int(s.n); q++ {
		if players&(1<<q) == 0 {
			continue
		}
		h := s.hand[q] | comm
		if !fast {
			str[q] = pokerWild(h, p.wild)
			continue
		}
		k := 0
		for x := h; x != 0; x &= x - 1 {
			buf[k] = cards.Card(bits.TrailingZeros64(uint64(x)))
			k++
		}
		if k == 7 {
			str[q] = uint32(ev.Eval7(&buf))
		} else {
			str[q] = uint32(ev.EvalN(buf[:k]))
		}
	}
}

// highCard packs the player's rank values from the highest down (eight
// at most): suits never break ties.
func (s *State) highCard(h cards.Set) uint32 {
	var cnt [16]uint8
	for x := h; x != 0; x &= x - 1 {
		c := cards.Card(bits.TrailingZeros64(uint64(x)))
		cnt[s.prog.rankVal[c.Rank()]]++
	}
	var v uint32
	k := 0
	for r := 15; r >= 1 && k < 8; r-- {
		for i := uint8(0); i < cnt[r] && k < 8; i++ {
			v = v<<4 | uint32(r)
			k++
		}
	}
	return v << (4 * (8 - k))
}
