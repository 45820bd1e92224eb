package table

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
)

// HoleCards is the number of hole cards Next deals to each player (Texas
// hold'em, the game of the sit-in-sit-out seed).
const HoleCards = 2

// hand is a hand rebuilt from a state's action log, played by the one hand
// runner, phh.Runner.
type hand struct {
	s       *State
	bl      blinds
	run     phh.Runner
	started bool   // the runner is set up (two or more seats dealt in)
	dealt   uint16 // seats dealt in
	hole    [MaxSeats][]cards.Card
	used    cards.Set // cards dealt before the runner is set up
}

// replay rebuilds the hand of s (which passed checkShape) from its actions.
//
// Hole cards are dealt first ("d dh pN"); the seats dealt in are the hand's
// players. A fold takes effect at once, even by a seat that is not to act
// ("pN f" out of turn, as Merge writes for a player who pauses or leaves
// during the hand) or when a check is free: the runner's Forfeit, so the
// folded chips stay in the pot.
func replay(s *State) (*hand, error) {
	bl, err := s.forcedBets()
	if err != nil {
		return nil, err
	}
	r := &hand{s: s, bl: bl}
	for i, a := range s.Actions {
		if err := r.apply(a); err != nil {
			return nil, fieldErr(fmt.Sprintf("actions[%d]", i), "%q: %v", a, err)
		}
	}
	if !r.started && r.dealt != 0 {
		if err := r.start(); err != nil {
			return nil, fieldErr("actions", "%v", err)
		}
	}
	return r, nil
}

func (r *hand) apply(a phh.Action) error {
	switch a.Kind {
	case phh.NoOp:
		return nil
	case phh.DealHole:
		if r.started {
			return errors.New("hole cards dealt after the betting began")
		}
		if a.Player < 0 || a.Player >= len(r.s.Players) {
			return fmt.Errorf("p%d is not seated", a.Player+1)
		}
		if r.dealt&(1<<a.Player) != 0 {
			return fmt.Errorf("p%d is dealt hole cards twice", a.Player+1)
		}
		if len(a.Cards) != HoleCards {
			return fmt.Errorf("%d hole cards dealt, want %d", len(a.Cards), HoleCards)
		}
		for _, c := range a.Cards {
			if c == cards.None {
				continue
			}
			if c.IsJoker() || !c.Valid() {
				return fmt.Errorf("%s is not a card of the 52-card deck", c)
			}
			if r.used.Has(c) {
				return fmt.Errorf("%s is dealt twice", c)
			}
			r.used = r.used.Add(c)
		}
		r.dealt |= 1 << a.Player
		r.hole[a.Player] = a.Cards
		return nil
	case phh.BringIn, phh.StandPatDiscard:
		return fmt.Errorf("%s is not an action of Texas hold'em", a.Kind)
	}
	if !r.started {
		if err := r.start(); err != nil {
			return err
		}
	}
	if a.Kind == phh.DealBoard {
		if r.run.Finished() {
			return errors.New("board dealt after the hand is over")
		}
		if t := r.run.ToAct(); t >= 0 {
			return fmt.Errorf("board dealt while p%d is to act", t+1)
		}
		if len(r.run.Board()) == 5 {
			return errors.New("the board is complete")
		}
		return r.run.Apply(a)
	}
	p := a.Player
	if p < 0 || p >= len(r.s.Players) || r.dealt&(1<<p) == 0 {
		return fmt.Errorf("p%d is not dealt in", p+1)
	}
	bh := r.run.Betting()
	if bh.Folded(p) || r.run.Mucked(p) {
		return fmt.Errorf("p%d (%s) has folded", p+1, r.s.Players[p])
	}
	if a.Kind == phh.ShowMuck {
		if !r.run.BettingOver() {
			return errors.New("show or muck before the showdown")
		}
		return r.run.Apply(a)
	}
	if r.run.Finished() {
		return errors.New("action after the hand is over")
	}
	if a.Kind == phh.Fold {
		if bh.AllIn(p) {
			return fmt.Errorf("p%d (%s) is all-in and cannot fold", p+1, r.s.Players[p])
		}
		return r.run.Forfeit(p)
	}
	if t := r.run.ToAct(); t != p {
		if t < 0 {
			return fmt.Errorf("p%d acts while nobody is to act (the board comes next)", p+1)
		}
		return fmt.Errorf("p%d acts out of turn: p%d is to act", p+1, t+1)
	}
	return r.run.Apply(a)
}

// start sets up the runner over the seats dealt in and deals their cards.
func (r *hand) start() error {
	if popcount(r.dealt) < 2 {
		return fmt.Errorf("%d player(s) dealt in: a hand needs two", popcount(r.dealt))
	}
	s := r.s
	n := len(s.Players)
	for i := 0; i < n; i++ {
		if r.dealt&(1<<i) != 0 && s.StartingStacks[i] <= 0 {
			return fmt.Errorf("p%d (%s) is dealt in with no chips", i+1, s.Players[i])
		}
	}
	var stacks, blindsIn, antes [MaxSeats]chips.Chips
	hc, minBet := r.config(&stacks, &antes, &blindsIn)
	cfg := phh.RunnerConfig{Game: phh.Game{Variant: phh.NoLimitTexasHoldem, MinBet: minBet}, Hand: hc}
	if err := r.run.Reset(cfg); err != nil {
		return fmt.Errorf("the hand cannot be set up: %v", err)
	}
	for i := 0; i < n; i++ {
		if r.dealt&(1<<i) == 0 {
			continue
		}
		if err := r.run.Apply(phh.Action{Kind: phh.DealHole, Player: i, Cards: r.hole[i]}); err != nil {
			return err
		}
	}
	r.started = true
	return nil
}

// splitUnit returns the unit the hand of s splits its pots in:
// phh.SplitUnit of what the seats dealt in start with (stacks, antes,
// blinds), the dead money, the minimum bet and every raise of the hand, so
// that the hand is played in whole chips, and written so as PHH, only when
// all of them are whole.
func splitUnit(s *State, stacks, antes, blinds []chips.Chips, minBet chips.Chips) chips.Chips {
	var raises []chips.Chips
	for _, a := range s.Actions {
		if a.Kind == phh.BetRaise {
			raises = append(raises, a.Amount)
		}
	}
	return phh.SplitUnit(stacks, antes, blinds, []chips.Chips{s.DeadMoney, minBet}, raises)
}

// config returns the betting hand of the seats dealt in (stacks, antes
// and blinds written into the arrays given; 0 for the other seats), with
// the table's positions and dead money, and the minimum bet.
func (r *hand) config(stacks, antes, blindsIn *[MaxSeats]chips.Chips) (betting.HandConfig, chips.Chips) {
	s := r.s
	n := len(s.Players)
	for i := 0; i < n; i++ {
		if r.dealt&(1<<i) == 0 {
			continue
		}
		stacks[i] = s.StartingStacks[i]
		blindsIn[i] = s.BlindsOrStraddles[i]
		antes[i] = s.Antes[i]
	}
	pos := r.bl.positions(r.dealt)
	minBet := s.MinBet
	if minBet <= 0 {
		minBet = r.bl.big
	}
	if minBet <= 0 { // a table without blinds: its largest ante
		for _, a := range s.Antes {
			minBet = max(minBet, a)
		}
	}
	return betting.HandConfig{
		Stacks: stacks[:n], Antes: antes[:n], Blinds: blindsIn[:n],
		Button: pos.Button, FirstToAct: pos.FirstToAct, FirstToActPostflop: pos.FirstToActPostflop,
		DeadMoney: s.DeadMoney, Unit: splitUnit(s, stacks[:n], antes[:n], blindsIn[:n], minBet),
	}, minBet
}

// finished reports whether the hand is over: one player is left, or the
// betting is over with a complete board.
func (r *hand) finished() bool { return r.started && r.run.Finished() }

// toAct returns the seat to act, -1 when none.
func (r *hand) toAct() int {
	if !r.started {
		return -1
	}
	return r.run.ToAct()
}

// inHand reports whether seat p is dealt in and has not folded.
func (r *hand) inHand(p int) bool {
	return r.started && r.dealt&(1<<p) != 0 && r.run.Contending()&(1<<p) != 0
}

// allIn reports whether seat p is all-in.
func (r *hand) allIn(p int) bool {
	bh := r.run.Betting()
	return r.started && bh.AllIn(p)
}

// settle returns the finishing stacks of a finished hand (the starting
// stacks when nobody was dealt in).
func (r *hand) settle() ([]chips.Chips, error) {
	s := r.s
	n := len(s.Players)
	out := make([]chips.Chips, n)
	copy(out, s.StartingStacks)
	if !r.started {
		return out, nil
	}
	if !r.finished() {
		return nil, r.unfinished()
	}
	st, err := r.run.Settle()
	if err != nil {
		return nil, fieldErr("actions", "hand %d at the showdown: %v", s.Hand, err)
	}
	var sum chips.Chips
	for i := 0; i < n; i++ {
		if r.dealt&(1<<i) != 0 {
			out[i] = st.Stacks[i]
		}
		sum += out[i]
	}
	if sum != s.Total() {
		return nil, fmt.Errorf("settling hand %d: stacks sum to %s, want %s", s.Hand, sum, s.Total())
	}
	return out, nil
}

func (r *hand) unfinished() error {
	if t := r.toAct(); t >= 0 {
		return fieldErr("actions", "hand %d is not finished: p%d (%s) is to act", r.s.Hand, t+1, r.s.Players[t])
	}
	return fieldErr("actions", "hand %d is not finished: the board comes next", r.s.Hand)
}

// Status describes where a hand stands.
type Status struct {
	// Dealt is true once hole cards are dealt to two or more players.
	Dealt bool
	// Finished is true when the hand is over and Next may settle it: one
	// player is left, or the betting is over and the board is complete.
	Finished bool
	// ToAct is the seat to act, -1 when none; Legal is what it may do.
	ToAct int
	Legal betting.Legal
	// Board is the number of board cards the dealer deals next (3, 1 or
	// 1), 0 when none is due.
	Board int
	// Pot is the chips in the pot, dead money included.
	Pot chips.Chips
}

// Progress reports where the hand of s stands, replaying its actions
// through the betting engine.
func Progress(s State) (Status, error) {
	if err := s.checkShape(); err != nil {
		return Status{}, err
	}
	s.fillDefaults()
	r, err := replay(&s)
	if err != nil {
		return Status{}, err
	}
	return r.status(), nil
}

func (r *hand) status() Status {
	st := Status{Dealt: r.started, Finished: r.finished(), ToAct: r.toAct()}
	if st.ToAct >= 0 {
		st.Legal = r.run.Legal()
	}
	if r.started {
		st.Pot = r.run.Pot()
		st.Board = r.run.BoardDue()
	}
	return st
}

// Settle returns the finishing stacks of the finished hand of s: its
// FinishingStacks when it has them, else those of its actions replayed
// through the betting engine, the showdown decided by the best five-card
// hand of each player's hole cards and the board. A hand nobody was dealt
// into leaves the stacks as they were. An unfinished hand is an error.
func Settle(s State) ([]chips.Chips, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if s.FinishingStacks != nil {
		return append([]chips.Chips(nil), s.FinishingStacks...), nil
	}
	s.fillDefaults()
	r, err := replay(&s)
	if err != nil {
		return nil, err
	}
	return r.settle()
}

// Act appends a player action ("pN f", "pN cc" or "pN cbr AMOUNT", the
// amount a raise-to) by the seat to act, checked by the betting engine,
// which does not offer a fold when a check is free. It is Apply of the
// parsed action.
func Act(s State, action string) (State, error) {
	a, err := phh.ParseAction(action)
	if err != nil {
		return State{}, fmt.Errorf("action %q: %v", action, err)
	}
	return apply(s, a, false)
}

// Apply appends the player action a (phh.Fold, phh.CheckCall, or
// phh.BetRaise with its raise-to Amount) by the seat to act, a.Player,
// checked by the betting engine, which does not offer a fold when a check
// is free. A comment on a is dropped.
func Apply(s State, a phh.Action) (State, error) { return apply(s, a, false) }

// apply is Apply; freeFold allows a fold when a check is free (auto-actions,
// and players who pause or leave, give up their hand).
func apply(s State, a phh.Action, freeFold bool) (State, error) {
	if err := s.Validate(); err != nil {
		return State{}, err
	}
	a.Comment = ""
	action := a.String()
	if a.Kind != phh.Fold && a.Kind != phh.CheckCall && a.Kind != phh.BetRaise {
		return State{}, fmt.Errorf("action %q: not a betting action (want pN f, pN cc or pN cbr AMOUNT)", action)
	}
	if err := checkAction(a, len(s.Players)); err != nil {
		return State{}, fmt.Errorf("action %q: %v", action, err)
	}
	a.Cards, a.Dash = nil, false
	out := s.Clone()
	out.fillDefaults()
	r, err := replay(&out)
	if err != nil {
		return State{}, err
	}
	if t := r.toAct(); t != a.Player {
		if t < 0 {
			return State{}, fmt.Errorf("action %q: nobody is to act", action)
		}
		return State{}, fmt.Errorf("action %q: p%d (%s) is to act", action, t+1, s.Players[t])
	}
	if a.Kind == phh.Fold && !freeFold && r.run.Legal().CanCheck {
		return State{}, fmt.Errorf("action %q: a check is free, so folding is not offered", action)
	}
	if err := r.apply(a); err != nil {
		return State{}, fieldErr(fmt.Sprintf("actions[%d]", len(out.Actions)), "%q: %v", action, err)
	}
	out.Actions = append(out.Actions, a)
	return out, nil
}

// Deal deals the next board cards (flop, turn or river) when the betting
// round is over, drawn with rng from the cards not yet dealt. Only a server
// state, whose hole cards are all known, can be dealt.
func Deal(s State, rng *rand.Rand) (State, error) {
	if err := s.Validate(); err != nil {
		return State{}, err
	}
	out := s.Clone()
	out.fillDefaults()
	r, err := replay(&out)
	if err != nil {
		return State{}, err
	}
	st := r.status()
	if st.Board == 0 {
		if st.Finished {
			return State{}, fieldErr("actions", "hand %d is over: no board card is due", s.Hand)
		}
		if st.ToAct >= 0 {
			return State{}, fieldErr("actions", "p%d (%s) is to act: no board card is due", st.ToAct+1, s.Players[st.ToAct])
		}
		return State{}, fieldErr("actions", "hand %d is not dealt", s.Hand)
	}
	used := r.used
	for p := range s.Players {
		for _, c := range r.run.Hole(p) {
			if c == cards.None {
				return State{}, fieldErr("actions", "p%d (%s) holds hidden cards: only a server state can be dealt", p+1, s.Players[p])
			}
			used = used.Add(c)
		}
	}
	for _, c := range r.run.Board() {
		used = used.Add(c)
	}
	deck := remaining(used)
	cards.Shuffle(deck, rng)
	dealt := deck[:st.Board]
	out.Actions = append(out.Actions, phh.Action{Kind: phh.DealBoard, Player: phh.Dealer, Cards: dealt})
	return out, nil
}

// remaining returns the cards of the 52-card deck not in used, in order.
func remaining(used cards.Set) []cards.Card {
	d := make([]cards.Card, 0, 52)
	for c := cards.Card(0); c < 52; c++ {
		if !used.Has(c) {
			d = append(d, c)
		}
	}
	return d
}

func seatName(p int) string { return "p" + strconv.Itoa(p+1) }
