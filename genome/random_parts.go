package genome

import (
	"math/rand/v2"

	"github.com/deckforge/deckforge/internal/rnd"

	"github.com/deckforge/deckforge/engine/cards"
)

// Random parts of genomes, for Random and for evolution's mutation
// operators. They need not be valid in context: a genome built from them
// is repaired (Repair) and checked.

// RandomPhaseKinds lists the kinds RandomPhase is drawn from without chips:
// every kind but betting (betting rounds need chips).
func RandomPhaseKinds() []PhaseKind {
	var ks []PhaseKind
	for _, k := range PhaseKinds() {
		if k != PhaseBetting {
			ks = append(ks, k)
		}
	}
	return ks
}

// RandomPhase draws a phase of the given kind.
func RandomPhase(rng *rand.Rand, kind PhaseKind) Phase {
	p := Phase{Kind: kind}
	switch kind {
	case PhaseDeal:
		p.Deal = DealPhase{To: DealTarget(rng.IntN(len(dealTargetNames))), Count: uint8(rnd.Between(rng, 1, 3)), FaceUp: rnd.Chance(rng, 0.3)}
	case PhaseDraw:
		p.Draw = DrawPhase{Actor: Actor(rng.IntN(2)), Source: DrawSource(rng.IntN(len(drawSourceNames))),
			Count: uint8(rnd.Between(rng, 1, 2)), Mandatory: rnd.Chance(rng, 0.5), Repeat: rnd.Chance(rng, 0.15),
			FaceUp: rnd.Chance(rng, 0.2), Condition: RandomCondition(rng, false, 2)}
	case PhasePlay:
		maxC := rnd.Between(rng, 1, 3)
		p.Play = PlayPhase{Actor: Actor(rng.IntN(2)), Target: PlayTarget(rng.IntN(2)),
			Condition: RandomCondition(rng, true, 2), MinCards: uint8(rnd.Between(rng, 1, maxC)), MaxCards: uint8(maxC),
			SameRank: rnd.Chance(rng, 0.5), Mandatory: rnd.Chance(rng, 0.5), IfUnable: IfUnable(rng.IntN(len(ifUnableNames)))}
	case PhaseDiscard:
		d := DiscardPhase{Actor: Actor(rng.IntN(2)), Target: DiscardTarget(rng.IntN(len(discardTargetNames)))}
		if rnd.Chance(rng, 0.25) {
			d.SetSize = uint8(rnd.Between(rng, 2, MaxSetSize))
		} else {
			d.MaxCards = uint8(rnd.Between(rng, 1, 3))
			d.MinCards = uint8(rnd.Between(rng, 0, int(d.MaxCards)))
			d.Refill = rnd.Chance(rng, 0.3)
			d.Condition = RandomCondition(rng, true, 2)
		}
		p.Discard = d
	case PhaseTrick:
		t := TrickPhase{LeadCondition: RandomCondition(rng, true, 1), Winner: TrickWinner(rng.IntN(len(trickWinnerNames))),
			PlayFrom: PlayFrom(rng.IntN(2)), Tie: TieRule(rng.IntN(2)), Collect: Collect(rng.IntN(2)),
			AwardsPot: rnd.Chance(rng, 0.2)}
		t.FollowSuit = t.PlayFrom == FromChoice && rnd.Chance(rng, 0.7)
		if t.Tie == TieWar {
			t.WarCards = uint8(rnd.Between(rng, 0, 3))
		}
		p.Trick = t
	case PhaseBetting:
		p.Betting = RandomBetting(rng, 100)
	case PhaseClaim:
		maxC := rnd.Between(rng, 1, 4)
		p.Claim = ClaimPhase{MinCards: uint8(rnd.Between(rng, 1, maxC)), MaxCards: uint8(maxC),
			RankRule: ClaimRank(rng.IntN(2)), FirstRank: cards.Rank(rng.IntN(cards.NumRanks)),
			Challenge: Challenge(rng.IntN(2))}
	case PhaseShowdown:
		p.Showdown = ShowdownPhase{Method: ShowdownMethod(rng.IntN(len(showdownMethodNames)))}
	case PhaseAsk:
		p.Ask = AskPhase{Target: AskTarget(rng.IntN(2)), MustHoldRank: rnd.Chance(rng, 0.7),
			FishCount: uint8(rnd.Between(rng, 0, 2)), AgainOnSuccess: rnd.Chance(rng, 0.5)}
		p.Ask.AgainOnFish = p.Ask.FishCount > 0 && rnd.Chance(rng, 0.5)
	}
	return p
}

// RandomBetting draws a betting round for a game with the given starting
// chips: 0 < min_bet <= chips.
func RandomBetting(rng *rand.Rand, chips uint32) BettingPhase {
	top := max(int(chips)/10, 1)
	b := BettingPhase{MinBet: uint32(rnd.Between(rng, 1, top)), Structure: BetStructure(rng.IntN(len(betStructureNames)))}
	if b.Structure == FixedLimit {
		b.MaxRaises = uint8(rnd.Between(rng, 1, 4))
	} else {
		b.MaxRaises = uint8(rnd.Between(rng, 0, 4))
	}
	return b
}

// RandomCondition draws a condition at most depth deep; card says whether
// card tests are allowed.
func RandomCondition(rng *rand.Rand, card bool, depth int) Condition {
	if depth <= 1 || rnd.Chance(rng, 0.6) {
		if rnd.Chance(rng, 0.2) {
			return Always()
		}
		return RandomTest(rng, card)
	}
	switch rng.IntN(3) {
	case 0:
		return And(RandomCondition(rng, card, depth-1), RandomCondition(rng, card, depth-1))
	case 1:
		return Or(RandomCondition(rng, card, depth-1), RandomCondition(rng, card, depth-1))
	}
	return Not(RandomCondition(rng, card, depth-1))
}

// numTests are numeric tests with their useful value ranges.
var numTests = []struct {
	t      Test
	hi     int
	noCard bool
}{
	{TestCardPoints, 11, false}, {TestCardRankVsTop, 0, false},
	{TestHandSize, 10, true}, {TestHandPoints, 25, true}, {TestScore, 50, true},
	{TestChips, 200, true}, {TestTricksWon, 6, true}, {TestWonCards, 20, true},
	{TestLargestSet, 4, true}, {TestStockSize, 30, true}, {TestDiscardSize, 20, true},
	{TestTurnNumber, 40, true}, {TestHandNumber, 10, true}, {TestTricksPlayed, 8, true},
	{TestPlayersIn, 5, true},
}

// RandomTest draws one test node; card says whether card tests are
// allowed.
func RandomTest(rng *rand.Rand, card bool) Condition {
	if card && rnd.Chance(rng, 0.5) {
		switch rng.IntN(6) {
		case 0:
			return RankTest(TestCardRankIn, randomRanks(rng))
		case 1:
			return SuitTest(TestCardSuitIn, Suits(cards.Suit(rng.IntN(cards.NumSuits))))
		case 2:
			return Is(TestSameRankAsTop)
		case 3:
			return Is(TestSameSuitAsTop)
		case 4:
			return Or(Is(TestSameRankAsTop), Is(TestSameSuitAsTop))
		}
		return Num(TestCardRankVsTop, Cmp(rng.IntN(len(cmpNames))), 0)
	}
	switch rng.IntN(4) {
	case 0:
		return RankTest(TestHasRank, randomRanks(rng))
	case 1:
		return SuitTest(TestHasSuit, Suits(cards.Suit(rng.IntN(cards.NumSuits))))
	}
	for {
		nt := numTests[rng.IntN(len(numTests))]
		if !nt.noCard && !card {
			continue
		}
		return Num(nt.t, Cmp(rng.IntN(len(cmpNames))), int16(rnd.Between(rng, 0, nt.hi)))
	}
}

func randomRanks(rng *rand.Rand) RankSet {
	s := Ranks(cards.Rank(rng.IntN(13)))
	for rnd.Chance(rng, 0.4) {
		s |= Ranks(cards.Rank(rng.IntN(13)))
	}
	return s
}

// RandomEffect draws a special card.
func RandomEffect(rng *rand.Rand) Effect {
	e := Effect{Ranks: Ranks(cards.Rank(rng.IntN(13))), Kind: EffectKind(rng.IntN(len(effectKindNames))),
		Target: EffectTarget(rng.IntN(len(effectTargetNames))), Value: uint8(rnd.Between(rng, 1, 2))}
	if rnd.Chance(rng, 0.25) {
		e.Suits = Suits(cards.Suit(rng.IntN(cards.NumSuits)))
	}
	return e
}

// RandomWin draws a win condition.
func RandomWin(rng *rand.Rand) WinCondition {
	w := WinCondition{Kind: WinKind(rng.IntN(len(winKindNames)))}
	switch w.Kind {
	case WinFirstToScore:
		w.Threshold = int32(rnd.Between(rng, 5, 100))
	case WinHighScore, WinLowScore:
		if rnd.Chance(rng, 0.5) {
			w.Threshold = int32(rnd.Between(rng, 5, 100))
		}
	}
	return w
}

// RandomScoring draws a scoring rule.
func RandomScoring(rng *rand.Rand) ScoringRule {
	r := ScoringRule{Kind: ScoreKind(rng.IntN(len(scoreKindNames))), Points: int16(rnd.Between(rng, -5, 10))}
	if r.Points == 0 {
		r.Points = 1
	}
	if r.Kind == ScoreCardWon || r.Kind == ScoreCardInHand {
		if rnd.Chance(rng, 0.5) {
			r.Ranks = randomRanks(rng)
		}
		if rnd.Chance(rng, 0.3) {
			r.Suits = Suits(cards.Suit(rng.IntN(cards.NumSuits)))
		}
	}
	return r
}
