package evolve

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/internal/rnd"
)

// AddBettingPhase inserts a betting round at a random place. A game
// without chips gets 100 starting chips and a showdown at the end (so the
// pot has somewhere to go); the round's min_bet is drawn in
// [1, max(starting_chips/10, 1)], so 0 < min_bet <= starting_chips.
func AddBettingPhase(rng *rand.Rand, g *genome.Genome) bool {
	if len(g.Phases) >= genome.MaxPhases-1 {
		return false
	}
	s := &g.Setup
	if s.StartingChips == 0 {
		s.StartingChips = uint32(50 * rnd.Between(rng, 1, 10))
		if s.Elimination == genome.EliminateNone && rnd.Chance(rng, 0.5) {
			s.Elimination = genome.EliminateNoChips
		}
		hasShowdown := len(phaseIndexes(g, func(p *genome.Phase) bool { return p.Kind == genome.PhaseShowdown })) > 0
		if !hasShowdown {
			g.Phases = append(g.Phases, genome.RandomPhase(rng, genome.PhaseShowdown))
		}
		if !slices.ContainsFunc(g.WinConditions, func(w genome.WinCondition) bool { return w.Kind == genome.WinMostChips }) &&
			len(g.WinConditions) < genome.MaxWinConditions {
			g.WinConditions = append([]genome.WinCondition{{Kind: genome.WinMostChips}}, g.WinConditions...)
		}
	}
	insertPhase(g, rng.IntN(len(g.Phases)+1), genome.Phase{Kind: genome.PhaseBetting, Betting: genome.RandomBetting(rng, s.StartingChips)})
	return true
}

// RemoveBettingPhase deletes one betting round (Repair then drops the
// chips of a game left with no betting and no forced bets).
func RemoveBettingPhase(rng *rand.Rand, g *genome.Genome) bool {
	idx := phaseIndexes(g, func(p *genome.Phase) bool { return p.Kind == genome.PhaseBetting })
	if len(idx) == 0 || len(g.Phases) == 1 {
		return false
	}
	deletePhase(g, idx[rng.IntN(len(idx))])
	return true
}

// MutateBettingPhase changes one betting round's min_bet (nudged, kept in
// [1, starting_chips]), max_raises (fixed limit: 1..MaxRaises; otherwise
// 0, no cap, ..MaxRaises) or structure.
func MutateBettingPhase(rng *rand.Rand, g *genome.Genome) bool {
	idx := phaseIndexes(g, func(p *genome.Phase) bool { return p.Kind == genome.PhaseBetting })
	if len(idx) == 0 {
		return false
	}
	b := &g.Phases[idx[rng.IntN(len(idx))]].Betting
	chips := max(int(g.Setup.StartingChips), 1)
	switch rng.IntN(3) {
	case 0:
		b.MinBet = uint32(nudge(rng, int(b.MinBet), 1, chips))
	case 1:
		lo := 0
		if b.Structure == genome.FixedLimit {
			lo = 1
		}
		b.MaxRaises = uint8(nudge(rng, int(b.MaxRaises), lo, genome.MaxRaises))
	default:
		b.Structure = genome.BetStructure((int(b.Structure) + 1 + rng.IntN(2)) % 3)
		if b.Structure == genome.FixedLimit && b.MaxRaises == 0 {
			b.MaxRaises = 3
		}
	}
	return true
}

// MutateStartingChips scales the starting chips by a factor in [½, 2]
// (at least 1 chip) and keeps every min_bet and forced bet within them.
func MutateStartingChips(rng *rand.Rand, g *genome.Genome) bool {
	s := &g.Setup
	if s.StartingChips == 0 {
		return false
	}
	f := 0.5 + 1.5*rng.Float64()
	s.StartingChips = uint32(min(max(float64(s.StartingChips)*f, 1), genome.MaxChips))
	fitChips(g)
	return true
}

// MutateForcedBets changes the forced bets: blinds on or off or nudged,
// the ante on or off or nudged; every forced bet stays within the
// starting chips and the small blind at most the big blind.
func MutateForcedBets(rng *rand.Rand, g *genome.Genome) bool {
	s := &g.Setup
	if s.StartingChips == 0 {
		return false
	}
	top := max(int(s.StartingChips)/10, 1)
	switch rng.IntN(3) {
	case 0:
		if s.BigBlind == 0 {
			s.BigBlind = uint32(rnd.Between(rng, 1, top))
			s.SmallBlind = s.BigBlind / 2
		} else {
			s.BigBlind, s.SmallBlind = 0, 0
		}
	case 1:
		if s.BigBlind == 0 {
			return false
		}
		s.BigBlind = uint32(nudge(rng, int(s.BigBlind), 1, top))
		s.SmallBlind = min(s.SmallBlind, s.BigBlind)
		if rnd.Chance(rng, 0.5) {
			s.SmallBlind = s.BigBlind / 2
		}
	default:
		if s.Ante == 0 {
			s.Ante = uint32(rnd.Between(rng, 1, max(top/2, 1)))
		} else if rnd.Chance(rng, 0.5) {
			s.Ante = 0
		} else {
			s.Ante = uint32(nudge(rng, int(s.Ante), 1, top))
		}
	}
	fitChips(g)
	return true
}

// fitChips keeps 0 < min_bet <= starting_chips and the forced bets within
// the starting chips.
func fitChips(g *genome.Genome) {
	s := &g.Setup
	c := s.StartingChips
	s.BigBlind = min(s.BigBlind, c)
	s.SmallBlind = min(s.SmallBlind, s.BigBlind)
	s.Ante = min(s.Ante, c)
	for i := range g.Phases {
		if p := &g.Phases[i]; p.Kind == genome.PhaseBetting {
			p.Betting.MinBet = min(max(p.Betting.MinBet, 1), max(c, 1))
		}
	}
}

// checkBetting returns an error when a betting round breaks
// 0 < min_bet <= starting_chips (genome.Validate checks it too).
func checkBetting(g *genome.Genome) error {
	for i, p := range g.Phases {
		if p.Kind == genome.PhaseBetting && (p.Betting.MinBet == 0 || p.Betting.MinBet > g.Setup.StartingChips) {
			return fmt.Errorf("phases[%d].betting.min_bet %d with starting_chips %d", i, p.Betting.MinBet, g.Setup.StartingChips)
		}
	}
	return nil
}
