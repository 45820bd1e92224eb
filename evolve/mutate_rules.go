package evolve

import (
	"math/rand/v2"
	"slices"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/internal/rnd"
)

func addEffect(rng *rand.Rand, g *genome.Genome) bool {
	if len(g.Effects) >= genome.MaxEffects || len(phaseIndexes(g, func(p *genome.Phase) bool { return p.Kind == genome.PhasePlay })) == 0 {
		return false
	}
	g.Effects = append(g.Effects, genome.RandomEffect(rng))
	return true
}

func removeEffect(rng *rand.Rand, g *genome.Genome) bool { return removeOne(rng, &g.Effects, 0) }

func changeEffect(rng *rand.Rand, g *genome.Genome) bool {
	if len(g.Effects) == 0 {
		return false
	}
	e := &g.Effects[rng.IntN(len(g.Effects))]
	switch rng.IntN(4) {
	case 0:
		e.Ranks = genome.Ranks(cards.Rank(rng.IntN(13)))
	case 1:
		e.Kind = genome.EffectKind(rng.IntN(10))
	case 2:
		e.Target = genome.EffectTarget(rng.IntN(4))
	default:
		e.Value = uint8(rnd.Between(rng, 1, 3))
	}
	return true
}

// conditions returns pointers to the genome's condition trees with
// whether card tests are allowed in each.
func conditions(g *genome.Genome) (cs []*genome.Condition, card []bool) {
	for _, r := range g.ConditionRefs() {
		cs, card = append(cs, r.C), append(card, r.Card)
	}
	return cs, card
}

// nodes returns pointers to every node of a tree.
func nodes(c *genome.Condition, out []*genome.Condition) []*genome.Condition {
	out = append(out, c)
	for i := range c.Args {
		out = nodes(&c.Args[i], out)
	}
	return out
}

func changeCondition(rng *rand.Rand, g *genome.Genome) bool {
	cs, card := conditions(g)
	if len(cs) == 0 {
		return false
	}
	k := rng.IntN(len(cs))
	ns := nodes(cs[k], nil)
	n := ns[rng.IntN(len(ns))]
	switch rng.IntN(5) {
	case 0:
		*n = genome.RandomCondition(rng, card[k], 2)
	case 1:
		if n.Op == genome.OpTest && n.Test.Numeric() {
			n.Value = int16(nudge(rng, int(n.Value), 0, 200))
		} else {
			*n = genome.RandomTest(rng, card[k])
		}
	case 2:
		if n.Op == genome.OpTest && n.Test.Numeric() {
			n.Cmp = genome.Cmp(rng.IntN(6))
		} else {
			*n = genome.Always()
		}
	case 3:
		if n.Op == genome.OpNot {
			*n = n.Args[0]
		} else {
			*n = genome.Not(n.Clone())
		}
	default:
		if rnd.Chance(rng, 0.5) {
			*n = genome.And(n.Clone(), genome.RandomTest(rng, card[k]))
		} else {
			*n = genome.Or(n.Clone(), genome.RandomTest(rng, card[k]))
		}
	}
	return true
}

func addWin(rng *rand.Rand, g *genome.Genome) bool {
	if len(g.WinConditions) >= genome.MaxWinConditions {
		return false
	}
	w := genome.RandomWin(rng)
	for _, x := range g.WinConditions {
		if x.Kind == w.Kind {
			return false
		}
	}
	g.WinConditions = slices.Insert(g.WinConditions, rng.IntN(len(g.WinConditions)+1), w)
	return true
}

func removeWin(rng *rand.Rand, g *genome.Genome) bool { return removeOne(rng, &g.WinConditions, 1) }

func changeWin(rng *rand.Rand, g *genome.Genome) bool {
	if len(g.WinConditions) == 0 {
		return false
	}
	i := rng.IntN(len(g.WinConditions))
	w := &g.WinConditions[i]
	if w.Threshold > 0 && rnd.Chance(rng, 0.5) {
		w.Threshold = int32(nudge(rng, int(w.Threshold), 1, 500))
		return true
	}
	nw := genome.RandomWin(rng)
	for j, x := range g.WinConditions {
		if j != i && x.Kind == nw.Kind {
			return false
		}
	}
	*w = nw
	return true
}

func addScoring(rng *rand.Rand, g *genome.Genome) bool {
	if len(g.Scoring) >= genome.MaxScoring {
		return false
	}
	g.Scoring = append(g.Scoring, genome.RandomScoring(rng))
	return true
}

func removeScoring(rng *rand.Rand, g *genome.Genome) bool { return removeOne(rng, &g.Scoring, 0) }

func changeScoring(rng *rand.Rand, g *genome.Genome) bool {
	if len(g.Scoring) == 0 {
		return false
	}
	r := &g.Scoring[rng.IntN(len(g.Scoring))]
	if rnd.Chance(rng, 0.5) {
		r.Points = int16(nudge(rng, int(r.Points), -20, 20))
		if r.Points == 0 {
			r.Points = 1
		}
	} else {
		*r = genome.RandomScoring(rng)
	}
	return true
}

// --- betting (betting-phase-design) ---

// removeOne deletes a uniformly chosen element of *s when more than keep
// are left.
func removeOne[T any](rng *rand.Rand, s *[]T, keep int) bool {
	if len(*s) <= keep {
		return false
	}
	i := rng.IntN(len(*s))
	*s = slices.Delete(*s, i, i+1)
	return true
}
