package phhconv

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/handeval"
	"github.com/deckforge/deckforge/engine/phh"
	"github.com/deckforge/deckforge/replay"
)

// ToReplay converts PHH hands (NT, FT and PO) into one replay, a hand for
// each, in order. source says where they come from (a file name). A hand
// that cannot be converted is an error naming it (its index and label)
// and wrapping the reason, such as phh.ErrUnsupported.
func ToReplay(hands []phh.Hand, source string) (*replay.Replay, error) {
	r := &replay.Replay{Game: replay.Game{Kind: replay.Poker, Source: source}}
	variants := map[phh.Variant]bool{}
	for i := range hands {
		h := &hands[i]
		rh, seats, err := ToHand(h)
		if err != nil {
			return nil, fmt.Errorf("phhconv: hand %d (%s): %w", i+1, h.Label(), err)
		}
		rh.Number = i + 1
		r.Game.SeatCount = max(r.Game.SeatCount, seats)
		for _, s := range rh.Seats {
			if !contains(r.Game.Players, s.Name) {
				r.Game.Players = append(r.Game.Players, s.Name)
			}
		}
		variants[h.Variant] = true
		r.Hands = append(r.Hands, rh)
	}
	r.Game.Name = "PHH hands"
	if len(variants) == 1 {
		for v := range variants {
			r.Game.Name = v.Name()
		}
	}
	if err := r.Check(); err != nil {
		return nil, fmt.Errorf("phhconv: %w", err)
	}
	return r, nil
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// ToHand converts one PHH hand into a replay hand and returns the number
// of seats it needs.
//
// Seats are the hand's seats field less one (PHH seats count from 1), or
// the players' indexes (p1 is seat 0) without it; names are the players
// field, or "p1", "p2"… The hand is played through engine/betting as
// phh.Replay plays it (positions, forced bets, structures, the omitted
// actions PokerKit fills in, added as implied checks and folds), and every
// event gets its amounts: the chips each bet adds and the street bet it
// makes, the uncalled bet returned, each pot's winners (hands ranked by
// engine/handeval) and shares (split as engine/betting settles). The
// finishing stacks are checked against phh.Replay's.
//
// A hand whose showdown the history does not decide (hole cards "????")
// converts up to the showdown: its pots are not awarded and Complete is
// false. An unfinished history converts as far as it goes.
func ToHand(h *phh.Hand) (replay.Hand, int, error) {
	c := conv{h: h}
	rh, err := c.run()
	return rh, c.seatCount, err
}

// game holds what a variant deals and how it bets.
type game struct {
	hole      int
	structure betting.Structure
	omaha     bool
}

func gameOf(v phh.Variant) (game, bool) {
	switch v {
	case phh.NoLimitTexasHoldem:
		return game{hole: 2, structure: betting.NoLimit}, true
	case phh.FixedLimitTexasHoldem:
		return game{hole: 2, structure: betting.FixedLimit}, true
	case phh.PotLimitOmahaHoldem:
		return game{hole: 4, structure: betting.PotLimit, omaha: true}, true
	}
	return game{}, false
}

// fixedLimitBets is the completions, bets and raises a fixed-limit round
// allows in PokerKit, the blinds not counted (as engine/phh plays it).
const fixedLimitBets = 4

type conv struct {
	h         *phh.Hand
	g         game
	n         int
	seat      []int // replay seat of each PHH player index
	seatCount int
	pos       betting.Positions
	bh        betting.Hand
	events    []replay.Event
	board     []cards.Card
	hole      [][]cards.Card
	mucked    uint16
	index     int // current action index
}

func (c *conv) fail(format string, args ...any) error {
	a := c.h.Actions[c.index]
	return fmt.Errorf("actions[%d] %q: %s", c.index, a.String(), fmt.Sprintf(format, args...))
}

func (c *conv) emit(e replay.Event) { c.events = append(c.events, e) }

func (c *conv) run() (replay.Hand, error) {
	h := c.h
	g, ok := gameOf(h.Variant)
	if !ok {
		return replay.Hand{}, fmt.Errorf("variant %s: %w", h.Variant, phh.ErrUnsupported)
	}
	if err := h.Validate(); err != nil {
		return replay.Hand{}, err
	}
	c.g = g
	c.n = h.NumPlayers()
	if c.n > betting.MaxSeats {
		return replay.Hand{}, fmt.Errorf("%d players: %w", c.n, phh.ErrUnsupported)
	}
	dead, err := deadMoney(h)
	if err != nil {
		return replay.Hand{}, err
	}
	// The reference result: phh.Replay rejects illegal histories with a
	// precise error. It does not read _deadMoney, so it is compared only
	// without dead money.
	ref, refErr := phh.ReplayWith(h, phh.Options{Repair: true})
	if refErr != nil && !errors.Is(refErr, phh.ErrUndecided) {
		return replay.Hand{}, refErr
	}
	if err := c.setSeats(); err != nil {
		return replay.Hand{}, err
	}
	rh, err := c.setup(dead)
	if err != nil {
		return replay.Hand{}, err
	}
	c.hole = make([][]cards.Card, c.n)
	for i, a := range h.Actions {
		c.index = i
		if err := c.apply(a); err != nil {
			return replay.Hand{}, err
		}
	}
	if err := c.finish(&rh); err != nil {
		return replay.Hand{}, err
	}
	rh.Events = c.events
	if refErr == nil && dead == 0 && rh.Complete {
		for i, s := range ref.Stacks {
			if f := rh.Final[i].Stack; f != s {
				return replay.Hand{}, fmt.Errorf("p%d ends with %s, phh.Replay says %s", i+1, f, s)
			}
		}
	}
	return rh, nil
}

// deadMoney reads the _deadMoney user field (engine/table's dead blinds
// paid into the pot).
func deadMoney(h *phh.Hand) (chips.Chips, error) {
	v, ok := h.Fields["_deadMoney"]
	if !ok {
		return 0, nil
	}
	var d chips.Chips
	switch v := v.(type) {
	case int64:
		if v < 0 || v > 1<<40 {
			return 0, fmt.Errorf("_deadMoney: %d is out of range", v)
		}
		d = chips.FromInt(v)
	case float64:
		x, err := chips.FromFloat(v)
		if err != nil {
			return 0, fmt.Errorf("_deadMoney: %w", err)
		}
		d = x
	default:
		return 0, fmt.Errorf("_deadMoney: want an amount, have %T", v)
	}
	if d < 0 {
		return 0, fmt.Errorf("_deadMoney: %s is negative", d)
	}
	return d, nil
}

func (c *conv) setSeats() error {
	h := c.h
	c.seat = make([]int, c.n)
	c.seatCount = max(h.SeatCount, c.n)
	used := map[int]bool{}
	for i := range c.seat {
		c.seat[i] = i
		if h.Seats != nil {
			s := h.Seats[i]
			if s < 1 || s > replay.MaxSeats || used[s] {
				return fmt.Errorf("seats[%d]: %d is not a free seat in 1..%d", i, s, replay.MaxSeats)
			}
			used[s] = true
			c.seat[i] = s - 1
			c.seatCount = max(c.seatCount, s)
		}
	}
	return nil
}

func (c *conv) setup(dead chips.Chips) (replay.Hand, error) {
	h, n := c.h, c.n
	var stacks, antes, blinds [betting.MaxSeats]chips.Chips
	copy(stacks[:], h.StartingStacks)
	betting.PHHForcedBets(antes[:n], h.Antes)
	betting.PHHForcedBets(blinds[:n], h.BlindsOrStraddles)
	rh := replay.Hand{
		Label: h.Label(), Variant: string(h.Variant), MinBet: h.MinBet, BigBet: h.BigBet,
		DeadMoney: dead,
	}
	if h.Variant == phh.FixedLimitTexasHoldem {
		rh.MinBet = h.SmallBet
	}
	for i := range n {
		s := replay.Seat{Seat: c.seat[i], Name: fmt.Sprintf("p%d", i+1), Stack: h.StartingStacks[i]}
		if h.Players != nil && h.Players[i] != "" {
			s.Name = h.Players[i]
		}
		if h.Inactive != nil && h.Inactive[i] != 0 {
			if antes[i] != 0 || blinds[i] != 0 {
				return rh, fmt.Errorf("_inactive[%d]: p%d sits out but owes a forced bet", i, i+1)
			}
			s.Inactive, s.Status = true, replay.SittingOut
			stacks[i] = 0
		}
		if h.Intents != nil {
			in := h.Intents[i]
			if in < 0 || in > int(replay.IntentLeave) {
				return rh, fmt.Errorf("_intents[%d]: %d is not an intent (0..3)", i, in)
			}
			s.Intent = replay.Intent(in)
		}
		if h.DeadBlinds != nil {
			s.DeadBlinds = h.DeadBlinds[i]
		}
		rh.Seats = append(rh.Seats, s)
		if antes[i] != 0 || blinds[i] != 0 {
			rh.Forced = append(rh.Forced, replay.Forced{Seat: c.seat[i], Blind: blinds[i], Ante: antes[i]})
		}
	}
	c.pos = betting.PHHPositionsBlinds(blinds[:n])
	rh.Button = c.seat[c.pos.Button]
	cfg := betting.HandConfig{
		Stacks: stacks[:n], Antes: antes[:n], Blinds: blinds[:n],
		Button: c.pos.Button, FirstToAct: c.pos.FirstToAct, FirstToActPostflop: c.pos.FirstToActPostflop,
		DeadMoney: dead, Unit: h.Unit(), AnteTrimming: h.AnteTrimming != nil && *h.AnteTrimming,
	}
	if err := c.bh.Reset(cfg); err != nil {
		return rh, err
	}
	if err := c.bh.StartRound(c.roundConfig(0)); err != nil {
		return rh, err
	}
	// Stakes: the smallest and largest blinds posted.
	for i := range n {
		if b := blinds[i]; b > 0 {
			if rh.SmallBlind == 0 || b < rh.SmallBlind {
				rh.SmallBlind = b
			}
			rh.BigBlind = max(rh.BigBlind, b)
		}
	}
	c.emit(replay.Event{Kind: replay.Round, Seat: replay.NoSeat, Target: replay.NoSeat, Pile: -1})
	c.postForced(stacks[:n])
	return rh, nil
}

// postForced records the antes and blinds Reset posted: antes in position
// order, then blinds from the small blind (heads-up, the button).
func (c *conv) postForced(stacks []chips.Chips) {
	n := c.n
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	if n == 2 {
		order[0], order[1] = 1, 0
	}
	for _, i := range order {
		blind := c.bh.StreetBet(i)
		ante := c.bh.Committed(i) - blind
		if ante > 0 {
			e := replay.NewEvent(replay.Post, c.seat[i])
			e.Post, e.Amount, e.AllIn = replay.Ante, ante, stacks[i]-ante == 0
			c.emit(e)
		}
	}
	k := 0
	posted := 0
	for _, i := range order {
		if c.bh.StreetBet(i) > 0 {
			posted++
		}
	}
	for _, i := range order {
		blind := c.bh.StreetBet(i)
		if blind == 0 {
			continue
		}
		e := replay.NewEvent(replay.Post, c.seat[i])
		switch {
		case posted == 1 || k == 1:
			e.Post = replay.BigBlind
		case k == 0:
			e.Post = replay.SmallBlind
		default:
			e.Post = replay.Straddle
		}
		k++
		e.Amount, e.To, e.AllIn = blind, blind, c.bh.Stack(i) == 0
		c.emit(e)
	}
}

func (c *conv) roundConfig(round int) betting.RoundConfig {
	if c.g.structure == betting.FixedLimit {
		bet := c.h.SmallBet
		if round >= 2 {
			bet = c.h.BigBet
		}
		// The engine counts raises, not an opening bet: with a blind to
		// raise, every bet is a raise.
		raises := fixedLimitBets - 1
		if round == 0 && c.bh.TableBet() > 0 {
			raises = fixedLimitBets
		}
		return betting.RoundConfig{Structure: betting.FixedLimit, MinBet: bet, MaxRaises: raises}
	}
	return betting.RoundConfig{Structure: c.g.structure, MinBet: c.h.MinBet}
}

func (c *conv) apply(a phh.Action) error {
	switch a.Kind {
	case phh.NoOp:
		return nil
	case phh.DealHole:
		return c.dealHole(a)
	case phh.DealBoard:
		return c.dealBoard(a)
	case phh.Fold, phh.CheckCall, phh.BetRaise:
		return c.bet(a)
	case phh.ShowMuck:
		return c.show(a)
	}
	return c.fail("%s has no %s action", c.h.Variant, a.Kind)
}

func (c *conv) dealHole(a phh.Action) error {
	p := a.Player
	if c.hole[p] != nil {
		return c.fail("p%d already has hole cards", p+1)
	}
	c.hole[p] = append([]cards.Card(nil), a.Cards...)
	e := replay.NewEvent(replay.Deal, c.seat[p])
	e.Cards = append([]cards.Card(nil), a.Cards...)
	c.emit(e)
	return nil
}

// skip plays, on a copy of the betting state, the implied check or fold
// of every player to act until done reports true, and records them; it
// reports false (changing nothing) when the round ends first.
func (c *conv) skip(done func(h *betting.Hand) bool) bool {
	bh := c.bh
	var implied []replay.Event
	for !done(&bh) {
		if bh.RoundOver() {
			return false
		}
		seat := bh.ToAct()
		act, kind := betting.Action{Kind: betting.Fold}, replay.Fold
		if bh.Legal().CanCheck {
			act, kind = betting.Action{Kind: betting.Check}, replay.Check
		}
		if err := bh.Apply(act); err != nil {
			return false
		}
		e := replay.NewEvent(kind, c.seat[seat])
		e.Text = "implied"
		implied = append(implied, e)
	}
	c.bh = bh
	c.events = append(c.events, implied...)
	return true
}

// bettingDone reports whether no more betting can happen in the hand.
func (c *conv) bettingDone(h *betting.Hand) bool {
	return h.HandOver() || (h.RoundOver() && len(c.board) == 5)
}

// returnUncalled records the uncalled bet once the betting is over.
func (c *conv) returnUncalled() {
	if !c.bettingDone(&c.bh) {
		return
	}
	if seat, amount := c.bh.ReturnUncalled(); seat >= 0 && amount > 0 {
		e := replay.NewEvent(replay.Uncalled, c.seat[seat])
		e.Amount = amount
		c.emit(e)
	}
}

func (c *conv) dealBoard(a phh.Action) error {
	if len(c.board) >= 5 {
		return c.fail("the board already has 5 cards")
	}
	if !c.bh.RoundOver() && !c.skip((*betting.Hand).RoundOver) {
		return c.fail("board dealt before the betting round ended")
	}
	c.returnUncalled()
	street := 0
	if len(c.board) > 0 {
		street = len(c.board) - 2
	}
	c.board = append(c.board, a.Cards...)
	e := replay.NewEvent(replay.Round, replay.NoSeat)
	e.Round = street + 1
	c.emit(e)
	e = replay.NewEvent(replay.Board, replay.NoSeat)
	e.Cards, e.Public = append([]cards.Card(nil), a.Cards...), true
	c.emit(e)
	if !c.bh.HandOver() {
		if err := c.bh.StartRound(c.roundConfig(street + 1)); err != nil {
			return c.fail("%v", err)
		}
	}
	return nil
}

// loneCheck reports whether p is the only player left able to act, with no
// bet facing him: PokerKit may still give him the turn, and his check
// ("pN cc") changes nothing (as engine/phh replays it).
func (c *conv) loneCheck(p int) bool {
	if !c.bh.Active(p) || c.bh.StreetBet(p) != c.bh.TableBet() || bits.OnesCount16(c.bh.InHand()) < 2 {
		return false
	}
	for i := range c.n {
		if i != p && c.bh.Active(i) {
			return false
		}
	}
	return true
}

func (c *conv) bet(a phh.Action) error {
	p := a.Player
	if c.bh.RoundOver() && a.Kind == phh.CheckCall && c.loneCheck(p) {
		return nil // PokerKit gives the turn to the only player left able to act
	}
	if c.bh.RoundOver() {
		return c.fail("the betting round is over")
	}
	if c.bh.ToAct() != p && !c.skip(func(h *betting.Hand) bool { return h.ToAct() == p }) {
		return c.fail("p%d acts out of turn (p%d to act)", p+1, c.bh.ToAct()+1)
	}
	before := c.bh.StreetBet(p)
	var act betting.Action
	switch a.Kind {
	case phh.Fold:
		act = betting.Action{Kind: betting.Fold}
	case phh.CheckCall:
		act = betting.Action{Kind: betting.Call}
		if c.bh.Legal().CanCheck {
			act = betting.Action{Kind: betting.Check}
		}
	case phh.BetRaise:
		var err error
		if act, err = c.bh.RaiseTo(a.Amount); err != nil {
			return c.fail("%v", err)
		}
	}
	if err := c.bh.Apply(act); err != nil {
		return c.fail("%v", err)
	}
	e := replay.NewEvent(replay.Fold+replay.EventKind(act.Kind), c.seat[p])
	if act.Kind >= betting.Call {
		e.To = c.bh.StreetBet(p)
		e.Amount = e.To - before
		e.AllIn = c.bh.Stack(p) == 0
	}
	e.Text = a.Comment
	c.emit(e)
	c.returnUncalled()
	return nil
}

func (c *conv) show(a phh.Action) error {
	p := a.Player
	if c.hole[p] == nil {
		return c.fail("p%d has no hole cards", p+1)
	}
	if !c.bettingDone(&c.bh) && !c.skip(c.bettingDone) {
		return c.fail("showdown before the betting is over")
	}
	c.returnUncalled()
	if a.Muck() {
		c.mucked |= 1 << p
		c.emit(replay.NewEvent(replay.Muck, c.seat[p]))
		return nil
	}
	c.mucked &^= 1 << p
	if !a.Dash {
		c.reveal(p, a.Cards)
	}
	e := replay.NewEvent(replay.Show, c.seat[p])
	e.Cards, e.Public = append([]cards.Card(nil), c.hole[p]...), true
	if !a.Dash {
		e.Cards = append([]cards.Card(nil), a.Cards...)
	}
	e.Text = c.describe(p)
	c.emit(e)
	return nil
}

// reveal merges shown cards into what is known of p's hole cards.
func (c *conv) reveal(p int, shown []cards.Card) {
	var known cards.Set
	for _, x := range c.hole[p] {
		if x != cards.None {
			known = known.Add(x)
		}
	}
	for _, x := range shown {
		if x != cards.None {
			known = known.Add(x)
		}
	}
	out := known.Cards(make([]cards.Card, 0, c.g.hole))
	for len(out) < len(c.hole[p]) {
		out = append(out, cards.None)
	}
	c.hole[p] = out
}

// known reports whether p's hole cards and the board are all known, and
// distinct standard cards the evaluator takes.
func (c *conv) known(p int) bool {
	if len(c.board) != 5 || len(c.hole[p]) != c.g.hole {
		return false
	}
	all := append(append([]cards.Card(nil), c.hole[p]...), c.board...)
	return handeval.Check(all) == nil
}

// strength ranks p's hand.
func (c *conv) strength(p int) handeval.Strength {
	if c.g.omaha {
		return handeval.Default().EvalOmaha(c.hole[p], c.board)
	}
	return handeval.Default().EvalN(append(append(make([]cards.Card, 0, 7), c.hole[p]...), c.board...))
}

// describe names p's best hand ("two pair: Ah Ad 9c 9s 2h"), "" when a
// card is unknown.
func (c *conv) describe(p int) string {
	if !c.known(p) {
		return ""
	}
	var best handeval.Hand
	if c.g.omaha {
		best = handeval.Default().BestOmaha(c.hole[p], c.board)
	} else {
		best = handeval.Default().Best(append(append([]cards.Card(nil), c.hole[p]...), c.board...))
	}
	return strings.ReplaceAll(best.Category().String(), "-", " ") + ": " + best.String()
}

// finish awards the pots of a finished hand and records the final stacks.
func (c *conv) finish(rh *replay.Hand) error {
	in := c.bh.InHand()
	complete := bits.OnesCount16(in) == 1 || (c.bettingDone(&c.bh) && len(c.board) == 5)
	if complete {
		c.returnUncalled()
		var ok bool
		var err error
		if ok, err = c.award(in); err != nil {
			return err
		}
		complete = ok
	}
	rh.Complete = complete
	for i := range c.n {
		st := c.bh.Stack(i)
		if rh.Seats[i].Inactive {
			st = c.h.StartingStacks[i]
		}
		rh.Final = append(rh.Final, replay.Stack{Seat: c.seat[i], Stack: st})
	}
	return nil
}

// award records the pots' awards, as engine/betting settles them, and
// settles the betting state; false when the showdown needs unknown cards.
func (c *conv) award(in uint16) (bool, error) {
	var strength [betting.MaxSeats]uint32
	contest := in &^ c.mucked
	var unknown uint16
	if bits.OnesCount16(in) > 1 {
		for p := range c.n {
			if contest&(1<<p) == 0 {
				continue
			}
			if !c.known(p) {
				unknown |= 1 << p
				strength[p] = 1
				continue
			}
			strength[p] = uint32(c.strength(p)) + 1
		}
	}
	var buf [2*betting.MaxSeats + 1]betting.Pot
	pots := c.bh.Pots(buf[:0])
	for _, pot := range pots {
		if cs := pot.Eligible & contest; bits.OnesCount16(cs) > 1 && cs&unknown != 0 {
			return false, nil // undecided: the history does not show the cards
		}
	}
	// Seats that win some part of the hand contend; adjacent pots left
	// with the same contenders merge before they split (engine/betting).
	var contenders uint16
	for _, pot := range pots {
		contenders |= best(&strength, pot.Eligible)
	}
	type group struct {
		first  int
		amount chips.Chips
		elig   uint16
	}
	var groups []group
	for k, pot := range pots {
		elig := pot.Eligible & contenders
		if len(groups) > 0 && groups[len(groups)-1].elig == elig {
			groups[len(groups)-1].amount += pot.Amount
			continue
		}
		groups = append(groups, group{k, pot.Amount, elig})
	}
	var won [betting.MaxSeats]chips.Chips
	unit := c.h.Unit()
	for _, g := range groups {
		winners := best(&strength, g.elig)
		k := chips.Chips(bits.OnesCount16(winners))
		if k == 0 || g.amount == 0 {
			continue
		}
		share := g.amount / (k * unit) * unit
		var got [betting.MaxSeats]chips.Chips
		for m := winners; m != 0; m &= m - 1 {
			got[bits.TrailingZeros16(m)] = share
		}
		// The whole remainder goes to the first winner clockwise from
		// the button.
		if rest := g.amount - share*k; rest > 0 {
			s := c.pos.Button
			for {
				s = (s + 1) % c.n
				if winners&(1<<s) != 0 {
					got[s] += rest
					break
				}
			}
		}
		e := replay.NewEvent(replay.Award, replay.NoSeat)
		e.Pot = g.first
		for m := winners; m != 0; m &= m - 1 {
			w := bits.TrailingZeros16(m)
			e.Seats = append(e.Seats, c.seat[w])
			e.Amounts = append(e.Amounts, got[w])
			won[w] += got[w]
		}
		if bits.OnesCount16(in) > 1 {
			e.Text = c.describe(bits.TrailingZeros16(winners))
		}
		c.emit(e)
	}
	var settled [betting.MaxSeats]chips.Chips
	c.bh.Settle(&strength, &settled)
	if won != settled {
		return false, fmt.Errorf("awards %v differ from the betting engine's %v", won[:c.n], settled[:c.n])
	}
	return true, nil
}

// best returns the seats of elig with the highest strength.
func best(strength *[betting.MaxSeats]uint32, elig uint16) uint16 {
	var w uint16
	var top uint32
	for m := elig; m != 0; m &= m - 1 {
		i := bits.TrailingZeros16(m)
		switch v := strength[i]; {
		case w == 0 || v > top:
			w, top = 1<<i, v
		case v == top:
			w |= 1 << i
		}
	}
	return w
}
