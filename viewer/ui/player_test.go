package ui

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/replay"
	"github.com/deckforge/deckforge/viewer/internal/fixture"
)

// dwanIvey is a real hand of the PHH dataset (MIT licence, University of
// Toronto Computer Poker Research Group).
const dwanIvey = `variant = "NT"
ante_trimming_status = true
antes = [500, 500, 500]
blinds_or_straddles = [1000, 2000, 0]
min_bet = 2000
starting_stacks = [1125600, 2000000, 553500]
actions = [
  "d dh p1 Ac2d", "d dh p2 ????", "d dh p3 7h6h",
  "p3 cbr 7000", "p1 cbr 23000", "p2 f", "p3 cc",
  "d db Jc3d5c", "p1 cbr 35000", "p3 cc",
  "d db 4h", "p1 cbr 90000", "p3 cbr 232600", "p1 cbr 1067100", "p3 cc",
  "p1 sm Ac2d", "p3 sm 7h6h",
  "d db Jh",
]
players = ["Phil Ivey", "Patrik Antonius", "Tom Dwan"]
`

// sessionBytes encodes the viewer's sit-out session.
func sessionBytes(t testing.TB) []byte {
	t.Helper()
	rec, err := fixture.SitOutSession()
	if err != nil {
		t.Fatal(err)
	}
	data, err := rec.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestOpen(t *testing.T) {
	data := sessionBytes(t)
	if !IsReplay(data) {
		t.Fatal("IsReplay = false for a replay")
	}
	c, skipped, err := Open("session.dfr", data)
	if err != nil || len(skipped) != 0 {
		t.Fatal(err, skipped)
	}
	if c.Hash() != sha256.Sum256(data) || len(c.Replay().Hands) != 4 {
		t.Errorf("hash %x, %d hands", c.Hash(), len(c.Replay().Hands))
	}

	c, skipped, err = Open("hands/dwan-ivey.phh", []byte(dwanIvey))
	if err != nil || len(skipped) != 0 {
		t.Fatal(err, skipped)
	}
	c.SetShowAll(true)
	if err := c.Seek(0, c.Steps()); err != nil {
		t.Fatal(err)
	}
	st := c.State()
	if st.Hash != hex.EncodeToString(func() []byte { h := sha256.Sum256([]byte(dwanIvey)); return h[:] }()) {
		t.Errorf("hash %s is not the PHH file's", st.Hash)
	}
	// Dwan wins the pot of 1,109,500 with a straight; the finishing stacks.
	want := map[string]string{"Phil Ivey": "572100", "Patrik Antonius": "1997500", "Tom Dwan": "1109500"}
	for _, s := range st.Seats {
		if string(s.Stack) != want[s.Name] {
			t.Errorf("%s ends with %s, want %s", s.Name, s.Stack, want[s.Name])
		}
	}
	if len(st.Board) != 5 || st.Street != "river" {
		t.Errorf("board %v street %q", st.Board, st.Street)
	}

	// A .phhs file: a hand of an unsupported variant is skipped.
	bulk := `[1]
variant = "F7S"
antes = [1, 1]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
actions = []
[2]
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AsKs", "d dh p2 7h7d", "p2 f"]
`
	c, skipped, err = Open("two.phhs", []byte(bulk))
	if err != nil || len(skipped) != 1 || !strings.Contains(skipped[0], "F7S") || len(c.Replay().Hands) != 1 {
		t.Errorf("bulk: %v, skipped %q", err, skipped)
	}
}

func TestOpenErrors(t *testing.T) {
	data := sessionBytes(t)
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty.dfr", nil, "empty.dfr: the file is empty"},
		{"junk.dfr", []byte("hello there"), "junk.dfr"},
		{"cut.dfr", data[:len(data)/2], "cut.dfr"},
		{"bad.phh", []byte("variant = \"NT\"\nactions = [\"p9 zz\"]\n"), "bad.phh"},
		{"only-f7s.phhs", []byte("[1]\nvariant = \"F7S\"\nantes = [1, 1]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\nstarting_stacks = [100, 100]\nactions = []\n"), "no hand can be shown"},
		{"binary", []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0xff}, "binary"},
	}
	for _, c := range cases {
		cur, _, err := Open(c.name, c.data)
		if err == nil || cur != nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Open(%s) = %v, %v; want an error with %q", c.name, cur, err, c.want)
		}
	}
}

// seekTo moves p to the first step after which ok holds, and fails if
// there is none.
func seekTo(t *testing.T, p *Player, ok func(v *View) bool) *View {
	t.Helper()
	if err := p.Seek(0, 0); err != nil {
		t.Fatal(err)
	}
	for {
		v := p.View()
		if ok(v) {
			return v
		}
		if n, err := p.Step(1); err != nil || n != 1 {
			t.Fatalf("no step matches (stopped: %d, %v)", n, err)
		}
	}
}

func lastIs(v *View, k replay.EventKind, seat int) bool {
	return len(v.Log) > 0 && v.Log[len(v.Log)-1].Kind == k && v.Log[len(v.Log)-1].Seat == seat
}

func TestViewSitOut(t *testing.T) {
	p := NewPlayer()
	if p.Loaded() || p.View().Loaded || p.Message() == "" {
		t.Fatal("a new player claims a replay or has no hint")
	}
	if _, err := p.Step(1); err == nil {
		t.Error("Step with nothing loaded did not fail")
	}
	if err := p.Load("session.dfr", sessionBytes(t)); err != nil {
		t.Fatal(err)
	}
	// Hand 2: Dan missed the big blind.
	v := seekTo(t, p, func(v *View) bool { return lastIs(v, replay.DeadBlindsAccrued, fixture.Dan) })
	if v.Hand != 1 || v.Stakes != "1/2" || v.Kind != replay.Poker || v.SeatCount != 6 {
		t.Errorf("view header %+v", v)
	}
	dan, fay := v.Seats[fixture.Dan], v.Seats[fixture.Fay]
	if !dan.Inactive || dan.Status != replay.StatusPaused || dan.Badge != "sitting out" || dan.DeadBlinds != chips.FromInt(2) || !dan.Acting {
		t.Errorf("Dan: %+v", dan)
	}
	if got := DeadBlindsText(dan.DeadBlinds); got != "owes 2 in dead blinds" {
		t.Errorf("dead blinds text %q", got)
	}
	if !fay.Inactive || fay.Badge != "sitting out — waits for big blind" || fay.DeadBlinds != 0 {
		t.Errorf("Fay: %+v", fay)
	}
	last := v.Log[len(v.Log)-1]
	if !last.SitOut || last.Text != "Dan misses a blind: owes 2 in dead blinds" {
		t.Errorf("last log line %+v", last)
	}
	if dan.Action != "misses a blind: owes 2 in dead blinds" {
		t.Errorf("Dan's action %q", dan.Action)
	}
	// Later in hand 2 Dan asks to play: he is coming back.
	v = seekTo(t, p, func(v *View) bool { return lastIs(v, replay.IntentChange, fixture.Dan) && v.Hand == 1 })
	if d := v.Seats[fixture.Dan]; d.Status != replay.StatusOwesDeadBlinds || d.Badge != "coming back — pays dead blinds" || d.Action != "wants to play" {
		t.Errorf("Dan asking to play: %+v", d)
	}
	// Hand 3: he pays them into the pot, then sits in.
	v = seekTo(t, p, func(v *View) bool { return lastIs(v, replay.DeadBlindsPaid, fixture.Dan) })
	if d := v.Seats[fixture.Dan]; d.DeadBlinds != 0 || d.Stack != chips.FromInt(82) || len(v.Pots) != 1 || v.Pots[0].Amount != chips.FromInt(2) {
		t.Errorf("Dan paying: %+v, pots %+v", d, v.Pots)
	}
	if _, err := p.Step(1); err != nil {
		t.Fatal(err)
	}
	if d := p.View().Seats[fixture.Dan]; d.Inactive || d.Badge != "" || d.Status != replay.StatusPlaying {
		t.Errorf("Dan back: %+v", d)
	}
	// Hand 4: Fay comes back at the big blind, free.
	v = seekTo(t, p, func(v *View) bool { return lastIs(v, replay.SitIn, fixture.Fay) })
	if f := v.Seats[fixture.Fay]; f.Inactive || f.DeadBlinds != 0 || v.Hand != 3 {
		t.Errorf("Fay back: %+v", f)
	}
}

func TestViewCardsAndLog(t *testing.T) {
	p := NewPlayer()
	if err := p.Load("session.dfr", sessionBytes(t)); err != nil {
		t.Fatal(err)
	}
	v := seekTo(t, p, func(v *View) bool { return len(v.Board) == 3 })
	ann := v.Seats[fixture.Ann]
	if len(ann.Cards) != 2 || ann.Cards[0].FaceUp {
		t.Errorf("Ann's hidden cards: %+v", ann.Cards)
	}
	if !v.Board[0].FaceUp || v.Board[0].Card != cards.MustParse("Qd") {
		t.Errorf("board %+v", v.Board)
	}
	if l := v.Log[len(v.Log)-1]; l.Kind != replay.Board || l.Text != "board: Q♦ 7♣ 2♥" {
		t.Errorf("last line %+v", l)
	}
	p.SetShowAll(true)
	v = p.View()
	if c := v.Seats[fixture.Ann].Cards; !c[0].FaceUp || c[0].Card != cards.MustParse("9c") {
		t.Errorf("show all: Ann's cards %+v", c)
	}
	dealt := false
	for _, l := range v.Log {
		if l.Kind == replay.Deal && l.Seat == fixture.Dan {
			dealt = l.Text == "Dan is dealt K♠ K♦"
		}
	}
	if !dealt {
		t.Errorf("no deal line with the cards: %+v", v.Log)
	}
	js, err := p.StateJSON()
	if err != nil {
		t.Fatal(err)
	}
	var st replay.State
	if err := json.Unmarshal(js, &st); err != nil || !st.ShowAll || st.Seats[0].Cards[0] != "9c" {
		t.Errorf("state %v %+v", err, st.Seats)
	}
}

func TestPlayerMoves(t *testing.T) {
	p := NewPlayer()
	if js, err := p.StateJSON(); err != nil || string(js) != "null" {
		t.Errorf("state before a load: %s %v", js, err)
	}
	if err := p.Load("session.dfr", sessionBytes(t)); err != nil {
		t.Fatal(err)
	}
	v0 := p.Version()
	pos := func() (int, int) { v := p.View(); return v.Hand, v.Step }
	if n, err := p.Step(-1); n != 0 || err != nil {
		t.Errorf("Step(-1) at the start = %d, %v", n, err)
	}
	if n, _ := p.Step(5); n != 5 || p.Version() == v0 {
		t.Errorf("Step(5) = %d", n)
	}
	if err := p.NextHand(); err != nil {
		t.Fatal(err)
	}
	if h, s := pos(); h != 1 || s != 0 {
		t.Errorf("next hand: %d %d", h, s)
	}
	_ = p.Do(CtlForward)
	_ = p.Do(CtlPrevHand)
	if h, s := pos(); h != 1 || s != 0 {
		t.Errorf("previous hand from step 1: %d %d", h, s)
	}
	_ = p.Do(CtlPrevHand)
	if h, s := pos(); h != 0 || s != 0 {
		t.Errorf("previous hand from step 0: %d %d", h, s)
	}
	// Playing: 2 steps a second by default.
	p.Do(CtlPlay)
	if !p.Playing() {
		t.Fatal("not playing")
	}
	if n := p.Advance(1.0); n != 2 {
		t.Errorf("one second at %g steps/s moved %d", StepsPerSecond(DefaultSpeedLevel), n)
	}
	_ = p.Do(CtlFaster)
	_ = p.Do(CtlFaster)
	if p.SpeedLevel() != DefaultSpeedLevel+2 || p.Advance(0.5) != 4 {
		t.Errorf("speed level %d", p.SpeedLevel())
	}
	for range 20 {
		p.Faster()
	}
	if p.SpeedLevel() != MaxSpeedLevel {
		t.Errorf("speed level %d above the maximum", p.SpeedLevel())
	}
	// Played to the end, with a pause after each hand, it stops there.
	total := 0
	for h := range p.cur.Replay().Hands {
		total += len(p.cur.Replay().Hands[h].Events) + 1
	}
	moved := 6
	for i := 0; i < 1000 && p.Playing(); i++ {
		moved += p.Advance(0.25)
	}
	v := p.View()
	if p.Playing() || !v.AtEnd || moved != total-1 {
		t.Errorf("after playing: playing %v, at end %v, moved %d of %d", p.Playing(), v.AtEnd, moved, total-1)
	}
	// Play again from the end starts over.
	p.SetPlaying(true)
	if h, s := pos(); h != 0 || s != 0 || !p.Playing() {
		t.Errorf("restart: %d %d", h, s)
	}
	p.TogglePlay()
	if p.Playing() || p.Advance(10) != 0 {
		t.Error("paused but moving")
	}
	_ = p.Do(CtlSlower)
	_ = p.Do(CtlCards)
	if !p.View().ShowAll {
		t.Error("the cards control did not show the cards")
	}
	if err := p.NextHand(); err != nil {
		t.Fatal(err)
	}
	_ = p.NextHand()
	_ = p.NextHand()
	_ = p.NextHand() // past the last hand: its last step
	if !p.View().AtEnd {
		t.Error("NextHand on the last hand did not go to its end")
	}
	// A failed load keeps the replay and says why.
	if err := p.Load("junk.dfr", []byte("junk")); err == nil || !p.Loaded() || !strings.Contains(p.Message(), "junk.dfr") {
		t.Errorf("failed load: %v, loaded %v, message %q", err, p.Loaded(), p.Message())
	}
	// The next move dismisses the message.
	if _, err := p.Step(-1); err != nil || p.Message() != "" {
		t.Errorf("after a move: %v, message %q", err, p.Message())
	}
}

func TestAnim(t *testing.T) {
	p := NewPlayer()
	if err := p.Load("session.dfr", sessionBytes(t)); err != nil {
		t.Fatal(err)
	}
	var a Anim
	// Hand 1, step 0: everyone seated, shown at once.
	a.Update(p.View(), 1.0/60)
	if a.Busy() || a.Seat(fixture.Dan).Presence != 1 || a.Seat(fixture.Dan).Grey != 0 {
		t.Fatalf("first frame: busy %v, Dan %+v", a.Busy(), a.Seat(fixture.Dan))
	}
	// Dan sits out: he turns grey over AnimDuration.
	seekTo(t, p, func(v *View) bool { return lastIs(v, replay.SitOut, fixture.Dan) })
	frames := 0
	for a.Update(p.View(), 1.0/60); a.Busy(); a.Update(p.View(), 1.0/60) {
		frames++
		if g := a.Seat(fixture.Dan).Grey; g <= 0 || g >= 1 {
			t.Fatalf("frame %d: grey %g", frames, g)
		}
	}
	if want := int(math.Ceil(AnimDuration * 60)); frames < want-2 || frames > want+1 {
		t.Errorf("turning grey took %d frames, want about %d", frames, want)
	}
	if s := a.Seat(fixture.Dan); s.Grey != 1 || s.Presence != 1 {
		t.Errorf("Dan settled at %+v", s)
	}
	// A seat with nobody is empty; Seat out of range too.
	if (a.Seat(99) != SeatAnim{}) {
		t.Error("Seat(99) is not empty")
	}
	// Loading another replay snaps.
	if err := p.Load("dwan.phh", []byte(dwanIvey)); err != nil {
		t.Fatal(err)
	}
	a.Update(p.View(), 1.0/60)
	if a.Busy() {
		t.Error("a new replay animates")
	}
}

func TestAnimJoinAndLeave(t *testing.T) {
	var a Anim
	v := &View{Loaded: true, Hash: "h", Seats: []SeatView{{Seat: 0, Present: true}, {Seat: 1}}}
	a.Update(v, 0)
	v.Seats[1] = SeatView{Seat: 1, Present: true, Inactive: true, Status: replay.StatusJoined}
	a.Update(v, 0.1)
	if s := a.Seat(1); s.Presence <= 0 || s.Presence >= 1 || s.Joining != 1-0.1/AnimDuration/3 {
		t.Errorf("joining: %+v", s)
	}
	for range 200 {
		a.Update(v, 0.01)
	}
	if s := a.Seat(1); s.Presence != 1 || s.Grey != 1 || s.Joining != 0 || a.Busy() {
		t.Errorf("joined: %+v busy %v", s, a.Busy())
	}
	v.Seats[0].Left = true
	v.Seats[0].Present = false
	for range 200 {
		a.Update(v, 0.01)
	}
	if s := a.Seat(0); s.Presence != LeftPresence || s.Grey != 1 {
		t.Errorf("left: %+v", s)
	}
	a.Update(&View{}, 0.01)
	if a.Busy() || a.Seat(0) != (SeatAnim{}) {
		t.Error("nothing loaded still animates")
	}
}

func TestFormatting(t *testing.T) {
	for c, want := range map[chips.Chips]string{
		0: "0", 7525: "75.25", 100000: "1,000", 112560000: "1,125,600", -123456700: "-1,234,567", 1011250: "10,112.5", 99900: "999",
	} {
		if got := FormatChips(c); got != want {
			t.Errorf("FormatChips(%d) = %q, want %q", c, got, want)
		}
	}
	for s, want := range map[string]string{"As": "A♠", "Th": "10♥", "2c": "2♣", "Qd": "Q♦"} {
		if got := CardText(cards.MustParse(s)); got != want {
			t.Errorf("CardText(%s) = %q, want %q", s, got, want)
		}
	}
	if CardText(cards.None) != "??" || CardText(cards.RedJoker) != "Joker" {
		t.Error("unknown card or joker")
	}
	for st := replay.StatusPlaying; st <= replay.StatusOut; st++ {
		b := Badge(st)
		inPlay := st == replay.StatusPlaying || st == replay.StatusFolded || st == replay.StatusAllIn
		if (b == "") != inPlay {
			t.Errorf("Badge(%s) = %q", st, b)
		}
	}
	if DeadBlindsText(0) != "" || DeadBlindsText(150) != "owes 1.5 in dead blinds" {
		t.Error("dead blinds text")
	}
	for in, want := range map[string]string{
		"Tom Dwan wins 1109500 with straight: 7h 6h 5c 4h 3d": "Tom Dwan wins 1,109,500 with straight: 7♥ 6♥ 5♣ 4♥ 3♦",
		"board: Jc 3d 5c":                   "board: J♣ 3♦ 5♣",
		"Ann calls 16000.5 (all-in)":        "Ann calls 16,000.5 (all-in)",
		"Bob raises to 2000":                "Bob raises to 2,000",
		"Cat bets 999":                      "Cat bets 999",
		"Asa shows Td":                      "Asa shows 10♦",
		"Kc's dead blinds of 1 are cleared": "K♣'s dead blinds of 1 are cleared",
		"seat 12345x, 12345.":               "seat 12345x, 12,345.",
	} {
		if got := LogText(in); got != want {
			t.Errorf("LogText(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLayout(t *testing.T) {
	ring := SeatRing()
	for n := 2; n <= 10; n++ {
		for i := range n {
			x, y := SeatPoint(i, n)
			dx, dy := (x-ring.CX)/ring.RX, (y-ring.CY)/ring.RY
			if math.Abs(dx*dx+dy*dy-1) > 1e-9 {
				t.Fatalf("seat %d of %d is off the ring", i, n)
			}
			if !TableArea().Contains(x-seatHalfW(), y) || !TableArea().Contains(x+seatHalfW(), y) {
				t.Errorf("seat %d of %d at (%.0f, %.0f) leaves the table area", i, n, x, y)
			}
		}
		// Seat 0 at the bottom, seat 1 to its left (clockwise).
		x0, y0 := SeatPoint(0, n)
		x1, _ := SeatPoint(1, n)
		if y0 <= ring.CY || x1 >= x0 {
			t.Errorf("%d seats: seat 0 at (%.0f, %.0f), seat 1 at x %.0f", n, x0, y0, x1)
		}
	}
	s, ox, oy := Fit(2560, 1600)
	if s != 2 || ox != 0 || oy != 0 {
		t.Errorf("Fit(2560, 1600) = %g %g %g", s, ox, oy)
	}
	s, ox, oy = Fit(1280, 1000)
	if s != 1 || ox != 0 || oy != 100 {
		t.Errorf("Fit(1280, 1000) = %g %g %g", s, ox, oy)
	}
	for c := range NumControls {
		x, y := ControlRect(c).Center()
		if got, ok := ControlAt(x, y); !ok || got != c {
			t.Errorf("ControlAt(center of %d) = %d, %v", c, got, ok)
		}
		if !ControlArea().Contains(x, y) {
			t.Errorf("control %d outside the control area", c)
		}
	}
	if _, ok := ControlAt(640, 300); ok {
		t.Error("a control on the table")
	}
	pr := ProgressRect()
	if ProgressStep(pr.X, 30) != 0 || ProgressStep(pr.X+pr.W, 30) != 30 || ProgressStep(pr.X+pr.W/2, 30) != 15 || ProgressStep(-50, 30) != 0 {
		t.Error("ProgressStep")
	}
}

// seatHalfW is half a seat box's width, in virtual units.
func seatHalfW() float64 { return SeatBoxW / 2 }

func FuzzOpen(f *testing.F) {
	f.Add("session.dfr", sessionBytes(f))
	f.Add("hand.phh", []byte(dwanIvey))
	f.Add("x.phhs", []byte("[1]\nvariant = \"NT\"\n"))
	f.Add("junk", []byte("\x00\x00\x00\x00DFRP\x00"))
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		p := NewPlayer()
		if err := p.Load(name, data); err != nil {
			if p.Loaded() {
				t.Fatal("a failed load loaded something")
			}
			return
		}
		// Whatever loads can be walked and viewed to the end.
		for i := 0; i < 10000; i++ {
			_ = p.View()
			if n, err := p.Step(1); err != nil {
				t.Fatal(err)
			} else if n == 0 {
				break
			}
		}
	})
}

func BenchmarkView(b *testing.B) {
	p := NewPlayer()
	if err := p.Load("session.dfr", sessionBytes(b)); err != nil {
		b.Fatal(err)
	}
	if err := p.Seek(2, 20); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = p.View()
	}
}

func BenchmarkOpenPHH(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Open("dwan.phh", []byte(dwanIvey)); err != nil {
			b.Fatal(err)
		}
	}
}

func TestKeysAndClicks(t *testing.T) {
	p := NewPlayer()
	if err := p.Load("session.dfr", sessionBytes(t)); err != nil {
		t.Fatal(err)
	}
	pos := func() (int, int) { v := p.View(); return v.Hand, v.Step }
	steps := []struct {
		key        string
		hand, step int
	}{
		{"ArrowRight", 0, 1}, {"ArrowRight", 0, 2}, {"ArrowLeft", 0, 1},
		{"PageDown", 1, 0}, {"ArrowDown", 2, 0}, {"ArrowUp", 1, 0}, {"PageUp", 0, 0},
		{"End", 0, len(p.cur.Replay().Hands[0].Events)}, {"Home", 0, 0},
	}
	for _, s := range steps {
		if !p.Key(s.key) {
			t.Fatalf("%s is not a key of the viewer", s.key)
		}
		if h, st := pos(); h != s.hand || st != s.step {
			t.Errorf("after %s: hand %d step %d, want %d %d", s.key, h, st, s.hand, s.step)
		}
	}
	p.Key("+")
	p.Key("=")
	p.Key("-")
	if p.SpeedLevel() != DefaultSpeedLevel+1 {
		t.Errorf("speed level %d after + = -", p.SpeedLevel())
	}
	p.Key("h")
	if !p.ShowAll() {
		t.Error("H did not show the cards")
	}
	p.Key(" ")
	if !p.Playing() {
		t.Error("space did not play")
	}
	p.Key(" ")
	if p.Key("x") || p.Key("Enter") || p.Playing() {
		t.Error("a key that is not the viewer's did something")
	}

	// Clicks: a control, the progress bar, elsewhere.
	x, y := ControlRect(CtlForward).Center()
	if !p.Click(x, y) {
		t.Fatal("a click on the forward control missed")
	}
	if h, st := pos(); h != 0 || st != 1 {
		t.Errorf("after clicking forward: %d %d", h, st)
	}
	pr := ProgressRect()
	if !p.Click(pr.X+pr.W-0.5, pr.Y+pr.H/2) {
		t.Fatal("a click on the progress bar missed")
	}
	if h, st := pos(); h != 0 || st != len(p.cur.Replay().Hands[0].Events) {
		t.Errorf("after clicking the end of the progress bar: %d %d", h, st)
	}
	if p.Click(600, 300) {
		t.Error("a click on the table hit something")
	}
	if NewPlayer().Click(pr.X, pr.Y) {
		t.Error("a click on the progress bar with nothing loaded did something")
	}
}
