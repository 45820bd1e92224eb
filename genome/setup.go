package genome

import "github.com/deckforge/deckforge/engine/cards"

// Limits of a valid genome (Validate enforces them; they keep every game
// bounded and the search space finite).
const (
	MinPlayers        = 2
	MaxPlayers        = 9
	MaxPhases         = 32
	MaxEffects        = 16
	MaxScoring        = 16
	MaxWinConditions  = 6
	MaxConditionDepth = 6       // nodes on the longest root-to-leaf path
	MaxConditionNodes = 32      // nodes in one condition tree
	MaxTurns          = 100_000 // upper bound of Turns.MaxTurns
	MaxHands          = 10_000  // upper bound of Setup.HandsPerGame
	MaxChips          = 1_000_000_000
	MaxRaises         = 20
	MaxCardsPerMove   = 13 // cards in one play, discard or draw
	MaxClaimCards     = 8
	MaxEffectValue    = 5
	MaxWarCards       = 5
	MaxFishCount      = 5
	MaxSetSize        = 4
)

// Cards returns the cards of the deck in a fixed order: the base deck, the
// jokers, without the removed cards.
func (s *Setup) Cards() cards.Deck {
	var d cards.Deck
	if s.Deck == DeckShort36 {
		d = cards.Short36()
	} else {
		d = cards.Standard52()
	}
	d = d.WithJokers(int(min(s.Jokers, 2)))
	if len(s.Remove) == 0 {
		return d
	}
	removed := cards.SetOf(s.Remove...)
	out := d[:0]
	for _, c := range d {
		if !removed.Has(c) {
			out = append(out, c)
		}
	}
	return out
}

// HandSize returns the number of cards dealt to each player at the start of
// hand h (counted from 1): CardsPerPlayer + (h-1)*HandSizeChange. It is 0
// under DealAll (the deal then depends on the player count).
func (s *Setup) HandSize(h int) int {
	if s.DealAll {
		return 0
	}
	return int(s.CardsPerPlayer) + (h-1)*int(s.HandSizeChange)
}

// HasChips reports whether the game is played with chips.
func (s *Setup) HasChips() bool { return s.StartingChips > 0 }

// HasPhase reports whether g has a phase of kind k.
func (g *Genome) HasPhase(k PhaseKind) bool {
	for i := range g.Phases {
		if g.Phases[i].Kind == k {
			return true
		}
	}
	return false
}

// Cycle returns the phases of the turn cycle (nil when there is none or the
// bounds are invalid).
func (g *Genome) Cycle() []Phase {
	t := &g.Turns
	if t.CycleStart >= t.CycleEnd || int(t.CycleEnd) > len(g.Phases) {
		return nil
	}
	return g.Phases[t.CycleStart:t.CycleEnd]
}

// Clone returns a deep copy of g.
func (g *Genome) Clone() *Genome {
	c := *g
	c.Lineage = append([]string(nil), g.Lineage...)
	c.Setup.Remove = append([]cards.Card(nil), g.Setup.Remove...)
	c.Turns.CycleUntil = g.Turns.CycleUntil.Clone()
	if g.Phases != nil {
		c.Phases = make([]Phase, len(g.Phases))
		for i, p := range g.Phases {
			p.Draw.Condition = p.Draw.Condition.Clone()
			p.Play.Condition = p.Play.Condition.Clone()
			p.Discard.Condition = p.Discard.Condition.Clone()
			p.Trick.LeadCondition = p.Trick.LeadCondition.Clone()
			c.Phases[i] = p
		}
	}
	c.Effects = append([]Effect(nil), g.Effects...)
	c.Scoring = append([]ScoringRule(nil), g.Scoring...)
	c.WinConditions = append([]WinCondition(nil), g.WinConditions...)
	if len(g.Lineage) == 0 {
		c.Lineage = nil
	}
	if len(g.Setup.Remove) == 0 {
		c.Setup.Remove = nil
	}
	return &c
}

// Clone returns a deep copy of c.
func (c Condition) Clone() Condition {
	if c.Args == nil {
		return c
	}
	args := make([]Condition, len(c.Args))
	for i, a := range c.Args {
		args[i] = a.Clone()
	}
	c.Args = args
	return c
}

// Depth returns the number of nodes on the longest root-to-leaf path.
func (c *Condition) Depth() int {
	d := 0
	for i := range c.Args {
		d = max(d, c.Args[i].Depth())
	}
	return d + 1
}

// Nodes returns the number of nodes in the tree.
func (c *Condition) Nodes() int {
	n := 1
	for i := range c.Args {
		n += c.Args[i].Nodes()
	}
	return n
}

// Condition constructors, for seeds, tests and mutation operators.

// Always is the condition that always holds.
func Always() Condition { return Condition{} }

// Never is the condition that never holds.
func Never() Condition { return Condition{Op: OpNever} }

// Num is the numeric test t Cmp value.
func Num(t Test, cmp Cmp, value int16) Condition {
	return Condition{Op: OpTest, Test: t, Cmp: cmp, Value: value}
}

// RankTest is the set test t over ranks.
func RankTest(t Test, ranks RankSet) Condition { return Condition{Op: OpTest, Test: t, Ranks: ranks} }

// SuitTest is the set test t over suits.
func SuitTest(t Test, suits SuitSet) Condition { return Condition{Op: OpTest, Test: t, Suits: suits} }

// Is is the test t with no operands (same_rank_as_top, card_is_trump, …).
func Is(t Test) Condition { return Condition{Op: OpTest, Test: t} }

// And holds when every arg holds.
func And(args ...Condition) Condition { return Condition{Op: OpAnd, Args: args} }

// Or holds when some arg holds.
func Or(args ...Condition) Condition { return Condition{Op: OpOr, Args: args} }

// Not holds when c does not.
func Not(c Condition) Condition { return Condition{Op: OpNot, Args: []Condition{c}} }

// AnyPlayer holds when c holds for some in-hand player.
func AnyPlayer(c Condition) Condition { return Condition{Op: OpAnyPlayer, Args: []Condition{c}} }

// AllPlayers holds when c holds for every in-hand player.
func AllPlayers(c Condition) Condition { return Condition{Op: OpAllPlayers, Args: []Condition{c}} }
