package game

import (
	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/genome"
)

// startBetting resets the betting hand over the in-hand players with
// chips: with the forced bets at the start of a hand, or without them
// after the pot was settled. It reports false when fewer than two players
// can bet.
func (s *State) startBetting(forced bool) bool {
	if forced && s.th != nil {
		return s.startTableBetting()
	}
	p := s.prog
	n := int(s.n)
	var stacks, antes, blinds [betting.MaxSeats]chips.Chips
	var in uint16 // seats with chips
	s.betIn = 0
	for q := range n {
		if s.inHand&(1<<q) != 0 && s.stack[q] > 0 {
			k := s.seatOf(q)
			stacks[k] = s.stack[q]
			in |= 1 << k
			s.betIn |= 1 << q
		}
	}
	if popcount16(in) < 2 {
		s.betIn = 0
		return false
	}
	next := func(k int) int {
		for i := 1; i <= n; i++ {
			j := (k + i) % n
			if in&(1<<j) != 0 {
				return j
			}
		}
		return k
	}
	button := s.seatOf(int(s.dealer))
	post := next(button)
	first := post
	var hasAnte, hasBlinds bool
	if forced {
		if p.ante > 0 {
			hasAnte = true
			for k := range n {
				if in&(1<<k) != 0 {
					antes[k] = p.ante
				}
			}
		}
		if p.sb > 0 || p.bb > 0 {
			hasBlinds = true
			sbSeat := next(button)
			if popcount16(in) == 2 && in&(1<<button) != 0 {
				sbSeat = button
			}
			bbSeat := next(sbSeat)
			blinds[sbSeat] = p.sb
			blinds[bbSeat] = p.bb
			if f := betting.FirstAfterLargestBlind(blinds[:n]); f >= 0 {
				first = next((f + n - 1) % n)
			}
		}
	}
	cfg := betting.HandConfig{Stacks: stacks[:n], Button: button, FirstToAct: first, FirstToActPostflop: post}
	if hasAnte {
		cfg.Antes = antes[:n]
	}
	if hasBlinds {
		cfg.Blinds = blinds[:n]
	}
	if err := s.bet.Reset(cfg); err != nil {
		panic("game: betting hand: " + err.Error()) // a bug: the config is built from a valid state
	}
	s.betLive = true
	s.betForced = forced
	s.betRound = -1
	if s.lis != nil {
		for k := range n {
			q := s.playerOf(k)
			if hasAnte && antes[k] > 0 {
				s.emit(Event{Kind: EvForcedBet, Player: int8(q), Target: -1, Zone: ZoneAnte, Amount: min(antes[k], stacks[k])})
			}
		}
		for k := range n {
			q := s.playerOf(k)
			if hasBlinds && blinds[k] > 0 {
				s.emit(Event{Kind: EvForcedBet, Player: int8(q), Target: -1, Zone: ZoneBet, Amount: s.bet.StreetBet(k), To: s.bet.StreetBet(k)})
			}
		}
	}
	return true
}

// startRound begins a betting round.
func (s *State) startRound(ph *phase) {
	if !s.prog.chips {
		s.phaseDone()
		return
	}
	if !s.betLive && !s.startBetting(false) {
		s.phaseDone()
		return
	}
	b := &ph.Betting
	rc := betting.RoundConfig{Structure: structure(b.Structure), MinBet: chips.FromInt(int64(b.MinBet)), MaxRaises: int(b.MaxRaises)}
	if !s.bet.RoundOver() {
		s.phaseDone()
		return
	}
	if err := s.bet.StartRound(rc); err != nil {
		panic("game: betting round: " + err.Error())
	}
	s.betRound = int8(s.bet.Round())
	if s.lis != nil {
		s.emit(Event{Kind: EvRoundStart, Player: -1, Target: -1, Round: s.betRound, Amount: rc.MinBet})
	}
	s.betOffer()
}

// betOffer offers the betting moves of the seat to act.
func (s *State) betOffer() {
	lg := s.bet.Legal()
	if lg.Seat < 0 {
		s.phaseDone()
		return
	}
	q := s.playerOf(lg.Seat)
	l := &s.legal
	l.clear()
	if lg.CanFold {
		l.addFlag(MoveFold)
	}
	if lg.CanCheck {
		l.addFlag(MoveCheck)
	}
	if lg.CanCall {
		l.addFlag(MoveCall)
	}
	if lg.CanBet || lg.CanRaise {
		l.betKind = MoveBet
		if lg.CanRaise {
			l.betKind = MoveRaise
		}
		add := func(a chips.Chips) {
			a = max(lg.MinAmount, min(a, lg.MaxAmount))
			for i := 0; i < int(l.nbets); i++ {
				if l.bets[i] == a {
					return
				}
			}
			l.bets[l.nbets] = a
			l.nbets++
		}
		if lg.MinAmount == lg.MaxAmount || s.bet.Config().Structure == betting.FixedLimit {
			add(lg.MinAmount)
		} else {
			menu := &s.prog.opt.BetMenu
			if menu.MinRaise {
				add(lg.MinAmount)
			}
			call := lg.CallAmount
			pot := s.bet.Pot()
			for _, pct := range menu.PotPercents {
				if pct > 0 {
					a := call + (pot+call)*chips.Chips(pct)/100
					add(a / chips.Scale * chips.Scale)
				}
			}
			if menu.AllIn {
				add(lg.MaxAmount)
			}
			if l.nbets == 0 {
				add(lg.MinAmount)
			}
		}
	}
	s.decide(pdBet, q)
}

func (s *State) doBet(m Move, _ uint8) {
	k := s.bet.ToAct()
	if k < 0 {
		s.phaseDone()
		return
	}
	q := s.playerOf(k)
	var a betting.Action
	switch m.Kind {
	case MoveFold:
		a.Kind = betting.Fold
	case MoveCheck, MovePass:
		a.Kind = betting.Check
		if !s.bet.Legal().CanCheck {
			a.Kind = betting.Fold
		}
	case MoveCall:
		a.Kind = betting.Call
	case MoveBet:
		a = betting.Action{Kind: betting.Bet, Amount: m.Amount}
	case MoveRaise:
		a = betting.Action{Kind: betting.Raise, Amount: m.Amount}
	}
	before := s.bet.Stack(k)
	s.churn++
	s.bet.ApplyUnchecked(a)
	added := before - s.bet.Stack(k)
	to := s.bet.StreetBet(k)
	mk := MoveKind(MoveFold + MoveKind(a.Kind))
	s.logAct(EvBet, q, -1, cards.None, uint8(mk), public, added)
	if a.Kind == betting.Fold {
		if s.lis != nil {
			s.emit(Event{Kind: EvFold, Player: int8(q), Target: -1, Round: s.betRound, Move: MoveFold})
		}
		s.status[q] |= stFolded
		s.inHand &^= 1 << q
		if popcount16(s.inHand) == 1 {
			var str [betting.MaxSeats]uint32
			s.settle(&str)
			s.stage = stgHandEnd
			return
		}
	} else if s.lis != nil {
		s.emit(Event{Kind: EvBet, Player: int8(q), Target: -1, Round: s.betRound, Move: mk, Amount: added, To: to})
	}
	if s.bet.RoundOver() {
		s.phaseDone()
		return
	}
	s.betOffer()
}

// settle ends the betting hand: the uncalled bet goes back and every pot
// is awarded by strength (per seat).
func (s *State) settle(str *[betting.MaxSeats]uint32) {
	if !s.betLive {
		return
	}
	// A showdown may come before the betting is over (a forced bet nobody
	// has called yet): ReturnUncalled then returns nothing and Settle
	// gives the uncalled chips back itself, so the return is found from
	// the stacks and reported before the awards.
	uk, uamt := s.bet.ReturnUncalled()
	var before [betting.MaxSeats]chips.Chips
	if uk < 0 {
		for q := 0; q < int(s.n); q++ {
			if s.betIn&(1<<q) != 0 {
				k := s.seatOf(q)
				before[k] = s.bet.Stack(k)
			}
		}
	}
	var won [betting.MaxSeats]chips.Chips
	s.bet.Settle(str, &won)
	if uk < 0 {
		for q := 0; q < int(s.n); q++ {
			if s.betIn&(1<<q) != 0 {
				k := s.seatOf(q)
				if back := s.bet.Stack(k) - before[k] - won[k]; back > 0 {
					uk, uamt = k, back
				}
			}
		}
	}
	if uk >= 0 && s.lis != nil {
		s.emit(Event{Kind: EvPotAward, Player: int8(s.playerOf(uk)), Target: -1, Zone: ZoneBet, Amount: uamt})
	}
	for q := 0; q < int(s.n); q++ {
		if s.betIn&(1<<q) == 0 {
			continue
		}
		k := s.seatOf(q)
		s.stack[q] = s.bet.Stack(k)
		if won[k] > 0 {
			s.potWon |= 1 << q
			if s.lis != nil {
				s.emit(Event{Kind: EvPotAward, Player: int8(q), Target: -1, Zone: ZoneNone, Amount: won[k]})
			}
		}
	}
	s.betLive = false
	s.betIn = 0
}

// refundPot gives every chip still in the pot back to whoever put it in
// (an EvRefund each, once the stacks are settled).
func (s *State) refundPot() {
	if !s.betLive {
		return
	}
	if s.oneHand && s.deadLeft() {
		var str [betting.MaxSeats]uint32
		s.settle(&str)
		return
	}
	var back [MaxPlayers]chips.Chips
	in := s.betIn
	for q := 0; q < int(s.n); q++ {
		if in&(1<<q) != 0 {
			k := s.seatOf(q)
			back[q] = s.bet.Committed(k)
			s.stack[q] = s.bet.Stack(k) + back[q]
		}
	}
	s.betLive = false
	s.betIn = 0
	if s.lis == nil {
		return
	}
	for q := 0; q < int(s.n); q++ {
		if in&(1<<q) != 0 && back[q] > 0 {
			s.emit(Event{Kind: EvRefund, Player: int8(q), Target: -1, Amount: back[q]})
		}
	}
}

// structure maps a genome betting structure to engine/betting's.
func structure(b genome.BetStructure) betting.Structure {
	switch b {
	case genome.PotLimit:
		return betting.PotLimit
	case genome.NoLimit:
		return betting.NoLimit
	}
	return betting.FixedLimit
}
