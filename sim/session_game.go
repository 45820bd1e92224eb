package sim

import (
	"fmt"
	"strings"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/engine/phh"
	"github.com/deckforge/deckforge/engine/stats"
	"github.com/deckforge/deckforge/engine/table"
	"github.com/deckforge/deckforge/replay"
	"github.com/deckforge/deckforge/sim/agent"
)

// gameHands is the equipment of a session whose hands are played by
// engine/game (any genome with a betting phase, any agent): the table
// (engine/table) decides between hands who is dealt in, the stacks, the
// button and the forced bets with their dead blinds, and each hand is one
// game (game.Program.ResetHand) played by the run's agents through the
// usual agent interface.
type gameHands struct {
	agents []agent.Agent // by physical seat
	state  game.State
	obs    *observer // counts the betting and the actions of every hand
	// cfg is the hand's betting by physical seat (its slices reused).
	cfg                   betting.HandConfig
	stacks, antes, blinds []chips.Chips
}

// resize returns b with n zero entries, reusing its memory.
func resize(b []chips.Chips, n int) []chips.Chips {
	if cap(b) < n {
		return make([]chips.Chips, n)
	}
	b = b[:n]
	clear(b)
	return b
}

func (ss *session) newGameHands() error {
	agents, err := agent.ParseList(strings.Join(ss.pl.agents, ","), ss.n, ss.pl.opt.Agent)
	if err != nil {
		return fmt.Errorf("sim: agents: %w", err)
	}
	ss.gh = &gameHands{agents: agents, obs: newObserver(ss.pl.rules)}
	return nil
}

// beginGameSession prepares the agents, the counts (the positional stats
// into pos) and the replay (when one is recorded) for session i.
func (sg *sessionGame) beginGameSession(i int, seed uint64, pos *stats.Aggregator) {
	ss, gh := sg.ss, sg.ss.gh
	for p, a := range gh.agents {
		a.Reset(ss.rngs[p])
	}
	gh.obs.begin(ss.n, pos)
	gh.obs.rec = nil
	if ss.pl.opt.Replay != nil {
		sg.grec = newRecorder(ss.pl)
		sg.grec.sess = sg
		sg.grec.begin(i, seed)
		gh.obs.rec = sg.grec
	}
}

// handSeats sets the seats of the replay hand that begins (game players
// are physical seats through game.Program.TableSeat): the table's
// players with their stacks, intents, dead blinds and presence, and the
// dead money; the hand's number is the table's.
func (sg *sessionGame) handSeats(hs *replay.HandStart) {
	ss, st := sg.ss, &sg.st
	hs.Number = st.Hand
	hs.DeadMoney = st.DeadMoney
	for i, name := range st.Players {
		p := ss.phys[name]
		hs.Seats = append(hs.Seats, replay.Seat{Seat: ss.pl.prog.TableSeat(ss.n, p), Name: name, Stack: st.StartingStacks[i],
			Score:    int64(ss.gh.state.Score(ss.pl.prog.TableSeat(ss.n, p))),
			Inactive: st.Inactive[i] || !sg.h.dealt[p], Intent: replay.Intent(st.Intents[i]), DeadBlinds: st.DeadBlinds[i],
			Away: !sg.pres.Connected(name)})
	}
}

// endGameSession adds the session's counts to its result.
func (sg *sessionGame) endGameSession() {
	gh, r := sg.ss.gh, sg.r
	r.Betting.add(&gh.obs.bet)
	r.Actions += gh.obs.actions
	r.ForcedActions += gh.obs.forced
	r.Tricks = gh.obs.tricks
	r.positionalErr += gh.obs.posErrs
	for _, a := range gh.agents {
		if fc, ok := a.(agent.FallbackCounter); ok {
			r.Fallbacks.Add(fc.Fallbacks())
		}
	}
}

// playGameHand plays the hand Next dealt as one game of the genome: its
// players are the session's physical seats (in betting-seat order,
// game.Program.TableSeat), so every agent plays the same player from hand
// to hand; the seats not dealt in have no chips in it. Players away play
// by their auto-action. The game's finishing stacks become the table's.
func (sg *sessionGame) playGameHand() (bool, error) {
	ss, st, h, gh := sg.ss, &sg.st, &sg.h, sg.ss.gh
	h.reset(ss.n)
	for i, name := range st.Players {
		p := ss.phys[name]
		h.tix[p] = i
		h.seats = append(h.seats, p)
		h.start[p] = st.StartingStacks[i]
	}
	cfg, _, ok, err := table.HandConfig(*st)
	if err != nil {
		return false, err
	}
	if !ok {
		if rc := sg.grec; rc != nil {
			// A hand nobody is dealt into still shows who came and went.
			hs := replay.HandStart{Button: replay.NoSeat, SmallBlind: rc.sb, BigBlind: rc.bb, MinBet: rc.bb, Piles: pileNames}
			sg.handSeats(&hs)
			rc.rec.BeginHand(hs)
			rc.rec.EndHand()
		}
		sg.finishHand(nil)
		return false, nil
	}
	for i := range st.Players {
		h.dealt[h.seats[i]] = cfg.Stacks[i] > 0
	}
	// The game has a player for every physical seat, in betting-seat
	// order: the table's seats keep their physical order, so its positions
	// map over; empty seats and seats sitting out have no chips.
	prog := ss.pl.prog
	gc := &gh.cfg
	gh.stacks, gh.antes, gh.blinds = resize(gh.stacks, ss.n), resize(gh.antes, ss.n), resize(gh.blinds, ss.n)
	*gc = cfg
	gc.Stacks, gc.Antes, gc.Blinds = gh.stacks, gh.antes, gh.blinds
	for i, p := range h.seats {
		gc.Stacks[p], gc.Antes[p], gc.Blinds[p] = cfg.Stacks[i], cfg.Antes[i], cfg.Blinds[i]
	}
	gc.Button, gc.FirstToAct, gc.FirstToActPostflop = h.seats[cfg.Button], h.seats[cfg.FirstToAct], h.seats[cfg.FirstToActPostflop]
	s := &gh.state
	s.Listen(gh.obs)
	if err := prog.ResetHand(s, gc, ss.tableRNG); err != nil {
		return false, err
	}
	if sg.grec != nil {
		sg.grec.flushBlinds()
		sg.grec.flushDeals()
	}
	if err := sg.disconnects(); err != nil {
		return false, err
	}
	for !s.Terminal() {
		q := s.ToMove()
		p := prog.TableSeat(ss.n, q)
		name := ss.names[p]
		var mv game.Move
		if sg.pres.Connected(name) {
			sg.r.Decisions++
			sg.r.PlayerDecisions[p]++
			sg.r.LegalSum += s.NumLegal()
			mv = gh.agents[p].Choose(agent.NewView(s))
			gh.obs.claim = int8(q)
		} else {
			mv = autoMove(s, ss.auto)
			gh.obs.claim = -1
		}
		if err := s.Apply(mv); err != nil {
			return false, fmt.Errorf("seat %d (%s, %s): move %v: %w", p, name, ss.pl.agents[p], mv, err)
		}
	}
	sg.r.Moves += s.Moves()
	s.Listen(nil)
	fin := make([]chips.Chips, len(st.Players))
	for i, p := range h.seats {
		fin[i] = st.StartingStacks[i]
		if cfg.Stacks[i] > 0 {
			fin[i] = s.Chips(prog.TableSeat(ss.n, p))
		}
	}
	st.FinishingStacks = fin
	sg.finishHand(fin)
	return true, nil
}

// autoMove returns the move of a player away in s (engine/table's
// auto-action, a): in a betting decision, its check or call, or a fold
// (a check when the check is free: engine/game offers no fold then);
// otherwise a pass when it may pass, else its first legal move.
func autoMove(s *game.State, a table.AutoAction) game.Move {
	check, call, fold := s.IsLegal(game.Check()), s.IsLegal(game.Call()), s.IsLegal(game.Fold())
	if check || call || fold {
		bh, _ := s.Betting()
		var owed chips.Chips
		if !check {
			owed = bh.Legal().CallAmount
		}
		switch {
		case a.Decide(owed) == phh.Fold && fold:
			return game.Fold()
		case check:
			return game.Check()
		case call:
			return game.Call()
		}
		return game.Fold()
	}
	if s.IsLegal(game.Pass()) {
		return game.Pass()
	}
	return s.LegalMove(0)
}
