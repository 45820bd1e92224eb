package agent

import (
	"math"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/game"
)

// The Go Fish endgame by expectimax over the searcher's information sets
// (two players). From a stock of endStock cards or fewer, the search
// draws particles (determinizations: the other hand, within what play
// showed and the greedy rule allows, see unask, and the stock's order)
// and values each ask by playing it in every particle, the other player
// following the greedy ask rule on its own (determinized) observation,
// until the searcher's next decision. The particles still playing are
// then grouped by what the searcher observes there (its hand, what it
// knows of the other hand, the stock's size, ...): each group is one of
// its information sets, valued by its best ask over the group's particles
// (expectimax: the stock's draws and the other hand are the chance). A
// group of fewer than endMin particles, endDepth decisions down or past
// the budget is valued by playing each particle to the end, the searcher
// following a rule that reads only its observation (obsAsk): so its later
// asks depend on what it could know, not on a particle's hidden cards
// (the earlier rollouts, with the greedy rule for the searcher too, were
// worse than the chance rule alone). The outcome is settled once a player
// decides an ask with a stock of one card or none (endSolver.settled).
//
// The budget counts simulations: one particle played on by one ask from a
// decision of the searcher to its next (or to the end). The root draws
// iterations/(2·asks) particles (at most endParts; no expectimax below
// endRoot of them: ismcts:400 and above), using half the budget; a deeper
// decision is expanded only while its simulations fit in the rest.

const (
	endStock = 6
	endMin   = 16
	endDepth = 3
	endParts = 64
	endRoot  = 32
)

// endKey is what the searcher observes of a Go Fish state, for grouping
// particles into its information sets.
type endKey struct {
	own, known, lacks cards.Set
	room              uint64
	holds0, holds1    uint16
	stock, size       uint8
	toMove            int8
}

// endSolver holds the particles of an endgame decision: an arena of
// states used as a stack.
type endSolver struct {
	me    int
	arena []game.State
	top   int
	keys  []endKey
	idx   []int32 // scratch of particle indices, used as a stack
	obs   game.Observation
	deck  cards.Set
	sims  int           // particles played on from a decision (endAsk)
	mbuf  [][]game.Move // legal moves by depth
	pbuf  []game.Move   // the playouts' legal moves
}

// alloc returns the index of a free arena slot.
func (e *endSolver) alloc() int32 {
	if e.top == len(e.arena) {
		e.arena = append(e.arena, game.State{})
		e.keys = append(e.keys, endKey{})
	}
	e.top++
	return int32(e.top - 1)
}

// chooseAskEnd decides an ask of the endgame by the expectimax; ok is
// false when it does not apply.
func (a *ISMCTS) chooseAskEnd(v View, moves []game.Move) (game.Move, bool) {
	o := &a.obs
	if o.Players != 2 || int(o.StockSize) > endStock || len(moves) < 2 {
		return game.Move{}, false
	}
	n := min(endParts, a.iterations/(2*len(moves)))
	if n < endRoot {
		return game.Move{}, false
	}
	e := &a.end
	e.me = int(o.Player)
	e.top = 0
	e.sims = 0
	e.idx = e.idx[:0]
	e.deck = a.cache.get(v.Program()).deck
	if e.pbuf == nil {
		e.pbuf = make([]game.Move, 0, maxLegal)
	}
	v.PrepareDeal(&a.deal)
	seen := seenBy(o)
	q, asked, drawn := askedOf(o)
	for range n {
		a.deal.Into(&a.det, a.rng)
		if asked != 0 {
			a.unask(o, e.deck&^seen, q, asked, drawn)
		}
		i := e.alloc()
		e.arena[i] = a.det
		e.idx = append(e.idx, i)
	}
	parts := e.idx[:n:n]
	e.sims += n * len(moves)
	best, bv := 0, math.Inf(-1)
	for j, m := range moves {
		val := a.endAsk(parts, m, 1)
		if val > bv {
			best, bv = j, val
		}
	}
	a.lastIters = e.sims
	return moves[best], true
}

// endValue returns the mean reward of the searcher over the particles
// parts (all in one information set of the searcher, at its decision).
func (a *ISMCTS) endValue(parts []int32, depth int) float64 {
	e := &a.end
	s0 := &e.arena[parts[0]]
	if len(parts) < endMin || depth > endDepth || s0.NumLegal() < 2 ||
		e.sims+len(parts)*s0.NumLegal() > a.iterations {
		sum := 0.0
		mark := e.top
		for _, i := range parts {
			j := e.alloc()
			e.arena[j] = e.arena[i]
			sum += a.endPlayout(&e.arena[j])
		}
		e.top = mark
		return sum / float64(len(parts))
	}
	for len(e.mbuf) <= depth {
		e.mbuf = append(e.mbuf, make([]game.Move, 0, maxLegal))
	}
	moves := s0.Legal(e.mbuf[depth])
	e.sims += len(parts) * len(moves)
	bv := math.Inf(-1)
	for _, m := range moves {
		bv = max(bv, a.endAsk(parts, m, depth))
	}
	return bv
}

// endAsk returns the mean reward of ask m over the particles parts.
func (a *ISMCTS) endAsk(parts []int32, m game.Move, depth int) float64 {
	e := &a.end
	mark := e.top
	base := len(e.idx)
	sum := 0.0
	for _, i := range parts {
		j := e.alloc()
		s := &e.arena[j]
		*s = e.arena[i]
		s.ApplyUnchecked(m)
		if r, done := a.endAdvance(s); done {
			sum += r
			continue
		}
		s.ObserveInto(e.me, &e.obs, false)
		e.keys[j] = endKeyOf(&e.obs)
		e.idx = append(e.idx, j)
	}
	// Group the particles still playing by their key: sort the slice
	// e.idx[base:] so that equal keys are adjacent (insertion by key).
	rest := e.idx[base:]
	for g := 0; g < len(rest); {
		k := e.keys[rest[g]]
		h := g + 1
		for x := h; x < len(rest); x++ {
			if e.keys[rest[x]] == k {
				rest[h], rest[x] = rest[x], rest[h]
				h++
			}
		}
		grp := rest[g:h]
		sum += a.endValue(grp, depth+1) * float64(len(grp))
		g = h
	}
	e.idx = e.idx[:base]
	e.top = mark
	return sum / float64(len(parts))
}

// endAdvance plays state s on until the searcher's next decision with a
// choice; done reports that the game ends first or its outcome is settled
// (see settled), with the searcher's reward r.
func (a *ISMCTS) endAdvance(s *game.State) (r float64, done bool) {
	for {
		p, r, done := a.endTurn(s)
		if done {
			return r, true
		}
		if p == a.end.me {
			return 0, false
		}
		m, _ := a.h.ask(NewView(s), a.rng)
		s.ApplyUnchecked(m)
	}
}

// endTurn plays the forced moves of s (a single legal move) and returns
// the player to decide next, its observation in a.h.obs; done reports
// that the game ended or its outcome is settled first (see settled),
// with the searcher's reward r.
func (a *ISMCTS) endTurn(s *game.State) (p int, r float64, done bool) {
	for !s.Terminal() {
		p = s.ToMove()
		s.ObserveInto(p, &a.h.obs, false)
		if r, ok := a.end.settled(&a.h.obs); ok {
			return p, r, true
		}
		if s.NumLegal() > 1 {
			return p, 0, false
		}
		s.ApplyUnchecked(s.LegalMove(0))
	}
	return -1, a.endReward(s), true
}

// settled returns the searcher's reward when the outcome of the game is
// settled in observation o of the player to decide an ask: with a stock
// of one card or none, every rank still split lies between the two hands
// and the stock card, so the player to decide takes every rank not yet
// laid down (an ask finds cards, or fishes the last card, of its rank).
func (e *endSolver) settled(o *game.Observation) (float64, bool) {
	if o.StockSize > 1 {
		return 0, false
	}
	p := int(o.Player)
	sets := [2]int{int(o.WonSize[0]) / 4, int(o.WonSize[1]) / 4}
	sets[p] += 13 - sets[0] - sets[1]
	d := sets[e.me] - sets[1-e.me]
	r := 0.0
	switch {
	case d > 0:
		r = 1
	case d == 0:
		r = 0.5
	}
	return r + 0.01*float64(d)/13, true
}

// endPlayout plays s to the end, the other player by the greedy ask rule,
// the searcher by obsAsk, and returns the searcher's reward.
func (a *ISMCTS) endPlayout(s *game.State) float64 {
	e := &a.end
	for {
		p, r, done := a.endTurn(s)
		if done {
			return r
		}
		var m game.Move
		if p == e.me {
			m = obsAsk(&a.h.obs, NewView(s), e.pbuf[:0], e.deck)
		} else {
			m, _ = a.h.ask(NewView(s), a.rng)
		}
		s.ApplyUnchecked(m)
	}
}

// endReward is the searcher's reward at the end of s: the win plus a
// hundredth of the set margin over 13.
func (a *ISMCTS) endReward(s *game.State) float64 {
	r := s.Rewards(a.rew)
	me := a.end.me
	return r[me] + 0.01*float64(s.Score(me)-s.Score(1-me))/13
}

// endKeyOf returns the key of the searcher's observation o.
func endKeyOf(o *game.Observation) endKey {
	q := 1 - o.Player
	return endKey{
		own: o.Own, known: o.Known[q], lacks: o.Lacks[q], room: o.Room[q],
		holds0: o.HoldsRank[0], holds1: o.HoldsRank[1],
		stock: o.StockSize, size: o.HandSize[q], toMove: o.ToMove,
	}
}

// obsAsk is an ask read from the observation o alone (v's legal moves):
// the greedy rule's best asks, ties broken by the chance of another turn
// under a uniform deal of the unseen cards; with a stock of askEndgame
// cards or fewer the chance decides, the rule's score breaking ties.
func obsAsk(o *game.Observation, v View, buf []game.Move, deck cards.Set) game.Move {
	seen := seenBy(o)
	all := v.Legal(buf)
	hidden := deck &^ seen
	endgame := o.StockSize <= askEndgame
	best, bs := 0, math.Inf(-1)
	for i, m := range all {
		sc := askScore(o, seen, m)
		ch := askChance(o, hidden, m)
		var s float64
		if endgame {
			s = ch + 0.001*sc
		} else {
			s = sc + 0.01*ch
		}
		if s > bs {
			best, bs = i, s
		}
	}
	return all[best]
}

// askChance returns the chance that ask m earns another turn when the
// cards hidden from the observer are dealt uniformly (the target's hidden
// cards and the stock), the target's known lacks respected.
func askChance(o *game.Observation, hidden cards.Set, m game.Move) float64 {
	q := int(m.Player)
	rc := rankCards(m.Rank)
	if o.Known[q]&rc != 0 || o.HoldsRank[q]&(1<<m.Rank) != 0 {
		return 1
	}
	u := (hidden & rc).Len()
	uq := (hidden & rc &^ o.Lacks[q]).Len()
	if b, ok := game.RoomOf(o.Room[q], m.Rank); ok {
		uq = min(uq, b)
	}
	h := int(o.HandSize[q]) - o.Known[q].Len()
	pool := hidden.Len()
	// The chance the target's h hidden cards miss the uq cards: the
	// hypergeometric C(pool−uq, h)/C(pool, h).
	miss := 1.0
	for i := 0; i < h && uq > 0; i++ {
		miss *= float64(pool-uq-i) / float64(pool-i)
		if miss <= 0 {
			miss = 0
			break
		}
	}
	fish := 0.0
	if o.StockSize > 0 {
		fish = math.Min(1, float64(u)/float64(o.StockSize))
	}
	return 1 - miss + miss*fish
}
