package evolve

import (
	"errors"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/internal/rnd"
)

// Mutator makes a mutated copy of a genome.
type Mutator interface {
	// Mutate returns a valid copy of g changed by rng's draws, or false
	// when the change could not be made valid (the caller draws again).
	// Repair may undo a change, so the copy can equal g in content: the
	// caller removes duplicates by content hash. g is not modified.
	Mutate(rng *rand.Rand, g *genome.Genome) (*genome.Genome, bool)
	// Validate reports a configuration that cannot mutate.
	Validate() error
}

// Operator is one kind of change. Apply changes g in place and reports
// whether it changed anything (false: the operator does not apply to g,
// e.g. removing a betting phase from a game without one). The result may
// be invalid: Mutation repairs it.
type Operator struct {
	Name  string
	Apply func(rng *rand.Rand, g *genome.Genome) bool
}

// Operators returns every mutation operator, in a fixed order: parameter
// tweaks (setup, turns, one phase), phase edits (add, remove, replace with
// a random phase, move), effects, conditions (change_condition replaces a
// node by a random subtree, nudges a value or comparison, adds a test with
// and/or, negates or removes a negation, or drops a node to "always"), win
// conditions, scoring rules, and the betting operators of the betting-phase
// design (AddBettingPhase, RemoveBettingPhase, MutateBettingPhase,
// MutateStartingChips) plus MutateForcedBets.
func Operators() []Operator {
	return []Operator{
		{"tweak_setup", tweakSetup},
		{"tweak_turns", tweakTurns},
		{"tweak_phase", tweakPhase},
		{"add_phase", addPhase},
		{"remove_phase", removePhase},
		{"replace_phase", replacePhase},
		{"move_phase", movePhase},
		{"add_effect", addEffect},
		{"remove_effect", removeEffect},
		{"change_effect", changeEffect},
		{"change_condition", changeCondition},
		{"add_win_condition", addWin},
		{"remove_win_condition", removeWin},
		{"change_win_condition", changeWin},
		{"add_scoring", addScoring},
		{"remove_scoring", removeScoring},
		{"change_scoring", changeScoring},
		{"add_betting_phase", AddBettingPhase},
		{"remove_betting_phase", RemoveBettingPhase},
		{"mutate_betting_phase", MutateBettingPhase},
		{"mutate_starting_chips", MutateStartingChips},
		{"mutate_forced_bets", MutateForcedBets},
	}
}

// OperatorNames returns the operators' names, in Operators order.
func OperatorNames() []string {
	ops := Operators()
	names := make([]string, len(ops))
	for i, o := range ops {
		names[i] = o.Name
	}
	return names
}

// DefaultOperatorWeights returns the default relative probability of every
// operator: 1 each, 2 for the parameter tweaks.
func DefaultOperatorWeights() map[string]float64 {
	w := map[string]float64{}
	for _, n := range OperatorNames() {
		w[n] = 1
	}
	w["tweak_setup"], w["tweak_phase"] = 2, 2
	return w
}

// Mutation is the Mutator that applies 1 to MaxOps operators drawn by
// weight, then repairs the genome (genome.Repair) and keeps the result
// only if genome.Validate accepts it.
type Mutation struct {
	ops     []Operator
	weights []float64
	total   float64
	// MaxOps is the most operators applied per mutation.
	MaxOps int
}

// NewMutation returns the Mutation with the given weights over
// DefaultOperatorWeights. The error names an unknown operator or a bad
// weight by its key (mutation.weights.NAME).
func NewMutation(weights map[string]float64, maxOps int) (*Mutation, error) {
	w := DefaultOperatorWeights()
	var es errs
	keys := make([]string, 0, len(weights))
	for k := range weights {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := weights[k]
		if _, ok := w[k]; !ok {
			es.add("mutation.weights."+k, "unknown operator (want one of %s)", strings.Join(OperatorNames(), ", "))
			continue
		}
		if !finite(v) || v < 0 || v > 1000 {
			es.add("mutation.weights."+k, "%v: want a weight in [0, 1000]", v)
			continue
		}
		w[k] = v
	}
	m := &Mutation{MaxOps: maxOps}
	for _, o := range Operators() {
		if w[o.Name] > 0 {
			m.ops = append(m.ops, o)
			m.weights = append(m.weights, w[o.Name])
			m.total += w[o.Name]
		}
	}
	if len(es) == 0 {
		if err := m.Validate(); err != nil {
			es = append(es, err)
		}
	}
	if err := errors.Join(es...); err != nil {
		return nil, err
	}
	return m, nil
}

// Validate reports a Mutation with no operator or a bad MaxOps.
func (m *Mutation) Validate() error {
	var es errs
	es.check(m.total > 0, "mutation.weights", "every operator has weight 0")
	es.check(m.MaxOps >= 1, "mutation.max_ops", "%d: want at least 1", m.MaxOps)
	return errors.Join(es...)
}

// pick draws an operator by weight.
func (m *Mutation) pick(rng *rand.Rand) Operator {
	x := rng.Float64() * m.total
	for i, w := range m.weights {
		if x < w {
			return m.ops[i]
		}
		x -= w
	}
	return m.ops[len(m.ops)-1]
}

// Mutate applies 1..MaxOps operators to a copy of g, repairs it and
// returns it when it is valid.
func (m *Mutation) Mutate(rng *rand.Rand, g *genome.Genome) (*genome.Genome, bool) {
	c := g.Clone()
	n := rnd.Between(rng, 1, m.MaxOps)
	changed := false
	for range n {
		// An operator that does not apply is replaced by another draw.
		for range 8 {
			if m.pick(rng).Apply(rng, c) {
				changed = true
				break
			}
		}
	}
	if !changed || len(genome.Repair(c)) > 0 {
		return nil, false
	}
	return c, true
}

// --- setup and turns ---

func tweakSetup(rng *rand.Rand, g *genome.Genome) bool {
	s := &g.Setup
	switch rng.IntN(14) {
	case 0:
		s.MinPlayers = uint8(nudge(rng, int(s.MinPlayers), genome.MinPlayers, genome.MaxPlayers))
		s.MaxPlayers = max(s.MaxPlayers, s.MinPlayers)
	case 1:
		s.MaxPlayers = uint8(nudge(rng, int(s.MaxPlayers), int(s.MinPlayers), genome.MaxPlayers))
	case 2:
		if s.DealAll {
			return false
		}
		s.CardsPerPlayer = uint8(nudge(rng, int(s.CardsPerPlayer), 1, 13))
	case 3:
		s.DealAll = !s.DealAll
		if !s.DealAll && s.CardsPerPlayer == 0 {
			s.CardsPerPlayer = uint8(rnd.Between(rng, 2, 7))
		}
	case 4:
		s.HandsPerGame = uint16(nudge(rng, int(s.HandsPerGame), 0, 50))
	case 5:
		s.Community = uint8(nudge(rng, int(s.Community), 0, 5))
	case 6:
		s.Tableau = uint8(nudge(rng, int(s.Tableau), 0, 4))
	case 7:
		s.InitialDiscard = uint8(nudge(rng, int(s.InitialDiscard), 0, 2))
	case 8:
		s.Trump = genome.TrumpRule(rng.IntN(3))
		s.TrumpSuit = cards.Suit(rng.IntN(cards.NumSuits))
	case 9:
		s.RankOrder = 1 - s.RankOrder
	case 10:
		s.Deck = 1 - s.Deck
	case 11:
		s.Jokers = uint8(rng.IntN(3))
	case 12:
		s.Elimination = genome.Elimination(rng.IntN(3))
	default:
		if rnd.Chance(rng, 0.5) {
			s.WildRanks = 0
		} else {
			s.WildRanks = genome.Ranks(cards.Rank(rng.IntN(13)))
		}
	}
	return true
}

func tweakTurns(rng *rand.Rand, g *genome.Genome) bool {
	t := &g.Turns
	n := len(g.Phases)
	switch rng.IntN(5) {
	case 0:
		t.Direction = 1 - t.Direction
	case 1:
		t.FirstPlayer = genome.FirstPlayer(rng.IntN(4))
		t.FirstCard = cards.Card(rng.IntN(52))
	case 2:
		// The turn cap is the experiment's (evaluation.max_turns), not a
		// gene.
		return false
	case 3:
		a, b := rng.IntN(n+1), rng.IntN(n+1)
		t.CycleStart, t.CycleEnd = uint8(min(a, b)), uint8(max(a, b))
		if t.CycleStart < t.CycleEnd && t.CycleUntil.Op == genome.OpAlways {
			t.CycleUntil = genome.RandomCondition(rng, false, 2)
		}
	default:
		if t.CycleStart == t.CycleEnd {
			return false
		}
		t.CycleUntil = genome.RandomCondition(rng, false, 2)
	}
	return true
}

// --- phases ---

// phaseIndexes returns the indexes of the phases for which keep holds.
func phaseIndexes(g *genome.Genome, keep func(p *genome.Phase) bool) []int {
	var idx []int
	for i := range g.Phases {
		if keep(&g.Phases[i]) {
			idx = append(idx, i)
		}
	}
	return idx
}

// insertPhase inserts p at i, keeping the turn cycle around the same
// phases (a phase inserted at the cycle's end joins the cycle).
func insertPhase(g *genome.Genome, i int, p genome.Phase) {
	t := &g.Turns
	if i < int(t.CycleStart) {
		t.CycleStart++
	}
	if i <= int(t.CycleEnd) && t.CycleEnd > t.CycleStart || i < int(t.CycleEnd) {
		t.CycleEnd++
	}
	g.Phases = slices.Insert(g.Phases, i, p)
}

// deletePhase removes phase i, keeping the cycle on the same phases.
func deletePhase(g *genome.Genome, i int) {
	t := &g.Turns
	if i < int(t.CycleStart) {
		t.CycleStart--
	}
	if i < int(t.CycleEnd) {
		t.CycleEnd--
	}
	g.Phases = slices.Delete(g.Phases, i, i+1)
}

func tweakPhase(rng *rand.Rand, g *genome.Genome) bool {
	idx := phaseIndexes(g, func(p *genome.Phase) bool { return p.Kind != genome.PhaseBetting })
	if len(idx) == 0 {
		return false
	}
	p := &g.Phases[idx[rng.IntN(len(idx))]]
	switch p.Kind {
	case genome.PhaseDeal:
		if rnd.Chance(rng, 0.6) {
			p.Deal.Count = uint8(nudge(rng, int(p.Deal.Count), 1, 5))
		} else {
			p.Deal.To = genome.DealTarget(rng.IntN(3))
			p.Deal.FaceUp = rnd.Chance(rng, 0.3)
		}
	case genome.PhaseDraw:
		d := &p.Draw
		switch rng.IntN(5) {
		case 0:
			d.Count = uint8(nudge(rng, int(d.Count), 1, 4))
		case 1:
			d.Source = genome.DrawSource(rng.IntN(5))
		case 2:
			d.Mandatory = !d.Mandatory
		case 3:
			d.Repeat = !d.Repeat
		default:
			d.Actor = 1 - d.Actor
		}
	case genome.PhasePlay:
		d := &p.Play
		switch rng.IntN(6) {
		case 0:
			d.MaxCards = uint8(nudge(rng, int(d.MaxCards), 1, 4))
			d.MinCards = min(d.MinCards, d.MaxCards)
		case 1:
			d.MinCards = uint8(nudge(rng, int(d.MinCards), 1, int(d.MaxCards)))
		case 2:
			d.Mandatory = !d.Mandatory
		case 3:
			d.SameRank = !d.SameRank
		case 4:
			d.IfUnable = genome.IfUnable(rng.IntN(3))
		default:
			d.Target = 1 - d.Target
		}
	case genome.PhaseDiscard:
		d := &p.Discard
		switch rng.IntN(4) {
		case 0:
			d.MaxCards = uint8(nudge(rng, int(d.MaxCards), 1, 4))
			d.MinCards = min(d.MinCards, d.MaxCards)
		case 1:
			d.Refill = !d.Refill
		case 2:
			d.Target = genome.DiscardTarget(rng.IntN(4))
		default:
			d.Actor = 1 - d.Actor
		}
	case genome.PhaseTrick:
		d := &p.Trick
		switch rng.IntN(5) {
		case 0:
			d.Winner = genome.TrickWinner(rng.IntN(4))
		case 1:
			d.FollowSuit = !d.FollowSuit
		case 2:
			d.Tie = 1 - d.Tie
		case 3:
			d.Collect = 1 - d.Collect
		default:
			d.AwardsPot = !d.AwardsPot
		}
	case genome.PhaseClaim:
		d := &p.Claim
		switch rng.IntN(3) {
		case 0:
			d.MaxCards = uint8(nudge(rng, int(d.MaxCards), 1, 4))
			d.MinCards = min(d.MinCards, d.MaxCards)
		case 1:
			d.RankRule = 1 - d.RankRule
		default:
			d.Challenge = 1 - d.Challenge
		}
	case genome.PhaseShowdown:
		p.Showdown.Method = genome.ShowdownMethod(rng.IntN(3))
	case genome.PhaseAsk:
		d := &p.Ask
		switch rng.IntN(3) {
		case 0:
			d.FishCount = uint8(nudge(rng, int(d.FishCount), 0, 3))
		case 1:
			d.AgainOnSuccess = !d.AgainOnSuccess
		default:
			d.MustHoldRank = !d.MustHoldRank
		}
	default:
		return false
	}
	return true
}

func addPhase(rng *rand.Rand, g *genome.Genome) bool {
	if len(g.Phases) >= genome.MaxPhases {
		return false
	}
	insertPhase(g, rng.IntN(len(g.Phases)+1), genome.RandomPhase(rng, phaseKinds[rng.IntN(len(phaseKinds))]))
	return true
}

func removePhase(rng *rand.Rand, g *genome.Genome) bool {
	if len(g.Phases) <= 1 {
		return false
	}
	deletePhase(g, rng.IntN(len(g.Phases)))
	return true
}

func replacePhase(rng *rand.Rand, g *genome.Genome) bool {
	idx := phaseIndexes(g, func(p *genome.Phase) bool { return p.Kind != genome.PhaseBetting })
	if len(idx) == 0 {
		return false
	}
	g.Phases[idx[rng.IntN(len(idx))]] = genome.RandomPhase(rng, phaseKinds[rng.IntN(len(phaseKinds))])
	return true
}

// movePhase moves one phase to another place (the cycle bounds stay).
func movePhase(rng *rand.Rand, g *genome.Genome) bool {
	n := len(g.Phases)
	if n < 2 {
		return false
	}
	i, j := rng.IntN(n), rng.IntN(n-1)
	if j >= i {
		j++
	}
	p := g.Phases[i]
	g.Phases = slices.Delete(g.Phases, i, i+1)
	g.Phases = slices.Insert(g.Phases, j, p)
	return true
}

// --- effects, conditions, wins, scoring ---
