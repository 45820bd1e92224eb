package phh

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/handeval"
)

// ErrUnsupported is wrapped by Replay's error for a hand deckforge does not
// play: a PHH variant other than NT, FT and PO, more than betting.MaxSeats
// players, or a rule the engine does not implement.
var ErrUnsupported = errors.New("not supported")

// ErrUndecided is wrapped by Replay's error for a showdown whose result
// depends on hole cards the history does not reveal.
var ErrUndecided = errors.New("showdown depends on unknown cards")

// Options adjust Replay.
type Options struct {
	// Repair fills in the actions a history leaves out, as PokerKit, the
	// reference PHH implementation, does: when a player action names a
	// player after the one to act in the same round, or the board or a
	// showdown comes while players still have to act, each player skipped
	// checks when checking is free and folds otherwise. Without Repair such
	// a history is an error. Every implied action is listed in
	// Result.Repairs.
	Repair bool
}

// Result is what Replay found.
type Result struct {
	// Stacks are the players' stacks after the last action: the finishing
	// stacks when Complete, otherwise the chips still behind (what the
	// standard's finishing_stacks means for an unfinished history).
	Stacks []chips.Chips
	// Won is what each player collected from the pots (returned uncalled
	// bets not included); nil when the hand is not Complete.
	Won []chips.Chips
	// Board is the community cards dealt.
	Board []cards.Card
	// Hole is each player's hole cards as known at the end (dealt or shown);
	// cards.None marks an unknown card.
	Hole [][]cards.Card
	// Complete reports that the hand reached its end (one player left, or
	// betting over with the whole board dealt) and its pots were awarded.
	Complete bool
	// Unit is the split-pot unit used: see Hand.Unit.
	Unit chips.Chips
	// Repairs lists the actions Options.Repair implied, such as
	// `p8 folds before actions[13]`.
	Repairs []string
}

// game holds what a variant deals and how it bets.
type game struct {
	hole      int // hole cards per player
	structure betting.Structure
	omaha     bool
}

func gameOf(v Variant) (game, bool) {
	switch v {
	case NoLimitTexasHoldem:
		return game{hole: 2, structure: betting.NoLimit}, true
	case FixedLimitTexasHoldem:
		return game{hole: 2, structure: betting.FixedLimit}, true
	case PotLimitOmahaHoldem:
		return game{hole: 4, structure: betting.PotLimit, omaha: true}, true
	}
	return game{}, false
}

// fixedLimitBets is the completions, bets and raises a fixed-limit round
// allows in PokerKit, the blinds not counted: before the flop the cap is the
// fifth bet level.
const fixedLimitBets = 4

// Replay plays h through the betting engine and the hand evaluator and
// returns the stacks it ends with.
//
// Positions follow the PHH convention: players are listed in position order,
// p1 the small blind, p2 the big blind, …, the last the button; first to act
// before the flop is the player after the largest blind or straddle, after
// it the first player still in from p1. Heads-up the forced bets (antes too)
// are reverse-assigned: with blinds_or_straddles = [5, 10], p2 is the button,
// posts 5 and acts first before the flop, and p1 posts 10.
//
// NT is played no-limit and PO pot-limit with min_bet as the smallest opening
// bet; FT is fixed-limit with small_bet in the first two rounds and big_bet
// in the last two, at most four completions, bets or raises per round, the
// blinds not counted (so five bet levels before the flop), as PokerKit does.
// A fixed-limit bet or raise is always the full unit; the part nobody can
// call goes back. With ante_trimming_status false (the default) antes are
// dead money in the main pot, which every player still in may win, even one
// all-in on a short ante. With true, antes count toward the pot levels like
// other chips, and the part of the largest ante that no other ante matches
// goes back at once: a lone big-blind ante comes back to the big blind, as
// PokerKit plays it (the recorded stacks of WSOP 2019 #42 hand 00-01-07 keep
// that ante in the pot and so differ from PokerKit's). A "pN cc" by the only
// player left able to act, with no bet facing him, is a check that changes
// nothing (PokerKit gives him the turn). Players whose _inactive entry is 1 sit out (they
// must owe no forced bet); _intents and _deadBlinds, which say what happens
// between hands, do not change the replay.
//
// Showdown ranks hold'em hands by the best five of seven cards and Omaha
// hands by exactly two hole cards and three board cards. Ties split in
// multiples of the hand's Unit: one whole chip when every amount in the file
// was written as a TOML integer, else one hundredth (a file with decimal
// amounts has divisible chips: cents, or Pluribus's half-chip splits such as
// 10112.5); the whole remainder goes to the first winner clockwise from the
// button, adjacent pots with the same winners being merged before the split,
// as engine/betting settles. A player who mucks ("pN sm" without cards) gives up the pot.
// Unknown cards ("????") are fine as long as the result does not depend on
// them.
//
// An illegal action (out of turn, a bet the structure forbids, a verb the
// variant has not), an impossible deal (a card dealt twice, wrong card
// counts, board cards before the betting round ends) or a showdown that
// depends on unknown cards is an error naming the action's index and text.
// A variant other than NT, FT and PO gives an error wrapping ErrUnsupported.
func Replay(h *Hand) (Result, error) {
	return ReplayWith(h, Options{})
}

// ReplayWith is Replay with options.
func ReplayWith(h *Hand, opt Options) (Result, error) {
	r := replayer{opt: opt}
	return r.run(h)
}

// replayer is the state of one replay.
type replayer struct {
	opt     Options
	repairs []string
	h       *Hand
	g       game
	bh      betting.Hand
	n       int
	board   []cards.Card
	hole    [][]cards.Card
	dealt   uint16 // players dealt their hole cards
	mucked  uint16
	used    cards.Set
	started bool // a player has acted
	index   int  // current action index
}

func (r *replayer) run(h *Hand) (Result, error) {
	r.h = h
	res := Result{Unit: h.Unit()}
	g, ok := gameOf(h.Variant)
	if !ok {
		if !h.Variant.Defined() {
			return res, fieldErr(fieldVariant, "%q is not a PHH variant code", string(h.Variant))
		}
		return res, &Error{Field: fieldVariant, Msg: fmt.Sprintf("%s (%s) is not played by deckforge", h.Variant, h.Variant.Name()), Err: ErrUnsupported}
	}
	if err := h.Validate(); err != nil {
		return res, err
	}
	r.g = g
	r.n = h.NumPlayers()
	if r.n > betting.MaxSeats {
		return res, &Error{Field: fieldStartingStacks, Msg: fmt.Sprintf("%d players; deckforge plays at most %d", r.n, betting.MaxSeats), Err: ErrUnsupported}
	}
	if err := r.setup(); err != nil {
		return res, err
	}
	r.hole = make([][]cards.Card, r.n)
	for i, a := range h.Actions {
		r.index = i
		if err := r.apply(a); err != nil {
			return res, err
		}
	}
	res, err := r.finish(res)
	res.Repairs = r.repairs
	return res, err
}

func (r *replayer) setup() error {
	h := r.h
	n := r.n
	var stacks, antes, blinds [betting.MaxSeats]chips.Chips
	copy(stacks[:], h.StartingStacks)
	betting.PHHForcedBets(antes[:n], h.Antes)
	betting.PHHForcedBets(blinds[:n], h.BlindsOrStraddles)
	for i, in := range h.Inactive {
		if in == 0 {
			continue
		}
		if antes[i] != 0 || blinds[i] != 0 {
			return fieldErr(fmt.Sprintf("%s[%d]", fieldInactive, i), "p%d sits out but owes a forced bet", i+1)
		}
		stacks[i] = 0
	}
	pos := betting.PHHPositionsBlinds(blinds[:n])
	cfg := betting.HandConfig{
		Stacks:             stacks[:n],
		Antes:              antes[:n],
		Blinds:             blinds[:n],
		Button:             pos.Button,
		FirstToAct:         pos.FirstToAct,
		FirstToActPostflop: pos.FirstToActPostflop,
		Unit:               h.Unit(),
		AnteTrimming:       h.AnteTrimming != nil && *h.AnteTrimming,
	}
	if err := r.bh.Reset(cfg); err != nil {
		return &Error{Msg: err.Error(), Err: err}
	}
	return r.startRound(0)
}

func (r *replayer) roundConfig(round int) betting.RoundConfig {
	switch r.g.structure {
	case betting.FixedLimit:
		bet := r.h.SmallBet
		if round >= 2 {
			bet = r.h.BigBet
		}
		// The engine counts raises, not an opening bet: with a blind to
		// raise, every bet is a raise.
		raises := fixedLimitBets - 1
		if round == 0 && r.bh.TableBet() > 0 {
			raises = fixedLimitBets
		}
		return betting.RoundConfig{Structure: betting.FixedLimit, MinBet: bet, MaxRaises: raises}
	default:
		return betting.RoundConfig{Structure: r.g.structure, MinBet: r.h.MinBet}
	}
}

func (r *replayer) startRound(round int) error {
	if err := r.bh.StartRound(r.roundConfig(round)); err != nil {
		return &Error{Msg: err.Error(), Err: err}
	}
	return nil
}

// fail returns an error about the current action.
func (r *replayer) fail(err error, format string, args ...any) *Error {
	a := r.h.Actions[r.index]
	return &Error{
		Field: fmt.Sprintf("%s[%d]", fieldActions, r.index),
		Msg:   fmt.Sprintf("%q: %s", a.String(), fmt.Sprintf(format, args...)),
		Err:   err,
	}
}

// skip plays the implied check or fold of every player to act until done
// reports true, on a copy of the betting state; it reports false (changing
// nothing) when Options.Repair is off or the round ends first.
func (r *replayer) skip(done func(h *betting.Hand) bool) bool {
	if !r.opt.Repair {
		return false
	}
	bh := r.bh
	var implied []string
	for !done(&bh) {
		if bh.RoundOver() {
			return false
		}
		seat := bh.ToAct()
		act, verb := betting.Action{Kind: betting.Fold}, "folds"
		if bh.Legal().CanCheck {
			act, verb = betting.Action{Kind: betting.Check}, "checks"
		}
		if err := bh.Apply(act); err != nil {
			return false
		}
		implied = append(implied, fmt.Sprintf("p%d %s before %s[%d]", seat+1, verb, fieldActions, r.index))
	}
	r.bh = bh
	r.repairs = append(r.repairs, implied...)
	return true
}

// inHand returns the number of players who have not folded.
func (r *replayer) inHand() int { return bits.OnesCount16(r.bh.InHand()) }

// bettingDone reports whether no more betting can happen in the hand.
func (r *replayer) bettingDone() bool {
	return r.bh.HandOver() || (r.bh.RoundOver() && len(r.board) == 5)
}

func (r *replayer) apply(a Action) error {
	switch a.Kind {
	case NoOp:
		return nil
	case DealHole:
		return r.dealHole(a)
	case DealBoard:
		return r.dealBoard(a)
	case Fold, CheckCall, BetRaise:
		return r.bet(a)
	case ShowMuck:
		return r.show(a)
	case BringIn, StandPatDiscard:
		return r.fail(nil, "%s has no %s action", r.h.Variant, a.Kind)
	}
	return r.fail(nil, "unknown action")
}

// take marks the known cards of cs as dealt, rejecting a card dealt twice.
func (r *replayer) take(cs []cards.Card) error {
	for _, c := range cs {
		if c == cards.None {
			continue
		}
		if r.used.Has(c) {
			return r.fail(nil, "card %s is dealt twice", c)
		}
		r.used = r.used.Add(c)
	}
	return nil
}

func (r *replayer) dealHole(a Action) error {
	p := a.Player
	switch {
	case r.dealt&(1<<p) != 0:
		return r.fail(nil, "p%d already has hole cards", p+1)
	case r.started:
		return r.fail(nil, "hole cards dealt after the betting began")
	case r.h.Inactive != nil && r.h.Inactive[p] != 0:
		return r.fail(nil, "p%d sits out", p+1)
	case len(a.Cards) != r.g.hole:
		return r.fail(nil, "%d hole cards; %s deals %d", len(a.Cards), r.h.Variant, r.g.hole)
	}
	if err := r.take(a.Cards); err != nil {
		return err
	}
	r.dealt |= 1 << p
	r.hole[p] = append([]cards.Card(nil), a.Cards...)
	return nil
}

func (r *replayer) dealBoard(a Action) error {
	switch {
	case len(r.board) >= 5:
		return r.fail(nil, "the board already has 5 cards")
	case r.inHand() < 2:
		return r.fail(nil, "board dealt after every other player folded")
	case !r.bh.RoundOver() && !r.skip((*betting.Hand).RoundOver):
		return r.fail(nil, "board dealt before the betting round ended (p%d to act)", r.bh.ToAct()+1)
	case !r.allDealt():
		return r.fail(nil, "board dealt before every player has hole cards")
	}
	// The flop has 3 cards, the turn and the river 1 each.
	street, want, name := 0, 3, "flop"
	if len(r.board) > 0 {
		street, want, name = len(r.board)-2, 1, "turn" // 3 → 1 (turn), 4 → 2 (river)
		if street == 2 {
			name = "river"
		}
	}
	if len(a.Cards) != want {
		return r.fail(nil, "%d board cards; the %s has %d", len(a.Cards), name, want)
	}
	if err := r.take(a.Cards); err != nil {
		return err
	}
	r.board = append(r.board, a.Cards...)
	if !r.bh.HandOver() {
		return r.startRound(street + 1)
	}
	return nil
}

// allDealt reports whether every player in the hand has hole cards.
func (r *replayer) allDealt() bool {
	for p := 0; p < r.n; p++ {
		if r.bh.StartingStack(p) > 0 && r.dealt&(1<<p) == 0 {
			return false
		}
	}
	return true
}

func (r *replayer) bet(a Action) error {
	p := a.Player
	if !r.started {
		if !r.allDealt() {
			return r.fail(nil, "betting began before every player was dealt hole cards")
		}
		r.started = true
	}
	if r.bh.RoundOver() && a.Kind == CheckCall && r.loneCheck(p) {
		return nil // PokerKit gives the turn to the only player left able to act
	}
	if r.bh.RoundOver() {
		switch {
		case r.bettingDone():
			return r.fail(betting.ErrRoundOver, "no more betting in this hand")
		default:
			return r.fail(betting.ErrRoundOver, "the betting round is over; the board is next")
		}
	}
	if to := r.bh.ToAct(); to != p && !r.skip(func(h *betting.Hand) bool { return h.ToAct() == p }) {
		return r.fail(betting.ErrIllegalAction, "p%d acts out of turn (p%d to act)", p+1, to+1)
	}
	var act betting.Action
	switch a.Kind {
	case Fold:
		act = betting.Action{Kind: betting.Fold}
	case CheckCall:
		l := r.bh.Legal()
		if l.CanCheck {
			act = betting.Action{Kind: betting.Check}
		} else {
			act = betting.Action{Kind: betting.Call}
		}
	case BetRaise:
		var err error
		act, err = r.bh.RaiseTo(a.Amount)
		if err != nil {
			return r.fail(err, "%v", err)
		}
	}
	if err := r.bh.Apply(act); err != nil {
		return r.fail(err, "%v", err)
	}
	return nil
}

// loneCheck reports whether p is the only player left able to act, with no
// bet facing him: PokerKit may still give him the turn, and his check
// ("pN cc") changes nothing.
func (r *replayer) loneCheck(p int) bool {
	if !r.bh.Active(p) || r.bh.StreetBet(p) != r.bh.TableBet() || r.inHand() < 2 {
		return false
	}
	for i := 0; i < r.n; i++ {
		if i != p && r.bh.Active(i) {
			return false
		}
	}
	return true
}

func (r *replayer) show(a Action) error {
	p := a.Player
	switch {
	case r.dealt&(1<<p) == 0:
		return r.fail(nil, "p%d has no hole cards", p+1)
	case r.bh.Folded(p):
		return r.fail(nil, "p%d has folded", p+1)
	case !r.bettingDone() && !r.skip(func(h *betting.Hand) bool { return h.HandOver() || (h.RoundOver() && len(r.board) == 5) }):
		return r.fail(nil, "showdown before the betting is over")
	}
	if a.Muck() {
		r.mucked |= 1 << p
		return nil
	}
	r.mucked &^= 1 << p
	if a.Dash {
		return nil
	}
	if len(a.Cards) != r.g.hole {
		return r.fail(nil, "shows %d cards, holds %d", len(a.Cards), r.g.hole)
	}
	held := r.hole[p]
	var heldSet, shownSet cards.Set
	unknownShown := 0
	for _, c := range held {
		if c != cards.None {
			heldSet = heldSet.Add(c)
		}
	}
	for _, c := range a.Cards {
		if c == cards.None {
			unknownShown++
			continue
		}
		if shownSet.Has(c) {
			return r.fail(nil, "card %s shown twice", c)
		}
		shownSet = shownSet.Add(c)
	}
	missing := heldSet &^ shownSet
	if missing.Len() > unknownShown || (heldSet|shownSet).Len() > r.g.hole {
		return r.fail(nil, "p%d shows %s but holds %s", p+1, formatCards(a.Cards), formatCards(held))
	}
	if err := r.take((shownSet &^ heldSet).Cards(nil)); err != nil {
		return err
	}
	known := (heldSet | shownSet).Cards(make([]cards.Card, 0, r.g.hole))
	for len(known) < r.g.hole {
		known = append(known, cards.None)
	}
	r.hole[p] = known
	return nil
}

func formatCards(cs []cards.Card) string {
	var b []byte
	for _, c := range cs {
		if c == cards.None {
			b = append(b, "??"...)
		} else {
			b = append(b, c.String()...)
		}
	}
	return string(b)
}

// finish settles the hand when it is over and fills res.
func (r *replayer) finish(res Result) (Result, error) {
	res.Board = r.board
	res.Hole = r.hole
	complete := r.inHand() == 1 || (r.bettingDone() && len(r.board) == 5)
	if complete {
		var strength [betting.MaxSeats]uint32
		if r.inHand() > 1 {
			if err := r.rank(&strength); err != nil {
				return res, err
			}
		}
		var won [betting.MaxSeats]chips.Chips
		r.bh.Settle(&strength, &won)
		res.Won = append([]chips.Chips(nil), won[:r.n]...)
		res.Complete = true
	}
	res.Stacks = make([]chips.Chips, r.n)
	for i := range res.Stacks {
		res.Stacks[i] = r.bh.Stack(i)
		if r.h.Inactive != nil && r.h.Inactive[i] != 0 {
			res.Stacks[i] = r.h.StartingStacks[i] // sat out, kept its chips
		}
	}
	return res, nil
}

// rank fills strength for the showdown: 0 for a player who folded or mucked,
// 1 + the hand's rank otherwise. A player whose hole cards are unknown may
// only contend for pots nobody else contends for.
func (r *replayer) rank(strength *[betting.MaxSeats]uint32) error {
	in := r.bh.InHand() &^ r.mucked
	var unknown uint16
	for p := 0; p < r.n; p++ {
		if in&(1<<p) == 0 {
			continue
		}
		s, ok := r.evaluate(r.hole[p])
		if !ok {
			unknown |= 1 << p
			strength[p] = 1
			continue
		}
		strength[p] = s + 1
	}
	if unknown == 0 {
		return nil
	}
	var buf [betting.MaxSeats + 1]betting.Pot
	for _, pot := range r.bh.Pots(buf[:0]) {
		contenders := pot.Eligible & in
		if bits.OnesCount16(contenders) > 1 && contenders&unknown != 0 {
			p := bits.TrailingZeros16(contenders & unknown)
			return &Error{
				Field: fieldActions,
				Msg:   fmt.Sprintf("the showdown for a pot of %s depends on p%d's unknown hole cards", pot.Amount, p+1),
				Err:   ErrUndecided,
			}
		}
	}
	return nil
}

// evaluate ranks a player's hand with the board; ok is false when a card is
// unknown.
func (r *replayer) evaluate(hole []cards.Card) (uint32, bool) {
	if len(hole) != r.g.hole || len(r.board) != 5 {
		return 0, false
	}
	for _, c := range hole {
		if c == cards.None {
			return 0, false
		}
	}
	ev := handeval.Default()
	if r.g.omaha {
		return omahaStrength(ev, hole, r.board), true
	}
	return holdemStrength(ev, hole, r.board), true
}
