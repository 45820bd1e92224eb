package betting_test

import (
	"sort"

	"github.com/deckforge/deckforge/engine/cards"
)

// slowStrength is a plain reference evaluator for tests: the best 5-card
// high hand of up to 7 cards, higher is better. It tries every 5-card
// subset and ranks it by category then ranks, so it is slow but obvious.
func slowStrength(cs []cards.Card) uint32 {
	var best uint32
	n := len(cs)
	var five [5]cards.Card
	var rec func(start, k int)
	rec = func(start, k int) {
		if k == 5 {
			if v := rank5(five); v > best {
				best = v
			}
			return
		}
		for i := start; i < n; i++ {
			five[k] = cs[i]
			rec(i+1, k+1)
		}
	}
	rec(0, 0)
	return best
}

func rank5(h [5]cards.Card) uint32 {
	var count [13]int
	flush := true
	for i, c := range h {
		count[c.Rank()]++
		if c.Suit() != h[0].Suit() {
			flush = false
		}
		_ = i
	}
	// Ranks ordered by (count desc, rank desc).
	rs := make([]int, 0, 5)
	for r := 12; r >= 0; r-- {
		if count[r] > 0 {
			rs = append(rs, r)
		}
	}
	sort.SliceStable(rs, func(a, b int) bool { return count[rs[a]] > count[rs[b]] })
	straightHigh := -1
	if len(rs) == 5 {
		if rs[0]-rs[4] == 4 {
			straightHigh = rs[0]
		} else if rs[0] == 12 && rs[1] == 3 { // A-5 wheel
			straightHigh = 3
		}
	}
	var cat uint32
	switch {
	case straightHigh >= 0 && flush:
		cat = 8
	case count[rs[0]] == 4:
		cat = 7
	case count[rs[0]] == 3 && count[rs[1]] == 2:
		cat = 6
	case flush:
		cat = 5
	case straightHigh >= 0:
		cat = 4
	case count[rs[0]] == 3:
		cat = 3
	case count[rs[0]] == 2 && count[rs[1]] == 2:
		cat = 2
	case count[rs[0]] == 2:
		cat = 1
	}
	v := cat
	if straightHigh >= 0 {
		return v<<20 | uint32(straightHigh)
	}
	for i := 0; i < 5; i++ {
		r := 0
		if i < len(rs) {
			r = rs[i] + 1
		}
		v = v<<4 | uint32(r)
	}
	return v
}
