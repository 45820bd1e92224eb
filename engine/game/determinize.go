package game

import (
	"math/bits"
	"math/rand/v2"

	"github.com/deckforge/deckforge/engine/cards"
)

// Determinize returns a full state consistent with player p's observation
// of s: the cards p has not seen are dealt at random (with rng) into the
// places p cannot see, and the state's random source is reseeded from rng.
// The result has no listener.
func (s *State) Determinize(p int, rng *rand.Rand) State {
	var t State
	s.DeterminizeInto(&t, p, rng)
	return t
}

// DeterminizeInto is Determinize writing into dst (no allocation).
func (s *State) DeterminizeInto(dst *State, p int, rng *rand.Rand) {
	*dst = *s
	dst.lis = nil
	dst.determinize(p, rng)
}

// hidden returns the cards of the game whose place player p does not know.
func (s *State) hidden(p int) cards.Set {
	me := uint16(1) << p
	var u cards.Set
	for x := s.prog.deckSet; x != 0; x &= x - 1 {
		c := bits.TrailingZeros64(uint64(x))
		if s.know[c]&me == 0 {
			u |= 1 << c
		}
	}
	return u
}

// mapSet applies the card permutation mp to the cards of x in u.
func mapSet(x, u cards.Set, mp *[cards.NumCards]cards.Card) cards.Set {
	h := x & u
	if h == 0 {
		return x
	}
	out := x &^ u
	for ; h != 0; h &= h - 1 {
		out |= 1 << mp[bits.TrailingZeros64(uint64(h))]
	}
	return out
}

// determinize deals the cards player p has not seen at random into the
// places p cannot see (see State.Determinize), then moves cards so that
// the deal respects what play showed (see respect); s is already a copy.
func (s *State) determinize(p int, rng *rand.Rand) {
	var d Deal
	s.prepareDeal(&d, p)
	s.deal(&d, rng)
}

// Deal holds what determinizing one state for one player needs that does
// not depend on the random draw: the cards the player has not seen, their
// places in an order that depends on its observation only, and whether
// play constrains where they lie. A search that determinizes the same
// state many times prepares it once (State.PrepareDeal) instead of once
// per determinization (Deal.Into).
type Deal struct {
	src       *State // the state prepared, with its decision count
	decisions uint32
	p         int
	k         int       // the number of hidden cards
	u         cards.Set // the hidden cards
	revealed  bool      // play constrains where they lie (see respect)
	// from lists the hidden cards place by place; to the same cards in
	// card order (shuffled by each determinization).
	from, to [cards.NumCards]cards.Card
}

// Player returns the player d was prepared for, -1 for the zero Deal.
func (d *Deal) Player() int {
	if d.src == nil {
		return -1
	}
	return d.p
}

// prepareDeal fills d for player p in s.
func (s *State) prepareDeal(d *Deal, p int) {
	u := s.hidden(p)
	d.src, d.decisions, d.p, d.u = s, s.decisions, p, u
	d.k = popcount(u)
	if d.k < 2 {
		return
	}
	from, to := &d.from, &d.to
	i := 0
	for x := u; x != 0; x &= x - 1 {
		to[i] = cards.Card(bits.TrailingZeros64(uint64(x)))
		i++
	}
	// from lists the hidden cards slot by slot in an order that depends on
	// the observation only.
	i = 0
	var done cards.Set
	add := func(c cards.Card) {
		if c < cards.NumCards && u&(1<<c) != 0 && done&(1<<c) == 0 {
			from[i] = c
			i++
			done |= 1 << c
		}
	}
	addSet := func(x cards.Set) {
		for x &= u; x != 0; x &= x - 1 {
			add(cards.Card(bits.TrailingZeros64(uint64(x))))
		}
	}
	for q := 0; q < int(s.n); q++ {
		if s.prog.ordered {
			r := &s.ring[q]
			for j := uint8(0); j < s.rlen[q]; j++ {
				add(r[(s.rhead[q]+j)%ringSize])
			}
		}
		addSet(s.sel[q])
		addSet(s.hand[q])
		addSet(s.won[q])
	}
	for j := 0; j < int(s.nstock); j++ {
		add(s.stock[j])
	}
	for j := 0; j < int(s.ntrick); j++ {
		add(s.trickSeq[j])
	}
	addSet(s.claimCards)
	addSet(s.pile)
	addSet(s.trickSet)
	addSet(u)
	d.revealed = s.revealed(p, u)
}

// identity is the identity permutation of the cards.
var identity = func() (mp [cards.NumCards]cards.Card) {
	for j := range mp {
		mp[j] = cards.Card(j)
	}
	return mp
}()

// deal is the random part of determinize: s is a copy of the state d was
// prepared from.
func (s *State) deal(d *Deal, rng *rand.Rand) {
	s.rng = rng.Uint64()
	k := d.k
	if k < 2 {
		return
	}
	to := d.to
	for j := k - 1; j > 0; j-- {
		r := rng.IntN(j + 1)
		to[j], to[r] = to[r], to[j]
	}
	p, u := d.p, d.u
	if d.revealed {
		s.respect(p, u, k, &d.from, &to, rng)
	}
	mp := identity
	know := s.know
	for j := 0; j < k; j++ {
		mp[d.from[j]] = to[j]
		s.know[to[j]] = know[d.from[j]]
	}
	s.permute(p, u, &mp)
}

// PrepareDeal prepares d to determinize s for player p (see Deal.Into).
func (s *State) PrepareDeal(d *Deal, p int) { s.prepareDeal(d, p) }

// Into is DeterminizeInto(dst, p, rng) on the state s and player p d was
// prepared for (State.PrepareDeal), with the same result, without
// repeating the preparation. s must not change in between (a decision
// played on it is noticed: d is prepared again). A zero d deals nothing.
func (d *Deal) Into(dst *State, rng *rand.Rand) {
	s := d.src
	if s == nil {
		return
	}
	if d.decisions != s.decisions {
		s.prepareDeal(d, d.p)
	}
	*dst = *s
	dst.lis = nil
	dst.deal(d, rng)
}

// SwapHidden exchanges the places of cards a and b, both hidden from
// player p (p does not know where either lies): the result is as
// consistent with p's observation as s was. A search uses it on a
// determinization to give a player the cards a model of its play says it
// holds. It reports false, and changes nothing, when a or b is not a card
// of the game hidden from p, or a == b.
func (s *State) SwapHidden(p int, a, b cards.Card) bool {
	if p < 0 || p >= int(s.n) || a == b || a >= cards.NumCards || b >= cards.NumCards {
		return false
	}
	me := uint16(1) << p
	u := cards.Set(1)<<a | cards.Set(1)<<b
	if u&^s.prog.deckSet != 0 || s.know[a]&me != 0 || s.know[b]&me != 0 {
		return false
	}
	var mp [cards.NumCards]cards.Card
	for j := range cards.NumCards {
		mp[j] = cards.Card(j)
	}
	mp[a], mp[b] = b, a
	s.know[a], s.know[b] = s.know[b], s.know[a]
	s.permute(p, u, &mp)
	return true
}

// permute moves every card c of u, hidden from player p, to the place of
// mp[c] (a permutation of u; know is already permuted).
func (s *State) permute(p int, u cards.Set, mp *[cards.NumCards]cards.Card) {
	n := int(s.n)
	for q := 0; q < n; q++ {
		s.hand[q] = mapSet(s.hand[q], u, mp)
		s.won[q] = mapSet(s.won[q], u, mp)
		s.sel[q] = mapSet(s.sel[q], u, mp)
		if s.prog.ordered {
			r := &s.ring[q]
			for j := uint8(0); j < s.rlen[q]; j++ {
				x := &r[(s.rhead[q]+j)%ringSize]
				*x = mp[*x]
			}
		}
		if c := s.trickCards[q]; c != cards.None {
			s.trickCards[q] = mp[c]
		}
	}
	for j := 0; j < int(s.nstock); j++ {
		s.stock[j] = mp[s.stock[j]]
	}
	for j := 0; j < int(s.ntrick); j++ {
		s.trickSeq[j] = mp[s.trickSeq[j]]
	}
	for j := 0; j < int(s.nsel); j++ {
		s.selOrder[j] = mp[s.selOrder[j]]
	}
	s.trickSet = mapSet(s.trickSet, u, mp)
	s.pile = mapSet(s.pile, u, mp)
	s.claimCards = mapSet(s.claimCards, u, mp)
	if s.drawn < cards.NumCards {
		s.drawn = mp[s.drawn]
	}
	for j := range s.log {
		// Entries p saw keep their cards (p may know a card it saw earlier
		// no longer lies where it was); the others follow the permutation.
		if c := s.log[j].card; c < cards.NumCards && s.log[j].vis&(1<<p) == 0 {
			s.log[j].card = mp[c]
		}
	}
	if s.stage == stgDecide && int(s.decider) != p {
		s.reoffer()
	}
}

// reoffer recomputes the legal moves of a pending card decision after the
// decider's cards changed (a determinization for another player).
func (s *State) reoffer() {
	if s.pend == pdNone || int(s.pc) >= len(s.prog.phases) {
		return
	}
	ph := &s.prog.phases[s.pc]
	l := &s.legal
	if r := decisions[s.pend].reoffer; r != nil {
		r(s, ph)
	}
	l.count()
	if l.n == 0 {
		l.addFlag(MovePass)
		l.count()
	}
}

// gained updates what everyone knows of p's hand when p gains card c seen
// by vis: a card gained face down may be of a kind p was known to lack,
// so p's known lacks are forgotten. What p is known to hold stays true.
// handDel forgets what p is known to hold (the card taken may have been
// its last of the rank); callers that take cards face up restore it.
func (s *State) gained(p int, c cards.Card, vis uint16) {
	if vis == public {
		s.lack[p] &^= 1 << c
		return
	}
	s.lack[p] = 0
	s.room[p] = roomGain(s.room[p])
}

// noRoom is a room word (see State.room) that bounds no rank.
const noRoom = ^uint64(0)

// nibbles has the low bit of every 4-bit field of a room word set.
const nibbles = 0x1111111111111111

// roomGain returns room word x after one card gained face down: every
// bound below 15 grows by one (15 means no bound and stays).
func roomGain(x uint64) uint64 {
	full := x & (x >> 1) & (x >> 2) & (x >> 3) & nibbles
	return x + (nibbles &^ full)
}

// RoomOf returns the bound on the cards of rank r that a room word
// (Observation.Room) allows face down, and false when it bounds none.
func RoomOf(x uint64, r cards.Rank) (int, bool) {
	n := int(x>>(4*uint(r))) & 0xf
	return n, n < 0xf
}

// revealed reports whether play constrains where the cards u hidden from
// p lie: another player is known to lack one of them or to hold a rank.
func (s *State) revealed(p int, u cards.Set) bool {
	for q := 0; q < int(s.n); q++ {
		if q != p && (s.lack[q]&u != 0 || s.need[q] != 0 || s.room[q] != noRoom) {
			return true
		}
	}
	return false
}

// respect changes the deal of a determinization for player p (card to[j]
// goes to the place of the hidden card from[j], j < k) so that it agrees
// with what play showed everyone: no player holds a card it is known to
// lack (it did not follow suit, it had none of a rank asked for), more
// hidden cards of a rank than it gained face down since it had none
// (State.room), and every player holds a card of each rank it is known to
// hold (it asked for it). Each card out of place is swapped with one,
// taken from a random start, whose place accepts it; a constraint no
// single swap can meet is left unmet (the true deal meets them all). The
// places, the constraints and rng are all p's observation, so the result
// is still a function of it.
func (s *State) respect(p int, u cards.Set, k int, from, to *[cards.NumCards]cards.Card, rng *rand.Rand) {
	var own [cards.NumCards]int8 // the player whose hand slot j is, or -1
	var pos [cards.NumCards]uint8
	for j := 0; j < k; j++ {
		own[j] = -1
		pos[from[j]] = uint8(j)
	}
	n := int(s.n)
	for q := 0; q < n; q++ {
		if q == p {
			continue
		}
		for x := s.hand[q] & u; x != 0; x &= x - 1 {
			own[pos[bits.TrailingZeros64(uint64(x))]] = int8(q)
		}
	}
	// cnt[q][r] counts q's slots holding a card of rank r.
	var cnt [MaxPlayers][cards.RankJoker + 1]uint8
	for j := 0; j < k; j++ {
		if o := own[j]; o >= 0 {
			cnt[o][to[j].Rank()]++
		}
	}
	// accepts reports whether card c may replace the card of slot i.
	accepts := func(i int, c cards.Card) bool {
		o := own[i]
		if o < 0 {
			return true
		}
		if s.lack[o]&(1<<c) != 0 {
			return false
		}
		r := c.Rank()
		b, ok := RoomOf(s.room[o], r)
		return !ok || r == to[i].Rank() || int(cnt[o][r]) < b
	}
	// swap exchanges the cards of slots i and j.
	swap := func(i, j int) {
		if o := own[i]; o >= 0 {
			cnt[o][to[i].Rank()]--
			cnt[o][to[j].Rank()]++
		}
		if o := own[j]; o >= 0 {
			cnt[o][to[j].Rank()]--
			cnt[o][to[i].Rank()]++
		}
		to[i], to[j] = to[j], to[i]
	}
	// needed reports whether the card of slot i is the only one of its
	// rank that its holder is known to hold among the slots.
	needed := func(i int) bool {
		o := own[i]
		if o < 0 || s.need[o]&(1<<to[i].Rank()) == 0 {
			return false
		}
		r := to[i].Rank()
		return s.hand[o]&^u&rankMask[r] == 0 && cnt[o][r] == 1
	}
	// bad reports whether the card of slot j is out of place: lacked, or
	// beyond its holder's room for the rank.
	bad := func(j int) bool {
		o := own[j]
		if o < 0 {
			return false
		}
		if s.lack[o]&(1<<to[j]) != 0 {
			return true
		}
		b, ok := RoomOf(s.room[o], to[j].Rank())
		return ok && int(cnt[o][to[j].Rank()]) > b
	}
	for j := 0; j < k; j++ {
		if !bad(j) {
			continue
		}
		// A card lacked may go for one of its rank; a rank in excess
		// needs another.
		same := s.lack[own[j]]&(1<<to[j]) != 0
		start := rng.IntN(k)
		for t := 0; t < k; t++ {
			i := start + t
			if i >= k {
				i -= k
			}
			if own[i] != own[j] && (same || to[i].Rank() != to[j].Rank()) && accepts(j, to[i]) && accepts(i, to[j]) && !needed(i) {
				swap(i, j)
				break
			}
		}
	}
	for q := 0; q < n; q++ {
		if q == p || s.need[q] == 0 {
			continue
		}
		for rs := s.need[q]; rs != 0; rs &= rs - 1 {
			r := cards.Rank(bits.TrailingZeros16(rs))
			if s.hand[q]&^u&rankMask[r] != 0 || cnt[q][r] > 0 {
				continue
			}
			// A slot of q to give up for a card of rank r from a slot
			// that accepts the card given up.
			start := rng.IntN(k)
			done := false
			for give := 0; give < k && !done; give++ {
				if int(own[give]) != q || needed(give) {
					continue
				}
				for t := 0; t < k; t++ {
					i := start + t
					if i >= k {
						i -= k
					}
					if int(own[i]) != q && to[i].Rank() == r && accepts(give, to[i]) && accepts(i, to[give]) && !needed(i) {
						swap(i, give)
						done = true
						break
					}
				}
			}
		}
	}
}

// ClaimCards returns the cards of the last claim (claim phases), the true
// state's: for referees, tests, and search on its own determinizations
// (agents see Observation.ClaimCount only).
func (s *State) ClaimCards() cards.Set { return s.claimCards }
