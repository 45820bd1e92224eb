package house

import (
	"errors"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/handeval"
)

// Evaluator rates hands of one game class. Every method spends at most
// budget evaluation steps (hand evaluations); one that would need more
// returns ErrBudgetExceeded, and one that cannot rate the hand returns
// ErrUnsupportedHand. Evaluators are stateless values: one may serve any
// number of players and goroutines.
type Evaluator interface {
	// Strength returns the strength of the player's hand in [0, 1]: an
	// estimate of the chance that it is the best hand now, against
	// s.Opponents opponents.
	Strength(s Situation, budget int) (float64, error)
	// Potential returns the outs of a drawing hand: the unseen cards that
	// improve it, and the chance of drawing one before the showdown.
	Potential(s Situation, budget int) (Potential, error)
	// Discards returns the hole cards to discard in a draw: at least
	// s.MinDiscards and at most s.MaxDiscards indices into s.Hole.
	Discards(s Situation, budget int) (CardMask, error)
}

// Potential is a drawing hand's chance to improve.
type Potential struct {
	// Outs is the number of unseen cards that, dealt next, raise the hand
	// to a better category.
	Outs int
	// Improve is the chance, in [0, 1], that at least one out comes among
	// the k cards still to come from u unseen ones:
	// 1 − C(u − outs, k)/C(u, k).
	Improve float64
}

// The errors of evaluation and decision. Decide wraps them; compare with
// errors.Is.
var (
	ErrInvalidSituation = errors.New("house: invalid situation")
	ErrUnsupportedHand  = errors.New("house: the evaluator cannot rate this hand")
	ErrBudgetExceeded   = errors.New("house: evaluation budget exceeded")
	ErrBadEvaluation    = errors.New("house: the evaluator returned an invalid result")
)

// binom2 returns C(n, 2).
func binom2(n int) int { return n * (n - 1) / 2 }

// binom3 returns C(n, 3).
func binom3(n int) int { return n * (n - 1) * (n - 2) / 6 }

// knownSet returns the set of hole and board cards.
func knownSet(s *Situation) cards.Set {
	var k cards.Set
	for _, c := range s.Hole {
		k = k.Add(c)
	}
	for _, c := range s.Board {
		k = k.Add(c)
	}
	return k
}

// discardLowest returns the indices of the lowest-ranked min cards of hole: the
// discards of a player that keeps its best cards and discards only what it
// must. Jokers rank above every standard card.
func discardLowest(hole []cards.Card, min int) CardMask {
	var m CardMask
	for k := 0; k < min && k < len(hole); k++ {
		lo := -1
		for i, c := range hole {
			if m.Has(i) {
				continue
			}
			if lo < 0 || rankOf(c) < rankOf(hole[lo]) {
				lo = i
			}
		}
		m |= 1 << uint(lo)
	}
	return m
}

// rankOf returns the rank of c for ordering, jokers highest.
func rankOf(c cards.Card) int {
	if c.IsJoker() {
		return int(cards.RankJoker)
	}
	return int(c.Rank())
}

// DefaultEvaluator rates the hands of any game: the caller's own strength
// when the situation carries one (HasStrength); else, with 5 to 7 standard
// cards in hand and board together, the best poker hand's percentile among
// five-card hands (see DrawEvaluator); else the mean rank of the hole cards,
// r̄/12 with jokers as aces. The last two are raised to the power of the
// number of opponents. It has no potential and discards only the
// lowest-ranked s.MinDiscards cards.
type DefaultEvaluator struct{}

// Strength implements Evaluator.
func (DefaultEvaluator) Strength(s Situation, budget int) (float64, error) {
	if s.HasStrength {
		return clamp01(s.Strength), nil
	}
	n := len(s.Hole) + len(s.Board)
	if n >= 5 && n <= 7 && allStandard(s.Hole) && allStandard(s.Board) {
		if budget < 3 {
			return 0, ErrBudgetExceeded
		}
		e := handeval.Default()
		var buf [7]cards.Card
		all := append(append(buf[:0], s.Hole...), s.Board...)
		return powN(percentile5(e, value(e, all)), s.Opponents), nil
	}
	if len(s.Hole) == 0 {
		return 0, ErrUnsupportedHand
	}
	sum := 0
	for _, c := range s.Hole {
		r := rankOf(c)
		if r > int(cards.Ace) {
			r = int(cards.Ace)
		}
		sum += r
	}
	return powN(float64(sum)/float64(12*len(s.Hole)), s.Opponents), nil
}

// Potential implements Evaluator: the default evaluator sees no draws.
func (DefaultEvaluator) Potential(Situation, int) (Potential, error) { return Potential{}, nil }

// Discards implements Evaluator.
func (DefaultEvaluator) Discards(s Situation, _ int) (CardMask, error) {
	return discardLowest(s.Hole, s.MinDiscards), nil
}

// powN returns x^n for n ≥ 1, clamped into [0, 1].
func powN(x float64, n int) float64 {
	x = clamp01(x)
	p := x
	for i := 1; i < n; i++ {
		p *= x
	}
	return p
}
