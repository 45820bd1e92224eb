package genome

import (
	"slices"

	"github.com/deckforge/deckforge/engine/cards"
)

// Repair changes g in place, as little as it can, so that Validate accepts
// it, and returns what Validate still reports (nil when g is now valid).
// Out-of-range numbers are clamped, malformed condition nodes become
// "always", phases of no kind, effects that never trigger, scoring rules and
// win conditions that cannot be reached are dropped, chips are added where
// betting needs them or removed where nothing bets, and the deal is shrunk
// (players, then hand size, then dealt cards) until the deck suffices.
// Mutation operators call it after changing a genome.
func Repair(g *Genome) Problems {
	r := repairer{g: g}
	// A later step can undo an earlier one's work (shrinking the deal can
	// drop a phase a scoring rule needed), so run the steps until they agree.
	for range 4 {
		r.enums()
		r.phases()
		r.setup()
		r.chips()
		r.turns()
		r.effects()
		r.scoring()
		r.wins()
		r.deal()
		if ps := Validate(g); len(ps) == 0 {
			return nil
		}
	}
	return Validate(g)
}

type repairer struct{ g *Genome }

// enums resets values that have no name to the zero value.
func (r *repairer) enums() {
	g := r.g
	s := &g.Setup
	if !s.Deck.valid() {
		s.Deck = DeckStandard52
	}
	if !s.Trump.valid() {
		s.Trump = TrumpNone
	}
	if s.TrumpSuit >= cards.NumSuits {
		s.TrumpSuit = cards.Clubs
	}
	s.WildRanks &= AllRanks
	if !s.RankOrder.valid() {
		s.RankOrder = AceHigh
	}
	if !s.Elimination.valid() {
		s.Elimination = EliminateNone
	}
	t := &g.Turns
	if !t.Direction.valid() {
		t.Direction = Clockwise
	}
	if !t.FirstPlayer.valid() {
		t.FirstPlayer = FirstLeftOfDealer
	}
	if !t.FirstCard.Valid() {
		t.FirstCard = 0
	}
	for i := range g.Effects {
		e := &g.Effects[i]
		e.Ranks &= AllRanks
		e.Suits &= AllSuits
		if !e.Kind.valid() {
			e.Kind = EffectSkip
		}
		if !e.Target.valid() {
			e.Target = TargetNextPlayer
		}
	}
	for i := range g.Scoring {
		sr := &g.Scoring[i]
		sr.Ranks &= AllRanks
		sr.Suits &= AllSuits
		if !sr.Kind.valid() {
			sr.Kind = ScoreCardWon
		}
	}
	g.WinConditions = slices.DeleteFunc(g.WinConditions, func(w WinCondition) bool { return !w.Kind.valid() })
	for i := range g.Phases {
		p := &g.Phases[i]
		if !p.Kind.valid() {
			p.Kind = PhaseNone
		}
		fix := func(ok bool, set func()) {
			if !ok {
				set()
			}
		}
		switch p.Kind {
		case PhaseDeal:
			fix(p.Deal.To.valid(), func() { p.Deal.To = DealToEachPlayer })
		case PhaseDraw:
			fix(p.Draw.Actor.valid(), func() { p.Draw.Actor = ActorCurrentPlayer })
			fix(p.Draw.Source.valid(), func() { p.Draw.Source = DrawFromStock })
		case PhasePlay:
			fix(p.Play.Actor.valid(), func() { p.Play.Actor = ActorCurrentPlayer })
			fix(p.Play.Target.valid(), func() { p.Play.Target = PlayToDiscard })
			fix(p.Play.IfUnable.valid(), func() { p.Play.IfUnable = UnablePass })
		case PhaseDiscard:
			fix(p.Discard.Actor.valid(), func() { p.Discard.Actor = ActorCurrentPlayer })
			fix(p.Discard.Target.valid(), func() { p.Discard.Target = DiscardToPile })
		case PhaseTrick:
			fix(p.Trick.Winner.valid(), func() { p.Trick.Winner = HighLedSuit })
			fix(p.Trick.PlayFrom.valid(), func() { p.Trick.PlayFrom = FromChoice })
			fix(p.Trick.Tie.valid(), func() { p.Trick.Tie = TieFirstPlayed })
			fix(p.Trick.Collect.valid(), func() { p.Trick.Collect = CollectWonPile })
		case PhaseBetting:
			fix(p.Betting.Structure.valid(), func() { p.Betting.Structure = FixedLimit })
		case PhaseClaim:
			fix(p.Claim.RankRule.valid(), func() { p.Claim.RankRule = ClaimAscending })
			fix(p.Claim.Challenge.valid(), func() { p.Claim.Challenge = ChallengeAnyPlayer })
			fix(p.Claim.FirstRank < cards.RankJoker, func() { p.Claim.FirstRank = cards.Ace })
		case PhaseShowdown:
			fix(p.Showdown.Method.valid(), func() { p.Showdown.Method = ShowdownHighCard })
		case PhaseAsk:
			fix(p.Ask.Target.valid(), func() { p.Ask.Target = AskChosenPlayer })
		}
	}
}

// removePhase deletes phase i, keeping the cycle bounds on the same phases.
func (r *repairer) removePhase(i int) {
	g := r.g
	t := &g.Turns
	if i < int(t.CycleStart) {
		t.CycleStart--
	}
	if i < int(t.CycleEnd) {
		t.CycleEnd--
	}
	g.Phases = slices.Delete(g.Phases, i, i+1)
}

func clamp[T ~uint8 | ~uint32 | ~int8 | ~int16 | ~int32](x, lo, hi T) T {
	return min(max(x, lo), hi)
}

func (r *repairer) phases() {
	g := r.g
	for i := len(g.Phases) - 1; i >= 0; i-- {
		if g.Phases[i].Kind == PhaseNone {
			r.removePhase(i)
		}
	}
	for len(g.Phases) > MaxPhases {
		r.removePhase(len(g.Phases) - 1)
	}
	t := &g.Turns
	t.CycleEnd = min(t.CycleEnd, uint8(len(g.Phases)))
	t.CycleStart = min(t.CycleStart, t.CycleEnd)
	for i := range g.Phases {
		p := &g.Phases[i]
		switch p.Kind {
		case PhaseDeal:
			p.Deal.Count = clamp(p.Deal.Count, 1, 52)
		case PhaseDraw:
			p.Draw.Count = clamp(p.Draw.Count, 1, MaxCardsPerMove)
			repairCondition(&p.Draw.Condition, false)
		case PhasePlay:
			d := &p.Play
			d.MaxCards = clamp(d.MaxCards, 1, MaxCardsPerMove)
			d.MinCards = clamp(d.MinCards, 1, d.MaxCards)
			repairCondition(&d.Condition, true)
		case PhaseDiscard:
			d := &p.Discard
			if d.SetSize != 0 {
				d.SetSize = clamp(d.SetSize, 2, MaxSetSize)
				d.MinCards, d.MaxCards, d.Condition = 0, 0, Condition{}
			} else {
				d.MaxCards = clamp(d.MaxCards, 1, MaxCardsPerMove)
				d.MinCards = min(d.MinCards, d.MaxCards)
				repairCondition(&d.Condition, true)
			}
		case PhaseTrick:
			d := &p.Trick
			repairCondition(&d.LeadCondition, true)
			if d.PlayFrom == FromTopOfHand {
				d.FollowSuit = false
			}
			if d.Tie == TieWar {
				d.WarCards = min(d.WarCards, MaxWarCards)
			} else {
				d.WarCards = 0
			}
		case PhaseBetting:
			d := &p.Betting
			d.MaxRaises = min(d.MaxRaises, MaxRaises)
			if d.Structure == FixedLimit {
				d.MaxRaises = max(d.MaxRaises, 1)
			}
		case PhaseClaim:
			d := &p.Claim
			d.MaxCards = clamp(d.MaxCards, 1, MaxClaimCards)
			d.MinCards = clamp(d.MinCards, 1, d.MaxCards)
		case PhaseShowdown:
			if p.Showdown.Method != ShowdownPokerHigh {
				p.Showdown.HoleCards = 0
			}
			p.Showdown.HoleCards = min(p.Showdown.HoleCards, 5)
		case PhaseAsk:
			d := &p.Ask
			d.FishCount = min(d.FishCount, MaxFishCount)
			if d.FishCount == 0 {
				d.AgainOnFish = false
			}
		}
	}
}

// repairCondition makes c well-formed; card says whether card tests are
// allowed.
func repairCondition(c *Condition, card bool) {
	if c.Depth() > MaxConditionDepth || c.Nodes() > MaxConditionNodes {
		*c = Condition{}
		return
	}
	repairNode(c, card)
}

func repairNode(c *Condition, card bool) {
	if !c.Op.valid() {
		*c = Condition{}
		return
	}
	if !c.Test.valid() {
		c.Test = TestNone
	}
	if !c.Cmp.valid() {
		c.Cmp = CmpEq
	}
	c.Ranks &= AllRanks
	c.Suits &= AllSuits
	switch c.Op {
	case OpAlways, OpNever:
		*c = Condition{Op: c.Op}
	case OpTest:
		c.Args = nil
		switch {
		case c.Test == TestNone, c.Test.NeedsCard() && !card:
			*c = Condition{}
		case c.Test.UsesRanks() && c.Ranks == 0:
			c.Ranks = Ranks(cards.Ace)
		case c.Test.UsesSuits() && c.Suits == 0:
			c.Suits = Suits(cards.Hearts)
		}
	case OpAnd, OpOr:
		c.Test = TestNone
		if len(c.Args) == 0 {
			*c = Condition{}
		}
	case OpNot, OpAnyPlayer, OpAllPlayers:
		c.Test = TestNone
		switch {
		case len(c.Args) == 0:
			*c = Condition{}
		case len(c.Args) > 1:
			c.Args = c.Args[:1]
		}
	}
	for i := range c.Args {
		repairNode(&c.Args[i], card)
	}
}

func (r *repairer) setup() {
	g := r.g
	s := &g.Setup
	s.Jokers = min(s.Jokers, 2)
	var seen cards.Set
	s.Remove = slices.DeleteFunc(s.Remove, func(c cards.Card) bool {
		bad := !c.Valid() || seen.Has(c) || !inBaseDeck(s, c)
		if c.Valid() {
			seen = seen.Add(c)
		}
		return bad
	})
	if len(s.Remove) == 0 {
		s.Remove = nil
	}
	s.MinPlayers = clamp(s.MinPlayers, MinPlayers, MaxPlayers)
	s.MaxPlayers = clamp(s.MaxPlayers, s.MinPlayers, MaxPlayers)
	s.HandsPerGame = min(s.HandsPerGame, MaxHands)
	if s.DealAll {
		s.CardsPerPlayer, s.HandSizeChange = 0, 0
		if s.Trump == TrumpTurnUp {
			s.Trump = TrumpNone
		}
	}
	v := validator{g: g}
	v.scan()
	if !s.DealAll && s.CardsPerPlayer == 0 && !v.dealsHands {
		s.CardsPerPlayer = 1
	}
	if s.HandSizeChange != 0 && (s.HandsPerGame == 0 || s.CardsPerPlayer > 0 && s.HandSize(int(s.HandsPerGame)) < 1) {
		s.HandSizeChange = 0
	}
	if s.Elimination == EliminateNoTricks && !v.tricks {
		s.Elimination = EliminateNone
	}
	for i := range g.Phases {
		if d := &g.Phases[i].Showdown; g.Phases[i].Kind == PhaseShowdown && d.Method == ShowdownPointTotal {
			s.PointLimit = max(s.PointLimit, 2)
		}
	}
}

func (r *repairer) chips() {
	g := r.g
	s := &g.Setup
	s.StartingChips = min(s.StartingChips, MaxChips)
	v := validator{g: g}
	v.scan()
	forced := s.SmallBlind > 0 || s.BigBlind > 0 || s.Ante > 0
	if (v.betting || forced || v.awardsPot) && !s.HasChips() {
		s.StartingChips = 100
	}
	if s.HasChips() && !v.betting && !forced {
		s.StartingChips = 0
	}
	if !s.HasChips() {
		s.SmallBlind, s.BigBlind, s.Ante = 0, 0, 0
		if s.Elimination == EliminateNoChips {
			s.Elimination = EliminateNone
		}
		for i := range g.Phases {
			g.Phases[i].Trick.AwardsPot = false
		}
		return
	}
	s.BigBlind = min(s.BigBlind, s.StartingChips)
	s.SmallBlind = min(s.SmallBlind, s.BigBlind)
	s.Ante = min(s.Ante, s.StartingChips)
	for i := range g.Phases {
		if p := &g.Phases[i]; p.Kind == PhaseBetting {
			p.Betting.MinBet = clamp(p.Betting.MinBet, 1, s.StartingChips)
		}
	}
	if !v.showdown && !v.awardsPot {
		if len(g.Phases) >= MaxPhases {
			r.removePhase(len(g.Phases) - 1)
		}
		g.Phases = append(g.Phases, Phase{Kind: PhaseShowdown, Showdown: ShowdownPhase{Method: ShowdownHighCard}})
	}
}

func (r *repairer) turns() {
	g := r.g
	t := &g.Turns
	if t.MaxTurns == 0 {
		t.MaxTurns = 1000
	}
	t.MaxTurns = min(t.MaxTurns, MaxTurns)
	t.CycleEnd = min(t.CycleEnd, uint8(len(g.Phases)))
	t.CycleStart = min(t.CycleStart, t.CycleEnd)
	if t.CycleStart < t.CycleEnd {
		repairCondition(&t.CycleUntil, false)
	}
	if t.FirstPlayer == FirstHolderOfCard && !cards.SetOf(g.Setup.Cards()...).Has(t.FirstCard) {
		t.FirstPlayer = FirstLeftOfDealer
	}
}

func (r *repairer) effects() {
	g := r.g
	v := validator{g: g}
	v.scan()
	if !v.plays {
		g.Effects = nil
		return
	}
	if len(g.Effects) > MaxEffects {
		g.Effects = g.Effects[:MaxEffects]
	}
	for i := range g.Effects {
		e := &g.Effects[i]
		if e.Ranks == 0 {
			e.Ranks = Ranks(cards.Ace)
		}
		if e.Kind.usesValue() {
			e.Value = clamp(e.Value, 1, MaxEffectValue)
		}
	}
}

func (r *repairer) scoring() {
	g := r.g
	v := validator{g: g}
	v.scan()
	if len(g.Scoring) > MaxScoring {
		g.Scoring = g.Scoring[:MaxScoring]
	}
	g.Scoring = slices.DeleteFunc(g.Scoring, func(sr ScoringRule) bool {
		switch sr.Kind {
		case ScoreCardWon:
			return !v.toWon
		case ScoreTrickWon:
			return !v.tricks
		case ScoreSetMade:
			return !v.sets
		case ScoreWentOut:
			return !v.sheds
		case ScoreShowdownWon:
			return !v.showdown
		}
		return false
	})
	for i := range g.Scoring {
		sr := &g.Scoring[i]
		if sr.Points == 0 {
			sr.Points = 1
		}
		if !sr.Kind.usesFilter() {
			sr.Ranks, sr.Suits = 0, 0
		}
	}
	if len(g.Scoring) == 0 {
		g.Scoring = nil
	}
}

func (r *repairer) wins() {
	g := r.g
	probe := validator{g: g}
	probe.scan()
	var kept []WinCondition
	seen := map[WinKind]bool{}
	for _, w := range g.WinConditions {
		if seen[w.Kind] || len(kept) == MaxWinConditions {
			continue
		}
		v := validator{g: &Genome{Setup: g.Setup, Phases: g.Phases, Scoring: g.Scoring, WinConditions: []WinCondition{w}}}
		v.scan()
		v.wins()
		unreachable := false
		for _, p := range v.ps {
			if p.Path == "win_conditions[0].kind" {
				unreachable = true
			}
		}
		if unreachable {
			continue
		}
		switch w.Kind {
		case WinFirstToScore:
			if w.Threshold <= 0 {
				w.Threshold = 50
			}
		case WinHighScore, WinLowScore:
			w.Threshold = max(w.Threshold, 0)
		default:
			w.Threshold = 0
		}
		seen[w.Kind] = true
		kept = append(kept, w)
	}
	if len(kept) == 0 {
		switch {
		case g.Setup.HasChips():
			kept = []WinCondition{{Kind: WinMostChips}}
		case probe.sheds:
			kept = []WinCondition{{Kind: WinEmptyHand}}
		case probe.tricks:
			kept = []WinCondition{{Kind: WinMostTricks}}
		default:
			if !probe.showdown {
				if len(g.Phases) >= MaxPhases {
					r.removePhase(len(g.Phases) - 1)
				}
				g.Phases = append(g.Phases, Phase{Kind: PhaseShowdown, Showdown: ShowdownPhase{Method: ShowdownHighCard}})
			}
			kept = []WinCondition{{Kind: WinBestHand}}
		}
	}
	g.WinConditions = kept
}

// deal shrinks the deal until the deck holds enough cards.
func (r *repairer) deal() {
	g := r.g
	s := &g.Setup
	for range 1000 {
		v := validator{g: g}
		v.deal()
		v.phases()
		if len(v.ps) == 0 {
			return
		}
		for _, p := range v.ps {
			switch p.Path {
			case "setup.deal_all":
				s.InitialDiscard, s.Tableau, s.Community = 0, 0, 0
				if s.MaxPlayers > s.MinPlayers {
					s.MaxPlayers--
				}
			case "phases":
				s.DealAll = false
				s.CardsPerPlayer = 1
			}
		}
		if len(v.ps) == 0 {
			return
		}
		switch {
		case s.MaxPlayers > s.MinPlayers && s.MaxPlayers > 4:
			s.MaxPlayers--
		case s.InitialDiscard > 1:
			s.InitialDiscard--
		case s.Tableau > 0:
			s.Tableau--
		case s.Community > 0 && s.Community > 5:
			s.Community--
		case s.CardsPerPlayer > 1:
			s.CardsPerPlayer--
		case s.HandSizeChange > 0:
			s.HandSizeChange--
		case s.MaxPlayers > s.MinPlayers:
			s.MaxPlayers--
		default:
			if !r.shrinkPhase() {
				if s.MinPlayers > MinPlayers {
					s.MinPlayers--
					s.MaxPlayers = s.MinPlayers
				} else {
					// Poker showdowns that lack cards fall back to high card.
					for i := range g.Phases {
						if p := &g.Phases[i]; p.Kind == PhaseShowdown && p.Showdown.Method == ShowdownPokerHigh {
							p.Showdown = ShowdownPhase{Method: ShowdownHighCard}
						}
					}
					s.Community, s.InitialDiscard = 0, 0
				}
			}
		}
	}
}

// shrinkPhase lowers the largest deal or refill count; false if none can.
func (r *repairer) shrinkPhase() bool {
	best, size := -1, uint8(1)
	for i, p := range r.g.Phases {
		switch {
		case p.Kind == PhaseDeal && p.Deal.Count > size:
			best, size = i, p.Deal.Count
		case p.Kind == PhaseDiscard && p.Discard.Refill && p.Discard.MaxCards > size:
			best, size = i, p.Discard.MaxCards
		}
	}
	if best < 0 {
		for i, p := range r.g.Phases {
			if p.Kind == PhaseDeal || (p.Kind == PhaseDiscard && p.Discard.Refill) {
				r.removePhase(i)
				return true
			}
		}
		return false
	}
	p := &r.g.Phases[best]
	if p.Kind == PhaseDeal {
		p.Deal.Count--
	} else {
		p.Discard.MaxCards--
		p.Discard.MinCards = min(p.Discard.MinCards, p.Discard.MaxCards)
	}
	return true
}
