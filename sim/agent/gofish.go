package agent

import (
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/game"
)

// The search's asks (Go Fish). An ask that finds cards, or whose fished
// card is of the rank asked for, earns another turn; the player to move
// when the stock runs out takes every rank still split between the hands
// (with the stock empty, the other hands hold the rest of every rank the
// player holds). So the chance of another turn decides the last asks, and
// among the asks the greedy rule scores alike (askScore) it is the one
// difference left. The search estimates it for every ask from
// determinizations (which respect what play showed: ranks asked for, ranks
// a player had none of, the cards drawn since).

// askEndgame is the stock size from which on the search asks for the
// rank most likely to earn another turn, whatever the rule scores; above
// it, it asks among the rule's best asks.
const askEndgame = 4

// maxAskDeals bounds the determinizations of one ask decision.
const maxAskDeals = 1024

// chooseAsk decides an ask (Go Fish): with a stock of askEndgame cards or
// fewer, the ask most likely to earn another turn (extraTurn; ties: the
// greedy rule's score, askScore), otherwise the ask the greedy rule
// scores best, ties broken by that chance. The chances are estimated from
// one determinization per iteration (at most maxAskDeals).
func (a *ISMCTS) chooseAsk(v View) game.Move {
	a.obs = v.Observation()
	o := &a.obs
	seen := seenBy(o)
	all := v.Legal(a.moves[:0])
	endgame := o.StockSize <= askEndgame
	top := askScore(o, seen, all[0])
	for _, m := range all[1:] {
		top = max(top, askScore(o, seen, m))
	}
	moves := all
	if !endgame {
		moves = all[:0]
		for _, m := range all {
			if askScore(o, seen, m) == top {
				moves = append(moves, m)
			}
		}
	}
	if len(moves) == 1 {
		return moves[0]
	}
	n := min(max(a.iterations, 1), maxAskDeals)
	p := a.sums[:len(moves)]
	clear(p)
	v.PrepareDeal(&a.deal)
	for range n {
		a.deal.Into(&a.det, a.rng)
		for i, m := range moves {
			p[i] += extraTurn(&a.det, o, seen, m)
		}
	}
	a.lastIters = n
	best := 0
	bs := 0.0
	for i, m := range moves {
		s := p[i] / float64(n)
		if endgame {
			s += 0.001 * askScore(o, seen, m)
		}
		if i == 0 || s > bs {
			best, bs = i, s
		}
	}
	return moves[best]
}

// extraTurn returns the chance that ask m earns another turn in the
// determinization det of observation o (seen is seenBy(o)): 1 when the
// target holds the rank, else the share of the stock that is of the rank
// (the stock's order is uniform given the hands).
func extraTurn(det *game.State, o *game.Observation, seen cards.Set, m game.Move) float64 {
	rc := rankCards(m.Rank)
	if det.Hand(int(m.Player))&rc != 0 {
		return 1
	}
	if o.StockSize == 0 {
		return 0
	}
	rest := rc &^ seen
	for q := 0; q < int(o.Players); q++ {
		if q != int(o.Player) {
			rest &^= det.Hand(q)
		}
	}
	return float64(rest.Len()) / float64(o.StockSize)
}
