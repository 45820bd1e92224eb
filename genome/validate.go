package genome

import (
	"fmt"
	"strings"

	"github.com/deckforge/deckforge/engine/cards"
)

// Problem is one reason a genome cannot be played: the JSON path of the
// field and what is wrong with it.
type Problem struct {
	Path   string
	Reason string
}

func (p Problem) Error() string { return p.Path + ": " + p.Reason }

// Problems lists every problem Validate found. As an error it prints one
// problem per line.
type Problems []Problem

func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.Error()
	}
	return strings.Join(lines, "\n")
}

// Err returns ps as an error, or nil when there is no problem.
func (ps Problems) Err() error {
	if len(ps) == 0 {
		return nil
	}
	return ps
}

// Validate returns every reason g cannot be played (nil when it can), each
// naming the field by its JSON path, e.g.
//
//	phases[2].betting.min_bet: must be > 0 and <= setup.starting_chips (1000), is 0
//
// A genome that passes can be played to the end by an interpreter that
// follows the package documentation: all counts are in range, the deck holds
// enough cards for the deal, every win condition can be reached, chips have
// somewhere to go, and every game ends (Turns.MaxTurns).
func Validate(g *Genome) Problems {
	v := &validator{g: g}
	if _, err := contentJSON(g); err != nil {
		// An enum, card or set out of range: report it and what else we can.
		path, reason, _ := strings.Cut(err.Error(), ": ")
		v.add(path, "%s", reason)
	}
	v.scan()
	v.setup()
	v.turns()
	v.phases()
	v.effects()
	v.scoring()
	v.wins()
	v.deal()
	return v.ps
}

type validator struct {
	g  *Genome
	ps Problems
	// what the phases do, for reachability checks
	plays      bool // some phase is a Play phase
	betting    bool
	showdown   bool
	awardsPot  bool
	tricks     bool
	sheds      bool // some phase can empty a hand
	toWon      bool // some phase puts cards in won piles
	sets       bool // some discard lays down sets in the won pile
	dealsHands bool // some deal or draw gives players cards
}

func (v *validator) add(path, format string, args ...any) {
	v.ps = append(v.ps, Problem{Path: path, Reason: fmt.Sprintf(format, args...)})
}

func (v *validator) scan() {
	for _, p := range v.g.Phases {
		switch p.Kind {
		case PhaseDeal:
			v.dealsHands = v.dealsHands || p.Deal.To == DealToEachPlayer
		case PhaseDraw, PhaseAsk:
			v.dealsHands = true
		case PhasePlay, PhaseClaim:
			v.plays = v.plays || p.Kind == PhasePlay
			v.sheds = true
		case PhaseDiscard:
			v.sheds = v.sheds || !p.Discard.Refill
			if p.Discard.Target == DiscardToWon {
				v.toWon = true
				v.sets = v.sets || p.Discard.SetSize > 0
			}
		case PhaseTrick:
			v.tricks = true
			v.sheds = v.sheds || p.Trick.PlayFrom == FromChoice
			v.toWon = v.toWon || p.Trick.Collect == CollectWonPile
			v.awardsPot = v.awardsPot || p.Trick.AwardsPot
		case PhaseBetting:
			v.betting = true
		case PhaseShowdown:
			v.showdown = true
		}
	}
}

func (v *validator) setup() {
	s := &v.g.Setup
	if s.Jokers > 2 {
		v.add("setup.jokers", "must be 0, 1 or 2, is %d", s.Jokers)
	}
	seen := cards.Set(0)
	for i, c := range s.Remove {
		path := fmt.Sprintf("setup.remove[%d]", i)
		switch {
		case !c.Valid():
		case seen.Has(c):
			v.add(path, "%s is removed twice", c)
		case !inBaseDeck(s, c):
			v.add(path, "%s is not in the deck", c)
		}
		if c.Valid() {
			seen = seen.Add(c)
		}
	}
	if s.MinPlayers < MinPlayers || s.MinPlayers > MaxPlayers {
		v.add("setup.min_players", "must be %d..%d, is %d", MinPlayers, MaxPlayers, s.MinPlayers)
	}
	if s.MaxPlayers < MinPlayers || s.MaxPlayers > MaxPlayers {
		v.add("setup.max_players", "must be %d..%d, is %d", MinPlayers, MaxPlayers, s.MaxPlayers)
	}
	if s.MinPlayers > s.MaxPlayers {
		v.add("setup.min_players", "must be <= setup.max_players (%d), is %d", s.MaxPlayers, s.MinPlayers)
	}
	if s.DealAll && s.CardsPerPlayer != 0 {
		v.add("setup.cards_per_player", "must be 0 when setup.deal_all is true, is %d", s.CardsPerPlayer)
	}
	if !s.DealAll && s.CardsPerPlayer == 0 && !v.dealsHands {
		v.add("setup.cards_per_player", "is 0 and no phase deals or draws cards to players")
	}
	if s.HandSizeChange != 0 {
		switch {
		case s.DealAll:
			v.add("setup.hand_size_change", "must be 0 when setup.deal_all is true, is %d", s.HandSizeChange)
		case s.HandsPerGame == 0:
			v.add("setup.hand_size_change", "needs setup.hands_per_game > 0 (the hand size must stay in range), is %d", s.HandSizeChange)
		case s.CardsPerPlayer > 0:
			if last := s.HandSize(int(s.HandsPerGame)); last < 1 {
				v.add("setup.hand_size_change", "hand %d would deal %d cards; must stay >= 1", s.HandsPerGame, last)
			}
		}
	}
	if s.Trump == TrumpTurnUp && s.DealAll {
		v.add("setup.trump", "turn_up needs a stock, but setup.deal_all deals every card")
	}
	if s.HandsPerGame > MaxHands {
		v.add("setup.hands_per_game", "must be <= %d, is %d", MaxHands, s.HandsPerGame)
	}
	switch s.Elimination {
	case EliminateNoChips:
		if !s.HasChips() {
			v.add("setup.elimination", "no_chips needs setup.starting_chips > 0")
		}
	case EliminateNoTricks:
		if !v.tricks {
			v.add("setup.elimination", "no_tricks needs a trick phase")
		}
	}
	if s.StartingChips > MaxChips {
		v.add("setup.starting_chips", "must be <= %d, is %d", MaxChips, s.StartingChips)
	}
	forced := s.SmallBlind > 0 || s.BigBlind > 0 || s.Ante > 0
	if !s.HasChips() {
		for _, f := range []struct {
			name string
			x    uint32
		}{{"small_blind", s.SmallBlind}, {"big_blind", s.BigBlind}, {"ante", s.Ante}} {
			if f.x > 0 {
				v.add("setup."+f.name, "needs setup.starting_chips > 0, is %d", f.x)
			}
		}
		return
	}
	if s.SmallBlind > s.BigBlind {
		v.add("setup.small_blind", "must be <= setup.big_blind (%d), is %d", s.BigBlind, s.SmallBlind)
	}
	if s.BigBlind > s.StartingChips {
		v.add("setup.big_blind", "must be <= setup.starting_chips (%d), is %d", s.StartingChips, s.BigBlind)
	}
	if s.Ante > s.StartingChips {
		v.add("setup.ante", "must be <= setup.starting_chips (%d), is %d", s.StartingChips, s.Ante)
	}
	if !v.betting && !forced {
		v.add("setup.starting_chips", "is %d but chips are never bet (no betting phase, no blinds or ante)", s.StartingChips)
	}
	if (v.betting || forced) && !v.showdown && !v.awardsPot {
		v.add("phases", "chips are bet but no showdown phase or pot-awarding trick awards the pot")
	}
}

func inBaseDeck(s *Setup, c cards.Card) bool {
	switch {
	case c == cards.RedJoker:
		return s.Jokers >= 1
	case c == cards.BlackJoker:
		return s.Jokers >= 2
	case s.Deck == DeckShort36:
		return c.Rank() >= cards.Six
	}
	return true
}

func (v *validator) turns() {
	t := &v.g.Turns
	if t.MaxTurns < 1 || t.MaxTurns > MaxTurns {
		v.add("turns.max_turns", "must be 1..%d (every game must end), is %d", MaxTurns, t.MaxTurns)
	}
	n := len(v.g.Phases)
	if int(t.CycleEnd) > n {
		v.add("turns.cycle_end", "must be <= the number of phases (%d), is %d", n, t.CycleEnd)
	}
	if t.CycleStart > t.CycleEnd {
		v.add("turns.cycle_start", "must be <= turns.cycle_end (%d), is %d", t.CycleEnd, t.CycleStart)
	}
	if t.CycleStart < t.CycleEnd {
		v.condition(&t.CycleUntil, "turns.cycle_until", false)
	}
	if t.FirstPlayer == FirstHolderOfCard {
		if t.FirstCard.Valid() && !cards.SetOf(v.g.Setup.Cards()...).Has(t.FirstCard) {
			v.add("turns.first_card", "%s is not in the deck", t.FirstCard)
		}
	}
}

func (v *validator) phases() {
	g := v.g
	if len(g.Phases) == 0 {
		v.add("phases", "needs at least one phase")
	}
	if len(g.Phases) > MaxPhases {
		v.add("phases", "at most %d phases, has %d", MaxPhases, len(g.Phases))
	}
	s := &g.Setup
	community := int(s.Community)
	playerCards := s.HandSize(1)
	if s.HandSizeChange < 0 && s.HandsPerGame > 0 {
		playerCards = s.HandSize(int(s.HandsPerGame))
	}
	if s.DealAll {
		playerCards = len(s.Cards()) / max(int(s.MaxPlayers), 1)
	}
	for i := range g.Phases {
		p := &g.Phases[i]
		path := fmt.Sprintf("phases[%d]", i)
		sub := path + "." + p.Kind.String()
		switch p.Kind {
		case PhaseNone:
			v.add(path+".kind", "a phase needs a kind")
		case PhaseDeal:
			d := &p.Deal
			if d.Count < 1 || d.Count > 52 {
				v.add(sub+".count", "must be 1..52, is %d", d.Count)
			}
			switch d.To {
			case DealToCommunity:
				community += int(d.Count)
			case DealToEachPlayer:
				playerCards += int(d.Count)
			}
		case PhaseDraw:
			d := &p.Draw
			if d.Count < 1 || d.Count > MaxCardsPerMove {
				v.add(sub+".count", "must be 1..%d, is %d", MaxCardsPerMove, d.Count)
			}
			v.condition(&d.Condition, sub+".condition", false)
		case PhasePlay:
			d := &p.Play
			if d.MinCards < 1 || d.MinCards > d.MaxCards {
				v.add(sub+".min_cards", "must be 1..play.max_cards (%d), is %d", d.MaxCards, d.MinCards)
			}
			if d.MaxCards < 1 || d.MaxCards > MaxCardsPerMove {
				v.add(sub+".max_cards", "must be 1..%d, is %d", MaxCardsPerMove, d.MaxCards)
			}
			v.condition(&d.Condition, sub+".condition", true)
		case PhaseDiscard:
			d := &p.Discard
			if d.SetSize == 0 {
				if d.MinCards > d.MaxCards {
					v.add(sub+".min_cards", "must be <= discard.max_cards (%d), is %d", d.MaxCards, d.MinCards)
				}
				if d.MaxCards < 1 || d.MaxCards > MaxCardsPerMove {
					v.add(sub+".max_cards", "must be 1..%d, is %d", MaxCardsPerMove, d.MaxCards)
				}
				v.condition(&d.Condition, sub+".condition", true)
			} else {
				if d.SetSize < 2 || d.SetSize > MaxSetSize {
					v.add(sub+".set_size", "must be 0 or 2..%d, is %d", MaxSetSize, d.SetSize)
				}
				if d.MinCards != 0 || d.MaxCards != 0 {
					v.add(sub+".min_cards", "min_cards and max_cards must be 0 when set_size is set (sets are discarded automatically)")
				}
				if d.Condition.Op != OpAlways || len(d.Condition.Args) > 0 {
					v.add(sub+".condition", "must be always when set_size is set")
				}
			}
		case PhaseTrick:
			d := &p.Trick
			v.condition(&d.LeadCondition, sub+".lead_condition", true)
			if d.PlayFrom == FromTopOfHand && d.FollowSuit {
				v.add(sub+".follow_suit", "cannot be true when play_from is top_of_hand (nobody chooses a card)")
			}
			if d.WarCards > MaxWarCards {
				v.add(sub+".war_cards", "must be 0..%d, is %d", MaxWarCards, d.WarCards)
			}
			if d.Tie != TieWar && d.WarCards != 0 {
				v.add(sub+".war_cards", "must be 0 unless tie is war, is %d", d.WarCards)
			}
			if d.AwardsPot && !s.HasChips() {
				v.add(sub+".awards_pot", "needs setup.starting_chips > 0")
			}
		case PhaseBetting:
			d := &p.Betting
			switch {
			case !s.HasChips():
				v.add(sub, "a betting phase needs setup.starting_chips > 0")
			case d.MinBet == 0 || d.MinBet > s.StartingChips:
				v.add(sub+".min_bet", "must be > 0 and <= setup.starting_chips (%d), is %d", s.StartingChips, d.MinBet)
			}
			if d.Structure == FixedLimit && d.MaxRaises < 1 {
				v.add(sub+".max_raises", "must be >= 1 under fixed_limit, is 0")
			}
			if d.MaxRaises > MaxRaises {
				v.add(sub+".max_raises", "must be <= %d, is %d", MaxRaises, d.MaxRaises)
			}
		case PhaseClaim:
			d := &p.Claim
			if d.MinCards < 1 || d.MinCards > d.MaxCards {
				v.add(sub+".min_cards", "must be 1..claim.max_cards (%d), is %d", d.MaxCards, d.MinCards)
			}
			if d.MaxCards < 1 || d.MaxCards > MaxClaimCards {
				v.add(sub+".max_cards", "must be 1..%d, is %d", MaxClaimCards, d.MaxCards)
			}
			if d.FirstRank == cards.RankJoker {
				v.add(sub+".first_rank", "must be a standard rank, not joker")
			}
		case PhaseShowdown:
			d := &p.Showdown
			switch d.Method {
			case ShowdownPokerHigh:
				if d.HoleCards > 5 {
					v.add(sub+".hole_cards", "must be 0..5, is %d", d.HoleCards)
				} else if d.HoleCards == 0 && playerCards+community < 5 {
					v.add(sub, "a poker showdown needs 5 cards but players hold at most %d and there are %d community cards", playerCards, community)
				} else if d.HoleCards > 0 && (playerCards < int(d.HoleCards) || community < 5-int(d.HoleCards)) {
					v.add(sub+".hole_cards", "uses %d hand and %d community cards but players hold %d and there are %d community cards", d.HoleCards, 5-int(d.HoleCards), playerCards, community)
				}
			default:
				if d.HoleCards != 0 {
					v.add(sub+".hole_cards", "must be 0 unless method is poker_high, is %d", d.HoleCards)
				}
				if d.Method == ShowdownPointTotal && s.PointLimit < 2 {
					v.add("setup.point_limit", "must be >= 2 for a point_total showdown, is %d", s.PointLimit)
				}
			}
		case PhaseAsk:
			d := &p.Ask
			if d.FishCount > MaxFishCount {
				v.add(sub+".fish_count", "must be 0..%d, is %d", MaxFishCount, d.FishCount)
			}
			if d.AgainOnFish && d.FishCount == 0 {
				v.add(sub+".again_on_fish", "needs fish_count > 0")
			}
		default:
			if p.Kind.valid() {
				// A phase kind added without its checks: see "How to add a
				// phase kind" in the engine/game documentation.
				v.add(path+".kind", "%s phases have no validation rules", p.Kind)
			}
		}
	}
}

// condition checks a condition tree; card says whether a candidate card
// exists where it is evaluated.
func (v *validator) condition(c *Condition, path string, card bool) {
	if d := c.Depth(); d > MaxConditionDepth {
		v.add(path, "nested %d deep, at most %d", d, MaxConditionDepth)
		return
	}
	if n := c.Nodes(); n > MaxConditionNodes {
		v.add(path, "has %d nodes, at most %d", n, MaxConditionNodes)
		return
	}
	v.node(c, path, card)
}

func (v *validator) node(c *Condition, path string, card bool) {
	want := -1 // number of args the op needs; -2: at least one
	switch c.Op {
	case OpAlways, OpNever:
		want = 0
	case OpTest:
		want = 0
		switch {
		case c.Test == TestNone:
			v.add(path+".test", "a test node needs a test")
		case c.Test.NeedsCard() && !card:
			v.add(path+".test", "%s looks at a card, but there is no candidate card here", c.Test)
		case c.Test.UsesRanks() && c.Ranks == 0:
			v.add(path+".ranks", "%s needs at least one rank", c.Test)
		case c.Test.UsesSuits() && c.Suits == 0:
			v.add(path+".suits", "%s needs at least one suit", c.Test)
		}
	case OpAnd, OpOr:
		want = -2
	case OpNot, OpAnyPlayer, OpAllPlayers:
		want = 1
	}
	if c.Op != OpTest && c.Test != TestNone {
		v.add(path+".test", "must be none on a %s node", c.Op)
	}
	switch {
	case want == -2 && len(c.Args) == 0:
		v.add(path+".args", "%s needs at least one argument", c.Op)
	case want >= 0 && len(c.Args) != want:
		v.add(path+".args", "%s takes %d arguments, has %d", c.Op, want, len(c.Args))
	}
	for i := range c.Args {
		v.node(&c.Args[i], fmt.Sprintf("%s.args[%d]", path, i), card)
	}
}

func (v *validator) effects() {
	g := v.g
	if len(g.Effects) > MaxEffects {
		v.add("effects", "at most %d effects, has %d", MaxEffects, len(g.Effects))
	}
	for i, e := range g.Effects {
		path := fmt.Sprintf("effects[%d]", i)
		if e.Ranks == 0 {
			v.add(path+".ranks", "an effect needs at least one rank")
		}
		if e.Kind.usesValue() && (e.Value < 1 || e.Value > MaxEffectValue) {
			v.add(path+".value", "%s needs a value of 1..%d, is %d", e.Kind, MaxEffectValue, e.Value)
		}
		if !v.plays {
			v.add(path, "never triggers: there is no play phase")
		}
	}
}

func (v *validator) scoring() {
	g := v.g
	if len(g.Scoring) > MaxScoring {
		v.add("scoring", "at most %d rules, has %d", MaxScoring, len(g.Scoring))
	}
	for i, r := range g.Scoring {
		path := fmt.Sprintf("scoring[%d]", i)
		if r.Points == 0 {
			v.add(path+".points", "must not be 0")
		}
		switch r.Kind {
		case ScoreCardWon:
			if !v.toWon {
				v.add(path+".kind", "card_won never scores: no phase puts cards in won piles")
			}
		case ScoreTrickWon:
			if !v.tricks {
				v.add(path+".kind", "trick_won never scores: there is no trick phase")
			}
		case ScoreSetMade:
			if !v.sets {
				v.add(path+".kind", "set_made never scores: no discard phase lays sets in the won pile")
			}
		case ScoreWentOut:
			if !v.sheds {
				v.add(path+".kind", "went_out never scores: no phase can empty a hand")
			}
		case ScoreShowdownWon:
			if !v.showdown {
				v.add(path+".kind", "showdown_won never scores: there is no showdown phase")
			}
		}
		if !r.Kind.usesFilter() && (r.Ranks != 0 || r.Suits != 0) {
			v.add(path+".ranks", "%s counts no cards: ranks and suits must be empty", r.Kind)
		}
	}
}

func (v *validator) wins() {
	g := v.g
	s := &g.Setup
	if len(g.WinConditions) == 0 {
		v.add("win_conditions", "needs at least one win condition")
	}
	if len(g.WinConditions) > MaxWinConditions {
		v.add("win_conditions", "at most %d, has %d", MaxWinConditions, len(g.WinConditions))
	}
	seen := map[WinKind]bool{}
	chips := s.HasChips() && (v.betting || s.SmallBlind > 0 || s.BigBlind > 0 || s.Ante > 0)
	for i, w := range g.WinConditions {
		path := fmt.Sprintf("win_conditions[%d]", i)
		if seen[w.Kind] {
			v.add(path+".kind", "%s is listed twice", w.Kind)
		}
		seen[w.Kind] = true
		unreachable := ""
		switch w.Kind {
		case WinEmptyHand, WinLastWithCardsLoses:
			if !v.sheds {
				unreachable = "no phase can empty a hand"
			}
		case WinCaptureAll:
			if !v.tricks {
				unreachable = "there is no trick phase to capture cards"
			}
		case WinHighScore, WinLowScore, WinFirstToScore:
			if len(g.Scoring) == 0 {
				unreachable = "there are no scoring rules"
			}
		case WinMostTricks:
			if !v.tricks {
				unreachable = "there is no trick phase"
			}
		case WinBestHand:
			if !v.showdown {
				unreachable = "there is no showdown phase"
			}
		case WinMostChips, WinLastWithChips:
			if !chips {
				unreachable = "chips are never bet (needs setup.starting_chips > 0 and betting or forced bets)"
			}
		case WinLastStanding:
			if s.Elimination == EliminateNone {
				unreachable = "nobody is ever eliminated (setup.elimination is none)"
			}
		}
		if unreachable != "" {
			v.add(path+".kind", "%s is unreachable: %s", w.Kind, unreachable)
		}
		switch w.Kind {
		case WinFirstToScore:
			if w.Threshold <= 0 {
				v.add(path+".threshold", "first_to_score needs a threshold > 0, is %d", w.Threshold)
			}
		case WinHighScore, WinLowScore:
			if w.Threshold < 0 {
				v.add(path+".threshold", "must be >= 0, is %d", w.Threshold)
			}
		default:
			if w.Threshold != 0 {
				v.add(path+".threshold", "%s takes no threshold: must be 0, is %d", w.Kind, w.Threshold)
			}
		}
	}
}

// deal checks that the deck holds every card the deal can need with the
// most players.
func (v *validator) deal() {
	g := v.g
	s := &g.Setup
	if s.MaxPlayers < MinPlayers || s.MaxPlayers > MaxPlayers {
		return // reported by setup
	}
	deck := len(s.Cards())
	n := int(s.MaxPlayers)
	shared := int(s.InitialDiscard) + int(s.Tableau) + int(s.Community)
	if s.Trump == TrumpTurnUp {
		shared++
	}
	later := 0 // cards the phases take from the stock for sure
	for _, p := range g.Phases {
		switch p.Kind {
		case PhaseDeal:
			if p.Deal.To == DealToEachPlayer {
				later += n * int(p.Deal.Count)
			} else {
				later += int(p.Deal.Count)
			}
		case PhaseDiscard:
			if p.Discard.Refill && p.Discard.SetSize == 0 {
				k := int(p.Discard.MaxCards)
				if p.Discard.Actor == ActorEachPlayer {
					k *= n
				}
				later += k
			}
		}
	}
	if s.DealAll {
		if deck-shared < n {
			v.add("setup.deal_all", "after %d shared cards the %d-card deck cannot give each of %d players a card", shared, deck, n)
		}
		if later > 0 {
			v.add("phases", "phases deal or refill %d cards, but setup.deal_all leaves no stock", later)
		}
		return
	}
	hand := s.HandSize(1)
	if s.HandSizeChange > 0 && s.HandsPerGame > 0 {
		hand = s.HandSize(int(s.HandsPerGame))
	}
	need := n*max(hand, 0) + shared + later
	if need > deck {
		v.add("setup.cards_per_player", "%d players need %d cards (%d each, %d shared, %d by phases) but the deck has %d", n, need, max(hand, 0), shared, later, deck)
	}
}
