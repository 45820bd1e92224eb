package game

import (
	"math/bits"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/handeval"
)

// standard holds the 52 standard cards.
const standard cards.Set = 1<<52 - 1

// Poker strengths of the general evaluator: category<<20 | five rank
// nibbles (rank+1, 0 for a missing card), categories as handeval's plus
// five of a kind (9, possible with wild cards).
const fiveOfAKind = 9

// straightHigh returns the rank of the highest card of the best straight
// in the 13-bit rank mask m (the ace plays low too), or -1.
func straightHigh(m uint16) int {
	x := uint32(m)<<1 | uint32(m>>12)&1 // bit 0: ace low, bit r+1: rank r
	st := x & (x >> 1) & (x >> 2) & (x >> 3) & (x >> 4)
	if st == 0 {
		return -1
	}
	return bits.Len32(st) - 1 + 3 // bit k: cards k..k+4; top card k+4 is rank k+3
}

// topRanks packs the k highest ranks of mask m into nibbles (rank+1).
func topRanks(m uint16, k int) uint32 {
	var v uint32
	for i := 0; i < k; i++ {
		v <<= 4
		if m != 0 {
			r := bits.Len16(m) - 1
			m &^= 1 << r
			v |= uint32(r + 1)
		}
	}
	return v
}

// pokerGeneral returns the strength of the best five-card poker hand in h,
// any number of standard cards (fewer than five: the best partial hand,
// missing kickers count lowest). Strengths of this function only compare
// with each other.
func pokerGeneral(h cards.Set) uint32 {
	h &= standard
	var sm [4]uint16
	var cnt [13]uint8
	var all uint16
	for r := 0; r < 13; r++ {
		g := uint64(h>>(4*r)) & 0xF
		if g == 0 {
			continue
		}
		cnt[r] = uint8(bits.OnesCount64(g))
		all |= 1 << r
		for su := 0; su < 4; su++ {
			if g&(1<<su) != 0 {
				sm[su] |= 1 << r
			}
		}
	}
	cat := func(c int, v uint32) uint32 { return uint32(c)<<20 | v }
	best := -1
	for su := 0; su < 4; su++ {
		if bits.OnesCount16(sm[su]) >= 5 {
			best = max(best, straightHigh(sm[su]))
		}
	}
	if best >= 0 {
		return cat(8, uint32(best+1)<<16)
	}
	var quads, trips, pairs uint16
	for r := 0; r < 13; r++ {
		switch {
		case cnt[r] >= 4:
			quads |= 1 << r
		case cnt[r] == 3:
			trips |= 1 << r
		case cnt[r] == 2:
			pairs |= 1 << r
		}
	}
	if quads != 0 {
		q := bits.Len16(quads) - 1
		return cat(7, uint32(q+1)<<16|topRanks(all&^(1<<q), 1)<<12)
	}
	if trips != 0 {
		t := bits.Len16(trips) - 1
		rest := (trips &^ (1 << t)) | pairs
		if rest != 0 {
			p := bits.Len16(rest) - 1
			return cat(6, uint32(t+1)<<16|uint32(p+1)<<12)
		}
	}
	for su := 0; su < 4; su++ {
		if bits.OnesCount16(sm[su]) >= 5 {
			// At most one suit can hold five when no better hand exists
			// for seven cards; with more cards take the best flush.
			best = max(best, int(topRanks(sm[su], 5)))
		}
	}
	if best >= 0 {
		return cat(5, uint32(best))
	}
	if sh := straightHigh(all); sh >= 0 {
		return cat(4, uint32(sh+1)<<16)
	}
	if trips != 0 {
		t := bits.Len16(trips) - 1
		return cat(3, uint32(t+1)<<16|topRanks(all&^(1<<t), 2)<<8)
	}
	if bits.OnesCount16(pairs) >= 2 {
		p1 := bits.Len16(pairs) - 1
		p2 := bits.Len16(pairs&^(1<<p1)) - 1
		return cat(2, uint32(p1+1)<<16|uint32(p2+1)<<12|topRanks(all&^(1<<p1|1<<p2), 1)<<8)
	}
	if pairs != 0 {
		p := bits.Len16(pairs) - 1
		return cat(1, uint32(p+1)<<16|topRanks(all&^(1<<p), 3)<<4)
	}
	return cat(0, topRanks(all, 5))
}

// pokerWild is pokerGeneral with wild cards: every wild card stands for
// whatever card makes the best hand (jokers that are not wild count for
// nothing), so five of a kind is possible and beats a straight flush. The
// best hand is found category by category, from five of a kind down,
// with the wild cards filling what the natural cards miss.
func pokerWild(h, wild cards.Set) uint32 {
	w := popcount(h & wild)
	nat := h &^ wild & standard
	if w == 0 {
		return pokerGeneral(nat)
	}
	var sm [4]uint16
	var cnt [13]int
	var all uint16
	for r := 0; r < 13; r++ {
		g := uint64(nat>>(4*r)) & 0xF
		if g == 0 {
			continue
		}
		cnt[r] = bits.OnesCount64(g)
		all |= 1 << r
		for su := 0; su < 4; su++ {
			if g&(1<<su) != 0 {
				sm[su] |= 1 << r
			}
		}
	}
	cat := func(c int, v uint32) uint32 { return uint32(c)<<20 | v }
	// Five of a kind.
	for r := 12; r >= 0; r-- {
		if cnt[r]+w >= 5 {
			return cat(fiveOfAKind, uint32(r+1)<<16)
		}
	}
	// Straight flush: the highest window one suit completes with wilds.
	best := -1
	for su := 0; su < 4; su++ {
		best = max(best, straightWith(sm[su], w))
	}
	if best >= 0 {
		return cat(8, uint32(best+1)<<16)
	}
	// Four of a kind (no wild is left over: that would be five).
	for r := 12; r >= 0; r-- {
		if cnt[r]+w >= 4 {
			return cat(7, uint32(r+1)<<16|topRanks(all&^(1<<r), 1)<<12)
		}
	}
	// Full house: trips of t and a pair of p.
	for t := 12; t >= 0; t-- {
		need := max(0, 3-cnt[t])
		if need > w {
			continue
		}
		for q := 12; q >= 0; q-- {
			if q != t && need+max(0, 2-cnt[q]) <= w {
				return cat(6, uint32(t+1)<<16|uint32(q+1)<<12)
			}
		}
	}
	// Flush: wilds take the highest ranks the suit lacks.
	fl := -1
	for su := 0; su < 4; su++ {
		if bits.OnesCount16(sm[su])+w >= 5 {
			m := sm[su]
			for k, r := 0, 12; k < w && r >= 0; r-- {
				if m&(1<<r) == 0 {
					m |= 1 << r
					k++
				}
			}
			fl = max(fl, int(topRanks(m, 5)))
		}
	}
	if fl >= 0 {
		return cat(5, uint32(fl))
	}
	if sh := straightWith(all, w); sh >= 0 {
		return cat(4, uint32(sh+1)<<16)
	}
	// Three of a kind: a wild pairs up with the best pair or card (two
	// pair is never best with a wild: a pair and a wild make trips).
	for r := 12; r >= 0; r-- {
		if cnt[r]+w >= 3 {
			return cat(3, uint32(r+1)<<16|topRanks(all&^(1<<r), 2)<<8)
		}
	}
	// One wild and no pair: a pair of the highest card.
	r := bits.Len16(all) - 1
	if r < 0 { // wild cards only
		if w >= 2 {
			return cat(1, uint32(13)<<16)
		}
		return cat(0, uint32(13)<<16)
	}
	return cat(1, uint32(r+1)<<16|topRanks(all&^(1<<r), 3)<<4)
}

// straightWith returns the top rank of the best straight the rank mask m
// makes with w wild cards filling gaps (the ace plays low too), or -1.
func straightWith(m uint16, w int) int {
	x := uint32(m)<<1 | uint32(m>>12)&1 // bit 0: ace low, bit r+1: rank r
	for top := 13; top >= 4; top-- {
		window := uint32(0x1F) << (top - 4)
		if 5-bits.OnesCount32(x&window) <= w {
			return top - 1
		}
	}
	return -1
}

// holeCombos returns the best strength using exactly k cards of hand and
// 5-k of board.
func holeCombos(ev *handeval.Evaluator, hand, board cards.Set, k int) uint32 {
	var hc, bc [cards.NumCards]cards.Card
	nh, nb := 0, 0
	for x := hand & standard; x != 0; x &= x - 1 {
		hc[nh] = cards.Card(bits.TrailingZeros64(uint64(x)))
		nh++
	}
	for x := board & standard; x != 0; x &= x - 1 {
		bc[nb] = cards.Card(bits.TrailingZeros64(uint64(x)))
		nb++
	}
	if k == 2 && nh >= 2 && nb >= 3 && nb <= 5 {
		return uint32(ev.EvalOmaha(hc[:nh], bc[:nb]))
	}
	kb := 5 - k
	if nh < k || nb < kb {
		return 0 // not enough cards for the exact split
	}
	var best uint32
	var five [5]cards.Card
	// Every k-subset of the hand (Gosper's hack over index bits) with
	// every kb-subset of the board.
	for hs := uint64(1)<<k - 1; hs < 1<<nh; hs = nextSubset(hs) {
		i := 0
		for x := hs; x != 0; x &= x - 1 {
			five[i] = hc[bits.TrailingZeros64(x)]
			i++
		}
		for bs := uint64(1)<<kb - 1; bs < 1<<nb; bs = nextSubset(bs) {
			j := i
			for x := bs; x != 0; x &= x - 1 {
				five[j] = bc[bits.TrailingZeros64(x)]
				j++
			}
			best = max(best, uint32(ev.Eval5(&five)))
			if kb == 0 {
				break
			}
		}
		if k == 0 {
			break
		}
	}
	return best
}

// nextSubset returns the next larger integer with as many bits set as x
// (Gosper's hack); x must not be 0.
func nextSubset(x uint64) uint64 {
	c := x & -x
	r := x + c
	return (((r ^ x) >> 2) / c) | r
}
