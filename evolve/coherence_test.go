package evolve

import (
	"context"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/genome/rulebook"
	"github.com/deckforge/deckforge/sim"
)

func seedGenome(t *testing.T, id string) *genome.Genome {
	t.Helper()
	g, err := genome.Seed(id)
	require.NoError(t, err)
	return g
}

func TestCohereRepairsDefects(t *testing.T) {
	g := seedGenome(t, "holdem_nl_heads_up")
	// Two betting rounds back to back, a second showdown after the first,
	// tiny bets, unread scoring and a trump without tricks.
	g.Phases = append([]genome.Phase{g.Phases[0]}, g.Phases...)
	g.Phases = append(g.Phases, genome.Phase{Kind: genome.PhaseShowdown, Showdown: genome.ShowdownPhase{Method: genome.ShowdownHighCard}})
	g.Setup.SmallBlind, g.Setup.BigBlind = 5, 10
	g.Scoring = []genome.ScoringRule{{Kind: genome.ScoreShowdownWon, Points: 1}}
	g.Setup.Trump = genome.TrumpFixed
	require.NotEmpty(t, genome.Lint(g))
	require.Empty(t, genome.Validate(g))
	require.True(t, Cohere(g))
	assert.Empty(t, genome.Lint(g))
	assert.Len(t, g.Phases, 8)
	assert.Empty(t, g.Scoring)
	assert.Equal(t, genome.TrumpNone, g.Setup.Trump)
	assert.Equal(t, uint32(5), g.Phases[0].Betting.MinBet)

	// A vacuous condition is simplified.
	c8 := seedGenome(t, "crazy_eights")
	want := c8.Phases[0].Play.Condition
	c8.Phases[0].Play.Condition = genome.And(want, genome.Num(genome.TestHandSize, genome.CmpGe, 0))
	require.True(t, Cohere(c8))
	assert.True(t, genome.EqualConditions(&want, &c8.Phases[0].Play.Condition))

	// Shared cards nothing reads and wild ranks nothing honours go, and
	// the betting round the removed deal informed goes with it.
	bw := seedGenome(t, "betting_war")
	bw.Setup.Community, bw.Setup.Tableau = 2, 1
	bw.Setup.WildRanks = genome.Ranks(cards.Two)
	bw.Phases = append([]genome.Phase{bw.Phases[0], {Kind: genome.PhaseDeal, Deal: genome.DealPhase{To: genome.DealToCommunity, Count: 1}}}, bw.Phases...)
	require.Empty(t, genome.Validate(bw))
	require.True(t, Cohere(bw))
	assert.Empty(t, genome.Lint(bw))
	assert.Zero(t, bw.Setup.Community)
	assert.Zero(t, bw.Setup.Tableau)
	assert.Zero(t, bw.Setup.WildRanks)
	assert.Equal(t, seedGenome(t, "betting_war").Phases, bw.Phases)

	// An ignored trump goes; a test of a pile that stays empty becomes
	// what it gives on an empty pile.
	kw := seedGenome(t, "knockout_whist")
	kw.Phases[0].Trick.Winner = genome.HighRank
	kw.Phases[0].Trick.LeadCondition = genome.And(genome.Is(genome.TestSameSuitAsTop), genome.Num(genome.TestDiscardSize, genome.CmpGe, 2))
	require.Empty(t, genome.Validate(kw))
	require.True(t, Cohere(kw))
	assert.Empty(t, genome.Lint(kw))
	assert.Equal(t, genome.TrumpNone, kw.Setup.Trump)
	assert.Equal(t, genome.OpNever, kw.Phases[0].Trick.LeadCondition.Op, "0 cards on the pile is never 2 or more")

	// Chips without betting has no repair.
	w := seedGenome(t, "war")
	w.Setup.StartingChips = 50
	assert.False(t, Cohere(w))
}

func TestCohereRepairsChipHands(t *testing.T) {
	// The shape of an evolved betting game that read as no game: a pass to
	// the previous player, a card filter and a cycle on game-wide
	// counters, a blind draw from the next player before the showdown.
	g := seedGenome(t, "five_card_draw_fl")
	diamonds := genome.Condition{Op: genome.OpTest, Test: genome.TestCardSuitIn, Suits: genome.Suits(cards.Diamonds)}
	g.Phases[1].Discard.Target = genome.DiscardToPreviousPlayer
	g.Phases[1].Discard.Condition = genome.Or(diamonds, genome.Num(genome.TestHandNumber, genome.CmpLt, 10))
	g.Phases = append(g.Phases[:3], append([]genome.Phase{{Kind: genome.PhaseDraw, Draw: genome.DrawPhase{Actor: genome.ActorEachPlayer, Source: genome.DrawFromNextPlayer, Count: 2}}}, g.Phases[3:]...)...)
	g.Turns.CycleStart, g.Turns.CycleEnd = 1, 2
	g.Turns.CycleUntil = genome.Num(genome.TestTurnNumber, genome.CmpGt, 39)
	require.Empty(t, genome.Validate(g))
	codes := map[genome.DefectCode]bool{}
	for _, d := range genome.Lint(g) {
		codes[d.Code] = true
	}
	for _, c := range []genome.DefectCode{genome.DefectGameCounter, genome.DefectRepeatedCycleWithChips, genome.DefectBlindDraw, genome.DefectPassWithChips, genome.DefectUnbetCards} {
		assert.True(t, codes[c], "missing %s", c)
	}
	require.True(t, Cohere(g))
	assert.Empty(t, genome.Lint(g))
	assert.Equal(t, genome.OpAlways, g.Turns.CycleUntil.Op)
	assert.Equal(t, genome.DiscardToPile, g.Phases[1].Discard.Target)
	assert.Equal(t, genome.OpAlways, g.Phases[1].Discard.Condition.Op)
	assert.Len(t, g.Phases, 4)
	assert.Equal(t, genome.PhaseShowdown, g.Phases[3].Kind)

	// A draw of a high-card game that repeats until the player stops is
	// made once.
	d := seedGenome(t, "five_card_draw_fl")
	d.Phases[1] = genome.Phase{Kind: genome.PhaseDraw, Draw: genome.DrawPhase{Actor: genome.ActorEachPlayer, Count: 2, Repeat: true}}
	require.NotEmpty(t, genome.Lint(d))
	require.True(t, Cohere(d))
	assert.Empty(t, genome.Lint(d))
	assert.False(t, d.Phases[1].Draw.Repeat)
}

func TestCohereRepairsBettingTableQuirks(t *testing.T) {
	// The winner of an evolved betting run that still read as no game
	// people play: no forced bets, a discard starter nothing reads, a
	// discard by one player only, hands started by the holder of 2d.
	data, err := os.ReadFile("testdata/betting-g017-001.json")
	require.NoError(t, err)
	g, err := genome.DecodeJSON(data)
	require.NoError(t, err)
	require.Empty(t, genome.Validate(g))
	codes := map[genome.DefectCode]string{}
	for _, d := range genome.Lint(g) {
		codes[d.Code] = d.Path
	}
	assert.Equal(t, map[genome.DefectCode]string{
		genome.DefectNoForcedBets:              "setup.ante",
		genome.DefectUnusedInitialDiscard:      "setup.initial_discard",
		genome.DefectLoneActorWithChips:        "phases[2].discard.actor",
		genome.DefectCardHolderStartsWithChips: "turns.first_player",
	}, codes)
	phases := len(g.Phases)
	require.True(t, Cohere(g))
	assert.Empty(t, genome.Lint(g))
	assert.Equal(t, uint32(34/4), g.Setup.Ante, "a quarter of the smallest bet unit (34)")
	assert.Zero(t, g.Setup.InitialDiscard)
	assert.Equal(t, genome.ActorEachPlayer, g.Phases[2].Discard.Actor)
	assert.Equal(t, genome.FirstLeftOfDealer, g.Turns.FirstPlayer)
	assert.Len(t, g.Phases, phases)
	rules := rulebook.Rules(g)
	assert.NotContains(t, rules, "no forced bets")
	assert.NotContains(t, rules, "two of diamonds")
	assert.NotContains(t, rules, "start the discard pile")

	// The ante follows the smallest bet unit, and is at least one chip.
	d := seedGenome(t, "five_card_draw_fl")
	d.Setup.SmallBlind, d.Setup.BigBlind = 0, 0
	for i := range d.Phases {
		if d.Phases[i].Kind == genome.PhaseBetting {
			d.Phases[i].Betting.MinBet = 100
		}
	}
	require.True(t, Cohere(d))
	assert.Equal(t, uint32(25), d.Setup.Ante)
	d = seedGenome(t, "five_card_draw_fl")
	d.Setup.SmallBlind, d.Setup.BigBlind = 0, 0
	d.Phases[0].Betting.MinBet = 2
	require.True(t, Cohere(d))
	assert.Equal(t, uint32(1), d.Setup.Ante)

	// A draw by one player becomes every player's; the seeds Cohere
	// leaves as they are.
	f := seedGenome(t, "five_card_draw_fl")
	f.Phases = append(f.Phases[:2], append([]genome.Phase{{Kind: genome.PhaseDraw, Draw: genome.DrawPhase{Actor: genome.ActorCurrentPlayer, Count: 1}}}, f.Phases[2:]...)...)
	require.True(t, Cohere(f))
	assert.Equal(t, genome.ActorEachPlayer, f.Phases[2].Draw.Actor)
	for _, id := range []string{"crazy_eights", "hearts", "go_fish", "blackjack", "betting_war"} {
		s := seedGenome(t, id)
		require.True(t, Cohere(s), id)
		assert.Equal(t, seedGenome(t, id), s, id)
	}
}

func TestHasMechanic(t *testing.T) {
	assert.True(t, HasMechanic(seedGenome(t, "hearts"), MechanicTricks))
	assert.True(t, HasMechanic(seedGenome(t, "knockout_whist"), MechanicTricks))
	assert.False(t, HasMechanic(seedGenome(t, "go_fish"), MechanicTricks))
	assert.False(t, HasMechanic(seedGenome(t, "crazy_eights"), MechanicBetting))
	assert.True(t, HasMechanic(seedGenome(t, "omaha_pl"), MechanicBetting))
	tricks := seedGenome(t, "omaha_pl")
	tricks.WinConditions = []genome.WinCondition{{Kind: genome.WinMostTricks}}
	assert.False(t, HasMechanic(tricks, MechanicBetting), "chips that decide nothing")
	tricks.WinConditions = []genome.WinCondition{{Kind: genome.WinMostTricks}, {Kind: genome.WinMostChips}}
	assert.False(t, HasMechanic(tricks, MechanicBetting), "chips that only break ties")
	assert.Equal(t, []string{MechanicTricks}, missingMechanics(seedGenome(t, "go_fish"), []string{MechanicTricks}))
}

func TestAblateRemovesWhatDoesNothing(t *testing.T) {
	g := seedGenome(t, "crazy_eights")
	// A peek effect on a rank nobody can hold (the deck has no jokers, so
	// a joker-only rank set never matches): it never fires.
	e := g.Effects[0]
	e.Kind = genome.EffectPeek
	e.Target = genome.TargetNextPlayer
	e.Value = 1
	e.Ranks = genome.Ranks(cards.RankJoker)
	g.Effects = append(g.Effects, e)
	require.Empty(t, genome.Validate(g))
	pruned, removed, err := Ablate(context.Background(), g, "greedy", 2, 4, 3, sim.Options{})
	require.NoError(t, err)
	assert.Contains(t, removed, "effect 1")
	assert.Len(t, pruned.Effects, 1)
	assert.Len(t, pruned.Phases, 1, "the play phase matters")
}

func TestSkillBand(t *testing.T) {
	c := 0.5
	assert.Equal(t, 0.0, SkillBand(0.45, 0.6, c), "a coin flip")
	assert.Equal(t, 1.0, SkillBand(0.7, 0.8, c), "clearly better, not always")
	assert.InDelta(t, 0.0, SkillBand(0.97, 1, c), 1e-12, "always wins is as bad as a coin flip")
	assert.InDelta(t, 0.5, SkillBand(0.575, 0.8, c), 1e-12)
	lo, hi := wilson(0.5, 400)
	assert.InDelta(t, 0.451, lo, 0.001)
	assert.InDelta(t, 0.549, hi, 0.001)
	l := &sim.LadderResult{Players: 2, Steps: []sim.LadderStep{{WinRate: 0.75, Lo: 0.7, Hi: 0.8, Beats: true}, {WinRate: 0.52, Lo: 0.45, Hi: 0.6}}}
	assert.InDelta(t, 0.5, ladderSkill(l), 1e-12)
	assert.False(t, monotone(l))
	l.Steps[1].WinRate = 0.48
	assert.Zero(t, ladderSkill(l), "a rung that does not beat chance: no skill at all")
	l.Steps = l.Steps[:1]
	assert.True(t, monotone(l))
	assert.False(t, monotone(nil))
}

func TestAblateFindsDeadPartsThatShiftTheDeal(t *testing.T) {
	g := seedGenome(t, "crazy_eights")
	// One card turned face up beside the stock at the start of the hand,
	// which nothing reads: every later draw takes another card, so the
	// games part ways, but they play alike. (Lint sees it too; ablation
	// finds it by play alone.)
	g.Phases = append([]genome.Phase{{Kind: genome.PhaseDeal, Deal: genome.DealPhase{To: genome.DealToCommunity, Count: 1}}}, g.Phases...)
	g.Turns.CycleStart, g.Turns.CycleEnd = 1, 2
	require.Empty(t, genome.Validate(g))
	ds := genome.Lint(g)
	require.Len(t, ds, 1)
	require.Equal(t, genome.DefectUnusedCommunity, ds[0].Code)
	ctx := context.Background()
	with, err := fingerprint(ctx, g, "greedy", 2, 4, 3, sim.Options{})
	require.NoError(t, err)
	plain, err := fingerprint(ctx, seedGenome(t, "crazy_eights"), "greedy", 2, 4, 3, sim.Options{})
	require.NoError(t, err)
	require.NotEqual(t, plain.print, with.print, "the deal changes the games one by one")
	pruned, removed, err := Ablate(ctx, g, "greedy", 2, 4, 3, sim.Options{})
	require.NoError(t, err)
	assert.Equal(t, []string{"phase 0"}, removed)
	assert.Len(t, pruned.Phases, 1)
	assert.Equal(t, genome.PhasePlay, pruned.Phases[0].Kind, "the play phase matters")
	assert.Len(t, pruned.Effects, 1, "wild eights change play")
}

func TestSameProfile(t *testing.T) {
	games := func(turns ...float64) [][profileLen]float64 {
		out := make([][profileLen]float64, len(turns))
		for i, v := range turns {
			out[i][profTurns] = v
			out[i][profDecisions] = v / 2
		}
		return out
	}
	a := games(20, 24, 22, 30, 18, 26, 21, 23)
	assert.True(t, sameProfile(a, games(21, 23, 22, 29, 19, 25, 22, 24)), "alike")
	assert.False(t, sameProfile(a, games(40, 44, 42, 50, 38, 46, 41, 43)), "twice as long")
	assert.False(t, sameProfile(a, a[:1]), "one game says nothing")
}

func TestPoolLadders(t *testing.T) {
	step := func(rate float64, games int) sim.LadderStep {
		lo, hi := wilson(rate, games)
		return sim.LadderStep{Upper: "greedy", Lower: "random", Games: games, WinRate: rate, Lo: lo, Hi: hi, Beats: lo > 0.5}
	}
	var ls []*sim.LadderResult
	for _, r := range []float64{0.54, 0.56, 0.55, 0.55} {
		ls = append(ls, &sim.LadderResult{Players: 2, Steps: []sim.LadderStep{step(r, 100)}})
	}
	for _, l := range ls {
		require.False(t, l.Steps[0].Beats, "100 games cannot tell 55% from a coin flip")
	}
	p := poolLadders(ls)
	require.Len(t, p.Steps, 1)
	s := p.Steps[0]
	assert.Equal(t, 400, s.Games)
	assert.InDelta(t, 0.55, s.WinRate, 1e-12)
	lo, hi := wilson(0.55, 400)
	assert.InDelta(t, lo, s.Lo, 1e-12)
	assert.InDelta(t, hi, s.Hi, 1e-12)
	assert.True(t, s.Beats, "400 games can: the pooled interval is above 1/2")
	assert.Nil(t, poolLadders(nil))
}
