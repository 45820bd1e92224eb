package game

import (
	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/genome"
)

// reset starts a new game.
// A table hand (th not nil, see ResetHand) deals th's seats with chips
// only and is the game's one hand.
func (s *State) reset(p *Program, players int, st *Start, seed1, seed2 uint64, th *betting.HandConfig) {
	lis := s.lis
	*s = State{}
	s.lis = lis
	s.prog = p
	s.n = int8(players)
	s.rng = seed1 ^ seed2<<1
	s.dealer = int8(st.Dealer)
	s.lastWinner = -1
	for i := range players {
		s.stack[i] = p.startChips
		if st.Stacks != nil {
			s.stack[i] = st.Stacks[i]
		}
		if !p.chips {
			s.stack[i] = 0
		}
	}
	s.init = s.stack
	if th != nil {
		s.oneHand, s.th = true, th
		for i := range players {
			if s.stack[i] <= 0 {
				s.elim |= 1 << i
				s.status[i] |= stElim
			}
		}
	}
	s.stage = stgHandStart
	deck := st.Deck
	s.stacked = deck != nil
	// deck[0] is dealt first: it goes on top of the stock.
	for i, c := range deck {
		s.stock[len(deck)-1-i] = c
	}
	s.run()
	s.th = nil
}

// apply plays a chosen move and runs on to the next decision.
func (s *State) apply(m Move) {
	s.decisions++
	s.do(m)
	s.run()
}

// run advances the game until a player must choose or the game is over.
func (s *State) run() {
	for {
		switch s.stage {
		case stgDecide:
			if s.legal.n > 1 {
				s.toMove = s.decider
				return
			}
			if s.legal.n == 1 {
				s.do(s.legal.at(0))
			} else {
				s.do(Pass())
			}
		case stgOver:
			s.toMove = -1
			s.legal.clear()
			s.pend = pdNone
			return
		case stgHandStart:
			s.startHand()
		case stgPhase:
			s.beginPhase()
		case stgActor:
			s.nextActor()
		case stgPhaseEnd:
			s.endPhase()
		case stgHandEnd:
			s.endHand()
		}
	}
}

// decide sets up a pending decision of player who; the legal set is
// already filled.
func (s *State) decide(pd uint8, who int) {
	s.legal.count()
	s.pend = pd
	s.decider = int8(who)
	s.stage = stgDecide
}

// do executes move m of the pending decision.
func (s *State) do(m Move) {
	pd := s.pend
	s.pend = pdNone
	s.stage = stgActor // handlers override
	if pd != pdNone {
		decisions[pd].apply(s, m, pd)
	}
}

func (s *State) beginPhase() {
	p := s.prog
	if int(s.pc) >= len(p.phases) {
		s.stage = stgHandEnd
		return
	}
	if int(s.pc) == p.cycStart && p.cycStart < p.cycEnd && !s.inCycle && !s.cycleDone {
		s.inCycle = true
		if !s.cycleSet && p.g.Turns.FirstPlayer == genome.FirstHolderOfCard {
			s.cycleSet = true
			if h := s.holder(p.g.Turns.FirstCard); h >= 0 {
				s.cur = int8(h)
			}
		}
		s.turnPlayer = s.cur
	}
	ph := &p.phases[s.pc]
	s.stage = stgPhaseEnd
	phaseKinds[ph.Kind].begin(s, ph)
}

// setActors lists the actors of the phase and goes to the first.
func (s *State) setActors(a genome.Actor) {
	s.nact, s.iact = 0, 0
	cur := int(s.cur)
	if a == genome.ActorCurrentPlayer {
		if cur >= 0 && s.inHand&(1<<cur) != 0 {
			s.actOrder[0] = int8(cur)
			s.nact = 1
		}
	} else {
		q := s.firstFrom(s.inHand, cur)
		for i := 0; q >= 0 && i < int(s.n); i++ {
			if s.inHand&(1<<q) != 0 {
				s.actOrder[s.nact] = int8(q)
				s.nact++
			}
			q = s.step(q)
		}
	}
	s.stage = stgActor
}

// nextActor starts the next actor's part of the phase.
func (s *State) nextActor() {
	for s.iact < s.nact {
		a := int(s.actOrder[s.iact])
		s.iact++
		if s.inHand&(1<<a) == 0 {
			continue
		}
		s.actor = int8(a)
		ph := &s.prog.phases[s.pc]
		phaseKinds[ph.Kind].actor(s, ph)
		return
	}
	s.stage = stgPhaseEnd
}

// actorDone ends the current actor's step.
func (s *State) actorDone() {
	s.stage = stgActor
	s.checkAtOnce()
}

// phaseDone ends a whole-phase step (trick, betting round, deal).
func (s *State) phaseDone() {
	s.stage = stgPhaseEnd
	s.checkAtOnce()
}

func (s *State) endPhase() {
	p := s.prog
	if s.passing {
		s.passing = false
		s.movePasses()
		if s.checkAtOnce(); s.stage == stgOver {
			return
		}
	}
	s.pc++
	s.stage = stgPhase
	if s.inCycle && int(s.pc) == p.cycEnd {
		s.endTurn()
	}
}

// endTurn ends a pass through the cycle.
func (s *State) endTurn() {
	p := s.prog
	s.turnsDone++
	s.handTurns++
	if s.churn == s.lastChurn {
		s.idle++
	} else {
		s.idle, s.lastChurn = 0, s.churn
	}
	if s.turnsDone >= p.maxTurns || (int(s.idle) >= 2*int(s.n) && !p.turnTests) {
		// Turns.MaxTurns, or a stalemate: 2n turns in a row moved no card
		// and no chip, and nothing looks at the turn number, so the game
		// would repeat these turns until MaxTurns.
		s.maxed = true
		s.limit = EndStalemate
		if s.turnsDone >= p.maxTurns {
			s.limit = EndTurnLimit
		}
		s.stage = stgHandEnd
		return
	}
	if s.inHand == 0 {
		s.stage = stgHandEnd
		return
	}
	cur := int(s.turnPlayer) // the player who had the turn
	if s.holds(p.untilB, cur) {
		s.inCycle, s.cycleDone = false, true
		return // pc = cycEnd: the phases after the cycle
	}
	switch {
	case s.trickWinner >= 0 && s.inHand&(1<<s.trickWinner) != 0:
		cur = int(s.trickWinner)
	case s.extra && s.inHand&(1<<cur) != 0:
	default:
		cur = s.nextTurn(cur)
	}
	s.trickWinner, s.extra = -1, false
	if cur < 0 {
		s.stage = stgHandEnd
		return
	}
	s.cur = int8(cur)
	s.turnPlayer = s.cur
	s.pc = int8(p.cycStart)
}

// nextTurn returns the next in-hand player after p who does not have to
// skip (skipping clears the flag).
func (s *State) nextTurn(p int) int {
	if s.skip == 0 {
		if q := s.nextIn(s.inHand, p); q >= 0 {
			return q
		}
	}
	for range 2 * int(s.n) {
		q := s.nextIn(s.inHand, p)
		if q < 0 {
			if s.inHand&(1<<p) != 0 {
				return p
			}
			return -1
		}
		if s.skip&(1<<q) == 0 {
			return q
		}
		s.skip &^= 1 << q
		if s.lis != nil {
			s.emit(Event{Kind: EvSkip, Player: int8(q), Target: -1})
		}
		p = q
	}
	return s.nextIn(s.inHand, p)
}
