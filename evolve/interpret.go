package evolve

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/deckforge/deckforge/genome"
)

// Ancestor is one genome of a run's history: its parents (nearest
// first), the generation that made it and its fitness when it was
// measured.
type Ancestor struct {
	ID         string   `json:"id"`
	Parents    []string `json:"parents,omitempty"`
	Generation uint32   `json:"generation"`
	Fitness    float64  `json:"fitness"`
}

// remember adds inds to the run's ancestry.
func (r *runner) remember(inds []*Individual) {
	if r.ancestry == nil {
		r.ancestry = map[string]Ancestor{}
	}
	for _, ind := range inds {
		if _, ok := r.ancestry[ind.Genome.ID]; !ok {
			r.ancestry[ind.Genome.ID] = Ancestor{ID: ind.Genome.ID, Parents: slices.Clone(ind.Genome.Lineage),
				Generation: ind.Genome.Generation, Fitness: ind.Score.Fitness}
		}
	}
}

// ancestors returns the ancestry sorted by ID.
func (r *runner) ancestors() []Ancestor {
	out := make([]Ancestor, 0, len(r.ancestry))
	for _, a := range r.ancestry {
		out = append(out, a)
	}
	slices.SortFunc(out, func(a, b Ancestor) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// lineage returns the chain of first parents of id, id first, as far as
// the ancestry knows it (at most 64 steps).
func (r *runner) lineage(id string) []Ancestor {
	var out []Ancestor
	for range 64 {
		a, ok := r.ancestry[id]
		if !ok {
			break
		}
		out = append(out, a)
		if len(a.Parents) == 0 {
			break
		}
		id = a.Parents[0]
	}
	return out
}

// nearClone reports whether two genomes are near-clones: they differ in
// at most one of the coarse genes of Genes.
func nearClone(a, b *genome.Genome) bool {
	ga, gb := Genes(a), Genes(b)
	diff := 0
	for i := range ga {
		if ga[i] != gb[i] {
			diff++
		}
	}
	return diff <= 1
}

// flags returns what is degenerate about a re-measured genome: failed
// gates, lint defects, completion under 99% or more than 200 decisions per
// player under self-play, a ladder that is not monotone.
func flags(g *genome.Genome, x *Remeasured) []string {
	var fs []string
	for _, f := range x.Again.Failed {
		fs = append(fs, "gate:"+f)
	}
	for _, d := range genome.Lint(g) {
		fs = append(fs, "lint:"+string(d.Code))
	}
	m := &x.Measures
	if m.Completion < 0.99 {
		fs = append(fs, fmt.Sprintf("completion %.3f < 0.99", m.Completion))
	}
	if m.DecisionsPerPlayer > 200 {
		fs = append(fs, fmt.Sprintf("%.0f decisions per player > 200", m.DecisionsPerPlayer))
	}
	if m.HasTricks && m.WinnerTookTricks < 1 {
		fs = append(fs, fmt.Sprintf("the winner took no trick in %.1f%% of games", 100*(1-m.WinnerTookTricks)))
	}
	if m.Ladder != nil && !monotone(m.Ladder) {
		fs = append(fs, "ladder not monotone")
	}
	return fs
}

// componentMap labels a score's components by name.
func componentMap(s Score) map[string]float64 {
	out := map[string]float64{}
	for i, name := range ComponentNames() {
		if i < len(s.Components) {
			out[name] = s.Components[i]
		}
	}
	return out
}

// phaseSummary is a short description of a genome's phases.
func phaseSummary(g *genome.Genome) string {
	var parts []string
	for i, p := range g.Phases {
		s := p.Kind.String()
		switch p.Kind {
		case genome.PhaseBetting:
			s = fmt.Sprintf("%s betting (bet %d)", strings.ReplaceAll(p.Betting.Structure.String(), "_", "-"), p.Betting.MinBet)
		case genome.PhaseDeal:
			s = fmt.Sprintf("deal %d to %s", p.Deal.Count, strings.ReplaceAll(p.Deal.To.String(), "_", " "))
		case genome.PhaseShowdown:
			s = strings.ReplaceAll(p.Showdown.Method.String(), "_", " ") + " showdown"
		}
		if g.Turns.CycleStart < g.Turns.CycleEnd && i >= int(g.Turns.CycleStart) && i < int(g.Turns.CycleEnd) {
			s += "*"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

// whatEvolved writes the "what evolved" paragraph from the data: the best
// genome's shape, how it plays under self-play, its ladder and the seed
// games it scores above on re-measurement.
func whatEvolved(best *Individual, x *Remeasured, seeds []Remeasured) string {
	g := best.Genome
	var b strings.Builder
	s := &g.Setup
	fmt.Fprintf(&b, "The best genome after re-measurement is %s (generation %d), a game for %d–%d players", g.ID, g.Generation, s.MinPlayers, s.MaxPlayers)
	if s.HasChips() {
		fmt.Fprintf(&b, " with %d chips each (blinds %d/%d, ante %d)", s.StartingChips, s.SmallBlind, s.BigBlind, s.Ante)
	}
	if s.DealAll {
		b.WriteString(", the whole deck dealt")
	} else if s.CardsPerPlayer > 0 {
		fmt.Fprintf(&b, ", %d cards each", s.CardsPerPlayer)
	}
	if s.HandsPerGame > 0 {
		fmt.Fprintf(&b, ", over %d hands", s.HandsPerGame)
	}
	fmt.Fprintf(&b, ". A hand runs: %s", phaseSummary(g))
	if g.Cycle() != nil {
		b.WriteString(" (* repeated as the turn cycle)")
	}
	kinds := make([]string, len(g.WinConditions))
	for i, w := range g.WinConditions {
		kinds[i] = strings.ReplaceAll(w.Kind.String(), "_", " ")
	}
	fmt.Fprintf(&b, "; it is won by %s. ", strings.Join(kinds, ", then "))
	m := &x.Measures
	lo, hi := wilson(m.Completion, m.Games)
	fmt.Fprintf(&b, "Under self-play (%d games, %d players) %.1f%% of games finish (95%% CI %.1f–%.1f%%), with %.0f decisions per player, %.2f lead changes per game and %.0f%% draws",
		m.Games, m.Players, 100*m.Completion, 100*lo, 100*hi, m.DecisionsPerPlayer, m.LeadChanges, 100*m.DrawRate)
	if m.HasTricks {
		fmt.Fprintf(&b, "; the winner took tricks in %.1f%% of games", 100*m.WinnerTookTricks)
	}
	if m.Chips && m.bettingDecisions() > 0 {
		fmt.Fprintf(&b, "; %.0f%% of betting decisions are bets or raises and %.0f%% of pots are won by a fold", 100*m.BettingIntensity(),
			100*float64(m.FoldWin)/math.Max(1, float64(m.Pots)))
	}
	b.WriteString(". ")
	if m.Ladder != nil && len(m.Ladder.Steps) > 0 {
		var steps []string
		for _, st := range m.Ladder.Steps {
			steps = append(steps, fmt.Sprintf("%s beats %s %.0f%% (%.0f–%.0f%%, %d games)", st.Upper, st.Lower, 100*st.WinRate, 100*st.Lo, 100*st.Hi, st.Games))
		}
		mono := "monotone"
		if !monotone(m.Ladder) {
			mono = "not monotone"
		}
		fmt.Fprintf(&b, "Its skill ladder is %s: %s. ", mono, strings.Join(steps, "; "))
	}
	if len(m.Pruned) > 0 {
		fmt.Fprintf(&b, "The ablation pass removed %s before it was measured. ", strings.Join(m.Pruned, ", "))
	}
	var beats, above, below []string
	for _, sd := range seeds {
		t := fmt.Sprintf("%s (%.3f, %.3f–%.3f)", sd.ID, sd.Again.Fitness, sd.FitnessLo, sd.FitnessHi)
		switch {
		case x.FitnessLo > sd.FitnessHi:
			beats = append(beats, t)
		case x.Again.Fitness > sd.Again.Fitness:
			above = append(above, t)
		default:
			below = append(below, t)
		}
	}
	fmt.Fprintf(&b, "Its re-measured fitness is %.3f (95%% interval %.3f–%.3f)", x.Again.Fitness, x.FitnessLo, x.FitnessHi)
	if len(beats) > 0 {
		fmt.Fprintf(&b, "; it beats the seed games %s (the intervals do not overlap)", strings.Join(beats, ", "))
	}
	if len(above) > 0 {
		fmt.Fprintf(&b, "; it scores above %s, within the intervals", strings.Join(above, ", "))
	}
	if len(below) > 0 {
		fmt.Fprintf(&b, "; it does not score above %s", strings.Join(below, ", "))
	}
	b.WriteString(".")
	return b.String()
}
