package genome

import (
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/stretchr/testify/require"
)

func TestValidateReasons(t *testing.T) {
	cases := []struct {
		name, seed string
		mutate     func(g *Genome)
		path, want string
	}{
		{"enum out of range", "war", func(g *Genome) { g.Setup.Deck = 9 }, "setup.deck", "has no name"},
		{"jokers", "war", func(g *Genome) { g.Setup.Jokers = 3 }, "setup.jokers", "must be 0, 1 or 2"},
		{"remove twice", "old_maid", func(g *Genome) { g.Setup.Remove = append(g.Setup.Remove, g.Setup.Remove[0]) }, "setup.remove[1]", "removed twice"},
		{"remove not in deck", "old_maid", func(g *Genome) { g.Setup.Remove = []cards.Card{cards.RedJoker} }, "setup.remove[0]", "not in the deck"},
		{"remove short deck", "old_maid", func(g *Genome) { g.Setup.Deck = DeckShort36; g.Setup.Remove = []cards.Card{cards.MustParse("2c")} }, "setup.remove[0]", "not in the deck"},
		{"min players", "war", func(g *Genome) { g.Setup.MinPlayers = 1 }, "setup.min_players", "must be 2..9"},
		{"max players", "holdem_nl_6max", func(g *Genome) { g.Setup.MaxPlayers = 10 }, "setup.max_players", "must be 2..9"},
		{"min > max", "holdem_nl_6max", func(g *Genome) { g.Setup.MinPlayers = 7 }, "setup.min_players", "must be <= setup.max_players (6)"},
		{"deal all with count", "war", func(g *Genome) { g.Setup.CardsPerPlayer = 3 }, "setup.cards_per_player", "must be 0 when setup.deal_all"},
		{"no cards dealt", "crazy_eights", func(g *Genome) { g.Setup.CardsPerPlayer = 0 }, "setup.cards_per_player", "no phase deals or draws"},
		{"hand size change with deal all", "war", func(g *Genome) { g.Setup.HandSizeChange = 1 }, "setup.hand_size_change", "deal_all"},
		{"hand size change unbounded", "knockout_whist", func(g *Genome) { g.Setup.HandsPerGame = 0 }, "setup.hand_size_change", "needs setup.hands_per_game > 0"},
		{"hand size below one", "knockout_whist", func(g *Genome) { g.Setup.HandsPerGame = 8 }, "setup.hand_size_change", "hand 8 would deal 0 cards"},
		{"turn up with deal all", "war", func(g *Genome) { g.Setup.Trump = TrumpTurnUp }, "setup.trump", "turn_up needs a stock"},
		{"hands per game", "hearts", func(g *Genome) { g.Setup.HandsPerGame = MaxHands + 1 }, "setup.hands_per_game", "must be <= 10000"},
		{"no_chips elimination without chips", "hearts", func(g *Genome) { g.Setup.Elimination = EliminateNoChips }, "setup.elimination", "no_chips needs"},
		{"no_tricks elimination without tricks", "crazy_eights", func(g *Genome) { g.Setup.Elimination = EliminateNoTricks }, "setup.elimination", "no_tricks needs a trick phase"},
		{"too many chips", "betting_war", func(g *Genome) { g.Setup.StartingChips = MaxChips + 1 }, "setup.starting_chips", "must be <= 1000000000"},
		{"blind without chips", "hearts", func(g *Genome) { g.Setup.BigBlind = 2 }, "setup.big_blind", "needs setup.starting_chips > 0"},
		{"small above big", "holdem_nl_heads_up", func(g *Genome) { g.Setup.SmallBlind = 3 }, "setup.small_blind", "must be <= setup.big_blind (2)"},
		{"big above stack", "holdem_nl_heads_up", func(g *Genome) { g.Setup.BigBlind = 500 }, "setup.big_blind", "must be <= setup.starting_chips (200)"},
		{"ante above stack", "betting_war", func(g *Genome) { g.Setup.Ante = 101 }, "setup.ante", "must be <= setup.starting_chips (100)"},
		{"chips never bet", "hearts", func(g *Genome) { g.Setup.StartingChips = 100 }, "setup.starting_chips", "chips are never bet"},
		{"pot never awarded", "betting_war", func(g *Genome) { g.Phases = g.Phases[:1] }, "phases", "no showdown phase or pot-awarding trick"},
		{"max turns zero", "war", func(g *Genome) { g.Turns.MaxTurns = 0 }, "turns.max_turns", "every game must end"},
		{"max turns huge", "war", func(g *Genome) { g.Turns.MaxTurns = MaxTurns + 1 }, "turns.max_turns", "must be 1..100000"},
		{"cycle end", "war", func(g *Genome) { g.Turns.CycleEnd = 5 }, "turns.cycle_end", "must be <= the number of phases (1)"},
		{"cycle start", "hearts", func(g *Genome) { g.Turns.CycleStart = 2; g.Turns.CycleEnd = 1 }, "turns.cycle_start", "must be <= turns.cycle_end (1)"},
		{"first card removed", "old_maid", func(g *Genome) { g.Turns.FirstPlayer = FirstHolderOfCard; g.Turns.FirstCard = cards.MustParse("Qc") }, "turns.first_card", "Qc is not in the deck"},
		{"no phases", "war", func(g *Genome) { g.Phases = nil; g.Turns.CycleEnd = 0 }, "phases", "needs at least one phase"},
		{"too many phases", "holdem_nl_6max", func(g *Genome) {
			for len(g.Phases) <= MaxPhases {
				g.Phases = append(g.Phases, Phase{Kind: PhaseDeal, Deal: DealPhase{To: DealToCommunity, Count: 1}})
			}
		}, "phases", "at most 32 phases"},
		{"phase without kind", "war", func(g *Genome) { g.Phases = append(g.Phases, Phase{}) }, "phases[1].kind", "needs a kind"},
		{"deal count", "holdem_nl_6max", func(g *Genome) { g.Phases[1].Deal.Count = 0 }, "phases[1].deal.count", "must be 1..52"},
		{"draw count", "blackjack", func(g *Genome) { g.Phases[2].Draw.Count = 0 }, "phases[2].draw.count", "must be 1..13"},
		{"play min", "crazy_eights", func(g *Genome) { g.Phases[0].Play.MinCards = 0 }, "phases[0].play.min_cards", "must be 1..play.max_cards"},
		{"play max", "crazy_eights", func(g *Genome) { g.Phases[0].Play.MaxCards = 14; g.Phases[0].Play.MinCards = 1 }, "phases[0].play.max_cards", "must be 1..13"},
		{"discard min above max", "five_card_draw_fl", func(g *Genome) { g.Phases[1].Discard.MinCards = 4 }, "phases[1].discard.min_cards", "must be <= discard.max_cards (3)"},
		{"discard max", "five_card_draw_fl", func(g *Genome) { g.Phases[1].Discard.MaxCards = 0 }, "phases[1].discard.max_cards", "must be 1..13"},
		{"set size", "old_maid", func(g *Genome) { g.Phases[0].Discard.SetSize = 5 }, "phases[0].discard.set_size", "must be 0 or 2..4"},
		{"set with counts", "old_maid", func(g *Genome) { g.Phases[0].Discard.MaxCards = 2 }, "phases[0].discard.min_cards", "must be 0 when set_size is set"},
		{"set with condition", "old_maid", func(g *Genome) { g.Phases[0].Discard.Condition = Never() }, "phases[0].discard.condition", "must be always when set_size"},
		{"follow suit from top", "war", func(g *Genome) { g.Phases[0].Trick.FollowSuit = true }, "phases[0].trick.follow_suit", "top_of_hand"},
		{"war cards", "war", func(g *Genome) { g.Phases[0].Trick.WarCards = 6 }, "phases[0].trick.war_cards", "must be 0..5"},
		{"war cards without war", "war", func(g *Genome) { g.Phases[0].Trick.Tie = TieFirstPlayed }, "phases[0].trick.war_cards", "must be 0 unless tie is war"},
		{"pot trick without chips", "war", func(g *Genome) { g.Phases[0].Trick.AwardsPot = true }, "phases[0].trick.awards_pot", "needs setup.starting_chips > 0"},
		{"betting without chips", "hearts", func(g *Genome) {
			g.Phases = append(g.Phases, Phase{Kind: PhaseBetting, Betting: BettingPhase{MinBet: 1, MaxRaises: 1}})
		}, "phases[2].betting", "needs setup.starting_chips > 0"},
		{"min bet zero", "five_card_draw_fl", func(g *Genome) { g.Phases[2].Betting.MinBet = 0 }, "phases[2].betting.min_bet", "must be > 0 and <= setup.starting_chips (200), is 0"},
		{"min bet above stack", "holdem_nl_heads_up", func(g *Genome) { g.Phases[2].Betting.MinBet = 1000 }, "phases[2].betting.min_bet", "must be > 0 and <= setup.starting_chips (200), is 1000"},
		{"fixed limit no raises", "five_card_draw_fl", func(g *Genome) { g.Phases[0].Betting.MaxRaises = 0 }, "phases[0].betting.max_raises", "must be >= 1 under fixed_limit"},
		{"too many raises", "holdem_nl_6max", func(g *Genome) { g.Phases[0].Betting.MaxRaises = 21 }, "phases[0].betting.max_raises", "must be <= 20"},
		{"claim min", "cheat", func(g *Genome) { g.Phases[0].Claim.MinCards = 0 }, "phases[0].claim.min_cards", "must be 1..claim.max_cards"},
		{"claim max", "cheat", func(g *Genome) { g.Phases[0].Claim.MaxCards = 9 }, "phases[0].claim.max_cards", "must be 1..8"},
		{"claim joker", "cheat", func(g *Genome) { g.Phases[0].Claim.FirstRank = cards.RankJoker }, "phases[0].claim.first_rank", "standard rank"},
		{"hole cards", "omaha_pl", func(g *Genome) { g.Phases[7].Showdown.HoleCards = 6 }, "phases[7].showdown.hole_cards", "must be 0..5"},
		{"poker needs five cards", "betting_war", func(g *Genome) { g.Phases[1].Showdown.Method = ShowdownPokerHigh }, "phases[1].showdown", "needs 5 cards"},
		{"omaha needs community", "omaha_pl", func(g *Genome) { g.Phases[1].Deal.To = DealToEachPlayer }, "phases[7].showdown.hole_cards", "community"},
		{"hole cards on high card", "betting_war", func(g *Genome) { g.Phases[1].Showdown.HoleCards = 1 }, "phases[1].showdown.hole_cards", "must be 0 unless method is poker_high"},
		{"point limit", "blackjack", func(g *Genome) { g.Setup.PointLimit = 1 }, "setup.point_limit", "must be >= 2"},
		{"fish count", "go_fish", func(g *Genome) { g.Phases[1].Ask.FishCount = 6 }, "phases[1].ask.fish_count", "must be 0..5"},
		{"again on fish", "go_fish", func(g *Genome) { g.Phases[1].Ask.FishCount = 0 }, "phases[1].ask.again_on_fish", "needs fish_count > 0"},
		{"condition depth", "crazy_eights", func(g *Genome) {
			c := Is(TestSameRankAsTop)
			for range MaxConditionDepth {
				c = Not(c)
			}
			g.Phases[0].Play.Condition = c
		}, "phases[0].play.condition", "nested 7 deep"},
		{"condition nodes", "crazy_eights", func(g *Genome) {
			var args []Condition
			for range MaxConditionNodes {
				args = append(args, Is(TestSameRankAsTop))
			}
			g.Phases[0].Play.Condition = Or(args...)
		}, "phases[0].play.condition", "has 33 nodes"},
		{"test none", "crazy_eights", func(g *Genome) { g.Phases[0].Play.Condition = Condition{Op: OpTest} }, "phases[0].play.condition.test", "needs a test"},
		{"card test without card", "blackjack", func(g *Genome) { g.Phases[2].Draw.Condition = Is(TestSameSuitAsTop) }, "phases[2].draw.condition.test", "no candidate card"},
		{"card test in cycle_until", "hearts", func(g *Genome) { g.Turns.CycleUntil = Is(TestCardIsTrump) }, "turns.cycle_until.test", "no candidate card"},
		{"empty ranks", "crazy_eights", func(g *Genome) { g.Phases[0].Play.Condition = RankTest(TestCardRankIn, 0) }, "phases[0].play.condition.ranks", "needs at least one rank"},
		{"empty suits", "hearts", func(g *Genome) { g.Phases[1].Trick.LeadCondition = SuitTest(TestSuitPlayed, 0) }, "phases[1].trick.lead_condition.suits", "needs at least one suit"},
		{"and without args", "crazy_eights", func(g *Genome) { g.Phases[0].Play.Condition = And() }, "phases[0].play.condition.args", "and needs at least one argument"},
		{"not with two args", "crazy_eights", func(g *Genome) {
			g.Phases[0].Play.Condition = Condition{Op: OpNot, Args: []Condition{Always(), Always()}}
		}, "phases[0].play.condition.args", "not takes 1 arguments, has 2"},
		{"leaf with args", "crazy_eights", func(g *Genome) {
			c := Is(TestSameRankAsTop)
			c.Args = []Condition{Always()}
			g.Phases[0].Play.Condition = c
		}, "phases[0].play.condition.args", "test takes 0 arguments"},
		{"test on and node", "crazy_eights", func(g *Genome) { g.Phases[0].Play.Condition.Test = TestHandSize }, "phases[0].play.condition.test", "must be none on a or node"},
		{"too many effects", "crazy_eights", func(g *Genome) {
			for len(g.Effects) <= MaxEffects {
				g.Effects = append(g.Effects, g.Effects[0])
			}
		}, "effects", "at most 16 effects"},
		{"effect ranks", "crazy_eights", func(g *Genome) { g.Effects[0].Ranks = 0 }, "effects[0].ranks", "needs at least one rank"},
		{"effect value", "crazy_eights", func(g *Genome) { g.Effects[0].Kind = EffectDraw }, "effects[0].value", "draw needs a value of 1..5"},
		{"effect never triggers", "hearts", func(g *Genome) { g.Effects = []Effect{{Ranks: Ranks(cards.Ace), Kind: EffectSkip}} }, "effects[0]", "no play phase"},
		{"too many scoring rules", "hearts", func(g *Genome) {
			for len(g.Scoring) <= MaxScoring {
				g.Scoring = append(g.Scoring, g.Scoring[0])
			}
		}, "scoring", "at most 16 rules"},
		{"zero points", "hearts", func(g *Genome) { g.Scoring[0].Points = 0 }, "scoring[0].points", "must not be 0"},
		{"card_won unreachable", "crazy_eights", func(g *Genome) { g.Scoring = []ScoringRule{{Kind: ScoreCardWon, Points: 1}} }, "scoring[0].kind", "card_won never scores"},
		{"trick_won unreachable", "crazy_eights", func(g *Genome) { g.Scoring = []ScoringRule{{Kind: ScoreTrickWon, Points: 1}} }, "scoring[0].kind", "trick_won never scores"},
		{"set_made unreachable", "crazy_eights", func(g *Genome) { g.Scoring = []ScoringRule{{Kind: ScoreSetMade, Points: 1}} }, "scoring[0].kind", "set_made never scores"},
		{"went_out unreachable", "war", func(g *Genome) { g.Scoring = []ScoringRule{{Kind: ScoreWentOut, Points: 1}} }, "scoring[0].kind", "went_out never scores"},
		{"showdown_won unreachable", "war", func(g *Genome) { g.Scoring = []ScoringRule{{Kind: ScoreShowdownWon, Points: 1}} }, "scoring[0].kind", "showdown_won never scores"},
		{"filter on trick_won", "hearts", func(g *Genome) { g.Scoring[0].Kind = ScoreTrickWon }, "scoring[0].ranks", "counts no cards"},
		{"no win condition", "war", func(g *Genome) { g.WinConditions = nil }, "win_conditions", "needs at least one"},
		{"too many win conditions", "holdem_nl_6max", func(g *Genome) {
			for _, k := range []WinKind{WinBestHand, WinHighScore, WinLowScore, WinFirstToScore, WinMostTricks} {
				g.WinConditions = append(g.WinConditions, WinCondition{Kind: k})
			}
		}, "win_conditions", "at most 6"},
		{"win twice", "war", func(g *Genome) { g.WinConditions = append(g.WinConditions, g.WinConditions[0]) }, "win_conditions[1].kind", "listed twice"},
		{"empty hand unreachable", "war", func(g *Genome) { g.WinConditions = []WinCondition{{Kind: WinEmptyHand}} }, "win_conditions[0].kind", "empty_hand is unreachable: no phase can empty a hand"},
		{"capture all unreachable", "crazy_eights", func(g *Genome) { g.WinConditions = []WinCondition{{Kind: WinCaptureAll}} }, "win_conditions[0].kind", "capture_all is unreachable"},
		{"score unreachable", "war", func(g *Genome) { g.WinConditions = []WinCondition{{Kind: WinHighScore}} }, "win_conditions[0].kind", "no scoring rules"},
		{"most tricks unreachable", "crazy_eights", func(g *Genome) { g.WinConditions = []WinCondition{{Kind: WinMostTricks}} }, "win_conditions[0].kind", "most_tricks is unreachable"},
		{"best hand unreachable", "war", func(g *Genome) { g.WinConditions = []WinCondition{{Kind: WinBestHand}} }, "win_conditions[0].kind", "no showdown phase"},
		{"chips unreachable", "war", func(g *Genome) { g.WinConditions = []WinCondition{{Kind: WinMostChips}} }, "win_conditions[0].kind", "chips are never bet"},
		{"last standing unreachable", "war", func(g *Genome) { g.WinConditions = []WinCondition{{Kind: WinLastStanding}} }, "win_conditions[0].kind", "nobody is ever eliminated"},
		{"first to score threshold", "hearts", func(g *Genome) { g.WinConditions = []WinCondition{{Kind: WinFirstToScore}} }, "win_conditions[0].threshold", "needs a threshold > 0"},
		{"negative threshold", "hearts", func(g *Genome) { g.WinConditions[0].Threshold = -1 }, "win_conditions[0].threshold", "must be >= 0"},
		{"threshold not taken", "war", func(g *Genome) { g.WinConditions[0].Threshold = 5 }, "win_conditions[0].threshold", "takes no threshold"},
		{"deck too small", "holdem_nl_6max", func(g *Genome) { g.Setup.MaxPlayers = 9; g.Setup.CardsPerPlayer = 6 }, "setup.cards_per_player", "9 players need 59 cards"},
		{"deck too small by refill", "five_card_draw_fl", func(g *Genome) { g.Phases[1].Discard.MaxCards = 5 }, "setup.cards_per_player", "but the deck has 52"},
		{"deal all too many shared", "cheat", func(g *Genome) { g.Setup.InitialDiscard = 50 }, "setup.deal_all", "cannot give each of 6 players a card"},
		{"deal all with deal phase", "cheat", func(g *Genome) {
			g.Phases = append(g.Phases, Phase{Kind: PhaseDeal, Deal: DealPhase{Count: 1}})
		}, "phases", "setup.deal_all leaves no stock"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := Seed(c.seed)
			require.NoError(t, err)
			if ps := Validate(g); len(ps) > 0 {
				t.Fatalf("seed %s invalid before the change: %v", c.seed, ps)
			}
			c.mutate(g)
			ps := Validate(g)
			for _, p := range ps {
				if p.Path == c.path && strings.Contains(p.Reason, c.want) {
					return
				}
			}
			t.Fatalf("want %s: …%s…, got:\n%v", c.path, c.want, ps)
		})
	}
}

func TestValidateListsEveryProblem(t *testing.T) {
	g, _ := Seed("holdem_nl_heads_up")
	g.Setup.Jokers = 3
	g.Turns.MaxTurns = 0
	g.Phases[0].Betting.MinBet = 0
	ps := Validate(g)
	if len(ps) != 3 {
		t.Fatalf("want 3 problems, got %d:\n%v", len(ps), ps)
	}
	if ps.Err() == nil || !strings.Contains(ps.Error(), "phases[0].betting.min_bet: must be > 0 and <= setup.starting_chips (200), is 0") {
		t.Fatalf("error text:\n%v", ps.Error())
	}
	if (Problems(nil)).Err() != nil {
		t.Fatal("no problems must give a nil error")
	}
}

func TestRepairFixesBrokenGenomes(t *testing.T) {
	g, _ := Seed("holdem_nl_6max")
	g.Setup.Jokers = 7
	g.Setup.MaxPlayers = 12
	g.Setup.CardsPerPlayer = 40
	g.Turns.MaxTurns = 0
	g.Phases[0].Betting.MinBet = 0
	g.Phases = append(g.Phases, Phase{})
	g.WinConditions = append(g.WinConditions, WinCondition{Kind: WinMostTricks}, WinCondition{Kind: WinMostChips})
	g.Effects = []Effect{{Kind: EffectDraw}}
	if len(Validate(g)) == 0 {
		t.Fatal("broken genome passed Validate")
	}
	if ps := Repair(g); len(ps) > 0 {
		t.Fatalf("Repair left problems:\n%v", ps)
	}
	if g.Phases[0].Betting.MinBet != 1 || g.Setup.Jokers != 2 || len(g.Effects) != 0 || len(g.WinConditions) != 2 {
		t.Fatalf("unexpected repair: min bet %d, jokers %d, effects %v, wins %v",
			g.Phases[0].Betting.MinBet, g.Setup.Jokers, g.Effects, g.WinConditions)
	}
	// A valid genome is left alone.
	h, _ := Seed("hearts")
	before, _ := EncodeJSON(h)
	if ps := Repair(h); len(ps) > 0 {
		t.Fatal(ps)
	}
	after, _ := EncodeJSON(h)
	if string(before) != string(after) {
		t.Fatal("Repair changed a valid genome")
	}
}
