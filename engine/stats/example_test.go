package stats_test

import (
	"fmt"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/stats"
)

// A three-handed hand: the button opens, the big blind calls, checks the
// flop and folds to the button's c-bet.
func ExampleTracker() {
	var t stats.Tracker
	c := chips.FromInt
	setup := stats.Setup{
		Stacks: []chips.Chips{c(100), c(100), c(100)},
		Blinds: []chips.Chips{c(1), c(2), 0}, // seat 0 small blind, seat 1 big blind
		Button: 2,
	}
	must := func(err error) {
		if err != nil {
			panic(err)
		}
	}
	must(t.OnHandStart(&setup))
	must(t.OnRoundStart(stats.RoundConfig{}))
	must(t.OnAction(stats.Action{Seat: 2, Kind: stats.Raise, To: c(6)}))
	must(t.OnAction(stats.Action{Seat: 0, Kind: stats.Fold}))
	must(t.OnAction(stats.Action{Seat: 1, Kind: stats.Call}))
	must(t.OnRoundStart(stats.RoundConfig{MinBet: c(2)}))
	must(t.OnAction(stats.Action{Seat: 1, Kind: stats.Check}))
	must(t.OnAction(stats.Action{Seat: 2, Kind: stats.Bet, To: c(8)}))
	must(t.OnAction(stats.Action{Seat: 1, Kind: stats.Fold}))
	must(t.OnHandEnd(nil))

	for _, s := range []stats.Stat{stats.StealIPAttempts, stats.CbetIPAttempts, stats.CbetIPTakedowns} {
		fmt.Println(s, t.Count(2, s))
	}
	fmt.Println(stats.StatOf(stats.Cbet, stats.OOP, stats.Folds), t.Count(1, stats.CbetOOPFolds))
	r := t.Record(2)
	fmt.Println("success", r.Success, "aggressor_in_position", r.AggressorInPosition, "net", r.Net)
	// Output:
	// steal_ip_attempts 1
	// cbet_ip_attempts 1
	// cbet_ip_takedowns 1
	// cbet_oop_folds 1
	// success true aggressor_in_position true net 7
}

// Totals over hands give metrics; a rate without opportunities is absent.
func ExampleComputeMetrics() {
	var tot stats.Totals
	tot.Counts[stats.ThreeBetIPOpportunities] = 8
	tot.Counts[stats.ThreeBetIPAttempts] = 2
	tot.Counts[stats.ThreeBetOOPOpportunities] = 4
	tot.Counts[stats.ThreeBetOOPAttempts] = 2
	ms := stats.ComputeMetrics(&tot)
	for _, name := range []string{"three_bets", "three_bet_rate", "three_bet_ip_rate", "three_bet_oop_rate", "three_bet_ip_oop_diff", "cbet_rate"} {
		m, _ := stats.ParseMetric(name)
		v, ok := ms.Get(m)
		fmt.Println(name, v, ok)
	}
	// Output:
	// three_bets 4 true
	// three_bet_rate 0.3333333333333333 true
	// three_bet_ip_rate 0.25 true
	// three_bet_oop_rate 0.5 true
	// three_bet_ip_oop_diff -0.25 true
	// cbet_rate 0 false
}
