package genome

import (
	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/deckforge/deckforge/schema/fb"
)

// FileIdentifier is the FlatBuffers file identifier of a genome (bytes 4..8
// of the buffer); it tells a FlatBuffers genome from a JSON one.
const FileIdentifier = "DFGN"

// EncodeFB returns g as a FlatBuffers buffer with the file identifier. It
// fails, naming the path, on the same values EncodeJSON cannot write, so
// every buffer it returns decodes.
func EncodeFB(g *Genome) ([]byte, error) {
	if _, err := contentJSON(g); err != nil {
		return nil, err
	}
	b := flatbuffers.NewBuilder(512)
	root := buildGenome(b, g)
	b.FinishWithFileIdentifier(root, []byte(FileIdentifier))
	return b.FinishedBytes(), nil
}

func buildString(b *flatbuffers.Builder, s string) flatbuffers.UOffsetT {
	if s == "" {
		return 0
	}
	return b.CreateString(s)
}

func buildOffsets(b *flatbuffers.Builder, offs []flatbuffers.UOffsetT) flatbuffers.UOffsetT {
	b.StartVector(4, len(offs), 4)
	for i := len(offs) - 1; i >= 0; i-- {
		b.PrependUOffsetT(offs[i])
	}
	return b.EndVector(len(offs))
}

func buildGenome(b *flatbuffers.Builder, g *Genome) flatbuffers.UOffsetT {
	id := buildString(b, g.ID)
	name := buildString(b, g.Name)
	var lineage flatbuffers.UOffsetT
	if len(g.Lineage) > 0 {
		offs := make([]flatbuffers.UOffsetT, len(g.Lineage))
		for i, s := range g.Lineage {
			offs[i] = b.CreateString(s)
		}
		lineage = buildOffsets(b, offs)
	}
	setup := buildSetup(b, &g.Setup)
	turns := buildTurns(b, &g.Turns)
	var phases, effects, scoring, wins flatbuffers.UOffsetT
	if len(g.Phases) > 0 {
		offs := make([]flatbuffers.UOffsetT, len(g.Phases))
		for i := range g.Phases {
			offs[i] = buildPhase(b, &g.Phases[i])
		}
		phases = buildOffsets(b, offs)
	}
	if len(g.Effects) > 0 {
		offs := make([]flatbuffers.UOffsetT, len(g.Effects))
		for i, e := range g.Effects {
			fb.EffectStart(b)
			fb.EffectAddRanks(b, uint16(e.Ranks))
			fb.EffectAddSuits(b, uint8(e.Suits))
			fb.EffectAddKind(b, fb.EffectKind(e.Kind))
			fb.EffectAddTarget(b, fb.EffectTarget(e.Target))
			fb.EffectAddValue(b, e.Value)
			offs[i] = fb.EffectEnd(b)
		}
		effects = buildOffsets(b, offs)
	}
	if len(g.Scoring) > 0 {
		offs := make([]flatbuffers.UOffsetT, len(g.Scoring))
		for i, s := range g.Scoring {
			fb.ScoringRuleStart(b)
			fb.ScoringRuleAddKind(b, fb.ScoreKind(s.Kind))
			fb.ScoringRuleAddRanks(b, uint16(s.Ranks))
			fb.ScoringRuleAddSuits(b, uint8(s.Suits))
			fb.ScoringRuleAddPoints(b, s.Points)
			offs[i] = fb.ScoringRuleEnd(b)
		}
		scoring = buildOffsets(b, offs)
	}
	if len(g.WinConditions) > 0 {
		offs := make([]flatbuffers.UOffsetT, len(g.WinConditions))
		for i, w := range g.WinConditions {
			fb.WinConditionStart(b)
			fb.WinConditionAddKind(b, fb.WinKind(w.Kind))
			fb.WinConditionAddThreshold(b, w.Threshold)
			offs[i] = fb.WinConditionEnd(b)
		}
		wins = buildOffsets(b, offs)
	}
	fb.GenomeStart(b)
	fb.GenomeAddSchemaVersion(b, CurrentVersion)
	if id != 0 {
		fb.GenomeAddId(b, id)
	}
	if name != 0 {
		fb.GenomeAddName(b, name)
	}
	if lineage != 0 {
		fb.GenomeAddLineage(b, lineage)
	}
	fb.GenomeAddGeneration(b, g.Generation)
	fb.GenomeAddSetup(b, setup)
	fb.GenomeAddTurns(b, turns)
	if phases != 0 {
		fb.GenomeAddPhases(b, phases)
	}
	if effects != 0 {
		fb.GenomeAddEffects(b, effects)
	}
	if scoring != 0 {
		fb.GenomeAddScoring(b, scoring)
	}
	if wins != 0 {
		fb.GenomeAddWinConditions(b, wins)
	}
	return fb.GenomeEnd(b)
}

func buildSetup(b *flatbuffers.Builder, s *Setup) flatbuffers.UOffsetT {
	var remove flatbuffers.UOffsetT
	if len(s.Remove) > 0 {
		bs := make([]byte, len(s.Remove))
		for i, c := range s.Remove {
			bs[i] = byte(c)
		}
		remove = b.CreateByteVector(bs)
	}
	fb.SetupStart(b)
	fb.SetupAddDeck(b, fb.DeckKind(s.Deck))
	fb.SetupAddJokers(b, s.Jokers)
	if remove != 0 {
		fb.SetupAddRemove(b, remove)
	}
	fb.SetupAddMinPlayers(b, s.MinPlayers)
	fb.SetupAddMaxPlayers(b, s.MaxPlayers)
	fb.SetupAddCardsPerPlayer(b, s.CardsPerPlayer)
	fb.SetupAddDealAll(b, s.DealAll)
	fb.SetupAddHandSizeChange(b, s.HandSizeChange)
	fb.SetupAddInitialDiscard(b, s.InitialDiscard)
	fb.SetupAddTableau(b, s.Tableau)
	fb.SetupAddCommunity(b, s.Community)
	fb.SetupAddTrump(b, fb.TrumpRule(s.Trump))
	fb.SetupAddTrumpSuit(b, fb.Suit(s.TrumpSuit))
	fb.SetupAddWildRanks(b, uint16(s.WildRanks))
	fb.SetupAddRankOrder(b, fb.RankOrder(s.RankOrder))
	fb.SetupAddPointLimit(b, s.PointLimit)
	fb.SetupAddHandsPerGame(b, s.HandsPerGame)
	fb.SetupAddElimination(b, fb.Elimination(s.Elimination))
	fb.SetupAddStartingChips(b, s.StartingChips)
	fb.SetupAddSmallBlind(b, s.SmallBlind)
	fb.SetupAddBigBlind(b, s.BigBlind)
	fb.SetupAddAnte(b, s.Ante)
	return fb.SetupEnd(b)
}

func buildTurns(b *flatbuffers.Builder, t *Turns) flatbuffers.UOffsetT {
	until := buildCondition(b, &t.CycleUntil)
	fb.TurnsStart(b)
	fb.TurnsAddDirection(b, fb.Direction(t.Direction))
	fb.TurnsAddFirstPlayer(b, fb.FirstPlayer(t.FirstPlayer))
	fb.TurnsAddFirstCard(b, byte(t.FirstCard))
	fb.TurnsAddCycleStart(b, t.CycleStart)
	fb.TurnsAddCycleEnd(b, t.CycleEnd)
	fb.TurnsAddCycleUntil(b, until)
	fb.TurnsAddMaxTurns(b, t.MaxTurns)
	return fb.TurnsEnd(b)
}

func buildCondition(b *flatbuffers.Builder, c *Condition) flatbuffers.UOffsetT {
	var args flatbuffers.UOffsetT
	if len(c.Args) > 0 {
		offs := make([]flatbuffers.UOffsetT, len(c.Args))
		for i := range c.Args {
			offs[i] = buildCondition(b, &c.Args[i])
		}
		args = buildOffsets(b, offs)
	}
	fb.ConditionStart(b)
	fb.ConditionAddOp(b, fb.CondOp(c.Op))
	fb.ConditionAddTest(b, fb.Test(c.Test))
	fb.ConditionAddCmp(b, fb.Cmp(c.Cmp))
	fb.ConditionAddValue(b, c.Value)
	fb.ConditionAddRanks(b, uint16(c.Ranks))
	fb.ConditionAddSuits(b, uint8(c.Suits))
	if args != 0 {
		fb.ConditionAddArgs(b, args)
	}
	return fb.ConditionEnd(b)
}

func buildPhase(b *flatbuffers.Builder, p *Phase) flatbuffers.UOffsetT {
	var v flatbuffers.UOffsetT
	switch p.Kind {
	case PhaseDeal:
		d := &p.Deal
		fb.DealPhaseStart(b)
		fb.DealPhaseAddTo(b, fb.DealTarget(d.To))
		fb.DealPhaseAddCount(b, d.Count)
		fb.DealPhaseAddFaceUp(b, d.FaceUp)
		v = fb.DealPhaseEnd(b)
	case PhaseDraw:
		d := &p.Draw
		cond := buildCondition(b, &d.Condition)
		fb.DrawPhaseStart(b)
		fb.DrawPhaseAddActor(b, fb.Actor(d.Actor))
		fb.DrawPhaseAddSource(b, fb.DrawSource(d.Source))
		fb.DrawPhaseAddCount(b, d.Count)
		fb.DrawPhaseAddMandatory(b, d.Mandatory)
		fb.DrawPhaseAddRepeat(b, d.Repeat)
		fb.DrawPhaseAddFaceUp(b, d.FaceUp)
		fb.DrawPhaseAddCondition(b, cond)
		v = fb.DrawPhaseEnd(b)
	case PhasePlay:
		d := &p.Play
		cond := buildCondition(b, &d.Condition)
		fb.PlayPhaseStart(b)
		fb.PlayPhaseAddActor(b, fb.Actor(d.Actor))
		fb.PlayPhaseAddTarget(b, fb.PlayTarget(d.Target))
		fb.PlayPhaseAddCondition(b, cond)
		fb.PlayPhaseAddMinCards(b, d.MinCards)
		fb.PlayPhaseAddMaxCards(b, d.MaxCards)
		fb.PlayPhaseAddSameRank(b, d.SameRank)
		fb.PlayPhaseAddMandatory(b, d.Mandatory)
		fb.PlayPhaseAddIfUnable(b, fb.IfUnable(d.IfUnable))
		v = fb.PlayPhaseEnd(b)
	case PhaseDiscard:
		d := &p.Discard
		cond := buildCondition(b, &d.Condition)
		fb.DiscardPhaseStart(b)
		fb.DiscardPhaseAddActor(b, fb.Actor(d.Actor))
		fb.DiscardPhaseAddTarget(b, fb.DiscardTarget(d.Target))
		fb.DiscardPhaseAddMinCards(b, d.MinCards)
		fb.DiscardPhaseAddMaxCards(b, d.MaxCards)
		fb.DiscardPhaseAddSetSize(b, d.SetSize)
		fb.DiscardPhaseAddRefill(b, d.Refill)
		fb.DiscardPhaseAddCondition(b, cond)
		v = fb.DiscardPhaseEnd(b)
	case PhaseTrick:
		d := &p.Trick
		cond := buildCondition(b, &d.LeadCondition)
		fb.TrickPhaseStart(b)
		fb.TrickPhaseAddLeadCondition(b, cond)
		fb.TrickPhaseAddFollowSuit(b, d.FollowSuit)
		fb.TrickPhaseAddWinner(b, fb.TrickWinner(d.Winner))
		fb.TrickPhaseAddPlayFrom(b, fb.PlayFrom(d.PlayFrom))
		fb.TrickPhaseAddTie(b, fb.TieRule(d.Tie))
		fb.TrickPhaseAddWarCards(b, d.WarCards)
		fb.TrickPhaseAddCollect(b, fb.Collect(d.Collect))
		fb.TrickPhaseAddAwardsPot(b, d.AwardsPot)
		v = fb.TrickPhaseEnd(b)
	case PhaseBetting:
		d := &p.Betting
		fb.BettingPhaseStart(b)
		fb.BettingPhaseAddMinBet(b, d.MinBet)
		fb.BettingPhaseAddMaxRaises(b, d.MaxRaises)
		fb.BettingPhaseAddStructure(b, fb.BetStructure(d.Structure))
		v = fb.BettingPhaseEnd(b)
	case PhaseClaim:
		d := &p.Claim
		fb.ClaimPhaseStart(b)
		fb.ClaimPhaseAddMinCards(b, d.MinCards)
		fb.ClaimPhaseAddMaxCards(b, d.MaxCards)
		fb.ClaimPhaseAddRankRule(b, fb.ClaimRank(d.RankRule))
		fb.ClaimPhaseAddFirstRank(b, fb.Rank(d.FirstRank))
		fb.ClaimPhaseAddChallenge(b, fb.Challenge(d.Challenge))
		v = fb.ClaimPhaseEnd(b)
	case PhaseShowdown:
		d := &p.Showdown
		fb.ShowdownPhaseStart(b)
		fb.ShowdownPhaseAddMethod(b, fb.ShowdownMethod(d.Method))
		fb.ShowdownPhaseAddHoleCards(b, d.HoleCards)
		v = fb.ShowdownPhaseEnd(b)
	case PhaseAsk:
		d := &p.Ask
		fb.AskPhaseStart(b)
		fb.AskPhaseAddTarget(b, fb.AskTarget(d.Target))
		fb.AskPhaseAddMustHoldRank(b, d.MustHoldRank)
		fb.AskPhaseAddFishCount(b, d.FishCount)
		fb.AskPhaseAddAgainOnSuccess(b, d.AgainOnSuccess)
		fb.AskPhaseAddAgainOnFish(b, d.AgainOnFish)
		v = fb.AskPhaseEnd(b)
	}
	fb.PhaseStart(b)
	fb.PhaseAddKindType(b, fb.PhaseKind(p.Kind))
	if v != 0 {
		fb.PhaseAddKind(b, v)
	}
	return fb.PhaseEnd(b)
}
