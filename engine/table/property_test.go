package table

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
)

// sim drives one table through random hands and random client requests,
// keeping the players' bankrolls in a Ledger, and checks the invariants
// after every change.
type sim struct {
	t        *testing.T
	rng      *rand.Rand
	s        State
	ledger   *Ledger
	presence *Presence
	pool     []string
	maxBuyIn chips.Chips
	stats    map[string]int
	onPHH    func(data []byte) // when set, sees every PHH hand written (a PokerKit check outside the tests)
	whole    bool              // whole chips: blinds 1/2, buy-ins in whole chips (pots split in whole chips)
}

const simTable = "T"

func newSim(t *testing.T, rng *rand.Rand, stats map[string]int, whole bool) *sim {
	m := &sim{t: t, rng: rng, ledger: NewLedger(), stats: stats, whole: whole}
	m.presence, _ = NewPresence(rng.IntN(4))
	for i := 1; i <= 12; i++ {
		name := fmt.Sprintf("P%d", i)
		m.pool = append(m.pool, name)
		if err := m.ledger.Open(name); err != nil {
			t.Fatal(err)
		}
	}
	bb := []chips.Chips{200, 100, 50, 2}[rng.IntN(4)]
	if whole {
		bb = chips.FromInt(2)
	}
	m.maxBuyIn = bb * chips.Chips(50+rng.IntN(200))
	s := State{SeatCount: 2 + rng.IntN(MaxSeats-1), Actions: []phh.Action{}}
	n := 2 + rng.IntN(s.SeatCount-1)
	for i := 0; i < n; i++ {
		name := m.pool[i]
		buy := min(m.chips(1+rng.Int64N(int64(m.maxBuyIn))), m.ledger.Bank(name))
		if err := m.ledger.BuyIn(name, simTable, buy); err != nil {
			t.Fatal(err)
		}
		s.Players = append(s.Players, name)
		s.StartingStacks = append(s.StartingStacks, buy)
		s.BlindsOrStraddles = append(s.BlindsOrStraddles, 0)
		s.Antes = append(s.Antes, 0)
	}
	sb := rng.IntN(n)
	s.BlindsOrStraddles[sb] = bb / 2
	s.BlindsOrStraddles[(sb+1)%n] = bb
	if n > 3 && rng.IntN(6) == 0 {
		s.BlindsOrStraddles[(sb+2)%n] = 2 * bb
	}
	if rng.IntN(6) == 0 {
		for i := range s.Antes {
			s.Antes[i] = m.chips(int64(bb / 4))
		}
	}
	s.fillDefaults()
	m.s = s
	m.check("start")
	return m
}

// chips is c hundredths, rounded up to a whole chip at a whole-chip table.
func (m *sim) chips(c int64) chips.Chips {
	if m.whole {
		return chips.FromInt((c + chips.Scale - 1) / chips.Scale)
	}
	return chips.Chips(c)
}

// check asserts the invariants of the current state.
func (m *sim) check(what string) {
	t := m.t
	t.Helper()
	s := m.s
	if err := s.Validate(); err != nil {
		t.Fatalf("%s: invalid state: %v\n%s", what, err, mustJSON(s))
	}
	n := len(s.Players)
	for name, l := range map[string]int{"startingStacks": len(s.StartingStacks), "blindsOrStraddles": len(s.BlindsOrStraddles),
		"antes": len(s.Antes), "_inactive": len(s.Inactive), "_intents": len(s.Intents), "_deadBlinds": len(s.DeadBlinds)} {
		if l != n {
			t.Fatalf("%s: %s has %d entries for %d players", what, name, l, n)
		}
	}
	bl, err := blindsOf(s.BlindsOrStraddles)
	if err != nil && n > 0 {
		t.Fatalf("%s: %v", what, err)
	}
	for i := range s.Players {
		if s.DeadBlinds[i] > deadBlindCap(bl.big) {
			t.Fatalf("%s: %s owes %s, above 1.5 big blinds", what, s.Players[i], s.DeadBlinds[i])
		}
		if !s.Inactive[i] && s.DeadBlinds[i] > 0 {
			t.Fatalf("%s: active %s owes %s", what, s.Players[i], s.DeadBlinds[i])
		}
	}
	// The ledger's chips at this table are the table's chips: stacks plus
	// dead money in the pot (or, once settled, the finishing stacks).
	var atTable chips.Chips
	for _, p := range m.pool {
		c, seated := m.ledger.AtTable(p, simTable)
		atTable += c
		if seated != (s.Seat(p) >= 0) {
			t.Fatalf("%s: %s seated in the ledger %v, at the table %v", what, p, seated, s.Seat(p) >= 0)
		}
		if m.ledger.Bank(p) < 0 || c < 0 {
			t.Fatalf("%s: %s has a negative balance", what, p)
		}
	}
	if atTable != s.Total() {
		t.Fatalf("%s: the ledger holds %s at the table, the table %s\n%s", what, atTable, s.Total(), mustJSON(s))
	}
	var total, invested chips.Chips
	for _, p := range m.pool {
		total += m.ledger.Total(p)
		invested += m.ledger.Invested(p)
	}
	if total != invested {
		t.Fatalf("%s: %s chips in the system, %s invested", what, total, invested)
	}
}

// event applies one random client request or connection event.
func (m *sim) event() {
	rng := m.rng
	switch k := rng.IntN(10); {
	case k < 5 && len(m.s.Players) > 0:
		m.intent()
	case k < 7:
		m.join()
	case k < 8 && len(m.s.Players) > 0:
		who := m.s.Players[rng.IntN(len(m.s.Players))]
		if away := m.presence.Away(); len(away) > 0 && rng.IntN(2) == 0 {
			who = away[rng.IntN(len(away))]
		}
		var err error
		if m.presence.Connected(who) {
			m.presence.SetAuto(who, []AutoAction{{}, {Kind: FoldAlways}, {Kind: CallUpTo, Limit: chips.Chips(rng.IntN(1000))}}[rng.IntN(3)])
			m.s, err = m.presence.Disconnect(m.s, who)
			m.stats["disconnect"]++
		} else {
			var kept bool
			m.s, kept, err = m.presence.Reconnect(m.s, who)
			if kept {
				m.stats["reconnect"]++
			}
		}
		if err != nil {
			m.t.Fatal(err)
		}
	case k < 9:
		var err error
		var gone []string
		if m.s, gone, err = m.presence.Expire(m.s); err != nil {
			m.t.Fatal(err)
		}
		m.stats["expired"] += len(gone)
	default:
		p := m.pool[rng.IntN(len(m.pool))]
		before, inv := m.ledger.Total(p), m.ledger.Invested(p)
		d, err := m.ledger.Reload(p)
		if err != nil {
			m.t.Fatal(err)
		}
		// Property 15.
		if before < StartingChips {
			if m.ledger.Total(p) != StartingChips || m.ledger.Invested(p) != inv+StartingChips-before || d != StartingChips-before {
				m.t.Fatalf("reload of %s from %s: total %s, invested %s → %s", p, before, m.ledger.Total(p), inv, m.ledger.Invested(p))
			}
			m.stats["reload"]++
		} else if d != 0 || m.ledger.Total(p) != before {
			m.t.Fatalf("reload of %s with %s changed it", p, before)
		}
	}
	m.check("event")
}

// tamper changes random fields of a client state that belong to the server
// or to other players.
func (m *sim) tamper(c *State, author string) {
	rng := m.rng
	n := len(c.Players)
	for k := rng.IntN(6); k > 0; k-- {
		i := rng.IntN(n)
		if c.Players[i] == author && rng.IntN(2) == 0 {
			continue
		}
		switch rng.IntN(11) {
		case 0:
			c.StartingStacks[i] += chips.Chips(rng.IntN(1000))
		case 1:
			c.BlindsOrStraddles[i] = chips.Chips(rng.IntN(500))
		case 2:
			c.Antes[i] = chips.Chips(rng.IntN(50))
		case 3:
			c.Inactive[i] = !c.Inactive[i]
		case 4:
			if c.Players[i] != author {
				c.Intents[i] = Intent(rng.IntN(4))
			}
		case 5:
			c.DeadBlinds[i] = chips.Chips(rng.IntN(300))
		case 6:
			c.Actions = append(c.Actions, phh.Action{Kind: phh.BetRaise, Player: i, Amount: chips.FromInt(int64(1 + rng.IntN(50)))})
		case 7:
			c.FinishingStacks = slices.Clone(c.StartingStacks)
		case 8:
			c.DeadMoney += chips.Chips(rng.IntN(300))
		case 9:
			if c.Players[i] != author {
				c.Players[i] = fmt.Sprintf("X%d", rng.IntN(1000))
			}
		default:
			c.Hand += 1 + rng.IntN(5)
		}
	}
}

// intent sends a seated player's client state with a random intent.
func (m *sim) intent() {
	s := m.s
	i := m.rng.IntN(len(s.Players))
	author := s.Players[i]
	c := Personalize(s, author)
	c.fillDefaults()
	want := []Intent{Play, Play, Play, PauseUntilBB, PauseUntilBB, Pause, Pause, Leave}[m.rng.IntN(8)]
	c.Intents[i] = want
	m.tamper(&c, author)
	got, err := Merge(s, c, JoinLimits{})
	if err != nil {
		if c.checkShape() == nil {
			m.t.Fatalf("merge of a well-formed client state: %v", err)
		}
		return
	}
	// Only the author's intent and _inactive change, and at most its own
	// fold is appended.
	exp := s.Clone()
	exp.fillDefaults()
	exp.Intents[i] = want
	if got.Inactive[i] && !exp.Inactive[i] {
		if want == Play {
			m.t.Fatalf("%s became inactive asking to play", author)
		}
		exp.Inactive[i] = true
	}
	if len(got.Actions) == len(exp.Actions)+1 && got.Actions[len(got.Actions)-1].String() == seatName(i)+" f" {
		exp.Actions = append(exp.Actions, phh.Action{Kind: phh.Fold, Player: i})
		m.stats["fold on pause"]++
	}
	if !reflect.DeepEqual(got, exp) {
		m.t.Fatalf("merge by %s (intent %v) changed more than its own fields:\n%s\nwant\n%s", author, want, mustJSON(got), mustJSON(exp))
	}
	if want != Play && !got.Inactive[i] {
		m.t.Fatalf("%s asked for %v and stays active", author, want)
	}
	m.stats["intent "+want.String()]++
	m.s = got
	m.check("intent")
}

// join sends the client state of a player who sits down.
func (m *sim) join() {
	s := m.s
	var free []string
	for _, p := range m.pool {
		if s.Seat(p) < 0 {
			free = append(free, p)
		}
	}
	if len(free) == 0 {
		return
	}
	name := free[m.rng.IntN(len(free))]
	c := Personalize(s, name)
	c.fillDefaults()
	seat := m.rng.IntN(len(s.Players) + 1)
	ask := m.chips(m.rng.Int64N(int64(m.maxBuyIn) + 100))
	intent := []Intent{Play, Play, PauseUntilBB, Pause}[m.rng.IntN(4)]
	c.Players = insertAt(c.Players, seat, name)
	c.StartingStacks = insertAt(c.StartingStacks, seat, ask)
	c.BlindsOrStraddles = insertAt(c.BlindsOrStraddles, seat, chips.Chips(m.rng.IntN(3)))
	c.Antes = insertAt(c.Antes, seat, 0)
	c.Inactive = insertAt(c.Inactive, seat, false)
	c.Intents = insertAt(c.Intents, seat, intent)
	c.DeadBlinds = insertAt(c.DeadBlinds, seat, 0)
	if c.FinishingStacks != nil {
		c.FinishingStacks = insertAt(c.FinishingStacks, seat, ask)
	}
	if m.rng.IntN(3) == 0 {
		m.tamper(&c, name)
		ask = c.StartingStacks[seat] // the joiner may change its own request
	}
	c.SeatCount = MaxSeats
	bank := m.ledger.Bank(name)
	got, err := Merge(s, c, JoinLimits{Bankroll: bank, MaxBuyIn: m.maxBuyIn})
	if err != nil {
		full := len(s.Players) >= s.SeatCount || len(s.Players) == 0
		broke := min(ask, bank, m.maxBuyIn) <= 0
		if !full && !broke && c.checkShape() == nil {
			m.t.Fatalf("join of %s refused: %v", name, err)
		}
		return
	}
	k := got.Seat(name)
	buy := got.StartingStacks[k]
	if buy > ask || buy > bank || buy > m.maxBuyIn || buy <= 0 {
		m.t.Fatalf("buy-in %s for %s asked with %s in the bank, table maximum %s", buy, ask, bank, m.maxBuyIn)
	}
	if !got.Inactive[k] || got.BlindsOrStraddles[k] != 0 || got.Antes[k] != 0 || got.DeadBlinds[k] != 0 || got.Intents[k] != intent {
		m.t.Fatalf("joiner's entries: %s", mustJSON(got))
	}
	// The others' entries are the server's, one seat on after the joiner.
	back := got.Clone()
	back.Players = slices.Delete(back.Players, k, k+1)
	back.StartingStacks = slices.Delete(back.StartingStacks, k, k+1)
	back.BlindsOrStraddles = slices.Delete(back.BlindsOrStraddles, k, k+1)
	back.Antes = slices.Delete(back.Antes, k, k+1)
	back.Inactive = slices.Delete(back.Inactive, k, k+1)
	back.Intents = slices.Delete(back.Intents, k, k+1)
	back.DeadBlinds = slices.Delete(back.DeadBlinds, k, k+1)
	if back.FinishingStacks != nil {
		back.FinishingStacks = slices.Delete(back.FinishingStacks, k, k+1)
	}
	back.Actions = renumber(back.Actions, func(p int) int {
		if p > k {
			return p - 1
		}
		return p
	})
	exp := s.Clone()
	exp.fillDefaults()
	if !reflect.DeepEqual(back, exp) {
		m.t.Fatalf("join of %s changed other players:\n%s\nwant\n%s", name, mustJSON(got), mustJSON(exp))
	}
	if err := m.ledger.BuyIn(name, simTable, buy); err != nil {
		m.t.Fatal(err)
	}
	m.stats["join"]++
	m.s = got
	m.check("join")
}

// hand plays one hand with random events, then settles it and starts the
// next.
func (m *sim) hand() {
	t := m.t
	rng := m.rng
	shortcut := rng.IntN(8) == 0
	for {
		if rng.IntN(6) == 0 {
			m.event()
		}
		if shortcut {
			m.finishByStacks()
			break
		}
		prefs := m.presence.Prefs()
		var done bool
		var err error
		m.s, done, err = step(m.s, rng, func(p string) (AutoAction, bool) {
			return prefs[p], !m.presence.Connected(p) || rng.IntN(10) == 0
		}, nil)
		if err != nil {
			t.Fatalf("hand %d: %v\n%s", m.s.Hand, err, mustJSON(m.s))
		}
		if done {
			break
		}
		m.check("play")
	}
	if !shortcut {
		m.checkPHH()
	}
	if rng.IntN(3) == 0 {
		var err error
		if m.s, _, err = m.presence.Expire(m.s); err != nil {
			t.Fatal(err)
		}
	}
	fin, err := Settle(m.s)
	if err != nil {
		t.Fatalf("settle: %v\n%s", err, mustJSON(m.s))
	}
	if err := m.ledger.Settle(simTable, m.s.Players, fin); err != nil {
		t.Fatalf("ledger: %v", err)
	}
	var stay chips.Chips
	var stayers []string
	for i, p := range m.s.Players {
		if m.s.Intents[i] == Leave {
			got, err := m.ledger.CashOut(p, simTable)
			if err != nil || got != fin[i] {
				t.Fatalf("cash-out of %s: %s, %v (finished with %s)", p, got, err, fin[i])
			}
			m.stats["left"]++
			continue
		}
		stay += fin[i]
		stayers = append(stayers, p)
	}
	prev := m.s
	m.s, err = Next(prev, rand.New(rand.NewPCG(rng.Uint64(), 0)))
	if err != nil {
		t.Fatalf("next: %v\n%s", err, mustJSON(prev))
	}
	if m.s.Total() != stay {
		t.Fatalf("next: %s on the table, %s stayed", m.s.Total(), stay)
	}
	if !reflect.DeepEqual(m.s.Players, stayers) && !(len(stayers) == 0 && len(m.s.Players) == 0) {
		t.Fatalf("next: players %v, want %v in the same order", m.s.Players, stayers)
	}
	if m.s.DeadMoney > 0 {
		m.stats["dead money"]++
	}
	for i := range m.s.Players {
		if m.s.Inactive[i] && m.s.DeadBlinds[i] > 0 {
			m.stats["owing"]++
		}
		if m.s.Intents[i] == Leave && m.s.Inactive[i] {
			m.stats["marked to leave"]++
		}
	}
	dealt := dealtSeats(t, m.s)
	if len(dealt) == 0 {
		m.stats["idle hand"]++
	}
	// Nobody is dealt in without chips: such a hand could never be played
	// (the table would freeze).
	for _, i := range dealt {
		if m.s.StartingStacks[i] <= 0 {
			t.Fatalf("next: %s dealt in with %s\n%s", m.s.Players[i], m.s.StartingStacks[i], mustJSON(m.s))
		}
		if m.s.StartingStacks[i] < m.s.BlindsOrStraddles[i]+m.s.Antes[i] {
			m.stats["short of the blind"]++
		}
	}
	m.check("next")
}

// checkPHH writes the finished hand as PHH: either it is refused for a
// reason PHH has no action for (a fold when a check is free, a fold out
// of turn), or engine/phh replays it to the table's finishing stacks and
// ReadPHH gives the state back.
func (m *sim) checkPHH() {
	t := m.t
	t.Helper()
	st, err := Progress(m.s)
	if err != nil || !st.Dealt {
		return
	}
	s := m.s.Clone()
	s.fillDefaults()
	if s.FinishingStacks, err = Settle(s); err != nil {
		t.Fatalf("settle: %v", err)
	}
	data, err := MarshalPHH(s)
	switch {
	case errors.Is(err, phh.ErrFreeFold):
		m.stats["phh refused: free fold"]++
		return
	case errors.Is(err, phh.ErrFoldOutOfTurn):
		m.stats["phh refused: fold out of turn"]++
		return
	case err != nil:
		t.Fatalf("hand %d: PHH: %v\n%s", s.Hand, err, mustJSON(s))
	}
	h, err := phh.Unmarshal(data)
	if err != nil {
		t.Fatalf("hand %d: reading the PHH: %v\n%s", s.Hand, err, data)
	}
	res, err := phh.Replay(&h)
	if err != nil {
		t.Fatalf("hand %d: replaying the PHH: %v\n%s", s.Hand, err, data)
	}
	if !slices.Equal(res.Stacks, h.FinishingStacks) {
		t.Fatalf("hand %d: the PHH replays to %v, the table ends with %v\n%s", s.Hand, res.Stacks, h.FinishingStacks, data)
	}
	checkPHHRoundTrip(t, s, data)
	m.stats["phh"]++
	if m.onPHH != nil {
		m.onPHH(data)
	}
	if len(h.Players) < len(s.Players) {
		m.stats["phh with seats out"]++
	}
	if _, ok := h.Fields[phhDeadMoneyAnte]; ok {
		m.stats["phh with dead money"]++
	}
}

// finishByStacks ends the hand by giving it random finishing stacks: the
// dealt players' chips and the dead money shared out anew.
func (m *sim) finishByStacks() {
	s := m.s.Clone()
	var dealt []int
	for _, a := range s.Actions {
		if a.Kind == phh.DealHole {
			dealt = append(dealt, a.Player)
		}
	}
	s.FinishingStacks = slices.Clone(s.StartingStacks)
	if len(dealt) > 0 {
		pot := s.DeadMoney
		for _, i := range dealt {
			pot += s.FinishingStacks[i]
			s.FinishingStacks[i] = 0
		}
		for pot > 0 {
			i := dealt[m.rng.IntN(len(dealt))]
			c := min(pot, chips.Chips(1+m.rng.Int64N(int64(pot))))
			s.FinishingStacks[i] += c
			pot -= c
		}
	}
	m.s = s
	m.stats["finishing stacks"]++
	m.check("finishing stacks")
}

// TestPropertyRandomSequences runs thousands of random sequences of intents,
// joins, disconnections, reloads and hands, checking after every step that
// no state is impossible, every per-player array has one entry per player,
// dead blinds never exceed 1.5 big blinds, the chips are conserved (dead
// money included) both at the table and in the players' bankrolls hand by
// hand, nobody is dealt in without chips (an active player short of the
// blind is dealt in and posts all in), and a client never changes another
// player's fields.
func TestPropertyRandomSequences(t *testing.T) {
	const sequences, hands = 2000, 8
	rng := rand.New(rand.NewPCG(6, 14))
	stats := map[string]int{}
	for q := 0; q < sequences; q++ {
		m := newSim(t, rng, stats, q%2 == 1)
		for h := 0; h < hands; h++ {
			m.hand()
		}
	}
	// The sample reaches every transition.
	for _, k := range []string{"intent play", "intent pause_until_bb", "intent pause", "intent leave", "fold on pause",
		"join", "left", "dead money", "owing", "marked to leave", "idle hand", "finishing stacks",
		"disconnect", "reconnect", "expired", "reload", "short of the blind",
		"phh", "phh with seats out", "phh with dead money", "phh refused: free fold", "phh refused: fold out of turn"} {
		if stats[k] < 10 {
			t.Errorf("%q happened %d times", k, stats[k])
		}
	}
	t.Logf("%v", stats)
}
