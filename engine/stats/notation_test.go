package stats

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/chips"
)

// A test hand is written as "OPTIONS: ACTIONS", players in PHH order (p1 is
// the small blind, the last player the button; heads-up p1 is the big blind
// and p2 the button who posts the small blind).
//
// OPTIONS (all optional, space separated):
//
//	n=6          players (default 6)
//	s=100        every stack, or s=100,50,… one per player (default 100)
//	b=1,2        blinds and straddles in PHH order (default 1,2; b=0 none)
//	a=1          an ante for every player
//	cap=3        raise cap of every round (default none)
//	min=2        min bet of the later rounds (default the big blind)
//	win=p1,p2    the players who split the pot at a showdown
//
// ACTIONS: "pN f" fold, "pN x" check, "pN c" call (a check when not
// facing a bet), "pN b AMT" / "pN r AMT" bet or raise to AMT, separated by
// commas; "/" starts the next betting round. Amounts are whole chips.

type testHand struct {
	n         int
	setup     Setup
	maxRaises int
	minBet    chips.Chips
	rounds    [][]Action
	winners   []int
}

func parseAmounts(s string, n int) ([]chips.Chips, error) {
	parts := strings.Split(s, ",")
	out := make([]chips.Chips, 0, n)
	for _, p := range parts {
		v, err := strconv.ParseInt(p, 10, 64)
		if err != nil {
			return nil, err
		}
		out = append(out, chips.FromInt(v))
	}
	return out, nil
}

func parsePlayer(s string, n int) (int, error) {
	if !strings.HasPrefix(s, "p") {
		return 0, fmt.Errorf("player %q", s)
	}
	i, err := strconv.Atoi(s[1:])
	if err != nil || i < 1 || i > n {
		return 0, fmt.Errorf("player %q", s)
	}
	return i - 1, nil
}

func parseTestHand(spec string) (*testHand, error) {
	head, body, ok := strings.Cut(spec, ":")
	if !ok {
		head, body = "", spec
	}
	h := &testHand{n: 6}
	opts := map[string]string{}
	for _, f := range strings.Fields(head) {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return nil, fmt.Errorf("option %q", f)
		}
		opts[k] = v
	}
	if v, ok := opts["n"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, err
		}
		h.n = n
	}
	n := h.n
	stacks := []chips.Chips{chips.FromInt(100)}
	if v, ok := opts["s"]; ok {
		var err error
		if stacks, err = parseAmounts(v, n); err != nil {
			return nil, err
		}
	}
	if len(stacks) == 1 {
		for len(stacks) < n {
			stacks = append(stacks, stacks[0])
		}
	}
	blinds := []chips.Chips{chips.FromInt(1), chips.FromInt(2)}
	if v, ok := opts["b"]; ok {
		var err error
		if blinds, err = parseAmounts(v, n); err != nil {
			return nil, err
		}
	}
	full := make([]chips.Chips, n)
	copy(full, blinds)
	if n == 2 {
		full[0], full[1] = full[1], full[0]
	}
	h.setup = Setup{Stacks: stacks, Blinds: full, Button: n - 1}
	if v, ok := opts["a"]; ok {
		a, err := parseAmounts(v, 1)
		if err != nil {
			return nil, err
		}
		h.setup.Antes = make([]chips.Chips, n)
		for i := range h.setup.Antes {
			h.setup.Antes[i] = a[0]
		}
	}
	if v, ok := opts["cap"]; ok {
		c, err := strconv.Atoi(v)
		if err != nil {
			return nil, err
		}
		h.maxRaises = c
	}
	if v, ok := opts["min"]; ok {
		m, err := parseAmounts(v, 1)
		if err != nil {
			return nil, err
		}
		h.minBet = m[0]
	}
	if v, ok := opts["win"]; ok {
		for _, w := range strings.Split(v, ",") {
			i, err := parsePlayer(w, n)
			if err != nil {
				return nil, err
			}
			h.winners = append(h.winners, i)
		}
	}
	for _, round := range strings.Split(body, "/") {
		var acts []Action
		for _, a := range strings.Split(round, ",") {
			f := strings.Fields(a)
			if len(f) == 0 {
				continue
			}
			p, err := parsePlayer(f[0], n)
			if err != nil {
				return nil, err
			}
			act := Action{Seat: p}
			switch {
			case len(f) == 2 && f[1] == "f":
				act.Kind = Fold
			case len(f) == 2 && f[1] == "x":
				act.Kind = Check
			case len(f) == 2 && f[1] == "c":
				act.Kind = Call
			case len(f) == 3 && (f[1] == "b" || f[1] == "r"):
				v, err := chips.Parse(f[2])
				if err != nil {
					return nil, err
				}
				act.Kind, act.To = Raise, v
				if f[1] == "b" {
					act.Kind = Bet
				}
			default:
				return nil, fmt.Errorf("action %q", a)
			}
			acts = append(acts, act)
		}
		h.rounds = append(h.rounds, acts)
	}
	return h, nil
}

// feed plays h into tr.
func (h *testHand) feed(tr *Tracker) error {
	if err := tr.OnHandStart(&h.setup); err != nil {
		return err
	}
	for r, acts := range h.rounds {
		rc := RoundConfig{MaxRaises: h.maxRaises}
		if r > 0 {
			rc.MinBet = h.minBet
		}
		if err := tr.OnRoundStart(rc); err != nil {
			return err
		}
		for i, a := range acts {
			if err := tr.OnAction(a); err != nil {
				return fmt.Errorf("round %d action %d: %w", r, i, err)
			}
		}
	}
	var collected []chips.Chips
	if len(h.winners) > 0 {
		collected = make([]chips.Chips, h.n)
		var pot chips.Chips
		top, second := chips.Chips(0), chips.Chips(0)
		for i := 0; i < h.n; i++ {
			c := tr.Committed(i)
			pot += c
			if c > top {
				top, second = c, top
			} else if c > second {
				second = c
			}
		}
		pot -= top - second
		share := pot / chips.Chips(len(h.winners))
		for _, w := range h.winners {
			collected[w] = share
		}
	}
	return tr.OnHandEnd(collected)
}

// play parses and plays a test hand, failing the test on any error.
func play(t *testing.T, spec string) *Tracker {
	t.Helper()
	h, err := parseTestHand(spec)
	if err != nil {
		t.Fatalf("%s: %v", spec, err)
	}
	tr := new(Tracker)
	if err := h.feed(tr); err != nil {
		t.Fatalf("%s: %v", spec, err)
	}
	checkInvariants(t, tr, spec)
	return tr
}

// statManeuver maps each per-maneuver stat to its maneuver.
var statManeuver = func() map[Stat]Maneuver {
	out := map[Stat]Maneuver{}
	for m := Maneuver(0); m < NumManeuvers; m++ {
		for s := IP; s <= OOP; s++ {
			for c := Counter(0); c < numCounters; c++ {
				if st := StatOf(m, s, c); st != NoStat {
					out[st] = m
				}
			}
		}
	}
	return out
}()

// expect checks a player's counts: want is "stat=N stat=N …". Every other
// stat of the maneuvers named in want must be zero for that player, and so
// must every stat of the maneuvers listed in zero.
func expect(t *testing.T, tr *Tracker, player string, want string, zero ...Maneuver) {
	t.Helper()
	seat, err := parsePlayer(player, tr.Players())
	if err != nil {
		t.Fatal(err)
	}
	listed := map[Stat]int64{}
	touched := map[Maneuver]bool{}
	for _, z := range zero {
		touched[z] = true
	}
	for _, f := range strings.Fields(want) {
		name, v, ok := strings.Cut(f, "=")
		if !ok {
			v = "1"
		}
		st, ok := ParseStat(name)
		if !ok {
			t.Fatalf("unknown stat %q", name)
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		listed[st] = n
		if m, ok := statManeuver[st]; ok {
			touched[m] = true
		}
	}
	for st, n := range listed {
		if got := tr.Count(seat, st); got != n {
			t.Errorf("%s %s = %d, want %d", player, st, got, n)
		}
	}
	for st, m := range statManeuver {
		if _, ok := listed[st]; ok || !touched[m] {
			continue
		}
		if got := tr.Count(seat, st); got != 0 {
			t.Errorf("%s %s = %d, want 0", player, st, got)
		}
	}
}

// checkInvariants checks attempts <= opportunities, takedowns <= attempts
// and continues + folds <= challenges for every seat and maneuver of the
// tracker's last hand.
func checkInvariants(t *testing.T, tr *Tracker, what string) {
	t.Helper()
	for seat := 0; seat < tr.Players(); seat++ {
		var tot Totals
		dst := make([]*Totals, tr.Players())
		dst[seat] = &tot
		tr.AddTo(dst)
		if err := invariantErr(&tot.Counts); err != nil {
			t.Errorf("%s: p%d: %v", what, seat+1, err)
		}
	}
}

// invariantErr returns the first broken invariant of c.
func invariantErr(c *Counts) error {
	for m := Maneuver(0); m < NumManeuvers; m++ {
		for s := IP; s <= OOP; s++ {
			get := func(k Counter) int64 {
				if st := StatOf(m, s, k); st != NoStat {
					return c[st]
				}
				return 0
			}
			if get(Attempts) > get(Opportunities) {
				return fmt.Errorf("%s_%s: attempts %d > opportunities %d", m, s, get(Attempts), get(Opportunities))
			}
			if get(Takedowns) > get(Attempts) {
				return fmt.Errorf("%s_%s: takedowns %d > attempts %d", m, s, get(Takedowns), get(Attempts))
			}
			if get(Continues)+get(Folds) > get(Challenges) {
				return fmt.Errorf("%s_%s: continues %d + folds %d > challenges %d", m, s, get(Continues), get(Folds), get(Challenges))
			}
		}
	}
	pairs := [][2]Stat{
		{Limps, LimpOpportunities}, {PreflopRaises, PreflopRaiseOpportunities},
		{AggressionsInPosition, Aggressions}, {AggressionTakedowns, Aggressions},
		{ChallengesInPosition, TotalChallenges}, {ChallengeFolds, TotalChallenges},
		{AggressorInPosition, Aggressor}, {Success, Hands}, {Showdowns, Hands},
	}
	for _, p := range pairs {
		if c[p[0]] > c[p[1]] {
			return fmt.Errorf("%s %d > %s %d", p[0], c[p[0]], p[1], c[p[1]])
		}
	}
	return nil
}
