package agent

import (
	"math"
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
}

// NewGreedy returns a greedy agent configured by opts (Seed, Samples,
// StrengthSamples; zero fields take their defaults).
func NewGreedy(opts Options) *Greedy {
	o := opts.withDefaults()
	a := &Greedy{}
	a.pcg.Seed(seedPair(o.Seed))
	a.rng = rand.New(&a.pcg)
	a.h.init(o)
	return a
}

// Name returns "greedy".
func (a *Greedy) Name() string { return KindGreedy }

// Reset reseeds the agent from rng.
func (a *Greedy) Reset(rng *rand.Rand) { a.pcg.Seed(rng.Uint64(), rng.Uint64()) }

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
		s := a.h.sc.strength(pr, &a.h.obs, a.h.strengthSamples, a.rng)
		return greedyBet(&bo, s)
	}
	if m, ok := a.h.discard(v, pr); ok {
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
	seeds [][2]uint64
	tmp   game.State
	rpcg  rand.PCG
	rrng  *rand.Rand
	q     [game.MaxPlayers]float64
	rew   []float64
	moves []game.Move
	hole  []cards.Card
}

// init allocates the scratch space for opts.
func (h *heuristics) init(o Options) {
	h.samples, h.strengthSamples = o.Samples, o.StrengthSamples
	h.sc.eval = handeval.Default()
	h.dets = make([]game.State, o.Samples)
	h.seeds = make([][2]uint64, o.Samples)
	h.rrng = rand.New(&h.rpcg)
	h.rew = make([]float64, game.MaxPlayers)
	h.moves = make([]game.Move, 0, 64)
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
	sit := house.Situation{
		Class:       house.Draw,
		Hole:        (o.Own | o.Selected).Cards(h.hole[:0]),
		Opponents:   max(inHand(o)-1, 1),
		Discard:     true,
		MinDiscards: int(ph.Discard.MinCards),
		MaxDiscards: int(ph.Discard.MaxCards),
		DrawsLeft:   int(pr.drawLeft[o.Phase]),
	}
	if len(sit.Hole) > house.MaxHoleCards {
		return game.Move{}, false
	}
	sit.MaxDiscards = min(sit.MaxDiscards, len(sit.Hole))
	sit.MinDiscards = min(sit.MinDiscards, sit.MaxDiscards)
	mask, err := house.DrawEvaluator{}.Discards(sit, house.DefaultConfig().EvalBudget)
	if err != nil {
		return game.Move{}, false
	}
	for i, c := range sit.Hole {
		if mask.Has(i) && !o.Selected.Has(c) && v.IsLegal(game.Play(c)) {
			return game.Play(c), true
		}
	}
	if v.IsLegal(game.Done()) {
		return game.Done(), true
	}
	return game.Move{}, false
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

// onePly returns the legal move whose resulting positions score best (see
// value), averaged over h.samples determinizations, each followed by the
// other players' random replies until the player is to move again; ties
// are broken at random. The same determinizations and reply seeds serve
// every move (common random numbers).
func (h *heuristics) onePly(v View, pr *profile, rng *rand.Rand) game.Move {
	p := v.Player()
	replies := 4 * v.Players()
	for k := range h.dets {
		v.DeterminizeInto(&h.dets[k], rng)
		h.seeds[k] = [2]uint64{rng.Uint64(), rng.Uint64()}
	}
	h.moves = v.Legal(h.moves)
	best, ties := math.Inf(-1), 0
	var choice game.Move
	for _, m := range h.moves {
		var sum float64
		for k := range h.dets {
			h.tmp = h.dets[k]
			if h.tmp.Apply(m) != nil {
				sum -= 1000
				continue
			}
			h.rpcg.Seed(h.seeds[k][0], h.seeds[k][1])
			for i := 0; i < replies && !h.tmp.Terminal() && h.tmp.ToMove() != p; i++ {
				h.tmp.ApplyUnchecked(game.RandomMove(&h.tmp, h.rrng))
			}
			sum += h.value(pr, &h.tmp, p)
		}
		switch {
		case sum > best:
			best, ties, choice = sum, 1, m
		case sum == best:
			ties++
			if rng.IntN(ties) == 0 {
				choice = m
			}
		}
	}
	return choice
}

// Weights of the one-ply value's side features, in units of the standing
// (see value).
const (
	wildBonus     = 0.25 // per wild card kept in a shedding game
	followUpBonus = 0.05 // per card that can follow the top discard
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
