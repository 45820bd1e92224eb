package sim

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/deckforge/deckforge/engine/stats"
	"github.com/deckforge/deckforge/sim/agent"
)

// WriteTable writes the metrics as a readable table.
func (m *Metrics) WriteTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	p := func(format string, a ...any) { fmt.Fprintf(tw, format, a...) }
	hash := m.GenomeHash
	if len(hash) > 12 {
		hash = hash[:12]
	}
	p("%s (genome %s)\n", m.Game, hash)
	p("seed %d · %d games · %d players · %s · agents %s\n\n", m.Seed, m.Games, m.Players, m.Mode, agentList(m.Agents))

	p("Game length\n")
	p("  completion rate\t%s\n", m.CompletionRate.format(4))
	p("  turns mean / median / sd\t%s / %s / %s\n", m.TurnsMean.format(2), m.TurnsMedian.format(1), m.TurnsStdDev.format(2))
	p("  hands mean\t%s\n", m.HandsMean.format(2))
	p("  moves mean\t%s\n", m.MovesMean.format(2))
	p("Choices\n")
	p("  decisions per player\t%s\n", m.DecisionsPerPlayer.format(2))
	p("  mean legal moves\t%s\n", m.MeanLegalMoves.format(3))
	p("  forced-move share\t%s\n", m.ForcedMoveShare.format(4))
	p("Lead\n")
	p("  lead changes (late)\t%s (%s)\n", m.LeadChanges.format(3), m.LateLeadChanges.format(3))
	p("  winner leads from / share\t%s / %s\n", m.WinnerLeadFrom.format(3), m.WinnerLeadShare.format(3))
	p("  margin\t%s\n", m.Margin.format(3))
	p("  drama (comeback rate)\t%s (%s)\n", m.Drama.format(4), m.ComebackRate.format(3))
	p("Seats\n")
	p("  seat\twin rate\tdecisions")
	if m.SeatNetChips != nil {
		p("\tnet chips")
	}
	p("\n")
	for i := range m.SeatWinRate {
		p("  %d\t%s\t%s", i+1, m.SeatWinRate[i].format(4), m.SeatDecisions[i].format(2))
		if m.SeatNetChips != nil {
			p("\t%s", m.SeatNetChips[i].format(2))
		}
		p("\n")
	}
	p("\n  seat advantage\t%s\n", m.SeatAdvantage.format(4))
	p("  balance\t%s\n", m.Balance.format(4))
	p("  shared wins\t%s\n", m.SharedWinRate.format(4))
	p("Agents (win rate per seat)\n")
	names := make([]string, 0, len(m.AgentWinRate))
	for name := range m.AgentWinRate {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		p("  %s\t%s\n", name, m.AgentWinRate[name].format(4))
	}
	if b := m.Betting; b != nil {
		p("Betting (%d decisions, %d hands)\n", b.Decisions, b.Hands)
		p("  bet / raise / call / check\t%s / %s / %s / %s\n", b.BetRate.format(3), b.RaiseRate.format(3), b.CallRate.format(3), b.CheckRate.format(3))
		p("  fold / all-in\t%s / %s\n", b.FoldRate.format(3), b.AllInRate.format(3))
		p("  showdown / fold wins\t%s / %s\n", b.ShowdownRate.format(3), b.FoldWinRate.format(3))
	}
	so := m.SitOuts
	p("Sit-outs\n")
	p("  eliminations\t%d\n", so.Eliminations)
	if m.Mode == "session" {
		p("  disconnects / reconnects / stand-ups\t%d / %d / %d\n", so.Disconnects, so.Reconnects, so.StandUps)
		p("  pauses / until BB / returns / leaves\t%d / %d / %d / %d\n", so.Pauses, so.PausesUntilBB, so.Returns, so.Leaves)
		p("  joins / reloads\t%d / %d\n", so.Joins, so.Reloads)
		p("  hands sat out / bust-outs\t%d / %d\n", so.SatOut, so.BustOuts)
		p("  dead blinds paid (chips) / BB returns\t%d (%s) / %d\n", so.DeadBlindsPaid, so.DeadChips, so.BigBlindReturns)
	}
	if slices.ContainsFunc(m.Agents, func(a string) bool { return strings.TrimSpace(a) == agent.KindHouse }) {
		f := m.HouseFallbacks
		p("House fallbacks\t%d\n", f.Total())
		p("  invalid state / evaluation failed / budget / illegal action\t%d / %d / %d / %d\n",
			f.InvalidState, f.EvalFailed, f.BudgetExceeded, f.IllegalAction)
	}
	if ps := m.Positional; ps != nil {
		p("Positional stats (%d hands, %d refused)\n", ps.Hands, ps.Errors)
		for f := stats.Feature(0); f < stats.NumFeatures; f++ {
			p("  %s\t%s\n", f, strconv.FormatFloat(ps.Features[f], 'f', 4, 64))
		}
	}
	if len(m.Skill) > 0 {
		p("Skill gradient (vs random)\n")
		p("  agent\twin rate\tbaseline\tgradient\t± stderr\n")
		for _, s := range m.Skill {
			p("  %s\t%s\t%s\t%s\t%s\n", s.Agent, s.WinRate.format(4), s.Baseline.format(4), s.Gradient.format(4), s.StdErr.format(4))
		}
	}
	return tw.Flush()
}

// agentList formats the agents, runs of one agent as "random ×6".
func agentList(agents []string) string {
	var parts []string
	for i := 0; i < len(agents); {
		j := i
		for j < len(agents) && agents[j] == agents[i] {
			j++
		}
		if j-i > 1 {
			parts = append(parts, agents[i]+" ×"+strconv.Itoa(j-i))
		} else {
			parts = append(parts, agents[i])
		}
		i = j
	}
	return strings.Join(parts, ", ")
}
