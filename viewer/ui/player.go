package ui

import (
	"encoding/json"
	"math"
	"sync"

	"github.com/deckforge/deckforge/replay"
)

// The playback speeds: 2^level steps per second.
const (
	MinSpeedLevel = -2 // 0.25 steps per second
	MaxSpeedLevel = 4  // 16 steps per second
	// DefaultSpeedLevel plays 2 steps per second.
	DefaultSpeedLevel = 1
	// handPause is the extra wait, in steps, after the last step of a hand.
	handPause = 2
)

// Player plays a replay: a cursor, whether it plays on by itself and how
// fast, and whether every hole card is shown. The page's JavaScript API and
// the drawing loop share one Player, so its methods are safe for concurrent
// use; none of them blocks on anything but its own lock.
type Player struct {
	mu      sync.Mutex
	cur     *replay.Cursor
	name    string
	skipped []string
	msg     string
	playing bool
	level   int
	acc     float64
	showAll bool
	// version counts the changes, so that a view knows when to rebuild.
	version uint64
}

// NewPlayer returns a player with nothing loaded, paused, at the default
// speed.
func NewPlayer() *Player {
	return &Player{level: DefaultSpeedLevel, msg: "Drop a replay (.dfr) or a PHH file (.phh, .phhs) here, or open one from the list."}
}

// Load opens data (see Open) under name and moves to its first step,
// paused. On an error the player keeps what it had and shows the error.
func (p *Player) Load(name string, data []byte) error {
	c, skipped, err := Open(name, data)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.version++
	if err != nil {
		p.msg = err.Error()
		return err
	}
	c.SetShowAll(p.showAll)
	p.cur, p.name, p.skipped, p.msg = c, name, skipped, ""
	p.playing, p.acc = false, 0
	return nil
}

// Loaded reports whether a replay is loaded.
func (p *Player) Loaded() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.cur != nil
}

// Version returns a number that changes whenever what the player shows
// changes.
func (p *Player) Version() uint64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.version
}

// moved records a change of position: the view changes and a message left
// by a failed load is dismissed. The lock is held.
func (p *Player) moved() {
	p.version++
	p.acc = 0
	if p.cur != nil {
		p.msg = ""
	}
}

// ShowAll reports whether every hole card is shown.
func (p *Player) ShowAll() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.showAll
}

// Step moves n steps forward (n > 0) or back (n < 0), across hands, and
// returns how many it moved (negative going back).
func (p *Player) Step(n int) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cur == nil {
		return 0, errNotLoaded
	}
	m, err := p.cur.Move(n)
	if m != 0 {
		p.moved()
	}
	return m, err
}

// Seek moves to step of hand (both 0-based).
func (p *Player) Seek(hand, step int) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cur == nil {
		return errNotLoaded
	}
	p.moved()
	return p.cur.Seek(hand, step)
}

// PrevHand moves to the start of the hand, or of the previous hand when
// already there.
func (p *Player) PrevHand() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cur == nil {
		return errNotLoaded
	}
	p.moved()
	_, err := p.cur.PrevHand()
	return err
}

// NextHand moves to the start of the next hand, or to the end of the last
// one.
func (p *Player) NextHand() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cur == nil {
		return errNotLoaded
	}
	p.moved()
	ok, err := p.cur.NextHand()
	if err == nil && !ok {
		hi, _ := p.cur.Position()
		err = p.cur.Seek(hi, p.cur.Steps())
	}
	return err
}

// SetPlaying starts or stops playing. Starting at the very end starts
// again from the first step.
func (p *Player) SetPlaying(on bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cur == nil || p.playing == on {
		return
	}
	p.version++
	p.playing, p.acc = on, 0
	if on && p.atEnd() {
		// Restarting from the end: the error cannot happen on a
		// validated replay, and a failed seek leaves the cursor valid.
		_ = p.cur.Seek(0, 0)
	}
}

// TogglePlay starts or stops playing.
func (p *Player) TogglePlay() {
	p.mu.Lock()
	on := !p.playing
	p.mu.Unlock()
	p.SetPlaying(on)
}

// Playing reports whether the player plays on by itself.
func (p *Player) Playing() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.playing
}

// SetSpeedLevel sets the speed to 2^level steps per second, level clamped
// to [MinSpeedLevel, MaxSpeedLevel].
func (p *Player) SetSpeedLevel(level int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	level = max(MinSpeedLevel, min(MaxSpeedLevel, level))
	if level != p.level {
		p.level = level
		p.version++
	}
}

// SpeedLevel returns the speed level.
func (p *Player) SpeedLevel() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.level
}

// Faster and Slower double and halve the speed.
func (p *Player) Faster() { p.SetSpeedLevel(p.SpeedLevel() + 1) }

// Slower halves the speed.
func (p *Player) Slower() { p.SetSpeedLevel(p.SpeedLevel() - 1) }

// StepsPerSecond returns the speed of a level: 2^level.
func StepsPerSecond(level int) float64 { return math.Ldexp(1, level) }

// SetShowAll sets whether every hole card is shown face up.
func (p *Player) SetShowAll(on bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.showAll != on {
		p.version++
	}
	p.showAll = on
	if p.cur != nil {
		p.cur.SetShowAll(on)
	}
}

// ToggleShowAll shows or hides the hole cards.
func (p *Player) ToggleShowAll() {
	p.mu.Lock()
	on := !p.showAll
	p.mu.Unlock()
	p.SetShowAll(on)
}

// Advance lets dt seconds pass: while playing, it moves as many steps as
// the speed gives, waiting two more steps after each hand's last step, and
// stops at the end of the replay. It returns the steps moved.
func (p *Player) Advance(dt float64) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cur == nil || !p.playing || dt <= 0 {
		return 0
	}
	p.acc += dt * StepsPerSecond(p.level)
	moved := 0
	for p.acc >= 1 {
		p.acc--
		if p.atEnd() {
			p.playing, p.acc = false, 0
			break
		}
		if n, err := p.cur.Forward(1); n != 1 || err != nil {
			p.playing, p.acc = false, 0
			if err != nil {
				p.msg = err.Error()
			}
			break
		}
		moved++
		if _, step := p.cur.Position(); step == p.cur.Steps() {
			p.acc -= handPause
		}
	}
	if moved > 0 {
		p.version++
	}
	return moved
}

// atEnd reports whether the cursor is on the last step of the last hand.
func (p *Player) atEnd() bool {
	hi, step := p.cur.Position()
	return hi == len(p.cur.Replay().Hands)-1 && step == p.cur.Steps()
}

// StateJSON returns the table as the replay model rebuilt it (see
// replay.Cursor.StateJSON), or the JSON null before anything is loaded.
func (p *Player) StateJSON() ([]byte, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cur == nil {
		return []byte("null"), nil
	}
	data, err := p.cur.StateJSON()
	if err != nil {
		return nil, err
	}
	return withMarks(data, seatMarks(p.cur))
}

// withMarks adds to every seat of a state (replay's StateJSON) the
// "mark" the viewer draws on it: "none", "paused" or "busted" (see
// SeatMark), so that a page or a test reads it from state().
func withMarks(data []byte, marks map[int]SeatMark) ([]byte, error) {
	var st map[string]json.RawMessage
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, err
	}
	var seats []map[string]json.RawMessage
	if err := json.Unmarshal(st["seats"], &seats); err != nil {
		return nil, err
	}
	for _, s := range seats {
		var n int
		if err := json.Unmarshal(s["seat"], &n); err != nil {
			return nil, err
		}
		m, err := json.Marshal(marks[n])
		if err != nil {
			return nil, err
		}
		s["mark"] = m
	}
	b, err := json.Marshal(seats)
	if err != nil {
		return nil, err
	}
	st["seats"] = b
	return json.Marshal(st)
}

// Message returns what the player has to say: the last error, or a hint
// when nothing is loaded ("" otherwise).
func (p *Player) Message() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.msg
}

// Skipped returns the reasons the hands of the loaded PHH file that are not
// shown were left out.
func (p *Player) Skipped() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.skipped...)
}

// Do carries out what control c does.
func (p *Player) Do(c Control) error {
	switch c {
	case CtlPrevHand:
		return p.PrevHand()
	case CtlBack:
		_, err := p.Step(-1)
		return err
	case CtlPlay:
		p.TogglePlay()
	case CtlForward:
		_, err := p.Step(1)
		return err
	case CtlNextHand:
		return p.NextHand()
	case CtlSlower:
		p.Slower()
	case CtlFaster:
		p.Faster()
	case CtlCards:
		p.ToggleShowAll()
	}
	return nil
}

// Key carries out what a key does, the key named as the browser's
// KeyboardEvent.key names it, and reports whether the key is one of the
// viewer's:
//
//	space              play or pause
//	→ / ←              one step forward / back
//	PgDn, ↓ / PgUp, ↑  next hand / start of the hand, or previous hand
//	Home / End         first step of the replay / last step of the hand
//	+ / -              twice / half the speed
//	H                  show or hide every hole card
func (p *Player) Key(key string) bool {
	switch key {
	case " ", "Spacebar":
		p.TogglePlay()
	case "ArrowRight", "Right":
		_, _ = p.Step(1)
	case "ArrowLeft", "Left":
		_, _ = p.Step(-1)
	case "PageDown", "ArrowDown", "Down":
		_ = p.NextHand()
	case "PageUp", "ArrowUp", "Up":
		_ = p.PrevHand()
	case "Home":
		_ = p.Seek(0, 0)
	case "End":
		p.mu.Lock()
		if p.cur != nil {
			hi, _ := p.cur.Position()
			p.moved()
			_ = p.cur.Seek(hi, p.cur.Steps())
		}
		p.mu.Unlock()
	case "+", "=", "Add":
		p.Faster()
	case "-", "_", "Subtract":
		p.Slower()
	case "h", "H":
		p.ToggleShowAll()
	default:
		return false
	}
	return true
}

// Click carries out a click (or a touch) at (x, y) in virtual units: on a
// control, what it does; on the progress bar, a move to that step of the
// hand. It reports whether the click hit anything.
func (p *Player) Click(x, y float64) bool {
	if c, ok := ControlAt(x, y); ok {
		_ = p.Do(c)
		return true
	}
	pr := ProgressRect()
	if !(Rect{pr.X, pr.Y - 8, pr.W, pr.H + 16}).Contains(x, y) {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cur == nil {
		return false
	}
	hi, _ := p.cur.Position()
	p.moved()
	_ = p.cur.Seek(hi, ProgressStep(x, p.cur.Steps()))
	return true
}
