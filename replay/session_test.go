package replay

import (
	"bytes"
	"encoding/json"
	"flag"
	"maps"
	"os"
	"path/filepath"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func ch(n int64) chips.Chips { return chips.FromInt(n) }

func cs(t testing.TB, s string) []cards.Card {
	t.Helper()
	if s == "" {
		return nil
	}
	out, err := cards.ParseList(s)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// gone marks a seat that is no longer shown.
const gone = Status(255)

type statuses map[int]Status

// session records a replay and, beside it, the status every seat must
// show after every event, written by hand from the sit-in/sit-out rules.
type session struct {
	t    *testing.T
	rec  *Recorder
	want statuses
	// steps[h][k] is the expected statuses at step k of hand h.
	steps [][]statuses
}

func (s *session) events() int {
	rp := &s.rec.r
	if len(rp.Hands) == 0 {
		return 0
	}
	return len(rp.Hands[len(rp.Hands)-1].Events)
}

func (s *session) apply(c statuses) {
	for seat, st := range c {
		if st == gone {
			delete(s.want, seat)
		} else {
			s.want[seat] = st
		}
	}
	h := len(s.steps) - 1
	s.steps[h] = append(s.steps[h], maps.Clone(s.want))
}

// do runs one recorder call that adds len(changes) events (one when
// changes is empty), the statuses changing after each as given.
func (s *session) do(call func(r *Recorder), changes ...statuses) {
	s.t.Helper()
	before := s.events()
	call(s.rec)
	if err := s.rec.Err(); err != nil {
		s.t.Fatal(err)
	}
	if len(changes) == 0 {
		changes = []statuses{nil}
	}
	if got := s.events() - before; got != len(changes) {
		s.t.Fatalf("call added %d events, want %d: %v", got, len(changes), s.rec.hand().Events[before:])
	}
	for _, c := range changes {
		s.apply(c)
	}
}

// begin starts a hand: start is every seat's status at step 0, changes
// one per event BeginHand records.
func (s *session) begin(hs HandStart, start statuses, changes ...statuses) {
	s.t.Helper()
	s.want = maps.Clone(start)
	s.steps = append(s.steps, []statuses{maps.Clone(start)})
	before := len(s.rec.r.Hands)
	s.rec.BeginHand(hs)
	if err := s.rec.Err(); err != nil {
		s.t.Fatal(err)
	}
	if len(s.rec.r.Hands) != before+1 {
		s.t.Fatal("BeginHand added no hand")
	}
	if got := s.events(); got != len(changes) {
		s.t.Fatalf("BeginHand recorded %d events, want %d: %v", got, len(changes), s.rec.hand().Events)
	}
	for _, c := range changes {
		s.apply(c)
	}
}

func seat(n int, name string, stack chips.Chips) Seat {
	return Seat{Seat: n, Name: name, Stack: stack}
}

const (
	ann, bob, cat, dan, eve = 0, 1, 2, 3, 4
)

var (
	playing  = StatusPlaying
	folded   = StatusFolded
	allIn    = StatusAllIn
	paused   = StatusPaused
	untilBB  = StatusPausedUntilBB
	owes     = StatusOwesDeadBlinds
	joined   = StatusJoined
	waiting  = StatusWaiting
	leaving  = StatusLeaving
	leftSeat = StatusLeft
)

// sitOutSession records six hands at a 6-seat table with blinds 1/2:
// Cat pauses during hand 1 and misses a small blind (owes 1), asks to
// play again during hand 2 and comes back in hand 3 paying it; Eve joins
// during hand 1 with 75.25 and plays from hand 2; Dan disconnects in hand
// 2, sits out in hand 3 (owes 1), reconnects waiting for the big blind
// and comes back at it in hand 5, free; Ann leaves after hand 2, Eve after
// hand 5. Hand 4 has a main pot and a side pot.
func sitOutSession(t *testing.T) *session {
	s := &session{t: t, rec: NewRecorder(Game{Name: "Texas hold'em", Kind: Poker, SeatCount: 6, Source: "test"})}
	r := s.rec
	act := func(seat int, k EventKind, added int64) func(*Recorder) {
		return func(r *Recorder) { r.Action(seat, k, ch(added)) }
	}
	to := func(seat int, k EventKind, street int64) func(*Recorder) {
		return func(r *Recorder) { r.ActionTo(seat, k, ch(street)) }
	}
	deal := func(seat int, c string) func(*Recorder) {
		return func(r *Recorder) { r.Deal(seat, cs(t, c), false) }
	}
	street := func(round int, c string) {
		s.do(func(r *Recorder) { r.Round(round) })
		s.do(func(r *Recorder) { r.Board(cs(t, c)...) })
	}
	blinds := func(sbSeat, bbSeat int) []Forced {
		var f []Forced
		if sbSeat >= 0 {
			f = append(f, Forced{Seat: sbSeat, Blind: ch(1)})
		}
		return append(f, Forced{Seat: bbSeat, Blind: ch(2)})
	}
	none := statuses{}

	// Hand 1: button Ann, blinds Bob and Cat.
	s.begin(HandStart{
		Button: ann, SmallBlind: ch(1), BigBlind: ch(2), Variant: "NT",
		Seats:  []Seat{seat(ann, "Ann", ch(100)), seat(bob, "Bob", ch(100)), seat(cat, "Cat", ch(100)), seat(dan, "Dan", ch(100))},
		Forced: blinds(bob, cat),
	}, statuses{ann: playing, bob: playing, cat: playing, dan: playing}, none, none, none)
	s.do(deal(ann, "AsKs"))
	s.do(deal(bob, "7h7d"))
	s.do(deal(cat, "2c3d"))
	s.do(deal(dan, "QhJh"))
	s.do(act(dan, Call, 0))
	s.do(act(ann, Fold, 0), statuses{ann: folded})
	s.do(act(bob, Call, 0))
	s.do(act(cat, Check, 0))
	s.do(func(r *Recorder) { r.Join(eve, "Eve", 7525, IntentPlay) }, statuses{eve: joined})
	street(1, "8c9c2h")
	s.do(act(bob, Check, 0))
	s.do(func(r *Recorder) { r.SetIntent(cat, IntentPause, true) }, none, statuses{cat: paused})
	s.do(act(cat, Fold, 0))
	s.do(to(dan, Bet, 4))
	s.do(act(bob, Call, 0))
	street(2, "Kd")
	s.do(act(bob, Check, 0))
	s.do(act(dan, Check, 0))
	street(3, "3s")
	s.do(to(bob, Bet, 10))
	s.do(act(dan, Fold, 0), statuses{dan: folded})
	s.do(func(r *Recorder) { r.Uncalled(bob, ch(10)) })
	s.do(func(r *Recorder) { r.Award(0, []int{bob}, []chips.Chips{ch(14)}, "") })
	r.EndHand()

	// Hand 2: button Bob; the small blind falls on Cat, who sits out and
	// misses it; Dan posts the big blind; Eve plays her first hand.
	s.begin(HandStart{
		Button: bob, SmallBlind: ch(1), BigBlind: ch(2), Variant: "NT",
		Seats: []Seat{seat(ann, "Ann", ch(100)), seat(bob, "Bob", ch(108)),
			{Seat: cat, Name: "Cat", Stack: ch(98), Inactive: true, Intent: IntentPause, DeadBlinds: ch(1)},
			seat(dan, "Dan", ch(94)), seat(eve, "Eve", 7525)},
		Forced: blinds(-1, dan),
	}, statuses{ann: playing, bob: playing, cat: paused, dan: playing, eve: joined},
		none, statuses{eve: playing}, none, none)
	s.do(deal(ann, "2d2s"))
	s.do(deal(bob, "Td9d"))
	s.do(deal(dan, "5c6c"))
	s.do(deal(eve, "AhQd"))
	s.do(func(r *Recorder) { r.Disconnect(dan) })
	s.do(to(eve, Raise, 6))
	s.do(act(ann, Fold, 0), statuses{ann: folded})
	s.do(act(bob, Call, 0))
	s.do(act(dan, Fold, 0), statuses{dan: folded})
	s.do(func(r *Recorder) { r.SetIntent(cat, IntentPlay, true) }, statuses{cat: owes})
	s.do(func(r *Recorder) { r.SetIntent(ann, IntentLeave, true) }, none, statuses{ann: leaving})
	street(1, "Tc4d5h")
	s.do(act(bob, Check, 0))
	s.do(to(eve, Bet, 10))
	s.do(act(bob, Fold, 0), statuses{bob: folded})
	s.do(func(r *Recorder) { r.Uncalled(eve, ch(10)) })
	s.do(func(r *Recorder) { r.Award(0, []int{eve}, []chips.Chips{ch(14)}, "") })
	r.EndHand()

	// Hand 3: Ann is gone; Cat comes back on the button paying her dead
	// blind; Dan, away, sits out and misses the small blind; Eve posts
	// the big blind.
	s.begin(HandStart{
		Button: cat, SmallBlind: ch(1), BigBlind: ch(2), Variant: "NT", DeadMoney: ch(1),
		Seats: []Seat{seat(bob, "Bob", ch(102)), seat(cat, "Cat", ch(97)),
			{Seat: dan, Name: "Dan", Stack: ch(92), Inactive: true, Intent: IntentPause, DeadBlinds: ch(1), Away: true},
			seat(eve, "Eve", 8325)},
		Forced: blinds(-1, eve),
	}, statuses{ann: leaving, bob: playing, cat: owes, dan: playing, eve: playing},
		statuses{ann: leftSeat},                        // Ann leaves
		statuses{cat: waiting}, statuses{cat: playing}, // Cat pays 1, sits in
		none, statuses{dan: paused}, none, // Dan: intent, sits out, owes 1
		none, none) // round 0, Eve's big blind
	s.do(deal(bob, "JcJd"))
	s.do(deal(cat, "AcKc"))
	s.do(deal(eve, "7s8s"))
	s.do(act(bob, Call, 0))
	s.do(to(cat, Raise, 8))
	s.do(act(eve, Fold, 0), statuses{eve: folded})
	s.do(act(bob, Call, 0))
	street(1, "AhKh2s")
	s.do(act(bob, Check, 0))
	s.do(act(cat, Check, 0))
	street(2, "9d")
	s.do(to(bob, Bet, 20))
	s.do(act(cat, Call, 0))
	street(3, "4c")
	s.do(act(bob, Check, 0))
	s.do(act(cat, Check, 0))
	s.do(func(r *Recorder) { r.Show(bob, nil, "one pair") })
	s.do(func(r *Recorder) { r.Show(cat, nil, "two pair") })
	s.do(func(r *Recorder) { r.Award(0, []int{cat}, []chips.Chips{ch(59)}, "two pair") })
	s.do(func(r *Recorder) { r.Reconnect(dan) })
	s.do(func(r *Recorder) { r.SetIntent(dan, IntentPauseUntilBB, true) }, statuses{dan: untilBB})
	r.EndHand()

	// Hand 4: Dan waits for the big blind; three players all-in.
	s.begin(HandStart{
		Button: dan, SmallBlind: ch(1), BigBlind: ch(2), Variant: "NT",
		Seats: []Seat{seat(bob, "Bob", ch(74)), seat(cat, "Cat", ch(128)),
			{Seat: dan, Name: "Dan", Stack: ch(92), Inactive: true, Intent: IntentPauseUntilBB, DeadBlinds: ch(1)},
			seat(eve, "Eve", 8125)},
		Forced: blinds(eve, bob),
	}, statuses{bob: playing, cat: playing, dan: untilBB, eve: playing}, none, none, none)
	s.do(deal(bob, "KsKd"))
	s.do(deal(cat, "QsQc"))
	s.do(deal(eve, "9h9s"))
	s.do(to(cat, Raise, 128), statuses{cat: allIn})
	s.do(act(eve, Call, 0), statuses{eve: allIn})
	s.do(act(bob, Call, 0), statuses{bob: allIn})
	s.do(func(r *Recorder) { r.Uncalled(cat, 4675) }, statuses{cat: playing})
	street(1, "2h5d7c")
	street(2, "Jh")
	street(3, "9c")
	s.do(func(r *Recorder) { r.Show(bob, nil, "") })
	s.do(func(r *Recorder) { r.Show(cat, nil, "") })
	s.do(func(r *Recorder) { r.Show(eve, nil, "") })
	s.do(func(r *Recorder) { r.Award(0, []int{eve}, []chips.Chips{ch(222)}, "three nines") })
	s.do(func(r *Recorder) { r.Award(1, []int{eve}, []chips.Chips{1450}, "three nines") })
	r.EndHand()

	// Hand 5: Bob has no chips left and must leave; the big blind
	// reaches Dan: he comes back free.
	s.begin(HandStart{
		Button: bob, SmallBlind: ch(1), BigBlind: ch(2), Variant: "NT",
		Seats: []Seat{{Seat: bob, Name: "Bob", Inactive: true, Intent: IntentLeave},
			seat(cat, "Cat", 4675), seat(dan, "Dan", ch(92)), seat(eve, "Eve", 23650)},
		Forced: blinds(cat, dan),
	}, statuses{bob: playing, cat: playing, dan: untilBB, eve: playing},
		none, statuses{bob: leaving}, // Bob: intent, sits out
		statuses{dan: owes}, statuses{dan: waiting}, statuses{dan: playing}, // intent, cleared, sits in
		none, none, none)
	s.do(deal(cat, "3h3c"))
	s.do(deal(dan, "8h8d"))
	s.do(deal(eve, "6s6d"))
	s.do(act(eve, Fold, 0), statuses{eve: folded})
	s.do(act(cat, Call, 0))
	s.do(act(dan, Check, 0))
	street(1, "Qs4h2c")
	s.do(act(cat, Check, 0))
	s.do(to(dan, Bet, 4))
	s.do(act(cat, Fold, 0), statuses{cat: folded})
	s.do(func(r *Recorder) { r.Uncalled(dan, ch(4)) })
	s.do(func(r *Recorder) { r.Award(0, []int{dan}, []chips.Chips{ch(4)}, "") })
	r.EndHand()

	// Hand 6: Bob (busted) is gone.
	s.begin(HandStart{
		Button: cat, SmallBlind: ch(1), BigBlind: ch(2), Variant: "NT",
		Seats:  []Seat{seat(cat, "Cat", 4475), seat(dan, "Dan", ch(94)), seat(eve, "Eve", 23650)},
		Forced: blinds(dan, eve),
	}, statuses{bob: leaving, cat: playing, dan: playing, eve: playing},
		statuses{bob: leftSeat}, none, none, none)
	s.do(deal(cat, "Ac2c"))
	s.do(deal(dan, "7d2d"))
	s.do(deal(eve, "KhQh"))
	s.do(act(cat, Fold, 0), statuses{cat: folded})
	s.do(act(dan, Fold, 0), statuses{dan: folded})
	s.do(func(r *Recorder) { r.Uncalled(eve, ch(1)) })
	s.do(func(r *Recorder) { r.Award(0, []int{eve}, []chips.Chips{ch(2)}, "") })
	r.EndHand()
	return s
}

// finals are the stacks each hand of sitOutSession ends with, worked out
// by hand.
var finals = [][]Stack{
	{{ann, ch(100)}, {bob, ch(108)}, {cat, ch(98)}, {dan, ch(94)}, {eve, 7525}},
	{{ann, ch(100)}, {bob, ch(102)}, {cat, ch(98)}, {dan, ch(92)}, {eve, 8325}},
	{{bob, ch(74)}, {cat, ch(128)}, {dan, ch(92)}, {eve, 8125}},
	{{bob, 0}, {cat, 4675}, {dan, ch(92)}, {eve, 23650}},
	{{bob, 0}, {cat, 4475}, {dan, ch(94)}, {eve, 23650}},
	{{cat, 4475}, {dan, ch(93)}, {eve, 23750}},
}

func TestSessionStatusesAtEveryStep(t *testing.T) {
	s := sitOutSession(t)
	r, err := s.rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	if len(r.Hands) != len(finals) {
		t.Fatalf("%d hands, want %d", len(r.Hands), len(finals))
	}
	c := NewCursor(r, [32]byte{})
	for hi, h := range r.Hands {
		if len(s.steps[hi]) != len(h.Events)+1 {
			t.Fatalf("hand %d: %d expectations for %d steps", hi, len(s.steps[hi]), len(h.Events)+1)
		}
		if !h.Complete {
			t.Errorf("hand %d is not complete", hi)
		}
		if !equalStacks(h.Final, finals[hi]) {
			t.Errorf("hand %d: final stacks %v, want %v", hi, h.Final, finals[hi])
		}
		for step := 0; step <= len(h.Events); step++ {
			if step > 0 {
				if n, err := c.Forward(1); n != 1 || err != nil {
					t.Fatalf("hand %d step %d: Forward = %d, %v", hi, step, n, err)
				}
			}
			if gh, gs := c.Position(); gh != hi || gs != step {
				t.Fatalf("at hand %d step %d, want %d %d", gh, gs, hi, step)
			}
			tb := c.Table()
			if tb.Total() != tb.Expected() {
				t.Errorf("hand %d step %d: %s chips on the table, want %s", hi, step, tb.Total(), tb.Expected())
			}
			got := statuses{}
			for i := range tb.Seats {
				if tb.Seats[i].Present || tb.Seats[i].Left {
					got[i] = tb.Seats[i].Status()
				}
			}
			if !maps.Equal(got, s.steps[hi][step]) {
				e := "(snapshot)"
				if step > 0 {
					e = tb.Describe(tb.Last)
				}
				t.Errorf("hand %d step %d after %q: statuses %v, want %v", hi, step, e, got, s.steps[hi][step])
			}
		}
		if n, _ := c.Forward(1); n != 1 && hi+1 < len(r.Hands) {
			t.Fatalf("hand %d: could not move to the next hand", hi)
		}
	}
	if n, err := c.Forward(1); n != 0 || err != nil {
		t.Errorf("Forward at the end = %d, %v", n, err)
	}
}

func equalStacks(a, b []Stack) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestSessionTransitions: the changes between hands BeginHand found.
func TestSessionTransitions(t *testing.T) {
	r, err := sitOutSession(t).rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	type ev struct {
		kind       EventKind
		seat       int
		amount, to chips.Chips
		intent     Intent
	}
	want := map[int][]ev{
		1: {{DeadBlindsAccrued, cat, ch(1), ch(1), 0}, {SitIn, eve, 0, 0, 0}},
		2: {{Leave, ann, ch(100), 0, 0}, {DeadBlindsPaid, cat, ch(1), 0, 0}, {SitIn, cat, 0, 0, 0},
			{IntentChange, dan, 0, 0, IntentPause}, {SitOut, dan, 0, 0, 0}, {DeadBlindsAccrued, dan, ch(1), ch(1), 0}},
		3: {},
		4: {{IntentChange, bob, 0, 0, IntentLeave}, {SitOut, bob, 0, 0, 0},
			{IntentChange, dan, 0, 0, IntentPlay}, {DeadBlindsCleared, dan, ch(1), 0, 0}, {SitIn, dan, 0, 0, 0}},
		5: {{Leave, bob, 0, 0, 0}},
	}
	for hi, w := range want {
		var got []ev
		for _, e := range r.Hands[hi].Events {
			if e.Kind == Round {
				break
			}
			got = append(got, ev{e.Kind, e.Seat, e.Amount, e.To, e.Intent})
		}
		if len(got) != len(w) {
			t.Errorf("hand %d: transitions %v, want %v", hi, got, w)
			continue
		}
		for i := range w {
			if got[i] != w[i] {
				t.Errorf("hand %d: transition %d is %v, want %v", hi, i, got[i], w[i])
			}
		}
	}
	// Hand 3's snapshot is hand 2's end: Cat owes 1 and sits out; the
	// dead money of the hand (her payment) is not in the snapshot.
	h := &r.Hands[2]
	if h.DeadMoney != 0 {
		t.Errorf("hand 3 snapshot dead money %s, want 0 (paid during the hand's first events)", h.DeadMoney)
	}
	for _, st := range h.Seats {
		if st.Seat == cat && (st.DeadBlinds != ch(1) || !st.Inactive || st.Status != SittingOut) {
			t.Errorf("hand 3 snapshot of Cat: %+v", st)
		}
	}
}

// TestSessionStateJSON: what the browser test reads at the step where Dan
// sits out owing dead blinds in hand 3, and on the showdown of hand 4.
func TestSessionStateJSON(t *testing.T) {
	r, err := sitOutSession(t).rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	data, err := Encode(r)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Open(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Seek(2, 6); err != nil {
		t.Fatal(err)
	}
	raw, err := c.StateJSON()
	if err != nil {
		t.Fatal(err)
	}
	var st State
	if err := json.Unmarshal(raw, &st); err != nil {
		t.Fatal(err)
	}
	if len(st.Hash) != 64 || st.Hand != 2 || st.Number != 3 || st.Step != 6 || st.Hands != 6 {
		t.Errorf("header: %+v", st)
	}
	var d *StateSeat
	for i := range st.Seats {
		if st.Seats[i].Name == "Dan" {
			d = &st.Seats[i]
		}
	}
	if d == nil || d.Status != "paused" || d.Inactive != 1 || d.Intents != 2 || d.DeadBlinds != "1" || !d.Away {
		t.Errorf("Dan: %+v", d)
	}
	if st.LastAction == nil || st.LastAction.Kind != "dead_blinds_accrued" || st.LastAction.Text != "Dan misses a blind: owes 1 in dead blinds" {
		t.Errorf("last action: %+v", st.LastAction)
	}
	if st.Chips != st.ExpectedChips || st.Chips != "375.25" {
		t.Errorf("chips %s, expected %s, want 375.25", st.Chips, st.ExpectedChips)
	}
	if len(st.Pots) != 1 || st.Pots[0].Amount != "1" {
		t.Errorf("pots %+v, want Cat's dead blind", st.Pots)
	}

	// Hand 4 after the river: a main pot and a side pot; hidden cards
	// until the switch.
	if err := c.Seek(3, 16); err != nil {
		t.Fatal(err)
	}
	st = c.State()
	if len(st.Pots) != 2 || st.Pots[0].Amount != "222" || st.Pots[1].Amount != "14.5" ||
		len(st.Pots[1].Seats) != 2 || st.Pots[1].Seats[0] != cat || st.Pots[1].Seats[1] != eve {
		t.Errorf("pots %+v", st.Pots)
	}
	if st.Street != "river" || len(st.Board) != 5 {
		t.Errorf("street %q board %v", st.Street, st.Board)
	}
	for _, s := range st.Seats {
		if s.InHand && (len(s.Cards) != 2 || s.Cards[0] != "??") {
			t.Errorf("seat %d cards %v, want hidden", s.Seat, s.Cards)
		}
	}
	c.SetShowAll(true)
	st = c.State()
	for _, s := range st.Seats {
		if s.Name == "Bob" && (len(s.Cards) != 2 || s.Cards[0] != "Ks") {
			t.Errorf("show all: Bob's cards %v", s.Cards)
		}
	}
}

// TestSessionGolden: the session encodes to the committed
// testdata/sitout-session.dfr (go test -update rewrites it). The viewer's
// browser test loads that file.
func TestSessionGolden(t *testing.T) {
	data, err := sitOutSession(t).rec.Encode()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "sitout-session.dfr")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	golden, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if !bytes.Equal(data, golden) {
		t.Errorf("the session encodes to %d bytes that differ from %s (%d bytes); run go test -update if the change is meant", len(data), path, len(golden))
	}
}
