package sim

import (
	"math"
	"math/bits"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/engine/stats"
	"github.com/deckforge/deckforge/genome"
)

// floor is the standing of an eliminated player: below every real one.
const floor = math.MinInt64 / 4

// rules is what the observer needs to know of a program, computed once per
// run.
type rules struct {
	prog     *game.Program
	chips    bool
	maxTurns int
	// primary and secondary are the first two win conditions (secondary
	// is primary when there is only one): the standing the lead is
	// measured by.
	primary, secondary genome.WinKind
	needObs            bool // the standing needs an Observation (tricks, won piles)
}

func newRules(p *game.Program) *rules {
	g := p.Genome()
	r := &rules{prog: p, chips: p.HasChips(), maxTurns: int(g.Turns.MaxTurns)}
	r.primary = g.WinConditions[0].Kind
	r.secondary = r.primary
	if len(g.WinConditions) > 1 {
		r.secondary = g.WinConditions[1].Kind
	}
	for _, k := range []genome.WinKind{r.primary, r.secondary} {
		if k == genome.WinCaptureAll || k == genome.WinMostTricks {
			r.needObs = true
		}
	}
	return r
}

// observer is a game.Listener that measures one game at a time: the lead
// at every turn, the betting, the eliminations, the positional stats of
// chip games, and (when a recorder is set) the replay. One observer serves
// one worker; begin resets it for the next game without allocating.
type observer struct {
	r *rules
	n int

	lead     leadTrack
	lastTurn uint32
	fresh    bool // a sample was taken since the last turn change
	turns    uint32

	// The hand in progress.
	inHand       bool
	handShowdown bool
	handAwarded  bool
	bestStrength uint32
	bestMask     uint16
	showdownWins [game.MaxPlayers]int64

	bet    BettingCounts
	sit    SitOutCounts
	tricks [game.MaxPlayers]int

	// claim is the player whose decision is being applied (-1: none): its
	// actions are chosen until another player acts. actions counts the
	// players' actions, forced those the engine played alone.
	claim           int8
	actions, forced int

	// feed feeds the betting of chip games to its stats.Tracker; each hand
	// it ends (without error: posBad false) goes into posAgg.
	feed    StatsFeeder
	posAgg  *stats.Aggregator
	posErrs int
	posBad  bool
	names   []string

	rec *recorder
}

func newObserver(r *rules) *observer { return &observer{r: r} }

// begin prepares the observer for a game of n players; the positional
// stats of a chip game go into pos, emptied (a new aggregator when nil).
func (o *observer) begin(n int, pos *stats.Aggregator) {
	o.n = n
	o.lead.begin(n)
	o.lastTurn, o.turns = 0, 0
	o.fresh = false
	o.inHand, o.handShowdown, o.handAwarded = false, false, false
	o.bestStrength, o.bestMask = 0, 0
	o.showdownWins = [game.MaxPlayers]int64{}
	o.bet = BettingCounts{}
	o.sit = SitOutCounts{}
	o.tricks = [game.MaxPlayers]int{}
	o.claim, o.actions, o.forced = -1, 0, 0
	o.posAgg, o.posErrs = nil, 0
	if o.r.chips {
		// An aggregator per game: the run merges the games' aggregators
		// in game order, so the float sums are the same whatever the
		// number of workers.
		o.posAgg = reusePositional(pos)
		if cap(o.names) < n {
			o.names = make([]string, n)
		}
		o.names = o.names[:n]
		for i := range o.names {
			o.names[i] = positionalName
		}
		o.feed.Err, o.posBad = nil, false
	}
}

// reusePositional returns the aggregator a game's positional stats go
// into: a emptied, or a new one when a is nil. A run's result slots keep
// their aggregator from one game to the next (the game merged from the
// slot before is done with it), so a game allocates none. Every seat is
// summed under positionalName, the only name a holds.
func reusePositional(a *stats.Aggregator) *stats.Aggregator {
	if a == nil {
		return new(stats.Aggregator)
	}
	a.Hands, a.Showdowns, a.SecondRounds = 0, 0, 0
	if t := a.Player(positionalName); t != nil {
		*t = stats.Totals{}
	}
	return a
}

// positionalName is the one name every seat's positional stats are summed
// under (the per-player split is not kept: see Metrics.Positional).
const positionalName = "all"

// Event implements game.Listener.
func (o *observer) Event(s *game.State, e *game.Event) {
	if o.r.chips {
		o.feedStats(s, e)
	}
	if o.rec != nil {
		o.rec.event(s, e)
	}
	switch e.Kind {
	case game.EvHandEnd:
		o.endHand()
		o.sample(s)
		o.fresh = true
		return
	case game.EvGameEnd:
		o.endHand()
		if !o.fresh || len(o.lead.leaders) == 0 {
			o.sample(s)
		}
		return
	}
	if e.Turn > o.turns {
		o.turns = e.Turn
	}
	if e.Turn != o.lastTurn {
		if o.lastTurn != 0 && !o.fresh {
			o.sample(s)
		}
		o.lastTurn = e.Turn
		o.fresh = false
	}
	switch e.Kind {
	case game.EvPlay, game.EvDraw, game.EvDiscard, game.EvPass, game.EvSuit, game.EvClaim,
		game.EvChallenge, game.EvAsk, game.EvBet, game.EvFold:
		actor := e.Player
		if e.Kind == game.EvChallenge {
			actor = e.Target
		}
		o.actions++
		if o.claim < 0 || actor != o.claim {
			o.forced++
			o.claim = -1
		}
	}
	switch e.Kind {
	case game.EvHandStart:
		o.claim = -1
		o.inHand, o.handShowdown, o.handAwarded = true, false, false
		o.bestStrength, o.bestMask = 0, 0
	case game.EvBet:
		o.bet.Decisions++
		switch e.Move {
		case game.MoveCheck:
			o.bet.Checks++
		case game.MoveCall:
			o.bet.Calls++
		case game.MoveBet:
			o.bet.Bets++
		case game.MoveRaise:
			o.bet.Raises++
		}
		if e.Move != game.MoveCheck && e.Player >= 0 && s.Chips(int(e.Player)) == 0 {
			o.bet.AllIns++
		}
	case game.EvFold:
		o.bet.Decisions++
		o.bet.Folds++
	case game.EvShowdown:
		o.handShowdown = true
		switch p := uint(e.Player); {
		case e.Strength > o.bestStrength || o.bestMask == 0:
			o.bestStrength, o.bestMask = e.Strength, 1<<p
		case e.Strength == o.bestStrength:
			o.bestMask |= 1 << p
		}
	case game.EvPotAward:
		if e.Zone != game.ZoneBet && e.Amount > 0 {
			o.handAwarded = true
		}
	case game.EvSitOut:
		o.sit.Eliminations++
	case game.EvTrickWon:
		if p := int(e.Player); p >= 0 && p < game.MaxPlayers {
			o.tricks[p]++
		}
	}
}

// feedStats passes e to the stats feeder and adds every hand it ends to
// the game's positional stats, unless the tracker refused one of its
// events.
func (o *observer) feedStats(s *game.State, e *game.Event) {
	hands := o.feed.Hands
	o.feed.Event(s, e)
	if o.feed.Err != nil {
		o.posBad = true
		o.feed.Err = nil
	}
	if o.feed.Hands == hands {
		return
	}
	if o.posBad {
		o.posErrs++
	} else if err := o.posAgg.Add(&o.feed.Tracker, o.names); err != nil {
		o.posErrs++
	}
	o.posBad = false
}

// endHand closes the hand in progress: its showdown winners and, in chip
// games, its betting outcome.
func (o *observer) endHand() {
	if !o.inHand {
		return
	}
	o.inHand = false
	for m := o.bestMask; m != 0; m &= m - 1 {
		o.showdownWins[bits.TrailingZeros16(m)]++
	}
	if o.r.chips && o.handAwarded {
		o.bet.Hands++
		if o.handShowdown {
			o.bet.Showdowns++
		} else {
			o.bet.FoldWins++
		}
	}
}

// standing returns player p's standing by win kind k (higher is better).
func (o *observer) standing(s *game.State, ob *game.Observation, k genome.WinKind, p int) int64 {
	if s.Eliminated(p) {
		return floor
	}
	switch k {
	case genome.WinEmptyHand, genome.WinLastWithCardsLoses:
		return -int64(s.Hand(p).Len())
	case genome.WinCaptureAll:
		return int64(ob.HandSize[p]) + int64(ob.WonSize[p])
	case genome.WinHighScore, genome.WinFirstToScore:
		return int64(s.Score(p))
	case genome.WinLowScore:
		return -int64(s.Score(p))
	case genome.WinMostTricks:
		return int64(ob.Tricks[p])
	case genome.WinBestHand:
		return o.showdownWins[p]
	case genome.WinMostChips, genome.WinLastWithChips:
		return int64(s.Chips(p))
	}
	return 1 // last_standing: every player still in stands equal
}

// sample records every player's standing.
func (o *observer) sample(s *game.State) {
	var ob game.Observation
	if o.r.needObs {
		ob = s.Observation(0)
	}
	for p := 0; p < o.n; p++ {
		o.lead.prim = append(o.lead.prim, o.standing(s, &ob, o.r.primary, p))
		o.lead.sec = append(o.lead.sec, o.standing(s, &ob, o.r.secondary, p))
	}
	o.lead.close()
}

// leadTrack holds a game's standings, sampled at every turn: prim and sec
// hold n values per sample (the standings by the first and second win
// conditions, floor for an eliminated player), leaders one per sample
// (the sole leader, -1 on a tie).
type leadTrack struct {
	n         int
	prim, sec []int64
	leaders   []int8
}

func (l *leadTrack) begin(n int) {
	l.n = n
	l.prim, l.sec, l.leaders = l.prim[:0], l.sec[:0], l.leaders[:0]
}

// close ends the sample whose n standings were just appended: it finds its
// leader.
func (l *leadTrack) close() {
	t := len(l.leaders)
	prim, sec := l.prim[t*l.n:], l.sec[t*l.n:]
	leader, best1, best2 := int8(-1), int64(0), int64(0)
	for p := 0; p < l.n; p++ {
		a, b := prim[p], sec[p]
		switch {
		case p == 0 || a > best1 || (a == best1 && b > best2):
			leader, best1, best2 = int8(p), a, b
		case a == best1 && b == best2:
			leader = -1
		}
	}
	if leader >= 0 && best1 == floor {
		leader = -1
	}
	l.leaders = append(l.leaders, leader)
}

// metrics computes the lead-based metrics of the game just ended (see
// GameResult) into g, whose Winners must be set.
func (l *leadTrack) metrics(g *GameResult) {
	T := len(l.leaders)
	g.Samples = T
	prev := int8(-1)
	for t, ld := range l.leaders {
		if ld < 0 {
			continue
		}
		if prev >= 0 && ld != prev {
			g.LeadChanges++
			if 3*t >= 2*T {
				g.LateLeadChanges++
			}
		}
		prev = ld
	}
	if T == 0 || bits.OnesCount16(g.Winners) != 1 {
		return
	}
	w := bits.TrailingZeros16(g.Winners)
	n := l.n
	if w >= n {
		return
	}
	k, led := T, 0
	for t := T - 1; t >= 0 && int(l.leaders[t]) == w; t-- {
		k = t
	}
	var scale int64 = 1
	for t := 0; t < T; t++ {
		if int(l.leaders[t]) == w {
			led++
		}
		for p := 0; p < n; p++ {
			if v := l.prim[t*n+p]; v != floor {
				scale = max(scale, abs64(v))
			}
		}
	}
	g.WinnerLeadFrom = some(float64(k) / float64(T))
	g.WinnerLeadShare = some(float64(led) / float64(T))
	deficit := func(t int) float64 {
		row := l.prim[t*n : t*n+n]
		if row[w] == floor {
			return 1
		}
		top := row[w]
		for _, v := range row {
			top = max(top, v)
		}
		return float64(top-row[w]) / float64(scale)
	}
	last := l.prim[(T-1)*n : T*n]
	if last[w] != floor {
		var second int64 = floor
		for p, v := range last {
			if p != w {
				second = max(second, v)
			}
		}
		if second != floor {
			g.Margin = some(float64(last[w]-second) / float64(scale))
		} else {
			g.Margin = some(1)
		}
	}
	var sum float64
	cnt := 0
	for t := T / 2; t < T; t++ {
		sum += deficit(t)
		cnt++
	}
	g.Drama = ratio(sum, float64(cnt))
	g.Comeback = deficit(T/2) > 0
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}
