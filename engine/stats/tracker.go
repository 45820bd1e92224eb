package stats

import (
	"errors"
	"fmt"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
)

// MaxSeats is the largest number of seats a Tracker follows.
const MaxSeats = 10

// Kind is the kind of a betting action: engine/betting's, the one action
// kind of deckforge. Going all-in is not a kind: the Tracker sees it from
// the stacks.
type Kind = betting.Kind

// The action kinds, as engine/betting names them.
const (
	Fold  = betting.Fold
	Check = betting.Check
	Call  = betting.Call
	Bet   = betting.Bet
	Raise = betting.Raise
)

// Action is one player's betting decision.
type Action struct {
	Seat int
	Kind Kind
	// To is, for Bet and Raise, the player's total bet in the round after
	// the action (raise-to). The chips added are To minus the player's bet
	// so far. Fold, Check and Call ignore it: a call adds the gap to the
	// table bet, or the whole stack when that is smaller.
	To chips.Chips
}

// Setup describes the start of a hand. Index i of every slice is seat i in
// table order: play goes by increasing index and wraps.
type Setup struct {
	// Stacks are the chips of each seat before antes and blinds, 2 to
	// MaxSeats entries. A seat with 0 sits out: it has no position and no
	// stats for the hand.
	Stacks []chips.Chips
	// Antes are dead money posted first (nil: none).
	Antes []chips.Chips
	// Blinds are the live forced bets of the first round, blinds and
	// straddles (nil: none). The largest sets the first raise increment.
	// A player whose stack does not cover its forced bets posts it all.
	Blinds []chips.Chips
	// Button is the button seat. Positions count from the first seat after
	// it that is dealt in (0, acts first after the first round) to the
	// button (acts last). Heads-up the button is the small blind.
	Button int
	// BigBlind is the unit of the results in big blinds; 0 means the
	// largest blind, or when there are none the first round's MinBet.
	BigBlind chips.Chips
	// DeadMoney is extra dead chips already in the pot (dead blinds).
	DeadMoney chips.Chips
}

// RoundConfig describes one betting round.
type RoundConfig struct {
	// MinBet is the smallest full opening bet, and the first full raise
	// increment of a round with no blinds. In the first round the largest
	// blind sets the increment when there are blinds. 0 means the largest
	// blind, else the previous round's MinBet, else one hundredth of a chip.
	MinBet chips.Chips
	// MaxRaises caps the raises of the round, all-in raises included, as
	// engine/betting counts them (the opening bet or the blind is not a
	// raise); 0 means no cap.
	MaxRaises int
	// Structure is the round's betting structure. Under FixedLimit the
	// first round's raise increment is MinBet; otherwise it is the larger
	// of MinBet and the largest blind (engine/betting's minimum).
	Structure betting.Structure
}

// Errors of the Tracker; the returned errors wrap them with details.
var (
	ErrState  = errors.New("stats: event out of order")
	ErrSetup  = errors.New("stats: invalid setup")
	ErrAction = errors.New("stats: invalid action")
)

// aggression is one bet or raise: who made it and as which maneuvers.
type aggression struct {
	seat int8 // -1: none
	set  mset // the maneuvers it attempted
	ip   mset // the attempts that were in position
}

var noAggression = aggression{seat: -1}

// Per-seat hand flags.
const (
	fSuccess uint8 = 1 << iota
	fShowdown
	fAggressor
	fAggressorIP
	fHandsIP
	fHandsOOP
)

// Tracker follows one hand at a time and counts each player's stats for it.
// Feed it OnHandStart, then for every betting round OnRoundStart and the
// round's actions in order, then OnHandEnd. After OnHandEnd the hand's
// counts can be read (Count, Record) or added up (AddTo, Aggregator.Add)
// until the next OnHandStart.
//
// A Tracker is a value of fixed-size arrays: the zero value is ready, and
// feeding a hand allocates nothing (only an invalid event builds an error).
// Its size is about 16 KB: keep one per goroutine and reuse it.
type Tracker struct {
	n     int // seats
	state uint8
	pos   [MaxSeats]int8 // position after the first round; -1 sitting out
	in    uint16         // dealt in

	stack, bet, committed [MaxSeats]chips.Chips
	ante                  [MaxSeats]chips.Chips // antes posted (dead money, never returned)
	actedAt               [MaxSeats]chips.Chips // the seat's street bet after its last action
	folded, allin         uint16
	acted, checked        uint16

	hasBlinds    bool
	blinds       uint16 // the seats that posted the small and big blind
	btn, co, sb  int8   // the seats of those positions, -1 if none
	largestBlind chips.Chips
	unit         chips.Chips // result unit (big blind)
	minBet       chips.Chips
	dead         chips.Chips

	round     int
	tableBet  chips.Chips
	fullInc   chips.Chips // the last full raise increment
	raises    int
	maxRaises int
	structure betting.Structure
	aggs      int // aggressions this round
	first     aggression
	live      aggression

	entered  bool   // first round: someone called or raised
	callers  uint16 // first round: callers of the open raise
	roundAgg [4]int8
	prevAgg  int8 // the last aggressor of the previous round
	curAgg   int8 // the last aggressor of this round
	lastAgg  int8 // the last aggressor of the hand so far
	pfa      int8
	cbettor  int8
	floatVs  [MaxSeats]int8 // this round: the aggressor each seat floated
	prevFl   [MaxSeats]int8 // the previous round's floats

	pending   bool // a cutoff steal_strict opportunity awaits the button's answer
	pendAtt   bool // … and the cutoff raised
	handAgg   int8 // the hand's last aggressor
	handAggIP bool

	flags     [MaxSeats]uint8
	net       [MaxSeats]chips.Chips
	known     bool // the results are known
	showdown  bool
	secondRnd bool // two or more players were left after the first round

	cnt    [MaxSeats][NumStats]uint32
	dirty  [MaxSeats * int(NumStats)]uint16 // seat<<dirtyShift | stat of each non-zero count
	ndirty int
}

// A dirty entry holds a seat and a stat.
const (
	dirtyShift = 12
	dirtyMask  = 1<<dirtyShift - 1
)

// The stats must fit below dirtyShift bits.
var _ [dirtyMask - int(NumStats)]struct{}

const (
	stIdle uint8 = iota
	stDealt
	stRound
	stDone
)

// inc adds one to a seat's stat.
func (t *Tracker) inc(seat int, s Stat) {
	c := &t.cnt[seat][s]
	if *c == 0 {
		t.dirty[t.ndirty] = uint16(seat)<<dirtyShift | uint16(s)
		t.ndirty++
	}
	*c++
}

// OnHandStart begins a hand: it posts antes and blinds and clears the
// previous hand's counts.
func (t *Tracker) OnHandStart(s *Setup) error {
	n := len(s.Stacks)
	if n < 2 || n > MaxSeats {
		return fmt.Errorf("%w: %d seats (want 2 to %d)", ErrSetup, n, MaxSeats)
	}
	if s.Antes != nil && len(s.Antes) != n {
		return fmt.Errorf("%w: %d antes for %d seats", ErrSetup, len(s.Antes), n)
	}
	if s.Blinds != nil && len(s.Blinds) != n {
		return fmt.Errorf("%w: %d blinds for %d seats", ErrSetup, len(s.Blinds), n)
	}
	if s.Button < 0 || s.Button >= n {
		return fmt.Errorf("%w: button seat %d out of range", ErrSetup, s.Button)
	}
	if s.BigBlind < 0 || s.DeadMoney < 0 {
		return fmt.Errorf("%w: negative big blind or dead money", ErrSetup)
	}
	dealt := 0
	for i := 0; i < n; i++ {
		if s.Stacks[i] < 0 {
			return fmt.Errorf("%w: seat %d: negative stack %v", ErrSetup, i, s.Stacks[i])
		}
		var a, b chips.Chips
		if s.Antes != nil {
			a = s.Antes[i]
		}
		if s.Blinds != nil {
			b = s.Blinds[i]
		}
		if a < 0 || b < 0 {
			return fmt.Errorf("%w: seat %d: negative forced bet", ErrSetup, i)
		}
		if s.Stacks[i] == 0 && (a > 0 || b > 0) {
			return fmt.Errorf("%w: seat %d sits out but owes a forced bet", ErrSetup, i)
		}
		if s.Stacks[i] > 0 {
			dealt++
		}
	}
	if dealt < 2 {
		return fmt.Errorf("%w: %d seats dealt in (want at least 2)", ErrSetup, dealt)
	}

	// Clear the previous hand's counts.
	for _, d := range t.dirty[:t.ndirty] {
		t.cnt[d>>dirtyShift][d&dirtyMask] = 0
	}
	t.ndirty = 0

	t.n = n
	t.in, t.folded, t.allin, t.acted, t.checked = 0, 0, 0, 0, 0
	t.largestBlind, t.hasBlinds = 0, false
	for i := 0; i < n; i++ {
		t.pos[i] = -1
		t.stack[i], t.bet[i], t.committed[i], t.actedAt[i], t.ante[i] = s.Stacks[i], 0, 0, 0, 0
		t.flags[i], t.net[i] = 0, 0
		t.floatVs[i], t.prevFl[i] = -1, -1
		if s.Stacks[i] == 0 {
			t.folded |= 1 << i
			continue
		}
		t.in |= 1 << i
		if s.Antes != nil {
			t.post(i, s.Antes[i], false)
		}
		if s.Blinds != nil && s.Blinds[i] > 0 {
			t.hasBlinds = true
			t.largestBlind = max(t.largestBlind, s.Blinds[i])
			t.post(i, s.Blinds[i], true)
		}
	}
	// Positions: the first seat dealt in after the button is 0.
	var seatAt [MaxSeats]int8
	p := int8(0)
	for k := 1; k <= n; k++ {
		i := (s.Button + k) % n
		if t.in&(1<<i) != 0 {
			t.pos[i] = p
			seatAt[p] = int8(i)
			p++
		}
	}
	// The blinds are the first two positions when they posted a blind (a
	// missed small blind leaves one); straddles further on are no blinds.
	t.btn, t.co, t.sb, t.blinds = seatAt[p-1], -1, -1, 0
	if t.hasBlinds {
		for q := 0; q < 2; q++ {
			if t.bet[seatAt[q]] > 0 {
				t.blinds |= 1 << seatAt[q]
			}
		}
		if p >= 3 && t.bet[seatAt[0]] > 0 {
			t.sb = seatAt[0]
		}
		if p >= 4 {
			t.co = seatAt[p-2]
		}
	}
	t.tableBet = 0
	for i := 0; i < n; i++ {
		t.tableBet = max(t.tableBet, t.bet[i])
	}
	t.unit = s.BigBlind
	if t.unit == 0 {
		t.unit = t.largestBlind
	}
	t.minBet = 0
	t.dead = s.DeadMoney
	t.round = -1
	t.entered, t.callers = false, 0
	t.roundAgg = [4]int8{-1, -1, -1, -1}
	t.prevAgg, t.curAgg, t.lastAgg, t.pfa, t.cbettor, t.handAgg = -1, -1, -1, -1, -1, -1
	t.handAggIP, t.pending, t.pendAtt = false, false, false
	t.known, t.showdown, t.secondRnd = false, false, false
	t.state = stDealt
	return nil
}

// post puts a forced bet in: a blind is a live street bet, an ante is not.
func (t *Tracker) post(i int, amt chips.Chips, live bool) {
	amt = min(amt, t.stack[i])
	t.stack[i] -= amt
	t.committed[i] += amt
	if live {
		t.bet[i] += amt
	} else {
		t.ante[i] += amt
	}
	if t.stack[i] == 0 {
		t.allin |= 1 << i
	}
}

// OnRoundStart begins the next betting round: the first call begins round 0
// (the preflop of the spec), later calls the later rounds (the streets).
func (t *Tracker) OnRoundStart(rc RoundConfig) error {
	if t.state != stDealt && t.state != stRound {
		return fmt.Errorf("%w: round start outside a hand", ErrState)
	}
	if rc.MinBet < 0 || rc.MaxRaises < 0 {
		return fmt.Errorf("%w: negative min bet or max raises", ErrSetup)
	}
	if rc.MinBet > 0 {
		t.minBet = rc.MinBet
	} else if t.minBet == 0 {
		t.minBet = max(t.largestBlind, 1)
	}
	if t.unit == 0 {
		t.unit = t.minBet
	}
	if t.round == 0 {
		t.endFirstRound()
	}
	t.round++
	t.maxRaises = rc.MaxRaises
	t.structure = rc.Structure
	t.raises, t.aggs = 0, 0
	t.first, t.live = noAggression, noAggression
	t.acted, t.checked = 0, 0
	if t.round == 0 {
		t.fullInc = t.minBet
		if rc.Structure != betting.FixedLimit {
			t.fullInc = max(t.minBet, t.largestBlind)
		}
	} else {
		t.fullInc = t.minBet
		t.prevAgg = t.curAgg
		t.curAgg = -1
		t.tableBet = 0
		for i := 0; i < t.n; i++ {
			t.bet[i], t.actedAt[i] = 0, 0
			t.prevFl[i], t.floatVs[i] = t.floatVs[i], -1
		}
	}
	t.state = stRound
	return nil
}

// endFirstRound settles what the first round decides: the pending
// behind-seat steal, the preflop aggressor, and the positions of the
// players still in.
func (t *Tracker) endFirstRound() {
	t.resolveSteal(false)
	t.pfa = t.roundAgg[0]
	left := t.in &^ t.folded
	if popcount(left) < 2 {
		return
	}
	t.secondRnd = true
	last := -1
	for i := 0; i < t.n; i++ {
		if left&(1<<i) != 0 && (last < 0 || t.pos[i] > t.pos[last]) {
			last = i
		}
	}
	for i := 0; i < t.n; i++ {
		if left&(1<<i) == 0 {
			continue
		}
		if i == last {
			t.flags[i] |= fHandsIP
			t.inc(i, HandsIP)
		} else {
			t.flags[i] |= fHandsOOP
			t.inc(i, HandsOOP)
		}
	}
}

func popcount(x uint16) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// active reports whether seat i can still act: dealt in, not folded, not
// all-in.
func (t *Tracker) active(i int) bool {
	return (t.folded|t.allin)&(1<<i) == 0
}

// otherActive reports whether a seat other than p can still act.
func (t *Tracker) otherActive(p int) bool {
	return (t.in&^(t.folded|t.allin))&^(1<<p) != 0
}

// otherCanRespond reports whether a seat other than p can still act and
// has chips beyond the table bet, so that a raise would ask something of it.
func (t *Tracker) otherCanRespond(p int) bool {
	m := (t.in &^ (t.folded | t.allin)) &^ (1 << p)
	for i := 0; m != 0; i++ {
		if m&(1<<i) != 0 {
			if t.stack[i]+t.bet[i] > t.tableBet {
				return true
			}
			m &^= 1 << i
		}
	}
	return false
}

// lastToAct reports whether p comes after every other seat that can still
// act, in the order of the rounds after the first (the projected order in
// the first round).
func (t *Tracker) lastToAct(p int) bool {
	m := (t.in &^ (t.folded | t.allin)) &^ (1 << p)
	for i := 0; m != 0; i++ {
		if m&(1<<i) != 0 {
			if t.pos[i] > t.pos[p] {
				return false
			}
			m &^= 1 << i
		}
	}
	return true
}

// behind reports whether p acts after q (pairwise position).
func (t *Tracker) behind(p, q int) bool { return t.pos[p] > t.pos[q] }

// canRaise reports whether p may bet or raise now: another player can
// still act and has chips beyond the table bet, p has more than the call, the round's raise cap is not
// reached, and betting is open for p. Betting is closed for a player who
// already acted in the round unless the table bet rose by at least the last
// full raise increment since (consecutive short all-ins add up).
func (t *Tracker) canRaise(p int) bool {
	if !t.otherCanRespond(p) || t.stack[p] <= t.tableBet-t.bet[p] {
		return false
	}
	if t.tableBet == 0 {
		return true
	}
	if t.maxRaises > 0 && t.raises >= t.maxRaises {
		return false
	}
	return t.acted&(1<<p) == 0 || t.tableBet-t.actedAt[p] >= t.fullInc
}

// OnAction records one action.
func (t *Tracker) OnAction(a Action) error {
	if t.state != stRound {
		return fmt.Errorf("%w: action outside a betting round", ErrState)
	}
	p := a.Seat
	if p < 0 || p >= t.n {
		return fmt.Errorf("%w: seat %d out of range", ErrAction, p)
	}
	if !t.active(p) {
		return fmt.Errorf("%w: seat %d cannot act (folded, all-in or sitting out)", ErrAction, p)
	}
	facing := t.bet[p] < t.tableBet
	switch a.Kind {
	case Fold, Call:
	case Check:
		if facing {
			return fmt.Errorf("%w: seat %d checks facing a bet", ErrAction, p)
		}
	case Bet, Raise:
		if a.To <= t.tableBet {
			return fmt.Errorf("%w: seat %d %s to %v, not above the table bet %v", ErrAction, p, a.Kind, a.To, t.tableBet)
		}
		if a.To-t.bet[p] > t.stack[p] {
			return fmt.Errorf("%w: seat %d %s to %v, more than its stack", ErrAction, p, a.Kind, a.To)
		}
	default:
		return fmt.Errorf("%w: seat %d: unknown kind %d", ErrAction, p, a.Kind)
	}
	if a.Kind == Call && !facing {
		a.Kind = Check
	}
	aggressive := a.Kind == Bet || a.Kind == Raise

	// Opportunities, with the side of each.
	opp, ip := t.opportunities(p, facing)
	var att mset
	allIn := aggressive && a.To-t.bet[p] == t.stack[p]
	switch {
	case aggressive:
		att = opp & raiseManeuvers
		if !allIn {
			att &^= shoveManeuvers
		}
	case a.Kind == Call:
		att = opp & bit(Float)
	}
	for set := opp; set != 0; set &= set - 1 {
		m := set.first()
		if m == StealStrict && int8(p) == t.co {
			// The side waits for the button's answer.
			t.pending, t.pendAtt = true, att.has(m)
			continue
		}
		side := OOP
		if ip.has(m) {
			side = IP
		}
		t.inc(p, maneuverStats[m][side][Opportunities])
		if att.has(m) {
			t.inc(p, maneuverStats[m][side][Attempts])
		}
	}

	// Non-positional first-round counters.
	if t.round == 0 && t.aggs == 0 {
		// A limp is a call of the blind by the first player in.
		if facing && !t.entered && t.stack[p] >= t.tableBet-t.bet[p] {
			t.inc(p, LimpOpportunities)
			if a.Kind == Call {
				t.inc(p, Limps)
			}
		}
		if t.canRaise(p) {
			t.inc(p, PreflopRaiseOpportunities)
			if aggressive {
				t.inc(p, PreflopRaises)
			}
		}
	}

	// Defender records: p against the round's last aggression.
	if facing && t.live.seat >= 0 && int(t.live.seat) != p {
		q := int(t.live.seat)
		side := OOP
		if t.behind(p, q) {
			side = IP
		}
		t.inc(p, TotalChallenges)
		if side == IP {
			t.inc(p, ChallengesInPosition)
		}
		if a.Kind == Fold {
			t.inc(p, ChallengeFolds)
		}
		out := Continues
		if a.Kind == Fold {
			out = Folds
		}
		defended := t.live.set & defenderManeuvers
		if t.blinds&(1<<p) == 0 {
			defended &^= bit(Steal) // blinds-centric: only the blinds defend a steal
		}
		for set := defended; set != 0; set &= set - 1 {
			m := set.first()
			t.inc(p, maneuverStats[m][side][Challenges])
			t.inc(p, maneuverStats[m][side][out])
		}
	}

	// The button answers a cutoff's open: behind-seat steal side.
	if t.pending && int8(p) == t.btn && t.round == 0 {
		t.resolveSteal(a.Kind == Fold)
	}

	// Apply the action.
	if aggressive {
		genericIP := t.lastToAct(p)
		t.inc(p, Aggressions)
		if genericIP {
			t.inc(p, AggressionsInPosition)
		}
		agg := aggression{seat: int8(p), set: att, ip: ip & att}
		if t.aggs == 0 {
			t.first = agg
		}
		t.live = agg
		t.aggs++
		if t.round < len(t.roundAgg) {
			t.roundAgg[t.round] = int8(p)
		}
		t.curAgg, t.lastAgg = int8(p), int8(p)
		t.handAgg, t.handAggIP = int8(p), genericIP
		if t.round == 1 && att.has(Cbet) {
			t.cbettor = int8(p)
		}
		if t.round == 0 {
			t.entered = true
			t.callers = 0
		}
		if t.tableBet > 0 {
			t.raises++ // every raise counts toward the cap, all-in ones too
		}
		if inc := a.To - t.tableBet; inc >= t.fullInc {
			t.fullInc = inc
		}
		t.put(p, a.To-t.bet[p])
		t.tableBet = a.To
	} else {
		switch a.Kind {
		case Fold:
			t.folded |= 1 << p
		case Check:
			t.checked |= 1 << p
		case Call:
			if att.has(Float) {
				t.floatVs[p] = t.live.seat
			}
			if t.round == 0 {
				t.entered = true
				if t.aggs == 1 {
					t.callers |= 1 << p
				}
			}
			t.put(p, min(t.tableBet-t.bet[p], t.stack[p]))
		}
	}
	t.acted |= 1 << p
	t.actedAt[p] = t.bet[p]
	return nil
}

// put moves chips from p's stack into its bet.
func (t *Tracker) put(p int, amt chips.Chips) {
	t.stack[p] -= amt
	t.bet[p] += amt
	t.committed[p] += amt
	if t.stack[p] == 0 {
		t.allin |= 1 << p
	}
}

// opportunities returns the maneuvers p could make now and, among them,
// those it would make in position.
func (t *Tracker) opportunities(p int, facing bool) (opp, ip mset) {
	add := func(m Maneuver, inPos bool) {
		opp |= bit(m)
		if inPos {
			ip |= bit(m)
		}
	}
	if t.round == 0 {
		if !t.canRaise(p) || (t.aggs > 0 && int(t.live.seat) == p) {
			return 0, 0
		}
		switch t.aggs {
		case 0:
			add(OpenShove, t.lastToAct(p))
			if t.hasBlinds && !t.entered && (int8(p) == t.co || int8(p) == t.btn || int8(p) == t.sb) {
				inPos := true
				for b := 0; b < t.n; b++ {
					if t.blinds&(1<<b) != 0 && b != p && !t.behind(p, b) {
						inPos = false
					}
				}
				add(Steal, inPos)
				add(StealStrict, int8(p) == t.btn) // the cutoff's side waits
			}
			return opp, ip
		case 1:
			q := int(t.live.seat)
			inPos := t.behind(p, q)
			add(ThreeBet, inPos)
			if callers := t.callers &^ (1 << p); callers != 0 {
				add(Squeeze, inPos)
				strict := inPos
				for c := 0; c < t.n; c++ {
					if callers&(1<<c) != 0 && !t.behind(p, c) {
						strict = false
					}
				}
				add(SqueezeStrict, strict)
			}
		case 2:
			add(FourBet, t.behind(p, int(t.live.seat)))
		case 3:
			add(FiveBet, t.behind(p, int(t.live.seat)))
		}
		add(Shove, t.behind(p, int(t.live.seat)))
		return opp, ip
	}

	// Later rounds.
	if t.aggs == 0 {
		if !t.otherActive(p) {
			return 0, 0
		}
		last := t.lastToAct(p)
		add(OpenShove, last)
		p8 := int8(p)
		switch {
		case t.round == 1 && p8 == t.pfa:
			add(Cbet, last)
		case t.round == 2 && p8 == t.pfa && t.roundAgg[1] < 0:
			add(DelayedCbet, last)
		}
		if t.round == 2 && p8 == t.cbettor && t.roundAgg[1] == p8 {
			add(DoubleBarrel, last)
		}
		if t.round == 3 && p8 == t.cbettor && t.roundAgg[1] == p8 && t.roundAgg[2] == p8 {
			add(TripleBarrel, last)
		}
		if x := int(t.prevAgg); x >= 0 && x != p && t.active(x) {
			if t.pos[p] < t.pos[x] {
				add(DonkBet, false)
			} else if t.round >= 2 && int(t.prevFl[p]) == x && t.checked&(1<<x) != 0 {
				add(FloatBet, true)
			}
		}
		if x := int(t.lastAgg); t.round >= 2 && t.prevAgg < 0 && x >= 0 && x != p && t.active(x) && t.pos[p] < t.pos[x] {
			add(ProbeBet, false)
		}
		return opp, ip
	}
	if !facing || int(t.live.seat) == p {
		return 0, 0
	}
	if x := int(t.prevAgg); t.aggs == 1 && x >= 0 && int(t.first.seat) == x && t.behind(p, x) {
		add(Float, true)
	}
	if !t.canRaise(p) {
		return opp, ip
	}
	shoveIP := t.behind(p, int(t.live.seat))
	switch {
	case t.aggs == 1 && t.first.set.has(Cbet):
		shoveIP = t.behind(p, int(t.first.seat))
		add(RaiseVsCbet, shoveIP)
	case t.aggs == 1:
		shoveIP = t.behind(p, int(t.first.seat))
		add(RaiseVsBet, shoveIP)
	case t.checked&(1<<p) != 0:
		shoveIP = false
	}
	if t.checked&(1<<p) != 0 {
		add(CheckRaise, false)
	}
	add(Shove, shoveIP)
	return opp, ip
}

// resolveSteal counts the cutoff's pending behind-seat steal opportunity:
// in position when the button folded to it.
func (t *Tracker) resolveSteal(btnFolded bool) {
	if !t.pending {
		return
	}
	t.pending = false
	side := OOP
	if btnFolded {
		side = IP
	}
	co := int(t.co)
	t.inc(co, maneuverStats[StealStrict][side][Opportunities])
	if t.pendAtt {
		t.inc(co, maneuverStats[StealStrict][side][Attempts])
		if t.live.seat == t.co && t.live.set.has(StealStrict) && side == IP {
			t.live.ip |= bit(StealStrict)
		}
	}
}

// OnHandEnd ends the hand. collected[i] is what seat i collected from the
// pots (not counting its own uncalled bet returned to it); nil means
// unknown, which is enough when all but one player folded (the last one
// collects everything) but leaves the results of a showdown unknown.
func (t *Tracker) OnHandEnd(collected []chips.Chips) error {
	if t.state != stRound {
		return fmt.Errorf("%w: hand end before any betting round", ErrState)
	}
	if collected != nil && len(collected) != t.n {
		return fmt.Errorf("%w: %d collected amounts for %d seats", ErrSetup, len(collected), t.n)
	}
	if t.round == 0 {
		t.endFirstRound()
	}
	t.resolveSteal(false)
	left := t.in &^ t.folded
	// The uncalled top layer of the live bets goes back to its owner;
	// antes are dead money and never returned.
	top, second := -1, chips.Chips(0)
	for i := 0; i < t.n; i++ {
		if top < 0 || t.committed[i]-t.ante[i] > t.committed[top]-t.ante[top] {
			top = i
		}
	}
	pot := t.dead
	for i := 0; i < t.n; i++ {
		pot += t.committed[i]
		if i != top {
			second = max(second, t.committed[i]-t.ante[i])
		}
	}
	returned := t.committed[top] - t.ante[top] - second
	if t.folded&(1<<top) != 0 {
		returned = 0 // a folded player's chips stay in the pot
	}
	pot -= returned

	winner := -1
	if popcount(left) == 1 {
		for i := 0; i < t.n; i++ {
			if left&(1<<i) != 0 {
				winner = i
			}
		}
	} else {
		t.showdown = true
	}
	t.known = collected != nil || winner >= 0
	for i := 0; i < t.n; i++ {
		if t.in&(1<<i) == 0 {
			continue
		}
		t.inc(i, Hands)
		var got chips.Chips
		switch {
		case collected != nil:
			if collected[i] < 0 {
				return fmt.Errorf("%w: seat %d collected %v", ErrSetup, i, collected[i])
			}
			got = collected[i]
		case i == winner:
			got = pot
		}
		if got > 0 || i == winner {
			// The last player standing wins the pot, even one holding
			// only its own returned bet (no forced bets).
			t.flags[i] |= fSuccess
			t.inc(i, Success)
		}
		if t.showdown && left&(1<<i) != 0 {
			t.flags[i] |= fShowdown
			t.inc(i, Showdowns)
		}
		t.net[i] = got - t.committed[i]
		if i == top {
			t.net[i] += returned
		}
	}
	if h := int(t.handAgg); h >= 0 {
		t.flags[h] |= fAggressor
		t.inc(h, Aggressor)
		if t.handAggIP {
			t.flags[h] |= fAggressorIP
			t.inc(h, AggressorInPosition)
		}
	}
	// Takedown: everyone folded to the round's last aggression.
	if w := int(t.live.seat); winner >= 0 && w == winner {
		t.inc(w, AggressionTakedowns)
		for set := t.live.set & takedownManeuvers; set != 0; set &= set - 1 {
			m := set.first()
			side := OOP
			if t.live.ip.has(m) {
				side = IP
			}
			t.inc(w, maneuverStats[m][side][Takedowns])
		}
	}
	t.state = stDone
	return nil
}
