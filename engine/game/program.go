package game

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/genome"
)

// Limits of a State.
const (
	// MaxPlayers is the most players a game has (genome.MaxPlayers).
	MaxPlayers = genome.MaxPlayers
	// LogSize is the number of recent actions a State keeps for
	// observations.
	LogSize = 16
	// MaxMenu is the most bet or raise sizes Options.BetMenu may offer.
	MaxMenu = 4
)

// BetMenu is the set of bets and raises offered to agents in no-limit and
// pot-limit rounds, besides fold and check or call (always offered when
// legal). Amounts outside the legal range are clipped to it and duplicates
// dropped. Apply accepts any legal amount whatever the menu.
type BetMenu struct {
	// MinRaise offers the smallest legal bet or raise.
	MinRaise bool
	// PotPercents offers raises of p percent of the pot after the call
	// (0 entries are unused): 50 is ½ pot, 100 is pot.
	PotPercents [MaxMenu]uint16
	// AllIn offers a bet or raise of the whole stack.
	AllIn bool
}

// Options configure a Program.
type Options struct {
	// BetMenu is the menu of bet sizes (see BetMenu).
	BetMenu BetMenu
}

// DefaultOptions returns the default options: the menu fold, check/call,
// minimum raise, ½ pot, pot, all-in.
func DefaultOptions() Options {
	return Options{BetMenu: BetMenu{MinRaise: true, PotPercents: [MaxMenu]uint16{50, 100}, AllIn: true}}
}

// Compile validates g and compiles it with DefaultOptions. The Program does
// not refer to g afterwards.
func Compile(g *genome.Genome) (*Program, error) { return CompileWith(g, DefaultOptions()) }

// CompileWith validates g and compiles it with opt.
func CompileWith(g *genome.Genome, opt Options) (*Program, error) {
	if g == nil {
		return nil, errors.New("game: nil genome")
	}
	if ps := genome.Validate(g); len(ps) > 0 {
		return nil, fmt.Errorf("game: invalid genome %q: %w", g.ID, ps.Err())
	}
	return compile(g.Clone(), opt), nil
}

// allCards is the set of all 54 cards.
const allCards cards.Set = 1<<cards.NumCards - 1

// suitMask[s] holds the cards whose Suit() is s (jokers included: the red
// joker counts as hearts, the black joker as spades).
var suitMask = func() (m [cards.NumSuits]cards.Set) {
	for c := cards.Card(0); c < cards.NumCards; c++ {
		m[c.Suit()] |= 1 << c
	}
	return m
}()

// rankMask[r] holds the cards of rank r (RankJoker: both jokers).
var rankMask = func() (m [cards.RankJoker + 1]cards.Set) {
	for c := cards.Card(0); c < cards.NumCards; c++ {
		m[c.Rank()] |= 1 << c
	}
	return m
}()

// rankSetMask returns the cards whose rank is in rs.
func rankSetMask(rs genome.RankSet) cards.Set {
	var m cards.Set
	for r := cards.Rank(0); r <= cards.RankJoker; r++ {
		if rs.Has(r) {
			m |= rankMask[r]
		}
	}
	return m
}

// suitSetMask returns the cards whose suit is in ss.
func suitSetMask(ss genome.SuitSet) cards.Set {
	var m cards.Set
	for s := cards.Suit(0); s < cards.NumSuits; s++ {
		if ss.Has(s) {
			m |= suitMask[s]
		}
	}
	return m
}

// filterMask returns the cards passing genome.Matches(ranks, suits, c).
func filterMask(ranks genome.RankSet, suits genome.SuitSet) cards.Set {
	m := allCards
	if ranks != 0 {
		m &= rankSetMask(ranks)
	}
	if suits != 0 {
		m &= suitSetMask(suits)
	}
	return m
}

// phase is a compiled phase: the genome's phase plus precomputed masks.
type phase struct {
	genome.Phase
	cond int16 // the phase's condition node (draw, play, discard, trick lead), -1 for always
	// cset and cbool are its compiled forms with and without a candidate
	// card (see code.go).
	cset, cbool condFn
}

// effect is a compiled effect.
type effect struct {
	genome.Effect
	cards cards.Set // the cards that trigger it
}

// score is a compiled scoring rule.
type score struct {
	genome.ScoringRule
	mask cards.Set
}

// Program is a compiled genome: immutable after Compile, safe to share
// between goroutines. States refer to it.
type Program struct {
	g   *genome.Genome
	opt Options

	deck    [cards.NumCards]cards.Card
	ndeck   int
	deckSet cards.Set

	chips      bool
	startChips chips.Chips
	sb, bb     chips.Chips
	ante       chips.Chips

	phases   []phase
	cycStart int
	cycEnd   int
	until    int16  // condition node of Turns.CycleUntil, -1: none
	untilB   condFn // its compiled form (no candidate card)

	nodes []cnode
	kids  []int16

	effects  []effect
	effOf    [cards.NumCards]uint16 // bit i: effects[i] triggers on the card
	wildFx   cards.Set              // cards with a wild effect
	wild     cards.Set              // cards of Setup.WildRanks
	anyWild  cards.Set              // wild | wildFx: always legal in a play
	scoring  []score
	wins     []genome.WinCondition
	ordered  bool // hands have an order (top_of_hand tricks, hand_bottom collects, wars)
	hasTrick bool
	// deckRanks holds the ranks of the deck (claims and asks of any rank).
	deckRanks  genome.RankSet
	anyEffect  cards.Set // cards that trigger some effect
	captureAll bool      // a capture_all win condition exists
	turnTests  bool      // some condition looks at the turn number
	aceLow     bool      // Setup.RankOrder is ace_low

	rankVal  [cards.RankJoker + 1]int8 // RankValue under the rank order
	points   [cards.RankJoker + 1]int8 // CardPoints by rank
	vsTop    [6][cards.RankJoker + 1]cards.Set
	maxTurns uint32
}

func compile(g *genome.Genome, opt Options) *Program {
	p := &Program{g: g, opt: opt}
	s := &g.Setup
	d := s.Cards()
	p.ndeck = copy(p.deck[:], d)
	p.deckSet = cards.SetOf(d...)
	p.chips = s.HasChips()
	p.startChips = chips.FromInt(int64(s.StartingChips))
	p.sb = chips.FromInt(int64(s.SmallBlind))
	p.bb = chips.FromInt(int64(s.BigBlind))
	p.ante = chips.FromInt(int64(s.Ante))
	p.maxTurns = g.Turns.MaxTurns
	p.aceLow = s.RankOrder == genome.AceLow
	for r := cards.Rank(0); r <= cards.RankJoker; r++ {
		p.rankVal[r] = int8(s.RankOrder.RankValue(r))
		p.points[r] = int8(genome.CardPoints(cards.New(r, 0)))
	}
	p.points[cards.RankJoker] = 0
	for cmp := genome.CmpEq; cmp <= genome.CmpGe; cmp++ {
		for top := cards.Rank(0); top <= cards.RankJoker; top++ {
			var m cards.Set
			for r := cards.Rank(0); r <= cards.RankJoker; r++ {
				if cmp.Compare(int(p.rankVal[r]), int(p.rankVal[top])) {
					m |= rankMask[r]
				}
			}
			p.vsTop[cmp][top] = m
		}
	}
	p.wild = rankSetMask(s.WildRanks) & p.deckSet
	p.cycStart, p.cycEnd = int(g.Turns.CycleStart), int(g.Turns.CycleEnd)
	p.until = -1
	if p.cycStart < p.cycEnd {
		p.until = p.cond(&g.Turns.CycleUntil)
	}
	p.untilB = condAll
	if p.until >= 0 {
		p.untilB = p.closure(p.until, false)
	}
	p.phases = make([]phase, len(g.Phases))
	for i := range g.Phases {
		ph := &p.phases[i]
		ph.Phase = g.Phases[i]
		ph.cond = -1
		if c := phaseKinds[ph.Kind].compile; c != nil {
			c(p, ph)
		}
	}
	for i := range p.phases {
		ph := &p.phases[i]
		ph.cset, ph.cbool = condAll, condAll
		if ph.cond >= 0 {
			ph.cset = p.closure(ph.cond, true)
			ph.cbool = p.closure(ph.cond, false)
		}
	}
	for i, e := range g.Effects {
		m := filterMask(e.Ranks, e.Suits) & p.deckSet
		if e.Ranks == 0 {
			m = 0
		}
		p.effects = append(p.effects, effect{Effect: e, cards: m})
		for c := range cards.NumCards {
			if m&(1<<c) != 0 {
				p.effOf[c] |= 1 << i
			}
		}
		if e.Kind == genome.EffectWild {
			p.wildFx |= m
		}
	}
	p.anyWild = p.wild | p.wildFx
	for _, r := range g.Scoring {
		p.scoring = append(p.scoring, score{ScoringRule: r, mask: filterMask(r.Ranks, r.Suits)})
	}
	p.wins = append(p.wins, g.WinConditions...)
	for _, w := range p.wins {
		if w.Kind == genome.WinCaptureAll {
			p.captureAll = true
		}
	}
	for _, c := range d {
		p.deckRanks |= 1 << c.Rank()
	}
	for _, e := range p.effects {
		p.anyEffect |= e.cards
	}
	return p
}

// Genome returns the compiled genome (a private copy: do not modify it).
func (p *Program) Genome() *genome.Genome { return p.g }

// MinPlayers returns the smallest player count of a game.
func (p *Program) MinPlayers() int { return int(p.g.Setup.MinPlayers) }

// MaxPlayers returns the largest player count of a game.
func (p *Program) MaxPlayers() int { return int(p.g.Setup.MaxPlayers) }

// ForcedBets returns the small blind, big blind and ante of a chip game.
func (p *Program) ForcedBets() (small, big, ante chips.Chips) { return p.sb, p.bb, p.ante }

// HasChips reports whether the game is played with chips.
func (p *Program) HasChips() bool { return p.chips }

// NewState starts a game of players players, seeding the game's random
// source from rng.
func (p *Program) NewState(players int, rng *rand.Rand) (State, error) {
	var s State
	err := p.Reset(&s, players, rng)
	return s, err
}

// Reset starts a new game in s, reusing its memory (it does not allocate).
// The listener of s, if any, is kept and sees the first hand's events.
func (p *Program) Reset(s *State, players int, rng *rand.Rand) error {
	return p.ResetWith(s, players, Start{}, rng)
}

// ResetDeck is Reset with the first hand's deck stacked (see Start.Deck).
func (p *Program) ResetDeck(s *State, players int, deck []cards.Card, rng *rand.Rand) error {
	return p.ResetWith(s, players, Start{Deck: deck}, rng)
}

// Start sets up the start of a game differently from the genome's
// defaults, for tests, replays and demonstrations. The zero Start changes
// nothing.
type Start struct {
	// Deck, when not nil, is the first hand's deck in dealing order:
	// Deck[0] is the first card dealt, Deck[1] the next, … . It must hold
	// exactly the program's cards (Setup.Cards). Later hands are shuffled.
	Deck []cards.Card
	// Stacks, when not nil, are the players' starting chips in a chip
	// game (one entry per player, none negative, at least two positive)
	// instead of Setup.StartingChips.
	Stacks []chips.Chips
	// Dealer is the dealer of the first hand (0 by default).
	Dealer int
}

// ResetWith is Reset with a Start.
func (p *Program) ResetWith(s *State, players int, st Start, rng *rand.Rand) error {
	if players < p.MinPlayers() || players > p.MaxPlayers() {
		return fmt.Errorf("game: %q plays with %d..%d players, not %d", p.g.ID, p.MinPlayers(), p.MaxPlayers(), players)
	}
	if st.Deck != nil {
		if len(st.Deck) != p.ndeck {
			return fmt.Errorf("game: stacked deck has %d cards, the game uses %d", len(st.Deck), p.ndeck)
		}
		if cards.SetOf(st.Deck...) != p.deckSet {
			return fmt.Errorf("game: stacked deck does not hold exactly the game's cards")
		}
	}
	if st.Stacks != nil {
		if !p.chips {
			return errors.New("game: stacks given for a game without chips")
		}
		if len(st.Stacks) != players {
			return fmt.Errorf("game: %d stacks for %d players", len(st.Stacks), players)
		}
		pos := 0
		for i, c := range st.Stacks {
			if c < 0 {
				return fmt.Errorf("game: stack %d is negative (%s)", i, c)
			}
			if c > 0 {
				pos++
			}
		}
		if pos < 2 {
			return errors.New("game: fewer than two stacks hold chips")
		}
	}
	if st.Dealer < 0 || st.Dealer >= players {
		return fmt.Errorf("game: dealer %d out of range 0..%d", st.Dealer, players-1)
	}
	if rng == nil {
		return errors.New("game: nil rng")
	}
	s.reset(p, players, &st, rng.Uint64(), rng.Uint64(), nil)
	return nil
}

func popcount(s cards.Set) int { return bits.OnesCount64(uint64(s)) }

func popcount16(x uint16) int { return bits.OnesCount16(x) }
