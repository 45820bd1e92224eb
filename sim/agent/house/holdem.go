package house

import (
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/handeval"
)

// HoldemEvaluator rates Texas hold'em hands: two hole cards and 0, 3, 4 or 5
// board cards.
//
// Before the flop the strength is the Chen score of the two cards mapped
// linearly from [−1, 20] onto [0, 1] (AA 1, KK 0.81, AKs 0.62, 22 0.29, 72o
// 0). After it, the strength is the hand's immediate strength against every
// possible pair of unseen cards h₁ = (wins + ties/2)/C(u, 2), raised to the
// number of opponents n: hₙ = h₁ⁿ. That is C(u, 2) + 1 evaluation steps (991
// on the river).
//
// An out is an unseen card that, dealt next, lifts the category of the
// player's best hand above both its current category and the category of
// the board with that card alone (so the improvement uses a hole card), and
// to one pair only if no board card ranks above that pair (top pair or an
// overpair); the potential is the chance of catching one in the 5 − |board|
// cards to come.
type HoldemEvaluator struct{}

// Strength implements Evaluator.
func (HoldemEvaluator) Strength(s Situation, budget int) (float64, error) {
	if err := checkCommunity(&s, 2, 2); err != nil {
		return 0, err
	}
	if len(s.Board) == 0 {
		if budget < 1 {
			return 0, ErrBudgetExceeded
		}
		return chenStrength(s.Hole[0], s.Hole[1]), nil
	}
	var deck [52]cards.Card
	rest := unseen(&deck, knownSet(&s))
	if binom2(len(rest))+1 > budget {
		return 0, ErrBudgetExceeded
	}
	e := handeval.Default()
	var mine, opp [7]cards.Card
	n := copy(mine[:], s.Hole)
	n += copy(mine[n:], s.Board)
	copy(opp[2:], s.Board)
	v := value(e, mine[:n])
	wins, ties := 0, 0
	for i := 0; i < len(rest); i++ {
		opp[0] = rest[i]
		for j := i + 1; j < len(rest); j++ {
			opp[1] = rest[j]
			switch w := value(e, opp[:n]); {
			case v > w:
				wins++
			case v == w:
				ties++
			}
		}
	}
	h1 := (float64(wins) + float64(ties)/2) / float64(binom2(len(rest)))
	return powN(h1, s.Opponents), nil
}

// Potential implements Evaluator. It costs 2u + 1 steps with u unseen cards.
func (HoldemEvaluator) Potential(s Situation, budget int) (Potential, error) {
	if err := checkCommunity(&s, 2, 2); err != nil {
		return Potential{}, err
	}
	return communityPotential(&s, budget)
}

// Discards implements Evaluator: hold'em has no draws; when a genome asks
// for discards anyway, the lowest cards go.
func (HoldemEvaluator) Discards(s Situation, _ int) (CardMask, error) {
	return discardLowest(s.Hole, s.MinDiscards), nil
}

// checkCommunity reports ErrUnsupportedHand unless s holds minHole to
// maxHole standard hole cards and 0, 3, 4 or 5 standard board cards.
func checkCommunity(s *Situation, minHole, maxHole int) error {
	if len(s.Hole) < minHole || len(s.Hole) > maxHole || !allStandard(s.Hole) || !allStandard(s.Board) {
		return ErrUnsupportedHand
	}
	switch len(s.Board) {
	case 0, 3, 4, 5:
		return nil
	}
	return ErrUnsupportedHand
}

// communityPotential computes the hold'em potential of s (see
// HoldemEvaluator).
func communityPotential(s *Situation, budget int) (Potential, error) {
	if len(s.Board) < 3 || len(s.Board) > 4 {
		return Potential{}, nil
	}
	var deck [52]cards.Card
	rest := unseen(&deck, knownSet(s))
	if 2*len(rest)+1 > budget {
		return Potential{}, ErrBudgetExceeded
	}
	e := handeval.Default()
	var mine, board [7]cards.Card
	n := copy(mine[:], s.Hole)
	n += copy(mine[n:], s.Board)
	b := copy(board[:], s.Board)
	cur := category(e, mine[:n])
	outs := 0
	for _, c := range rest {
		mine[n] = c
		board[b] = c
		nc := category(e, mine[:n+1])
		if nc > cur && nc > category(e, board[:b+1]) && (nc != catPair || topPair(mine[:n+1], board[:b+1])) {
			outs++
		}
	}
	return Potential{Outs: outs, Improve: hitProb(len(rest), outs, 5-len(s.Board))}, nil
}

// topPair reports whether the pair among cs (which holds exactly one pair)
// ranks at least as high as every card of board.
func topPair(cs, board []cards.Card) bool {
	var cnt [cards.NumRanks]uint8
	pair := -1
	for _, c := range cs {
		if cnt[c.Rank()]++; cnt[c.Rank()] == 2 {
			pair = int(c.Rank())
		}
	}
	for _, c := range board {
		if int(c.Rank()) > pair {
			return false
		}
	}
	return true
}
