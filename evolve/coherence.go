package evolve

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/sim"
)

// The mechanics an experiment can require (evaluation.require).
const (
	// MechanicTricks: a trick phase, and tricks decide the game: a
	// most_tricks win, points per trick or per won card that a score win
	// reads, elimination of players without tricks, or capture_all with
	// tricks collected.
	MechanicTricks = "tricks"
	// MechanicBetting: chips, a betting phase, and chips decide the game
	// (the first win condition is most_chips or last_with_chips; later
	// ones only break its ties).
	MechanicBetting = "betting"
	// MechanicShowdown: a showdown phase.
	MechanicShowdown = "showdown"
)

// MechanicNames lists the mechanics evaluation.require accepts.
func MechanicNames() []string { return []string{MechanicTricks, MechanicBetting, MechanicShowdown} }

// HasMechanic reports whether g has the mechanic name (MechanicNames).
func HasMechanic(g *genome.Genome, name string) bool {
	switch name {
	case MechanicBetting:
		if !g.Setup.HasChips() || !g.HasPhase(genome.PhaseBetting) || len(g.WinConditions) == 0 {
			return false
		}
		// Chips decide: the first win condition, the one the others only
		// break ties of, counts chips.
		w := g.WinConditions[0].Kind
		return w == genome.WinMostChips || w == genome.WinLastWithChips
	case MechanicShowdown:
		return g.HasPhase(genome.PhaseShowdown)
	case MechanicTricks:
		if !g.HasPhase(genome.PhaseTrick) {
			return false
		}
		if g.Setup.Elimination == genome.EliminateNoTricks {
			return true
		}
		scores := false
		for _, w := range g.WinConditions {
			switch w.Kind {
			case genome.WinMostTricks:
				return true
			case genome.WinCaptureAll:
				return true
			case genome.WinHighScore, genome.WinLowScore, genome.WinFirstToScore:
				scores = true
			}
		}
		if scores {
			for _, sr := range g.Scoring {
				if sr.Kind == genome.ScoreTrickWon || sr.Kind == genome.ScoreCardWon {
					return true
				}
			}
		}
	}
	return false
}

// missingMechanics returns the required mechanics g lacks.
func missingMechanics(g *genome.Genome, require []string) []string {
	var out []string
	for _, m := range require {
		if !HasMechanic(g, m) {
			out = append(out, m)
		}
	}
	return out
}

// Cohere repairs the lint defects of g (genome.Lint) that have an obvious
// repair and reports whether the result is valid and free of defects. It
// changes g in place:
//
//	empty_betting_round    the betting round is removed
//	phase_after_showdown   the phases after the chip game's showdown are removed
//	many_showdowns         the later showdowns are removed
//	unread_scoring         the scoring rules are removed
//	trump_without_tricks   the trump rule becomes none
//	trump_ignored          the trump rule becomes none
//	empty_pile_test        the pile's tests become what they give on an empty pile
//	tiny_bet               the bet unit is raised to half the big blind
//	vacuous_condition      the condition is simplified (Genome.Simplify)
//	unused_tableau         no tableau cards are laid out, the deals to it are removed
//	unused_community       no community cards are laid out, the deals to them are removed
//	unused_wild            no rank is wild
//	game_counter           the counter's tests become always (simplified)
//	repeated_cycle_with_chips the cycle stops after one pass (until always)
//	blind_draw             the draw takes from the stock
//	pass_with_chips        the cards go onto the discard pile
//	unbet_cards            the phase is removed
//	filter_with_chips      the condition becomes always
//	unlimited_draw         the draw is made once (no repeat)
//	no_forced_bets         every player antes a quarter of the smallest bet unit (at least 1)
//	unused_initial_discard no card is turned up to start the discard pile
//	lone_actor_with_chips  every player in turn draws or discards
//	card_holder_starts_with_chips the hands start left of the dealer
//
// An empty_pot_showdown is repaired only when it goes as a second
// showdown; otherwise, and for chips_without_betting, there is no repair
// and the genome is rejected (false).
func Cohere(g *genome.Genome) bool {
	for range 4 {
		ds := genome.Lint(g)
		if len(ds) == 0 {
			return len(genome.Validate(g)) == 0
		}
		if !repairDefects(g, ds) {
			return false
		}
	}
	return false
}

// repairDefects applies the repair of each defect; false when one has none.
func repairDefects(g *genome.Genome, ds []genome.Defect) bool {
	var drop []int  // phases to delete
	var empty []int // showdowns that can only find an empty pot
	for _, d := range ds {
		var i int
		indexed := false
		if _, err := fmt.Sscanf(d.Path, "phases[%d]", &i); err == nil && i >= 0 && i < len(g.Phases) {
			indexed = true
		}
		switch d.Code {
		case genome.DefectEmptyBettingRound, genome.DefectAfterShowdown, genome.DefectManyShowdowns:
			if !indexed {
				return false
			}
			drop = append(drop, i)
		case genome.DefectEmptyPotShowdown:
			if !indexed {
				return false
			}
			empty = append(empty, i)
		case genome.DefectUnreadScoring:
			g.Scoring = nil
		case genome.DefectTrumpWithoutTricks, genome.DefectTrumpIgnored:
			g.Setup.Trump = genome.TrumpNone
		case genome.DefectEmptyPileTest:
			rewriteCondition(g, d.Path, genome.EmptyPileConstant)
		case genome.DefectVacuousCondition:
			rewriteCondition(g, d.Path, g.Simplify)
		case genome.DefectUnusedTableau, genome.DefectUnusedCommunity:
			switch {
			case indexed:
				drop = append(drop, i)
			case d.Code == genome.DefectUnusedTableau:
				g.Setup.Tableau = 0
			default:
				g.Setup.Community = 0
			}
		case genome.DefectUnusedWild:
			g.Setup.WildRanks = 0
		case genome.DefectGameCounter:
			rewriteCondition(g, d.Path, g.WithoutCounters)
		case genome.DefectFilterWithChips:
			rewriteCondition(g, d.Path, func(genome.Condition) genome.Condition { return genome.Always() })
		case genome.DefectRepeatedCycleWithChips:
			g.Turns.CycleUntil = genome.Always()
		case genome.DefectBlindDraw, genome.DefectPassWithChips, genome.DefectUnbetCards, genome.DefectUnlimitedDraw:
			if !indexed {
				return false
			}
			switch p := &g.Phases[i]; d.Code {
			case genome.DefectBlindDraw:
				p.Draw.Source = genome.DrawFromStock
			case genome.DefectPassWithChips:
				p.Discard.Target = genome.DiscardToPile
			case genome.DefectUnlimitedDraw:
				p.Draw.Repeat = false
			default:
				drop = append(drop, i)
			}
		case genome.DefectNoForcedBets:
			g.Setup.Ante = forcedAnte(g)
		case genome.DefectUnusedInitialDiscard:
			g.Setup.InitialDiscard = 0
		case genome.DefectLoneActorWithChips:
			if !indexed {
				return false
			}
			if p := &g.Phases[i]; p.Kind == genome.PhaseDraw {
				p.Draw.Actor = genome.ActorEachPlayer
			} else {
				p.Discard.Actor = genome.ActorEachPlayer
			}
		case genome.DefectCardHolderStartsWithChips:
			g.Turns.FirstPlayer = genome.FirstLeftOfDealer
		case genome.DefectTinyBet:
			if !indexed {
				return false
			}
			g.Phases[i].Betting.MinBet = (g.Setup.BigBlind + 1) / 2
		default:
			return false
		}
	}
	slices.Sort(drop)
	drop = slices.Compact(drop)
	for _, i := range empty {
		if _, found := slices.BinarySearch(drop, i); !found {
			return false // the hand's only showdown: no repair
		}
	}
	if len(drop) >= len(g.Phases) {
		return false
	}
	for k := len(drop) - 1; k >= 0; k-- {
		deletePhase(g, drop[k])
	}
	return true
}

// forcedAnte returns the ante Cohere gives a chip game without forced
// bets: a quarter of its smallest bet unit (as a poker ante is a fraction
// of the small bet), at least 1 and at most the starting chips.
func forcedAnte(g *genome.Genome) uint32 {
	unit := uint32(0)
	for i := range g.Phases {
		if p := &g.Phases[i]; p.Kind == genome.PhaseBetting && p.Betting.MinBet > 0 && (unit == 0 || p.Betting.MinBet < unit) {
			unit = p.Betting.MinBet
		}
	}
	return min(max(unit/4, 1), g.Setup.StartingChips)
}

// part is one removable rule of a genome: a phase, an effect or a
// scoring rule.
type part struct {
	kind  string // "phase", "effect", "scoring"
	index int
}

func (p part) String() string { return fmt.Sprintf("%s %d", p.kind, p.index) }

func parts(g *genome.Genome) []part {
	var ps []part
	for i := range g.Phases {
		ps = append(ps, part{"phase", i})
	}
	for i := range g.Effects {
		ps = append(ps, part{"effect", i})
	}
	for i := range g.Scoring {
		ps = append(ps, part{"scoring", i})
	}
	return ps
}

// without returns a copy of g without p, or nil when that copy is not a
// valid, coherent genome.
func without(g *genome.Genome, p part) *genome.Genome {
	c := g.Clone()
	switch p.kind {
	case "phase":
		if len(c.Phases) <= 1 {
			return nil
		}
		deletePhase(c, p.index)
	case "effect":
		c.Effects = slices.Delete(c.Effects, p.index, p.index+1)
	case "scoring":
		c.Scoring = slices.Delete(c.Scoring, p.index, p.index+1)
	}
	if len(genome.Validate(c)) > 0 || len(genome.Lint(c)) > 0 {
		return nil
	}
	return c
}

// playPrint is what ablation compares exactly: per game, the winners, the
// turns and the hands played.
type playPrint []uint64

// played is the games of one fingerprint: their exact print and their
// per-game profile (profileOf) for the measured comparison.
type played struct {
	print   playPrint
	profile [][profileLen]float64
}

// The quantities of a game's profile: what "play" means when ablation
// cannot compare games one by one.
const (
	profTurns       = iota // turns played
	profHands              // hands played
	profDecisions          // decisions per player
	profBranching          // legal moves per decision
	profForced             // forced actions per action
	profChipFlow           // chips that changed hands, per player and hand
	profLeads              // lead changes
	profPerTurn            // decisions per turn
	profActsPerTurn        // actions per turn
	profileLen
)

func profileOf(r *sim.GameResult) [profileLen]float64 {
	var p [profileLen]float64
	n := max(r.Players, 1)
	p[profTurns] = float64(r.Turns)
	p[profHands] = float64(r.Hands)
	p[profDecisions] = float64(r.Decisions) / float64(n)
	if r.Decisions > 0 {
		p[profBranching] = float64(r.LegalSum) / float64(r.Decisions)
	}
	if r.Actions > 0 {
		p[profForced] = float64(r.ForcedActions) / float64(r.Actions)
	}
	var flow float64
	for i := 0; i < r.Players && i < len(r.NetChips); i++ {
		flow += math.Abs(float64(r.NetChips[i]))
	}
	p[profChipFlow] = flow / float64(n) / float64(max(r.Hands, 1))
	p[profLeads] = float64(r.LeadChanges)
	if r.Turns > 0 {
		p[profPerTurn] = float64(r.Decisions) / float64(r.Turns)
		p[profActsPerTurn] = float64(r.Actions) / float64(r.Turns)
	}
	return p
}

// fingerprint plays games games of g by agent in every seat from seed and
// returns their print and profile.
func fingerprint(ctx context.Context, g *genome.Genome, agentName string, players, games int, seed uint64, opt sim.Options) (played, error) {
	prog, err := game.Compile(g)
	if err != nil {
		return played{}, err
	}
	opt.Players = min(max(players, prog.MinPlayers()), prog.MaxPlayers())
	opt.KeepGames, opt.SameDeals = true, true
	opt.Progress, opt.Replay = nil, nil
	res, err := sim.Run(ctx, prog, []string{agentName}, games, seed, 1, opt)
	if err != nil {
		return played{}, err
	}
	out := played{print: make(playPrint, len(res.Games)), profile: make([][profileLen]float64, len(res.Games))}
	for i := range res.Games {
		r := &res.Games[i]
		out.print[i] = uint64(r.Winners) | uint64(r.Turns)<<16 | uint64(r.Hands)<<40
		out.profile[i] = profileOf(r)
	}
	return out, nil
}

// ablationProfileFactor is how many more games than the exact comparison
// the measured comparison plays.
const ablationProfileFactor = 4

// sameProfile reports whether two sets of games play alike: for every
// quantity of the profile the means differ by at most 1.96 standard
// errors of the difference (Welch's two-sample statistic), so no change
// is significant.
func sameProfile(a, b [][profileLen]float64) bool {
	if len(a) < 2 || len(b) < 2 {
		return false
	}
	for q := range profileLen {
		ma, va := meanVar(a, q)
		mb, vb := meanVar(b, q)
		se := math.Sqrt(va/float64(len(a)) + vb/float64(len(b)))
		if math.Abs(ma-mb) > 1.96*se+1e-9 {
			return false
		}
	}
	return true
}

// meanVar is the mean and sample variance of quantity q over games.
func meanVar(games [][profileLen]float64, q int) (mean, variance float64) {
	for _, g := range games {
		mean += g[q]
	}
	mean /= float64(len(games))
	for _, g := range games {
		variance += (g[q] - mean) * (g[q] - mean)
	}
	return mean, variance / float64(max(len(games)-1, 1))
}

// Ablate removes, one at a time, every phase, effect and scoring rule of g
// whose removal does not change play measurably. With the removal the
// genome must still be valid and free of lint defects, and then either
//
//   - exactly: games games played by agent from the same seeds have the
//     same winners, turns and hands in every game; or
//   - measurably: when the removal changes the random stream (a dead phase
//     that still shuffles, draws at random or makes the agents sample), so
//     the games part ways, ablationProfileFactor × games games of each
//     have the same profile (sameProfile: turns, hands, decisions per
//     player, legal moves per decision, forced share, chip flow per hand,
//     lead changes, decisions and actions per turn): no mean moved significantly.
//
// It returns the pruned genome (g itself when nothing was removed) and
// what it removed. The parts are tried from the last to the first so
// indexes stay meaningful; a removal is kept before the next part is
// tried.
func Ablate(ctx context.Context, g *genome.Genome, agentName string, players, games int, seed uint64, opt sim.Options) (*genome.Genome, []string, error) {
	if games <= 0 {
		return g, nil, nil
	}
	base, err := fingerprint(ctx, g, agentName, players, games, seed, opt)
	if err != nil {
		return nil, nil, err
	}
	var baseWide *played // the current genome's measured games, played when first needed
	cur := g
	var removed []string
	ps := parts(g)
	for k := len(ps) - 1; k >= 0; k-- {
		c := without(cur, ps[k])
		if c == nil {
			continue
		}
		fp, err := fingerprint(ctx, c, agentName, players, games, seed, opt)
		if err != nil {
			continue // the smaller game cannot be played: keep the part
		}
		same := slices.Equal(fp.print, base.print)
		if !same && sameProfile(fp.profile, base.profile) {
			// The few games part ways but look alike: measure more.
			if baseWide == nil {
				w, err := fingerprint(ctx, cur, agentName, players, ablationProfileFactor*games, seed, opt)
				if err != nil {
					return nil, nil, err
				}
				baseWide = &w
			}
			w, err := fingerprint(ctx, c, agentName, players, ablationProfileFactor*games, seed, opt)
			if err != nil {
				continue
			}
			// Against the game before any measured removal, so that
			// removals do not drift away from it one small step at a time.
			same = sameProfile(w.profile, baseWide.profile)
		}
		if same {
			removed = append(removed, ps[k].String())
			cur = c
			base = fp
		}
	}
	return cur, removed, nil
}

// Prune applies the removals that Ablate reported ("phase 3", "effect 0",
// "scoring 1", in Ablate's order) to a copy of g.
func Prune(g *genome.Genome, removed []string) (*genome.Genome, error) {
	c := g.Clone()
	for _, r := range removed {
		var p part
		if _, err := fmt.Sscanf(r, "%s %d", &p.kind, &p.index); err != nil {
			return nil, fmt.Errorf("prune %q: %w", r, err)
		}
		switch {
		case p.kind == "phase" && p.index >= 0 && p.index < len(c.Phases):
			deletePhase(c, p.index)
		case p.kind == "effect" && p.index >= 0 && p.index < len(c.Effects):
			c.Effects = slices.Delete(c.Effects, p.index, p.index+1)
		case p.kind == "scoring" && p.index >= 0 && p.index < len(c.Scoring):
			c.Scoring = slices.Delete(c.Scoring, p.index, p.index+1)
		default:
			return nil, fmt.Errorf("prune %q: no such part", r)
		}
	}
	return c, nil
}

// RulesLength is the size of a rulebook: phases, effects, scoring rules and
// win conditions, plus the nodes of every condition beyond the first of
// each (a condition that is a single test costs nothing extra).
func RulesLength(g *genome.Genome) int {
	n := len(g.Phases) + len(g.Effects) + len(g.Scoring) + len(g.WinConditions)
	cs, _ := conditions(g)
	for _, c := range cs {
		if k := c.Nodes(); k > 1 {
			n += k - 1
		}
	}
	return n
}

// rewriteCondition replaces the condition of g at path (a lint defect's
// Path) by f of it.
func rewriteCondition(g *genome.Genome, path string, f func(genome.Condition) genome.Condition) {
	for _, r := range g.ConditionRefs() {
		if r.Path == path {
			*r.C = f(*r.C)
		}
	}
}
