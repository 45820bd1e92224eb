//go:build js && wasm

package ui

import (
	"fmt"
	"math"

	"github.com/deckforge/deckforge/replay"
	"github.com/hajimehoshi/ebiten/v2"
)

// pill is a small label under a seat.
type pill struct {
	text   string
	fg, bg uint32
	bold   bool
}

// seatPills returns the labels shown under a seat.
func seatPills(s *SeatView) []pill {
	var out []pill
	if s.Badge != "" {
		pl := pill{text: s.Badge, fg: colAmber, bg: colAmberDark, bold: true}
		switch s.Status {
		case replay.StatusJoined:
			pl.fg, pl.bg = colJoin, colJoinDark
		case replay.StatusLeft, replay.StatusLeaving:
			pl.fg, pl.bg = 0xc9d1d9, 0x30363d
		case replay.StatusOut:
			pl.fg, pl.bg = colBusted, 0x3d1f1f
		case replay.StatusOwesDeadBlinds, replay.StatusWaiting:
			pl.fg, pl.bg = colGreen, colGreenDark
		}
		out = append(out, pl)
	}
	if t := DeadBlindsText(s.DeadBlinds); t != "" {
		out = append(out, pill{text: t, fg: colDeadRed, bg: colDeadDark, bold: true})
	}
	if s.Away {
		out = append(out, pill{text: "disconnected", fg: 0xc9d1d9, bg: 0x3b2e4a})
	}
	return out
}

// drawSeat draws a seat: its cards, its box and its badges.
func (g *Game) drawSeat(p *painter, v *View, s *SeatView) {
	a := g.anim.Seat(s.Seat)
	if a.Presence <= 0.02 {
		return
	}
	sx, sy := SeatPoint(s.Seat, v.SeatCount)
	// A joining seat grows from its center; a leaving one fades.
	k := 1.0
	if a.Presence < 1 && !s.Left {
		k = 0.6 + 0.4*Ease(a.Presence)
	}
	saved := *p
	p.ox += sx * p.s * (1 - k)
	p.oy += sy * p.s * (1 - k)
	p.s *= k
	p.alpha = Ease(a.Presence)
	p.grey = 0.8 * a.Grey
	defer func() {
		p.s, p.ox, p.oy, p.alpha, p.grey = saved.s, saved.ox, saved.oy, saved.alpha, saved.grey
	}()
	if k != 1 {
		// The growing seat's sprites are of a passing scale: they go to a
		// cache of their own, dropped after the seat is drawn.
		tmp := &sprites{scale: p.s, m: map[string]*ebiten.Image{}}
		p.sprites = tmp
		defer func() { tmp.release(); p.sprites = saved.sprites }()
	}

	box := Rect{sx - seatW/2, sy - seatH/2, seatW, seatH}

	// Cards above the box, overlapping it a little; a long hand in two
	// rows (HandLayout).
	if n := len(s.Cards); n > 0 {
		alpha := p.alpha
		if s.Folded {
			p.alpha *= 0.35
		}
		for i, r := range HandLayout(n, sx, box.Y, seatCardW, seatCardH) {
			g.drawCard(p, r, s.Cards[i])
		}
		p.alpha = alpha
	}

	// The box.
	if a.Joining > 0.01 {
		alpha := p.alpha
		p.alpha *= a.Joining
		p.box(Rect{box.X - 7, box.Y - 7, box.W + 14, box.H + 14}, 17, rgba(0, 0), rgb(colJoin), 3)
		p.alpha = alpha
	}
	edge, edgeW := rgb(colSeatEdge), 1.5
	switch {
	case s.Winner || s.Won > 0:
		edge, edgeW = rgb(colGreen), 2.5
	case s.Acting:
		edge, edgeW = rgb(colGold), 2.5
	}
	// A seat sitting out is ghosted: the table shows through it, and it
	// carries a pause sign.
	ghost := p.alpha
	p.alpha *= 1 - 0.35*a.Grey
	p.box(Rect{box.X + 2, box.Y + 3, box.W, box.H}, 12, rgba(0x000000, 0.4), rgba(0, 0), 0)
	p.box(box, 12, rgb(colSeat), edge, edgeW)
	p.alpha = ghost
	if a.Grey > 0.01 {
		grey, alpha := p.grey, p.alpha
		p.grey, p.alpha = 0, alpha*a.Grey
		switch s.Mark {
		case MarkPaused:
			p.fillRect(Rect{box.X + box.W - 22, box.Y + 9, 4, 13}, rgb(colAmber))
			p.fillRect(Rect{box.X + box.W - 15, box.Y + 9, 4, 13}, rgb(colAmber))
		case MarkBusted:
			// Knocked out: a red cross, not the pause sign.
			x0, y0 := box.X+box.W-23, box.Y+9
			p.line(x0, y0, x0+13, y0+13, 3, rgb(colBusted))
			p.line(x0, y0+13, x0+13, y0, 3, rgb(colBusted))
		}
		p.grey, p.alpha = grey, alpha
	}

	p.text(p.fitText(s.Name, 15, true, box.W-40), box.X+12, box.Y+14, 15, true, rgb(colText), midLeft)
	if s.AllIn {
		r := Rect{box.X + box.W - 52, box.Y - 9, 50, 18}
		p.box(r, 9, rgb(0xb3261e), rgba(0, 0), 0)
		p.text("ALL-IN", r.X+r.W/2, r.Y+9, 10, true, rgb(0xffffff), midCenter)
	}
	// Second line: the stack (poker) or the score and tricks.
	if v.Kind == replay.Poker {
		g.drawChips(p, box.X+20, box.Y+34, 1)
		p.text(FormatChips(s.Stack), box.X+34, box.Y+33, 14, false, rgb(0xd7dee5), midLeft)
	} else {
		line := fmt.Sprintf("score %d", s.Score)
		if s.Tricks > 0 {
			line += fmt.Sprintf(" · tricks %d", s.Tricks)
		}
		p.text(line, box.X+12, box.Y+33, 14, false, rgb(0xd7dee5), midLeft)
	}
	// Third line: the last action, or what the seat won.
	act, col := s.Action, uint32(0xaab4bf)
	switch {
	case s.Won > 0:
		act, col = "wins "+FormatChips(s.Won), colGreen
	case s.Winner:
		act, col = "wins", colGreen
	case IsSitOutEvent(s.ActionKind) && act != "":
		col = colAmber
		if s.ActionKind == replay.DeadBlindsPaid || s.ActionKind == replay.DeadBlindsAccrued {
			col = colDeadRed
		}
	case s.ActionKind == replay.Fold:
		col = 0x7d8590
	case s.ActionKind == replay.Bet || s.ActionKind == replay.Raise:
		col = colGold
	}
	if act != "" {
		p.text(p.fitText(act, 12, false, box.W-24), box.X+12, box.Y+51, 12, false, rgb(col), midLeft)
	}

	// Badges under the box, never greyed.
	p.grey = 0
	y := box.Y + box.H + 5
	for _, pl := range seatPills(s) {
		w := math.Ceil(p.width(pl.text, 12, pl.bold)) + 20
		r := Rect{sx - w/2, y, w, 20}
		p.box(r, 10, rgb(pl.bg), rgba(pl.fg, 0.55), 1)
		p.text(pl.text, sx, y+10, 12, pl.bold, rgb(pl.fg), midCenter)
		y += 24
	}

	// The dealer button beside the box, on the side facing the center.
	if s.Button {
		bx := box.X + box.W + 16
		if sx > Felt().CX+1 {
			bx = box.X - 16
		}
		by := box.Y + 16
		p.cached("dealer", bx-14, by-14, 28, 30, func(q *painter) {
			q.fillCircle(15, 16, 12, rgba(0x000000, 0.4))
			q.fillCircle(14, 14, 12, rgb(0xf7f7f2))
			q.strokeCircle(14, 14, 9.5, 1, rgb(0xb0b0a8))
			q.text("D", 14, 14, 13, true, rgb(colBlack), midCenter)
		})
	}
}
