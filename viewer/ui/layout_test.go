package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestHandLayoutStaysOnTheTable: hands of every size at every seat of
// 2 to 10 stay inside the table area, show enough of each card to read
// its corner, and a 13-card hand wraps into two rows.
func TestHandLayoutStaysOnTheTable(t *testing.T) {
	area := TableArea()
	const cw, ch = 44.0, 62.0
	for seats := 2; seats <= 10; seats++ {
		for s := range seats {
			sx, sy := SeatPoint(s, seats)
			for n := 1; n <= 13; n++ {
				rs := HandLayout(n, sx, sy-SeatBoxH/2, cw, ch)
				if !assert.Len(t, rs, n) {
					return
				}
				for i, r := range rs {
					in := r.X >= area.X && r.X+r.W <= area.X+area.W && r.Y >= area.Y && r.Y+r.H <= area.Y+area.H
					assert.True(t, in, "%d seats, seat %d, %d cards: card %d at %+v outside %+v", seats, s, n, i, r, area)
					if i > 0 && rs[i-1].Y == r.Y {
						assert.GreaterOrEqual(t, r.X-rs[i-1].X, handMinStep-1e-9, "%d cards: card %d shows too little", n, i)
					}
				}
			}
		}
	}
	rs := HandLayout(13, 475, 500, cw, ch)
	assert.NotEqual(t, rs[0].Y, rs[12].Y, "13 cards wrap into two rows")
	rs = HandLayout(5, 475, 500, cw, ch)
	assert.Equal(t, rs[0].Y, rs[4].Y, "5 cards fit in one row")
}
