package evolve

import (
	"math/rand/v2"
	"slices"

	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/internal/rnd"
)

// Crossover makes a child of two genomes.
type Crossover interface {
	// Cross returns a valid child of a and b drawn with rng, or false when
	// the child drawn could not be made valid. a and b are not modified.
	Cross(rng *rand.Rand, a, b *genome.Genome) (*genome.Genome, bool)
	// Validate reports a configuration that cannot cross.
	Validate() error
}

// PhaseSetupCrossover crosses the phase lists at one point each (the
// child's phases are a.Phases[:i] followed by b.Phases[j:], i and j uniform,
// at most genome.MaxPhases) and the setup group by group (deck, players,
// deal, trumps and ranks, game length, chips: each from a or b with
// probability ½); the turn order, effects, scoring and win conditions come
// whole from either parent. The child is repaired and kept only if valid.
type PhaseSetupCrossover struct{}

// Validate never fails: the crossover has no settings.
func (PhaseSetupCrossover) Validate() error { return nil }

// Cross returns a child of a and b.
func (PhaseSetupCrossover) Cross(rng *rand.Rand, a, b *genome.Genome) (*genome.Genome, bool) {
	c := a.Clone()
	o := b.Clone()
	i, j := rng.IntN(len(a.Phases)+1), rng.IntN(len(b.Phases)+1)
	phases := append(slices.Clone(c.Phases[:i]), o.Phases[j:]...)
	if len(phases) == 0 {
		phases = slices.Clone(c.Phases)
	}
	if len(phases) > genome.MaxPhases {
		phases = phases[:genome.MaxPhases]
	}
	c.Phases = phases

	cs, os := &c.Setup, &o.Setup
	if rnd.Chance(rng, 0.5) {
		cs.Deck, cs.Jokers, cs.Remove = os.Deck, os.Jokers, os.Remove
	}
	if rnd.Chance(rng, 0.5) {
		cs.MinPlayers, cs.MaxPlayers = os.MinPlayers, os.MaxPlayers
	}
	if rnd.Chance(rng, 0.5) {
		cs.CardsPerPlayer, cs.DealAll, cs.HandSizeChange = os.CardsPerPlayer, os.DealAll, os.HandSizeChange
		cs.InitialDiscard, cs.Tableau, cs.Community = os.InitialDiscard, os.Tableau, os.Community
	}
	if rnd.Chance(rng, 0.5) {
		cs.Trump, cs.TrumpSuit, cs.WildRanks, cs.RankOrder, cs.PointLimit = os.Trump, os.TrumpSuit, os.WildRanks, os.RankOrder, os.PointLimit
	}
	if rnd.Chance(rng, 0.5) {
		cs.HandsPerGame, cs.Elimination = os.HandsPerGame, os.Elimination
	}
	if rnd.Chance(rng, 0.5) {
		cs.StartingChips, cs.SmallBlind, cs.BigBlind, cs.Ante = os.StartingChips, os.SmallBlind, os.BigBlind, os.Ante
	}
	if rnd.Chance(rng, 0.5) {
		c.Turns = o.Turns
	}
	n := uint8(len(c.Phases))
	c.Turns.CycleEnd = min(c.Turns.CycleEnd, n)
	c.Turns.CycleStart = min(c.Turns.CycleStart, c.Turns.CycleEnd)
	if rnd.Chance(rng, 0.5) {
		c.Effects = o.Effects
	}
	if rnd.Chance(rng, 0.5) {
		c.Scoring = o.Scoring
	}
	if rnd.Chance(rng, 0.5) {
		c.WinConditions = o.WinConditions
	}
	fitChips(c)
	if len(genome.Repair(c)) > 0 {
		return nil, false
	}
	return c, true
}
