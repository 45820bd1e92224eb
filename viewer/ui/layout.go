package ui

import "math"

// The viewer draws on a virtual canvas of Width × Height units, scaled to
// fit the page (see Fit).
const (
	Width  = 1280
	Height = 800

	// TopBar and BottomBar are the heights of the title bar and of the
	// controls; LogWidth is the width of the action log on the right.
	TopBar    = 44
	BottomBar = 76
	LogWidth  = 330

	// SeatBoxW and SeatBoxH are the size of a seat's box.
	SeatBoxW, SeatBoxH = 164, 64
)

// Rect is a rectangle of the virtual canvas.
type Rect struct{ X, Y, W, H float64 }

// Contains reports whether (x, y) is inside r.
func (r Rect) Contains(x, y float64) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// Center returns r's center.
func (r Rect) Center() (x, y float64) { return r.X + r.W/2, r.Y + r.H/2 }

// TableArea is the part of the canvas the table is drawn in, LogArea the
// action log's, ControlArea the controls'.
func TableArea() Rect {
	return Rect{0, TopBar, Width - LogWidth, Height - TopBar - BottomBar}
}

// LogArea is where the action log is drawn.
func LogArea() Rect {
	return Rect{Width - LogWidth, TopBar, LogWidth, Height - TopBar - BottomBar}
}

// ControlArea is where the controls are drawn.
func ControlArea() Rect { return Rect{0, Height - BottomBar, Width, BottomBar} }

// Ellipse is an axis-aligned ellipse: center and radii.
type Ellipse struct{ CX, CY, RX, RY float64 }

// Felt is the table's playing surface, and SeatRing the ellipse the seats
// sit on (slightly outside the felt, on the rail).
func Felt() Ellipse {
	a := TableArea()
	cx, cy := a.Center()
	return Ellipse{cx, cy - 6, 330, 205}
}

// SeatRing is the ellipse the seats' centers lie on.
func SeatRing() Ellipse {
	f := Felt()
	return Ellipse{f.CX, f.CY, f.RX + 42, f.RY + 40}
}

// Angle returns the angle of seat i of n on the seat ring, in radians,
// with y pointing down: seat 0 at the bottom (π/2), the next seats going
// clockwise on the screen (left, then up), as players sit round a table
// and the button moves.
func Angle(i, n int) float64 {
	if n <= 0 {
		return math.Pi / 2
	}
	return math.Pi/2 + 2*math.Pi*float64(i)/float64(n)
}

// Point returns the point of e at angle a.
func (e Ellipse) Point(a float64) (x, y float64) {
	return e.CX + e.RX*math.Cos(a), e.CY + e.RY*math.Sin(a)
}

// SeatPoint returns the center of seat i of n.
func SeatPoint(i, n int) (x, y float64) { return SeatRing().Point(Angle(i, n)) }

// Lerp returns the point a fraction t of the way from (x0, y0) to (x1, y1).
func Lerp(x0, y0, x1, y1, t float64) (x, y float64) {
	return x0 + (x1-x0)*t, y0 + (y1-y0)*t
}

// Fit returns the scale and offsets that fit the virtual canvas into a
// screen of w × h pixels, centered, keeping its proportions: a virtual
// point (x, y) is drawn at (ox + x·s, oy + y·s).
func Fit(w, h float64) (s, ox, oy float64) {
	if w <= 0 || h <= 0 {
		return 1, 0, 0
	}
	s = math.Min(w/Width, h/Height)
	return s, (w - Width*s) / 2, (h - Height*s) / 2
}

// Control is one of the viewer's buttons.
type Control uint8

// The controls, left to right.
const (
	CtlPrevHand Control = iota // previous hand (PgUp)
	CtlBack                    // one step back (←)
	CtlPlay                    // play or pause (space)
	CtlForward                 // one step forward (→)
	CtlNextHand                // next hand (PgDn)
	CtlSlower                  // half the speed (-)
	CtlFaster                  // twice the speed (+)
	CtlCards                   // show or hide every hole card (H)
	NumControls
)

// ControlRect returns where control c is drawn.
func ControlRect(c Control) Rect {
	const y, h = Height - BottomBar + 26, 40
	switch c {
	case CtlPrevHand:
		return Rect{16, y, 52, h}
	case CtlBack:
		return Rect{74, y, 52, h}
	case CtlPlay:
		return Rect{132, y, 64, h}
	case CtlForward:
		return Rect{202, y, 52, h}
	case CtlNextHand:
		return Rect{260, y, 52, h}
	case CtlSlower:
		return Rect{336, y, 40, h}
	case CtlFaster:
		return Rect{492, y, 40, h}
	case CtlCards:
		return Rect{552, y, 196, h}
	}
	return Rect{}
}

// ControlAt returns the control at (x, y), false if none.
func ControlAt(x, y float64) (Control, bool) {
	for c := range NumControls {
		if ControlRect(c).Contains(x, y) {
			return c, true
		}
	}
	return 0, false
}

// ProgressRect is the bar showing how far into its hand the replay is;
// clicking it moves there.
func ProgressRect() Rect { return Rect{16, Height - BottomBar + 8, Width - 32, 8} }

// ProgressStep returns the step of a hand of steps steps that a click at x
// on the progress bar moves to.
func ProgressStep(x float64, steps int) int {
	r := ProgressRect()
	f := (x - r.X) / r.W
	return max(0, min(steps, int(math.Round(f*float64(steps)))))
}

// The widest a seat's hand is drawn, and the least of each card that shows
// in a row: below that, a hand wraps into two rows.
const (
	handMaxW    = 250.0
	handMinStep = 22.0
	handRowGap  = 24.0
)

// HandLayout places a seat's n cards of cw × ch: centred on the seat's x
// (sx), overlapping the top of its box (boxTop) a little, fanned so that
// at least handMinStep of each card shows, in two rows when one would not
// do (12 or 13 cards), and kept inside the table area.
func HandLayout(n int, sx, boxTop, cw, ch float64) []Rect {
	if n <= 0 {
		return nil
	}
	step := func(k int) float64 {
		if k <= 2 {
			return cw + 4
		}
		return math.Min(cw+4, (handMaxW-cw)/float64(k-1))
	}
	area := TableArea()
	y0 := boxTop - ch + 10
	rows := []int{n}
	ys := []float64{y0}
	if n > 2 && step(n) < handMinStep {
		top := (n + 1) / 2
		rows = []int{top, n - top}
		y := math.Max(y0-handRowGap+2, area.Y+4)
		ys = []float64{y, y + handRowGap}
	}
	out := make([]Rect, 0, n)
	for i, k := range rows {
		st := step(k)
		w := cw + st*float64(k-1)
		x0 := sx - w/2
		x0 = math.Max(area.X+6, math.Min(x0, area.X+area.W-6-w))
		for j := range k {
			out = append(out, Rect{x0 + st*float64(j), ys[i], cw, ch})
		}
	}
	return out
}
