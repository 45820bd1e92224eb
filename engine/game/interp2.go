package game

import (
	"math/bits"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/genome"
)

// ---- trick phase ----

func (s *State) startTrick(ph *phase) {
	t := &ph.Trick
	s.trickSet, s.trickUp, s.ntrick = 0, 0, 0
	for i := 0; i < int(s.n); i++ {
		s.trickCards[i] = cards.None
	}
	players := s.withCards(s.inHand)
	lead := s.firstFrom(players, int(s.cur))
	if lead < 0 {
		s.phaseDone()
		return
	}
	s.trickLead = int8(lead)
	s.ledSuit = -1
	if t.PlayFrom == genome.FromTopOfHand {
		q := lead
		for range int(s.n) {
			if players&(1<<q) != 0 {
				c := s.handTop(q)
				s.trickPut(q, c, true)
			}
			q = s.step(q)
		}
		s.resolveTrick(ph)
		return
	}
	s.trickTodo = players
	s.trickNext = int8(lead)
	s.trickOffer(ph)
}

// trickPut puts p's card c into the trick (face up or down).
func (s *State) trickPut(p int, c cards.Card, faceUp bool) {
	s.trickSet |= 1 << c
	s.trickSeq[s.ntrick] = c
	s.ntrick++
	if faceUp {
		s.know[c] = public
		s.trickCards[p] = c
		s.trickUp |= 1 << c
		if s.ledSuit < 0 {
			s.ledSuit = int8(c.Suit())
		}
		s.logAct(EvPlay, p, -1, c, uint8(ZoneTrick), public, 0)
	} else {
		s.know[c] = 0
		s.moves++ // not logged (hidden), but a move
	}
	if s.lis != nil {
		s.emit(Event{Kind: EvPlay, Player: int8(p), Target: -1, Card: c, Zone: ZoneTrick, FaceUp: faceUp})
	}
}

// trickOffer asks the next player of a choice trick for a card.
func (s *State) trickOffer(ph *phase) {
	t := &ph.Trick
	q := int(s.trickNext)
	h := s.hand[q]
	var l cards.Set
	if s.ledSuit < 0 {
		l = s.setOf(ph.cset, q, h)
		if l == 0 {
			l = h
		}
	} else {
		l = h
		if t.FollowSuit {
			if f := h & suitMask[s.ledSuit]; f != 0 {
				l = f
			}
		}
	}
	s.legal.onlyCards(l)
	s.pend, s.decider, s.stage = pdTrick, int8(q), stgDecide
}

func (s *State) doTrick(m Move) {
	ph := &s.prog.phases[s.pc]
	q := int(s.trickNext)
	if m.Kind == MovePlay {
		s.handDel(q, m.Card)
		s.trickPut(q, m.Card, true)
	}
	s.trickTodo &^= 1 << q
	if s.trickTodo == 0 {
		s.resolveTrick(ph)
		return
	}
	s.trickNext = int8(s.nextIn(s.trickTodo, q))
	s.trickOffer(ph)
}

// trickKey ranks card c in a trick under rule w with led suit led: a
// higher key beats a lower one, and equal keys tie. Led-suit rules: a
// trump beats everything (the highest trump wins), then cards of the led
// suit (highest or lowest by the rule); other cards never win.
func (s *State) trickKey(w genome.TrickWinner, c cards.Card, led int8) int {
	v := int(s.prog.rankVal[c.Rank()])
	switch w {
	case genome.HighRank:
		return v
	case genome.LowRank:
		return 16 - v
	}
	su := int8(c.Suit())
	switch {
	case s.trump >= 0 && su == s.trump:
		return 64 + v
	case su == led:
		if w == genome.LowLedSuit {
			return 32 + 16 - v
		}
		return 32 + v
	}
	return 0
}

// ledSuitWinner returns the winner of a trick under a led-suit rule (no
// ties are possible): the highest trump, else the highest (lowest) card of
// the led suit. Within one suit the card order is the rank order, but for
// an ace played low.
func (s *State) ledSuitWinner(w genome.TrickWinner) int {
	up := s.trickUp
	low := false
	cand := cards.Set(0)
	if s.trump >= 0 {
		cand = up & suitMask[s.trump]
	}
	if cand == 0 {
		cand = up & suitMask[s.ledSuit]
		low = w == genome.LowLedSuit
	}
	var aces cards.Set
	if s.prog.aceLow {
		aces = cand & rankMask[cards.Ace]
	}
	var c cards.Card
	switch {
	case low && aces != 0:
		c = cards.Card(bits.TrailingZeros64(uint64(aces)))
	case low:
		c = cards.Card(bits.TrailingZeros64(uint64(cand)))
	case cand&^aces != 0:
		c = cards.Card(63 - bits.LeadingZeros64(uint64(cand&^aces)))
	default:
		c = cards.Card(63 - bits.LeadingZeros64(uint64(cand)))
	}
	for q := 0; q < int(s.n); q++ {
		if s.trickCards[q] == c {
			return q
		}
	}
	return int(s.trickLead)
}

// best returns the players (mask) whose card in cs is best under the rule,
// and the first of them in turn order from first.
func (s *State) best(w genome.TrickWinner, cs *[MaxPlayers]cards.Card, mask uint16, first int, led int8) (uint16, int) {
	bestP, bestK := -1, -1
	var tie uint16
	q := first
	for range int(s.n) {
		if mask&(1<<q) != 0 && cs[q] != cards.None {
			k := s.trickKey(w, cs[q], led)
			switch {
			case k > bestK:
				bestP, bestK, tie = q, k, 1<<q
			case k == bestK:
				tie |= 1 << q
			}
		}
		q = s.step(q)
	}
	return tie, bestP
}

func (s *State) resolveTrick(ph *phase) {
	t := &ph.Trick
	lead := int(s.trickLead)
	var tie uint16
	var w int
	if t.Winner == genome.HighLedSuit || t.Winner == genome.LowLedSuit {
		w = s.ledSuitWinner(t.Winner)
	} else {
		var played uint16
		for q := 0; q < int(s.n); q++ {
			if s.trickCards[q] != cards.None {
				played |= 1 << q
			}
		}
		tie, w = s.best(t.Winner, &s.trickCards, played, lead, s.ledSuit)
	}
	if t.Tie == genome.TieWar {
		face := s.trickCards
		for popcount16(tie) > 1 {
			var alive uint16
			q := lead
			for range int(s.n) {
				if tie&(1<<q) != 0 {
					face[q] = cards.None
					if s.hand[q] != 0 {
						for k := 0; k < int(t.WarCards) && popcount(s.hand[q]) > 1; k++ {
							s.trickPut(q, s.handTop(q), false)
						}
						c := s.handTop(q)
						s.trickSet |= 1 << c
						s.trickSeq[s.ntrick] = c
						s.ntrick++
						s.know[c] = public
						face[q] = c
						s.logAct(EvPlay, q, -1, c, uint8(ZoneTrick), public, 0)
						if s.lis != nil {
							s.emit(Event{Kind: EvPlay, Player: int8(q), Target: -1, Card: c, Zone: ZoneTrick, FaceUp: true})
						}
						alive |= 1 << q
					}
				}
				q = s.step(q)
			}
			if alive == 0 {
				break // every tied player ran out: the first of them keeps the trick
			}
			first := s.firstFrom(alive, lead)
			tie, w = s.best(t.Winner, &face, alive, first, int8(face[first].Suit()))
		}
	}
	// Collect.
	for su := range cards.NumSuits {
		if s.trickSet&suitMask[su] != 0 {
			s.playedSuits |= 1 << su
		}
	}
	if t.Collect == genome.CollectHandBottom {
		for i := uint8(0); i < s.ntrick; i++ {
			c := s.trickSeq[i]
			s.handAddBottom(w, c, s.know[c])
		}
	} else {
		s.won[w] |= s.trickSet
	}
	s.tricks[w]++
	s.tricksHand++
	s.trickWinner, s.lastTrick = int8(w), int8(w)
	s.cur = int8(w)
	s.logAct(EvTrickWon, w, -1, cards.None, 0, public, 0)
	if s.lis != nil {
		s.emit(Event{Kind: EvTrickWon, Player: int8(w), Target: -1, Cards: s.trickSet})
	}
	s.trickLead = -1
	for i := 0; i < int(s.n); i++ {
		s.trickCards[i] = cards.None
	}
	if t.AwardsPot && s.betLive {
		var str [10]uint32
		str[s.seatOf(w)] = 1
		s.settle(&str)
	}
	s.phaseDone()
}

// ---- claim phase ----

func (s *State) claimStart(ph *phase) {
	a := int(s.actor)
	s.nsel = 0
	s.sel[a] = 0
	if s.hand[a] == 0 {
		s.actorDone()
		return
	}
	s.claimOffer(ph)
}

func (s *State) claimOffer(ph *phase) {
	a := int(s.actor)
	c := &ph.Claim
	s.legal.clear()
	s.legal.cards = s.hand[a] &^ s.sel[a]
	if int(s.nsel) >= min(int(c.MinCards), popcount(s.hand[a])) && s.nsel > 0 {
		s.legal.addFlag(MoveDone)
	}
	s.decide(pdClaim, a)
}

func (s *State) doClaim(m Move, pd uint8) {
	ph := &s.prog.phases[s.pc]
	c := &ph.Claim
	a := int(s.actor)
	switch pd {
	case pdClaim:
		if m.Kind == MovePlay {
			s.sel[a] |= 1 << m.Card
			s.nsel++
			if int(s.nsel) < int(c.MaxCards) && s.hand[a]&^s.sel[a] != 0 {
				s.claimOffer(ph)
				return
			}
		}
		if c.RankRule == genome.ClaimAny {
			s.legal.clear()
			s.legal.claimR = uint16(s.prog.deckRanks)
			s.decide(pdClaimRank, a)
			return
		}
		r := c.FirstRank
		if s.claims > 0 {
			r = s.claimRank + 1
			if r > cards.Ace {
				r = cards.Two
			}
		}
		s.makeClaim(ph, r)
	case pdClaimRank:
		s.makeClaim(ph, m.Rank)
	case pdChallenge:
		q := int(s.decider)
		if m.Kind == MoveChallenge {
			s.challenge(q)
			return
		}
		s.logAct(EvPass, q, a, cards.None, 0, public, 0)
		if s.lis != nil {
			s.emit(Event{Kind: EvPass, Player: int8(q), Target: int8(a)})
		}
		s.challengeOffer()
	}
}

// makeClaim puts the selected cards on the pile claiming rank r.
func (s *State) makeClaim(ph *phase, r cards.Rank) {
	a := int(s.actor)
	sel := s.sel[a]
	s.sel[a] = 0
	s.nsel = 0
	for x := sel; x != 0; x &= x - 1 {
		c := cards.Card(bits.TrailingZeros64(uint64(x)))
		s.handDel(a, c)
		s.know[c] = 1 << a
	}
	s.pile |= sel
	s.claims++
	s.claimant, s.claimRank, s.claimCards = int8(a), r, sel
	k := uint8(popcount(sel))
	s.logAct(EvClaim, a, -1, cards.None, uint8(r), public, chips.Chips(k))
	if s.lis != nil {
		s.emit(Event{Kind: EvClaim, Player: int8(a), Target: -1, Rank: r, Count: k, Cards: sel})
	}
	var todo uint16
	if ph.Claim.Challenge == genome.ChallengeNextPlayer {
		if q := s.nextIn(s.inHand, a); q >= 0 {
			todo = 1 << q
		}
	} else {
		todo = s.inHand &^ (1 << a)
	}
	s.chalTodo = todo
	s.decider = int8(a)
	s.challengeOffer()
}

// challengeOffer asks the next possible challenger.
func (s *State) challengeOffer() {
	if s.chalTodo == 0 {
		s.actorDone()
		return
	}
	q := s.nextIn(s.chalTodo, int(s.decider))
	s.chalTodo &^= 1 << q
	s.legal.clear()
	s.legal.addFlag(MoveChallenge)
	s.legal.addFlag(MovePass)
	s.decide(pdChallenge, q)
}

// challenge resolves q's challenge of the last claim.
func (s *State) challenge(q int) {
	a := int(s.claimant)
	lie := s.claimCards&^rankMask[s.claimRank] != 0
	taker := q
	if lie {
		taker = a
	}
	for x := s.claimCards; x != 0; x &= x - 1 {
		s.know[bits.TrailingZeros64(uint64(x))] = public
	}
	for x := s.pile; x != 0; x &= x - 1 {
		c := cards.Card(bits.TrailingZeros64(uint64(x)))
		s.handAdd(taker, c, s.know[c])
	}
	revealed := s.claimCards
	s.pile = 0
	s.chalTodo = 0
	s.logAct(EvChallenge, taker, q, cards.None, uint8(s.claimRank), public, 0)
	if s.lis != nil {
		s.emit(Event{Kind: EvChallenge, Player: int8(taker), Target: int8(q), Rank: s.claimRank, Cards: revealed})
	}
	s.actorDone()
}

// ---- ask phase ----

func (s *State) askOffer(ph *phase) {
	a := int(s.actor)
	k := &ph.Ask
	s.legal.clear()
	if k.Target == genome.AskNextPlayer {
		if q := s.nextIn(s.inHand, a); q >= 0 {
			s.legal.askP = 1 << q
		}
	} else {
		s.legal.askP = s.inHand &^ (1 << a)
	}
	if k.MustHoldRank {
		for r := cards.Two; r <= cards.RankJoker; r++ {
			if s.hand[a]&rankMask[r] != 0 {
				s.legal.askR |= 1 << r
			}
		}
	} else {
		s.legal.askR = uint16(s.prog.deckRanks)
	}
	if s.legal.askP == 0 || s.legal.askR == 0 {
		s.legal.clear()
		s.actorDone()
		return
	}
	s.decide(pdAsk, a)
}

func (s *State) doAsk(m Move) {
	ph := &s.prog.phases[s.pc]
	k := &ph.Ask
	a := int(s.actor)
	if m.Kind != MoveAsk {
		s.actorDone()
		return
	}
	q, r := int(m.Player), m.Rank
	got := s.hand[q] & rankMask[r]
	s.logAct(EvAsk, a, q, cards.None, uint8(r), public, chips.Chips(popcount(got)))
	if s.lis != nil {
		s.emit(Event{Kind: EvAsk, Player: int8(a), Target: int8(q), Rank: r, Cards: got})
	}
	if got != 0 {
		for x := got; x != 0; x &= x - 1 {
			c := cards.Card(bits.TrailingZeros64(uint64(x)))
			s.handDel(q, c)
			s.handAdd(a, c, public)
		}
		if k.AgainOnSuccess {
			s.extra = true
		}
	} else {
		for range k.FishCount {
			if s.nstock == 0 {
				break
			}
			// A fished card of the asked rank is shown (it earns the turn).
			show := k.AgainOnFish && s.stock[s.nstock-1].Rank() == r
			s.drawOne(genome.DrawFromStock, a, -1, show)
			if show {
				s.extra = true
			}
		}
	}
	s.actorDone()
}

// ---- effects ----

// resumeEffects resolves the pending effects of the last play, stopping at
// a decision.
func (s *State) resumeEffects() {
	p := s.prog
	u := int(s.effUser)
	for {
		if s.effTgts != 0 {
			t := s.nextIn(s.effTgts, int(s.effTgt))
			if t < 0 {
				s.effTgts = 0
				continue
			}
			s.effTgts &^= 1 << t
			s.effTgt = int8(t)
			if s.hitTarget(t) {
				return
			}
			continue
		}
		if s.effBits != 0 {
			i := bits.TrailingZeros16(s.effBits)
			s.effBits &^= 1 << i
			s.effIdx = int8(i)
			if s.startEffect(&p.effects[i], u) {
				return
			}
			continue
		}
		if s.effCards != 0 {
			c := cards.Card(bits.TrailingZeros64(uint64(s.effCards)))
			s.effCards &^= 1 << c
			s.effCard = c
			s.effBits = p.effOf[c]
			continue
		}
		s.actorDone()
		return
	}
}

// startEffect begins effect e of the current card for user u; it reports
// whether a decision is pending.
func (s *State) startEffect(e *effect, u int) bool {
	c := s.effCard
	if s.lis != nil && e.Kind <= genome.EffectWild {
		s.emit(Event{Kind: EvEffect, Player: int8(u), Target: -1, Card: c, Effect: uint8(e.Kind)})
	}
	switch e.Kind {
	case genome.EffectSkip:
		if q := s.nextIn(s.inHand, u); q >= 0 {
			s.skip |= 1 << q
		}
		return false
	case genome.EffectReverse:
		s.dir = -s.dir
		return false
	case genome.EffectExtraTurn:
		s.extra = true
		return false
	case genome.EffectWild:
		if t, ok := s.top(); ok && t == c && s.inHand&(1<<u) != 0 {
			s.legal.clear()
			s.legal.suits = 1<<cards.NumSuits - 1
			s.decide(pdSuit, u)
			return true
		}
		return false
	}
	others := s.inHand &^ (1 << u)
	if others == 0 {
		return false
	}
	s.effTgt = int8(u)
	switch e.Target {
	case genome.TargetNextPlayer:
		s.effTgts = 1 << s.nextIn(s.inHand, u)
	case genome.TargetPreviousPlayer:
		s.effTgts = 1 << s.prevIn(s.inHand, u)
	case genome.TargetAllOthers:
		s.effTgts = others
	case genome.TargetChosenPlayer:
		s.legal.clear()
		s.legal.targets = others
		s.decide(pdEffTarget, u)
		return true
	}
	return false
}

// hitTarget applies the current effect to target t; it reports whether a
// decision is pending.
func (s *State) hitTarget(t int) bool {
	e := &s.prog.effects[s.effIdx]
	u := int(s.effUser)
	v := int(e.Value)
	if s.lis != nil && e.Kind != genome.EffectPeek && e.Kind != genome.EffectSwapHands {
		s.emit(Event{Kind: EvEffect, Player: int8(u), Target: int8(t), Card: s.effCard, Effect: uint8(e.Kind)})
	}
	switch e.Kind {
	case genome.EffectDraw:
		for range v {
			if s.drawOne(genome.DrawFromStock, t, -1, false) == cards.None {
				break
			}
		}
	case genome.EffectSteal:
		for range v {
			if s.hand[t] == 0 {
				break
			}
			c := s.handRandom(t)
			s.handAdd(u, c, 1<<t)
			s.logAct(EvDraw, u, t, c, uint8(ZoneHand), s.know[c], 0)
			if s.lis != nil {
				s.emit(Event{Kind: EvDraw, Player: int8(u), Target: int8(t), Card: c, Zone: ZoneHand})
			}
		}
	case genome.EffectPeek:
		h := s.hand[t]
		var seen cards.Set
		for range v {
			if h == 0 {
				break
			}
			c := cards.Card(nthBit(uint64(h), s.rnd(popcount(h))))
			h &^= 1 << c
			seen |= 1 << c
			s.know[c] |= 1 << u
		}
		if s.lis != nil {
			s.emit(Event{Kind: EvEffect, Player: int8(u), Target: int8(t), Card: s.effCard, Effect: uint8(e.Kind), Cards: seen})
		}
	case genome.EffectSwapHands:
		hu, ht := s.hand[u], s.hand[t]
		for x := hu; x != 0; x &= x - 1 {
			c := cards.Card(bits.TrailingZeros64(uint64(x)))
			s.handDel(u, c)
			s.handAdd(t, c, s.know[c]|1<<u)
		}
		for x := ht; x != 0; x &= x - 1 {
			c := cards.Card(bits.TrailingZeros64(uint64(x)))
			s.handDel(t, c)
			s.handAdd(u, c, s.know[c]|1<<t)
		}
		if s.lis != nil {
			s.emit(Event{Kind: EvEffect, Player: int8(u), Target: int8(t), Card: s.effCard, Effect: uint8(e.Kind)})
		}
	case genome.EffectGive:
		if s.hand[u] == 0 {
			return false
		}
		s.nsel = 0
		s.sel[u] = 0
		s.legal.clear()
		s.legal.cards = s.hand[u]
		s.decide(pdGive, u)
		return true
	case genome.EffectDiscard:
		if s.hand[t] == 0 {
			return false
		}
		s.nsel = 0
		s.sel[t] = 0
		s.legal.clear()
		s.legal.cards = s.hand[t]
		s.decide(pdEffDiscard, t)
		return true
	}
	return false
}

func (s *State) doEffect(m Move, pd uint8) {
	e := &s.prog.effects[s.effIdx]
	u := int(s.effUser)
	switch pd {
	case pdSuit:
		s.named, s.namedC = int8(m.Suit), s.effCard
		s.logAct(EvSuit, u, -1, cards.None, uint8(m.Suit), public, 0)
		if s.lis != nil {
			s.emit(Event{Kind: EvSuit, Player: int8(u), Target: -1, Suit: m.Suit, Card: s.effCard})
		}
	case pdEffTarget:
		s.effTgts = 1 << m.Player
		s.effTgt = int8(u)
	case pdGive, pdEffDiscard:
		who := u
		if pd == pdEffDiscard {
			who = int(s.effTgt)
		}
		s.sel[who] |= 1 << m.Card
		s.nsel++
		if int(s.nsel) < int(e.Value) && s.hand[who]&^s.sel[who] != 0 {
			s.legal.clear()
			s.legal.cards = s.hand[who] &^ s.sel[who]
			s.decide(pd, who)
			return
		}
		sel := s.sel[who]
		s.sel[who] = 0
		s.nsel = 0
		t := int(s.effTgt)
		for x := sel; x != 0; x &= x - 1 {
			c := cards.Card(bits.TrailingZeros64(uint64(x)))
			s.handDel(who, c)
			if pd == pdGive {
				s.handAdd(t, c, 1<<who)
				s.logAct(EvDiscard, who, t, c, uint8(ZoneHand), s.know[c], 0)
				if s.lis != nil {
					s.emit(Event{Kind: EvDiscard, Player: int8(who), Target: int8(t), Card: c, Zone: ZoneHand})
				}
			} else {
				s.discPush(c)
				s.logAct(EvDiscard, who, -1, c, uint8(ZoneDiscard), public, 0)
				if s.lis != nil {
					s.emit(Event{Kind: EvDiscard, Player: int8(who), Target: -1, Card: c, Zone: ZoneDiscard, FaceUp: true})
				}
			}
		}
	}
	s.resumeEffects()
}
