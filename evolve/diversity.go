package evolve

import (
	"math/bits"

	"github.com/deckforge/deckforge/genome"
)

// numGenes is the length of the gene vector of Genes.
const numGenes = 24

// Genes returns a coarse gene vector of g: the choices that shape a game
// (deck, players, deal, shared cards, trumps, game length, chips and forced
// bets, the first eight phase kinds, the turn cycle, the special cards,
// scoring and the set of win kinds). Diversity compares these.
func Genes(g *genome.Genome) [numGenes]uint32 {
	s := &g.Setup
	var v [numGenes]uint32
	v[0] = uint32(s.Deck)<<4 | uint32(s.Jokers)
	v[1] = uint32(s.MinPlayers)<<8 | uint32(s.MaxPlayers)
	v[2] = uint32(s.CardsPerPlayer)
	if s.DealAll {
		v[2] = 1 << 16
	}
	v[3] = uint32(s.Community)<<8 | uint32(s.Tableau)<<4 | uint32(s.InitialDiscard)
	v[4] = uint32(s.Trump)<<16 | uint32(s.WildRanks)
	v[5] = uint32(s.HandsPerGame)<<4 | uint32(s.Elimination)
	v[6] = uint32(bits.Len32(s.StartingChips))
	v[7] = uint32(bits.Len32(s.BigBlind))<<8 | uint32(bits.Len32(s.Ante))
	for i := 0; i < 8; i++ {
		if i < len(g.Phases) {
			p := g.Phases[i]
			v[8+i] = uint32(p.Kind)
			if p.Kind == genome.PhaseBetting {
				v[8+i] |= uint32(p.Betting.Structure+1) << 8
			}
		}
	}
	v[16] = uint32(len(g.Phases))
	v[17] = uint32(g.Turns.CycleStart)<<8 | uint32(g.Turns.CycleEnd)
	v[18] = uint32(g.Turns.FirstPlayer)<<4 | uint32(g.Turns.Direction)
	v[19] = uint32(len(g.Effects))
	for _, e := range g.Effects {
		v[20] |= 1 << e.Kind
	}
	v[21] = uint32(len(g.Scoring))
	for _, w := range g.WinConditions {
		v[22] |= 1 << w.Kind
	}
	if len(g.WinConditions) > 0 {
		v[23] = uint32(g.WinConditions[0].Kind)
	}
	return v
}

// Diversity is the mean pairwise gene distance of a population,
//
//	diversity = 2/(N(N−1)) · Σ_{i<j} d(g_i, g_j),   d(a, b) = #{k : a_k ≠ b_k} / K,
//
// over the K = 24 genes of Genes: 0 when every genome shares every gene, 1
// when no two share any. It is 0 for fewer than two genomes.
func Diversity(pop []*Individual) float64 {
	n := len(pop)
	if n < 2 {
		return 0
	}
	genes := make([][numGenes]uint32, n)
	for i, ind := range pop {
		genes[i] = Genes(ind.Genome)
	}
	total := 0
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			for k := range numGenes {
				if genes[i][k] != genes[j][k] {
					total++
				}
			}
		}
	}
	pairs := n * (n - 1) / 2
	return float64(total) / float64(pairs*numGenes)
}
