//go:build js && wasm

package ui

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/colorm"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
)

// fonts holds the Go fonts the viewer writes with, and a face for each
// size in use.
type fonts struct {
	regular, bold *opentype.Font
	faces         map[faceKey]*text.GoXFace
}

type faceKey struct {
	size float64
	bold bool
}

func loadFonts() (*fonts, error) {
	r, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, fmt.Errorf("ui: the Go regular font: %w", err)
	}
	b, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return nil, fmt.Errorf("ui: the Go bold font: %w", err)
	}
	return &fonts{regular: r, bold: b, faces: map[faceKey]*text.GoXFace{}}, nil
}

// face returns the face of a size in pixels, rounded to a quarter pixel.
func (f *fonts) face(size float64, bold bool) *text.GoXFace {
	k := faceKey{math.Max(1, math.Round(size*4)/4), bold}
	if fc, ok := f.faces[k]; ok {
		return fc
	}
	if len(f.faces) > 96 {
		// The window was resized many times: start again.
		clear(f.faces)
	}
	src := f.regular
	if bold {
		src = f.bold
	}
	ff, err := opentype.NewFace(src, &opentype.FaceOptions{Size: k.size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		// The sizes are positive and the fonts parsed: NewFace cannot fail.
		panic(fmt.Sprintf("ui: a %g px face: %v", k.size, err))
	}
	fc := text.NewGoXFace(ff)
	f.faces[k] = fc
	return fc
}

// align says where a text is put relative to its point.
type align uint8

const (
	topLeft align = iota
	topCenter
	midLeft
	midCenter
	midRight
)

// split returns the text package's horizontal and vertical alignments.
func (a align) split() (h, v text.Align) {
	switch a {
	case topLeft:
		return text.AlignStart, text.AlignStart
	case topCenter:
		return text.AlignCenter, text.AlignStart
	case midLeft:
		return text.AlignStart, text.AlignCenter
	case midRight:
		return text.AlignEnd, text.AlignCenter
	}
	return text.AlignCenter, text.AlignCenter
}

// painter draws on the screen in virtual units (see Fit): every length
// is multiplied by s and shifted by the offsets. Alpha and grey apply to
// everything drawn, so that a whole seat fades or turns grey.
//
// Shapes other than axis-aligned rectangles are anti-aliased, which is
// slow to do every frame (more so with a software renderer), so they are
// drawn once into cached sprites (see cached) and the sprites are drawn
// each frame; text comes from the glyph cache of the text package.
type painter struct {
	dst       *ebiten.Image
	s, ox, oy float64
	fonts     *fonts
	white     *ebiten.Image
	vs        []ebiten.Vertex
	is        []uint16
	alpha     float64
	grey      float64
	// sprite reports a painter drawing into a sprite: shapes are
	// anti-aliased there.
	sprite  bool
	sprites *sprites
}

// sprites caches drawn shapes by key, at one scale.
type sprites struct {
	scale float64
	m     map[string]*ebiten.Image
}

// maxSprites bounds the sprite cache; beyond it the cache starts again.
const maxSprites = 600

// spritePad is the margin of a sprite in pixels, for anti-aliased edges.
const spritePad = 2

func newPainter(f *fonts) *painter {
	w := ebiten.NewImage(3, 3)
	w.Fill(color.White)
	return &painter{
		fonts: f, white: w.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image), alpha: 1,
		sprites: &sprites{m: map[string]*ebiten.Image{}},
	}
}

// begin starts a frame on dst.
func (p *painter) begin(dst *ebiten.Image) {
	b := dst.Bounds()
	p.dst = dst
	p.s, p.ox, p.oy = Fit(float64(b.Dx()), float64(b.Dy()))
	p.alpha, p.grey = 1, 0
	if p.sprites.scale != p.s || len(p.sprites.m) > maxSprites {
		p.sprites.release()
		p.sprites.scale = p.s
	}
}

// release frees every sprite.
func (c *sprites) release() {
	for _, img := range c.m {
		img.Deallocate()
	}
	clear(c.m)
}

// cached draws a sprite of w × h virtual units at (x, y): draw paints it,
// in coordinates with (0, 0) at its top left corner, the first time key is
// asked for at this scale.
func (p *painter) cached(key string, x, y, w, h float64, draw func(q *painter)) {
	img, ok := p.sprites.m[key]
	if !ok {
		pw := int(math.Ceil(w*p.s)) + 2*spritePad
		ph := int(math.Ceil(h*p.s)) + 2*spritePad
		img = ebiten.NewImage(max(1, pw), max(1, ph))
		q := &painter{
			dst: img, s: p.s, ox: spritePad, oy: spritePad, fonts: p.fonts, white: p.white,
			alpha: 1, sprite: true, sprites: p.sprites,
		}
		draw(q)
		p.sprites.m[key] = img
	}
	px := math.Round(p.ox+x*p.s) - spritePad
	py := math.Round(p.oy+y*p.s) - spritePad
	if p.grey > 0 {
		var cm colorm.ColorM
		cm.ChangeHSV(0, 1-p.grey, 1-0.3*p.grey)
		cm.Scale(1, 1, 1, p.alpha)
		op := &colorm.DrawImageOptions{}
		op.GeoM.Translate(px, py)
		colorm.DrawImage(p.dst, img, cm, op)
		return
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM.Translate(px, py)
	op.ColorScale.ScaleAlpha(float32(p.alpha))
	p.dst.DrawImage(img, op)
}

// box draws a rounded rectangle with a fill and an edge (edgeW 0 for
// none) as a sprite.
func (p *painter) box(r Rect, radius float64, fill color.RGBA, edge color.RGBA, edgeW float64) {
	w, h := math.Round(r.W*2)/2, math.Round(r.H*2)/2
	key := fmt.Sprintf("box %g %g %g %v %v %g", w, h, radius, fill, edge, edgeW)
	p.cached(key, r.X, r.Y, w, h, func(q *painter) {
		if fill.A > 0 {
			q.fillRound(Rect{0, 0, w, h}, radius, fill)
		}
		if edgeW > 0 && edge.A > 0 {
			q.strokeRound(Rect{edgeW / 2, edgeW / 2, w - edgeW, h - edgeW}, radius, edgeW, edge)
		}
	})
}

func (p *painter) x(v float64) float32 { return float32(p.ox + v*p.s) }
func (p *painter) y(v float64) float32 { return float32(p.oy + v*p.s) }
func (p *painter) l(v float64) float32 { return float32(v * p.s) }

// tone applies the painter's grey and alpha to c.
func (p *painter) tone(c color.Color) color.RGBA {
	r, g, b, a := c.RGBA()
	fr, fg, fb, fa := float64(r)/0xffff, float64(g)/0xffff, float64(b)/0xffff, float64(a)/0xffff
	if fa > 0 {
		fr, fg, fb = fr/fa, fg/fa, fb/fa
	}
	if p.grey > 0 {
		lum := 0.3*fr + 0.59*fg + 0.11*fb
		lum = lum*0.75 + 0.08
		fr += (lum - fr) * p.grey
		fg += (lum - fg) * p.grey
		fb += (lum - fb) * p.grey
	}
	fa *= p.alpha
	return color.RGBA{
		R: uint8(math.Round(fr * fa * 255)), G: uint8(math.Round(fg * fa * 255)),
		B: uint8(math.Round(fb * fa * 255)), A: uint8(math.Round(fa * 255)),
	}
}

// fill fills a path given in screen pixels.
func (p *painter) fill(path *vector.Path, c color.Color) {
	col := p.tone(c)
	p.vs, p.is = path.AppendVerticesAndIndicesForFilling(p.vs[:0], p.is[:0])
	p.draw(col)
}

// stroke strokes a path given in screen pixels, width in virtual units.
func (p *painter) stroke(path *vector.Path, width float64, c color.Color) {
	col := p.tone(c)
	op := &vector.StrokeOptions{Width: p.l(width), LineJoin: vector.LineJoinRound, LineCap: vector.LineCapRound}
	p.vs, p.is = path.AppendVerticesAndIndicesForStroke(p.vs[:0], p.is[:0], op)
	p.draw(col)
}

func (p *painter) draw(col color.RGBA) {
	if col.A == 0 {
		return
	}
	// The vertices take straight alpha colours.
	a := float32(col.A) / 255
	for i := range p.vs {
		p.vs[i].SrcX, p.vs[i].SrcY = 1, 1
		p.vs[i].ColorR = float32(col.R) / 255 / a
		p.vs[i].ColorG = float32(col.G) / 255 / a
		p.vs[i].ColorB = float32(col.B) / 255 / a
		p.vs[i].ColorA = a
	}
	op := &ebiten.DrawTrianglesOptions{FillRule: ebiten.FillRuleNonZero, AntiAlias: p.sprite}
	p.dst.DrawTriangles(p.vs, p.is, p.white, op)
}

// roundRect adds a rounded rectangle (virtual units) to path.
func (p *painter) roundRect(path *vector.Path, r Rect, radius float64) {
	x0, y0, x1, y1 := p.x(r.X), p.y(r.Y), p.x(r.X+r.W), p.y(r.Y+r.H)
	rad := p.l(math.Min(radius, math.Min(r.W, r.H)/2))
	path.MoveTo(x0+rad, y0)
	path.LineTo(x1-rad, y0)
	path.ArcTo(x1, y0, x1, y0+rad, rad)
	path.LineTo(x1, y1-rad)
	path.ArcTo(x1, y1, x1-rad, y1, rad)
	path.LineTo(x0+rad, y1)
	path.ArcTo(x0, y1, x0, y1-rad, rad)
	path.LineTo(x0, y0+rad)
	path.ArcTo(x0, y0, x0+rad, y0, rad)
	path.Close()
}

// fillRect fills an axis-aligned rectangle, which needs no anti-aliasing:
// it is drawn directly, also outside sprites.
func (p *painter) fillRect(r Rect, c color.Color) {
	col := p.tone(c)
	if col.A == 0 {
		return
	}
	var path vector.Path
	path.MoveTo(p.x(r.X), p.y(r.Y))
	path.LineTo(p.x(r.X+r.W), p.y(r.Y))
	path.LineTo(p.x(r.X+r.W), p.y(r.Y+r.H))
	path.LineTo(p.x(r.X), p.y(r.Y+r.H))
	path.Close()
	p.vs, p.is = path.AppendVerticesAndIndicesForFilling(p.vs[:0], p.is[:0])
	a := float32(col.A) / 255
	for i := range p.vs {
		p.vs[i].SrcX, p.vs[i].SrcY = 1, 1
		p.vs[i].ColorR = float32(col.R) / 255 / a
		p.vs[i].ColorG = float32(col.G) / 255 / a
		p.vs[i].ColorB = float32(col.B) / 255 / a
		p.vs[i].ColorA = a
	}
	p.dst.DrawTriangles(p.vs, p.is, p.white, &ebiten.DrawTrianglesOptions{})
}

func (p *painter) fillRound(r Rect, radius float64, c color.Color) {
	var path vector.Path
	if radius <= 0 {
		path.MoveTo(p.x(r.X), p.y(r.Y))
		path.LineTo(p.x(r.X+r.W), p.y(r.Y))
		path.LineTo(p.x(r.X+r.W), p.y(r.Y+r.H))
		path.LineTo(p.x(r.X), p.y(r.Y+r.H))
		path.Close()
	} else {
		p.roundRect(&path, r, radius)
	}
	p.fill(&path, c)
}

func (p *painter) strokeRound(r Rect, radius, width float64, c color.Color) {
	var path vector.Path
	p.roundRect(&path, r, radius)
	p.stroke(&path, width, c)
}

// ellipse adds an ellipse (virtual units) to path.
func (p *painter) ellipse(path *vector.Path, e Ellipse) {
	const n = 120
	for i := range n {
		a := 2 * math.Pi * float64(i) / n
		x, y := e.Point(a)
		if i == 0 {
			path.MoveTo(p.x(x), p.y(y))
		} else {
			path.LineTo(p.x(x), p.y(y))
		}
	}
	path.Close()
}

func (p *painter) fillEllipse(e Ellipse, c color.Color) {
	var path vector.Path
	p.ellipse(&path, e)
	p.fill(&path, c)
}

func (p *painter) strokeEllipse(e Ellipse, width float64, c color.Color) {
	var path vector.Path
	p.ellipse(&path, e)
	p.stroke(&path, width, c)
}

func (p *painter) fillCircle(x, y, r float64, c color.Color) {
	p.fillEllipse(Ellipse{x, y, r, r}, c)
}

func (p *painter) strokeCircle(x, y, r, width float64, c color.Color) {
	p.strokeEllipse(Ellipse{x, y, r, r}, width, c)
}

func (p *painter) line(x0, y0, x1, y1, width float64, c color.Color) {
	var path vector.Path
	path.MoveTo(p.x(x0), p.y(y0))
	path.LineTo(p.x(x1), p.y(y1))
	p.stroke(&path, width, c)
}

// polygon fills the polygon through the points (x0, y0, x1, y1, …).
func (p *painter) polygon(c color.Color, pts ...float64) {
	var path vector.Path
	for i := 0; i+1 < len(pts); i += 2 {
		if i == 0 {
			path.MoveTo(p.x(pts[i]), p.y(pts[i+1]))
		} else {
			path.LineTo(p.x(pts[i]), p.y(pts[i+1]))
		}
	}
	path.Close()
	p.fill(&path, c)
}

func (p *painter) face(size float64, bold bool) *text.GoXFace {
	return p.fonts.face(size*p.s, bold)
}

// text writes s at (x, y) (virtual units) with the alignment a.
func (p *painter) text(s string, x, y, size float64, bold bool, c color.Color, a align) {
	if s == "" {
		return
	}
	col := p.tone(c)
	if col.A == 0 {
		return
	}
	op := &text.DrawOptions{}
	op.GeoM.Translate(float64(p.x(x)), float64(p.y(y)))
	op.ColorScale.ScaleWithColor(col)
	op.PrimaryAlign, op.SecondaryAlign = a.split()
	op.Filter = ebiten.FilterLinear
	text.Draw(p.dst, s, p.face(size, bold), op)
}

// width returns the width of s in virtual units.
func (p *painter) width(s string, size float64, bold bool) float64 {
	if p.s == 0 {
		return 0
	}
	return text.Advance(s, p.face(size, bold)) / p.s
}

// fitText shortens s with an ellipsis until it is at most w wide.
func (p *painter) fitText(s string, size float64, bold bool, w float64) string {
	if p.width(s, size, bold) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		t := string(r) + "…"
		if p.width(t, size, bold) <= w {
			return t
		}
	}
	return string(r)
}

// wrap splits s into lines at most w wide, at spaces.
func (p *painter) wrap(s string, size float64, bold bool, w float64) []string {
	var lines []string
	line := ""
	word := ""
	flush := func() {
		if word == "" {
			return
		}
		cand := word
		if line != "" {
			cand = line + " " + word
		}
		if line != "" && p.width(cand, size, bold) > w {
			lines = append(lines, line)
			line = word
		} else {
			line = cand
		}
		word = ""
	}
	for _, r := range s {
		if r == ' ' {
			flush()
			continue
		}
		word += string(r)
	}
	flush()
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// rgb makes an opaque colour from 0xRRGGBB.
func rgb(v uint32) color.RGBA {
	return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
}

// rgba makes a colour from 0xRRGGBB and an alpha in [0, 1], premultiplied.
func rgba(v uint32, a float64) color.RGBA {
	c := rgb(v)
	return color.RGBA{
		R: uint8(float64(c.R) * a), G: uint8(float64(c.G) * a), B: uint8(float64(c.B) * a), A: uint8(255 * a),
	}
}

// mix blends two opaque colours: t = 0 gives a, 1 gives b.
func mix(a, b color.RGBA, t float64) color.RGBA {
	t = math.Max(0, math.Min(1, t))
	f := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + (float64(y)-float64(x))*t)) }
	return color.RGBA{R: f(a.R, b.R), G: f(a.G, b.G), B: f(a.B, b.B), A: f(a.A, b.A)}
}
