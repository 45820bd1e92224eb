package phhconv

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
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
// field, or "p1", "p2"… The hand is played by phh.Runner, the hand runner
// phh.Replay uses (positions, forced bets, structures, the omitted actions
// PokerKit fills in, added as implied checks and folds), and every event
// gets its amounts: the chips each bet adds and the street bet it makes,
// the uncalled bet returned and the pots' awards as the runner settles
// them. The finishing stacks are checked against phh.Replay's.
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

type conv struct {
	h         *phh.Hand
	g         game
	n         int
	seat      []int // replay seat of each PHH player index
	seatCount int
	hr        *phh.Runner // the hand runner
	events    []replay.Event
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
	pos := betting.PHHPositionsBlinds(blinds[:n])
	rh.Button = c.seat[pos.Button]
	run, err := phh.NewRunner(phh.RunnerConfig{
		Game: phh.Game{Variant: h.Variant, MinBet: h.MinBet, SmallBet: h.SmallBet, BigBet: h.BigBet},
		Hand: betting.HandConfig{
			Stacks: stacks[:n], Antes: antes[:n], Blinds: blinds[:n],
			Button: pos.Button, FirstToAct: pos.FirstToAct, FirstToActPostflop: pos.FirstToActPostflop,
			DeadMoney: dead, Unit: h.Unit(), AnteTrimming: h.AnteTrimming != nil && *h.AnteTrimming,
		},
		Repair: true,
	})
	if err != nil {
		return rh, err
	}
	c.hr = run
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

// postForced records the antes and blinds the runner posted: antes in
// position order, then blinds from the small blind (heads-up, the button).
func (c *conv) postForced(stacks []chips.Chips) {
	n := c.n
	bh := c.hr.Betting()
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	if n == 2 {
		order[0], order[1] = 1, 0
	}
	for _, i := range order {
		blind := bh.StreetBet(i)
		ante := bh.Committed(i) - blind
		if ante > 0 {
			e := replay.NewEvent(replay.Post, c.seat[i])
			e.Post, e.Amount, e.AllIn = replay.Ante, ante, stacks[i]-ante == 0
			c.emit(e)
		}
	}
	k := 0
	posted := 0
	for _, i := range order {
		if bh.StreetBet(i) > 0 {
			posted++
		}
	}
	for _, i := range order {
		blind := bh.StreetBet(i)
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
		e.Amount, e.To, e.AllIn = blind, blind, bh.Stack(i) == 0
		c.emit(e)
	}
}

// apply plays one action through the runner and records what it did: the
// checks and folds it implied first, then the action.
func (c *conv) apply(a phh.Action) error {
	before := c.hr.Betting()
	implied := len(c.hr.Implied())
	board := len(c.hr.Board())
	if err := c.hr.Apply(a); err != nil {
		return c.fail("%v", err)
	}
	for _, im := range c.hr.Implied()[implied:] {
		kind := replay.Check
		if im.Action.Kind == phh.Fold {
			kind = replay.Fold
		}
		e := replay.NewEvent(kind, c.seat[im.Action.Player])
		e.Text = "implied"
		c.emit(e)
	}
	switch a.Kind {
	case phh.DealHole:
		e := replay.NewEvent(replay.Deal, c.seat[a.Player])
		e.Cards = append([]cards.Card(nil), a.Cards...)
		c.emit(e)
	case phh.DealBoard:
		street := 0
		if board > 0 {
			street = board - 2
		}
		e := replay.NewEvent(replay.Round, replay.NoSeat)
		e.Round = street + 1
		c.emit(e)
		e = replay.NewEvent(replay.Board, replay.NoSeat)
		e.Cards, e.Public = append([]cards.Card(nil), a.Cards...), true
		c.emit(e)
	case phh.Fold, phh.CheckCall, phh.BetRaise:
		c.bet(a, &before)
	case phh.ShowMuck:
		c.show(a)
	}
	return nil
}

// bet records player a.Player's betting action from the betting state
// before it and after it.
func (c *conv) bet(a phh.Action, before *betting.Hand) {
	p := a.Player
	after := c.hr.Betting()
	if a.Kind == phh.CheckCall && before.RoundOver() {
		return // the lone player's check PokerKit asks for changes nothing
	}
	from := before.StreetBet(p)
	tableBet := before.TableBet() // implied checks and folds change no bet
	kind := replay.Fold
	to := after.StreetBet(p)
	switch {
	case after.Folded(p) && !before.Folded(p):
	case to == from:
		kind = replay.Check
	case to <= tableBet:
		kind = replay.Call
	case tableBet == 0:
		kind = replay.Bet
	default:
		kind = replay.Raise
	}
	e := replay.NewEvent(kind, c.seat[p])
	if kind >= replay.Call {
		e.To, e.Amount, e.AllIn = to, to-from, after.Stack(p) == 0
	}
	e.Text = a.Comment
	c.emit(e)
}

func (c *conv) show(a phh.Action) {
	p := a.Player
	if a.Muck() {
		c.emit(replay.NewEvent(replay.Muck, c.seat[p]))
		return
	}
	e := replay.NewEvent(replay.Show, c.seat[p])
	e.Cards, e.Public = append([]cards.Card(nil), c.hr.Hole(p)...), true
	if !a.Dash {
		e.Cards = append([]cards.Card(nil), a.Cards...)
	}
	e.Text = c.describe(p)
	c.emit(e)
}

// known reports whether p's hole cards and the board are all known, and
// distinct standard cards the evaluator takes.
func (c *conv) known(p int) bool {
	hole, board := c.hr.Hole(p), c.hr.Board()
	if len(board) != 5 || len(hole) != c.g.hole {
		return false
	}
	all := append(append([]cards.Card(nil), hole...), board...)
	return handeval.Check(all) == nil
}

// describe names p's best hand ("two pair: Ah Ad 9c 9s 2h"), "" when a
// card is unknown.
func (c *conv) describe(p int) string {
	if !c.known(p) {
		return ""
	}
	hole, board := c.hr.Hole(p), c.hr.Board()
	var best handeval.Hand
	if c.g.omaha {
		best = handeval.Default().BestOmaha(hole, board)
	} else {
		best = handeval.Default().Best(append(append([]cards.Card(nil), hole...), board...))
	}
	return strings.ReplaceAll(best.Category().String(), "-", " ") + ": " + best.String()
}

// finish settles a finished hand through the runner (the uncalled bet,
// then each pot's award) and records the final stacks. A showdown the
// history does not decide leaves the hand incomplete.
func (c *conv) finish(rh *replay.Hand) error {
	complete := c.hr.Finished()
	var stacks []chips.Chips
	if complete {
		st, err := c.hr.Settle()
		switch {
		case errors.Is(err, phh.ErrUndecided):
			complete = false
		case err != nil:
			return err
		default:
			c.awards(rh, &st)
			stacks = st.Stacks
		}
	}
	if stacks == nil {
		bh := c.hr.Betting()
		if seat, amount := bh.ReturnUncalled(); seat >= 0 && amount > 0 {
			e := replay.NewEvent(replay.Uncalled, c.seat[seat])
			e.Amount = amount
			c.emit(e)
		}
		for i := range c.n {
			stacks = append(stacks, bh.Stack(i))
		}
	}
	rh.Complete = complete
	for i := range c.n {
		st := stacks[i]
		if rh.Seats[i].Inactive {
			st = c.h.StartingStacks[i]
		}
		rh.Final = append(rh.Final, replay.Stack{Seat: c.seat[i], Stack: st})
	}
	return nil
}

// awards records a settlement as replay.SettlementEvents gives it, built
// once. With ante trimming the replay's table can hold fewer pots than the
// settlement (the trimmed antes are not a pot of their own there): an
// award names the replay's last pot at most.
func (c *conv) awards(rh *replay.Hand, st *phh.Settlement) {
	bh := c.hr.Betting()
	showdown := bits.OnesCount16(bh.InHand()) > 1
	events := replay.SettlementEvents(st, c.seat, showdown, c.describe, 0)
	if c.h.AnteTrimming != nil && *c.h.AnteTrimming {
		k := 0
		if len(events) > 0 && events[0].Kind == replay.Uncalled {
			k = 1
		}
		last := c.replayPots(rh, events[:k]) - 1
		for i := k; i < len(events); i++ {
			if events[i].Kind == replay.Award {
				events[i].Pot = min(events[i].Pot, last)
			}
		}
	}
	for _, e := range events {
		c.emit(e)
	}
}

// replayPots returns how many pots the replay's table holds after the
// events recorded so far and then more (the uncalled bet returned, before
// any award); at least one.
func (c *conv) replayPots(rh *replay.Hand, more []replay.Event) int {
	h := *rh
	h.Events = append(slices.Clip(c.events), more...)
	r := &replay.Replay{Game: replay.Game{Kind: replay.Poker, SeatCount: c.seatCount}, Hands: []replay.Hand{h}}
	cur := replay.NewCursor(r, [32]byte{})
	if err := cur.Seek(0, len(h.Events)); err != nil {
		return 1
	}
	t := cur.Table()
	t.Apply(&replay.Event{Kind: replay.Round, Seat: replay.NoSeat, Target: replay.NoSeat, Pile: -1, Round: 4})
	return max(len(t.Pots()), 1)
}
