package agent

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/engine/handeval"
	"github.com/deckforge/deckforge/genome"
)

// jokers is the set of the two jokers.
const jokers = cards.Set(1<<cards.RedJoker | 1<<cards.BlackJoker)

// strengthCalc rates a player's hand in [0, 1] (see the package
// documentation, Hand strength). It holds scratch space only.
type strengthCalc struct {
	eval   *handeval.Evaluator
	own    [cards.NumCards]cards.Card
	board  [cards.NumCards]cards.Card
	unseen [cards.NumCards]cards.Card
	mine   [7]cards.Card

	// early stops a Monte Carlo estimate once it is clearly on one side
	// of both greedy thresholds (see monteCarlo).
	early bool
	// batch, if not 0, replaces earlyBatch.
	batch int
}

// Early stopping of the Monte Carlo strength: every earlyBatch deals, the
// estimate ŝ of n deals stops when both |ŝ − StrongHand| and
// |ŝ − MediumHand| exceed earlyZ standard errors √(ŝ(1−ŝ)/n) (at least
// √(1/n)/n, so that a run of wins alone does not stop it at once).
const (
	earlyBatch = 32
	earlyZ     = 3
)

// seenBy returns every card whose place the observer of o knows: its own
// hand and selection, the face-up cards and the known parts of hidden
// places.
func seenBy(o *game.Observation) cards.Set {
	s := o.Own | o.Selected | o.Community | o.Discard | o.Tableau | o.StockKnown | o.PileKnown
	for q := 0; q < int(o.Players); q++ {
		s |= o.Known[q] | o.WonKnown[q]
		if c := o.Trick[q]; c != cards.None {
			s = s.Add(c)
		}
	}
	return s
}

// strength returns the strength of the observer's hand in o: for poker
// hands, its equity against one random hand of the unseen cards, by
// Monte Carlo over samples deals (with the rest of the board); for
// high-card and point-total showdowns the same against one random hand
// ranked by the showdown; otherwise the mean rank value of the hand.
func (sc *strengthCalc) strength(pr *profile, o *game.Observation, samples int, rng *rand.Rand) float64 {
	hand := o.Own | o.Selected
	own := hand.Cards(sc.own[:0])
	board := o.Community.Cards(sc.board[:0])
	h, b := len(own), len(board)
	need := max(pr.board-b, 0)

	seen := seenBy(o)
	out := seen // the cards the sampled hands leave out
	poker := pr.isPoker() && pr.g.Setup.WildRanks == 0 && (hand|o.Community)&jokers == 0
	if poker {
		// Jokers never enter a poker evaluation.
		out |= jokers
	}
	unseen := (pr.deck &^ out).Cards(sc.unseen[:0])
	switch {
	case samples <= 0 || h == 0:
	case poker && pr.class == classHoldem && h == 2 && b == 0 && need == 5 && pr.deck == standard52 && seen == hand:
		// Before the flop of a standard hold'em deal: the preflop table.
		return preflopStrength(hand)
	case poker && pr.class == classHoldem && need == 0 && h+b >= 5 && h+b <= 7 && h <= len(unseen):
		// The board is complete: the observer's hand is rated once.
		ev := sc.eval
		bd := ev.AddAll(handeval.Sum{}, board)
		mine := uint32(ev.EvalSum(ev.AddAll(bd, own)))
		return sc.monteCarlo(samples, rng, unseen, h, 0, func(extra []cards.Card) int {
			return cmp3(mine, uint32(ev.EvalSum(ev.AddAll(bd, extra[:h]))))
		})
	case poker && pr.class == classHoldem && h+b+need >= 5 && h+b+need <= 7 && h+need <= len(unseen):
		// The board is summed once, and each runout once for both hands.
		ev := sc.eval
		bd := ev.AddAll(handeval.Sum{}, board)
		mine := ev.AddAll(bd, own)
		return sc.monteCarlo(samples, rng, unseen, h, need, func(extra []cards.Card) int {
			run := ev.AddAll(handeval.Sum{}, extra[h:])
			return cmp3(uint32(ev.EvalSum(mine.Plus(run))), uint32(ev.EvalSum(ev.AddAll(bd.Plus(run), extra[:h]))))
		})
	case poker && pr.class == classOmaha && h >= 2 && b+need >= 3 && b+need <= 5 && h+need <= len(unseen):
		return sc.monteCarlo(samples, rng, unseen, h, need, func(extra []cards.Card) int {
			bd := append(append(sc.mine[:0], board...), extra[h:]...)
			return cmp3(uint32(sc.eval.EvalOmaha(own, bd)), uint32(sc.eval.EvalOmaha(extra[:h], bd)))
		})
	case poker && pr.class == classDraw && h >= 5 && h <= 7 && h <= len(unseen):
		mine := uint32(sc.eval.EvalN(own))
		return sc.monteCarlo(samples, rng, unseen, h, 0, func(extra []cards.Card) int {
			return cmp3(mine, uint32(sc.eval.EvalN(extra[:h])))
		})
	case pr.class == classHighCard && h <= len(unseen):
		return sc.monteCarlo(samples, rng, unseen, h, 0, func(extra []cards.Card) int {
			return highCardCmp(pr, own, extra[:h])
		})
	case pr.class == classPoints && h <= len(unseen):
		return sc.monteCarlo(samples, rng, unseen, h, 0, func(extra []cards.Card) int {
			return pointsCmp(pr, own, extra[:h])
		})
	}
	return meanRank(pr, own)
}

// monteCarlo draws samples times k+extra distinct cards from unseen (a
// partial Fisher–Yates shuffle, in place) and scores each draw with cmp
// (+1 win, 0 tie, -1 loss); it returns (wins + ties/2)/samples.
func (sc *strengthCalc) monteCarlo(samples int, rng *rand.Rand, unseen []cards.Card, k, extra int, cmp func([]cards.Card) int) float64 {
	d := k + extra
	var score int
	r := wyrand(rng.Uint64())
	batch := earlyBatch
	if sc.batch > 0 {
		batch = sc.batch
	}
	for n := 1; n <= samples; n++ {
		r.shuffleFront(unseen, 0, d)
		score += cmp(unseen[:d]) + 1
		if sc.early && n%batch == 0 && n < samples {
			fn := float64(n)
			est := float64(score) / (2 * fn)
			se := math.Sqrt(max(est*(1-est), 1/fn) / fn)
			if math.Abs(est-StrongHand) > earlyZ*se && math.Abs(est-MediumHand) > earlyZ*se {
				return est
			}
		}
	}
	return float64(score) / float64(2*samples)
}

// wyrand is the wyrand generator (as engine/game's): a fast source for the
// Monte Carlo strengths, seeded from the agent's generator at every
// estimate so that results stay reproducible.
type wyrand uint64

func (r *wyrand) next() uint64 {
	*r += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(uint64(*r), uint64(*r^0xe7037ed1a0b428db))
	return hi ^ lo
}

// intN returns a number in [0, n) (Lemire's multiply-shift; the bias,
// below n/2⁶⁴, is immaterial).
func (r *wyrand) intN(n int) int {
	hi, _ := bits.Mul64(r.next(), uint64(n))
	return int(hi)
}

// shuffleFront moves a random draw of distinct cards of cs[from:] into
// cs[from:to] (a partial Fisher–Yates shuffle, in place).
func (r *wyrand) shuffleFront(cs []cards.Card, from, to int) {
	for i := from; i < to; i++ {
		j := i + r.intN(len(cs)-i)
		cs[i], cs[j] = cs[j], cs[i]
	}
}

// cmp3 compares two strengths: +1, 0 or -1.
func cmp3(a, b uint32) int {
	switch {
	case a > b:
		return 1
	case a < b:
		return -1
	}
	return 0
}

// meanRank returns the mean rank value of hand in the game's rank order,
// in [0, 1] (0.5 for an empty hand).
func meanRank(pr *profile, hand []cards.Card) float64 {
	if len(hand) == 0 {
		return 0.5
	}
	var s float64
	for _, c := range hand {
		s += pr.rank[c.Rank()]
	}
	return s / float64(len(hand))
}

// highCardCmp compares two hands by their highest rank value, then the
// next highest, … (a high_card showdown; suits never break ties).
func highCardCmp(pr *profile, a, b []cards.Card) int {
	var ra, rb [16]uint8
	for _, c := range a {
		ra[pr.g.Setup.RankOrder.RankValue(c.Rank())]++
	}
	for _, c := range b {
		rb[pr.g.Setup.RankOrder.RankValue(c.Rank())]++
	}
	for v := 15; v >= 0; v-- {
		if ra[v] != rb[v] {
			return cmp3(uint32(ra[v]), uint32(rb[v]))
		}
	}
	return 0
}

// pointsCmp compares two hands by genome.HandPoints closest to the point
// limit without going over (a hand over the limit loses; two are tied).
func pointsCmp(pr *profile, a, b []cards.Card) int {
	pa, pb := genome.HandPoints(a, pr.limit), genome.HandPoints(b, pr.limit)
	if pa > pr.limit {
		pa = -1
	}
	if pb > pr.limit {
		pb = -1
	}
	return cmp3(uint32(pa+1), uint32(pb+1))
}
