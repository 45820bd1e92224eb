package genome

import (
	"fmt"
	"math/rand/v2"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/internal/rnd"
)

// RandomOptions bounds the genomes Random makes.
type RandomOptions struct {
	// MaxPhases is the largest number of phases (1..MaxPhases).
	MaxPhases int
	// MaxConditionDepth is the deepest turn-cycle condition
	// (1..MaxConditionDepth); phase conditions are those of RandomPhase.
	MaxConditionDepth int
	// ChipsProbability is the chance that the game is played with chips.
	ChipsProbability float64
}

// DefaultRandomOptions returns the options used by tests and the first
// generation of evolution: up to 8 phases, conditions up to 3 deep, chips in
// half of the games.
func DefaultRandomOptions() RandomOptions {
	return RandomOptions{MaxPhases: 8, MaxConditionDepth: 3, ChipsProbability: 0.5}
}

// Random returns a valid random genome drawn with rng: the setup and turns
// are drawn over their whole ranges, the phases, effects, scoring rules and
// win conditions by RandomPhase, RandomEffect, RandomScoring and RandomWin
// (the parts evolution's mutations draw too), then Repair makes the genome
// playable. The same rng
// state gives the same genome.
func Random(rng *rand.Rand, opts RandomOptions) *Genome {
	opts.MaxPhases = min(max(opts.MaxPhases, 1), MaxPhases)
	opts.MaxConditionDepth = min(max(opts.MaxConditionDepth, 1), MaxConditionDepth)
	for {
		g := randomGenome(rng, opts)
		if len(Repair(g)) == 0 {
			return g
		}
	}
}

type randomizer struct {
	rng  *rand.Rand
	opts RandomOptions
}

func (r *randomizer) n(k int) int           { return r.rng.IntN(k) }
func (r *randomizer) chance(p float64) bool { return rnd.Chance(r.rng, p) }
func (r *randomizer) u8(lo, hi int) uint8   { return uint8(lo + r.n(hi-lo+1)) }

func randomGenome(rng *rand.Rand, opts RandomOptions) *Genome {
	r := &randomizer{rng: rng, opts: opts}
	g := &Genome{
		SchemaVersion: CurrentVersion,
		ID:            fmt.Sprintf("random-%08x", rng.Uint32()),
		Name:          "Random game",
		Generation:    0,
	}
	s := &g.Setup
	s.Deck = DeckKind(r.n(len(deckKindNames)))
	if r.chance(0.15) {
		s.Jokers = r.u8(1, 2)
	}
	if r.chance(0.15) {
		deck := s.Cards()
		s.Remove = []cards.Card{deck[r.n(len(deck))]}
	}
	s.MinPlayers = r.u8(2, 4)
	s.MaxPlayers = r.u8(int(s.MinPlayers), MaxPlayers)
	if r.chance(0.2) {
		s.DealAll = true
	} else {
		s.CardsPerPlayer = r.u8(1, 10)
	}
	s.HandsPerGame = uint16(r.n(20))
	if s.HandsPerGame > 1 && !s.DealAll && r.chance(0.15) {
		s.HandSizeChange = int8(r.n(3) - 1)
	}
	s.InitialDiscard = uint8(r.n(3))
	if r.chance(0.2) {
		s.Tableau = r.u8(1, 4)
	}
	if r.chance(0.2) {
		s.Community = r.u8(1, 5)
	}
	s.Trump = TrumpRule(r.n(len(trumpRuleNames)))
	s.TrumpSuit = cards.Suit(r.n(cards.NumSuits))
	if r.chance(0.2) {
		s.WildRanks = Ranks(cards.Rank(r.n(cards.NumRanks)))
	}
	s.RankOrder = RankOrder(r.n(len(rankOrderNames)))
	s.PointLimit = r.u8(15, 31)
	s.Elimination = Elimination(r.n(len(eliminationNames)))
	chips := r.chance(r.opts.ChipsProbability)
	if chips {
		s.StartingChips = uint32(50 * (1 + r.n(40)))
		if r.chance(0.5) {
			s.BigBlind = uint32(1 + r.n(10))
			s.SmallBlind = uint32(r.n(int(s.BigBlind) + 1))
		}
		if r.chance(0.3) {
			s.Ante = uint32(1 + r.n(5))
		}
	}

	n := 1 + r.n(r.opts.MaxPhases)
	for range n {
		g.Phases = append(g.Phases, r.phase(chips, s.StartingChips))
	}
	if chips {
		g.Phases = append(g.Phases, Phase{Kind: PhaseShowdown, Showdown: ShowdownPhase{Method: ShowdownMethod(r.n(len(showdownMethodNames)))}})
	}
	t := &g.Turns
	t.Direction = Direction(r.n(len(directionNames)))
	t.FirstPlayer = FirstPlayer(r.n(len(firstPlayerNames)))
	t.FirstCard = cards.Card(r.n(52))
	if r.chance(0.7) {
		a, b := r.n(len(g.Phases)+1), r.n(len(g.Phases)+1)
		t.CycleStart, t.CycleEnd = uint8(min(a, b)), uint8(max(a, b))
		t.CycleUntil = RandomCondition(r.rng, false, r.opts.MaxConditionDepth)
	}
	t.MaxTurns = uint32(1 + r.n(2000))

	for range r.n(4) {
		g.Effects = append(g.Effects, RandomEffect(r.rng))
	}
	for range r.n(4) {
		g.Scoring = append(g.Scoring, RandomScoring(r.rng))
	}
	for range 1 + r.n(3) {
		g.WinConditions = append(g.WinConditions, RandomWin(r.rng))
	}
	if r.chance(0.3) {
		g.Lineage = []string{fmt.Sprintf("random-%08x", rng.Uint32())}
		g.Generation = uint32(r.n(100))
	}
	return g
}

// phase draws a phase: any kind, betting (twice as likely) only in a game
// with chips.
func (r *randomizer) phase(chips bool, startingChips uint32) Phase {
	kinds := RandomPhaseKinds()
	if chips {
		kinds = append(kinds, PhaseBetting, PhaseBetting)
	}
	k := kinds[r.n(len(kinds))]
	if k == PhaseBetting {
		return Phase{Kind: k, Betting: RandomBetting(r.rng, startingChips)}
	}
	return RandomPhase(r.rng, k)
}
