package genome

import (
	"testing"

	"github.com/deckforge/deckforge/engine/cards"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSeedsPassLint(t *testing.T) {
	gs, err := Seeds()
	require.NoError(t, err)
	require.NotEmpty(t, gs)
	for _, g := range gs {
		assert.Empty(t, Lint(g), "seed %s", g.ID)
	}
}

func lintCodes(g *Genome) map[DefectCode][]string {
	m := map[DefectCode][]string{}
	for _, d := range Lint(g) {
		m[d.Code] = append(m[d.Code], d.Path)
	}
	return m
}

func mustSeed(t *testing.T, id string) *Genome {
	t.Helper()
	g, err := Seed(id)
	require.NoError(t, err)
	return g
}

func TestLintFindsEachDefect(t *testing.T) {
	bet := Phase{Kind: PhaseBetting, Betting: BettingPhase{MinBet: 2, Structure: NoLimit}}
	show := Phase{Kind: PhaseShowdown, Showdown: ShowdownPhase{Method: ShowdownHighCard}}
	cases := []struct {
		name  string
		seed  string
		edit  func(g *Genome)
		code  DefectCode
		paths []string
	}{
		{"back-to-back betting", "holdem_nl_heads_up", func(g *Genome) {
			g.Phases = append([]Phase{bet}, g.Phases...)
		}, DefectEmptyBettingRound, []string{"phases[1]"}},
		{"betting alone in a repeated cycle", "holdem_nl_heads_up", func(g *Genome) {
			g.Phases = []Phase{bet, show}
			g.Turns.CycleStart, g.Turns.CycleEnd = 0, 1
			g.Turns.CycleUntil = Num(TestTurnNumber, CmpGe, 3)
		}, DefectEmptyBettingRound, []string{"phases[0]"}},
		{"second showdown finds an empty pot", "betting_war", func(g *Genome) {
			g.Phases = append(g.Phases, show)
		}, DefectEmptyPotShowdown, []string{"phases[2]"}},
		{"phase after the showdown", "betting_war", func(g *Genome) {
			g.Phases = append(g.Phases, Phase{Kind: PhaseDeal, Deal: DealPhase{To: DealToEachPlayer, Count: 1}})
		}, DefectAfterShowdown, []string{"phases[2]"}},
		{"two showdowns", "betting_war", func(g *Genome) {
			g.Phases = append(g.Phases, bet, show)
		}, DefectManyShowdowns, []string{"phases[3]"}},
		{"unread scoring", "war", func(g *Genome) {
			g.Scoring = []ScoringRule{{Kind: ScoreTrickWon, Points: 1}}
		}, DefectUnreadScoring, []string{"scoring"}},
		{"trump without tricks", "crazy_eights", func(g *Genome) {
			g.Setup.Trump = TrumpFixed
		}, DefectTrumpWithoutTricks, []string{"setup.trump"}},
		{"chips without betting", "war", func(g *Genome) {
			g.Setup.StartingChips = 50
		}, DefectChipsWithoutBetting, []string{"setup.starting_chips"}},
		{"bets below half the big blind", "holdem_nl_heads_up", func(g *Genome) {
			g.Setup.SmallBlind, g.Setup.BigBlind = 10, 21
			g.Phases[2].Betting.MinBet = 10
		}, DefectTinyBet, []string{"phases[0].betting.min_bet", "phases[2].betting.min_bet", "phases[4].betting.min_bet", "phases[6].betting.min_bet"}},
		{"tableau nobody plays to", "betting_war", func(g *Genome) {
			g.Setup.Tableau = 2
			g.Phases = append([]Phase{{Kind: PhaseDeal, Deal: DealPhase{To: DealToTableau, Count: 1}}}, g.Phases...)
		}, DefectUnusedTableau, []string{"setup.tableau", "phases[0]"}},
		{"community cards under a high-card showdown", "betting_war", func(g *Genome) {
			g.Phases = append([]Phase{{Kind: PhaseDeal, Deal: DealPhase{To: DealToCommunity, Count: 3}}}, g.Phases...)
			g.Setup.Community = 1
		}, DefectUnusedCommunity, []string{"setup.community", "phases[0]"}},
		{"trump in tricks won by rank alone", "knockout_whist", func(g *Genome) {
			g.Phases[0].Trick.Winner = HighRank
		}, DefectTrumpIgnored, []string{"setup.trump"}},
		{"a test of a discard pile that stays empty", "knockout_whist", func(g *Genome) {
			g.Phases[0].Trick.LeadCondition = Or(Is(TestSameSuitAsTop), Num(TestDiscardSize, CmpGe, 2))
		}, DefectEmptyPileTest, []string{"phases[0].trick.lead_condition"}},
		{"a test of a discard pile that only passed cards skip", "hearts", func(g *Genome) {
			g.Phases[1].Trick.LeadCondition = Num(TestDiscardSize, CmpGe, 19)
		}, DefectEmptyPileTest, []string{"phases[1].trick.lead_condition"}},
		{"wild ranks nothing honours", "betting_war", func(g *Genome) {
			g.Setup.WildRanks = Ranks(cards.Two)
		}, DefectUnusedWild, []string{"setup.wild_ranks"}},
		{"a card filter and a cycle that read game-wide counters", "crazy_eights", func(g *Genome) {
			g.Phases[0].Play.Condition = Or(g.Phases[0].Play.Condition, Num(TestHandNumber, CmpLt, 10))
			g.Turns.CycleUntil = Num(TestTurnNumber, CmpGt, 39)
		}, DefectGameCounter, []string{"phases[0].play.condition", "turns.cycle_until"}},
		{"a repeated turn cycle in a chip game", "five_card_draw_fl", func(g *Genome) {
			g.Turns.CycleStart, g.Turns.CycleEnd = 1, 3
			g.Turns.CycleUntil = Num(TestStockSize, CmpLt, 10)
		}, DefectRepeatedCycleWithChips, []string{"turns.cycle_until"}},
		{"a blind draw from another player's hand in a chip game", "five_card_draw_fl", func(g *Genome) {
			g.Phases = append(g.Phases[:2], append([]Phase{{Kind: PhaseDraw, Draw: DrawPhase{Actor: ActorEachPlayer, Source: DrawFromNextPlayer, Count: 2}}}, g.Phases[2:]...)...)
		}, DefectBlindDraw, []string{"phases[2].draw.source"}},
		{"a blind draw from another player's hand in a trick game", "knockout_whist", func(g *Genome) {
			g.Phases = append([]Phase{g.Phases[0], {Kind: PhaseDraw, Draw: DrawPhase{Actor: ActorEachPlayer, Source: DrawFromNextPlayer, Count: 2}}}, g.Phases[1:]...)
			g.Turns.CycleStart++
			g.Turns.CycleEnd++
		}, DefectBlindDraw, []string{"phases[1].draw.source"}},
		{"cards passed to another player in a chip game", "five_card_draw_fl", func(g *Genome) {
			g.Phases[1].Discard.Target = DiscardToPreviousPlayer
		}, DefectPassWithChips, []string{"phases[1].discard.target"}},
		{"draws and discards of a chip game limited by a filter", "five_card_draw_fl", func(g *Genome) {
			g.Phases[1].Discard.Condition = Condition{Op: OpTest, Test: TestCardSuitIn, Suits: Suits(cards.Diamonds)}
			g.Phases = append(g.Phases[:2], append([]Phase{{Kind: PhaseDraw, Draw: DrawPhase{Actor: ActorEachPlayer, Count: 2, Condition: Not(Is(TestHasRank))}}}, g.Phases[2:]...)...)
		}, DefectFilterWithChips, []string{"phases[1].discard.condition", "phases[2].draw.condition"}},
		{"a chip game's draw that repeats with no limit", "five_card_draw_fl", func(g *Genome) {
			g.Phases[1] = Phase{Kind: PhaseDraw, Draw: DrawPhase{Actor: ActorEachPlayer, Count: 2, Repeat: true}}
		}, DefectUnlimitedDraw, []string{"phases[1].draw.repeat"}},
		{"a chip game with betting but no blind or ante", "five_card_draw_fl", func(g *Genome) {
			g.Setup.SmallBlind, g.Setup.BigBlind, g.Setup.Ante = 0, 0, 0
		}, DefectNoForcedBets, []string{"setup.ante"}},
		{"a discard starter nothing reads", "betting_war", func(g *Genome) {
			g.Setup.InitialDiscard = 1
		}, DefectUnusedInitialDiscard, []string{"setup.initial_discard"}},
		{"a discard starter nothing reads, without chips", "war", func(g *Genome) {
			g.Setup.InitialDiscard = 1
		}, DefectUnusedInitialDiscard, []string{"setup.initial_discard"}},
		{"a chip game's draw and discard by one player", "five_card_draw_fl", func(g *Genome) {
			g.Phases[1].Discard.Actor = ActorCurrentPlayer
			g.Phases = append(g.Phases[:2], append([]Phase{{Kind: PhaseDraw, Draw: DrawPhase{Actor: ActorCurrentPlayer, Count: 1}}}, g.Phases[2:]...)...)
		}, DefectLoneActorWithChips, []string{"phases[1].discard.actor", "phases[2].draw.actor"}},
		{"a chip game's hands started by a card's holder", "five_card_draw_fl", func(g *Genome) {
			g.Turns.FirstPlayer, g.Turns.FirstCard = FirstHolderOfCard, cards.MustParse("2d")
		}, DefectCardHolderStartsWithChips, []string{"turns.first_player"}},
		{"cards drawn after the last betting round", "five_card_draw_fl", func(g *Genome) {
			g.Phases[1], g.Phases[2] = g.Phases[2], g.Phases[1]
			g.Phases = append(g.Phases[:3], append([]Phase{{Kind: PhaseDeal, Deal: DealPhase{To: DealToEachPlayer, Count: 1}}}, g.Phases[3:]...)...)
		}, DefectUnbetCards, []string{"phases[2]", "phases[3]"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := mustSeed(t, c.seed)
			c.edit(g)
			got := lintCodes(g)
			assert.Equal(t, c.paths, got[c.code], "all defects: %v", Lint(g))
		})
	}
}

func TestLintSharedCardsAndWildsInUse(t *testing.T) {
	// Hold'em's community cards feed its poker showdown, where wild cards
	// stand for any card.
	g := mustSeed(t, "holdem_nl_heads_up")
	g.Setup.WildRanks = Ranks(cards.Two)
	assert.Empty(t, Lint(g))
	// Omaha uses exactly two hole cards: wild cards count as themselves.
	o := mustSeed(t, "omaha_pl")
	o.Setup.WildRanks = Ranks(cards.Two)
	assert.Equal(t, []string{"setup.wild_ranks"}, lintCodes(o)[DefectUnusedWild])
	// A play phase with a condition honours wilds and reads a tableau it plays to.
	c8 := mustSeed(t, "crazy_eights")
	c8.Setup.WildRanks = Ranks(cards.Two)
	c8.Setup.Tableau = 1
	codes := lintCodes(c8)
	assert.NotContains(t, codes, DefectUnusedWild)
	assert.Contains(t, codes, DefectUnusedTableau)
	c8.Phases[0].Play.Target = PlayToTableau
	assert.NotContains(t, lintCodes(c8), DefectUnusedTableau)
	// So does a card_is_wild test.
	bw := mustSeed(t, "betting_war")
	bw.Setup.WildRanks = Ranks(cards.Two)
	bw.Phases = append([]Phase{{Kind: PhaseDiscard, Discard: DiscardPhase{MinCards: 0, MaxCards: 1, Condition: Is(TestCardIsWild)}}}, bw.Phases...)
	assert.NotContains(t, lintCodes(bw), DefectUnusedWild)
}

func TestLintChipHandDefectsOnlyWithChips(t *testing.T) {
	// Old Maid draws from the previous player's hand and Hearts passes
	// cards: without chips neither is a defect.
	assert.Empty(t, Lint(mustSeed(t, "old_maid")))
	assert.Empty(t, Lint(mustSeed(t, "hearts")))
	// Blackjack's hit-or-stand draw after the betting is a decision, not
	// unbet cards.
	assert.Empty(t, Lint(mustSeed(t, "blackjack")))
	// A cycle that stops after one pass does not repeat.
	g := mustSeed(t, "five_card_draw_fl")
	g.Turns.CycleStart, g.Turns.CycleEnd = 1, 3
	g.Turns.CycleUntil = Always()
	assert.Empty(t, Lint(g))
}

func TestLintForcedBetsStarterActorsAndStartInUse(t *testing.T) {
	// An ante alone or blinds alone are forced bets; a game without chips
	// needs none.
	for _, id := range []string{"betting_war", "blackjack", "holdem_nl_heads_up", "war"} {
		assert.NotContains(t, lintCodes(mustSeed(t, id)), DefectNoForcedBets, id)
	}
	// Crazy Eights' starter is read by its play condition; a draw from the
	// pile reads it too.
	c8 := mustSeed(t, "crazy_eights")
	require.NotZero(t, c8.Setup.InitialDiscard)
	assert.Empty(t, Lint(c8))
	bw := mustSeed(t, "betting_war")
	bw.Setup.InitialDiscard = 1
	bw.Phases = append([]Phase{{Kind: PhaseDraw, Draw: DrawPhase{Actor: ActorEachPlayer, Source: DrawFromDiscard, Count: 1}}}, bw.Phases...)
	assert.NotContains(t, lintCodes(bw), DefectUnusedInitialDiscard)
	// Without chips one player's draw or discard and a card holder's start
	// are ordinary turns (Go Fish, Old Maid, Hearts' 2c).
	for _, id := range []string{"go_fish", "old_maid", "hearts"} {
		g := mustSeed(t, id)
		codes := lintCodes(g)
		assert.NotContains(t, codes, DefectLoneActorWithChips, id)
		assert.NotContains(t, codes, DefectCardHolderStartsWithChips, id)
	}
	require.Equal(t, FirstHolderOfCard, mustSeed(t, "hearts").Turns.FirstPlayer)
	// Every player in turn draws in Blackjack and discards in draw poker.
	assert.Empty(t, Lint(mustSeed(t, "blackjack")))
	assert.Empty(t, Lint(mustSeed(t, "five_card_draw_fl")))
}

func TestWithoutCounters(t *testing.T) {
	g := mustSeed(t, "crazy_eights")
	want := g.Phases[0].Play.Condition
	c := Or(want, Num(TestHandNumber, CmpLt, 10))
	assert.Equal(t, OpAlways, g.WithoutCounters(c).Op)
	c = And(want, Num(TestTurnNumber, CmpGe, 3))
	got := g.WithoutCounters(c)
	assert.True(t, EqualConditions(&want, &got), "got %+v", got)
}

func TestLintScoreReadByConditionIsUsed(t *testing.T) {
	g := mustSeed(t, "war")
	g.Scoring = []ScoringRule{{Kind: ScoreTrickWon, Points: 1}}
	g.Turns.CycleUntil = Num(TestScore, CmpGe, 10)
	assert.NotContains(t, lintCodes(g), DefectUnreadScoring)
}

func TestLintCycleRunOnceIsNotRepeated(t *testing.T) {
	g := mustSeed(t, "betting_war")
	// A cycle that always stops after one pass: the showdown is met once.
	g.Turns.CycleStart, g.Turns.CycleEnd = 0, 2
	g.Turns.CycleUntil = Always()
	assert.Empty(t, Lint(g))
	g.Turns.CycleUntil = Num(TestTurnNumber, CmpGe, 4)
	codes := lintCodes(g)
	assert.Contains(t, codes, DefectAfterShowdown)
	assert.Contains(t, codes, DefectManyShowdowns)
}

func TestLintDefectsDoNotInvalidate(t *testing.T) {
	g := mustSeed(t, "holdem_nl_heads_up")
	g.Phases = append([]Phase{g.Phases[0]}, g.Phases...)
	g.Phases = append(g.Phases, Phase{Kind: PhaseShowdown, Showdown: ShowdownPhase{Method: ShowdownHighCard}})
	require.NotEmpty(t, Lint(g))
	assert.Empty(t, Validate(g))
	// So do the forced-bet, starter, actor and first-player defects.
	f := mustSeed(t, "five_card_draw_fl")
	f.Setup.SmallBlind, f.Setup.BigBlind = 0, 0
	f.Setup.InitialDiscard = 1
	f.Phases[1].Discard.Actor = ActorCurrentPlayer
	f.Turns.FirstPlayer, f.Turns.FirstCard = FirstHolderOfCard, cards.MustParse("2d")
	codes := lintCodes(f)
	for _, c := range []DefectCode{DefectNoForcedBets, DefectUnusedInitialDiscard, DefectLoneActorWithChips, DefectCardHolderStartsWithChips} {
		assert.Contains(t, codes, c)
	}
	assert.Empty(t, Validate(f))
}

// FuzzLint: Lint never panics on any genome that decodes, valid or not,
// and reports each defect with a known code and a path.
func FuzzLint(f *testing.F) {
	fuzzSeeds(f, false)
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := DecodeJSON(data)
		if err != nil {
			return
		}
		for _, d := range Lint(g) {
			if d.Path == "" || d.Reason == "" {
				t.Fatalf("defect without path or reason: %+v", d)
			}
			known := false
			for _, c := range DefectCodes {
				known = known || c == d.Code
			}
			if !known {
				t.Fatalf("unknown code %q", d.Code)
			}
		}
	})
}
