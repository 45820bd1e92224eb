package house

import (
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/handeval"
)

// OmahaEvaluator rates Omaha hands: 4 to 6 hole cards and 0, 3, 4 or 5
// board cards, the best hand made of exactly two hole cards and exactly
// three board cards.
//
// Before the flop the strength is the best split of the hole cards into two
// disjoint pairs, scored as the mean of their Chen strengths (see
// HoldemEvaluator). After it, let q be the share of the C(u, 2) pairs of
// unseen cards that, with three board cards, beat the player's best hand
// (ties counting half). A random opponent holding h cards has C(h, 2) such
// pairs, so the strength against n opponents is
//
//	hₙ = ((1 − q)^C(h,2))ⁿ,
//
// treating the pairs as independent. That costs (C(u, 2) + C(h, 2))·C(b, 3)
// evaluation steps for b board cards (9,090 on the river with four hole
// cards).
//
// An out is an unseen card that, dealt next, lifts the category of the best
// two-plus-three hand; the potential is the chance of catching one in the
// 5 − b cards to come.
type OmahaEvaluator struct{}

// Strength implements Evaluator.
func (OmahaEvaluator) Strength(s Situation, budget int) (float64, error) {
	if err := checkCommunity(&s, 4, 6); err != nil {
		return 0, err
	}
	if len(s.Board) == 0 {
		if budget < 1 {
			return 0, ErrBudgetExceeded
		}
		return omahaPreflop(s.Hole), nil
	}
	var deck [52]cards.Card
	rest := unseen(&deck, knownSet(&s))
	nb := binom3(len(s.Board))
	if (binom2(len(rest))+binom2(len(s.Hole)))*nb > budget {
		return 0, ErrBudgetExceeded
	}
	e := handeval.Default()
	v, _, _ := omahaBest(e, s.Hole, s.Board)
	var pair [2]cards.Card
	beats, ties := 0, 0
	for i := 0; i < len(rest); i++ {
		pair[0] = rest[i]
		for j := i + 1; j < len(rest); j++ {
			pair[1] = rest[j]
			switch w, _, _ := omahaBest(e, pair[:], s.Board); {
			case w > v:
				beats++
			case w == v:
				ties++
			}
		}
	}
	q := (float64(beats) + float64(ties)/2) / float64(binom2(len(rest)))
	return powN(powN(1-q, binom2(len(s.Hole))), s.Opponents), nil
}

// Potential implements Evaluator. It costs u·C(h, 2)·C(b+1, 3) + C(h,
// 2)·C(b, 3) steps.
func (OmahaEvaluator) Potential(s Situation, budget int) (Potential, error) {
	if err := checkCommunity(&s, 4, 6); err != nil {
		return Potential{}, err
	}
	if len(s.Board) < 3 || len(s.Board) > 4 {
		return Potential{}, nil
	}
	var deck [52]cards.Card
	rest := unseen(&deck, knownSet(&s))
	h := binom2(len(s.Hole))
	if len(rest)*h*binom3(len(s.Board)+1)+h*binom3(len(s.Board)) > budget {
		return Potential{}, ErrBudgetExceeded
	}
	e := handeval.Default()
	v, _, _ := omahaBest(e, s.Hole, s.Board)
	cur := categoryOf(v)
	var board [5]cards.Card
	b := copy(board[:], s.Board)
	outs := 0
	for _, c := range rest {
		board[b] = c
		if w, _, _ := omahaBest(e, s.Hole, board[:b+1]); categoryOf(w) > cur {
			outs++
		}
	}
	return Potential{Outs: outs, Improve: hitProb(len(rest), outs, 5-len(s.Board))}, nil
}

// Discards implements Evaluator: Omaha has no draws; when a genome asks for
// discards anyway, the lowest cards go.
func (OmahaEvaluator) Discards(s Situation, _ int) (CardMask, error) {
	return discardLowest(s.Hole, s.MinDiscards), nil
}

// omahaBest returns the value of the best hand made of exactly two of hole
// and exactly three of board (at least 3 cards), with the indices of the
// cards it uses.
func omahaBest(e *handeval.Evaluator, hole, board []cards.Card) (best handeval.Strength, h [2]int, b [3]int) {
	var five [5]cards.Card
	first := true
	for i := 0; i < len(hole); i++ {
		for j := i + 1; j < len(hole); j++ {
			five[0], five[1] = hole[i], hole[j]
			for x := 0; x < len(board); x++ {
				for y := x + 1; y < len(board); y++ {
					for z := y + 1; z < len(board); z++ {
						five[2], five[3], five[4] = board[x], board[y], board[z]
						if v := e.Eval5(&five); first || v > best {
							best, h, b, first = v, [2]int{i, j}, [3]int{x, y, z}, false
						}
					}
				}
			}
		}
	}
	return best, h, b
}

// omahaPreflop scores Omaha hole cards: the best split into two disjoint
// pairs by the mean Chen strength of the pairs.
func omahaPreflop(hole []cards.Card) float64 {
	best := 0.0
	n := len(hole)
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			for c := 0; c < n; c++ {
				if c == a || c == b {
					continue
				}
				for d := c + 1; d < n; d++ {
					if d == a || d == b {
						continue
					}
					if s := (chenStrength(hole[a], hole[b]) + chenStrength(hole[c], hole[d])) / 2; s > best {
						best = s
					}
				}
			}
		}
	}
	return best
}
