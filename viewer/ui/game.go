//go:build js && wasm

package ui

import (
	"sync/atomic"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// Hooks lets the page follow the viewer.
type Hooks struct {
	// Frame is called after each frame is drawn with the number of frames
	// drawn so far and whether a replay was shown.
	Frame func(frames int, loaded bool)
}

// Game is the Ebiten game that draws a Player's table and turns clicks
// into the player's moves.
type Game struct {
	player  *Player
	hooks   Hooks
	painter *painter
	anim    Anim
	view    *View
	frames  int
	busy    atomic.Bool
	// last is the time of the last update.
	last time.Time
	// hover is the control under the pointer, when hovering.
	hover    Control
	hovering bool
	// drawn is what the screen shows, to draw only when it changes.
	drawn frameKey
	// rows is the action log wrapped for the view of rowsVersion at the
	// scale rowsScale.
	rows        []logRow
	rowsVersion uint64
	rowsScale   float64
}

// frameKey is what a frame depends on besides the transitions.
type frameKey struct {
	version  uint64
	busy     bool
	hover    Control
	hovering bool
	w, h     int
}

// NewGame returns a game drawing p.
func NewGame(p *Player, h Hooks) (*Game, error) {
	f, err := loadFonts()
	if err != nil {
		return nil, err
	}
	return &Game{player: p, hooks: h, painter: newPainter(f)}, nil
}

// Animating reports whether a transition is still under way (a seat
// appearing, leaving or turning grey), so that a test takes its screenshot
// after it.
func (g *Game) Animating() bool { return g.busy.Load() }

// Update reads the pointer, plays on and eases the seats. (Keys are
// handled as the browser reports them: see Player.Key.) Time is taken from
// the clock, not counted in ticks, so that a slow renderer plays at the
// same speed, in fewer frames.
func (g *Game) Update() error {
	p := g.player
	now := time.Now()
	dt := 1 / float64(ebiten.TPS())
	if !g.last.IsZero() {
		dt = min(0.25, now.Sub(g.last).Seconds())
	}
	g.last = now
	// The pointer, for the buttons' hover look. (Clicks are handled as the
	// browser reports them: see Player.Click.)
	x, y, ok := g.pointer()
	g.hover, g.hovering = ControlAt(x, y)
	g.hovering = g.hovering && ok

	p.Advance(dt)
	if g.view == nil || g.view.Version != p.Version() {
		g.view = p.View()
	}
	g.anim.Update(g.view, dt)
	g.busy.Store(g.anim.Busy())
	return nil
}

// pointer returns the cursor in virtual units.
func (g *Game) pointer() (x, y float64, ok bool) {
	cx, cy := ebiten.CursorPosition()
	x, y = g.toVirtual(float64(cx), float64(cy))
	return x, y, cx != 0 || cy != 0
}

// toVirtual turns a position on the screen (Ebiten's logical pixels, the
// units Draw draws in) into virtual units.
func (g *Game) toVirtual(x, y float64) (float64, float64) {
	p := g.painter
	if p.s == 0 {
		return -1, -1
	}
	return (x - p.ox) / p.s, (y - p.oy) / p.s
}

// Draw draws the viewer.
func (g *Game) Draw(screen *ebiten.Image) {
	if g.view == nil {
		g.view = g.player.View()
		g.anim.Update(g.view, 0)
	}
	b := screen.Bounds()
	key := frameKey{g.view.Version, g.anim.Busy(), g.hover, g.hovering, b.Dx(), b.Dy()}
	if g.frames > 0 && key == g.drawn && !key.busy {
		// Nothing changed: the screen, not cleared, still shows it.
		return
	}
	g.drawn = key
	g.painter.begin(screen)
	g.drawFrame(g.painter, g.view)
	g.frames++
	if g.hooks.Frame != nil {
		g.hooks.Frame(g.frames, g.view.Loaded)
	}
}

// Layout is required by ebiten.Game; LayoutF is used instead.
func (g *Game) Layout(w, h int) (int, int) {
	f := ebiten.Monitor().DeviceScaleFactor()
	return int(float64(w) * f), int(float64(h) * f)
}

// LayoutF draws at the device's resolution, so that text stays sharp.
func (g *Game) LayoutF(w, h float64) (float64, float64) {
	f := ebiten.Monitor().DeviceScaleFactor()
	return w * f, h * f
}
