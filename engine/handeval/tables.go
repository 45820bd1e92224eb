package handeval

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// Layout of a card key (Evaluator.key): the card's rank key in bits 32..63,
// and 1 << (4*suit) in bits 0..15, so that the sum of a hand's card keys
// holds the sum of its rank keys above and a 4-bit count per suit below.
// With suitBias added, a suit's count reaches bit 3 of its nibble exactly
// when the hand holds five or more cards of that suit (3 + 5 = 8; 3 + 7 = 10
// still fits in the nibble).
const (
	suitBias  = 0x3333
	flushBits = 0x8888
	rankShift = 32
)

// Sizes of the perfect hashes from rank-key sums to strengths: 2^rowBits
// displacements and 2^tableBits slots per hand size.
const (
	rowBits5   = 11
	tableBits5 = 13
	rowBits6   = 12
	tableBits6 = 15
	rowBits7   = 13
	tableBits7 = 16
)

// rankKeys returns the additive key of each rank. They are the greedy
// smallest keys such that two different rank multisets of the same size
// (at most 7 cards, at most 4 of a rank) have different key sums; build
// checks this again for every table it fills.
func rankKeys() [13]uint64 {
	return [13]uint64{0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181}
}

// build fills every table of e.
func (e *Evaluator) build() {
	rk := rankKeys()
	for c := range 52 {
		r, s := c>>2, c&3
		e.key[c] = rk[r]<<rankShift | 1<<(4*s)
		e.bit[c] = 1 << (16*s + r)
	}
	v := newValuer()
	for m := range len(e.flush) {
		if bits.OnesCount(uint(m)) >= 5 {
			e.flush[m] = uint16(v.strength(rawFlush(uint16(m))))
		}
	}
	e.mul5 = fillRankTable(5, rowBits5, tableBits5, e.disp5[:], e.rank5[:], v)
	e.mul6 = fillRankTable(6, rowBits6, tableBits6, e.disp6[:], e.rank6[:], v)
	e.mul7 = fillRankTable(7, rowBits7, tableBits7, e.disp7[:], e.rank7[:], v)
}

// rankEntry is one rank multiset of a table: its key sum and its strength
// when it is not a flush.
type rankEntry struct {
	key uint64
	val Strength
}

// eachMultiset calls f with every multiset of n ranks holding no rank more
// than four times (counts[r] cards of rank r) and its rank-key sum.
func eachMultiset(n int, f func(counts *[13]uint8, key uint64)) {
	rk := rankKeys()
	var counts [13]uint8
	var rec func(r, left int, key uint64)
	rec = func(r, left int, key uint64) {
		if r == 13 {
			if left == 0 {
				f(&counts, key)
			}
			return
		}
		for c := 0; c <= 4 && c <= left; c++ {
			counts[r] = uint8(c)
			rec(r+1, left-c, key+uint64(c)*rk[r])
		}
		counts[r] = 0
	}
	rec(0, n, 0)
}

// fillRankTable fills disp and table with a perfect hash from the key sums
// of the n-card rank multisets to their strengths, and returns its
// multiplier. A key sum k lands in slot
//
//	h = k * mul (mod 2^64)
//	slot = (bits 32.. of h + disp[h >> (64-rowBits)]) mod 2^tableBits
//
// The multiplier is the first of a fixed pseudo-random sequence for which
// the "hash and displace" placement (largest rows first, each at the
// smallest displacement that fits) succeeds, so the tables are the same on
// every run.
func fillRankTable(n int, rowBits, tableBits uint, disp, table []uint16, v *valuer) uint64 {
	entries := make([]rankEntry, 0, 1<<tableBits)
	eachMultiset(n, func(counts *[13]uint8, key uint64) {
		entries = append(entries, rankEntry{key, v.strength(rawCounts(counts))})
	})
	rng := rand.New(rand.NewPCG(0x6465636b, uint64(n)))
	for range 1000 {
		mul := rng.Uint64() | 1
		if placeAll(entries, mul, rowBits, tableBits, disp, table) {
			return mul
		}
	}
	panic(fmt.Sprintf("handeval: no perfect hash for %d-card rank multisets", n))
}

// placeAll tries to place entries with multiplier mul; it reports whether
// every entry found its own slot.
func placeAll(entries []rankEntry, mul uint64, rowBits, tableBits uint, disp, table []uint16) bool {
	clear(disp)
	clear(table)
	rows := 1 << rowBits
	colMask := uint32(1)<<tableBits - 1
	// Bucket the entries by row (counting sort), keeping each one's column.
	start := make([]int32, rows+1)
	for _, en := range entries {
		start[(en.key*mul)>>(64-rowBits)+1]++
	}
	for r := range rows {
		start[r+1] += start[r]
	}
	type slotEntry struct {
		col uint32
		val Strength
	}
	byRow := make([]slotEntry, len(entries))
	fill := slices.Clone(start[:rows])
	for _, en := range entries {
		h := en.key * mul
		r := h >> (64 - rowBits)
		byRow[fill[r]] = slotEntry{uint32(h>>32) & colMask, en.val}
		fill[r]++
	}
	order := make([]int, rows)
	for r := range order {
		order[r] = r
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return int(start[b+1]-start[b]) - int(start[a+1]-start[a])
	})
	used := make([]bool, colMask+1)
	for _, r := range order {
		row := byRow[start[r]:start[r+1]]
		if len(row) == 0 {
			break
		}
		placed := false
		for d := uint32(0); d <= colMask; d++ {
			fits := true
			for _, s := range row {
				if used[(s.col+d)&colMask] {
					fits = false
					break
				}
			}
			if !fits {
				continue
			}
			// Two entries of one row in the same column never fit anywhere;
			// mark as we go and undo if that happens.
			for i, s := range row {
				slot := (s.col + d) & colMask
				if used[slot] {
					for _, u := range row[:i] {
						used[(u.col+d)&colMask] = false
					}
					return false
				}
				used[slot] = true
				table[slot] = uint16(s.val)
			}
			disp[r] = uint16(d)
			placed = true
			break
		}
		if !placed {
			return false
		}
	}
	return true
}

// A raw value describes a five-card hand as category<<20 followed by up to
// five ranks (4 bits each, from bit 16 down) in the order they are
// compared, so raw values compare like the hands.
type rawHand struct {
	v     uint32
	shift int
}

func newRaw(c Category) rawHand { return rawHand{uint32(c) << 20, 16} }

// with appends rank r.
func (h rawHand) with(r int) rawHand {
	h.v |= uint32(r) << h.shift
	h.shift -= 4
	return h
}

// withHighest appends the n highest ranks of the rank mask m.
func (h rawHand) withHighest(m uint16, n int) rawHand {
	for r := 12; r >= 0 && n > 0; r-- {
		if m&(1<<r) != 0 {
			h = h.with(r)
			n--
		}
	}
	return h
}

// top returns the highest rank in the non-empty rank mask m.
func top(m uint16) int { return 15 - bits.LeadingZeros16(m) }

// topStraight returns the highest rank of the best straight in the rank
// mask m (bit r for rank r), 3 for the five-high wheel, or -1 for none.
func topStraight(m uint16) int {
	for t := 12; t >= 4; t-- {
		if m>>(t-4)&0x1f == 0x1f {
			return t
		}
	}
	if m&0x100f == 0x100f {
		return 3
	}
	return -1
}

// rawFlush returns the raw value of the best hand made from five or more
// cards of one suit with the ranks in m.
func rawFlush(m uint16) uint32 {
	if t := topStraight(m); t >= 0 {
		return newRaw(StraightFlush).with(t).v
	}
	return newRaw(Flush).withHighest(m, 5).v
}

// rawCounts returns the raw value of the best non-flush hand among cards
// with counts[r] cards of rank r (five to seven cards in all).
func rawCounts(counts *[13]uint8) uint32 {
	var present, pairs, trips, quads uint16
	for r, n := range counts {
		bit := uint16(1) << r
		if n >= 1 {
			present |= bit
		}
		if n >= 2 {
			pairs |= bit
		}
		if n >= 3 {
			trips |= bit
		}
		if n >= 4 {
			quads |= bit
		}
	}
	switch {
	case quads != 0:
		q := top(quads)
		return newRaw(FourOfAKind).with(q).withHighest(present&^(1<<q), 1).v
	case trips != 0 && pairs&^(1<<top(trips)) != 0:
		t := top(trips)
		return newRaw(FullHouse).with(t).with(top(pairs &^ (1 << t))).v
	case topStraight(present) >= 0:
		return newRaw(Straight).with(topStraight(present)).v
	case trips != 0:
		t := top(trips)
		return newRaw(ThreeOfAKind).with(t).withHighest(present&^(1<<t), 2).v
	case bits.OnesCount16(pairs) >= 2:
		p := top(pairs)
		q := top(pairs &^ (1 << p))
		return newRaw(TwoPair).with(p).with(q).withHighest(present&^(1<<p|1<<q), 1).v
	case pairs != 0:
		p := top(pairs)
		return newRaw(OnePair).with(p).withHighest(present&^(1<<p), 3).v
	}
	return newRaw(HighCard).withHighest(present, 5).v
}

// valuer turns raw values into strengths: the rank of the raw value among
// the raw values of all 7,462 distinct five-card hands of its category.
type valuer struct {
	raws     []uint32 // sorted raw values of every distinct five-card hand
	catStart [NumCategories]int
}

func newValuer() *valuer {
	v := &valuer{raws: make([]uint32, 0, 8192)}
	for m := range 1 << 13 {
		if bits.OnesCount(uint(m)) == 5 {
			v.raws = append(v.raws, rawFlush(uint16(m)))
		}
	}
	eachMultiset(5, func(counts *[13]uint8, _ uint64) {
		v.raws = append(v.raws, rawCounts(counts))
	})
	slices.Sort(v.raws)
	v.raws = slices.Compact(v.raws)
	for i := len(v.raws) - 1; i >= 0; i-- {
		v.catStart[v.raws[i]>>20] = i
	}
	return v
}

// strength returns the strength of the hand with raw value r.
func (v *valuer) strength(r uint32) Strength {
	i, ok := slices.BinarySearch(v.raws, r)
	if !ok {
		panic(fmt.Sprintf("handeval: raw value %#x is no five-card hand", r))
	}
	c := Category(r >> 20)
	return Strength(c)<<CategoryShift | Strength(i-v.catStart[c]+1)
}
