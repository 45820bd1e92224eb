package sim

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/handeval"
	"github.com/deckforge/deckforge/engine/phh"
	"github.com/deckforge/deckforge/engine/stats"
	"github.com/deckforge/deckforge/engine/table"
	"github.com/deckforge/deckforge/replay"
	"github.com/deckforge/deckforge/sim/agent"
	"github.com/deckforge/deckforge/sim/agent/house"
)

// sessionAgents checks that every seat of a session is played by an agent
// sessions support: "house" (the house strategy) or "random".
func sessionAgents(specs []string) error {
	for i, s := range specs {
		if s != agent.KindHouse && s != agent.KindRandom {
			return fmt.Errorf("seat %d: agent %q: sessions are played by house and random agents only", i, s)
		}
	}
	return nil
}

// session plays hold'em sessions over engine/table, the game model of
// sit-in/sit-out: engine/game has no way to sit a player out between hands
// and let it come back, so a run with SitOuts enabled plays each game as a
// session of table hands instead. One session value serves one worker.
//
// A session seats the run's players at a table of as many seats, every one
// with the genome's starting chips, and plays at most SitOuts.Hands hands
// (the genome's max_turns when 0). Before every hand the sit-out draws
// (see SitOuts) change intents through table.Merge, Presence stands up the
// players away too long and reconnects those who come back, and table.Next settles
// the previous hand, removes the leavers, moves the blinds, charges or
// clears dead blinds and deals; then every connected player dealt in may
// disconnect. Players to act decide with their agent (house.Player with
// the hold'em evaluator, or uniformly among fold, check or call, the
// minimum raise, a pot raise and all-in), or by their auto-action when
// away. The session ends early when fewer than two players hold chips at
// the table; the players with the most chips (left players keep what
// they left with) win. A player's standing for the lead metrics is its
// chips after every hand; the legal moves of a decision are counted as the
// menu of the random agent (fold when offered, check or call, and three
// bet sizes when a bet or raise is open).
type session struct {
	pl                *plan
	n                 int
	sb, bb, ante, buy chips.Chips
	hands             int
	cfg               SitOuts
	auto              table.AutoAction

	names []string
	phys  map[string]int
	mgr   *house.Manager
	house []*house.Player
	pcgs  []rand.PCG
	rngs  []*rand.Rand

	tablePCG, sitPCG rand.PCG
	tableRNG, sitRNG *rand.Rand

	lead leadTrack
	tr   stats.Tracker
	eval *handeval.Evaluator

	// gh plays the hands as games of engine/game when the run is not a
	// hold'em table of house and random players (see SessionRun).
	gh *gameHands
}

func newSession(pl *plan) (*session, error) {
	g := pl.prog.Genome()
	n := pl.players
	ss := &session{
		pl:   pl,
		n:    n,
		sb:   chips.FromInt(int64(g.Setup.SmallBlind)),
		bb:   chips.FromInt(int64(g.Setup.BigBlind)),
		ante: chips.FromInt(int64(g.Setup.Ante)),
		buy:  chips.FromInt(int64(g.Setup.StartingChips)),
		cfg:  pl.opt.SitOuts,
		phys: map[string]int{},
		eval: handeval.Default(),
	}
	ss.hands = ss.cfg.Hands
	if ss.hands == 0 {
		ss.hands = int(g.Turns.MaxTurns)
	}
	if ss.cfg.Auto != "" {
		a, err := table.ParseAutoAction(ss.cfg.Auto)
		if err != nil {
			return nil, fmt.Errorf("sim: sit-outs: auto: %w", err)
		}
		ss.auto = a
	}
	cfg := pl.opt.Agent.House
	if cfg == (house.Config{}) {
		cfg = house.DefaultConfig()
	}
	m, err := house.NewManager(cfg)
	if err != nil {
		return nil, fmt.Errorf("sim: house: %w", err)
	}
	ss.mgr = m
	ss.pcgs = make([]rand.PCG, n)
	ss.rngs = make([]*rand.Rand, n)
	ss.house = make([]*house.Player, n)
	for i := 0; i < n; i++ {
		ss.rngs[i] = rand.New(&ss.pcgs[i])
		name := playerName(i, pl.agents[i])
		if pl.agents[i] == agent.KindHouse {
			p, err := house.NewPlayer(i+1, m, ss.rngs[i])
			if err != nil {
				return nil, fmt.Errorf("sim: house: %w", err)
			}
			ss.house[i] = p
		}
		ss.names = append(ss.names, name)
		ss.phys[name] = i
	}
	ss.tableRNG = rand.New(&ss.tablePCG)
	ss.sitRNG = rand.New(&ss.sitPCG)
	if tableHands(g, pl.agents) != nil {
		if err := ss.newGameHands(); err != nil {
			return nil, err
		}
	}
	return ss, nil
}

// sessionGame is the state of one session being played.
type sessionGame struct {
	ss   *session
	r    *GameResult
	st   table.State
	pres *table.Presence
	held []chips.Chips // chips of every player: its stack, or what it left with
	// ledger keeps every player's bankroll (engine/table's Ledger): the
	// buy-ins, what leaving players cash out, the reloads of joiners.
	ledger *table.Ledger
	rec    *replay.Recorder
	// grec records the session when engine/game plays its hands.
	grec *recorder
	// The hand in progress, by physical seat.
	h handTrack
}

// handTrack follows one table hand by physical seat; the betting itself
// is the hand runner's (run), indexed by the table's seats.
type handTrack struct {
	run           *phh.Runner
	tix           []int // table index of each physical seat, -1 when not seated
	seats         []int // physical seat of each table index
	start         []chips.Chips
	blind, anteP  []chips.Chips
	dealt, folded []bool
	hole          [][2]cards.Card
	board         []cards.Card
	deck          []cards.Card // the cards left to deal the board from
	round         int
	button        int
	feedErr       error
}

func (h *handTrack) reset(n int) {
	if len(h.start) != n {
		h.tix = make([]int, n)
		h.start = make([]chips.Chips, n)
		h.blind = make([]chips.Chips, n)
		h.anteP = make([]chips.Chips, n)
		h.dealt = make([]bool, n)
		h.folded = make([]bool, n)
		h.hole = make([][2]cards.Card, n)
	}
	for p := range h.tix {
		h.tix[p] = -1
	}
	clear(h.start)
	clear(h.blind)
	clear(h.anteP)
	clear(h.dealt)
	clear(h.folded)
	h.seats = h.seats[:0]
	h.board = h.board[:0]
	h.deck = h.deck[:0]
	h.run, h.round, h.button, h.feedErr = nil, 0, -1, nil
}

// stack returns physical seat p's chips behind in the hand.
func (h *handTrack) stack(p int) chips.Chips {
	bh := h.run.Betting()
	return bh.Stack(h.tix[p])
}

// play plays session i with seed into r.
func (ss *session) play(ctx context.Context, i int, seed uint64, r *GameResult) error {
	n := ss.n
	prev := r.positional
	*r = GameResult{Index: i, Seed: seed, Players: n}
	seedPCG(&ss.tablePCG, seed, streamTable)
	seedPCG(&ss.sitPCG, seed, streamSitOut)
	for p := 0; p < n; p++ {
		seedPCG(&ss.pcgs[p], seed, streamAgent+2*p)
	}
	pres, err := table.NewPresence(ss.cfg.GraceHands)
	if err != nil {
		return fmt.Errorf("sim: session %d: %w", i, err)
	}
	for _, name := range ss.names {
		pres.SetAuto(name, ss.auto)
	}
	sg := &sessionGame{ss: ss, r: r, pres: pres, held: make([]chips.Chips, n), ledger: table.NewLedger()}
	for p, name := range ss.names {
		if err := sg.ledger.Open(name); err != nil {
			return fmt.Errorf("sim: session %d: %w", i, err)
		}
		// Everyone buys in for the genome's starting chips, at most its
		// bankroll, as a joiner does.
		sg.held[p] = min(ss.buy, sg.ledger.Bank(name))
		if err := sg.ledger.BuyIn(name, sessionTable, sg.held[p]); err != nil {
			return fmt.Errorf("sim: session %d: %w", i, err)
		}
	}
	sg.st = ss.initial(sg.held)
	ss.lead.begin(n)
	if ss.pl.opt.Replay != nil && ss.gh == nil {
		sg.rec = ss.newRecorder(i, seed)
	}
	pos := reusePositional(prev)
	if ss.gh != nil {
		sg.beginGameSession(i, seed, pos)
	}
	names := make([]string, n)
	for p := range names {
		names[p] = positionalName
	}
	limitHit := true
	for hand := 1; hand <= ss.hands; hand++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		if hand > 1 {
			if err := sg.between(); err != nil {
				return fmt.Errorf("sim: session %d: before hand %d: %w", i, hand, err)
			}
		}
		if err := sg.next(); err != nil {
			return fmt.Errorf("sim: session %d: hand %d: %w", i, hand, err)
		}
		dealt, err := sg.playHand()
		if err != nil {
			return fmt.Errorf("sim: session %d: hand %d: %w", i, sg.st.Hand, err)
		}
		if dealt {
			r.Hands++
			switch {
			case ss.gh != nil: // the observer keeps the positional stats
			case sg.h.feedErr == nil:
				if err := pos.Add(&ss.tr, names); err != nil {
					r.positionalErr++
				}
			default:
				r.positionalErr++
			}
		}
		ss.sample(sg.held)
		if sg.over() {
			limitHit = false
			break
		}
	}
	r.Turns = r.Hands
	r.Completed = !limitHit
	best := chips.Chips(0)
	for p := 0; p < n; p++ {
		net := sg.net(p)
		r.NetChips[p] = Amount(net)
		switch {
		case p == 0 || net > best:
			best, r.Winners = net, 1<<p
		case net == best:
			r.Winners |= 1 << p
		}
	}
	k := float64(bits.OnesCount16(r.Winners))
	for p := 0; p < n; p++ {
		if r.Winners&(1<<p) != 0 {
			r.Rewards[p] = 1 / k
		}
	}
	ss.lead.metrics(r)
	r.positional = pos
	if ss.gh != nil {
		sg.endGameSession()
		r.positional = ss.gh.obs.posAgg
	}
	var rec *replay.Recorder
	switch {
	case sg.grec != nil:
		rec = sg.grec.rec
	case sg.rec != nil:
		rec = sg.rec
	}
	if rec != nil {
		rp, err := rec.Replay()
		if err != nil {
			return fmt.Errorf("sim: session %d: %w", i, err)
		}
		if err := ss.pl.opt.Replay(i, rp); err != nil {
			return fmt.Errorf("sim: session %d: replay: %w", i, err)
		}
	}
	return nil
}

// sample records every player's chips as its standing.
func (ss *session) sample(held []chips.Chips) {
	for _, c := range held {
		ss.lead.prim = append(ss.lead.prim, int64(c))
		ss.lead.sec = append(ss.lead.sec, 0)
	}
	ss.lead.close()
}

// initial returns the table before the first hand: everyone seated with
// its buy-in (stacks, by seat), the small blind on seat 0 and the big blind on seat 1, so
// that the first hand (after Next moves them) has the button on seat 0.
func (ss *session) initial(stacks []chips.Chips) table.State {
	n := ss.n
	st := table.State{SeatCount: n, Players: append([]string(nil), ss.names...)}
	for p := 0; p < n; p++ {
		st.StartingStacks = append(st.StartingStacks, stacks[p])
		st.BlindsOrStraddles = append(st.BlindsOrStraddles, 0)
		st.Antes = append(st.Antes, ss.ante)
		st.Inactive = append(st.Inactive, false)
		st.Intents = append(st.Intents, table.Play)
		st.DeadBlinds = append(st.DeadBlinds, 0)
	}
	switch {
	case ss.sb == 0 && ss.bb == 0:
		st.Button = n - 1 // a table without blinds: antes only
	case n == 2:
		st.BlindsOrStraddles[1], st.BlindsOrStraddles[0] = ss.sb, ss.bb
	default:
		st.BlindsOrStraddles[0], st.BlindsOrStraddles[1] = ss.sb, ss.bb
	}
	st.FinishingStacks = append([]chips.Chips(nil), st.StartingStacks...)
	return st
}

// net returns player p's chips won or lost in the session: its bankroll
// and its chips at the table (what it left with is in its bankroll) less
// what it was given (the starting chips and every reload).
func (sg *sessionGame) net(p int) chips.Chips {
	name := sg.ss.names[p]
	c := sg.ledger.Bank(name) - sg.ledger.Invested(name)
	if sg.st.Seat(name) >= 0 {
		c += sg.held[p]
	}
	return c
}

// sessionTable names the session's table in its ledger.
const sessionTable = "table"

// over reports that fewer than two players hold chips at the table and
// mean to stay, and that nobody can join (players join a table with
// someone seated at it).
func (sg *sessionGame) over() bool {
	k := 0
	for i, name := range sg.st.Players {
		if sg.st.Intents[i] != table.Leave && sg.held[sg.ss.phys[name]] > 0 {
			k++
		}
	}
	if k >= 2 {
		return false
	}
	return sg.ss.cfg.Join == 0 || len(sg.st.Players) == 0
}

// join seats every player of the session who is not at the table with
// probability SitOuts.Join: its bankroll is reloaded when below
// engine/table's StartingChips, and it buys in for the genome's starting
// chips, capped by its bankroll, through table.Merge.
func (sg *sessionGame) join() error {
	ss := sg.ss
	if ss.cfg.Join == 0 {
		return nil // and draws nothing: sessions without joins play as they did
	}
	for p, name := range ss.names {
		if sg.st.Seat(name) >= 0 {
			continue
		}
		if ss.sitRNG.Float64() >= ss.cfg.Join || len(sg.st.Players) == 0 || len(sg.st.Players) >= sg.st.SeatCount {
			continue
		}
		if got, err := sg.ledger.Reload(name); err != nil {
			return err
		} else if got > 0 {
			sg.r.SitOuts.Reloads++
		}
		bank := sg.ledger.Bank(name)
		client := table.Personalize(sg.st, name)
		pos := 0
		for _, other := range sg.st.Players {
			if ss.phys[other] < p {
				pos++
			}
		}
		client.Players = slices.Insert(client.Players, pos, name)
		client.StartingStacks = slices.Insert(client.StartingStacks, pos, ss.buy)
		client.Intents = slices.Insert(client.Intents, pos, table.Play)
		client.BlindsOrStraddles = slices.Insert(client.BlindsOrStraddles, pos, 0)
		client.Antes = slices.Insert(client.Antes, pos, 0)
		client.Inactive = slices.Insert(client.Inactive, pos, true)
		client.DeadBlinds = slices.Insert(client.DeadBlinds, pos, 0)
		if client.FinishingStacks != nil {
			client.FinishingStacks = slices.Insert(client.FinishingStacks, pos, ss.buy)
		}
		st, err := table.Merge(sg.st, client, table.JoinLimits{Bankroll: bank, MaxBuyIn: ss.buy})
		if err != nil {
			return fmt.Errorf("%s joins: %w", name, err)
		}
		i := st.Seat(name)
		if i < 0 {
			return fmt.Errorf("%s joins but is not seated", name)
		}
		if err := sg.ledger.BuyIn(name, sessionTable, st.StartingStacks[i]); err != nil {
			return err
		}
		sg.st = st
		sg.held[p] = st.StartingStacks[i]
		sg.r.SitOuts.Joins++
	}
	return nil
}

// between draws the sit-out events before the next hand (see SitOuts).
func (sg *sessionGame) between() error {
	ss, cfg := sg.ss, &sg.ss.cfg
	st, gone, err := sg.pres.Expire(sg.st)
	if err != nil {
		return err
	}
	sg.st = st
	sg.r.SitOuts.StandUps += len(gone)
	names := append([]string(nil), sg.st.Players...)
	for _, name := range names {
		u := ss.sitRNG.Float64()
		i := sg.st.Seat(name)
		if i < 0 || sg.st.Intents[i] == table.Leave {
			continue
		}
		if !sg.pres.Connected(name) {
			if u < cfg.Reconnect {
				st, _, err := sg.pres.Reconnect(sg.st, name)
				if err != nil {
					return err
				}
				sg.st = st
				sg.r.SitOuts.Reconnects++
			}
			continue
		}
		want := sg.st.Intents[i]
		switch in := sg.st.Intents[i]; {
		case !sg.st.Inactive[i] && in == table.Play:
			switch {
			case u < cfg.Pause:
				want = table.Pause
				sg.r.SitOuts.Pauses++
			case u < cfg.Pause+cfg.PauseUntilBB:
				want = table.PauseUntilBB
				sg.r.SitOuts.PausesUntilBB++
			case u < cfg.Pause+cfg.PauseUntilBB+cfg.Leave:
				want = table.Leave
				sg.r.SitOuts.Leaves++
			}
		case sg.st.Inactive[i] && (in == table.Pause || in == table.PauseUntilBB):
			if u < cfg.Return {
				want = table.Play
				sg.r.SitOuts.Returns++
			}
		}
		if want != sg.st.Intents[i] {
			client := table.Personalize(sg.st, name)
			client.Intents[i] = want
			st, err := table.Merge(sg.st, client, table.JoinLimits{})
			if err != nil {
				return err
			}
			sg.st = st
		}
	}
	return sg.join()
}

// next settles the hand and starts the next one, and counts what changed
// between the two (the replay's BeginHand finds the same changes).
func (sg *sessionGame) next() error {
	ss := sg.ss
	prev := sg.st
	st, err := table.Next(sg.st, ss.tableRNG)
	if err != nil {
		return err
	}
	sg.st = st
	fin, err := table.Settle(prev)
	if err != nil {
		return err
	}
	if err := sg.ledger.Settle(sessionTable, prev.Players, fin); err != nil {
		return err
	}
	for i, name := range prev.Players {
		sg.held[ss.phys[name]] = fin[i]
		if st.Seat(name) < 0 {
			if _, err := sg.ledger.CashOut(name, sessionTable); err != nil {
				return err
			}
		}
	}
	for i, name := range st.Players {
		k := prev.Seat(name)
		paid := fin[k] - st.StartingStacks[i]
		sg.held[ss.phys[name]] = st.StartingStacks[i]
		if st.Intents[i] == table.Leave && prev.Intents[k] != table.Leave {
			sg.r.SitOuts.BustOuts++
		}
		switch d := st.DeadBlinds[i]; {
		case paid > 0:
			sg.r.SitOuts.DeadBlindsPaid++
			sg.r.SitOuts.DeadChips += Amount(paid)
		case d < prev.DeadBlinds[k] && !st.Inactive[i]:
			sg.r.SitOuts.BigBlindReturns++
		}
		if st.Inactive[i] {
			sg.r.SitOuts.SatOut++
		}
	}
	return nil
}

// newRecorder starts the replay of session i.
func (ss *session) newRecorder(i int, seed uint64) *replay.Recorder {
	g := ss.pl.prog.Genome()
	return replay.NewRecorder(replay.Game{
		Name:       g.Name,
		GenomeHash: ss.pl.hash[:],
		Kind:       replay.Poker,
		Players:    ss.names,
		SeatCount:  ss.n,
		Seed:       seed,
		Source:     ss.pl.source(i),
	})
}
