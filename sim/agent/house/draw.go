package house

import (
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/handeval"
)

// DrawEvaluator rates closed hands of 5 to 7 cards (five-card draw and its
// relatives) and chooses their discards.
//
// The strength is the percentile of the best five cards among all C(52, 5)
// five-card hands: with n_c the number of five-card hands of category c and
// t ∈ [0, 1] the hand's place between the weakest and the strongest hand of
// its own category,
//
//	h₁ = (Σ_{c < cat} n_c + t·n_cat) / C(52, 5),   hₙ = h₁ⁿ
//
// against n opponents (three evaluation steps). A pair of deuces is about
// 0.50, a pair of aces 0.92, two pair 0.93 and above.
//
// Discards keep made hands and draws and throw the rest: a straight or
// better stands pat; otherwise every card of a rank held twice or more is
// kept (pairs, two pair, trips, quads); without one, four cards of a suit
// (a flush draw) or four consecutive ranks open at both ends (a straight
// draw) are kept; failing all that, the highest card is kept, with the
// second highest when both are jacks or better. Jokers are always kept.
// When that discards more than MaxDiscards cards, the highest of them are
// kept; when fewer than MinDiscards, the lowest kept cards go too.
//
// The potential, with draws left, is that of the kept cards: an out is an
// unseen card that lifts their category, and the chance of catching one is
// taken over the discarded count times the draws left.
type DrawEvaluator struct{}

// Strength implements Evaluator.
func (DrawEvaluator) Strength(s Situation, budget int) (float64, error) {
	n := len(s.Hole) + len(s.Board)
	if n < 5 || n > 7 || !allStandard(s.Hole) || !allStandard(s.Board) {
		return 0, ErrUnsupportedHand
	}
	if budget < 3 {
		return 0, ErrBudgetExceeded
	}
	e := handeval.Default()
	var buf [7]cards.Card
	all := append(append(buf[:0], s.Hole...), s.Board...)
	return powN(percentile5(e, value(e, all)), s.Opponents), nil
}

// Discards implements Evaluator.
func (DrawEvaluator) Discards(s Situation, budget int) (CardMask, error) {
	if budget < 1 {
		return 0, ErrBudgetExceeded
	}
	return selectDiscards(s.Hole, s.MinDiscards, s.MaxDiscards), nil
}

// Potential implements Evaluator. It costs u + 2 steps with u unseen cards.
func (DrawEvaluator) Potential(s Situation, budget int) (Potential, error) {
	if s.DrawsLeft == 0 || len(s.Hole) == 0 {
		return Potential{}, nil
	}
	if !allStandard(s.Hole) || !allStandard(s.Board) {
		return Potential{}, ErrUnsupportedHand
	}
	max := s.MaxDiscards
	if max == 0 && !s.Discard {
		max = len(s.Hole)
	}
	min := s.MinDiscards
	if min > max {
		min = max
	}
	d := selectDiscards(s.Hole, min, max)
	if d == 0 {
		return Potential{}, nil
	}
	var deck [52]cards.Card
	rest := unseen(&deck, knownSet(&s))
	if len(rest)+2 > budget {
		return Potential{}, ErrBudgetExceeded
	}
	var kept [MaxHoleCards + 1]cards.Card
	k := 0
	for i, c := range s.Hole {
		if !d.Has(i) {
			kept[k] = c
			k++
		}
	}
	if k >= 7 {
		return Potential{}, nil
	}
	e := handeval.Default()
	cur := category(e, kept[:k])
	outs := 0
	for _, c := range rest {
		kept[k] = c
		if category(e, kept[:k+1]) > cur {
			outs++
		}
	}
	return Potential{Outs: outs, Improve: hitProb(len(rest), outs, d.Len()*s.DrawsLeft)}, nil
}

// selectDiscards chooses the discards of hole (see DrawEvaluator), between
// min and max cards.
func selectDiscards(hole []cards.Card, min, max int) CardMask {
	all := CardMask(uint64(1)<<uint(len(hole)) - 1)
	d := all &^ keepCards(hole)
	for d.Len() > max {
		d &^= 1 << uint(extreme(hole, d, true))
	}
	for d.Len() < min {
		d |= 1 << uint(extreme(hole, all&^d, false))
	}
	return d
}

// extreme returns the index in m of the highest-ranked (high) or
// lowest-ranked card of hole; m must not be empty.
func extreme(hole []cards.Card, m CardMask, high bool) int {
	best := -1
	for i, c := range hole {
		if !m.Has(i) {
			continue
		}
		if best < 0 || high && rankOf(c) > rankOf(hole[best]) || !high && rankOf(c) < rankOf(hole[best]) {
			best = i
		}
	}
	return best
}

// keepCards returns the cards of hole a draw player keeps.
func keepCards(hole []cards.Card) CardMask {
	n := len(hole)
	all := CardMask(uint64(1)<<uint(n) - 1)
	if n >= 5 && n <= 7 && allStandard(hole) && category(handeval.Default(), hole) >= catStraight {
		return all
	}
	var ranks [cards.NumRanks]uint8
	var suits [cards.NumSuits]uint8
	var jokers CardMask
	for i, c := range hole {
		if c.IsJoker() {
			jokers |= 1 << uint(i)
			continue
		}
		ranks[c.Rank()]++
		suits[c.Suit()]++
	}
	var keep CardMask
	for i, c := range hole {
		if !c.IsJoker() && ranks[c.Rank()] >= 2 {
			keep |= 1 << uint(i)
		}
	}
	if keep != 0 {
		return keep | jokers
	}
	if n >= 5 {
		for s, k := range suits {
			if k >= 4 {
				for i, c := range hole {
					if !c.IsJoker() && c.Suit() == cards.Suit(s) {
						keep |= 1 << uint(i)
					}
				}
				for keep.Len() > 4 {
					keep &^= 1 << uint(extreme(hole, keep, false))
				}
				return keep | jokers
			}
		}
		// Four consecutive ranks lo..lo+3 with a rank free at each end (the
		// ace below a deuce).
		for lo := int(cards.Ten); lo >= int(cards.Two); lo-- {
			if ranks[lo] > 0 && ranks[lo+1] > 0 && ranks[lo+2] > 0 && ranks[lo+3] > 0 {
				for i, c := range hole {
					if r := int(c.Rank()); !c.IsJoker() && r >= lo && r <= lo+3 {
						keep |= 1 << uint(i)
					}
				}
				return keep | jokers
			}
		}
	}
	rest := all &^ jokers
	if rest == 0 {
		return jokers
	}
	hi := extreme(hole, rest, true)
	keep = 1 << uint(hi)
	if second := extreme(hole, rest&^keep, true); second >= 0 &&
		hole[hi].Rank() >= cards.Jack && hole[second].Rank() >= cards.Jack {
		keep |= 1 << uint(second)
	}
	return keep | jokers
}
