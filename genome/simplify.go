package genome

import (
	"fmt"
	"slices"
)

// Bounds of the quantities numeric tests compare, for Simplify: every count
// is at least lo and at most hi (hi < 0: no upper bound known).
func (g *Genome) testBounds(t Test) (lo, hi int, ok bool) {
	deck := len(g.Setup.Cards())
	switch t {
	case TestHandSize, TestWonCards, TestStockSize, TestDiscardSize:
		return 0, deck, true
	case TestLargestSet:
		return 0, deck, true
	case TestTricksWon, TestTricksPlayed:
		return 0, deck, true
	case TestChips:
		return 0, -1, true
	case TestTurnNumber, TestHandNumber:
		return 1, -1, true
	case TestPlayersIn:
		return 1, int(MaxPlayers), true
	}
	return 0, 0, false
}

// compare evaluates x cmp v.
func compare(x int, cmp Cmp, v int) bool {
	switch cmp {
	case CmpEq:
		return x == v
	case CmpNe:
		return x != v
	case CmpLt:
		return x < v
	case CmpLe:
		return x <= v
	case CmpGt:
		return x > v
	case CmpGe:
		return x >= v
	}
	return false
}

// numericTruth decides a numeric test from the bounds of its quantity:
// always (1), never (-1) or it depends on play (0).
func (g *Genome) numericTruth(c *Condition) int {
	lo, hi, ok := g.testBounds(c.Test)
	if !ok {
		return 0
	}
	v := int(c.Value)
	atLo := compare(lo, c.Cmp, v)
	if hi >= 0 {
		// Every comparison is monotone or a point test: its truth over
		// [lo, hi] is decided at both ends and, for eq/ne, by whether v
		// lies inside.
		atHi := compare(hi, c.Cmp, v)
		inside := v >= lo && v <= hi
		switch c.Cmp {
		case CmpEq:
			if !inside {
				return -1
			}
			if lo == hi {
				return 1
			}
			return 0
		case CmpNe:
			if !inside {
				return 1
			}
			return 0
		}
		if atLo == atHi {
			if atLo {
				return 1
			}
			return -1
		}
		return 0
	}
	// No upper bound: only what the lower bound decides.
	switch c.Cmp {
	case CmpGe:
		if v <= lo {
			return 1
		}
	case CmpGt:
		if v < lo {
			return 1
		}
	case CmpLt:
		if v <= lo {
			return -1
		}
	case CmpLe:
		if v < lo {
			return -1
		}
	case CmpEq:
		if v < lo {
			return -1
		}
	case CmpNe:
		if v < lo {
			return 1
		}
	}
	return 0
}

// playerFree reports whether c reads nothing of the player it is
// evaluated for, so "some player" and "every player" add nothing to it.
func playerFree(c *Condition) bool {
	switch c.Op {
	case OpTest:
		switch c.Test {
		case TestHandSize, TestHandPoints, TestScore, TestChips, TestTricksWon, TestWonCards,
			TestHasRank, TestHasSuit, TestOnlySuits, TestLargestSet:
			return false
		}
		return true
	case OpAnyPlayer, OpAllPlayers:
		return true // binds its own player
	}
	for i := range c.Args {
		if !playerFree(&c.Args[i]) {
			return false
		}
	}
	return true
}

// EqualConditions reports whether two conditions are the same tree.
func EqualConditions(a, b *Condition) bool {
	if a.Op != b.Op || len(a.Args) != len(b.Args) {
		return false
	}
	if a.Op == OpTest {
		if a.Test != b.Test {
			return false
		}
		if a.Test.Numeric() && (a.Cmp != b.Cmp || a.Value != b.Value) {
			return false
		}
		if a.Test.UsesRanks() && a.Ranks != b.Ranks {
			return false
		}
		if a.Test.UsesSuits() && a.Suits != b.Suits {
			return false
		}
	}
	for i := range a.Args {
		if !EqualConditions(&a.Args[i], &b.Args[i]) {
			return false
		}
	}
	return true
}

// Simplify returns c with its vacuous parts folded away, for g's deck and
// player range: a numeric test its quantity's range decides ("holds at
// least 0 cards", "fewer than 0 chips", "more than 52 cards in the stock"
// of a 52-card deck) becomes always or never; and/or drop always/never
// operands, repeated operands and fold "x and not x" (never), "x or not x"
// (always); a one-operand and/or is its operand; "not" of always, never or
// another "not" folds; "some player"/"every player" of a condition that
// does not read the player is the condition. c is not changed.
func (g *Genome) Simplify(c Condition) Condition {
	switch c.Op {
	case OpTest:
		if c.Test.Numeric() {
			switch g.numericTruth(&c) {
			case 1:
				return Always()
			case -1:
				return Never()
			}
		}
		return c.Clone()
	case OpNot:
		if len(c.Args) != 1 {
			return c.Clone()
		}
		a := g.Simplify(c.Args[0])
		switch a.Op {
		case OpAlways:
			return Never()
		case OpNever:
			return Always()
		case OpNot:
			return a.Args[0]
		}
		return Not(a)
	case OpAnyPlayer, OpAllPlayers:
		if len(c.Args) != 1 {
			return c.Clone()
		}
		a := g.Simplify(c.Args[0])
		if a.Op == OpAlways || a.Op == OpNever || playerFree(&a) {
			return a
		}
		return Condition{Op: c.Op, Args: []Condition{a}}
	case OpAnd, OpOr:
		unit, zero := OpAlways, OpNever // and: always is neutral, never absorbs
		if c.Op == OpOr {
			unit, zero = OpNever, OpAlways
		}
		var out []Condition
		for _, a := range c.Args {
			a = g.Simplify(a)
			switch {
			case a.Op == unit:
				continue
			case a.Op == zero:
				return Condition{Op: zero}
			case slices.ContainsFunc(out, func(b Condition) bool { return EqualConditions(&a, &b) }):
				continue
			}
			out = append(out, a)
		}
		for i := range out {
			for j := range out {
				if out[j].Op == OpNot && len(out[j].Args) == 1 && EqualConditions(&out[i], &out[j].Args[0]) {
					return Condition{Op: zero} // x and not x; x or not x
				}
			}
		}
		switch len(out) {
		case 0:
			return Condition{Op: unit}
		case 1:
			return out[0]
		}
		return Condition{Op: c.Op, Args: out}
	}
	return c.Clone()
}

// ConditionRef is one condition of a genome with its JSON path; Card
// reports that it is evaluated with a candidate card (card tests allowed).
type ConditionRef struct {
	Path string
	C    *Condition
	Card bool
}

// ConditionRefs returns every condition of g that play reads, with its
// path: the draw, play, discard (without set_size) and trick-lead
// conditions of the phases and the turn cycle's until condition.
func (g *Genome) ConditionRefs() []ConditionRef {
	var out []ConditionRef
	for i := range g.Phases {
		p := &g.Phases[i]
		path := fmt.Sprintf("phases[%d]", i)
		switch p.Kind {
		case PhaseDraw:
			out = append(out, ConditionRef{path + ".draw.condition", &p.Draw.Condition, false})
		case PhasePlay:
			out = append(out, ConditionRef{path + ".play.condition", &p.Play.Condition, true})
		case PhaseDiscard:
			if p.Discard.SetSize == 0 {
				out = append(out, ConditionRef{path + ".discard.condition", &p.Discard.Condition, true})
			}
		case PhaseTrick:
			out = append(out, ConditionRef{path + ".trick.lead_condition", &p.Trick.LeadCondition, true})
		}
	}
	if g.Turns.CycleStart < g.Turns.CycleEnd {
		out = append(out, ConditionRef{"turns.cycle_until", &g.Turns.CycleUntil, false})
	}
	return out
}
