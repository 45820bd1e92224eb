package stats

// Recording an action: opportunities, attempts and defences.

import (
	"fmt"

	"github.com/deckforge/deckforge/engine/chips"
)

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
