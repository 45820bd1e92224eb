package agent

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/engine/handeval"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/sim/agent/house"
)

// The greedy betting thresholds of the betting-phase-design seed.
const (
	StrongHand = 0.7 // above: raise > bet > all-in
	MediumHand = 0.3 // above: call > check; below: check > fold
)

// Greedy plays by heuristics: the betting-phase-design seed's rules for
// betting and a one-ply lookahead for everything else (see the package
// documentation).
type Greedy struct {
	pcg rand.PCG
	rng *rand.Rand
	h   heuristics

	// The strength of the last betting decision, with what it depends
	// on: a player who bets again with the same cards seen reuses it.
	strengthKey strengthKey
	strength    float64
}

// strengthKey is what a hand strength depends on.
type strengthKey struct {
	prog                   *game.Program
	hand, community, known cards.Set
}

// NewGreedy returns a greedy agent configured by opts (Seed, Samples,
// StrengthSamples; zero fields take their defaults).
func NewGreedy(opts Options) *Greedy {
	o := opts.withDefaults()
	a := &Greedy{}
	a.pcg.Seed(seedPair(o.Seed))
	a.rng = rand.New(&a.pcg)
	a.h.init(o)
	a.h.sc.early = true
	return a
}

// Name returns "greedy".
func (a *Greedy) Name() string { return KindGreedy }

// Reset reseeds the agent from rng.
func (a *Greedy) Reset(rng *rand.Rand) {
	a.pcg.Seed(rng.Uint64(), rng.Uint64())
	a.strengthKey = strengthKey{}
}

// Choose returns the greedy move (see the package documentation).
func (a *Greedy) Choose(v View) game.Move {
	n := v.NumLegal()
	switch n {
	case 0:
		return game.Move{}
	case 1:
		return v.LegalMove(0)
	}
	pr := a.h.cache.get(v.Program())
	a.h.obs = v.Observation()
	if bo := betOptions(v, &a.h.obs); bo.Open {
		o := &a.h.obs
		key := strengthKey{v.Program(), o.Own | o.Selected, o.Community, seenBy(o)}
		if key != a.strengthKey {
			a.strengthKey = key
			a.strength = a.h.sc.strength(pr, o, a.h.strengthSamples, a.rng)
		}
		return greedyBet(&bo, a.strength)
	}
	if m, ok := a.h.discard(v, pr); ok {
		return m
	}
	if m, ok := a.h.claim(v, pr, a.rng); ok {
		return m
	}
	if m, ok := a.h.ask(v, a.rng); ok {
		return m
	}
	return a.h.onePly(v, pr, a.rng)
}

// greedyBet applies the betting-phase-design seed's rules to strength s:
//
//   - short stack (the stack cannot cover the call, or every bet or raise
//     offered is all in): all in (the largest bet or raise, else the call)
//     if s > StrongHand, else check if free, else fold;
//   - s > StrongHand: raise > bet (the smallest offered) > all in > call >
//     check;
//   - s > MediumHand: call > check > fold;
//   - otherwise: check > fold > call.
func greedyBet(bo *BetOptions, s float64) game.Move {
	short := bo.Stack <= bo.ToCall || (bo.NumSizes > 0 && bo.Sizes[0].Amount >= bo.Stack)
	passive := func() game.Move {
		switch {
		case bo.Check:
			return game.Check()
		case bo.Fold:
			return game.Fold()
		}
		return game.Call()
	}
	switch {
	case short:
		if s > StrongHand {
			if m, ok := bo.AllIn(); ok {
				return m
			}
			if bo.Call {
				return game.Call()
			}
		}
		return passive()
	case s > StrongHand:
		if m, ok := bo.Raise(); ok {
			return m
		}
		if bo.Call {
			return game.Call()
		}
		return passive()
	case s > MediumHand:
		switch {
		case bo.Call:
			return game.Call()
		case bo.Check:
			return game.Check()
		}
		return passive()
	}
	return passive()
}

// heuristics is the state of the greedy rules, shared by the greedy and
// house agents: scratch space and the program's profile.
type heuristics struct {
	cache           profileCache
	sc              strengthCalc
	obs             game.Observation
	samples         int
	strengthSamples int

	dets  []game.State
	tmp   game.State
	q     [game.MaxPlayers]float64
	rew   []float64
	moves []game.Move
	idx   []int32
	hole  []cards.Card
}

// init allocates the scratch space for opts.
func (h *heuristics) init(o Options) {
	h.samples, h.strengthSamples = o.Samples, o.StrengthSamples
	h.sc.eval = handeval.Default()
	h.dets = make([]game.State, o.Samples)
	h.rew = make([]float64, game.MaxPlayers)
	h.moves = make([]game.Move, 0, 64)
	h.idx = make([]int32, 0, 64)
	h.hole = make([]cards.Card, 0, cards.NumCards)
}

// discard chooses the next card of a discard selection in a poker draw
// game with house.DrawEvaluator's discards (keep made hands and draws). ok
// is false when the decision is not such a selection.
func (h *heuristics) discard(v View, pr *profile) (game.Move, bool) {
	o := &h.obs
	if pr.class != classDraw || int(o.Phase) >= len(pr.g.Phases) {
		return game.Move{}, false
	}
	ph := pr.g.Phases[o.Phase]
	if ph.Kind != genome.PhaseDiscard || ph.Discard.SetSize != 0 {
		return game.Move{}, false
	}
	hole := (o.Own | o.Selected).Cards(h.hole[:0])
	if len(hole) > house.MaxHoleCards {
		return game.Move{}, false
	}
	sit := drawSituation(hole, int(ph.Discard.MinCards), int(ph.Discard.MaxCards), max(inHand(o)-1, 1), int(pr.drawLeft[o.Phase]))
	thrown, ok := ruleDiscards(sit, house.DefaultConfig().EvalBudget)
	if !ok {
		return game.Move{}, false
	}
	for _, c := range hole {
		if thrown.Has(c) && !o.Selected.Has(c) && v.IsLegal(game.Play(c)) {
			return game.Play(c), true
		}
	}
	if v.IsLegal(game.Done()) {
		return game.Done(), true
	}
	return game.Move{}, false
}

// drawSituation is the house situation of a poker draw game's discard of
// minD to maxD cards (clamped to the hand) from hole, with opponents
// players still in the hand and drawsLeft draws to come.
func drawSituation(hole []cards.Card, minD, maxD, opponents, drawsLeft int) house.Situation {
	sit := house.Situation{
		Class:       house.Draw,
		Hole:        hole,
		Opponents:   opponents,
		Discard:     true,
		MaxDiscards: min(maxD, len(hole)),
		DrawsLeft:   drawsLeft,
	}
	sit.MinDiscards = min(minD, sit.MaxDiscards)
	return sit
}

// ruleDiscards returns the cards of sit.Hole that house.DrawEvaluator
// discards (keeping made hands and draws) at evaluation budget budget; ok
// is false when the evaluator refuses sit.
func ruleDiscards(sit house.Situation, budget int) (cards.Set, bool) {
	mask, err := house.DrawEvaluator{}.Discards(sit, budget)
	if err != nil {
		return 0, false
	}
	var thrown cards.Set
	for i, c := range sit.Hole {
		if mask.Has(i) {
			thrown |= 1 << c
		}
	}
	return thrown, true
}

// claim plays a claim phase (Cheat) as an honest, wary player: it claims
// the cards of the rank to claim it holds (under ClaimAny, its most
// numerous rank, which it then names) and, holding none, a single card at
// random; it challenges a claim only when it cannot be true — the claim
// counts more cards of the rank than the challenger has not seen — or when
// the claimant would go out with it. ok is false when the decision is not
// a claim phase's. (Scored one ply ahead instead, a claim's lie is found
// out in most determinizations, so every claim is challenged, the pile
// goes back at once and no one ever goes out.)
func (h *heuristics) claim(v View, pr *profile, rng *rand.Rand) (game.Move, bool) {
	o := &h.obs
	if int(o.Phase) >= len(pr.g.Phases) || pr.g.Phases[o.Phase].Kind != genome.PhaseClaim {
		return game.Move{}, false
	}
	cl := &pr.g.Phases[o.Phase].Claim
	if v.IsLegal(game.Challenge()) {
		r := o.ClaimRank
		rank := pr.deck & rankCards(r)
		var seen cards.Set
		for q := 0; q < int(o.Players); q++ {
			if q != int(o.Claimant) {
				seen |= o.Known[q] | o.WonKnown[q]
			}
		}
		seen |= o.Own | o.PileKnown | o.Discard | o.Tableau | o.Community
		if int(o.ClaimCount) > (rank&^seen).Len() || int(o.Claimant) >= 0 && o.HandSize[o.Claimant] == 0 {
			return game.Challenge(), true
		}
		return game.Pass(), true
	}
	own := o.Own &^ o.Selected
	if m := v.LegalMove(0); m.Kind == game.MoveClaim {
		// Name the rank of the selected cards (the most numerous).
		best, bestN := m, -1
		for i := 0; i < v.NumLegal(); i++ {
			m := v.LegalMove(i)
			if n := (o.Selected & rankCards(m.Rank)).Len(); m.Kind == game.MoveClaim && n > bestN {
				best, bestN = m, n
			}
		}
		return best, true
	}
	var target cards.Rank
	switch {
	case cl.RankRule == genome.ClaimAscending && o.Claimant < 0:
		target = cl.FirstRank
	case cl.RankRule == genome.ClaimAscending:
		target = o.ClaimRank + 1
		if target > cards.Ace {
			target = cards.Two
		}
	case o.Selected != 0:
		target = o.Selected.Cards(h.hole[:0])[0].Rank()
	default:
		bestN := 0
		for r := cards.Two; r <= cards.Ace; r++ {
			if n := (own & rankCards(r)).Len(); n > bestN {
				target, bestN = r, n
			}
		}
	}
	truthful := o.Selected == 0 || o.Selected&^rankCards(target) == 0
	if x := own & rankCards(target); truthful && x != 0 {
		c := x.Cards(h.hole[:0])[0]
		if v.IsLegal(game.Play(c)) {
			return game.Play(c), true
		}
	}
	if o.Selected != 0 && v.IsLegal(game.Done()) {
		return game.Done(), true
	}
	// Nothing (more) to claim truthfully: one card at random.
	n := v.NumLegal()
	for range n {
		if m := v.LegalMove(rng.IntN(n)); m.Kind == game.MovePlay {
			return m, true
		}
	}
	return game.Move{}, false
}

// ask plays an ask decision (Go Fish) by what play showed: it asks the
// player it knows to hold the rank (a card of it seen in that hand, or the
// player asked for it: Observation.HoldsRank) for the rank of which it
// holds most, never a player known to have none of it (Observation.Lacks),
// else a player not known to lack it; ties are broken at random. The
// score of asking player q for rank r is 100 when q is known to hold r,
// −100 when it is known to lack every card of r it could hold, plus the
// number of cards of r held. ok is false when the decision is not an ask.
// (Scored one ply ahead, asks were as good as random ones: greedy won 0.48
// of games against random over 200.)
func (h *heuristics) ask(v View, rng *rand.Rand) (game.Move, bool) {
	n := v.NumLegal()
	if n == 0 || v.LegalMove(0).Kind != game.MoveAsk {
		return game.Move{}, false
	}
	o := &h.obs
	seen := seenBy(o)
	pick := newTieBreak()
	for i := 0; i < n; i++ {
		m := v.LegalMove(i)
		if m.Kind != game.MoveAsk {
			continue
		}
		score := askScore(o, seen, m)
		pick.offer(score, m, rng)
	}
	return pick.choice, pick.ties > 0
}

// askScore is the greedy ask rule's score of ask m in observation o (see
// heuristics.ask); seen is seenBy(o).
func askScore(o *game.Observation, seen cards.Set, m game.Move) float64 {
	q, rc := int(m.Player), rankCards(m.Rank)
	score := float64((o.Own & rc).Len())
	switch {
	case o.Known[q]&rc != 0 || o.HoldsRank[q]&(1<<m.Rank) != 0:
		score += 100
	case rc&^seen&^o.Lacks[q] == 0:
		score -= 100
	}
	return score
}

// rankCards returns the four standard cards of rank r.
func rankCards(r cards.Rank) cards.Set {
	return cards.Set(0xf) << (4 * uint(r))
}

// inHand counts the players of o still in the hand (not eliminated, not
// folded, not gone out).
func inHand(o *game.Observation) int {
	n := 0
	for q := 0; q < int(o.Players); q++ {
		if o.Status[q] == 0 {
			n++
		}
	}
	return n
}

// MaxOnePlyMoves is the most legal moves the greedy one-ply heuristic
// scores in one decision; with more, it scores that many drawn at random
// without replacement.
const MaxOnePlyMoves = 16

// onePly returns the legal move whose resulting positions score best (see
// value), summed over h.samples determinizations drawn once per decision
// and shared by every move; ties are broken at random. A position is
// scored as soon as the move is applied: the other players do not reply.
func (h *heuristics) onePly(v View, pr *profile, rng *rand.Rand) game.Move {
	p := v.Player()
	n := v.NumLegal()
	count := min(n, MaxOnePlyMoves)
	h.idx = h.idx[:0]
	for i := 0; i < n; i++ {
		h.idx = append(h.idx, int32(i))
	}
	if n > count {
		for i := 0; i < count; i++ {
			j := i + rng.IntN(n-i)
			h.idx[i], h.idx[j] = h.idx[j], h.idx[i]
		}
	}
	for k := range h.dets {
		v.DeterminizeInto(&h.dets[k], rng)
	}
	pick := newTieBreak()
	for i := 0; i < count; i++ {
		m := v.LegalMove(int(h.idx[i]))
		var sum float64
		for k := range h.dets {
			h.tmp = h.dets[k]
			if h.tmp.Apply(m) != nil {
				sum -= 1000
				continue
			}
			sum += h.value(pr, &h.tmp, p)
		}
		pick.offer(sum, m, rng)
	}
	return pick.choice
}

// Weights of the one-ply value's side features, in units of the standing
// (see value).
const (
	wildBonus     = 0.25 // per wild card kept in a shedding game
	followUpBonus = 0.05 // per card that can follow the top discard
	holdPenalty   = 0.3  // times the won value of each penalty card held
	highRisk      = 0.03 // times the rank value of each card held, with penalty cards
)

// value scores state s for player p: ±100 at the end (200·reward − 100),
// else p's lead in standing over the best opponent (see standing), plus,
// in shedding games (a play onto the discard pile, fewest cards wins),
// wildBonus per wild card held and followUpBonus per card matching the top
// discard's rank or (named) suit.
func (h *heuristics) value(pr *profile, s *game.State, p int) float64 {
	if s.Terminal() {
		h.rew = s.Rewards(h.rew)
		return 200*h.rew[p] - 100
	}
	o := s.Observation(p)
	n := int(o.Players)
	standing(pr, s, &o, h.q[:n])
	val := lead(h.q[:n], n, p)
	if val == 100 || val == -100 {
		return val
	}
	if int(o.Phase) < len(pr.trickRule) && pr.trickRule[o.Phase] != trickNone {
		val += h.trickGain(pr, &o, p)
	}
	if pr.discardPlay && (pr.win == genome.WinEmptyHand || pr.win == genome.WinLastWithCardsLoses) {
		val += wildBonus * float64((o.Own & pr.wild).Len())
		if top := o.DiscardTop; top != cards.None {
			suit := top.Suit()
			if o.NamedSuit >= 0 {
				suit = cards.Suit(o.NamedSuit)
			}
			var follow int
			for _, c := range o.Own.Cards(h.hole[:0]) {
				if c.Suit() == suit || c.Rank() == top.Rank() {
					follow++
				}
			}
			val += followUpBonus * float64(follow)
		}
	}
	return val
}

// trickGain returns the features of a trick game (a led-suit trick phase
// whose winner collects the cards): the expected standing p gains from the
// unfinished trick, and the risk of the penalty cards p still holds.
//
// With W the card winning the trick so far and k the players still to
// play, p expects π·S where π = 0 unless W is p's card, else r^k with r the
// rank value of W in [0, 1] (1 − r for the lowest-card rule), and
//
//	S = Σ_{c in trick} w(c) + w_trick + k·w̄
//
// with w(c) the won value of card c (profile.wonValue), w_trick that of a
// trick and w̄ the mean won value of the cards p has not seen. Each card
// held of negative won value adds holdPenalty·w(c).
func (h *heuristics) trickGain(pr *profile, o *game.Observation, p int) float64 {
	var val float64
	for c := o.Own; c != 0; c &= c - 1 {
		cd := cards.Card(bits.TrailingZeros64(uint64(c)))
		if w := pr.wonValue[cd]; w < 0 {
			val += holdPenalty * w
		}
		if pr.penalty {
			val -= highRisk * pr.rank[cd.Rank()]
		}
	}
	if o.TrickLeader < 0 || o.Trick[p] == cards.None {
		return val
	}
	lead := o.Trick[o.TrickLeader]
	if lead == cards.None {
		return val
	}
	low := pr.trickRule[o.Phase] == trickLow
	winner, trump := -1, false
	var wr float64
	var stake float64
	k := 0
	for q := 0; q < int(o.Players); q++ {
		c := o.Trick[q]
		if c == cards.None {
			if o.Status[q] == 0 {
				k++
			}
			continue
		}
		stake += pr.wonValue[c]
		r := pr.rank[c.Rank()]
		isTrump := o.Trump >= 0 && c.Suit() == cards.Suit(o.Trump)
		switch {
		case isTrump && (!trump || r > wr):
			winner, trump, wr = q, true, r
		case trump || c.Suit() != lead.Suit():
		case winner < 0 || (!low && r > wr) || (low && r < wr):
			winner, wr = q, r
		}
	}
	if k > 0 {
		unseen := pr.deck &^ seenBy(o)
		if m := unseen.Len(); m > 0 {
			var sum float64
			for c := unseen; c != 0; c &= c - 1 {
				sum += pr.wonValue[bits.TrailingZeros64(uint64(c))]
			}
			stake += float64(k) * sum / float64(m)
		}
	}
	if low && !trump {
		wr = 1 - wr
	}
	gain := math.Pow(wr, float64(k)) * (stake + pr.trickValue)
	if winner != p {
		// What the winner gains is lost to p's lead against one of
		// the other players.
		return val - gain/float64(o.Players-1)
	}
	return val + gain
}

// tieBreak keeps the best-scored move offered so far, choosing uniformly
// at random among the moves tied for best (reservoir sampling).
type tieBreak struct {
	best   float64
	ties   int
	choice game.Move
}

// newTieBreak returns a tieBreak to which nothing has been offered.
func newTieBreak() tieBreak { return tieBreak{best: math.Inf(-1)} }

// offer considers move m of the given score.
func (t *tieBreak) offer(score float64, m game.Move, rng *rand.Rand) {
	switch {
	case score > t.best:
		t.best, t.ties, t.choice = score, 1, m
	case score == t.best:
		t.ties++
		if rng.IntN(t.ties) == 0 {
			t.choice = m
		}
	}
}
