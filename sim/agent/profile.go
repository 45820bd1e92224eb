package agent

import (
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
)

// handClass is how an agent rates a hand for betting.
type handClass uint8

const (
	classGeneric  handClass = iota // no showdown that ranks hands: mean card rank
	classHoldem                    // poker_high with community cards, any hole cards
	classOmaha                     // poker_high, exactly HoleCards hole cards with the board
	classDraw                      // poker_high on closed hands (five-card draw)
	classHighCard                  // high_card showdown
	classPoints                    // point_total showdown
)

var classNames = [...]string{"generic", "holdem", "omaha", "draw", "high_card", "point_total"}

func (c handClass) String() string { return classNames[c] }

// profile is what agents precompute about a game's rules: the deck, how
// hands are rated, the win condition they play for and the scoring rules.
// It depends on the Program only and is rebuilt when the program changes.
type profile struct {
	prog *game.Program
	g    *genome.Genome

	deck  cards.Set // every card of the game
	class handClass
	hole  int // classOmaha: the hole cards a hand uses
	board int // community cards at the showdown (setup plus deals)
	limit int // Setup.PointLimit
	wild  cards.Set
	rank  [cards.RankJoker + 1]float64 // rank value in the rank order, scaled to [0, 1]

	// win is the first win condition's kind, threshold its threshold.
	win       genome.WinKind
	threshold int32
	scoring   []scoreRule

	// roundOf[i] is the betting round of phase i (-1: not a betting
	// phase); rounds counts the betting phases of a hand.
	roundOf []int8
	rounds  int
	// drawLeft[i] counts the refilling discard phases at or after phase i.
	drawLeft []int8

	discardPlay bool // a play phase onto the discard pile (shedding games)
	// optional[i] reports that phase i is a Play phase whose players may
	// decline to play (pass) when they could play a card.
	optional   []bool
	betting    bool // a chip game (betting phases)
	claims     bool // a claim phase (Cheat)
	asks       bool // an ask phase (Go Fish)
	startChips chips.Chips
	bigBlind   chips.Chips // the big blind, else the first round's minimum bet
	temp       float64     // the softmax temperature of the evaluation (see evaluate)

	// trickRule[i] is the winner rule of trick phase i when it is a
	// led-suit rule collected into the winner's won pile (trickHigh or
	// trickLow), else trickNone.
	trickRule []uint8
	// wonValue[c] is what winning card c in a trick adds to the winner's
	// standing (see standing), trickValue what winning a trick adds.
	wonValue   [cards.NumCards]float64
	trickValue float64
	penalty    bool // some card has a negative won value
}

// The led-suit trick rules the greedy heuristic reads.
const (
	trickNone = iota
	trickHigh // the highest trump, else the highest card of the led suit
	trickLow  // the highest trump, else the lowest card of the led suit
)

// scoreRule is a scoring rule with its card mask.
type scoreRule struct {
	kind   genome.ScoreKind
	mask   cards.Set
	points float64
}

// newProfile precomputes the profile of prog.
func newProfile(prog *game.Program) *profile {
	g := prog.Genome()
	pr := &profile{prog: prog, g: g, limit: int(g.Setup.PointLimit)}
	for _, c := range g.Setup.Cards() {
		pr.deck = pr.deck.Add(c)
	}
	for c := cards.Card(0); c < cards.NumCards; c++ {
		if g.Setup.WildRanks.Has(c.Rank()) {
			pr.wild = pr.wild.Add(c)
		}
	}
	for _, e := range g.Effects {
		if e.Kind != genome.EffectWild {
			continue
		}
		for c := cards.Card(0); c < cards.NumCards; c++ {
			if genome.Matches(e.Ranks, e.Suits, c) {
				pr.wild = pr.wild.Add(c)
			}
		}
	}
	for r := cards.Rank(0); r <= cards.RankJoker; r++ {
		pr.rank[r] = float64(g.Setup.RankOrder.RankValue(r)-1) / 14
	}
	pr.win = g.WinConditions[0].Kind
	pr.threshold = g.WinConditions[0].Threshold
	for _, r := range g.Scoring {
		sr := scoreRule{kind: r.Kind, points: float64(r.Points)}
		for c := cards.Card(0); c < cards.NumCards; c++ {
			if genome.Matches(r.Ranks, r.Suits, c) {
				sr.mask = sr.mask.Add(c)
			}
		}
		pr.scoring = append(pr.scoring, sr)
	}

	pr.board = int(g.Setup.Community)
	pr.roundOf = make([]int8, len(g.Phases))
	pr.drawLeft = make([]int8, len(g.Phases)+1)
	pr.optional = make([]bool, len(g.Phases)+1)
	showdown := -1
	var firstBet chips.Chips
	for i, ph := range g.Phases {
		pr.roundOf[i] = -1
		switch ph.Kind {
		case genome.PhaseBetting:
			pr.roundOf[i] = int8(pr.rounds)
			if pr.rounds == 0 {
				firstBet = chips.FromInt(int64(ph.Betting.MinBet))
			}
			pr.rounds++
		case genome.PhaseDeal:
			if ph.Deal.To == genome.DealToCommunity {
				pr.board += int(ph.Deal.Count)
			}
		case genome.PhaseClaim:
			pr.claims = true
		case genome.PhaseAsk:
			pr.asks = true
		case genome.PhaseShowdown:
			if showdown < 0 {
				showdown = i
			}
		case genome.PhasePlay:
			if ph.Play.Target == genome.PlayToDiscard {
				pr.discardPlay = true
			}
			pr.optional[i] = !ph.Play.Mandatory
		}
	}
	for i := len(g.Phases) - 1; i >= 0; i-- {
		pr.drawLeft[i] = pr.drawLeft[i+1]
		if d := g.Phases[i].Discard; g.Phases[i].Kind == genome.PhaseDiscard && d.Refill && d.SetSize == 0 {
			pr.drawLeft[i]++
		}
	}
	if showdown >= 0 {
		sd := g.Phases[showdown].Showdown
		switch sd.Method {
		case genome.ShowdownPokerHigh:
			switch {
			case sd.HoleCards > 0 && pr.board > 0:
				pr.class, pr.hole = classOmaha, int(sd.HoleCards)
			case pr.board > 0:
				pr.class = classHoldem
			default:
				pr.class = classDraw
			}
		case genome.ShowdownHighCard:
			pr.class = classHighCard
		case genome.ShowdownPointTotal:
			pr.class = classPoints
		}
	}
	pr.startChips = chips.FromInt(int64(g.Setup.StartingChips))
	pr.betting = prog.HasChips()
	pr.bigBlind = chips.FromInt(int64(g.Setup.BigBlind))
	if pr.bigBlind == 0 {
		pr.bigBlind = firstBet
	}
	pr.temp = pr.temperature()
	pr.trickValues()
	return pr
}

// trickValues fills trickRule, wonValue and trickValue.
func (pr *profile) trickValues() {
	pr.trickRule = make([]uint8, len(pr.g.Phases))
	for i, ph := range pr.g.Phases {
		if ph.Kind != genome.PhaseTrick || ph.Trick.Collect != genome.CollectWonPile || ph.Trick.Tie == genome.TieWar {
			continue
		}
		switch ph.Trick.Winner {
		case genome.HighLedSuit:
			pr.trickRule[i] = trickHigh
		case genome.LowLedSuit:
			pr.trickRule[i] = trickLow
		}
	}
	var sign float64
	switch pr.win {
	case genome.WinHighScore, genome.WinFirstToScore:
		sign = 1
	case genome.WinLowScore:
		sign = -1
	case genome.WinMostTricks:
		pr.trickValue = 1 / pr.temp
	case genome.WinCaptureAll:
		for c := range pr.wonValue {
			pr.wonValue[c] = 1 / pr.temp
		}
	}
	if sign == 0 {
		return
	}
	for _, r := range pr.scoring {
		switch r.kind {
		case genome.ScoreCardWon:
			for c := range pr.wonValue {
				if r.mask.Has(cards.Card(c)) {
					pr.wonValue[c] += sign * r.points / pr.temp
					pr.penalty = pr.penalty || pr.wonValue[c] < 0
				}
			}
		case genome.ScoreTrickWon:
			pr.trickValue += sign * r.points / pr.temp
		}
	}
}

// isPoker reports whether hands are poker hands rated with engine/handeval.
func (pr *profile) isPoker() bool {
	return pr.class == classHoldem || pr.class == classOmaha || pr.class == classDraw
}

// profileCache keeps the profile of the last program an agent played.
type profileCache struct{ pr *profile }

// get returns the profile of prog, building it when prog changed.
func (c *profileCache) get(prog *game.Program) *profile {
	if c.pr == nil || c.pr.prog != prog {
		c.pr = newProfile(prog)
	}
	return c.pr
}

// PokerShaped reports whether prog is a betting game whose hands are poker
// hands rated with engine/handeval (hold'em, Omaha, draw): the games the
// house strategy module plays with its own evaluators.
func PokerShaped(prog *game.Program) bool {
	return prog.HasChips() && newProfile(prog).isPoker()
}
