package replay_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/handeval"
	"github.com/deckforge/deckforge/engine/phh"
	"github.com/deckforge/deckforge/engine/table"
	"github.com/deckforge/deckforge/replay"
)

// tableSession plays a 6-seat hold'em table through engine/table (random
// actions, players pausing, coming back, joining, leaving, disconnecting)
// and records it with a Recorder, one call per engine event, the way a
// simulator would. Array indexes of the table shift when a player leaves,
// so the session keeps each player's physical seat.
type tableSession struct {
	t      *testing.T
	rng    *rand.Rand
	s      table.State
	pres   *table.Presence
	rec    *replay.Recorder
	seatOf map[string]int
	next   int // actions of s already recorded
	pool   []string
	// finals[h] are the finishing stacks engine/table settled hand h
	// with, by physical seat.
	finals []map[int]chips.Chips
}

func newTableSession(t *testing.T, seed uint64) *tableSession {
	ts := &tableSession{t: t, rng: rand.New(rand.NewPCG(seed, 7)), seatOf: map[string]int{}}
	ts.pres, _ = table.NewPresence(2)
	s := table.State{SeatCount: 6, Actions: []phh.Action{}}
	for i := range 4 {
		name := fmt.Sprintf("House%d", i+1)
		ts.seatOf[name] = i
		s.Players = append(s.Players, name)
		s.StartingStacks = append(s.StartingStacks, chips.FromInt(100))
		s.BlindsOrStraddles = append(s.BlindsOrStraddles, 0)
		s.Antes = append(s.Antes, 0)
		s.Inactive = append(s.Inactive, false)
		s.Intents = append(s.Intents, table.Play)
		s.DeadBlinds = append(s.DeadBlinds, 0)
	}
	s.BlindsOrStraddles[0], s.BlindsOrStraddles[1] = chips.FromInt(1), chips.FromInt(2)
	for i := 5; i <= 40; i++ {
		ts.pool = append(ts.pool, fmt.Sprintf("House%d", i))
	}
	ts.s = s
	ts.rec = replay.NewRecorder(replay.Game{Name: "Texas hold'em", Kind: replay.Poker, SeatCount: 6, Seed: seed, Source: "engine/table"})
	return ts
}

func (ts *tableSession) fatal(err error) {
	ts.t.Helper()
	if err != nil {
		ts.t.Fatalf("hand %d: %v", ts.s.Hand, err)
	}
	if err := ts.rec.Err(); err != nil {
		ts.t.Fatal(err)
	}
}

// button finds the button as engine/table places it: the seat before the
// small blind (the seat from which the forced bets read smallest), or the
// small blind itself with two players dealt in.
func button(s *table.State) int {
	n := len(s.Players)
	var nz []int
	for i, b := range s.BlindsOrStraddles {
		if b > 0 {
			nz = append(nz, i)
		}
	}
	if len(nz) == 0 {
		return replay.NoSeat
	}
	rotation := func(x int) []chips.Chips {
		var out []chips.Chips
		for j := range nz {
			out = append(out, s.BlindsOrStraddles[nz[(x+j)%len(nz)]])
		}
		return out
	}
	best := 0
	runStart := func(x int) bool { return s.BlindsOrStraddles[(nz[x]-1+n)%n] == 0 }
	for x := 1; x < len(nz); x++ {
		c := slices.Compare(rotation(x), rotation(best))
		if c < 0 || (c == 0 && runStart(x) && !runStart(best)) {
			best = x
		}
	}
	sb := nz[best]
	if len(nz) == 1 {
		sb = (sb - 1 + n) % n
	}
	dealt := 0
	for _, in := range s.Inactive {
		if !in {
			dealt++
		}
	}
	if dealt == 2 {
		return sb
	}
	return (sb - 1 + n) % n
}

// startHand records the hand engine/table's Next started.
func (ts *tableSession) startHand() {
	s := &ts.s
	hs := replay.HandStart{
		Number: s.Hand, Variant: "NT", SmallBlind: chips.FromInt(1), BigBlind: chips.FromInt(2),
		DeadMoney: s.DeadMoney, Button: replay.NoSeat,
	}
	if b := button(s); b != replay.NoSeat {
		hs.Button = ts.seatOf[s.Players[b]]
	}
	for i, name := range s.Players {
		hs.Seats = append(hs.Seats, replay.Seat{
			Seat: ts.seatOf[name], Name: name, Stack: s.StartingStacks[i], Inactive: s.Inactive[i],
			Intent: replay.Intent(s.Intents[i]), DeadBlinds: s.DeadBlinds[i], Away: !ts.pres.Connected(name),
		})
	}
	// Forced bets are posted in a hand dealt to two players or more.
	if run, err := table.Runner(*s); err == nil && run != nil {
		for i, name := range s.Players {
			hs.Forced = append(hs.Forced, replay.Forced{Seat: ts.seatOf[name], Blind: s.BlindsOrStraddles[i], Ante: s.Antes[i]})
		}
	}
	ts.rec.BeginHand(hs)
	ts.next = 0
	ts.syncActions()
}

// syncActions records the actions engine/table appended since the last
// call.
func (ts *tableSession) syncActions() {
	boards := 0
	for _, a := range ts.s.Actions[:ts.next] {
		if a.Kind == phh.DealBoard {
			boards++
		}
	}
	for ; ts.next < len(ts.s.Actions); ts.next++ {
		a := ts.s.Actions[ts.next]
		seat := -1
		if a.Player >= 0 {
			seat = ts.seatOf[ts.s.Players[a.Player]]
		}
		switch a.Kind {
		case phh.DealHole:
			ts.rec.Deal(ts.seatOf[ts.s.Players[a.Player]], a.Cards, false)
		case phh.DealBoard:
			boards++
			ts.rec.Round(boards)
			ts.rec.Board(a.Cards...)
		case phh.Fold:
			ts.rec.Action(seat, replay.Fold, 0)
		case phh.CheckCall:
			ts.rec.CheckCall(seat)
		case phh.BetRaise:
			ts.rec.BetRaiseTo(seat, a.Amount)
		default:
			ts.t.Fatalf("unexpected action %q", ts.s.Actions[ts.next])
		}
		ts.fatal(nil)
	}
}

// syncSeats records the sit-in/sit-out changes of a client request or a
// connection event.
func (ts *tableSession) syncSeats() {
	tb := ts.rec.Table()
	for i, name := range ts.s.Players {
		seat, ok := ts.seatOf[name]
		if !ok || !tb.Seats[seat].Present {
			continue
		}
		st := &tb.Seats[seat]
		if away := !ts.pres.Connected(name); away != st.Away {
			if away {
				ts.rec.Disconnect(seat)
			} else {
				ts.rec.Reconnect(seat)
			}
		}
		if in := replay.Intent(ts.s.Intents[i]); in != st.Intent || ts.s.Inactive[i] != st.Inactive {
			ts.rec.SetIntent(seat, in, ts.s.Inactive[i])
		}
	}
	ts.syncActions()
}

// clientEvent applies a random client request or connection event.
func (ts *tableSession) clientEvent() {
	s := ts.s
	rng := ts.rng
	k := rng.IntN(10)
	if len(s.Players) < 4 {
		k = 6 // a short table gets a new player
	}
	switch {
	case k < 6:
		i := rng.IntN(len(s.Players))
		c := s.Clone()
		c.Author = s.Players[i]
		c.Intents[i] = []table.Intent{table.Play, table.Play, table.Play, table.PauseUntilBB, table.Pause}[rng.IntN(5)]
		if s.Inactive[i] && rng.IntN(3) > 0 {
			c.Intents[i] = table.Play // most players come back
		}
		if rng.IntN(25) == 0 {
			c.Intents[i] = table.Leave
		}
		out, err := table.Merge(s, c, table.JoinLimits{})
		ts.fatal(err)
		ts.s = out
	case k < 8:
		// A player joins after the last player of the seat order: at a
		// free physical seat between that player's and the first one's,
		// so that the physical seats read clockwise in the table's order.
		if len(ts.pool) == 0 {
			return
		}
		last, first := ts.seatOf[s.Players[len(s.Players)-1]], ts.seatOf[s.Players[0]]
		free := (last + 1) % s.SeatCount
		if free == first {
			return // no seat in between
		}
		name := ts.pool[0]
		c := s.Clone()
		c.Author = name
		c.Players = append(c.Players, name)
		c.StartingStacks = append(c.StartingStacks, chips.FromInt(100))
		c.BlindsOrStraddles = append(c.BlindsOrStraddles, 0)
		c.Antes = append(c.Antes, 0)
		c.Inactive = append(c.Inactive, true)
		c.Intents = append(c.Intents, table.Play)
		c.DeadBlinds = append(c.DeadBlinds, 0)
		out, err := table.Merge(s, c, table.JoinLimits{Bankroll: 7525, MaxBuyIn: chips.FromInt(150)})
		ts.fatal(err)
		ts.pool = ts.pool[1:]
		ts.seatOf[name] = free
		ts.s = out
		i := out.Seat(name)
		ts.rec.Join(free, name, out.StartingStacks[i], replay.Intent(out.Intents[i]))
	default:
		who := s.Players[rng.IntN(len(s.Players))]
		var err error
		if ts.pres.Connected(who) {
			ts.s, err = ts.pres.Disconnect(s, who)
		} else {
			ts.s, _, err = ts.pres.Reconnect(s, who)
		}
		ts.fatal(err)
	}
	ts.syncSeats()
}

// playHand plays the hand in progress to its end and records its
// settlement.
func (ts *tableSession) playHand() {
	for {
		if ts.rng.IntN(12) == 0 {
			ts.clientEvent()
		}
		st, err := table.Progress(ts.s)
		ts.fatal(err)
		if !st.Dealt {
			// Too few players: someone is asked to come back.
			ts.clientEvent()
			break
		}
		if st.Finished {
			break
		}
		if st.Board > 0 {
			ts.s, err = table.Deal(ts.s, ts.rng)
			ts.fatal(err)
			ts.syncActions()
			continue
		}
		player := ts.s.Players[st.ToAct]
		if !ts.pres.Connected(player) {
			ts.s, err = table.Auto(ts.s, ts.pres.Prefs())
		} else {
			ts.s, err = table.Act(ts.s, randomAction(st, ts.rng))
		}
		ts.fatal(err)
		ts.syncActions()
	}
	// The showdown: the best five of each player's seven cards.
	var board []cards.Card
	hole := map[int][]cards.Card{}
	for _, pa := range ts.s.Actions {
		switch pa.Kind {
		case phh.DealBoard:
			board = append(board, pa.Cards...)
		case phh.DealHole:
			hole[ts.seatOf[ts.s.Players[pa.Player]]] = pa.Cards
		}
	}
	strength := make([]uint32, 6)
	desc := make([]string, 6)
	tb := ts.rec.Table()
	var contenders []int
	for seat := range hole {
		if !tb.Seats[seat].Folded {
			contenders = append(contenders, seat)
		}
	}
	slices.Sort(contenders)
	if len(board) == 5 && len(contenders) > 1 {
		for _, seat := range contenders {
			best := handeval.Default().Best(append(slices.Clone(hole[seat]), board...))
			strength[seat] = uint32(best.Strength)
			desc[seat] = best.Category().String()
			ts.rec.Show(seat, nil, desc[seat])
		}
	}
	// The table's hand runner settles the hand; the replay records it.
	run, err := table.Runner(ts.s)
	ts.fatal(err)
	if run != nil {
		st, err := run.Settle()
		ts.fatal(err)
		seats := make([]int, len(ts.s.Players))
		for i, name := range ts.s.Players {
			seats[i] = ts.seatOf[name]
		}
		ts.rec.Settled(&st, seats, len(board) == 5 && len(contenders) > 1, func(s int) string { return desc[seats[s]] })
	}
	ts.rec.EndHand()
	ts.fatal(nil)
	final, err := table.Settle(ts.s)
	ts.fatal(err)
	m := map[int]chips.Chips{}
	for i, name := range ts.s.Players {
		m[ts.seatOf[name]] = final[i]
	}
	ts.finals = append(ts.finals, m)
}

// randomAction returns a random legal action ("pN f", "pN cc", "pN cbr X")
// for the seat to act.
func randomAction(st table.Status, rng *rand.Rand) string {
	l := st.Legal
	p := fmt.Sprintf("p%d", st.ToAct+1)
	switch k := rng.IntN(10); {
	case k < 2 && l.CanFold:
		return p + " f"
	case k < 8 || !(l.CanBet || l.CanRaise):
		return p + " cc"
	default:
		to := l.MinTo
		if span := int64(l.MaxTo - l.MinTo); span > 0 && rng.IntN(8) == 0 {
			to += chips.Chips(rng.Int64N(span + 1))
		}
		return p + " cbr " + to.String()
	}
}

// TestTableEngineSession records 200 hands of engine/table with sit-outs:
// every hand rebuilds to the finishing stacks engine/table settled it with,
// the chips add up at every step, and the session has players pausing,
// owing, paying and being forgiven dead blinds, joining and leaving.
func TestTableEngineSession(t *testing.T) {
	ts := newTableSession(t, 2024)
	for range 200 {
		var err error
		ts.s, err = table.Next(ts.s, ts.rng)
		ts.fatal(err)
		if len(ts.s.Players) < 2 {
			break
		}
		ts.startHand()
		ts.fatal(nil)
		ts.playHand()
	}
	data, err := ts.rec.Encode()
	if err != nil {
		t.Fatal(err)
	}
	c, err := replay.Open(data) // decodes and rebuilds every hand
	if err != nil {
		t.Fatal(err)
	}
	r := c.Replay()
	if len(r.Hands) < 100 {
		t.Fatalf("only %d hands played", len(r.Hands))
	}
	kinds := map[replay.EventKind]int{}
	played := 0
	for hi := range r.Hands {
		h := &r.Hands[hi]
		for _, e := range h.Events {
			kinds[e.Kind]++
		}
		if slices.ContainsFunc(h.Events, func(e replay.Event) bool { return e.Kind == replay.Deal }) {
			played++
		}
		if err := c.Seek(hi, 0); err != nil {
			t.Fatal(err)
		}
		for {
			tb := c.Table()
			if tb.Total() != tb.Expected() {
				t.Fatalf("hand %d step %d: %s chips, want %s", hi, tb.Step, tb.Total(), tb.Expected())
			}
			if tb.Step == len(h.Events) {
				break
			}
			if _, err := c.Forward(1); err != nil {
				t.Fatal(err)
			}
		}
		tb := c.Table()
		if !h.Complete {
			t.Errorf("hand %d is not complete", hi)
		}
		for seat, want := range ts.finals[hi] {
			if got := tb.Seats[seat].Stack; got != want {
				t.Errorf("hand %d: %s ends with %s, engine/table %s", hi, tb.Seats[seat].Name, got, want)
			}
		}
	}
	t.Logf("%d hands (%d dealt), %d bytes; events: %v", len(r.Hands), played, len(data), kinds)
	if played < 150 {
		t.Errorf("only %d of %d hands were dealt", played, len(r.Hands))
	}
	if kinds[replay.StackAdjust] != 0 {
		t.Errorf("%d stack changes between hands that no event explains", kinds[replay.StackAdjust])
	}
	for _, k := range []replay.EventKind{replay.SitOut, replay.SitIn, replay.DeadBlindsAccrued, replay.DeadBlindsPaid,
		replay.DeadBlindsCleared, replay.Join, replay.Leave, replay.Disconnect, replay.Reconnect, replay.Uncalled, replay.Show} {
		if kinds[k] == 0 {
			t.Errorf("the session has no %s event", k)
		}
	}
}
