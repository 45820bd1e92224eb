package genome

import (
	"fmt"
	"math/rand/v2"

	"github.com/deckforge/deckforge/engine/cards"
)

// RandomOptions bounds the genomes Random makes.
type RandomOptions struct {
	// MaxPhases is the largest number of phases (1..MaxPhases).
	MaxPhases int
	// MaxConditionDepth is the deepest condition tree (1..MaxConditionDepth).
	MaxConditionDepth int
	// ChipsProbability is the chance that the game is played with chips.
	ChipsProbability float64
}

// DefaultRandomOptions returns the options used by tests and the first
// generation of evolution: up to 8 phases, conditions up to 3 deep, chips in
// half of the games.
func DefaultRandomOptions() RandomOptions {
	return RandomOptions{MaxPhases: 8, MaxConditionDepth: 3, ChipsProbability: 0.5}
}

// Random returns a valid random genome drawn with rng: every field is drawn
// over its whole range, then Repair makes the genome playable. The same rng
// state gives the same genome.
func Random(rng *rand.Rand, opts RandomOptions) *Genome {
	opts.MaxPhases = min(max(opts.MaxPhases, 1), MaxPhases)
	opts.MaxConditionDepth = min(max(opts.MaxConditionDepth, 1), MaxConditionDepth)
	for {
		g := randomGenome(rng, opts)
		if len(Repair(g)) == 0 {
			return g
		}
	}
}

type randomizer struct {
	rng  *rand.Rand
	opts RandomOptions
}

func (r *randomizer) n(k int) int           { return r.rng.IntN(k) }
func (r *randomizer) chance(p float64) bool { return r.rng.Float64() < p }
func (r *randomizer) u8(lo, hi int) uint8   { return uint8(lo + r.n(hi-lo+1)) }

func randomGenome(rng *rand.Rand, opts RandomOptions) *Genome {
	r := &randomizer{rng: rng, opts: opts}
	g := &Genome{
		SchemaVersion: CurrentVersion,
		ID:            fmt.Sprintf("random-%08x", rng.Uint32()),
		Name:          "Random game",
		Generation:    0,
	}
	s := &g.Setup
	s.Deck = DeckKind(r.n(len(deckKindNames)))
	if r.chance(0.15) {
		s.Jokers = r.u8(1, 2)
	}
	if r.chance(0.15) {
		deck := s.Cards()
		s.Remove = []cards.Card{deck[r.n(len(deck))]}
	}
	s.MinPlayers = r.u8(2, 4)
	s.MaxPlayers = r.u8(int(s.MinPlayers), MaxPlayers)
	if r.chance(0.2) {
		s.DealAll = true
	} else {
		s.CardsPerPlayer = r.u8(1, 10)
	}
	s.HandsPerGame = uint16(r.n(20))
	if s.HandsPerGame > 1 && !s.DealAll && r.chance(0.15) {
		s.HandSizeChange = int8(r.n(3) - 1)
	}
	s.InitialDiscard = uint8(r.n(3))
	if r.chance(0.2) {
		s.Tableau = r.u8(1, 4)
	}
	if r.chance(0.2) {
		s.Community = r.u8(1, 5)
	}
	s.Trump = TrumpRule(r.n(len(trumpRuleNames)))
	s.TrumpSuit = cards.Suit(r.n(cards.NumSuits))
	if r.chance(0.2) {
		s.WildRanks = Ranks(cards.Rank(r.n(cards.NumRanks)))
	}
	s.RankOrder = RankOrder(r.n(len(rankOrderNames)))
	s.PointLimit = r.u8(15, 31)
	s.Elimination = Elimination(r.n(len(eliminationNames)))
	chips := r.chance(r.opts.ChipsProbability)
	if chips {
		s.StartingChips = uint32(50 * (1 + r.n(40)))
		if r.chance(0.5) {
			s.BigBlind = uint32(1 + r.n(10))
			s.SmallBlind = uint32(r.n(int(s.BigBlind) + 1))
		}
		if r.chance(0.3) {
			s.Ante = uint32(1 + r.n(5))
		}
	}

	n := 1 + r.n(r.opts.MaxPhases)
	for range n {
		g.Phases = append(g.Phases, r.phase(chips))
	}
	if chips {
		g.Phases = append(g.Phases, Phase{Kind: PhaseShowdown, Showdown: ShowdownPhase{Method: ShowdownMethod(r.n(len(showdownMethodNames)))}})
	}
	t := &g.Turns
	t.Direction = Direction(r.n(len(directionNames)))
	t.FirstPlayer = FirstPlayer(r.n(len(firstPlayerNames)))
	t.FirstCard = cards.Card(r.n(52))
	if r.chance(0.7) {
		a, b := r.n(len(g.Phases)+1), r.n(len(g.Phases)+1)
		t.CycleStart, t.CycleEnd = uint8(min(a, b)), uint8(max(a, b))
		t.CycleUntil = r.condition(false, r.opts.MaxConditionDepth)
	}
	t.MaxTurns = uint32(1 + r.n(2000))

	for range r.n(4) {
		g.Effects = append(g.Effects, Effect{
			Ranks:  Ranks(cards.Rank(r.n(cards.NumRanks))),
			Suits:  SuitSet(r.n(2)) * Suits(cards.Suit(r.n(cards.NumSuits))),
			Kind:   EffectKind(r.n(len(effectKindNames))),
			Target: EffectTarget(r.n(len(effectTargetNames))),
			Value:  r.u8(1, MaxEffectValue),
		})
	}
	for range r.n(4) {
		sr := ScoringRule{Kind: ScoreKind(r.n(len(scoreKindNames))), Points: int16(r.n(21) - 10)}
		if sr.Kind.usesFilter() {
			sr.Ranks = RankSet(r.n(2)) * Ranks(cards.Rank(r.n(cards.NumRanks)))
			sr.Suits = SuitSet(r.n(2)) * Suits(cards.Suit(r.n(cards.NumSuits)))
		}
		g.Scoring = append(g.Scoring, sr)
	}
	for range 1 + r.n(3) {
		w := WinCondition{Kind: WinKind(r.n(len(winKindNames)))}
		switch w.Kind {
		case WinFirstToScore:
			w.Threshold = int32(10 + r.n(200))
		case WinHighScore, WinLowScore:
			if r.chance(0.5) {
				w.Threshold = int32(10 + r.n(200))
			}
		}
		g.WinConditions = append(g.WinConditions, w)
	}
	if r.chance(0.3) {
		g.Lineage = []string{fmt.Sprintf("random-%08x", rng.Uint32())}
		g.Generation = uint32(r.n(100))
	}
	return g
}

func (r *randomizer) phase(chips bool) Phase {
	kinds := []PhaseKind{PhaseDeal, PhaseDraw, PhasePlay, PhaseDiscard, PhaseTrick, PhaseClaim, PhaseShowdown, PhaseAsk}
	if chips {
		kinds = append(kinds, PhaseBetting, PhaseBetting)
	}
	p := Phase{Kind: kinds[r.n(len(kinds))]}
	depth := r.opts.MaxConditionDepth
	switch p.Kind {
	case PhaseDeal:
		p.Deal = DealPhase{To: DealTarget(r.n(len(dealTargetNames))), Count: r.u8(1, 3), FaceUp: r.chance(0.5)}
	case PhaseDraw:
		p.Draw = DrawPhase{Actor: Actor(r.n(2)), Source: DrawSource(r.n(len(drawSourceNames))), Count: r.u8(1, 3),
			Mandatory: r.chance(0.5), Repeat: r.chance(0.2), FaceUp: r.chance(0.3), Condition: r.condition(false, depth)}
	case PhasePlay:
		maxC := r.u8(1, 4)
		p.Play = PlayPhase{Actor: Actor(r.n(2)), Target: PlayTarget(r.n(2)), Condition: r.condition(true, depth),
			MinCards: r.u8(1, int(maxC)), MaxCards: maxC, SameRank: r.chance(0.5), Mandatory: r.chance(0.5),
			IfUnable: IfUnable(r.n(len(ifUnableNames)))}
	case PhaseDiscard:
		d := DiscardPhase{Actor: Actor(r.n(2)), Target: DiscardTarget(r.n(len(discardTargetNames)))}
		if r.chance(0.3) {
			d.SetSize = r.u8(2, MaxSetSize)
		} else {
			d.MaxCards = r.u8(1, 3)
			d.MinCards = r.u8(0, int(d.MaxCards))
			d.Refill = r.chance(0.3)
			d.Condition = r.condition(true, depth)
		}
		p.Discard = d
	case PhaseTrick:
		d := TrickPhase{LeadCondition: r.condition(true, depth), Winner: TrickWinner(r.n(len(trickWinnerNames))),
			PlayFrom: PlayFrom(r.n(2)), Tie: TieRule(r.n(2)), Collect: Collect(r.n(2)), AwardsPot: chips && r.chance(0.3)}
		d.FollowSuit = d.PlayFrom == FromChoice && r.chance(0.7)
		if d.Tie == TieWar {
			d.WarCards = r.u8(0, 3)
		}
		p.Trick = d
	case PhaseBetting:
		p.Betting = BettingPhase{MinBet: uint32(1 + r.n(20)), MaxRaises: r.u8(0, 4), Structure: BetStructure(r.n(3))}
	case PhaseClaim:
		maxC := r.u8(1, 4)
		p.Claim = ClaimPhase{MinCards: r.u8(1, int(maxC)), MaxCards: maxC, RankRule: ClaimRank(r.n(2)),
			FirstRank: cards.Rank(r.n(cards.NumRanks)), Challenge: Challenge(r.n(2))}
	case PhaseShowdown:
		p.Showdown = ShowdownPhase{Method: ShowdownMethod(r.n(len(showdownMethodNames)))}
		if p.Showdown.Method == ShowdownPokerHigh && r.chance(0.3) {
			p.Showdown.HoleCards = r.u8(1, 4)
		}
	case PhaseAsk:
		p.Ask = AskPhase{Target: AskTarget(r.n(2)), MustHoldRank: r.chance(0.7), FishCount: r.u8(0, 2),
			AgainOnSuccess: r.chance(0.5)}
		p.Ask.AgainOnFish = p.Ask.FishCount > 0 && r.chance(0.5)
	}
	return p
}

// condition draws a condition tree at most depth deep; card says whether
// card tests are allowed.
func (r *randomizer) condition(card bool, depth int) Condition {
	if depth <= 1 || r.chance(0.5) {
		switch {
		case r.chance(0.15):
			return Condition{Op: CondOp(r.n(2))} // always or never
		}
		return r.leaf(card)
	}
	op := []CondOp{OpAnd, OpOr, OpNot, OpAnyPlayer, OpAllPlayers}[r.n(5)]
	c := Condition{Op: op}
	k := 1
	if op == OpAnd || op == OpOr {
		k = 1 + r.n(3)
	}
	for range k {
		c.Args = append(c.Args, r.condition(card, depth-1))
	}
	return c
}

func (r *randomizer) leaf(card bool) Condition {
	for {
		t := Test(1 + r.n(len(testNames)-1))
		if t.NeedsCard() && !card {
			continue
		}
		c := Condition{Op: OpTest, Test: t}
		if t.Numeric() {
			c.Cmp = Cmp(r.n(len(cmpNames)))
			c.Value = int16(r.n(30))
		}
		if t.UsesRanks() {
			c.Ranks = RankSet(1 + r.n(int(AllRanks)))
		}
		if t.UsesSuits() {
			c.Suits = SuitSet(1 + r.n(int(AllSuits)))
		}
		return c
	}
}
