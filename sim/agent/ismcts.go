package agent

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"time"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/engine/handeval"
)

// maxLegal bounds the legal moves of one decision (54 cards, the simple
// moves, suits, targets, asks of every player for every rank, claims and a
// bet menu stay below it).
const maxLegal = 256

// node is one node of the ISMCTS tree: an information set of the observer,
// reached by move from its parent. Children are a singly linked list
// (child, next) of indices into the pool; -1 ends it.
type node struct {
	move   game.Move
	total  float64 // sum of the rewards of mover over the visits
	visits uint32
	avail  uint32 // times the node's move was legal when its parent was visited
	child  int32
	next   int32
	mover  int8 // the player who chose move (-1 at the root)
}

// ISMCTS is single-observer information-set Monte Carlo tree search
// (Cowling, Powley and Whitehouse, 2012): one tree over the observer's
// information sets, a new determinization per iteration, UCB1 with
// availability counts, random rollouts capped at Options.RolloutCap moves
// and a reward per player. See the package documentation.
type ISMCTS struct {
	pcg rand.PCG
	rng *rand.Rand

	iterations int
	limit      time.Duration
	c          float64
	rollCap    int

	nodes []node // the pool: nodes[0] is the root; cap is Options.MaxNodes
	path  []int32
	moves []game.Move
	det   game.State
	deal  game.Deal  // the view's determinizations (iterate)
	root  game.State // a determinization shared by every root move (choosePaired)
	sums  []float64  // the reward sums of the root moves (choosePaired)
	rew   []float64
	q     [game.MaxPlayers]float64
	obs   game.Observation
	cache profileCache

	// The betting policy of the search (see betPolicy): the strength
	// calculator, its scratch observation and a cache of strengths.
	sc   strengthCalc
	pobs game.Observation
	// h plays the greedy discards of poker draw games.
	h      heuristics
	scache [strengthCacheSize]strengthEntry
	pool   [cards.NumCards]cards.Card // scratch of determinizeBetting
	// shown[q] is what player q's draw showed in a poker draw game's
	// present hand (see drawsShown); anyShown reports some shown[q].ok.
	shown    [game.MaxPlayers]drawShown
	anyShown bool
	// hand0 is the hand number of the present decision: rollouts of a
	// game of several hands stop at the end of that hand.
	hand0 int
	// The fold model of the present betting decision (see foldModel):
	// me is the searching player; folds[q] and facing[q] count player
	// q's folds and decisions facing a bet in the log; modeled reports
	// that the model is on.
	me            int
	modeled       bool
	folds, facing [game.MaxPlayers]int

	// The paired differences of the root moves' rewards (choosePaired):
	// dsum[j*pairMax+m] sums r_j − r_m over the determinizations, dsq
	// their squares; last holds one determinization's rewards.
	dsum, dsq [pairMax * pairMax]float64
	last      [pairMax]float64

	// The plans compared in a claim decision (comparePlans) and
	// the observation they are compared in (cobs: a.obs is the rollouts'
	// scratch).
	plans []claimPlan
	cobs  game.Observation

	// end is the Go Fish endgame's expectimax (chooseAskEnd).
	end endSolver

	// Iterations run by the last Choose (for benchmarks and tests).
	lastIters int

	// tab[i] holds 1/i, 1/√i and c·√(ln i) for the UCB1 terms of small
	// counts (up to the iteration budget, at most tabSize).
	tab []ucbTerms
}

// NewISMCTS returns an ISMCTS agent configured by opts (Seed, Iterations,
// Time, MaxNodes, Exploration, RolloutCap; zero fields take their
// defaults). The node pool is allocated here, once.
func NewISMCTS(opts Options) *ISMCTS {
	o := opts.withDefaults()
	a := &ISMCTS{
		iterations: o.Iterations,
		limit:      o.Time,
		c:          o.Exploration,
		rollCap:    o.RolloutCap,
		nodes:      make([]node, 0, max(o.MaxNodes, 1)),
		path:       make([]int32, 0, 64),
		moves:      make([]game.Move, 0, maxLegal),
		rew:        make([]float64, game.MaxPlayers),
		sums:       make([]float64, maxLegal),
		plans:      make([]claimPlan, 0, maxLegal),
	}
	a.sc.eval = handeval.Default()
	a.sc.early = true
	a.sc.batch = policyBatch
	a.h.init(Options{Samples: 1, StrengthSamples: 1})
	a.tab = make([]ucbTerms, min(o.MaxNodes+1, tabSize))
	for i := 1; i < len(a.tab); i++ {
		x := float64(i)
		a.tab[i] = ucbTerms{1 / x, 1 / math.Sqrt(x), a.c * math.Sqrt(math.Log(x))}
	}
	a.pcg.Seed(seedPair(o.Seed))
	a.rng = rand.New(&a.pcg)
	return a
}

// tabSize bounds the table of UCB1 terms.
const tabSize = 1 << 16

// ucbTerms are the terms of UCB1 for one count n: 1/n, 1/√n and c·√(ln n)
// (c the exploration constant).
type ucbTerms struct{ inv, invSqrt, cSqrtLn float64 }

// ucb returns the UCB1 value of child nd: its mean reward plus
// c·√(ln avail)/√visits (iterate reads the table at once when both counts
// are in it).
func (a *ISMCTS) ucb(nd *node) float64 {
	return nd.total*a.inv(nd.visits) + a.cSqrtLn(nd.avail)*a.invSqrt(nd.visits)
}

func (a *ISMCTS) inv(n uint32) float64 {
	if int(n) < len(a.tab) {
		return a.tab[n].inv
	}
	return 1 / float64(n)
}

func (a *ISMCTS) invSqrt(n uint32) float64 {
	if int(n) < len(a.tab) {
		return a.tab[n].invSqrt
	}
	return 1 / math.Sqrt(float64(n))
}

func (a *ISMCTS) cSqrtLn(n uint32) float64 {
	if int(n) < len(a.tab) {
		return a.tab[n].cSqrtLn
	}
	return a.c * math.Sqrt(math.Log(float64(n)))
}

// intN returns a number in [0, n) from the agent's generator (Lemire's
// multiply-shift, without the rejection step: the bias, below n/2⁶⁴, is
// immaterial for n ≤ 2³²).
func (a *ISMCTS) intN(n int) int {
	hi, _ := bits.Mul64(a.pcg.Uint64(), uint64(n))
	return int(hi)
}

// Name returns "ismcts".
func (a *ISMCTS) Name() string { return KindISMCTS }

// Reset reseeds the agent from rng.
func (a *ISMCTS) Reset(rng *rand.Rand) {
	a.pcg.Seed(rng.Uint64(), rng.Uint64())
	a.scache = [strengthCacheSize]strengthEntry{}
}

// Iterations returns the number of iterations the last Choose ran.
func (a *ISMCTS) Iterations() int { return a.lastIters }

// Choose searches from the view's information set and returns the root
// move visited most (ties: the larger total reward, then the first found).
// A single legal move is returned without search.
func (a *ISMCTS) Choose(v View) game.Move {
	a.lastIters = 0
	a.modeled = false
	switch v.NumLegal() {
	case 0:
		return game.Move{}
	case 1:
		return v.LegalMove(0)
	}
	pr := a.cache.get(v.Program())
	if pr.class == classDraw {
		// A poker draw's discards: keep made hands and draws, as the
		// greedy agent does (house.DrawEvaluator).
		a.h.obs = v.Observation()
		if m, ok := a.h.discard(v, pr); ok {
			return m
		}
	}
	if pr.betting {
		if k := v.LegalMove(0).Kind; k >= game.MoveFold && k <= game.MoveRaise {
			return a.choosePaired(v, pr)
		}
	}
	if isHit(pr, v) {
		return a.choosePaired(v, pr)
	}
	if pr.claims && a.limit == 0 && inClaim(pr, v.s) {
		return a.chooseClaim(v, pr)
	}
	if pr.asks && a.limit == 0 && v.LegalMove(0).Kind == game.MoveAsk {
		return a.chooseAsk(v)
	}
	a.nodes = append(a.nodes[:0], node{child: -1, next: -1, mover: -1})
	v.PrepareDeal(&a.deal)
	if a.limit > 0 {
		start := time.Now()
		for i := 0; ; i++ {
			if i&31 == 0 && i > 0 && time.Since(start) >= a.limit {
				break
			}
			a.iterate(v)
			a.lastIters++
		}
	} else {
		for range a.iterations {
			a.iterate(v)
		}
		a.lastIters = a.iterations
	}
	best := int32(-1)
	for c := a.nodes[0].child; c >= 0; c = a.nodes[c].next {
		nd := &a.nodes[c]
		if !v.IsLegal(nd.move) {
			continue
		}
		if best < 0 || nd.visits > a.nodes[best].visits ||
			nd.visits == a.nodes[best].visits && nd.total > a.nodes[best].total {
			best = c
		}
	}
	if best < 0 {
		return v.LegalMove(a.rng.IntN(v.NumLegal()))
	}
	return a.nodes[best].move
}

// iterate runs one iteration: determinize, select and expand in the tree,
// roll out, back up.
func (a *ISMCTS) iterate(v View) {
	det := &a.det
	a.deal.Into(det, a.rng)
	pr := a.cache.get(v.Program())
	a.hand0 = det.HandNumber()
	a.path = a.path[:0]
	cur := int32(0)
	ruled := pr.ruled()
	for !det.Terminal() {
		if ruled && det.ToMove() != v.Player() {
			// Another player's betting or claim decision: it plays the
			// betting policy or the claim rule with its own
			// (determinized) cards.
			if m, ok := a.policy(pr, det); ok {
				c := a.nodes[cur].child
				for c >= 0 && a.nodes[c].move != m {
					c = a.nodes[c].next
				}
				if c < 0 {
					if len(a.nodes) == cap(a.nodes) {
						break
					}
					c = int32(len(a.nodes))
					a.nodes = append(a.nodes, node{
						move: m, child: -1, next: a.nodes[cur].child, mover: int8(det.ToMove()),
					})
					a.nodes[cur].child = c
				}
				a.nodes[c].avail++
				det.ApplyUnchecked(m)
				a.path = append(a.path, c)
				cur = c
				continue
			}
		}
		// Visit the children whose move is legal in this determinization:
		// count their availability and keep the best by UCB1.
		n := det.NumLegal()
		nm := 0
		best, bestU := int32(-1), math.Inf(-1)
		lc, tab := det.LegalCards(), a.tab
		for c := a.nodes[cur].child; c >= 0; c = a.nodes[c].next {
			nd := &a.nodes[c]
			if nd.move.Kind == game.MovePlay {
				if lc&(1<<nd.move.Card) == 0 {
					continue
				}
			} else if !det.IsLegal(nd.move) {
				continue
			}
			nm++
			nd.avail++
			var u float64
			if int(nd.visits) < len(tab) && int(nd.avail) < len(tab) {
				tv := &tab[nd.visits]
				u = nd.total*tv.inv + tab[nd.avail].cSqrtLn*tv.invSqrt
			} else {
				u = a.ucb(nd)
			}
			if u > bestU {
				best, bestU = c, u
			}
		}
		if nm < n && len(a.nodes) < cap(a.nodes) {
			// Expand a legal move without a child, chosen at random.
			m := a.untried(cur, det, a.intN(n-nm))
			child := int32(len(a.nodes))
			a.nodes = append(a.nodes, node{
				move: m, avail: 1, child: -1, next: a.nodes[cur].child, mover: int8(det.ToMove()),
			})
			a.nodes[cur].child = child
			a.path = append(a.path, child)
			det.ApplyUnchecked(m)
			break
		}
		if best < 0 {
			break // the pool is full and no child is legal here
		}
		det.ApplyUnchecked(a.nodes[best].move)
		a.path = append(a.path, best)
		cur = best
	}
	a.rollout(v, pr)
	for _, c := range a.path {
		nd := &a.nodes[c]
		nd.visits++
		nd.total += a.rew[nd.mover]
	}
}

// untried returns the k-th (from 0) legal move of det, in Legal order,
// that has no child under node cur.
func (a *ISMCTS) untried(cur int32, det *game.State, k int) game.Move {
	moves := det.Legal(a.moves[:0])
	for _, m := range moves {
		c := a.nodes[cur].child
		for c >= 0 && a.nodes[c].move != m {
			c = a.nodes[c].next
		}
		if c >= 0 {
			continue
		}
		if k == 0 {
			return m
		}
		k--
	}
	// Only reached if a child's move is legal without being on the list
	// (a bet amount off the menu): play the first move.
	return moves[0]
}

// rollout plays random moves in a.det until the end, or RolloutCap moves,
// or the end of the present hand in a game of several hands, and writes
// the rewards into a.rew: the game's rewards at the end, the heuristic
// evaluation (see evaluate) otherwise. Betting, claim and ask decisions
// play their rules (see policy).
func (a *ISMCTS) rollout(v View, pr *profile) {
	det := &a.det
	ruled := pr.ruled()
	for steps := 0; !det.Terminal(); steps++ {
		if steps == a.rollCap || det.HandNumber() != a.hand0 {
			det.ObserveInto(v.Player(), &a.obs, false)
			n := det.Players()
			if pr.betting {
				chipShare(&a.obs, a.rew[:n])
			} else {
				evaluate(pr, det, &a.obs, a.rew[:n], a.q[:n])
			}
			return
		}
		if ruled {
			if m, ok := a.policy(pr, det); ok {
				det.ApplyUnchecked(m)
				continue
			}
		}
		n := det.NumLegal()
		det.ApplyUnchecked(a.randomMove(det, n, pr))
	}
	a.rew = det.Rewards(a.rew)
}

// randomMove returns a random legal move of det, n = det.NumLegal():
// det.LegalMove(a.intN(n)), drawn again while it is a pass that declines
// to play (the phase's play is optional, pr.optional, and n > 1). The
// card moves are read from the legal cards, without a call.
func (a *ISMCTS) randomMove(det *game.State, n int, pr *profile) game.Move {
	i := a.intN(n)
	lc := det.LegalCards()
	nc := lc.Len()
	if i < nc {
		return game.Move{Kind: game.MovePlay, Card: lc.Nth(i)}
	}
	m := det.LegalMove(i)
	if m.Kind != game.MovePass || n == 1 || !pr.optional[det.Phase()] {
		return m
	}
	// Declining to play when a card can be played: the rollout draws
	// another move (the pass is the one move at index pass).
	for pass := i; i == pass; {
		i = a.intN(n)
	}
	if i < nc {
		return game.Move{Kind: game.MovePlay, Card: lc.Nth(i)}
	}
	return det.LegalMove(i)
}

// ruled reports whether policy may give a move in a game of profile pr
// (it gives none in the others).
func (pr *profile) ruled() bool {
	return pr.betting || pr.claims || pr.asks || pr.class == classDraw || pr.class == classPoints
}

// policy returns the move of the player to move in det when the search
// models it by a rule rather than a search or random play: the betting
// policy (betPolicy) for betting decisions, the draw game's discards and
// the point game's hits (handPolicy), the greedy claim rule (claimPolicy)
// in claim phases, the greedy ask rule (heuristics.ask) for asks. ok is
// false otherwise.
func (a *ISMCTS) policy(pr *profile, det *game.State) (game.Move, bool) {
	if pr.betting {
		if m, ok := a.betPolicy(pr, det); ok {
			return m, true
		}
	}
	if m, ok := a.handPolicy(pr, det); ok {
		return m, true
	}
	if pr.claims {
		return a.claimPolicy(pr, det)
	}
	if pr.asks && det.LegalMove(0).Kind == game.MoveAsk {
		det.ObserveInto(det.ToMove(), &a.h.obs, false)
		return a.h.ask(NewView(det), a.rng)
	}
	return game.Move{}, false
}

// strengthCacheSize is the number of hand strengths the search keeps
// (direct-mapped by the cards they depend on): enough for every hand an
// opponent may hold on one board.
const strengthCacheSize = 4096

// strengthEntry is a cached hand strength.
type strengthEntry struct {
	key strengthKey
	s   float64
}

// policySamples is the Monte Carlo budget of a hand strength in the
// search's betting policy (early stopping, checked every policyBatch
// deals, usually ends it at 16 or 32).
const (
	policySamples = 48
	policyBatch   = 16
)

// betPolicy returns the move of the player to move in det when it faces a
// betting decision: the greedy betting rule (greedyBet) applied to the
// strength of that player's own cards in det. ok is false when the
// decision is not a betting one.
func (a *ISMCTS) betPolicy(pr *profile, det *game.State) (game.Move, bool) {
	if k := det.LegalMove(0).Kind; k < game.MoveFold || k > game.MoveRaise {
		return game.Move{}, false
	}
	q := det.ToMove()
	det.ObserveInto(q, &a.pobs, false)
	o := &a.pobs
	bo := betOptions(NewView(det), o)
	if !bo.Open {
		return game.Move{}, false
	}
	s := a.strength(pr, o)
	m := greedyBet(&bo, s)
	if a.modeled && q != a.me && bo.Fold && bo.ToCall > 0 {
		return a.modelFold(&bo, q, s, m), true
	}
	return m, true
}

// The fold model of the search (foldModel): from modelMin iterations, in
// games whose showdown ranks high cards and in hold'em, the search reads
// how often each other player folded when facing a bet in the
// observation's log, with priorFacing decisions at the betting rule's fold
// threshold as prior.
const (
	modelMin    = 400
	priorFacing = 2
)

// foldModel sets the fold model for the searching player me from the
// betting log of its observation o (the last game.LogSize actions, over
// several hands): every other player's folds and decisions facing a bet
// (folds, calls and raises). The model is on from modelMin iterations
// (not with a time budget) in high-card games (classHighCard), where a
// hand's strength is the share of hands it beats, its percentile, and in
// hold'em (classHoldem), where the strength is an equity against one
// random hand, read as a percentile: there it is what makes four times
// the budget stronger (docs/agents.md). In Omaha it is off. In poker draw
// games it is on from drawModelMin iterations (see drawmodel.go).
func (a *ISMCTS) foldModel(pr *profile, o *game.Observation, me int) {
	a.me = me
	a.modeled = a.limit == 0 && (a.iterations >= modelMin && (pr.class == classHighCard || pr.class == classHoldem) ||
		drawModeled(pr, a.iterations))
	a.folds = [game.MaxPlayers]int{}
	a.facing = [game.MaxPlayers]int{}
	if !a.modeled {
		return
	}
	for i := 0; i < int(o.LogLen); i++ {
		e := &o.Log[i]
		if e.Kind != game.EvBet || e.Player < 0 || int(e.Player) >= game.MaxPlayers {
			continue
		}
		switch game.MoveKind(e.Arg) {
		case game.MoveFold:
			a.folds[e.Player]++
			a.facing[e.Player]++
		case game.MoveCall, game.MoveRaise:
			a.facing[e.Player]++
		}
	}
}

// modelFold returns the move of player q facing a bet in a rollout under
// the fold model, m being the betting rule's move for q's strength s: q
// folds the weakest share of its hands it was seen folding, the share
// shrunk towards the rule's (the hands below MediumHand, or StrongHand
// facing a bet of its whole stack) — a strength read as the hand's
// percentile —; a hand above that threshold continues as the rule plays
// it, or calls where the rule folds.
func (a *ISMCTS) modelFold(bo *BetOptions, q int, s float64, m game.Move) game.Move {
	thr := MediumHand
	if bo.Stack <= bo.ToCall || (bo.NumSizes > 0 && bo.Sizes[0].Amount >= bo.Stack) {
		thr = StrongHand
	}
	thr = (float64(a.folds[q]) + priorFacing*thr) / float64(a.facing[q]+priorFacing)
	if s < thr {
		return game.Fold()
	}
	if m.Kind != game.MoveFold {
		return m
	}
	if bo.Call {
		return game.Call()
	}
	if am, ok := bo.AllIn(); ok {
		return am
	}
	return m
}

// strength returns the strength of the observer's hand in o (see
// strengthCalc.strength, with policySamples deals), from the cache when
// it holds it.
func (a *ISMCTS) strength(pr *profile, o *game.Observation) float64 {
	key := strengthKey{pr.prog, o.Own | o.Selected, o.Community, seenBy(o)}
	h := uint64(key.hand)*0x9e3779b97f4a7c15 ^ uint64(key.community)*0xbf58476d1ce4e5b9 ^ uint64(key.known)*0x94d049bb133111eb
	e := &a.scache[(h>>32)%strengthCacheSize]
	if e.key != key {
		e.key = key
		e.s = a.sc.strength(pr, o, policySamples, a.rng)
	}
	return e.s
}

// Early stopping of choosePaired: after at least settleMin
// determinizations, the search stops once the best move's mean reward
// exceeds every other move's by settleZ standard errors of their paired
// difference (or the two never differ). Up to pairMax moves are compared
// so; with more the budget is always spent.
const (
	settleMin = 8
	settleZ   = 2.5
	pairMax   = 16
)

// choosePaired chooses a betting decision by policy rollouts with common
// random numbers: every iteration draws one determinization and plays each
// legal move from it, the rest of the hand following the betting policy
// (see betPolicy), so the moves are compared on the same hidden cards and
// the same cards to come. A fold is rolled out once: what the folder keeps
// does not depend on the cards. The budget counts rollouts: Iterations/k
// determinizations for k moves rolled out (at least one); the search stops
// earlier when the decision is settled (see settleZ). The move of the best
// mean reward wins (ties: the first in legal order).
func (a *ISMCTS) choosePaired(v View, pr *profile) game.Move {
	moves := v.Legal(a.moves[:0])
	k := len(moves)
	sums := a.sums[:k]
	clear(sums)
	paired := k <= pairMax
	if paired {
		clear(a.dsum[:])
		clear(a.dsq[:])
	}
	p := v.Player()
	raiser := lastRaiser(v, &a.pobs)
	a.anyShown = drawsShown(pr, &a.pobs, &a.shown)
	a.foldModel(pr, &a.pobs, p)
	draws := 0
	if raiser >= 0 {
		draws = raiserDraws(&a.pobs, raiser)
	}
	fold, kr := -1, k
	for j, m := range moves {
		if m.Kind == game.MoveFold {
			fold, kr = j, k-1
		}
	}
	var start time.Time
	if a.limit > 0 {
		start = time.Now()
	}
	n := 0
	for i := 0; ; i++ {
		if a.limit > 0 {
			if i > 0 && time.Since(start) >= a.limit {
				break
			}
		} else if i > 0 && i*kr >= a.iterations {
			break
		}
		if paired && n >= settleMin && a.settled(sums, k, n) {
			break
		}
		a.determinizeBetting(v, pr, raiser, draws)
		a.hand0 = a.root.HandNumber()
		for j, m := range moves {
			if j == fold && i > 0 {
				continue
			}
			a.det = a.root
			a.det.ApplyUnchecked(m)
			a.rollout(v, pr)
			sums[j] += a.rew[p]
			if paired {
				a.last[j] = a.rew[p]
			}
		}
		if paired {
			for j := 0; j < k; j++ {
				for m := 0; m < k; m++ {
					d := a.last[j] - a.last[m]
					a.dsum[j*pairMax+m] += d
					a.dsq[j*pairMax+m] += d * d
				}
			}
		}
		a.lastIters += kr
		if i == 0 && fold >= 0 {
			a.lastIters++
		}
		n++
	}
	if fold >= 0 {
		sums[fold] *= float64(n)
	}
	best := 0
	for j := 1; j < k; j++ {
		if sums[j] > sums[best] {
			best = j
		}
	}
	return moves[best]
}

// settled reports whether, after n determinizations, the move of the best
// mean reward leads every other by settleZ standard errors of their
// paired difference (see choosePaired). The fold's sum counts its single
// rollout, as a.last keeps it for every determinization.
func (a *ISMCTS) settled(sums []float64, k, n int) bool {
	best := 0
	for j := 1; j < k; j++ {
		if a.dsum[j*pairMax+best] > 0 {
			best = j
		}
	}
	fn := float64(n)
	for m := 0; m < k; m++ {
		if m == best {
			continue
		}
		d := a.dsum[best*pairMax+m] / fn
		vr := max(a.dsq[best*pairMax+m]/fn-d*d, 0)
		if d < settleZ*math.Sqrt(vr/fn) {
			return false
		}
	}
	return true
}

// raiserTries bounds the hands drawn for the last raiser.
const raiserTries = 24

// The prior of the raiser model (see raiserDraws): priorRaises bets or
// raises in priorActions betting actions, about the greedy rule's rate.
const (
	priorRaises  = 1
	priorActions = 5
)

// raiserDraws returns how many hands determinizeBetting draws for the
// raiser q, keeping the strongest: about 1/f, with f the share of bets and
// raises among q's betting actions in the observation's log (o, with the
// log: the last game.LogSize actions, over several hands), shrunk towards
// priorRaises/priorActions. The strongest of k random hands lies in the
// top 1/k of hands about as often as not, so a player who raises a share f
// of the time is given a hand of its top share f: the rare raiser a
// strong one, the frequent raiser a wide range. Clamped to 1..raiserTries.
func raiserDraws(o *game.Observation, q int) int {
	raises, acts := priorRaises, priorActions
	for i := 0; i < int(o.LogLen); i++ {
		e := &o.Log[i]
		if e.Kind != game.EvBet || int(e.Player) != q {
			continue
		}
		acts++
		if k := game.MoveKind(e.Arg); k == game.MoveBet || k == game.MoveRaise {
			raises++
		}
	}
	return max(1, min(raiserTries, (acts+raises/2)/raises))
}

// lastRaiser returns the player whose bet or raise the player to move in v
// faces in the present betting round, or -1: the last bet or raise of the
// observation's log, when that player's street bet is still the table's.
// o is scratch.
func lastRaiser(v View, o *game.Observation) int {
	*o = v.Observation()
	var top chips.Chips
	for q := 0; q < int(o.Players); q++ {
		top = max(top, o.Bet[q])
	}
	if top <= o.Bet[v.Player()] {
		return -1
	}
	for i := int(o.LogLen) - 1; i >= 0; i-- {
		e := &o.Log[i]
		if e.Kind != game.EvBet {
			continue
		}
		if k := game.MoveKind(e.Arg); k == game.MoveBet || k == game.MoveRaise {
			if q := int(e.Player); q != v.Player() && o.Bet[q] == top {
				return q
			}
			return -1
		}
	}
	return -1
}

// determinizeBetting draws a determinization of v into a.root in which
// the player raiser (if not -1) holds the strongest of draws hands (see
// raiserDraws) drawn among the cards hidden from both players: that hand
// takes the place of the raiser's cards (game.State.SwapHidden). The
// raises then reveal what they reveal about the raiser's cards, as much as
// the raiser's habits say they do. In a poker draw game, every other
// player whose draw the log shows (a.shown) is given a hand that fits it
// (fitHand): the raiser's hands are drawn so, and a player who did not
// raise gets one such hand.
func (a *ISMCTS) determinizeBetting(v View, pr *profile, raiser, draws int) {
	v.DeterminizeInto(&a.root, a.rng)
	if raiser < 0 && !a.anyShown {
		return
	}
	me := v.Player()
	a.root.ObserveInto(me, &a.obs, false)
	var r wyrand
	seeded := false
	for q := 0; q < int(a.obs.Players); q++ {
		fit := &a.shown[q]
		if q == me || q != raiser && (!fit.ok || a.obs.Status[q] != 0) {
			continue
		}
		a.root.ObserveInto(q, &a.pobs, false)
		o := &a.pobs
		cur := o.Own
		h := cur.Len()
		if h == 0 || o.Selected != 0 {
			continue
		}
		pool := (pr.deck &^ seenBy(&a.obs) &^ (seenBy(o) &^ cur)).Cards(a.pool[:0])
		if len(pool) < h {
			continue
		}
		if !seeded {
			r, seeded = wyrand(a.rng.Uint64()), true
		}
		n := 1
		if q == raiser {
			n = draws
		}
		best, bestS := cur, -1.0
		for t := 0; t < n; t++ {
			var cand cards.Set
			if fit.ok {
				cand = fitHand(pool, h, fit, &r, a.h.hole)
			} else {
				r.shuffleFront(pool, 0, h)
				cand = cards.SetOf(pool[:h]...)
			}
			if n == 1 {
				best = cand
				break
			}
			o.Own, o.Known[q] = cand, cand
			if s := a.strength(pr, o); s > bestS {
				best, bestS = cand, s
			}
		}
		a.swapInto(me, cur&^best, best&^cur)
	}
}
