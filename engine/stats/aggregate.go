package stats

import (
	"fmt"
	"sort"
)

// Totals are one player's stats summed over hands, with the results that
// the positional edge needs.
type Totals struct {
	Counts Counts
	// ResultIP and ResultOOP sum the player's net results, in big blinds,
	// over the hands counted in hands_ip and hands_oop whose results are
	// known; ResultHandsIP and ResultHandsOOP count those hands.
	ResultIP, ResultOOP           float64
	ResultHandsIP, ResultHandsOOP int64
}

// Add adds o into t.
func (t *Totals) Add(o *Totals) {
	t.Counts.Add(&o.Counts)
	t.ResultIP += o.ResultIP
	t.ResultOOP += o.ResultOOP
	t.ResultHandsIP += o.ResultHandsIP
	t.ResultHandsOOP += o.ResultHandsOOP
}

// Aggregator sums ended hands per player name, and counts what the hands
// themselves show (showdowns, hands that went past the first round).
type Aggregator struct {
	// Hands counts the hands added.
	Hands int64
	// Showdowns counts the hands that ended in a showdown.
	Showdowns int64
	// SecondRounds counts the hands where two or more players were left
	// after the first betting round.
	SecondRounds int64

	players map[string]*Totals
	seats   [MaxSeats]*Totals
}

// Add adds the hand the tracker just ended; names[i] names seat i (seats
// that sit out are skipped). It returns an error when names does not have
// one entry per seat.
func (a *Aggregator) Add(t *Tracker, names []string) error {
	if t.state != stDone {
		return fmt.Errorf("%w: Add before OnHandEnd", ErrState)
	}
	if len(names) != t.n {
		return fmt.Errorf("stats: %d names for %d seats", len(names), t.n)
	}
	if a.players == nil {
		a.players = make(map[string]*Totals)
	}
	for i := range a.seats {
		a.seats[i] = nil
	}
	for i := 0; i < t.n; i++ {
		if !t.DealtIn(i) {
			continue
		}
		p := a.players[names[i]]
		if p == nil {
			p = new(Totals)
			a.players[names[i]] = p
		}
		a.seats[i] = p
	}
	t.AddTo(a.seats[:t.n])
	a.Hands++
	if t.showdown {
		a.Showdowns++
	}
	if t.secondRnd {
		a.SecondRounds++
	}
	return nil
}

// Names returns the player names, sorted.
func (a *Aggregator) Names() []string {
	names := make([]string, 0, len(a.players))
	for n := range a.players {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Player returns a player's totals, nil for an unknown name.
func (a *Aggregator) Player(name string) *Totals { return a.players[name] }

// Total returns the sum over every player.
func (a *Aggregator) Total() Totals {
	var t Totals
	for _, p := range a.players {
		t.Add(p)
	}
	return t
}

// Merge adds o into a (per-worker aggregators of a parallel run).
func (a *Aggregator) Merge(o *Aggregator) {
	if a.players == nil {
		a.players = make(map[string]*Totals)
	}
	a.Hands += o.Hands
	a.Showdowns += o.Showdowns
	a.SecondRounds += o.SecondRounds
	for n, p := range o.players {
		q := a.players[n]
		if q == nil {
			q = new(Totals)
			a.players[n] = q
		}
		q.Add(p)
	}
}
