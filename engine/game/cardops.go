package game

import (
	"math/bits"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
)

// public is the knowledge mask of a card everyone has seen.
const public = 0xFFFF

// next returns the next 64 random bits of the state's source, wyrand:
//
//	x += 0xa0761d6478bd642f,  r = hi ⊕ lo of x · (x ⊕ 0xe7037ed1a0b428db)
//
// (one 128-bit product; it passes BigCrush and PractRand), seeded at the
// start of the game and at each determinization from the caller's
// *rand.Rand.
func (s *State) next() uint64 {
	s.rng += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(s.rng, s.rng^0xe7037ed1a0b428db)
	return hi ^ lo
}

// rnd returns a uniform random integer in [0, n) from the state's source
// (Lemire's multiply-and-reject).
func (s *State) rnd(n int) int {
	x := s.next()
	hi, lo := bits.Mul64(x, uint64(n))
	if lo < uint64(n) {
		t := -uint64(n) % uint64(n)
		for lo < t {
			x = s.next()
			hi, lo = bits.Mul64(x, uint64(n))
		}
	}
	return int(hi)
}

// shuffle shuffles cs (Fisher–Yates, at most 256 cards) with the state's
// source, two 32-bit draws per 64-bit number (Lemire's bounded integers:
// ⌊x·n / 2^32⌋ with the rare biased x rejected).
func (s *State) shuffle(cs []cards.Card) {
	var buf uint64
	have := false
	for i := len(cs) - 1; i > 0; i-- {
		n := uint64(i + 1)
		var j uint64
		for {
			if !have {
				buf = s.next()
			}
			x := buf & 0xFFFFFFFF
			buf >>= 32
			have = !have
			m := x * n
			if lo := m & 0xFFFFFFFF; lo < n && lo < (1<<32)%n {
				continue
			}
			j = m >> 32
			break
		}
		cs[i], cs[j] = cs[j], cs[i]
	}
}

// step returns the player after p in the turn direction.
func (s *State) step(p int) int {
	p += int(s.dir)
	if p < 0 {
		p += int(s.n)
	} else if p >= int(s.n) {
		p -= int(s.n)
	}
	return p
}

// stepBack returns the player before p in the turn direction.
func (s *State) stepBack(p int) int {
	p -= int(s.dir)
	if p < 0 {
		p += int(s.n)
	} else if p >= int(s.n) {
		p -= int(s.n)
	}
	return p
}

// nextIn returns the first player after p (p excluded) in the turn
// direction whose bit is in mask, or -1.
func (s *State) nextIn(mask uint16, p int) int {
	for i := 1; i < int(s.n); i++ {
		p = s.step(p)
		if mask&(1<<p) != 0 {
			return p
		}
	}
	return -1
}

// prevIn returns the first player before p (p excluded) in the turn
// direction whose bit is in mask, or -1.
func (s *State) prevIn(mask uint16, p int) int {
	for i := 1; i < int(s.n); i++ {
		p = s.stepBack(p)
		if mask&(1<<p) != 0 {
			return p
		}
	}
	return -1
}

// firstFrom returns p if its bit is in mask, else nextIn(mask, p).
func (s *State) firstFrom(mask uint16, p int) int {
	if p >= 0 && mask&(1<<p) != 0 {
		return p
	}
	return s.nextIn(mask, p)
}

// withCards returns the mask of players holding cards among mask.
func (s *State) withCards(mask uint16) uint16 {
	var m uint16
	for p := 0; p < int(s.n); p++ {
		if mask&(1<<p) != 0 && s.hand[p] != 0 {
			m |= 1 << p
		}
	}
	return m
}

// handAdd puts c into p's hand (on top when ordered) with knowledge vis
// (the owner always knows).
func (s *State) handAdd(p int, c cards.Card, vis uint16) {
	s.hand[p] |= 1 << c
	s.know[c] = vis | 1<<p
	s.gained(p, c, vis)
	if s.prog.ordered {
		s.rhead[p]--
		s.ring[p][s.rhead[p]%ringSize] = c
		s.rlen[p]++
	}
}

// handAddBottom puts c at the bottom of p's ordered hand.
func (s *State) handAddBottom(p int, c cards.Card, vis uint16) {
	s.hand[p] |= 1 << c
	s.know[c] = vis | 1<<p
	s.gained(p, c, vis)
	if s.prog.ordered {
		s.ring[p][(s.rhead[p]+s.rlen[p])%ringSize] = c
		s.rlen[p]++
	}
}

// handDel takes c out of p's hand.
func (s *State) handDel(p int, c cards.Card) {
	s.churn++
	s.need[p] = 0 // see gained
	s.hand[p] &^= 1 << c
	if s.prog.ordered {
		h, n := s.rhead[p], s.rlen[p]
		r := &s.ring[p]
		for i := uint8(0); i < n; i++ {
			if r[(h+i)%ringSize] == c {
				for j := i; j+1 < n; j++ {
					r[(h+j)%ringSize] = r[(h+j+1)%ringSize]
				}
				s.rlen[p]--
				break
			}
		}
	}
	if s.hand[p] == 0 {
		s.emptied |= 1 << p
	}
}

// handTop removes and returns the top card of p's hand (ordered hands;
// otherwise the lowest card), or cards.None when empty.
func (s *State) handTop(p int) cards.Card {
	if s.hand[p] == 0 {
		return cards.None
	}
	s.churn++
	var c cards.Card
	if s.prog.ordered {
		c = s.ring[p][s.rhead[p]%ringSize]
		s.rhead[p]++
		s.rlen[p]--
	} else {
		c = cards.Card(bits.TrailingZeros64(uint64(s.hand[p])))
	}
	s.hand[p] &^= 1 << c
	if s.hand[p] == 0 {
		s.emptied |= 1 << p
	}
	return c
}

// handRandom removes and returns a random card of p's hand.
func (s *State) handRandom(p int) cards.Card {
	h := s.hand[p]
	c := cards.Card(nthBit(uint64(h), s.rnd(popcount(h))))
	s.handDel(p, c)
	return c
}

// stockPop removes and returns the top stock card (cards.None if empty).
func (s *State) stockPop() cards.Card {
	if s.nstock == 0 {
		return cards.None
	}
	s.churn++
	s.nstock--
	return s.stock[s.nstock]
}

// discPush puts c face up on the discard pile.
func (s *State) discPush(c cards.Card) {
	s.disc[s.ndisc] = c
	s.ndisc++
	s.discSet |= 1 << c
	s.know[c] = public
	s.playedSuits |= 1 << c.Suit()
}

// discPop removes and returns the top discard (cards.None if empty).
func (s *State) discPop() cards.Card {
	if s.ndisc == 0 {
		return cards.None
	}
	s.churn++
	s.ndisc--
	c := s.disc[s.ndisc]
	s.discSet &^= 1 << c
	return c
}

// top returns the top card of the discard pile.
func (s *State) top() (cards.Card, bool) {
	if s.ndisc == 0 {
		return cards.None, false
	}
	return s.disc[s.ndisc-1], true
}

// topSuit returns the suit the top card counts as (a named suit for a
// wild card).
func (s *State) topSuit(c cards.Card) cards.Suit {
	if s.named >= 0 && c == s.namedC {
		return cards.Suit(s.named)
	}
	return c.Suit()
}

// logAct appends an action to the log ring.
func (s *State) logAct(kind EventKind, player, target int, c cards.Card, arg uint8, vis uint16, amount chips.Chips) {
	e := &s.log[s.logN&(LogSize-1)]
	e.kind, e.player, e.target, e.card, e.arg, e.vis, e.amount = kind, int8(player), int8(target), c, arg, vis, amount
	s.logN++
	if kind.IsMove() {
		s.moves++
	}
}

// emit sends an event to the listener (callers check s.lis != nil first,
// so no event is built without one). The event is copied into the state's
// scratch Event, whose address goes to the listener: an Event built by the
// caller and passed by pointer to an interface method would escape to the
// heap, one allocation per event.
func (s *State) emit(e Event) {
	e.Hand = s.handNo
	e.Turn = uint32(s.Turn())
	s.ev = e
	s.lis.Event(s, &s.ev)
}
