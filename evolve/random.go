package evolve

import (
	"math/rand/v2"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/genome"
)

// Random parts of genomes for the mutation operators. They need not be
// valid in context: every mutation ends with genome.Repair and a check.

func chance(rng *rand.Rand, p float64) bool { return rng.Float64() < p }

// between returns a uniform integer in [lo, hi].
func between(rng *rand.Rand, lo, hi int) int {
	if hi <= lo {
		return lo
	}
	return lo + rng.IntN(hi-lo+1)
}

// nudge returns x moved by a small step: ±1, or ×/÷ 2 for larger values,
// kept in [lo, hi].
func nudge(rng *rand.Rand, x, lo, hi int) int {
	switch rng.IntN(4) {
	case 0:
		x++
	case 1:
		x--
	case 2:
		x = x*2 + 1
	default:
		x /= 2
	}
	return min(max(x, lo), hi)
}

// phaseKinds lists the kinds a random phase may take (no betting: the
// betting operators add those).
var phaseKinds = []genome.PhaseKind{genome.PhaseDeal, genome.PhaseDraw, genome.PhasePlay, genome.PhaseDiscard,
	genome.PhaseTrick, genome.PhaseClaim, genome.PhaseShowdown, genome.PhaseAsk}

// randomPhase draws a phase of the given kind.
func randomPhase(rng *rand.Rand, kind genome.PhaseKind) genome.Phase {
	p := genome.Phase{Kind: kind}
	switch kind {
	case genome.PhaseDeal:
		p.Deal = genome.DealPhase{To: genome.DealTarget(rng.IntN(3)), Count: uint8(between(rng, 1, 3)), FaceUp: chance(rng, 0.3)}
	case genome.PhaseDraw:
		p.Draw = genome.DrawPhase{Actor: genome.Actor(rng.IntN(2)), Source: genome.DrawSource(rng.IntN(5)),
			Count: uint8(between(rng, 1, 2)), Mandatory: chance(rng, 0.5), Repeat: chance(rng, 0.15),
			FaceUp: chance(rng, 0.2), Condition: randomCondition(rng, false, 2)}
	case genome.PhasePlay:
		maxC := between(rng, 1, 3)
		p.Play = genome.PlayPhase{Actor: genome.Actor(rng.IntN(2)), Target: genome.PlayTarget(rng.IntN(2)),
			Condition: randomCondition(rng, true, 2), MinCards: uint8(between(rng, 1, maxC)), MaxCards: uint8(maxC),
			SameRank: chance(rng, 0.5), Mandatory: chance(rng, 0.5), IfUnable: genome.IfUnable(rng.IntN(3))}
	case genome.PhaseDiscard:
		d := genome.DiscardPhase{Actor: genome.Actor(rng.IntN(2)), Target: genome.DiscardTarget(rng.IntN(4))}
		if chance(rng, 0.25) {
			d.SetSize = uint8(between(rng, 2, genome.MaxSetSize))
		} else {
			d.MaxCards = uint8(between(rng, 1, 3))
			d.MinCards = uint8(between(rng, 0, int(d.MaxCards)))
			d.Refill = chance(rng, 0.3)
			d.Condition = randomCondition(rng, true, 2)
		}
		p.Discard = d
	case genome.PhaseTrick:
		t := genome.TrickPhase{LeadCondition: randomCondition(rng, true, 1), Winner: genome.TrickWinner(rng.IntN(4)),
			PlayFrom: genome.PlayFrom(rng.IntN(2)), Tie: genome.TieRule(rng.IntN(2)), Collect: genome.Collect(rng.IntN(2)),
			AwardsPot: chance(rng, 0.2)}
		t.FollowSuit = t.PlayFrom == genome.FromChoice && chance(rng, 0.7)
		if t.Tie == genome.TieWar {
			t.WarCards = uint8(between(rng, 0, 3))
		}
		p.Trick = t
	case genome.PhaseBetting:
		p.Betting = randomBetting(rng, 100)
	case genome.PhaseClaim:
		maxC := between(rng, 1, 4)
		p.Claim = genome.ClaimPhase{MinCards: uint8(between(rng, 1, maxC)), MaxCards: uint8(maxC),
			RankRule: genome.ClaimRank(rng.IntN(2)), FirstRank: cards.Rank(rng.IntN(cards.NumRanks)),
			Challenge: genome.Challenge(rng.IntN(2))}
	case genome.PhaseShowdown:
		p.Showdown = genome.ShowdownPhase{Method: genome.ShowdownMethod(rng.IntN(3))}
	case genome.PhaseAsk:
		p.Ask = genome.AskPhase{Target: genome.AskTarget(rng.IntN(2)), MustHoldRank: chance(rng, 0.7),
			FishCount: uint8(between(rng, 0, 2)), AgainOnSuccess: chance(rng, 0.5)}
		p.Ask.AgainOnFish = p.Ask.FishCount > 0 && chance(rng, 0.5)
	}
	return p
}

// randomBetting draws a betting round for a game with the given starting
// chips: 0 < min_bet <= chips.
func randomBetting(rng *rand.Rand, chips uint32) genome.BettingPhase {
	top := max(int(chips)/10, 1)
	b := genome.BettingPhase{MinBet: uint32(between(rng, 1, top)), Structure: genome.BetStructure(rng.IntN(3))}
	if b.Structure == genome.FixedLimit {
		b.MaxRaises = uint8(between(rng, 1, 4))
	} else {
		b.MaxRaises = uint8(between(rng, 0, 4))
	}
	return b
}

// randomCondition draws a condition at most depth deep; card says whether
// card tests are allowed.
func randomCondition(rng *rand.Rand, card bool, depth int) genome.Condition {
	if depth <= 1 || chance(rng, 0.6) {
		if chance(rng, 0.2) {
			return genome.Always()
		}
		return randomLeaf(rng, card)
	}
	switch rng.IntN(3) {
	case 0:
		return genome.And(randomCondition(rng, card, depth-1), randomCondition(rng, card, depth-1))
	case 1:
		return genome.Or(randomCondition(rng, card, depth-1), randomCondition(rng, card, depth-1))
	}
	return genome.Not(randomCondition(rng, card, depth-1))
}

// numTests are numeric tests with their useful value ranges.
var numTests = []struct {
	t      genome.Test
	hi     int
	noCard bool
}{
	{genome.TestCardPoints, 11, false}, {genome.TestCardRankVsTop, 0, false},
	{genome.TestHandSize, 10, true}, {genome.TestHandPoints, 25, true}, {genome.TestScore, 50, true},
	{genome.TestChips, 200, true}, {genome.TestTricksWon, 6, true}, {genome.TestWonCards, 20, true},
	{genome.TestLargestSet, 4, true}, {genome.TestStockSize, 30, true}, {genome.TestDiscardSize, 20, true},
	{genome.TestTurnNumber, 40, true}, {genome.TestHandNumber, 10, true}, {genome.TestTricksPlayed, 8, true},
	{genome.TestPlayersIn, 5, true},
}

func randomLeaf(rng *rand.Rand, card bool) genome.Condition {
	if card && chance(rng, 0.5) {
		switch rng.IntN(6) {
		case 0:
			return genome.RankTest(genome.TestCardRankIn, randomRanks(rng))
		case 1:
			return genome.SuitTest(genome.TestCardSuitIn, genome.Suits(cards.Suit(rng.IntN(cards.NumSuits))))
		case 2:
			return genome.Is(genome.TestSameRankAsTop)
		case 3:
			return genome.Is(genome.TestSameSuitAsTop)
		case 4:
			return genome.Or(genome.Is(genome.TestSameRankAsTop), genome.Is(genome.TestSameSuitAsTop))
		}
		return genome.Num(genome.TestCardRankVsTop, genome.Cmp(rng.IntN(6)), 0)
	}
	switch rng.IntN(4) {
	case 0:
		return genome.RankTest(genome.TestHasRank, randomRanks(rng))
	case 1:
		return genome.SuitTest(genome.TestHasSuit, genome.Suits(cards.Suit(rng.IntN(cards.NumSuits))))
	}
	for {
		nt := numTests[rng.IntN(len(numTests))]
		if !nt.noCard && !card {
			continue
		}
		return genome.Num(nt.t, genome.Cmp(rng.IntN(6)), int16(between(rng, 0, nt.hi)))
	}
}

func randomRanks(rng *rand.Rand) genome.RankSet {
	s := genome.Ranks(cards.Rank(rng.IntN(13)))
	for chance(rng, 0.4) {
		s |= genome.Ranks(cards.Rank(rng.IntN(13)))
	}
	return s
}

// randomEffect draws a special card.
func randomEffect(rng *rand.Rand) genome.Effect {
	e := genome.Effect{Ranks: genome.Ranks(cards.Rank(rng.IntN(13))), Kind: genome.EffectKind(rng.IntN(10)),
		Target: genome.EffectTarget(rng.IntN(4)), Value: uint8(between(rng, 1, 2))}
	if chance(rng, 0.25) {
		e.Suits = genome.Suits(cards.Suit(rng.IntN(cards.NumSuits)))
	}
	return e
}

// randomWin draws a win condition.
func randomWin(rng *rand.Rand) genome.WinCondition {
	w := genome.WinCondition{Kind: genome.WinKind(rng.IntN(11))}
	switch w.Kind {
	case genome.WinFirstToScore:
		w.Threshold = int32(between(rng, 5, 100))
	case genome.WinHighScore, genome.WinLowScore:
		if chance(rng, 0.5) {
			w.Threshold = int32(between(rng, 5, 100))
		}
	}
	return w
}

// randomScoring draws a scoring rule.
func randomScoring(rng *rand.Rand) genome.ScoringRule {
	r := genome.ScoringRule{Kind: genome.ScoreKind(rng.IntN(6)), Points: int16(between(rng, -5, 10))}
	if r.Points == 0 {
		r.Points = 1
	}
	if r.Kind == genome.ScoreCardWon || r.Kind == genome.ScoreCardInHand {
		if chance(rng, 0.5) {
			r.Ranks = randomRanks(rng)
		}
		if chance(rng, 0.3) {
			r.Suits = genome.Suits(cards.Suit(rng.IntN(cards.NumSuits)))
		}
	}
	return r
}
