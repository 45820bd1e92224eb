package phh

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
)

// Game is what a hand deals and how it bets: a variant deckforge plays (NT,
// FT or PO) and its bet sizes.
type Game struct {
	Variant Variant
	// MinBet is the smallest opening bet of NT and PO.
	MinBet chips.Chips
	// SmallBet and BigBet are FT's bet sizes: the small bet in the first two
	// rounds, the big bet after.
	SmallBet, BigBet chips.Chips
}

// RunnerConfig sets up a Runner.
type RunnerConfig struct {
	Game
	// Hand is the betting hand in the caller's seat order: stacks (a seat
	// with no chips sits out and is never dealt), antes, blinds, positions,
	// dead money, split-pot unit and ante trimming.
	Hand betting.HandConfig
	// Repair lets players who are skipped check or fold (see
	// Options.Repair).
	Repair bool
}

// Settlement is how a finished hand ended.
type Settlement struct {
	// Uncalled is the chips returned to UncalledSeat, the top layer nobody
	// called (UncalledSeat -1 and Uncalled 0 when none).
	UncalledSeat int
	Uncalled     chips.Chips
	// Pots are the pots awarded, main pot first, the uncalled chips out.
	Pots []betting.Pot
	// Awards are the pots given out, with their winners and shares (see
	// betting.Award).
	Awards []betting.Award
	// Won is what each seat collected from the pots.
	Won []chips.Chips
	// Stacks are the finishing stacks.
	Stacks []chips.Chips
}

// RunError is the error of a Runner for an action it refuses. It wraps
// betting.ErrIllegalAction, betting.ErrBadAmount or betting.ErrRoundOver
// for an illegal bet, ErrUndecided for a showdown that depends on unknown
// cards, or nothing for an impossible deal.
type RunError struct {
	Msg string
	Err error
}

func (e *RunError) Error() string { return e.Msg }

// Unwrap returns the underlying error.
func (e *RunError) Unwrap() error { return e.Err }

func runErr(err error, format string, args ...any) *RunError {
	return &RunError{Msg: fmt.Sprintf(format, args...), Err: err}
}

// maxHole is the most hole cards a variant deckforge plays deals.
const maxHole = 4

// Runner plays one hand of NT, FT or PO action by action: the deal, the
// betting (through engine/betting), the showdown and the pots. It is the
// one hand runner of deckforge: Replay, engine/table and the replay tools
// drive it with typed Actions. A Runner is a value with no pointers except
// its list of implied actions: copying it saves the hand's state.
type Runner struct {
	game    game
	rc      [3]betting.RoundConfig // the first round, the second, the later ones
	repair  bool
	bh      betting.Hand
	n       int
	board   [5]cards.Card
	nboard  int
	hole    [betting.MaxSeats][maxHole]cards.Card
	dealt   uint16 // seats dealt their hole cards
	mucked  uint16
	used    cards.Set
	started bool // a player has acted
	index   int  // actions applied so far
	implied []Implied
}

// Implied is a check or fold that Repair implied: Action (CheckCall or
// Fold, its Player the seat) came before actions[Before].
type Implied struct {
	Action Action
	Before int
}

// NewRunner returns a Runner set up by cfg.
func NewRunner(cfg RunnerConfig) (*Runner, error) {
	r := &Runner{}
	if err := r.Reset(cfg); err != nil {
		return nil, err
	}
	return r, nil
}

// Reset starts a new hand: forced bets are posted and the first betting
// round begins. An error names the configuration field that is wrong.
func (r *Runner) Reset(cfg RunnerConfig) error {
	g, ok := gameOf(cfg.Variant)
	if !ok {
		return &RunError{Msg: fmt.Sprintf("variant %q is not played by deckforge", string(cfg.Variant)), Err: ErrUnsupported}
	}
	*r = Runner{game: g, repair: cfg.Repair, n: len(cfg.Hand.Stacks)}
	if err := r.bh.Reset(cfg.Hand); err != nil {
		return &RunError{Msg: err.Error(), Err: err}
	}
	switch g.structure {
	case betting.FixedLimit:
		if cfg.SmallBet <= 0 || cfg.BigBet <= 0 {
			return runErr(nil, "small_bet %v and big_bet %v: want both > 0", cfg.SmallBet, cfg.BigBet)
		}
		// PokerKit allows four completions, bets or raises a round, the
		// blinds not counted. The engine counts raises, not an opening bet:
		// with a blind to raise, every bet is a raise.
		first := fixedLimitBets - 1
		if r.bh.TableBet() > 0 {
			first = fixedLimitBets
		}
		r.rc[0] = betting.RoundConfig{Structure: betting.FixedLimit, MinBet: cfg.SmallBet, MaxRaises: first}
		r.rc[1] = betting.RoundConfig{Structure: betting.FixedLimit, MinBet: cfg.SmallBet, MaxRaises: fixedLimitBets - 1}
		r.rc[2] = betting.RoundConfig{Structure: betting.FixedLimit, MinBet: cfg.BigBet, MaxRaises: fixedLimitBets - 1}
	default:
		if cfg.MinBet <= 0 {
			return runErr(nil, "min_bet %v: want > 0", cfg.MinBet)
		}
		r.rc[0] = betting.RoundConfig{Structure: g.structure, MinBet: cfg.MinBet}
		r.rc[1], r.rc[2] = r.rc[0], r.rc[0]
	}
	return r.startRound(0)
}

// RunnerFor returns a Runner set up for the PHH hand h (validated), its
// players in position order as the standard says: see Replay.
func RunnerFor(h *Hand, opt Options) (*Runner, error) {
	if _, ok := gameOf(h.Variant); !ok {
		if !h.Variant.Defined() {
			return nil, fieldErr(fieldVariant, "%q is not a PHH variant code", string(h.Variant))
		}
		return nil, &Error{Field: fieldVariant, Msg: fmt.Sprintf("%s (%s) is not played by deckforge", h.Variant, h.Variant.Name()), Err: ErrUnsupported}
	}
	if err := h.Validate(); err != nil {
		return nil, err
	}
	n := h.NumPlayers()
	if n > betting.MaxSeats {
		return nil, &Error{Field: fieldStartingStacks, Msg: fmt.Sprintf("%d players; deckforge plays at most %d", n, betting.MaxSeats), Err: ErrUnsupported}
	}
	var stacks, antes, blinds [betting.MaxSeats]chips.Chips
	copy(stacks[:], h.StartingStacks)
	betting.PHHForcedBets(antes[:n], h.Antes)
	betting.PHHForcedBets(blinds[:n], h.BlindsOrStraddles)
	for i, in := range h.Inactive {
		if in == 0 {
			continue
		}
		if antes[i] != 0 || blinds[i] != 0 {
			return nil, fieldErr(fmt.Sprintf("%s[%d]", fieldInactive, i), "p%d sits out but owes a forced bet", i+1)
		}
		stacks[i] = 0
	}
	pos := betting.PHHPositionsBlinds(blinds[:n])
	cfg := RunnerConfig{
		Game: Game{Variant: h.Variant, MinBet: h.MinBet, SmallBet: h.SmallBet, BigBet: h.BigBet},
		Hand: betting.HandConfig{
			Stacks:             stacks[:n],
			Antes:              antes[:n],
			Blinds:             blinds[:n],
			Button:             pos.Button,
			FirstToAct:         pos.FirstToAct,
			FirstToActPostflop: pos.FirstToActPostflop,
			Unit:               h.Unit(),
			AnteTrimming:       h.AnteTrimming != nil && *h.AnteTrimming,
		},
		Repair: opt.Repair,
	}
	r := &Runner{}
	if err := r.Reset(cfg); err != nil {
		var re *RunError
		if errors.As(err, &re) {
			return nil, &Error{Msg: re.Msg, Err: re.Err}
		}
		return nil, &Error{Msg: err.Error(), Err: err}
	}
	return r, nil
}

func (r *Runner) startRound(round int) error {
	if err := r.bh.StartRound(r.rc[min(round, 2)]); err != nil {
		return &RunError{Msg: err.Error(), Err: err}
	}
	return nil
}

// Betting returns a copy of the betting state: stacks, street bets, who
// folded or is all-in, the pots (betting.Hand's read methods).
func (r *Runner) Betting() betting.Hand { return r.bh }

// NumSeats returns the number of seats.
func (r *Runner) NumSeats() int { return r.n }

// ToAct returns the seat to act, -1 when none (the board is due, or the
// hand is over).
func (r *Runner) ToAct() int {
	if r.Finished() {
		return -1
	}
	return r.bh.ToAct()
}

// Legal returns what the seat to act may do.
func (r *Runner) Legal() betting.Legal {
	if r.Finished() {
		return betting.Legal{Seat: -1}
	}
	return r.bh.Legal()
}

// Pot returns every chip in the pot, dead money included.
func (r *Runner) Pot() chips.Chips { return r.bh.Pot() }

// Board returns the community cards dealt so far.
func (r *Runner) Board() []cards.Card { return r.board[:r.nboard] }

// Hole returns seat p's hole cards as known (dealt or shown; cards.None for
// an unknown card), nil when p was not dealt.
func (r *Runner) Hole(p int) []cards.Card {
	if r.dealt&(1<<p) == 0 {
		return nil
	}
	return r.hole[p][:r.game.hole]
}

// Dealt reports whether seat p has hole cards.
func (r *Runner) Dealt(p int) bool { return r.dealt&(1<<p) != 0 }

// Mucked reports whether seat p mucked at showdown.
func (r *Runner) Mucked(p int) bool { return r.mucked&(1<<p) != 0 }

// Contending returns the bitmask of the seats still contending for the
// pots: not folded, not mucked.
func (r *Runner) Contending() uint16 { return r.bh.InHand() &^ r.mucked }

// Implied lists the actions Repair implied, in order.
func (r *Runner) Implied() []Implied { return r.implied }

// Repairs describes the actions Repair implied, such as
// `p8 folds before actions[13]`.
func (r *Runner) Repairs() []string {
	var out []string
	for _, im := range r.implied {
		verb := "checks"
		if im.Action.Kind == Fold {
			verb = "folds"
		}
		out = append(out, fmt.Sprintf("p%d %s before %s[%d]", im.Action.Player+1, verb, fieldActions, im.Before))
	}
	return out
}

// BettingOver reports whether no more betting can happen in this hand.
func (r *Runner) BettingOver() bool {
	return r.bh.HandOver() || (r.bh.RoundOver() && r.nboard == 5)
}

// Finished reports whether the hand is over: one player is left, or the
// betting is over with the whole board dealt. Settle may then be called.
func (r *Runner) Finished() bool {
	in := r.bh.InHand()
	return in&(in-1) == 0 || (r.BettingOver() && r.nboard == 5)
}

// BoardDue returns the number of board cards the dealer deals next (3 for
// the flop, 1 for the turn and the river), 0 when none is due (a player is
// to act, or the hand is over).
func (r *Runner) BoardDue() int {
	if r.Finished() || r.bh.ToAct() >= 0 {
		return 0
	}
	if r.nboard == 0 {
		return 3
	}
	return 1
}

// Apply plays one action: a deal, a player's fold, check or call, bet or
// raise (to a street total), or a show or muck. An illegal action returns a
// *RunError and changes nothing, except that Repair's implied actions stay.
func (r *Runner) Apply(a Action) error {
	err := r.apply(a)
	r.index++
	return err
}

func (r *Runner) apply(a Action) error {
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
		return runErr(nil, "%s has no %s action", r.game.variant, a.Kind)
	}
	return runErr(nil, "unknown action")
}

// Forfeit folds seat p at once, whether or not it is to act (a player who
// pauses, leaves or times out). Every chip it put in stays in the pot.
func (r *Runner) Forfeit(p int) error {
	if err := r.bh.Forfeit(p); err != nil {
		return &RunError{Msg: err.Error(), Err: err}
	}
	return nil
}

// skip plays the implied check or fold of every player to act until done
// reports true, on a copy of the betting state; it reports false (changing
// nothing) when Repair is off or the round ends first.
func (r *Runner) skip(done func(h *betting.Hand) bool) bool {
	if !r.repair {
		return false
	}
	bh := r.bh
	implied := len(r.implied)
	for !done(&bh) {
		if bh.RoundOver() {
			r.implied = r.implied[:implied]
			return false
		}
		seat := bh.ToAct()
		act, kind := betting.Action{Kind: betting.Fold}, Fold
		if bh.Legal().CanCheck {
			act, kind = betting.Action{Kind: betting.Check}, CheckCall
		}
		if err := bh.Apply(act); err != nil {
			r.implied = r.implied[:implied]
			return false
		}
		r.implied = append(r.implied, Implied{Action: Action{Kind: kind, Player: seat}, Before: r.index})
	}
	r.bh = bh
	return true
}

// inHand returns the number of players who have not folded.
func (r *Runner) inHand() int { return bits.OnesCount16(r.bh.InHand()) }

// take marks the known cards of cs as dealt, rejecting a card dealt twice.
func (r *Runner) take(cs []cards.Card) error {
	var seen cards.Set
	for _, c := range cs {
		if c == cards.None {
			continue
		}
		if !c.Valid() || c.IsJoker() {
			return runErr(nil, "%s is not a card of the 52-card deck", c)
		}
		if r.used.Has(c) || seen.Has(c) {
			return runErr(nil, "card %s is dealt twice", c)
		}
		seen = seen.Add(c)
	}
	r.used |= seen
	return nil
}

func (r *Runner) dealHole(a Action) error {
	p := a.Player
	switch {
	case p < 0 || p >= r.n:
		return runErr(nil, "p%d is not a player of this hand", p+1)
	case r.dealt&(1<<p) != 0:
		return runErr(nil, "p%d already has hole cards", p+1)
	case r.started:
		return runErr(nil, "hole cards dealt after the betting began")
	case r.bh.StartingStack(p) == 0:
		return runErr(nil, "p%d sits out", p+1)
	case len(a.Cards) != r.game.hole:
		return runErr(nil, "%d hole cards; %s deals %d", len(a.Cards), r.game.variant, r.game.hole)
	}
	if err := r.take(a.Cards); err != nil {
		return err
	}
	r.dealt |= 1 << p
	copy(r.hole[p][:], a.Cards)
	return nil
}

func (r *Runner) dealBoard(a Action) error {
	switch {
	case r.nboard >= 5:
		return runErr(nil, "the board already has 5 cards")
	case r.inHand() < 2:
		return runErr(nil, "board dealt after every other player folded")
	case !r.bh.RoundOver() && !r.skip((*betting.Hand).RoundOver):
		return runErr(nil, "board dealt before the betting round ended (p%d to act)", r.bh.ToAct()+1)
	case !r.allDealt():
		return runErr(nil, "board dealt before every player has hole cards")
	}
	// The flop has 3 cards, the turn and the river 1 each.
	street, want, name := 0, 3, "flop"
	if r.nboard > 0 {
		street, want, name = r.nboard-2, 1, "turn" // 3 → 1 (turn), 4 → 2 (river)
		if street == 2 {
			name = "river"
		}
	}
	if len(a.Cards) != want {
		return runErr(nil, "%d board cards; the %s has %d", len(a.Cards), name, want)
	}
	if err := r.take(a.Cards); err != nil {
		return err
	}
	r.nboard += copy(r.board[r.nboard:], a.Cards)
	if !r.bh.HandOver() {
		return r.startRound(street + 1)
	}
	return nil
}

// allDealt reports whether every player in the hand has hole cards.
func (r *Runner) allDealt() bool {
	for p := 0; p < r.n; p++ {
		if r.bh.StartingStack(p) > 0 && r.dealt&(1<<p) == 0 {
			return false
		}
	}
	return true
}

// loneCheck reports whether p is the only player left able to act, with no
// bet facing him: PokerKit may still give him the turn, and his check
// ("pN cc") changes nothing.
func (r *Runner) loneCheck(p int) bool {
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

func (r *Runner) bet(a Action) error {
	p := a.Player
	if p < 0 || p >= r.n {
		return runErr(nil, "p%d is not a player of this hand", p+1)
	}
	if !r.started {
		if !r.allDealt() {
			return runErr(nil, "betting began before every player was dealt hole cards")
		}
		r.started = true
	}
	if r.bh.RoundOver() && a.Kind == CheckCall && r.loneCheck(p) {
		return nil // PokerKit gives the turn to the only player left able to act
	}
	if r.bh.RoundOver() {
		if r.BettingOver() {
			return runErr(betting.ErrRoundOver, "no more betting in this hand")
		}
		return runErr(betting.ErrRoundOver, "the betting round is over; the board is next")
	}
	if to := r.bh.ToAct(); to != p && !r.skip(func(h *betting.Hand) bool { return h.ToAct() == p }) {
		return runErr(betting.ErrIllegalAction, "p%d acts out of turn (p%d to act)", p+1, to+1)
	}
	var act betting.Action
	switch a.Kind {
	case Fold:
		act = betting.Action{Kind: betting.Fold}
	case CheckCall:
		act = betting.Action{Kind: betting.Call}
		if r.bh.Legal().CanCheck {
			act = betting.Action{Kind: betting.Check}
		}
	case BetRaise:
		var err error
		act, err = r.bh.RaiseTo(a.Amount)
		if err != nil {
			return runErr(err, "%v", err)
		}
	}
	if err := r.bh.Apply(act); err != nil {
		return runErr(err, "%v", err)
	}
	return nil
}

func (r *Runner) show(a Action) error {
	p := a.Player
	switch {
	case p < 0 || p >= r.n:
		return runErr(nil, "p%d is not a player of this hand", p+1)
	case r.dealt&(1<<p) == 0:
		return runErr(nil, "p%d has no hole cards", p+1)
	case r.bh.Folded(p):
		return runErr(nil, "p%d has folded", p+1)
	case !r.BettingOver() && !r.skip(func(h *betting.Hand) bool { return h.HandOver() || (h.RoundOver() && r.nboard == 5) }):
		return runErr(nil, "showdown before the betting is over")
	}
	if a.Muck() {
		r.mucked |= 1 << p
		return nil
	}
	r.mucked &^= 1 << p
	if a.Dash {
		return nil
	}
	hole := r.game.hole
	if len(a.Cards) != hole {
		return runErr(nil, "shows %d cards, holds %d", len(a.Cards), hole)
	}
	held := r.hole[p][:hole]
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
			return runErr(nil, "card %s shown twice", c)
		}
		shownSet = shownSet.Add(c)
	}
	missing := heldSet &^ shownSet
	if missing.Len() > unknownShown || (heldSet|shownSet).Len() > hole {
		return runErr(nil, "p%d shows %s but holds %s", p+1, formatCards(a.Cards), formatCards(held))
	}
	if err := r.take((shownSet &^ heldSet).Cards(nil)); err != nil {
		return err
	}
	var known [maxHole]cards.Card
	k := len((heldSet | shownSet).Cards(known[:0]))
	for ; k < hole; k++ {
		known[k] = cards.None
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
