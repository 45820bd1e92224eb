package sim

import (
	"errors"
	"fmt"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/engine/phh"
	"github.com/deckforge/deckforge/genome"
)

// PHHRecorder is a Listener that records every hand of a hold'em-shaped
// game (no-limit Texas hold'em, NT, or pot-limit Omaha, PO) as a phh.Hand, so
// the hands the engine plays can be checked by phh.Replay and written with
// phh.MarshalBulk. Hands are kept as played; phh.PokerKitForm rewrites one
// as PokerKit plays it (or says why PHH cannot hold it) before it is written.
//
// Players are listed in PHH position order (p1 the first player dealt in
// after the button, the button last; heads-up p1 is the big blind and
// blinds_or_straddles is written [small, big] as PHH reverse-assigns it),
// with their stacks before the forced bets as starting_stacks and their
// stacks after the hand as finishing_stacks; player names are "p0", "p1",
// … after the game's seats.
type PHHRecorder struct {
	// Hands are the hands recorded so far, in order.
	Hands []phh.Hand

	p       *game.Program
	variant phh.Variant
	cur     *phh.Hand
	order   []int // PHH index -> player
	index   [game.MaxPlayers]int
	board   []cards.Card
	hole    [game.MaxPlayers][]cards.Card
	inDeal  bool
	round   int8
}

// NewPHHRecorder returns a recorder for p, or an error when p's game has
// no PHH variant: it must be played with chips and its phases must be
// betting rounds, community deals and one poker_high showdown, with the
// hole cards dealt by the setup; all rounds no-limit (NT, any hole cards
// 2), or pot-limit with four hole cards and showdown hole_cards 2 (PO).
func NewPHHRecorder(p *game.Program) (*PHHRecorder, error) {
	g := p.Genome()
	s := &g.Setup
	if !p.HasChips() {
		return nil, errors.New("sim: PHH export needs a game with chips")
	}
	if s.DealAll || s.InitialDiscard > 0 || s.Tableau > 0 || s.Community > 0 || s.Jokers > 0 || len(s.Remove) > 0 ||
		s.Deck != genome.DeckStandard52 || s.WildRanks != 0 || g.Turns.CycleStart < g.Turns.CycleEnd {
		return nil, errors.New("sim: PHH export needs a standard deck, hole cards only from the setup and no turn cycle")
	}
	var structs []genome.BettingPhase
	showdowns, board := 0, 0
	var hole uint8
	for i, ph := range g.Phases {
		switch ph.Kind {
		case genome.PhaseBetting:
			structs = append(structs, ph.Betting)
		case genome.PhaseDeal:
			if ph.Deal.To != genome.DealToCommunity {
				return nil, fmt.Errorf("sim: PHH export: phases[%d] deals to %s", i, ph.Deal.To)
			}
			board += int(ph.Deal.Count)
		case genome.PhaseShowdown:
			if ph.Showdown.Method != genome.ShowdownPokerHigh {
				return nil, fmt.Errorf("sim: PHH export: phases[%d] is a %s showdown", i, ph.Showdown.Method)
			}
			showdowns++
			hole = ph.Showdown.HoleCards
		default:
			return nil, fmt.Errorf("sim: PHH export: phases[%d] is a %s phase", i, ph.Kind)
		}
	}
	if showdowns != 1 || board != 5 || len(structs) == 0 || len(structs) > 4 {
		return nil, errors.New("sim: PHH export needs one showdown, five community cards and one to four betting rounds")
	}
	var v phh.Variant
	switch st := structs[0].Structure; {
	case st == genome.NoLimit && hole == 0 && s.CardsPerPlayer == 2:
		v = "NT"
	case st == genome.PotLimit && hole == 2 && s.CardsPerPlayer == 4:
		v = "PO"
	default:
		return nil, errors.New("sim: PHH export: no PHH variant for this betting structure and deal")
	}
	for _, b := range structs {
		if b.Structure != structs[0].Structure {
			return nil, errors.New("sim: PHH export: every betting round needs the same structure")
		}
	}
	return &PHHRecorder{p: p, variant: v}, nil
}

// Event records e.
func (r *PHHRecorder) Event(s *game.State, e *game.Event) {
	switch e.Kind {
	case game.EvHandStart:
		r.start(s)
	case game.EvDeal:
		if r.cur == nil {
			return
		}
		if e.Zone == game.ZoneHand {
			r.hole[e.Player] = append(r.hole[e.Player], e.Card)
			return
		}
		if !r.inDeal {
			r.flushHole()
			r.board = r.board[:0]
			r.inDeal = true
		}
		r.board = append(r.board, e.Card)
		return
	case game.EvForcedBet:
		if r.cur != nil && e.Zone == game.ZoneBet {
			r.flushHole()
		}
	case game.EvRoundStart:
		r.round = e.Round
	case game.EvBet, game.EvFold:
		if r.cur == nil {
			return
		}
		r.flushHole()
		a := phh.Action{Player: r.index[e.Player]}
		switch {
		case e.Kind == game.EvFold:
			a.Kind = phh.Fold
		case e.Move == game.MoveBet || e.Move == game.MoveRaise:
			a.Kind = phh.BetRaise
			a.Amount = e.To
		default:
			a.Kind = phh.CheckCall
		}
		r.cur.Actions = append(r.cur.Actions, a)
	case game.EvShowdown:
		if r.cur == nil {
			return
		}
		r.cur.Actions = append(r.cur.Actions, phh.Action{Kind: phh.ShowMuck, Player: r.index[e.Player], Cards: e.Cards.Cards(nil)})
	case game.EvHandEnd:
		if r.cur == nil {
			return
		}
		r.flushHole()
		for i, q := range r.order {
			r.cur.FinishingStacks[i] = s.Chips(q)
		}
		r.Hands = append(r.Hands, *r.cur)
		r.cur = nil
	}
	if r.inDeal && e.Kind != game.EvDeal {
		r.inDeal = false
		r.cur.Actions = append(r.cur.Actions, phh.Action{Kind: phh.DealBoard, Player: phh.Dealer, Cards: append([]cards.Card(nil), r.board...)})
	}
}

// flushHole writes the hole cards dealt so far.
func (r *PHHRecorder) flushHole() {
	for i, q := range r.order {
		if len(r.hole[q]) > 0 {
			r.cur.Actions = append(r.cur.Actions, phh.Action{Kind: phh.DealHole, Player: i, Cards: r.hole[q]})
			r.hole[q] = nil
		}
	}
}

// start begins a hand: the players dealt in, in PHH position order.
func (r *PHHRecorder) start(s *game.State) {
	p := r.p
	g := p.Genome()
	n := s.Players()
	r.order = r.order[:0]
	r.inDeal = false
	for i := range r.hole {
		r.hole[i] = nil
	}
	// Seats in betting order from the one after the button; the button
	// last. Players dealt in have chips and are not eliminated.
	button := s.Seat(s.Dealer())
	for i := 1; i <= n; i++ {
		q := s.SeatPlayer((button + i) % n)
		if !s.Eliminated(q) && s.Chips(q) > 0 {
			r.index[q] = len(r.order)
			r.order = append(r.order, q)
		}
	}
	k := len(r.order)
	h := &phh.Hand{Variant: r.variant, Key: fmt.Sprint(len(r.Hands) + 1)}
	h.StartingStacks = make([]chips.Chips, k)
	h.FinishingStacks = make([]chips.Chips, k)
	h.Antes = make([]chips.Chips, k)
	h.BlindsOrStraddles = make([]chips.Chips, k)
	h.Players = make([]string, k)
	sb, bb, ante := p.ForcedBets()
	for i, q := range r.order {
		h.StartingStacks[i] = s.Chips(q)
		h.Antes[i] = ante
		h.Players[i] = fmt.Sprintf("seat%d", q+1)
	}
	// p1 posts the small blind and p2 the big one; heads-up PHH reads
	// [small, big] reversed, so p1 (the big blind) posts the big one.
	h.BlindsOrStraddles[0], h.BlindsOrStraddles[1] = sb, bb
	for _, ph := range g.Phases {
		if ph.Kind == genome.PhaseBetting {
			h.MinBet = chips.FromInt(int64(ph.Betting.MinBet))
			break
		}
	}
	r.cur = h
}
