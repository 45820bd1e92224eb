package genome

import (
	"fmt"
	"unicode/utf8"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/schema/fb"
)

// IsFlatBuffer reports whether data carries the genome file identifier.
func IsFlatBuffer(data []byte) bool {
	return len(data) >= 8 && string(data[4:8]) == FileIdentifier
}

// Decode reads a genome from FlatBuffers or JSON, told apart by the file
// identifier.
func Decode(data []byte) (*Genome, error) {
	if IsFlatBuffer(data) {
		return DecodeFB(data)
	}
	return DecodeJSON(data)
}

// DecodeFB reads a genome from a FlatBuffers buffer. The buffer is verified
// first (VerifyFB), so corrupt bytes give an error naming what is wrong,
// never a panic; values out of range (enums, cards, sets) and strings that
// are not UTF-8 are rejected with their path.
func DecodeFB(data []byte) (*Genome, error) {
	if err := VerifyFB(data); err != nil {
		return nil, err
	}
	return decodeVerifiedFB(data)
}

// decodeVerifiedFB is DecodeFB for a buffer VerifyFB has accepted.
func decodeVerifiedFB(data []byte) (*Genome, error) {
	d := fbDecoder{}
	g := d.genome(fb.GetRootAsGenome(data, 0))
	if d.err != nil {
		return nil, d.err
	}
	return g, nil
}

// fbDecoder converts verified tables to Go values, keeping the first error.
type fbDecoder struct {
	err     error
	version int
}

func (d *fbDecoder) fail(format string, args ...any) {
	if d.err == nil {
		d.err = fmt.Errorf(format, args...)
	}
}

func (d *fbDecoder) enum(v uint8, names []string, path string) uint8 {
	if int(v) >= len(names) {
		d.fail("%s: unknown value %d", path, v)
	}
	return v
}

func (d *fbDecoder) str(b []byte, path string) string {
	if !utf8.Valid(b) {
		d.fail("%s: not valid UTF-8", path)
	}
	return string(b)
}

func (d *fbDecoder) ranks(v uint16, path string) RankSet {
	if RankSet(v)&^AllRanks != 0 {
		d.fail("%s: bits %#x are not ranks", path, v&^uint16(AllRanks))
	}
	return RankSet(v)
}

func (d *fbDecoder) suits(v uint8, path string) SuitSet {
	if SuitSet(v)&^AllSuits != 0 {
		d.fail("%s: bits %#x are not suits", path, v&^uint8(AllSuits))
	}
	return SuitSet(v)
}

func (d *fbDecoder) card(v uint8, path string) cards.Card {
	if !cards.Card(v).Valid() {
		d.fail("%s: %d is not a card", path, v)
	}
	return cards.Card(v)
}

// since fails when a field newer than the buffer's version is present.
func (d *fbDecoder) since(t flatbuffers.Table, slot int, version int, path string) {
	if version > d.version && t.Offset(flatbuffers.VOffsetT(4+2*slot)) != 0 {
		d.fail("%s: field added in schema version %d (the buffer is version %d)", path, version, d.version)
	}
}

func (d *fbDecoder) genome(r *fb.Genome) *Genome {
	g := &Genome{SchemaVersion: CurrentVersion}
	d.version = int(r.SchemaVersion())
	if d.version < 1 || d.version > CurrentVersion {
		d.fail("schema_version: %d is not a known version (1..%d)", d.version, CurrentVersion)
		return nil
	}
	g.ID = d.str(r.Id(), "id")
	g.Name = d.str(r.Name(), "name")
	for i := range r.LineageLength() {
		g.Lineage = append(g.Lineage, d.str(r.Lineage(i), fmt.Sprintf("lineage[%d]", i)))
	}
	g.Generation = r.Generation()
	if s := r.Setup(nil); s != nil {
		d.setup(s, &g.Setup)
	} else {
		g.Setup.setDefaults()
	}
	if t := r.Turns(nil); t != nil {
		d.turns(t, &g.Turns)
	}
	if n := r.PhasesLength(); n > 0 {
		g.Phases = make([]Phase, n)
		var p fb.Phase
		for i := range n {
			r.Phases(&p, i)
			d.phase(&p, &g.Phases[i], fmt.Sprintf("phases[%d]", i))
		}
	}
	if n := r.EffectsLength(); n > 0 {
		g.Effects = make([]Effect, n)
		var e fb.Effect
		for i := range n {
			r.Effects(&e, i)
			path := fmt.Sprintf("effects[%d]", i)
			g.Effects[i] = Effect{
				Ranks:  d.ranks(e.Ranks(), path+".ranks"),
				Suits:  d.suits(e.Suits(), path+".suits"),
				Kind:   EffectKind(d.enum(uint8(e.Kind()), effectKindNames, path+".kind")),
				Target: EffectTarget(d.enum(uint8(e.Target()), effectTargetNames, path+".target")),
				Value:  e.Value(),
			}
		}
	}
	if n := r.ScoringLength(); n > 0 {
		g.Scoring = make([]ScoringRule, n)
		var s fb.ScoringRule
		for i := range n {
			r.Scoring(&s, i)
			path := fmt.Sprintf("scoring[%d]", i)
			g.Scoring[i] = ScoringRule{
				Kind:   ScoreKind(d.enum(uint8(s.Kind()), scoreKindNames, path+".kind")),
				Ranks:  d.ranks(s.Ranks(), path+".ranks"),
				Suits:  d.suits(s.Suits(), path+".suits"),
				Points: s.Points(),
			}
		}
	}
	if n := r.WinConditionsLength(); n > 0 {
		g.WinConditions = make([]WinCondition, n)
		var w fb.WinCondition
		for i := range n {
			r.WinConditions(&w, i)
			path := fmt.Sprintf("win_conditions[%d]", i)
			g.WinConditions[i] = WinCondition{
				Kind:      WinKind(d.enum(uint8(w.Kind()), winKindNames, path+".kind")),
				Threshold: w.Threshold(),
			}
		}
	}
	return g
}

func (d *fbDecoder) setup(r *fb.Setup, s *Setup) {
	s.Deck = DeckKind(d.enum(uint8(r.Deck()), deckKindNames, "setup.deck"))
	s.Jokers = r.Jokers()
	if b := r.RemoveBytes(); len(b) > 0 {
		s.Remove = make([]cards.Card, len(b))
		for i, c := range b {
			s.Remove[i] = d.card(c, fmt.Sprintf("setup.remove[%d]", i))
		}
	}
	s.MinPlayers = r.MinPlayers()
	s.MaxPlayers = r.MaxPlayers()
	s.CardsPerPlayer = r.CardsPerPlayer()
	s.DealAll = r.DealAll()
	s.HandSizeChange = r.HandSizeChange()
	s.InitialDiscard = r.InitialDiscard()
	s.Tableau = r.Tableau()
	s.Community = r.Community()
	s.Trump = TrumpRule(d.enum(uint8(r.Trump()), trumpRuleNames, "setup.trump"))
	s.TrumpSuit = cards.Suit(d.enum(uint8(r.TrumpSuit()), suitNames, "setup.trump_suit"))
	s.WildRanks = d.ranks(r.WildRanks(), "setup.wild_ranks")
	s.RankOrder = RankOrder(d.enum(uint8(r.RankOrder()), rankOrderNames, "setup.rank_order"))
	s.PointLimit = r.PointLimit()
	s.HandsPerGame = r.HandsPerGame()
	s.Elimination = Elimination(d.enum(uint8(r.Elimination()), eliminationNames, "setup.elimination"))
	s.StartingChips = r.StartingChips()
	t := r.Table()
	d.since(t, 19, 2, "setup.small_blind")
	d.since(t, 20, 2, "setup.big_blind")
	d.since(t, 21, 2, "setup.ante")
	s.SmallBlind = r.SmallBlind()
	s.BigBlind = r.BigBlind()
	s.Ante = r.Ante()
}

func (d *fbDecoder) turns(r *fb.Turns, t *Turns) {
	t.Direction = Direction(d.enum(uint8(r.Direction()), directionNames, "turns.direction"))
	t.FirstPlayer = FirstPlayer(d.enum(uint8(r.FirstPlayer()), firstPlayerNames, "turns.first_player"))
	t.FirstCard = d.card(r.FirstCard(), "turns.first_card")
	t.CycleStart = r.CycleStart()
	t.CycleEnd = r.CycleEnd()
	d.condition(r.CycleUntil(nil), &t.CycleUntil, "turns.cycle_until")
	t.MaxTurns = r.MaxTurns()
}

// condition reads r (nil: the zero condition) into c.
func (d *fbDecoder) condition(r *fb.Condition, c *Condition, path string) {
	if r == nil {
		return
	}
	c.Op = CondOp(d.enum(uint8(r.Op()), condOpNames, path+".op"))
	c.Test = Test(d.enum(uint8(r.Test()), testNames, path+".test"))
	c.Cmp = Cmp(d.enum(uint8(r.Cmp()), cmpNames, path+".cmp"))
	c.Value = r.Value()
	c.Ranks = d.ranks(r.Ranks(), path+".ranks")
	c.Suits = d.suits(r.Suits(), path+".suits")
	if n := r.ArgsLength(); n > 0 {
		c.Args = make([]Condition, n)
		for i := range n {
			var a fb.Condition
			r.Args(&a, i)
			d.condition(&a, &c.Args[i], fmt.Sprintf("%s.args[%d]", path, i))
		}
	}
}

func (d *fbDecoder) phase(r *fb.Phase, p *Phase, path string) {
	p.Kind = PhaseKind(d.enum(uint8(r.KindType()), phaseKindNames, path+".kind"))
	if d.err != nil || p.Kind == PhaseNone {
		return
	}
	var t flatbuffers.Table
	r.Kind(&t) // present: VerifyFB checked it
	path += "." + phaseKindNames[p.Kind]
	switch p.Kind {
	case PhaseDeal:
		var x fb.DealPhase
		x.Init(t.Bytes, t.Pos)
		p.Deal = DealPhase{
			To:     DealTarget(d.enum(uint8(x.To()), dealTargetNames, path+".to")),
			Count:  x.Count(),
			FaceUp: x.FaceUp(),
		}
	case PhaseDraw:
		var x fb.DrawPhase
		x.Init(t.Bytes, t.Pos)
		p.Draw = DrawPhase{
			Actor:     Actor(d.enum(uint8(x.Actor()), actorNames, path+".actor")),
			Source:    DrawSource(d.enum(uint8(x.Source()), drawSourceNames, path+".source")),
			Count:     x.Count(),
			Mandatory: x.Mandatory(),
			Repeat:    x.Repeat(),
			FaceUp:    x.FaceUp(),
		}
		d.condition(x.Condition(nil), &p.Draw.Condition, path+".condition")
	case PhasePlay:
		var x fb.PlayPhase
		x.Init(t.Bytes, t.Pos)
		p.Play = PlayPhase{
			Actor:     Actor(d.enum(uint8(x.Actor()), actorNames, path+".actor")),
			Target:    PlayTarget(d.enum(uint8(x.Target()), playTargetNames, path+".target")),
			MinCards:  x.MinCards(),
			MaxCards:  x.MaxCards(),
			SameRank:  x.SameRank(),
			Mandatory: x.Mandatory(),
			IfUnable:  IfUnable(d.enum(uint8(x.IfUnable()), ifUnableNames, path+".if_unable")),
		}
		d.condition(x.Condition(nil), &p.Play.Condition, path+".condition")
	case PhaseDiscard:
		var x fb.DiscardPhase
		x.Init(t.Bytes, t.Pos)
		p.Discard = DiscardPhase{
			Actor:    Actor(d.enum(uint8(x.Actor()), actorNames, path+".actor")),
			Target:   DiscardTarget(d.enum(uint8(x.Target()), discardTargetNames, path+".target")),
			MinCards: x.MinCards(),
			MaxCards: x.MaxCards(),
			SetSize:  x.SetSize(),
			Refill:   x.Refill(),
		}
		d.condition(x.Condition(nil), &p.Discard.Condition, path+".condition")
	case PhaseTrick:
		var x fb.TrickPhase
		x.Init(t.Bytes, t.Pos)
		p.Trick = TrickPhase{
			FollowSuit: x.FollowSuit(),
			Winner:     TrickWinner(d.enum(uint8(x.Winner()), trickWinnerNames, path+".winner")),
			PlayFrom:   PlayFrom(d.enum(uint8(x.PlayFrom()), playFromNames, path+".play_from")),
			Tie:        TieRule(d.enum(uint8(x.Tie()), tieRuleNames, path+".tie")),
			WarCards:   x.WarCards(),
			Collect:    Collect(d.enum(uint8(x.Collect()), collectNames, path+".collect")),
			AwardsPot:  x.AwardsPot(),
		}
		d.condition(x.LeadCondition(nil), &p.Trick.LeadCondition, path+".lead_condition")
	case PhaseBetting:
		var x fb.BettingPhase
		x.Init(t.Bytes, t.Pos)
		d.since(x.Table(), 2, 2, path+".structure")
		p.Betting = BettingPhase{
			MinBet:    x.MinBet(),
			MaxRaises: x.MaxRaises(),
			Structure: BetStructure(d.enum(uint8(x.Structure()), betStructureNames, path+".structure")),
		}
	case PhaseClaim:
		var x fb.ClaimPhase
		x.Init(t.Bytes, t.Pos)
		p.Claim = ClaimPhase{
			MinCards:  x.MinCards(),
			MaxCards:  x.MaxCards(),
			RankRule:  ClaimRank(d.enum(uint8(x.RankRule()), claimRankNames, path+".rank_rule")),
			FirstRank: cards.Rank(d.enum(uint8(x.FirstRank()), rankNames, path+".first_rank")),
			Challenge: Challenge(d.enum(uint8(x.Challenge()), challengeNames, path+".challenge")),
		}
	case PhaseShowdown:
		var x fb.ShowdownPhase
		x.Init(t.Bytes, t.Pos)
		p.Showdown = ShowdownPhase{
			Method:    ShowdownMethod(d.enum(uint8(x.Method()), showdownMethodNames, path+".method")),
			HoleCards: x.HoleCards(),
		}
	case PhaseAsk:
		var x fb.AskPhase
		x.Init(t.Bytes, t.Pos)
		p.Ask = AskPhase{
			Target:         AskTarget(d.enum(uint8(x.Target()), askTargetNames, path+".target")),
			MustHoldRank:   x.MustHoldRank(),
			FishCount:      x.FishCount(),
			AgainOnSuccess: x.AgainOnSuccess(),
			AgainOnFish:    x.AgainOnFish(),
		}
	}
}
