package agent

import (
	"math/bits"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
)

// The search in claim phases (Cheat). A tree over single card choices
// models the other players as knowing the claimed cards (in a
// determinization they are dealt, so every lie is challenged), and
// uniform determinizations make most claims look false. Instead the search
// compares whole claims by policy rollouts: every player, itself
// included, plays the greedy claim rule (heuristics.claim) in the
// rollouts, and determinizations are drawn as if the last claimant
// followed that rule too (see determinizeClaim).

// maxClaimPlans bounds the claims the search compares in one decision.
const maxClaimPlans = 5

// claimTries bounds the determinizations drawn for one consistent with
// the last claim.
const claimTries = 8

// inClaim reports whether the decision pending in s is one of a claim
// phase.
func inClaim(pr *profile, s *game.State) bool {
	ph := s.Phase()
	return ph < len(pr.g.Phases) && pr.g.Phases[ph].Kind == genome.PhaseClaim
}

// claimPolicy returns the greedy claim rule's move for the player to move
// in det (ok false when the decision is not a claim phase's).
func (a *ISMCTS) claimPolicy(pr *profile, det *game.State) (game.Move, bool) {
	if !inClaim(pr, det) {
		return game.Move{}, false
	}
	det.ObserveInto(det.ToMove(), &a.h.obs, false)
	return a.h.claim(NewView(det), pr, a.rng)
}

// claimPlan is one claim the search considers: the cards to add to the
// selection (in the order they are chosen), or a single move (challenge,
// pass, a rank named).
type claimPlan struct {
	move game.Move // the move to play now
	add  cards.Set // the cards the claim adds to the selection (0: move alone)
}

// chooseClaim decides in a claim phase by paired policy rollouts (see the
// comment above): each iteration draws one determinization and plays
// every plan from it, the game then following the greedy claim rule; the
// plan of the best mean reward wins (ties: the first). The plans of a
// claim are the honest one (every card of the rank to claim held) and
// that claim with one, two, … cards of other ranks added, those whose
// rank comes to the player last first. Challenges and rank naming follow
// the greedy claim rule. The budget counts rollouts.
func (a *ISMCTS) chooseClaim(v View, pr *profile) game.Move {
	a.obs = v.Observation()
	o := &a.obs
	var plans [maxClaimPlans]claimPlan
	k := 0
	switch m := v.LegalMove(0); {
	case v.IsLegal(game.Challenge()):
		// Challenges follow the greedy rule: rollouts valued challenging
		// true claims (picking the pile up) above passing, and the search
		// that challenged by them won 0.41 of games against greedy, 0.67
		// with the rule (150 games each, docs/agents.md).
	case m.Kind == game.MovePlay || m.Kind == game.MoveDone:
		k = a.claimPlans(v, pr, &plans)
	}
	if k < 2 {
		a.h.obs = *o
		if m, ok := a.h.claim(v, pr, a.rng); ok {
			return m
		}
		return v.LegalMove(0)
	}
	a.cobs = *o
	return plans[a.comparePlans(v, pr, plans[:k], true)].move
}

// comparePlans plays every plan from each of ⌈Iterations/k⌉
// determinizations (at least one) for k plans, the rest of the game
// following the rules (see policy), and returns the index of the plan of
// the best mean reward for the player (ties: the first). The
// determinizations are determinizeClaim's (for a.cobs) when claim is set,
// else plain ones.
func (a *ISMCTS) comparePlans(v View, pr *profile, plans []claimPlan, claim bool) int {
	k := len(plans)
	sums := a.sums[:k]
	clear(sums)
	p := v.Player()
	for i := 0; i == 0 || i*k < a.iterations; i++ {
		if claim {
			a.determinizeClaim(v, pr, &a.cobs)
		} else {
			v.DeterminizeInto(&a.root, a.rng)
		}
		a.hand0 = a.root.HandNumber()
		for j := range plans {
			a.det = a.root
			if plans[j].add == 0 {
				a.det.ApplyUnchecked(plans[j].move)
			} else {
				playClaim(&a.det, p, plans[j].add)
			}
			a.rollout(v, pr)
			sums[j] += a.rew[p]
		}
		a.lastIters += k
	}
	best := 0
	for j := 1; j < k; j++ {
		if sums[j] > sums[best] {
			best = j
		}
	}
	return best
}

// claimPlans writes the plans of a claim selection into plans and returns
// their number (see chooseClaim).
func (a *ISMCTS) claimPlans(v View, pr *profile, plans *[maxClaimPlans]claimPlan) int {
	o := &a.obs
	cl := &pr.g.Phases[o.Phase].Claim
	own := o.Own &^ o.Selected
	target, ok := claimTarget(o, cl, own)
	if !ok {
		return 0
	}
	honest := own & rankCards(target)
	room := int(cl.MaxCards) - o.Selected.Len()
	// Bluffs: the other cards, those whose rank comes to p last first.
	var order [cards.NumCards]cards.Card
	nb := 0
	for x := own &^ honest; x != 0; x &= x - 1 {
		order[nb] = cards.Card(bits.TrailingZeros64(uint64(x)))
		nb++
	}
	wait := func(c cards.Card) int { return claimWait(o, cl, target, c.Rank()) }
	for i := 1; i < nb; i++ {
		for j := i; j > 0 && wait(order[j]) > wait(order[j-1]); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	add, n := cards.Set(0), 0
	for x := honest; x != 0 && n < room; x &= x - 1 {
		add |= x & -x
		n++
	}
	k := 0
	for j := 0; ; j++ {
		if add != 0 || o.Selected != 0 {
			m := game.Done()
			switch {
			case add&honest != 0:
				m = game.Play(cards.Card(bits.TrailingZeros64(uint64(add & honest))))
			case add != 0:
				m = game.Play(order[0])
			}
			if v.IsLegal(m) {
				plans[k] = claimPlan{move: m, add: add}
				k++
			}
		}
		if k == maxClaimPlans || j >= nb || n >= room {
			break
		}
		add |= 1 << order[j]
		n++
	}
	return k
}

// claimTarget returns the rank p's next claim names (the greedy rule's:
// the next rank of an ascending claim, else the most numerous in own), and
// false when there is none.
func claimTarget(o *game.Observation, cl *genome.ClaimPhase, own cards.Set) (cards.Rank, bool) {
	switch {
	case cl.RankRule == genome.ClaimAscending && o.Claimant < 0:
		return cl.FirstRank, true
	case cl.RankRule == genome.ClaimAscending:
		t := o.ClaimRank + 1
		if t > cards.Ace {
			t = cards.Two
		}
		return t, true
	case o.Selected != 0:
		return cards.Card(bits.TrailingZeros64(uint64(o.Selected))).Rank(), true
	}
	var target cards.Rank
	bestN := 0
	for r := cards.Two; r <= cards.Ace; r++ {
		if n := (own & rankCards(r)).Len(); n > bestN {
			target, bestN = r, n
		}
	}
	return target, bestN > 0
}

// claimWait returns how many of the player's turns pass before it names
// rank r in ascending claims whose next is target (0 for target itself;
// other rules: 1 for every other rank).
func claimWait(o *game.Observation, cl *genome.ClaimPhase, target, r cards.Rank) int {
	if r == target {
		return 0
	}
	if cl.RankRule != genome.ClaimAscending || r < cards.Two || r > cards.Ace {
		return 1
	}
	n := max(inHand(o), 1)
	t := int(target)
	for k := 1; k <= 13; k++ {
		t += n
		for t > int(cards.Ace) {
			t -= 13
		}
		if cards.Rank(t) == r {
			return k
		}
	}
	return 13
}

// playClaim adds the cards of add (in increasing order) to p's claim
// selection in det and ends it.
func playClaim(det *game.State, p int, add cards.Set) {
	for x := add; x != 0 && det.ToMove() == p; x &= x - 1 {
		m := game.Play(cards.Card(bits.TrailingZeros64(uint64(x))))
		if !det.IsLegal(m) {
			break
		}
		det.ApplyUnchecked(m)
	}
	if det.ToMove() == p && det.IsLegal(game.Done()) {
		det.ApplyUnchecked(game.Done())
	}
}

// determinizeClaim draws a determinization of v into a.root in which the
// last claim, when another player made it, is what the greedy claim rule
// would have claimed: every card of the rank the claimant held, or one
// card of another rank when it held none. A deal in which the claimant
// holds a number of cards of the rank (claim included) other than the
// count claimed, and not none with a one-card claim, is drawn again, up to
// claimTries times (rejection: the deals kept follow the rule's
// posterior); the claimant's cards of the rank are then swapped into the
// claim (game.State.SwapHidden). When every draw fails, the last one is
// made honest: hidden cards of the rank from anywhere go into the claim
// and the claimant's others go elsewhere. o is v's observation.
func (a *ISMCTS) determinizeClaim(v View, pr *profile, o *game.Observation) {
	me := v.Player()
	q := int(o.Claimant)
	for t := 0; ; t++ {
		v.DeterminizeInto(&a.root, a.rng)
		if q < 0 || q == me || o.ClaimCount == 0 {
			return
		}
		c := a.root.ClaimCards()
		r := rankCards(o.ClaimRank)
		held := (a.root.Hand(q) | c) & r
		n := held.Len()
		if n == 0 && o.ClaimCount == 1 {
			return
		}
		if n == int(o.ClaimCount) && a.swapInto(me, c&^held, held&^c) {
			return
		}
		if t < claimTries {
			continue
		}
		// The last draw, made honest.
		seen := seenBy(o)
		a.swapInto(me, c&^r, pr.deck&r&^c&^seen)
		hidden := pr.deck &^ seen &^ r &^ a.root.ClaimCards() &^ a.root.Hand(q)
		a.swapInto(me, a.root.Hand(q)&r&^seen, hidden)
		return
	}
}

// swapInto swaps the places of the cards of out and in, pairwise in
// increasing order, while both have cards (game.State.SwapHidden for the
// player me), and reports whether every swap was made.
func (a *ISMCTS) swapInto(me int, out, in cards.Set) bool {
	ok := true
	for out != 0 && in != 0 {
		c1 := cards.Card(bits.TrailingZeros64(uint64(out)))
		c2 := cards.Card(bits.TrailingZeros64(uint64(in)))
		ok = a.root.SwapHidden(me, c1, c2) && ok
		out &^= 1 << c1
		in &^= 1 << c2
	}
	return ok
}
