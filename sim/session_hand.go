package sim

import (
	"fmt"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
	"github.com/deckforge/deckforge/engine/stats"
	"github.com/deckforge/deckforge/engine/table"
	"github.com/deckforge/deckforge/replay"
	"github.com/deckforge/deckforge/sim/agent/house"
)

// beginHand starts the replay hand: the seats after Next, the forced bets
// of the players dealt in.
func (sg *sessionGame) beginHand() {
	if sg.rec == nil {
		return
	}
	ss, st, h := sg.ss, &sg.st, &sg.h
	hs := replay.HandStart{Number: st.Hand, Button: h.button, SmallBlind: ss.sb, BigBlind: ss.bb,
		MinBet: ss.bb, DeadMoney: st.DeadMoney}
	if hs.Button < 0 {
		hs.Button = replay.NoSeat
	}
	for i, name := range st.Players {
		p := ss.phys[name]
		hs.Seats = append(hs.Seats, replay.Seat{Seat: p, Name: name, Stack: st.StartingStacks[i],
			Inactive: st.Inactive[i], Intent: replay.Intent(st.Intents[i]), DeadBlinds: st.DeadBlinds[i],
			Away: !sg.pres.Connected(name)})
		if h.dealt[p] && (h.blind[p] > 0 || h.anteP[p] > 0) {
			hs.Forced = append(hs.Forced, replay.Forced{Seat: p, Blind: h.blind[p], Ante: h.anteP[p]})
		}
	}
	sg.rec.BeginHand(hs)
	for p := 0; p < ss.n; p++ {
		if h.dealt[p] {
			sg.rec.Deal(p, h.hole[p][:], false)
		}
	}
}

// playHand plays the hand Next dealt on the table's hand runner, with
// typed actions; it reports false when nobody was dealt in. The hand's
// finishing stacks go into the table state for Next.
func (sg *sessionGame) playHand() (bool, error) {
	if sg.ss.gh != nil {
		return sg.playGameHand()
	}
	ss, st := sg.ss, &sg.st
	h := &sg.h
	h.reset(ss.n)
	run, err := table.Runner(*st)
	if err != nil {
		return false, err
	}
	for i, name := range st.Players {
		p := ss.phys[name]
		h.tix[p] = i
		h.seats = append(h.seats, p)
		h.start[p] = st.StartingStacks[i]
	}
	if run == nil {
		sg.beginHand()
		sg.finishHand(nil)
		return false, nil
	}
	h.run = run
	// Hole cards, forced bets, the button, the deck left for the board.
	var used cards.Set
	for i, name := range st.Players {
		if !run.Dealt(i) {
			continue
		}
		p := ss.phys[name]
		h.dealt[p] = true
		copy(h.hole[p][:], run.Hole(i))
		used = used.Add(h.hole[p][0]).Add(h.hole[p][1])
		h.blind[p] = st.BlindsOrStraddles[i]
		h.anteP[p] = st.Antes[i]
	}
	bh := run.Betting()
	h.button = h.seats[bh.Button()]
	for c := cards.Card(0); c < 52; c++ {
		if !used.Has(c) {
			h.deck = append(h.deck, c)
		}
	}
	cards.Shuffle(h.deck, ss.tableRNG)
	sg.beginHand()
	// Positional stats.
	setup := stats.Setup{Stacks: make([]chips.Chips, ss.n), Antes: h.anteP, Blinds: h.blind,
		Button: h.button, BigBlind: ss.bb, DeadMoney: st.DeadMoney}
	for p := 0; p < ss.n; p++ {
		if h.dealt[p] {
			setup.Stacks[p] = h.start[p]
		}
	}
	h.feedErr = ss.tr.OnHandStart(&setup)
	if h.feedErr == nil {
		h.feedErr = ss.tr.OnRoundStart(stats.RoundConfig{MinBet: ss.bb})
	}
	if err := sg.disconnects(); err != nil {
		return false, err
	}
	// The betting.
	for !run.Finished() {
		if k := run.BoardDue(); k > 0 {
			cs := h.deck[:k:k]
			h.deck = h.deck[k:]
			if err := run.Apply(phh.Action{Kind: phh.DealBoard, Player: phh.Dealer, Cards: cs}); err != nil {
				return false, err
			}
			sg.dealt(cs)
			continue
		}
		i := run.ToAct()
		if i < 0 {
			return false, fmt.Errorf("hand %d: nobody is to act and no board is due", st.Hand)
		}
		name := st.Players[i]
		p := h.seats[i]
		before := run.Betting()
		var a phh.Action
		auto := !sg.pres.Connected(name)
		if auto {
			l := run.Legal()
			var call chips.Chips
			if !l.CanCheck {
				call = l.CallAmount
			}
			a = phh.Action{Kind: ss.auto.Decide(call), Player: i}
		} else {
			a = sg.decide(i, p)
			sg.r.Decisions++
			sg.r.PlayerDecisions[p]++
		}
		// A fold takes effect as engine/table plays it: every chip the
		// player put in stays in the pot, even when a check was free.
		if a.Kind == phh.Fold {
			err = run.Forfeit(i)
		} else {
			err = run.Apply(a)
		}
		if err != nil {
			return false, fmt.Errorf("seat %d (%s): %w", p, name, err)
		}
		sg.apply(&before, a, p, auto)
	}
	return true, sg.settle()
}

// disconnects draws, at the start of a hand, the connected players dealt
// in who disconnect during it (SitOuts.Disconnect).
func (sg *sessionGame) disconnects() error {
	ss, st, h := sg.ss, &sg.st, &sg.h
	for i, name := range append([]string(nil), st.Players...) {
		p := ss.phys[name]
		if !h.dealt[p] || !sg.pres.Connected(name) {
			continue
		}
		if ss.sitRNG.Float64() < ss.cfg.Disconnect {
			ns, err := sg.pres.Disconnect(*st, name)
			if err != nil {
				return err
			}
			*st = ns
			sg.r.SitOuts.Disconnects++
			if sg.rec != nil {
				sg.rec.Disconnect(p)
				sg.rec.SetIntent(p, replay.Intent(st.Intents[i]), st.Inactive[i])
			}
		}
	}
	return nil
}

// dealt follows board cards dealt: a new betting round.
func (sg *sessionGame) dealt(cs []cards.Card) {
	ss, h := sg.ss, &sg.h
	h.round++
	h.board = append(h.board, cs...)
	if sg.rec != nil {
		sg.rec.Round(h.round)
		sg.rec.Board(cs...)
	}
	if h.feedErr == nil {
		h.feedErr = ss.tr.OnRoundStart(stats.RoundConfig{MinBet: ss.bb})
	}
}

// apply follows action a of physical seat p (auto when it is an
// auto-action), played from the betting state before, and records it.
func (sg *sessionGame) apply(before *betting.Hand, a phh.Action, p int, auto bool) {
	ss, h := sg.ss, &sg.h
	i := h.tix[p]
	after := h.run.Betting()
	added := before.Stack(i) - after.Stack(i)
	sg.r.Moves++
	sg.r.Actions++
	if auto {
		sg.r.ForcedActions++
	}
	sa := stats.Action{Seat: p}
	switch a.Kind {
	case phh.Fold:
		h.folded[p] = true
		sg.r.Betting.Folds++
		sa.Kind = stats.Fold
		sg.record(p, replay.Fold, 0)
	case phh.CheckCall:
		if added == 0 {
			sg.r.Betting.Checks++
			sa.Kind = stats.Check
			sg.record(p, replay.Check, 0)
			break
		}
		sg.r.Betting.Calls++
		sa.Kind = stats.Call
		sg.record(p, replay.Call, added)
	case phh.BetRaise:
		k := replay.Raise
		sa.Kind = stats.Raise
		if before.TableBet() == 0 {
			k = replay.Bet
			sa.Kind = stats.Bet
			sg.r.Betting.Bets++
		} else {
			sg.r.Betting.Raises++
		}
		sa.To = after.StreetBet(i)
		sg.record(p, k, added)
	}
	sg.r.Betting.Decisions++
	if a.Kind != phh.Fold && after.Stack(i) == 0 && after.StreetBet(i) > 0 {
		sg.r.Betting.AllIns++
	}
	if h.feedErr == nil {
		h.feedErr = ss.tr.OnAction(sa)
	}
}

// settle ends the hand: the showdown, then the runner's settlement (the
// uncalled bet, the pots' awards), whose finishing stacks become the
// table's.
func (sg *sessionGame) settle() error {
	ss, h, st := sg.ss, &sg.h, &sg.st
	set, err := h.run.Settle()
	if err != nil {
		return fmt.Errorf("hand %d: %w", st.Hand, err)
	}
	var in []int
	for p := 0; p < ss.n; p++ {
		if h.dealt[p] && !h.folded[p] {
			in = append(in, p)
		}
	}
	showdown := len(in) >= 2
	var desc []string
	if showdown {
		sg.r.Betting.Showdowns++
		if sg.rec != nil {
			desc = make([]string, ss.n)
			for _, p := range in {
				if len(h.board) == 5 {
					all := append(append([]cards.Card(nil), h.hole[p][:]...), h.board...)
					desc[p] = ss.eval.Best(all).Category().String()
				}
				sg.rec.Show(p, h.hole[p][:], desc[p])
			}
		}
	} else {
		sg.r.Betting.FoldWins++
	}
	sg.r.Betting.Hands++
	if sg.rec != nil {
		sg.rec.Settled(&set, h.seats, showdown, func(i int) string {
			if desc == nil {
				return ""
			}
			return desc[h.seats[i]]
		})
	}
	collected := make([]chips.Chips, ss.n)
	fin := make([]chips.Chips, len(st.Players))
	for i := range st.Players {
		p := h.seats[i]
		fin[i] = st.StartingStacks[i]
		if h.dealt[p] {
			fin[i] = set.Stacks[i]
			collected[p] = set.Won[i]
		}
	}
	st.FinishingStacks = fin
	if h.feedErr == nil {
		h.feedErr = ss.tr.OnHandEnd(collected)
	}
	sg.finishHand(fin)
	return nil
}

// finishHand records the stacks the hand leaves (fin by table index; nil
// when nobody was dealt in) and ends the replay hand.
func (sg *sessionGame) finishHand(fin []chips.Chips) {
	ss, st := sg.ss, &sg.st
	if f := ss.pl.opt.handDone; f != nil && fin != nil {
		dealt := make([]bool, len(st.Players))
		for i, name := range st.Players {
			dealt[i] = sg.h.dealt[ss.phys[name]]
		}
		f(st, dealt)
	}
	for i, name := range st.Players {
		s := st.StartingStacks[i]
		if fin != nil {
			s = fin[i]
		}
		sg.held[ss.phys[name]] = s
	}
	if sg.rec != nil {
		sg.rec.EndHand()
	}
}

// record records a betting action in the replay, if one is recorded.
func (sg *sessionGame) record(p int, k replay.EventKind, added chips.Chips) {
	if sg.rec != nil {
		sg.rec.Action(p, k, added)
	}
}

// decide returns the action of the agent of physical seat p, table index
// i, the seat to act.
func (sg *sessionGame) decide(i, p int) phh.Action {
	ss, h := sg.ss, &sg.h
	run := h.run
	bh := run.Betting()
	l := run.Legal()
	street := bh.StreetBet(i)
	toCall := max(bh.TableBet()-street, 0)
	canRaise := l.CanBet || l.CanRaise
	options := 1 // check or call
	if l.CanFold {
		options++
	}
	if canRaise {
		options += 3
	}
	sg.r.LegalSum += options
	fold := phh.Action{Kind: phh.Fold, Player: i}
	cc := phh.Action{Kind: phh.CheckCall, Player: i}
	raise := func(to chips.Chips) phh.Action {
		return phh.Action{Kind: phh.BetRaise, Player: i, Amount: min(max(to, l.MinTo), l.MaxTo)}
	}
	if pl := ss.house[p]; pl != nil {
		in := 0
		for q := 0; q < ss.n; q++ {
			if h.dealt[q] && !h.folded[q] {
				in++
			}
		}
		sit := house.Situation{
			Class:      house.Holdem,
			Hole:       h.hole[p][:],
			Board:      h.board,
			Opponents:  max(in-1, 1),
			Legal:      l,
			Pot:        run.Pot(),
			ToCall:     toCall,
			Stack:      bh.Stack(i),
			BigBlind:   ss.bb,
			InPosition: sg.lastToAct(p),
			Round:      h.round,
			Rounds:     4,
		}
		d, _ := pl.Decide(sit) // a fallback decision is still a legal one
		switch d.Action.Kind {
		case betting.Fold:
			if l.CanFold {
				return fold
			}
			return cc
		case betting.Bet, betting.Raise:
			if canRaise {
				return raise(street + d.Action.Amount)
			}
		}
		return cc
	}
	// Random: fold, check or call, min raise, pot raise, all-in.
	var menu [5]phh.Action
	k := 0
	if l.CanFold {
		menu[k] = fold
		k++
	}
	menu[k] = cc
	k++
	if canRaise {
		pot := street + toCall + (run.Pot() + toCall)
		for _, to := range [...]chips.Chips{l.MinTo, pot, l.MaxTo} {
			if a := raise(to); menu[k-1].Kind != a.Kind || menu[k-1].Amount != a.Amount {
				menu[k] = a
				k++
			}
		}
	}
	return menu[ss.rngs[p].IntN(k)]
}

// lastToAct reports whether seat p acts after every other player still in
// the hand and able to act, in the order of the rounds after the first
// (from the seat after the button).
func (sg *sessionGame) lastToAct(p int) bool {
	h, n := &sg.h, sg.ss.n
	dist := func(q int) int { return (q - h.button - 1 + 2*n) % n }
	for q := 0; q < n; q++ {
		if q != p && h.dealt[q] && !h.folded[q] && h.stack(q) > 0 && dist(q) > dist(p) {
			return false
		}
	}
	return true
}
