package game

import (
	"math/bits"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/handeval"
	"github.com/deckforge/deckforge/genome"
)

// ---- betting ----

// startBetting resets the betting hand over the in-hand players with
// chips: with the forced bets at the start of a hand, or without them
// after the pot was settled. It reports false when fewer than two players
// can bet.
func (s *State) startBetting(forced bool) bool {
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

func (s *State) doBet(m Move) {
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

// ---- showdown ----

func (s *State) showdown(ph *phase) {
	p := s.prog
	sd := &ph.Showdown
	players := s.inHand
	if players == 0 {
		s.phaseDone()
		return
	}
	var str [betting.MaxSeats]uint32
	var strP [MaxPlayers]uint32
	switch sd.Method {
	case genome.ShowdownPokerHigh:
		s.pokerStrengths(sd, players, &strP)
	case genome.ShowdownHighCard:
		for q := 0; q < int(s.n); q++ {
			if players&(1<<q) != 0 {
				strP[q] = s.highCard(s.hand[q])
			}
		}
	case genome.ShowdownPointTotal:
		lim := int(p.g.Setup.PointLimit)
		for q := 0; q < int(s.n); q++ {
			if players&(1<<q) != 0 {
				if v := s.handPoints(s.hand[q]); v <= lim {
					strP[q] = uint32(v) + 1
				}
			}
		}
	}
	var top uint32
	for q := 0; q < int(s.n); q++ {
		if players&(1<<q) != 0 {
			str[s.seatOf(q)] = strP[q]
			top = max(top, strP[q])
		}
	}
	var winners uint16
	for q := 0; q < int(s.n); q++ {
		if players&(1<<q) != 0 {
			if strP[q] == top {
				winners |= 1 << q
			}
			for x := s.hand[q]; x != 0; x &= x - 1 {
				s.know[bits.TrailingZeros64(uint64(x))] = public
			}
			s.moves++ // each hand shown
			if s.lis != nil {
				s.emit(Event{Kind: EvShowdown, Player: int8(q), Target: -1, Cards: s.hand[q], Strength: strP[q]})
			}
		}
	}
	s.handShow |= winners
	for q := 0; q < int(s.n); q++ {
		if winners&(1<<q) != 0 {
			s.showWon[q]++
		}
	}
	if s.betLive {
		s.settle(&str)
	}
	s.phaseDone()
}

// pokerStrengths fills the poker strengths of the players.
func (s *State) pokerStrengths(sd *genome.ShowdownPhase, players uint16, str *[MaxPlayers]uint32) {
	ev := handeval.Default()
	p := s.prog
	comm := s.comm
	if sd.HoleCards > 0 {
		for q := 0; q < int(s.n); q++ {
			if players&(1<<q) != 0 {
				str[q] = holeCombos(ev, s.hand[q], comm, int(sd.HoleCards))
			}
		}
		return
	}
	fast := true
	for q := 0; q < int(s.n); q++ {
		if players&(1<<q) != 0 {
			h := s.hand[q] | comm
			if k := popcount(h); k < 5 || k > 7 || h&^standard != 0 || h&p.wild != 0 {
				fast = false
				break
			}
		}
	}
	var buf [7]cards.Card
	for q := 0; q < int(s.n); q++ {
		if players&(1<<q) == 0 {
			continue
		}
		h := s.hand[q] | comm
		if !fast {
			str[q] = pokerWild(h, p.wild)
			continue
		}
		k := 0
		for x := h; x != 0; x &= x - 1 {
			buf[k] = cards.Card(bits.TrailingZeros64(uint64(x)))
			k++
		}
		if k == 7 {
			str[q] = uint32(ev.Eval7(&buf))
		} else {
			str[q] = uint32(ev.EvalN(buf[:k]))
		}
	}
}

// highCard packs the player's rank values from the highest down (eight
// at most): suits never break ties.
func (s *State) highCard(h cards.Set) uint32 {
	var cnt [16]uint8
	for x := h; x != 0; x &= x - 1 {
		c := cards.Card(bits.TrailingZeros64(uint64(x)))
		cnt[s.prog.rankVal[c.Rank()]]++
	}
	var v uint32
	k := 0
	for r := 15; r >= 1 && k < 8; r-- {
		for i := uint8(0); i < cnt[r] && k < 8; i++ {
			v = v<<4 | uint32(r)
			k++
		}
	}
	return v << (4 * (8 - k))
}

// ---- end of a hand, wins ----

func (s *State) endHand() {
	p := s.prog
	g := p.g
	if s.handTurns == 0 {
		s.turnsDone++
		if s.turnsDone >= p.maxTurns {
			s.maxed, s.limit = true, EndTurnLimit
		}
	}
	s.refundPot()
	s.trickLead = -1
	n := int(s.n)
	// Scoring.
	for _, r := range p.scoring {
		for q := range n {
			var v int
			switch r.Kind {
			case genome.ScoreCardWon:
				v = popcount(s.won[q] & r.mask)
			case genome.ScoreCardInHand:
				v = popcount(s.hand[q] & r.mask)
			case genome.ScoreTrickWon:
				v = int(s.tricks[q])
			case genome.ScoreSetMade:
				v = int(s.sets[q])
			case genome.ScoreWentOut:
				if int(s.wentOut) == q {
					v = 1
				}
			case genome.ScoreShowdownWon:
				if s.handShow&(1<<q) != 0 {
					v = 1
				}
			}
			s.score[q] += int32(v) * int32(r.Points)
		}
	}
	// The hand's winner (for last_hand_winner).
	s.lastWinner = -1
	switch {
	case s.potWon|s.handShow != 0:
		s.lastWinner = int8(bits.TrailingZeros16(s.potWon | s.handShow))
	case s.lastTrick >= 0:
		s.lastWinner = s.lastTrick
	case s.wentOut >= 0:
		s.lastWinner = s.wentOut
	}
	if s.lis != nil {
		s.emit(Event{Kind: EvHandEnd, Player: s.lastWinner, Target: -1})
	}
	// Elimination.
	var out uint16
	alive := (uint16(1)<<n - 1) &^ s.elim
	switch g.Setup.Elimination {
	case genome.EliminateNoChips:
		for q := range n {
			if alive&(1<<q) != 0 && s.stack[q] <= 0 {
				out |= 1 << q
			}
		}
	case genome.EliminateNoTricks:
		for q := range n {
			if s.dealtIn&(1<<q) != 0 && s.tricks[q] == 0 {
				out |= 1 << q
			}
		}
	}
	if out != 0 && out != alive {
		s.elim |= out
		for q := range n {
			if out&(1<<q) != 0 {
				s.status[q] |= stElim
				if s.lis != nil {
					s.emit(Event{Kind: EvSitOut, Player: int8(q), Target: -1})
				}
			}
		}
	}
	// Win conditions checked after a hand.
	for _, w := range p.wins {
		if win := s.afterHandWin(w); win != 0 {
			s.finish(win)
			return
		}
	}
	if s.maxed || (g.Setup.HandsPerGame > 0 && int(s.handNo) >= int(g.Setup.HandsPerGame)) {
		s.end = EndLastHand
		if s.maxed {
			s.end = s.limit
		}
		s.gameOverRank()
		return
	}
	s.stage = stgHandStart
}

// afterHandWin returns the winners when condition w is met after a hand.
func (s *State) afterHandWin(w genome.WinCondition) uint16 {
	n := int(s.n)
	switch w.Kind {
	case genome.WinHighScore, genome.WinLowScore:
		if w.Threshold <= 0 {
			return 0
		}
		reached := false
		for q := range n {
			if int32(s.score[q]) >= w.Threshold {
				reached = true
			}
		}
		if !reached {
			return 0
		}
		return s.bestBy(s.candidates(), w.Kind)
	case genome.WinFirstToScore:
		var c uint16
		for q := range n {
			if s.score[q] >= w.Threshold {
				c |= 1 << q
			}
		}
		if c == 0 {
			return 0
		}
		return s.bestBy(c, w.Kind)
	case genome.WinLastWithChips:
		var c uint16
		for q := range n {
			if s.stack[q] > 0 {
				c |= 1 << q
			}
		}
		if popcount16(c) == 1 {
			return c
		}
	case genome.WinLastStanding:
		alive := (uint16(1)<<n - 1) &^ s.elim
		if popcount16(alive) == 1 {
			return alive
		}
	}
	return 0
}

// checkAtOnce checks the win conditions met at once (after every phase
// step) and lets players whose hands became empty go out.
func (s *State) checkAtOnce() {
	if s.emptied == 0 && !s.prog.captureAll {
		return
	}
	em := s.emptied
	s.emptied = 0
	var empty uint16
	for q := 0; q < int(s.n); q++ {
		if em&(1<<q) != 0 && s.hand[q] == 0 && s.inHand&(1<<q) != 0 {
			empty |= 1 << q
		}
	}
	if empty != 0 && s.wentOut < 0 {
		s.wentOut = int8(bits.TrailingZeros16(empty))
	}
	for _, w := range s.prog.wins {
		switch w.Kind {
		case genome.WinEmptyHand:
			if empty != 0 {
				s.finish(empty)
				return
			}
		case genome.WinLastWithCardsLoses:
			if empty != 0 {
				s.inHand &^= empty
				for q := 0; q < int(s.n); q++ {
					if empty&(1<<q) != 0 {
						s.status[q] |= stOut
						if s.lis != nil {
							s.emit(Event{Kind: EvOut, Player: int8(q), Target: -1})
						}
					}
				}
			}
			if holders := s.withCards(s.inHand); popcount16(holders) <= 1 {
				s.finish(s.dealtIn &^ holders)
				return
			}
		case genome.WinCaptureAll:
			var all cards.Set
			for q := 0; q < int(s.n); q++ {
				all |= s.hand[q] | s.won[q]
			}
			if all == 0 {
				continue
			}
			for q := 0; q < int(s.n); q++ {
				if s.hand[q]|s.won[q] == all && s.dealtIn&(1<<q) != 0 {
					s.finish(1 << q)
					return
				}
			}
		}
	}
}

// candidates returns the players who may win a ranking: those not
// eliminated (everyone if all are).
func (s *State) candidates() uint16 {
	all := uint16(1)<<s.n - 1
	if c := all &^ s.elim; c != 0 {
		return c
	}
	return all
}

// key returns player q's ranking key under kind (higher is better).
func (s *State) key(q int, kind genome.WinKind) int64 {
	switch kind {
	case genome.WinEmptyHand, genome.WinLastWithCardsLoses:
		return -int64(popcount(s.hand[q]))
	case genome.WinCaptureAll:
		return int64(popcount(s.hand[q] | s.won[q]))
	case genome.WinHighScore, genome.WinFirstToScore:
		return int64(s.score[q])
	case genome.WinLowScore:
		return -int64(s.score[q])
	case genome.WinMostTricks:
		return int64(s.tricks[q])
	case genome.WinBestHand:
		return int64(s.showWon[q])
	case genome.WinMostChips, genome.WinLastWithChips:
		return int64(s.Chips(q))
	case genome.WinLastStanding:
		if s.elim&(1<<q) == 0 {
			return 1
		}
	}
	return 0
}

// bestBy returns the players of c with the best key under kind.
func (s *State) bestBy(c uint16, kind genome.WinKind) uint16 {
	var best int64
	var out uint16
	for q := 0; q < int(s.n); q++ {
		if c&(1<<q) == 0 {
			continue
		}
		k := s.key(q, kind)
		if out == 0 || k > best {
			best, out = k, 1<<q
		} else if k == best {
			out |= 1 << q
		}
	}
	return out
}

// gameOverRank ends the game ranking the players by the win conditions.
func (s *State) gameOverRank() {
	c := s.candidates()
	for _, w := range s.prog.wins {
		c = s.bestBy(c, w.Kind)
		if popcount16(c) == 1 {
			break
		}
	}
	s.finish(c)
}

// finish ends the game with the given winners, for the reason s.end
// (EndWin if none was set).
func (s *State) finish(w uint16) {
	if w == 0 {
		w = s.candidates()
	}
	if s.end == EndNone {
		s.end = EndWin
	}
	s.refundPot()
	s.winners = w
	s.over = true
	s.stage = stgOver
	s.toMove = -1
	if s.lis != nil {
		s.emit(Event{Kind: EvGameEnd, Player: -1, Target: -1, Winners: w})
	}
}
