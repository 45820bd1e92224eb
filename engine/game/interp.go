package game

import (
	"math/bits"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/genome"
)

func popcount16(x uint16) int { return bits.OnesCount16(x) }

// reset starts a new game.
func (s *State) reset(p *Program, players int, st *Start, seed1, seed2 uint64) {
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
	s.stage = stgHandStart
	deck := st.Deck
	s.stacked = deck != nil
	// deck[0] is dealt first: it goes on top of the stock.
	for i, c := range deck {
		s.stock[len(deck)-1-i] = c
	}
	s.run()
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
	switch pd {
	case pdDraw:
		s.doDraw(m)
	case pdPlay, pdPlayDrawn:
		s.doPlay(m, pd)
	case pdDiscard:
		s.doDiscard(m)
	case pdTrick:
		s.doTrick(m)
	case pdBet:
		s.doBet(m)
	case pdClaim, pdClaimRank, pdChallenge:
		s.doClaim(m, pd)
	case pdAsk:
		s.doAsk(m)
	case pdSuit, pdEffTarget, pdGive, pdEffDiscard:
		s.doEffect(m, pd)
	}
}

// ---- hands ----

func (s *State) startHand() {
	p := s.prog
	g := p.g
	n := int(s.n)
	s.handNo++
	if s.handNo > 1 {
		for i := 1; i <= n; i++ {
			d := (int(s.dealer) + i) % n
			if s.elim&(1<<d) == 0 {
				s.dealer = int8(d)
				break
			}
		}
	}
	var dealt uint16
	for i := range n {
		s.status[i] &= stElim
		if s.elim&(1<<i) == 0 && (!p.chips || s.stack[i] > 0) {
			dealt |= 1 << i
		}
	}
	if popcount16(dealt) < 2 {
		s.handNo--
		s.end = EndNoPlayers
		s.gameOverRank()
		return
	}
	s.dealtIn, s.inHand = dealt, dealt
	s.dir = 1
	if g.Turns.Direction == genome.CounterClockwise {
		s.dir = -1
	}
	s.seatDir = s.dir
	s.skip, s.extra, s.trickWinner, s.lastTrick = 0, false, -1, -1
	s.trump, s.wentOut, s.named = -1, -1, -1
	s.tricks = [MaxPlayers]uint8{}
	s.sets = [MaxPlayers]uint8{}
	s.tricksHand, s.playedSuits, s.handShow, s.potWon, s.emptied = 0, 0, 0, 0, 0
	s.cycleSet, s.inCycle, s.cycleDone = false, false, false
	s.handTurns = 0
	s.hand = [MaxPlayers]cards.Set{}
	s.won = [MaxPlayers]cards.Set{}
	s.sel = [MaxPlayers]cards.Set{}
	s.know = [cards.NumCards]uint16{}
	s.rhead = [MaxPlayers]uint8{}
	s.rlen = [MaxPlayers]uint8{}
	s.ndisc, s.discSet, s.tableau, s.comm, s.pile = 0, 0, 0, 0, 0
	s.claims, s.claimant, s.claimCards = 0, -1, 0
	s.trickLead = -1
	s.betLive = false
	// 1. Shuffle.
	s.nstock = uint8(p.ndeck)
	if s.stacked && s.handNo == 1 {
		s.stacked = false
	} else {
		copy(s.stock[:p.ndeck], p.deck[:p.ndeck])
		s.shuffle(s.stock[:p.ndeck])
	}
	if s.lis != nil {
		s.emit(Event{Kind: EvHandStart, Player: s.dealer, Target: -1})
	}
	// 2. Deal.
	st := &g.Setup
	if st.DealAll {
		s.dealShared()
		for first := true; s.nstock > 0; first = false {
			_ = first
			s.dealRound(false)
		}
	} else {
		s.dealHands(max(st.HandSize(int(s.handNo)), 0))
		s.dealShared()
	}
	// 3. Trump.
	switch st.Trump {
	case genome.TrumpFixed:
		s.trump = int8(st.TrumpSuit)
	case genome.TrumpTurnUp:
		if s.nstock > 0 {
			c := s.stock[s.nstock-1]
			copy(s.stock[1:s.nstock], s.stock[:s.nstock-1])
			s.stock[0] = c
			s.know[c] = public
			s.trump = int8(c.Suit())
			if s.lis != nil {
				s.emit(Event{Kind: EvTrump, Player: -1, Target: -1, Card: c, Suit: c.Suit(), FaceUp: true})
			}
		}
	}
	// 4. Forced bets.
	if p.chips {
		s.startBetting(true)
	}
	// 5. First player.
	lod := s.nextIn(s.inHand, int(s.dealer))
	cur := lod
	switch g.Turns.FirstPlayer {
	case genome.FirstDealer:
		cur = s.firstFrom(s.inHand, int(s.dealer))
	case genome.FirstHolderOfCard:
		if h := s.holder(g.Turns.FirstCard); h >= 0 {
			cur = h
		}
	case genome.FirstLastHandWinner:
		if w := int(s.lastWinner); w >= 0 && s.inHand&(1<<w) != 0 {
			cur = w
		}
	}
	s.cur = int8(cur)
	s.pc = 0
	s.stage = stgPhase
	s.checkAtOnce()
}

// holder returns the in-hand player holding c, or -1.
func (s *State) holder(c cards.Card) int {
	for q := 0; q < int(s.n); q++ {
		if s.inHand&(1<<q) != 0 && s.hand[q]&(1<<c) != 0 {
			return q
		}
	}
	return -1
}

// dealRound deals one card to each in-hand player from the player left of
// the dealer while the stock lasts.
func (s *State) dealRound(faceUp bool) {
	n := int(s.n)
	q := int(s.dealer)
	for range n {
		if q++; q == n {
			q = 0
		}
		if s.inHand&(1<<q) == 0 {
			continue
		}
		c := s.stockPop()
		if c == cards.None {
			return
		}
		vis := uint16(0)
		if faceUp {
			vis = public
		}
		s.handAdd(q, c, vis)
		if s.lis != nil {
			s.emit(Event{Kind: EvDeal, Player: int8(q), Target: -1, Card: c, Zone: ZoneHand, FaceUp: faceUp})
		}
	}
}

// dealHands deals k cards face down to each in-hand player, one at a
// time from the player left of the dealer, while the stock lasts (k rounds
// of dealRound, without the per-card bookkeeping when nobody listens and
// hands have no order).
func (s *State) dealHands(k int) {
	if s.lis != nil || s.prog.ordered {
		for range k {
			s.dealRound(false)
		}
		return
	}
	n := int(s.n)
	var order [MaxPlayers]uint8
	m := 0
	for i, q := 0, int(s.dealer); i < n; i++ {
		if q++; q == n {
			q = 0
		}
		if s.inHand&(1<<q) != 0 {
			order[m] = uint8(q)
			m++
		}
	}
	top := int(s.nstock)
	deal := min(k*m, top)
	s.churn += uint32(deal)
	for i, j := 0, 0; i < deal; i++ {
		q := order[j]
		if j++; j == m {
			j = 0
		}
		top--
		c := s.stock[top]
		s.hand[q] |= 1 << c
		s.know[c] = 1 << q
	}
	s.nstock = uint8(top)
}

// dealShared lays out the initial discard, tableau and community cards.
func (s *State) dealShared() {
	st := &s.prog.g.Setup
	for range st.InitialDiscard {
		if c := s.stockPop(); c != cards.None {
			s.discPush(c)
			s.emitDeal(c, ZoneDiscard)
		}
	}
	for range st.Tableau {
		s.dealTo(ZoneTableau)
	}
	for range st.Community {
		s.dealTo(ZoneCommunity)
	}
}

// dealTo deals one stock card face up to the tableau or the community.
func (s *State) dealTo(z Zone) {
	c := s.stockPop()
	if c == cards.None {
		return
	}
	s.know[c] = public
	if z == ZoneTableau {
		s.tableau |= 1 << c
		s.playedSuits |= 1 << c.Suit()
	} else {
		s.comm |= 1 << c
	}
	s.emitDeal(c, z)
}

func (s *State) emitDeal(c cards.Card, z Zone) {
	if s.lis != nil {
		s.emit(Event{Kind: EvDeal, Player: -1, Target: -1, Card: c, Zone: z, FaceUp: true})
	}
}

// ---- phases ----

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
	switch ph.Kind {
	case genome.PhaseDeal:
		s.phaseDeal(&ph.Deal)
	case genome.PhaseDraw:
		s.setActors(ph.Draw.Actor)
	case genome.PhasePlay:
		s.setActors(ph.Play.Actor)
	case genome.PhaseDiscard:
		s.setActors(ph.Discard.Actor)
		s.passing = ph.Discard.Actor == genome.ActorEachPlayer && ph.Discard.SetSize == 0 &&
			(ph.Discard.Target == genome.DiscardToNextPlayer || ph.Discard.Target == genome.DiscardToPreviousPlayer)
	case genome.PhaseClaim, genome.PhaseAsk:
		s.setActors(genome.ActorCurrentPlayer)
	case genome.PhaseTrick:
		s.startTrick(ph)
	case genome.PhaseBetting:
		s.startRound(ph)
	case genome.PhaseShowdown:
		s.showdown(ph)
	}
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
		switch ph.Kind {
		case genome.PhaseDraw:
			s.drawCount = 0
			s.drawOffer(ph)
		case genome.PhasePlay:
			s.nsel = 0
			s.sel[a] = 0
			s.playOffer(ph)
		case genome.PhaseDiscard:
			s.discardStart(ph)
		case genome.PhaseClaim:
			s.claimStart(ph)
		case genome.PhaseAsk:
			s.askOffer(ph)
		}
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

// ---- deal phase ----

func (s *State) phaseDeal(d *genome.DealPhase) {
	switch d.To {
	case genome.DealToEachPlayer:
		for range d.Count {
			s.dealRound(d.FaceUp)
		}
	case genome.DealToCommunity:
		for range d.Count {
			s.dealTo(ZoneCommunity)
		}
	case genome.DealToTableau:
		for range d.Count {
			s.dealTo(ZoneTableau)
		}
	}
	s.phaseDone()
}

// ---- draw phase ----

// drawSource returns whether p can draw from the phase's source now, and
// the player drawn from (previous or next player sources).
func (s *State) drawSource(d *genome.DrawPhase, p int) (bool, int) {
	switch d.Source {
	case genome.DrawFromStock:
		return s.nstock > 0, -1
	case genome.DrawFromDiscard:
		return s.ndisc > 0, -1
	case genome.DrawFromPreviousPlayer:
		q := s.prevIn(s.withCards(s.inHand), p)
		return q >= 0, q
	case genome.DrawFromNextPlayer:
		q := s.nextIn(s.withCards(s.inHand), p)
		return q >= 0, q
	case genome.DrawFromChosenPlayer:
		return s.withCards(s.inHand)&^(1<<p) != 0, -1
	}
	return false, -1
}

func (s *State) drawOffer(ph *phase) {
	a := int(s.actor)
	d := &ph.Draw
	ok, _ := s.drawSource(d, a)
	if !ok || !s.holds(ph.cbool, a) {
		s.actorDone()
		return
	}
	s.legal.clear()
	if d.Source == genome.DrawFromChosenPlayer {
		s.legal.targets = s.withCards(s.inHand) &^ (1 << a)
	} else {
		s.legal.addFlag(MoveDraw)
	}
	if !d.Mandatory || s.drawCount > 0 {
		s.legal.addFlag(MovePass)
	}
	s.decide(pdDraw, a)
}

func (s *State) doDraw(m Move) {
	ph := &s.prog.phases[s.pc]
	d := &ph.Draw
	a := int(s.actor)
	if m.Kind == MovePass {
		s.logAct(EvPass, a, -1, cards.None, 0, public, 0)
		if s.lis != nil {
			s.emit(Event{Kind: EvPass, Player: int8(a), Target: -1})
		}
		s.actorDone()
		return
	}
	from := -1
	if m.Kind == MoveTarget {
		from = int(m.Player)
	} else if _, q := s.drawSource(d, a); q >= 0 {
		from = q
	}
	for range d.Count {
		if s.drawOne(d.Source, a, from, d.FaceUp) == cards.None {
			break
		}
	}
	s.drawCount++
	if d.Repeat {
		s.drawOffer(ph)
		return
	}
	s.actorDone()
}

// drawOne draws one card for p from src (from: the player drawn from) and
// returns it (cards.None when there is none).
func (s *State) drawOne(src genome.DrawSource, p, from int, faceUp bool) cards.Card {
	var c cards.Card
	vis := uint16(0)
	z := ZoneStock
	switch src {
	case genome.DrawFromStock:
		c = s.stockPop()
	case genome.DrawFromDiscard:
		c = s.discPop()
		vis = public
		z = ZoneDiscard
	default:
		if from < 0 || s.hand[from] == 0 {
			return cards.None
		}
		c = s.handRandom(from)
		vis = 1 << from
		z = ZoneHand
	}
	if c == cards.None {
		return c
	}
	if faceUp {
		vis = public
	}
	s.handAdd(p, c, vis)
	s.logAct(EvDraw, p, from, c, uint8(z), s.know[c], 0)
	if s.lis != nil {
		s.emit(Event{Kind: EvDraw, Player: int8(p), Target: int8(from), Card: c, Zone: z, FaceUp: vis == public})
	}
	return c
}

// ---- play phase ----

// playable returns p's cards that may be played in the Play phase.
func (s *State) playable(ph *phase, p int) cards.Set {
	h := s.hand[p]
	if h == 0 {
		return 0
	}
	return s.setOf(ph.cset, p, h&^s.prog.anyWild) | h&s.prog.anyWild
}

// selectable returns the cards of l that can start a selection of at least
// min cards (of one rank when sameRank), or 0 when there is none.
func selectable(l cards.Set, min int, sameRank bool) cards.Set {
	if min <= 1 {
		return l
	}
	if !sameRank {
		if popcount(l) >= min {
			return l
		}
		return 0
	}
	var m cards.Set
	for r := cards.Two; r <= cards.RankJoker; r++ {
		if g := l & rankMask[r]; popcount(g) >= min {
			m |= g
		}
	}
	return m
}

func (s *State) playOffer(ph *phase) {
	a := int(s.actor)
	pl := &ph.Play
	first := selectable(s.playable(ph, a), int(pl.MinCards), pl.SameRank)
	if first == 0 {
		s.unable(ph, false)
		return
	}
	s.legal.clear()
	s.legal.cards = first
	if !pl.Mandatory {
		s.legal.addFlag(MovePass)
	}
	s.decide(pdPlay, a)
}

// unable does the Play phase's IfUnable for the actor (declined: the
// player chose not to play).
func (s *State) unable(ph *phase, declined bool) {
	a := int(s.actor)
	pl := &ph.Play
	switch pl.IfUnable {
	case genome.UnableDrawOne:
		if s.nstock == 0 {
			break
		}
		c := s.drawOne(genome.DrawFromStock, a, -1, false)
		s.drawn = c
		if pl.MinCards <= 1 {
			if s.playableCard(ph, a, c) {
				s.legal.clear()
				s.legal.cards = 1 << c
				s.legal.addFlag(MovePass)
				s.decide(pdPlayDrawn, a)
				return
			}
		} else if first := selectable(s.playable(ph, a), int(pl.MinCards), pl.SameRank); first != 0 {
			s.legal.clear()
			s.legal.cards = first
			s.legal.addFlag(MovePass)
			s.decide(pdPlayDrawn, a)
			return
		}
		s.actorDone()
		return
	case genome.UnableDrawUntilAble:
		for s.nstock > 0 {
			c := s.drawOne(genome.DrawFromStock, a, -1, false)
			if pl.MinCards <= 1 {
				if s.playableCard(ph, a, c) {
					s.nsel = 0
					s.sel[a] = 0
					s.selectPlay(ph, c)
					return
				}
			} else if first := selectable(s.playable(ph, a), int(pl.MinCards), pl.SameRank); first != 0 {
				s.legal.clear()
				s.legal.cards = first
				s.decide(pdPlayDrawn, a)
				return
			}
		}
	}
	_ = declined
	s.logAct(EvPass, a, -1, cards.None, 0, public, 0)
	if s.lis != nil {
		s.emit(Event{Kind: EvPass, Player: int8(a), Target: -1})
	}
	s.actorDone()
}

// playableCard reports whether card c of p's hand may be played.
func (s *State) playableCard(ph *phase, p int, c cards.Card) bool {
	b := cards.Set(1) << c
	return b&s.prog.anyWild != 0 || s.setOf(ph.cset, p, b) != 0
}

func (s *State) doPlay(m Move, pd uint8) {
	ph := &s.prog.phases[s.pc]
	switch m.Kind {
	case MovePass:
		if pd == pdPlayDrawn || s.nsel > 0 {
			s.logAct(EvPass, int(s.actor), -1, cards.None, 0, public, 0)
			if s.lis != nil {
				s.emit(Event{Kind: EvPass, Player: s.actor, Target: -1})
			}
			s.actorDone()
			return
		}
		s.unable(ph, true)
	case MoveDone:
		s.completePlay(ph)
	case MovePlay:
		s.selectPlay(ph, m.Card)
	}
}

// selectPlay adds c to the actor's play selection.
func (s *State) selectPlay(ph *phase, c cards.Card) {
	a := int(s.actor)
	pl := &ph.Play
	s.sel[a] |= 1 << c
	s.selOrder[s.nsel] = c
	s.nsel++
	if int(s.nsel) >= int(pl.MaxCards) {
		s.completePlay(ph)
		return
	}
	more := s.playable(ph, a) &^ s.sel[a]
	if pl.SameRank {
		more &= rankMask[s.selOrder[0].Rank()]
	}
	s.legal.clear()
	s.legal.cards = more
	if int(s.nsel) >= int(pl.MinCards) {
		s.legal.addFlag(MoveDone)
	}
	if s.legal.cards == 0 && s.legal.flags == 0 {
		s.completePlay(ph)
		return
	}
	s.decide(pdPlay, a)
}

// completePlay moves the selected cards to the target and starts effects.
func (s *State) completePlay(ph *phase) {
	a := int(s.actor)
	pl := &ph.Play
	var played cards.Set
	for i := uint8(0); i < s.nsel; i++ {
		c := s.selOrder[i]
		s.handDel(a, c)
		played |= 1 << c
		z := ZoneDiscard
		if pl.Target == genome.PlayToTableau {
			z = ZoneTableau
			s.tableau |= 1 << c
			s.know[c] = public
			s.playedSuits |= 1 << c.Suit()
		} else {
			s.discPush(c)
		}
		s.logAct(EvPlay, a, -1, c, uint8(z), public, 0)
		if s.lis != nil {
			s.emit(Event{Kind: EvPlay, Player: int8(a), Target: -1, Card: c, Zone: z, FaceUp: true})
		}
	}
	s.sel[a] = 0
	s.nsel = 0
	if s.checkAtOnce(); s.stage == stgOver {
		return
	}
	s.effCards = played & s.prog.anyEffect
	s.effBits, s.effTgts = 0, 0
	s.effUser = int8(a)
	s.resumeEffects()
}

// ---- discard phase ----

func (s *State) discardStart(ph *phase) {
	a := int(s.actor)
	d := &ph.Discard
	s.nsel = 0
	s.sel[a] = 0
	if d.SetSize >= 2 {
		var out cards.Set
		h := s.hand[a]
		for r := cards.Two; r <= cards.RankJoker; r++ {
			g := h & rankMask[r]
			for popcount(g) >= int(d.SetSize) {
				for range d.SetSize {
					low := g & -g
					out |= low
					g &^= low
				}
				s.sets[a]++
			}
		}
		if out != 0 {
			s.discardCards(ph, a, out, true)
			s.refill(d, a, popcount(out))
		}
		s.actorDone()
		return
	}
	l := s.setOf(ph.cset, a, s.hand[a])
	if popcount(l) <= int(d.MinCards) {
		if l != 0 {
			s.sel[a] = l
			s.finishDiscard(ph)
			return
		}
		s.actorDone()
		return
	}
	s.discardOffer(ph)
}

func (s *State) discardOffer(ph *phase) {
	a := int(s.actor)
	d := &ph.Discard
	s.legal.clear()
	s.legal.cards = s.setOf(ph.cset, a, s.hand[a]&^s.sel[a])
	if int(s.nsel) >= int(d.MinCards) {
		s.legal.addFlag(MoveDone)
	}
	s.decide(pdDiscard, a)
}

func (s *State) doDiscard(m Move) {
	ph := &s.prog.phases[s.pc]
	a := int(s.actor)
	if m.Kind == MovePlay {
		s.sel[a] |= 1 << m.Card
		s.nsel++
		if int(s.nsel) < int(ph.Discard.MaxCards) && s.setOf(ph.cset, a, s.hand[a]&^s.sel[a]) != 0 {
			s.discardOffer(ph)
			return
		}
	}
	s.finishDiscard(ph)
}

// finishDiscard moves the actor's selected cards (or keeps them for a
// simultaneous pass).
func (s *State) finishDiscard(ph *phase) {
	a := int(s.actor)
	d := &ph.Discard
	sel := s.sel[a]
	s.nsel = 0
	if s.passing {
		s.actorDone()
		return
	}
	s.sel[a] = 0
	if sel != 0 {
		s.discardCards(ph, a, sel, false)
		s.refill(d, a, popcount(sel))
	} else {
		s.logAct(EvPass, a, -1, cards.None, 0, public, 0)
		if s.lis != nil {
			s.emit(Event{Kind: EvPass, Player: int8(a), Target: -1})
		}
	}
	s.actorDone()
}

// discardCards moves set from p's hand to the phase's target.
func (s *State) discardCards(ph *phase, p int, set cards.Set, sets bool) {
	d := &ph.Discard
	to := -1
	switch d.Target {
	case genome.DiscardToNextPlayer:
		to = s.nextIn(s.inHand, p)
	case genome.DiscardToPreviousPlayer:
		to = s.prevIn(s.inHand, p)
	}
	for x := set; x != 0; x &= x - 1 {
		c := cards.Card(bits.TrailingZeros64(uint64(x)))
		s.handDel(p, c)
		z := ZoneDiscard
		vis := uint16(public)
		switch d.Target {
		case genome.DiscardToPile:
			s.discPush(c)
		case genome.DiscardToWon:
			z = ZoneWon
			s.won[p] |= 1 << c
			s.know[c] = public
		default:
			z = ZoneHand
			if to < 0 {
				s.discPush(c)
				z = ZoneDiscard
				break
			}
			if !sets {
				vis = 1<<p | 1<<to
			}
			s.handAdd(to, c, vis)
		}
		s.logAct(EvDiscard, p, to, c, uint8(z), vis, 0)
		if s.lis != nil {
			s.emit(Event{Kind: EvDiscard, Player: int8(p), Target: int8(to), Card: c, Zone: z, FaceUp: vis == public})
		}
	}
}

// refill draws k stock cards for p after a discard with Refill.
func (s *State) refill(d *genome.DiscardPhase, p, k int) {
	if !d.Refill {
		return
	}
	for range k {
		if s.drawOne(genome.DrawFromStock, p, -1, false) == cards.None {
			return
		}
	}
}

// movePasses moves every simultaneous pass at the end of the phase.
func (s *State) movePasses() {
	ph := &s.prog.phases[s.pc]
	var sel [MaxPlayers]cards.Set
	sel, s.sel = s.sel, [MaxPlayers]cards.Set{}
	for p := 0; p < int(s.n); p++ {
		if sel[p] != 0 {
			s.discardCards(ph, p, sel[p], false)
		}
	}
	for p := 0; p < int(s.n); p++ {
		if sel[p] != 0 {
			s.refill(&ph.Discard, p, popcount(sel[p]))
		}
	}
}
