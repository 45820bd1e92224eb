//go:build js && wasm

package ui

import (
	"fmt"
	"math"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/replay"
)

// The palette.
const (
	colBackground = 0x0e1318
	colBar        = 0x161d26
	colBarLine    = 0x273444
	colText       = 0xe6edf3
	colDim        = 0x8b98a5
	colRail       = 0x4a2f1c
	colRailEdge   = 0x2a190d
	colFelt       = 0x1b6640
	colFeltInner  = 0x21744a
	colFeltLine   = 0x2f8a5a
	colSeat       = 0x1c2530
	colSeatEdge   = 0x3b4858
	colGold       = 0xf2c14e
	colCardFace   = 0xfbfaf5
	colCardEdge   = 0x9a9a90
	colRed        = 0xcc2229
	colBlack      = 0x15171a
	colBack       = 0x27468f
	colBackLine   = 0x4a6ec6
	colAmber      = 0xf5b83d
	colAmberDark  = 0x4d3800
	colDeadRed    = 0xff9b8f
	colBusted     = 0xe5534b
	colDeadDark   = 0x5e1b1b
	colJoin       = 0x7cc4ff
	colJoinDark   = 0x173a5a
	colGreen      = 0x5fd97a
	colGreenDark  = 0x17442a
	colChip       = 0xece6d6
	colChipStripe = 0xc0392b
	colLog        = 0x111820
	colLogLast    = 0x1f2c3b
	colButton     = 0x243142
	colButtonOn   = 0x2d6a4f
	colSlot       = 0x2a8456
)

// Card sizes: at a seat and on the board.
const (
	seatCardW, seatCardH   = 44, 62
	boardCardW, boardCardH = 50, 70
	seatW, seatH           = SeatBoxW, SeatBoxH
)

// drawFrame draws the whole viewer.
func (g *Game) drawFrame(p *painter, v *View) {
	p.fillRect(Rect{-4000, -4000, 9000, 9000}, rgb(colBackground))
	g.drawTable(p, v)
	if v.Loaded {
		g.drawCenter(p, v)
		for i := range v.Seats {
			g.drawBet(p, v, &v.Seats[i])
		}
		for i := range v.Seats {
			g.drawSeat(p, v, &v.Seats[i])
		}
	}
	g.drawLog(p, v)
	g.drawTopBar(p, v)
	g.drawControls(p, v)
	switch {
	case !v.Loaded:
		g.drawWelcome(p, v)
	case v.Message != "":
		g.drawToast(p, v.Message)
	}
}

func (g *Game) drawTable(p *painter, v *View) {
	f := Felt()
	const m = 34 // room for the rail and the shadow
	p.cached("table", f.CX-f.RX-m, f.CY-f.RY-m, 2*(f.RX+m), 2*(f.RY+m)+10, func(q *painter) {
		cx, cy := f.RX+m, f.RY+m
		q.fillEllipse(Ellipse{cx, cy + 8, f.RX + 30, f.RY + 30}, rgba(0x000000, 0.35))
		q.fillEllipse(Ellipse{cx, cy, f.RX + 26, f.RY + 26}, rgb(colRailEdge))
		q.fillEllipse(Ellipse{cx, cy, f.RX + 22, f.RY + 22}, rgb(colRail))
		q.fillEllipse(Ellipse{cx, cy, f.RX, f.RY}, rgb(colFelt))
		q.fillEllipse(Ellipse{cx, cy, f.RX - 14, f.RY - 14}, rgb(colFeltInner))
		q.strokeEllipse(Ellipse{cx, cy, f.RX - 40, f.RY - 36}, 1.5, rgb(colFeltLine))
		q.text("deckforge", cx, cy-118, 15, true, rgba(0xffffff, 0.10), midCenter)
	})
	if !v.Loaded {
		return
	}
	// Empty seats are marked on the rail.
	for i := range v.Seats {
		s := &v.Seats[i]
		if g.anim.Seat(i).Presence > 0.02 {
			continue
		}
		x, y := SeatPoint(s.Seat, v.SeatCount)
		p.box(Rect{x - 34, y - 14, 68, 28}, 14, rgba(0x000000, 0.15), rgba(0xffffff, 0.18), 1.2)
		p.text(fmt.Sprintf("seat %d", s.Seat+1), x, y, 11, false, rgba(0xffffff, 0.3), midCenter)
	}
}

// drawCenter draws the pots and the board, or a card game's piles and
// trick.
func (g *Game) drawCenter(p *painter, v *View) {
	f := Felt()
	cx, cy := f.CX, f.CY
	if v.Kind == replay.Poker {
		g.drawPots(p, v, cx, cy-72)
		// Board: five slots.
		const gap = 8.0
		n := max(5, len(v.Board))
		w := float64(n)*boardCardW + float64(n-1)*gap
		x0 := cx - w/2
		y0 := cy - boardCardH/2 + 4
		for i := range n {
			r := Rect{x0 + float64(i)*(boardCardW+gap), y0, boardCardW, boardCardH}
			if i < len(v.Board) {
				g.drawCard(p, r, v.Board[i])
			} else {
				p.box(r, 6, rgba(0x000000, 0.08), rgb(colSlot), 1.5)
			}
		}
		if v.Street != "" {
			p.text(v.Street, cx, y0+boardCardH+20, 13, false, rgba(0xffffff, 0.55), midCenter)
		}
		return
	}
	// A card game: the board's cards and the piles that hold cards in a
	// row, with their labels under them; the trick round the center below
	// them; the trump on the left of the felt.
	var piles []PileView
	for _, pile := range v.Piles {
		if len(pile.Cards) > 0 {
			piles = append(piles, pile)
		}
	}
	const pw, gap, boardStep = 70.0, 34.0, boardCardW * 0.62
	boardW := 0.0
	if n := len(v.Board); n > 0 {
		boardW = boardCardW + boardStep*float64(n-1)
	}
	total := float64(len(piles))*(pw+gap) - gap
	if boardW > 0 {
		total += boardW + gap
		if len(piles) == 0 {
			total -= gap
		}
	}
	rowY := cy - 44 // the row's top
	if len(v.Trick) > 0 {
		rowY = cy - 160
	}
	x := cx - total/2
	if boardW > 0 {
		for i, c := range v.Board {
			g.drawCard(p, Rect{x + boardStep*float64(i), rowY, boardCardW, boardCardH}, c)
		}
		p.text(fmt.Sprintf("board · %d", len(v.Board)), x+boardW/2, rowY+boardCardH+14, 12, false, rgba(0xffffff, 0.7), midCenter)
		x += boardW + gap
	}
	for _, pile := range piles {
		g.drawPile(p, x+pw/2, rowY, pile)
		x += pw + gap
	}
	if v.Trump != "" {
		g.drawTrump(p, v, f.CX-f.RX+70, cy)
	}
	if len(v.Trick) > 0 {
		ty := cy + 40
		if total <= 0 {
			ty = cy
		}
		for _, tc := range v.Trick {
			sx, sy := SeatPoint(tc.Seat, v.SeatCount)
			x, y := Lerp(cx, ty, sx, sy, 0.2)
			g.drawCard(p, Rect{x - boardCardW/2, y - boardCardH/2, boardCardW, boardCardH}, CardView{Card: tc.Card, FaceUp: true})
		}
	}
	if v.Street != "" {
		p.text(v.Street, cx, cy+f.RY-46, 13, false, rgba(0xffffff, 0.55), midCenter)
	}
}

// drawTrump draws the trump suit, and the card turned up to name it,
// centred at (x, y).
func (g *Game) drawTrump(p *painter, v *View, x, y float64) {
	const cw, ch = 40.0, 56.0
	label := "trump"
	if v.TrumpCard != cards.None {
		g.drawCard(p, Rect{x - cw/2, y - ch/2 - 12, cw, ch}, CardView{Card: v.TrumpCard, FaceUp: true})
		y += ch/2 + 4
	}
	suit := v.Trump
	col := rgb(colText)
	for s := cards.Clubs; s <= cards.Spades; s++ {
		if v.Trump[:1] == s.String() { // "hearts" and "h"
			suit = SuitSymbol(s) + " " + v.Trump
			if s == cards.Hearts || s == cards.Diamonds {
				col = rgb(0xff8a8f)
			}
		}
	}
	w := math.Ceil(math.Max(p.width(label, 11, false), p.width(suit, 14, true))) + 24
	r := Rect{x - w/2, y - 4, w, 40}
	p.box(r, 10, rgba(0x000000, 0.32), rgba(0, 0), 0)
	p.text(label, x, r.Y+11, 11, false, rgba(0xffffff, 0.6), midCenter)
	p.text(suit, x, r.Y+27, 14, true, col, midCenter)
}

// drawPots draws a pill for each pot, centered at (cx, y).
func (g *Game) drawPots(p *painter, v *View, cx, y float64) {
	if len(v.Pots) == 0 {
		return
	}
	var labels []string
	for i, pot := range v.Pots {
		switch {
		case len(v.Pots) == 1:
			labels = append(labels, "Pot "+FormatChips(pot.Amount))
		case i == 0:
			labels = append(labels, "Main pot "+FormatChips(pot.Amount))
		default:
			labels = append(labels, fmt.Sprintf("Side pot %d: %s", i, FormatChips(pot.Amount)))
		}
	}
	const gap = 10.0
	total := -gap
	widths := make([]float64, len(labels))
	for i, l := range labels {
		widths[i] = math.Ceil(p.width(l, 15, true)) + 44
		total += widths[i] + gap
	}
	x := cx - total/2
	for i, l := range labels {
		r := Rect{x, y - 14, widths[i], 28}
		p.box(r, 14, rgba(0x000000, 0.32), rgba(0, 0), 0)
		g.drawChips(p, r.X+17, r.Y+14, 3)
		p.text(l, r.X+32, r.Y+14, 15, true, rgb(colText), midLeft)
		x += widths[i] + gap
	}
}

// drawPile draws a pile centered at x, its top at y.
func (g *Game) drawPile(p *painter, x, y float64, pile PileView) {
	r := Rect{x - boardCardW/2, y, boardCardW, boardCardH}
	if len(pile.Cards) == 0 {
		p.box(r, 6, rgba(0x000000, 0.08), rgb(colSlot), 1.5)
	} else {
		for i := min(len(pile.Cards)-1, 3); i > 0; i-- {
			off := float64(i) * 2.5
			g.drawCard(p, Rect{r.X + off, r.Y - off, r.W, r.H}, CardView{Card: cards.None})
		}
		g.drawCard(p, r, pile.Cards[len(pile.Cards)-1])
	}
	p.text(fmt.Sprintf("%s · %d", pile.Name, len(pile.Cards)), x, y+boardCardH+14, 12, false, rgba(0xffffff, 0.7), midCenter)
}

// drawCard draws a card face up, or its back, as a sprite.
func (g *Game) drawCard(p *painter, r Rect, c CardView) {
	up := c.FaceUp && c.Card != cards.None && c.Card.Valid()
	key := fmt.Sprintf("card %d %v %g %g", c.Card, up, r.W, r.H)
	if !up {
		key = fmt.Sprintf("back %g %g", r.W, r.H)
	}
	p.cached(key, r.X, r.Y, r.W+1, r.H+2, func(q *painter) {
		paintCard(q, Rect{0, 0, r.W, r.H}, c.Card, up)
	})
}

// paintCard paints a card into a sprite.
func paintCard(p *painter, r Rect, c cards.Card, up bool) {
	rad := r.W * 0.12
	p.fillRound(Rect{r.X + 1, r.Y + 2, r.W, r.H}, rad, rgba(0x000000, 0.35))
	if !up {
		p.fillRound(r, rad, rgb(0xf4f4f4))
		inner := Rect{r.X + 3, r.Y + 3, r.W - 6, r.H - 6}
		p.fillRound(inner, rad*0.7, rgb(colBack))
		// A lattice on the back.
		step := r.W / 4
		for i := 1.0; i < 9; i++ {
			x0, y0, x1, y1 := clipDiag(inner, inner.X+i*step-inner.H/2)
			if x1 > x0 {
				p.line(x0, y0, x1, y1, 1, rgba(colBackLine, 0.9))
			}
		}
		p.strokeRound(inner, rad*0.7, 1, rgb(colBackLine))
		return
	}
	p.fillRound(r, rad, rgb(colCardFace))
	p.strokeRound(r, rad, 1, rgb(colCardEdge))
	col := rgb(colBlack)
	if s := c.Suit(); s == cards.Hearts || s == cards.Diamonds {
		col = rgb(colRed)
	}
	if c.IsJoker() {
		p.text("JOKER", r.X+r.W/2, r.Y+r.H/2, r.H*0.16, true, col, midCenter)
		return
	}
	rank := RankText(c.Rank())
	suit := SuitSymbol(c.Suit())
	rs := r.H * 0.30
	if rank == "10" {
		rs = r.H * 0.26
	}
	p.text(rank, r.X+r.W*0.07, r.Y+r.H*0.04, rs, true, col, topLeft)
	p.text(suit, r.X+r.W*0.08, r.Y+r.H*0.36, r.H*0.20, false, col, topLeft)
	p.text(suit, r.X+r.W*0.64, r.Y+r.H*0.68, r.H*0.40, false, col, midCenter)
}

// clipDiag returns the part inside r of the 45° line through (x, r.Y).
func clipDiag(r Rect, x float64) (x0, y0, x1, y1 float64) {
	// The line goes down-right: (x + t, r.Y + t).
	t0 := math.Max(0, r.X-x)
	t1 := math.Min(r.H, r.X+r.W-x)
	if t1 < t0 {
		return 0, 0, 0, 0
	}
	return x + t0, r.Y + t0, x + t1, r.Y + t1
}

// drawChips draws n chips stacked, centered at (x, y).
func (g *Game) drawChips(p *painter, x, y float64, n int) {
	const w, h = 20.0, 24.0
	p.cached(fmt.Sprintf("chips %d", n), x-w/2, y-h+8, w, h, func(q *painter) {
		for i := range n {
			cy := h - 8 - float64(i)*3.5
			q.fillEllipse(Ellipse{w / 2, cy + 1.5, 9, 5}, rgb(0x6b1c14))
			q.fillEllipse(Ellipse{w / 2, cy, 9, 5}, rgb(colChipStripe))
			q.strokeEllipse(Ellipse{w / 2, cy, 6, 3.2}, 1.2, rgb(colChip))
		}
	})
}

// drawBet draws a seat's bet between it and the center.
func (g *Game) drawBet(p *painter, v *View, s *SeatView) {
	if s.Bet <= 0 || !(s.Present || s.Left) {
		return
	}
	f := Felt()
	sx, sy := SeatPoint(s.Seat, v.SeatCount)
	x, y := Lerp(sx, sy, f.CX, f.CY, 0.44)
	label := FormatChips(s.Bet)
	w := math.Ceil(p.width(label, 14, true)) + 36
	r := Rect{x - w/2, y - 12, w, 24}
	p.box(r, 12, rgba(0x000000, 0.38), rgba(0, 0), 0)
	n := 1 + min(3, int(math.Log10(math.Max(1, float64(s.Bet)/chips.Scale)))+1)
	g.drawChips(p, r.X+15, y, n)
	p.text(label, r.X+28, y, 14, true, rgb(colText), midLeft)
}

// logRow is a line of the action log as drawn.
type logRow struct {
	text  string
	color uint32
	bold  bool
	last  bool
}

// logRows wraps the log's lines to the panel's width: kept for a view
// and a scale.
func (g *Game) logRows(p *painter, v *View, width float64) []logRow {
	if g.rowsVersion == v.Version && g.rowsScale == p.s && g.rows != nil {
		return g.rows
	}
	rows := []logRow{}
	for i, l := range v.Log {
		col := uint32(0xc9d1d9)
		bold := false
		switch {
		case l.Kind == replay.Round:
			col = colDim
		case l.SitOut:
			col, bold = colAmber, true
			if l.Kind == replay.DeadBlindsAccrued || l.Kind == replay.DeadBlindsPaid {
				col = colDeadRed
			}
		case l.Kind == replay.Award || l.Kind == replay.Win:
			col = colGreen
		case l.Kind == replay.Deal || l.Kind == replay.Post:
			col = 0x9fb0c0
		}
		for _, t := range p.wrap(l.Text, 13, bold, width) {
			rows = append(rows, logRow{t, col, bold, i == len(v.Log)-1})
		}
	}
	g.rows, g.rowsVersion, g.rowsScale = rows, v.Version, p.s
	return rows
}

// drawLog draws the action log of the hand up to the current step.
func (g *Game) drawLog(p *painter, v *View) {
	r := LogArea()
	p.fillRect(r, rgb(colLog))
	p.fillRect(Rect{r.X, r.Y, 1, r.H}, rgb(colBarLine))
	x := r.X + 18
	p.text("Action log", x, r.Y+20, 15, true, rgb(colText), midLeft)
	if !v.Loaded {
		return
	}
	sub := fmt.Sprintf("Hand %d of %d", v.Hand+1, v.Hands)
	if v.Label != "" {
		sub += " · " + v.Label
	}
	if v.Street != "" {
		sub += " · " + v.Street
	}
	p.text(p.fitText(sub, 13, false, r.W-36), x, r.Y+42, 13, false, rgb(colDim), midLeft)

	const size, lh = 13.0, 19.0
	rows := g.logRows(p, v, r.W-44)
	top := r.Y + 62
	fit := int((r.Y + r.H - 10 - top) / lh)
	if len(rows) > fit {
		rows = rows[len(rows)-fit:]
	}
	if len(v.Log) == 0 {
		p.text("The hand starts: → or space to play.", x, top+10, size, false, rgb(colDim), midLeft)
	}
	for i, rw := range rows {
		y := top + float64(i)*lh
		if rw.last {
			p.fillRect(Rect{r.X + 8, y, r.W - 16, lh}, rgb(colLogLast))
		}
		p.text(rw.text, x+8, y+lh/2, size, rw.bold, rgb(rw.color), midLeft)
	}
}

// drawTopBar draws the title bar: the game, the file and the position.
func (g *Game) drawTopBar(p *painter, v *View) {
	p.fillRect(Rect{0, 0, Width, TopBar}, rgb(colBar))
	p.fillRect(Rect{0, TopBar - 1, Width, 1}, rgb(colBarLine))
	x := 18.0
	p.text("deckforge", x, TopBar/2, 18, true, rgb(colGold), midLeft)
	x += p.width("deckforge", 18, true) + 16
	if !v.Loaded {
		p.text("replay viewer", x, TopBar/2, 14, false, rgb(colDim), midLeft)
		return
	}
	title := v.Game
	if v.Name != "" {
		title += " · " + v.Name
	}
	pos := fmt.Sprintf("hand %d of %d · step %d of %d", v.Hand+1, v.Hands, v.Step, v.Steps)
	if v.Stakes != "" {
		pos += " · blinds " + v.Stakes
	}
	if v.Skipped > 0 {
		pos += fmt.Sprintf(" · %d hands skipped", v.Skipped)
	}
	right := Width - 150.0
	pw := p.width(pos, 14, false)
	p.text(pos, right, TopBar/2, 14, false, rgb(0xc9d1d9), midRight)
	p.text(p.fitText(title, 14, false, right-pw-30-x), x, TopBar/2, 14, false, rgb(colText), midLeft)
}

// drawControls draws the buttons, the progress bar and the keys.
func (g *Game) drawControls(p *painter, v *View) {
	r := ControlArea()
	p.fillRect(r, rgb(colBar))
	p.fillRect(Rect{0, r.Y, Width, 1}, rgb(colBarLine))
	pr := ProgressRect()
	p.fillRect(pr, rgb(0x2a3646))
	if v.Loaded && v.Steps > 0 {
		f := float64(v.Step) / float64(v.Steps)
		p.fillRect(Rect{pr.X, pr.Y, pr.W * f, pr.H}, rgb(colGold))
	}
	for c := range NumControls {
		b := ControlRect(c)
		bg := rgb(colButton)
		on := (c == CtlPlay && v.Playing) || (c == CtlCards && v.ShowAll)
		if on {
			bg = rgb(colButtonOn)
		}
		if c == g.hover && g.hovering {
			bg = mix(bg, rgb(0xffffff), 0.12)
		}
		p.box(b, 8, bg, rgba(0, 0), 0)
		if c == CtlCards {
			label := "H  hole cards: hidden"
			if v.ShowAll {
				label = "H  hole cards: shown"
			}
			cx, cy := b.Center()
			p.text(label, cx, cy, 13, true, rgb(0xf0f3f6), midCenter)
			continue
		}
		p.cached(fmt.Sprintf("icon %d %v", c, on), b.X, b.Y, b.W, b.H, func(q *painter) {
			paintIcon(q, c, b.W/2, b.H/2, v.Playing)
		})
	}
	sp := StepsPerSecond(v.SpeedLevel)
	speed := fmt.Sprintf("%g steps/s", sp)
	if sp == 1 {
		speed = "1 step/s"
	}
	sl, sf := ControlRect(CtlSlower), ControlRect(CtlFaster)
	_, cy := sl.Center()
	p.text(speed, (sl.X+sl.W+sf.X)/2, cy, 13, false, rgb(0xc9d1d9), midCenter)
	p.text("space play · ←/→ step · PgUp/PgDn hand · +/− speed · H hole cards", Width-18, cy, 12, false, rgb(colDim), midRight)
}

// paintIcon paints a control's icon centered at (cx, cy).
func paintIcon(p *painter, c Control, cx, cy float64, playing bool) {
	white := rgb(0xf0f3f6)
	switch c {
	case CtlPrevHand:
		p.fillRound(Rect{cx - 12, cy - 8, 3, 16}, 0, white)
		p.polygon(white, cx-8, cy, cx+1, cy-8, cx+1, cy+8)
		p.polygon(white, cx+1, cy, cx+10, cy-8, cx+10, cy+8)
	case CtlBack:
		p.polygon(white, cx-8, cy, cx+6, cy-9, cx+6, cy+9)
	case CtlPlay:
		if playing {
			p.fillRound(Rect{cx - 8, cy - 9, 5, 18}, 1, white)
			p.fillRound(Rect{cx + 3, cy - 9, 5, 18}, 1, white)
		} else {
			p.polygon(white, cx-6, cy-10, cx+10, cy, cx-6, cy+10)
		}
	case CtlForward:
		p.polygon(white, cx+8, cy, cx-6, cy-9, cx-6, cy+9)
	case CtlNextHand:
		p.polygon(white, cx-10, cy-8, cx-1, cy, cx-10, cy+8)
		p.polygon(white, cx-1, cy-8, cx+8, cy, cx-1, cy+8)
		p.fillRound(Rect{cx + 9, cy - 8, 3, 16}, 0, white)
	case CtlSlower:
		p.fillRound(Rect{cx - 8, cy - 1.5, 16, 3}, 1, white)
	case CtlFaster:
		p.fillRound(Rect{cx - 8, cy - 1.5, 16, 3}, 1, white)
		p.fillRound(Rect{cx - 1.5, cy - 8, 3, 16}, 1, white)
	}
}

// drawWelcome fills the table with the player's hint or error when nothing
// is loaded.
func (g *Game) drawWelcome(p *painter, v *View) {
	f := Felt()
	r := Rect{f.CX - 250, f.CY - 90, 500, 180}
	p.box(r, 16, rgba(0x000000, 0.55), rgba(0, 0), 0)
	p.box(Rect{r.X + 8, r.Y + 8, r.W - 16, r.H - 16}, 12, rgba(0, 0), rgba(0xffffff, 0.35), 2)
	p.text("deckforge replay viewer", f.CX, r.Y+40, 20, true, rgb(colGold), midCenter)
	msg := v.Message
	if msg == "" {
		msg = "Loading…"
	}
	lines := p.wrap(msg, 14, false, r.W-60)
	if len(lines) > 4 {
		lines = append(lines[:3], "…")
	}
	for i, l := range lines {
		p.text(l, f.CX, r.Y+80+float64(i)*21, 14, false, rgb(0xd0d7de), midCenter)
	}
}

// drawToast shows a message over the top of the table.
func (g *Game) drawToast(p *painter, msg string) {
	a := TableArea()
	msg = p.fitText(msg, 13, false, a.W-80)
	w := math.Ceil(p.width(msg, 13, false)) + 32
	r := Rect{a.X + a.W/2 - w/2, a.Y + 10, w, 28}
	p.box(r, 14, rgb(0x5e1b1b), rgba(0, 0), 0)
	p.text(msg, r.X+w/2, r.Y+14, 13, false, rgb(0xffd0cc), midCenter)
}
