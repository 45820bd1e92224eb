package handeval

import (
	"fmt"

	"github.com/deckforge/deckforge/engine/cards"
)

// EvalOmaha returns the strength of the best Omaha hand: exactly two of the
// hole cards with exactly three of the board cards. It needs at least two
// hole cards and three to five board cards, all distinct standard cards,
// and panics for other counts.
//
// With h hole and b board cards it looks at C(h,2)·C(b,3) five-card hands
// (60 for four hole cards and a full board), each one table read.
func (e *Evaluator) EvalOmaha(hole, board []cards.Card) Strength {
	checkOmahaCounts(hole, board)
	k, bt := &e.key, &e.bit
	// Key sums and rank masks of the board triples (at most C(5,3) = 10).
	var tk, tb [16]uint64
	n := 0
	for i := 0; i < len(board); i++ {
		for j := i + 1; j < len(board); j++ {
			for l := j + 1; l < len(board); l++ {
				tk[n&15] = k[board[i]] + k[board[j]] + k[board[l]]
				tb[n&15] = bt[board[i]] | bt[board[j]] | bt[board[l]]
				n++
			}
		}
	}
	var best Strength
	for i := 0; i < len(hole); i++ {
		for j := i + 1; j < len(hole); j++ {
			pk := k[hole[i]] + k[hole[j]]
			pb := bt[hole[i]] | bt[hole[j]]
			shift := 16 * uint(hole[i]&3)
			for t := range n {
				s := pk + tk[t&15]
				var v Strength
				if (s+suitBias)&flushBits != 0 {
					v = Strength(e.flush[((pb|tb[t&15])>>shift)&(1<<13-1)])
				} else {
					v = e.lookup5(s)
				}
				best = max(best, v)
			}
		}
	}
	return best
}

// BestOmaha returns the best Omaha hand (exactly two hole cards, exactly
// three board cards) and its strength, trying every combination. Among
// equally strong hands it keeps the first found, hole pairs in the order
// of hole before board triples in the order of board. It panics for the
// counts EvalOmaha panics for.
func (e *Evaluator) BestOmaha(hole, board []cards.Card) Hand {
	checkOmahaCounts(hole, board)
	var h Hand
	var five [5]cards.Card
	for i := 0; i < len(hole); i++ {
		for j := i + 1; j < len(hole); j++ {
			for a := 0; a < len(board); a++ {
				for b := a + 1; b < len(board); b++ {
					for c := b + 1; c < len(board); c++ {
						five = [5]cards.Card{hole[i], hole[j], board[a], board[b], board[c]}
						if s := e.Eval5(&five); s > h.Strength {
							h = Hand{s, five}
						}
					}
				}
			}
		}
	}
	orderFive(&h)
	return h
}

func checkOmahaCounts(hole, board []cards.Card) {
	if len(hole) < 2 || len(board) < 3 || len(board) > 5 {
		panic(fmt.Sprintf("handeval: Omaha with %d hole and %d board cards (want at least 2 and 3 to 5)", len(hole), len(board)))
	}
}
