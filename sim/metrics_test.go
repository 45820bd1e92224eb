package sim

import (
	"encoding/json"
	"math"
	"slices"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

// The lead metrics of a hand-made game of two players, against the
// definitions worked by hand.
func TestLeadMetrics(t *testing.T) {
	var l leadTrack
	l.begin(2)
	for _, row := range [][2]int64{{1, 0}, {1, 1}, {0, 2}, {3, 2}, {2, 4}} {
		l.prim = append(l.prim, row[0], row[1])
		l.sec = append(l.sec, 0, 0)
		l.close()
	}
	if want := []int8{0, -1, 1, 0, 1}; !slices.Equal(l.leaders, want) {
		t.Fatalf("leaders %v, want %v", l.leaders, want)
	}
	g := GameResult{Winners: 1 << 1}
	l.metrics(&g)
	// Changes at samples 2, 3 and 4; only 4 is in the last third (3t ≥ 2T).
	if g.LeadChanges != 3 || g.LateLeadChanges != 1 {
		t.Errorf("lead changes %d (late %d), want 3 (1)", g.LeadChanges, g.LateLeadChanges)
	}
	// Seat 1 leads for good from sample 4 of 5, and in 2 samples of 5.
	if !near(g.WinnerLeadFrom.Value, 0.8) || !near(g.WinnerLeadShare.Value, 0.4) {
		t.Errorf("lead from %v share %v, want 0.8 and 0.4", g.WinnerLeadFrom, g.WinnerLeadShare)
	}
	// Scale 4: margin (4−2)/4; deficits over samples 2..4 are 0, 1/4, 0.
	if !near(g.Margin.Value, 0.5) || !near(g.Drama.Value, 1.0/12) || g.Comeback {
		t.Errorf("margin %v drama %v comeback %v, want 0.5, 1/12, false", g.Margin, g.Drama, g.Comeback)
	}

	// A tie for the win: no decisiveness, the lead changes still count.
	g = GameResult{Winners: 3}
	l.metrics(&g)
	if g.LeadChanges != 3 || g.WinnerLeadFrom.Valid || g.Margin.Valid || g.Drama.Valid {
		t.Errorf("shared win: %+v", g)
	}
}

func TestLeaderTieBreak(t *testing.T) {
	var l leadTrack
	l.begin(3)
	// Equal primary standings: the secondary decides; an eliminated
	// player never leads.
	l.prim = append(l.prim, 5, 5, floor)
	l.sec = append(l.sec, 1, 2, 9)
	l.close()
	l.prim = append(l.prim, floor, floor, floor)
	l.sec = append(l.sec, 0, 0, 0)
	l.close()
	if l.leaders[0] != 1 || l.leaders[1] != -1 {
		t.Fatalf("leaders %v, want [1 -1]", l.leaders)
	}
}

func TestAccumulatorSeats(t *testing.T) {
	a := newAccumulator(2, []string{"greedy", "random"}, false)
	for _, g := range []GameResult{
		{Winners: 1, Rewards: [9]float64{1, 0}, Turns: 10, Completed: true},
		{Winners: 1, Rewards: [9]float64{1, 0}, Turns: 20, Completed: true},
		{Winners: 3, Rewards: [9]float64{0.5, 0.5}, Turns: 40},
	} {
		a.add(&g)
	}
	m := a.metrics()
	w0, w1 := 2.5/3, 0.5/3
	if !near(m.SeatWinRate[0].Value, w0) || !near(m.SeatWinRate[1].Value, w1) {
		t.Errorf("seat win rates %v", m.SeatWinRate)
	}
	dev := math.Abs(w0-0.5) + math.Abs(w1-0.5)
	if !near(m.Balance.Value, 1-dev) || !near(m.SeatAdvantage.Value, w0-0.5) {
		t.Errorf("balance %v advantage %v", m.Balance, m.SeatAdvantage)
	}
	if !near(m.CompletionRate.Value, 2.0/3) || !near(m.SharedWinRate.Value, 1.0/3) {
		t.Errorf("completion %v shared %v", m.CompletionRate, m.SharedWinRate)
	}
	if m.TurnsMedian.Value != 20 || !near(m.TurnsMean.Value, 70.0/3) {
		t.Errorf("turns median %v mean %v", m.TurnsMedian, m.TurnsMean)
	}
	if !near(m.AgentWinRate["greedy"].Value, w0) || !near(m.AgentWinRate["random"].Value, w1) {
		t.Errorf("agent win rates %v", m.AgentWinRate)
	}
	// No decisions: the rates over decisions are absent.
	if m.MeanLegalMoves.Valid || m.ForcedMoveShare.Valid || m.Betting != nil {
		t.Errorf("absent rates present: %v %v %v", m.MeanLegalMoves, m.ForcedMoveShare, m.Betting)
	}
}

func TestBalanceExtremes(t *testing.T) {
	for _, c := range []struct {
		rewards [][9]float64
		want    float64
	}{
		{[][9]float64{{1}, {1}, {1}}, 0},
		{[][9]float64{{1}, {0, 1}, {0, 0, 1}}, 1},
	} {
		a := newAccumulator(3, []string{"random", "random", "random"}, false)
		for _, r := range c.rewards {
			a.add(&GameResult{Rewards: r})
		}
		if m := a.metrics(); !near(m.Balance.Value, c.want) {
			t.Errorf("rewards %v: balance %v, want %v", c.rewards, m.Balance, c.want)
		}
	}
}

func TestMedianEven(t *testing.T) {
	if m := median([]float64{4, 1, 3, 2}); m.Value != 2.5 {
		t.Fatalf("median %v, want 2.5", m)
	}
	if m := median(nil); m.Valid {
		t.Fatal("median of nothing is present")
	}
}

func TestOptJSON(t *testing.T) {
	data, err := json.Marshal(struct {
		A, B Opt
		C    Amount
	}{some(0.25), ratio(1, 0), Amount(7525)})
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != `{"A":0.25,"B":null,"C":75.25}` {
		t.Fatalf("got %s", data)
	}
	var back struct{ A, B Opt }
	if err := json.Unmarshal(data, &back); err != nil || back.A != some(0.25) || back.B.Valid {
		t.Fatalf("round trip: %+v, %v", back, err)
	}
	if data, _ := json.Marshal(some(math.NaN())); string(data) != "null" {
		t.Fatalf("NaN written as %s", data)
	}
}
