package sim

import (
	"math/bits"
	"slices"

	"gonum.org/v1/gonum/stat"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/engine/stats"
	"github.com/deckforge/deckforge/sim/agent"
)

// Metrics are the measures of a run, aggregated over its games in game
// order. Every rate or mean with nothing to divide by is absent (null in
// JSON), never NaN. With G games of n players, game g's result r_g (see
// GameResult) and the sums Σ over games:
//
//	completion_rate      = #{g : completed_g} / G
//	turns_mean, _stddev  = mean and sample standard deviation of turns_g
//	turns_median         = the middle turns_g (the mean of the two middle ones for even G)
//	decisions_per_player = Σ decisions_g / (G·n)
//	seat_decisions[i]    = Σ player_decisions_g(i) / G
//	mean_legal_moves     = Σ legal_sum_g / Σ decisions_g           (branching factor)
//	forced_move_share    = Σ forced_actions_g / Σ actions_g        (actions the engine played alone)
//	lead_changes         = Σ lead_changes_g / G
//	late_lead_changes    = Σ late_lead_changes_g / G
//	winner_lead_from, winner_lead_share, margin, drama
//	                     = their means over the games with one winner
//	comeback_rate        = #{g : comeback_g} / #{games with one winner}
//	winner_took_tricks   = #{g : the winner won a trick} / #{games with one winner and a trick}
//	shared_win_rate      = #{g : more than one winner} / G
//	seat_win_rate[i]     = w_i = Σ reward_g(i) / G   (a shared win splits 1 among the winners)
//	seat_advantage       = max_i w_i − 1/n
//	balance              = 1 − n/(2(n−1)) · Σ_i |w_i − 1/n|
//
// balance is 1 when every seat wins equally often and 0 when one seat wins
// every game. agent_win_rate[a] is the mean reward of agent a over the
// games and seats it played: Σ_{g,i: agent(i)=a} reward_g(i) / (G·#{i :
// agent(i)=a}). seat_net_chips[i] is the mean of seat i's chips at the end
// minus its starting chips (chip games). The betting rates divide by the
// betting decisions (bet_rate = bets/decisions, …, all_in_rate = all-ins /
// decisions) and by the hands whose pot was awarded (showdown_rate =
// showdowns/hands, fold_win_rate = fold_wins/hands).
type Metrics struct {
	Game       string   `json:"game"`
	GenomeHash string   `json:"genome_hash"`
	Seed       uint64   `json:"seed"`
	Players    int      `json:"players"`
	Agents     []string `json:"agents"`
	Games      int      `json:"games"`
	// Mode is "interpreter" (games played by engine/game) or "session"
	// (hold'em sessions over engine/table, with sit-outs).
	Mode string `json:"mode"`

	CompletionRate     Opt   `json:"completion_rate"`
	TurnsMean          Opt   `json:"turns_mean"`
	TurnsMedian        Opt   `json:"turns_median"`
	TurnsStdDev        Opt   `json:"turns_stddev"`
	HandsMean          Opt   `json:"hands_mean"`
	MovesMean          Opt   `json:"moves_mean"`
	DecisionsPerPlayer Opt   `json:"decisions_per_player"`
	SeatDecisions      []Opt `json:"seat_decisions"`
	MeanLegalMoves     Opt   `json:"mean_legal_moves"`
	ForcedMoveShare    Opt   `json:"forced_move_share"`

	LeadChanges     Opt `json:"lead_changes"`
	LateLeadChanges Opt `json:"late_lead_changes"`
	WinnerLeadFrom  Opt `json:"winner_lead_from"`
	WinnerLeadShare Opt `json:"winner_lead_share"`
	Margin          Opt `json:"margin"`
	Drama           Opt `json:"drama"`
	ComebackRate    Opt `json:"comeback_rate"`
	// WinnerTookTricks is the share of the games with one winner and at
	// least one trick in which the winner won a trick:
	// #{g : winner won ≥ 1 trick} / #{g : one winner, Σ tricks_g > 0}.
	WinnerTookTricks Opt `json:"winner_took_tricks"`

	SharedWinRate Opt            `json:"shared_win_rate"`
	SeatWinRate   []Opt          `json:"seat_win_rate"`
	SeatAdvantage Opt            `json:"seat_advantage"`
	Balance       Opt            `json:"balance"`
	AgentWinRate  map[string]Opt `json:"agent_win_rate"`
	SeatNetChips  []Opt          `json:"seat_net_chips,omitempty"`

	Betting *BettingMetrics `json:"betting,omitempty"`
	SitOuts SitOutCounts    `json:"sit_outs"`
	// HouseFallbacks sums the house players' fallbacks over the games
	// (agent.Fallbacks): decisions the strategy module could not take as
	// asked.
	HouseFallbacks agent.Fallbacks `json:"house_fallbacks"`
	Positional     *Positional     `json:"positional,omitempty"`

	// Skill holds skill gradients when SkillGradient measured them.
	Skill []Skill `json:"skill,omitempty"`
}

// BettingMetrics are the betting counts of a run's chip games and their
// rates (see Metrics).
type BettingMetrics struct {
	BettingCounts
	BetRate      Opt `json:"bet_rate"`
	RaiseRate    Opt `json:"raise_rate"`
	CallRate     Opt `json:"call_rate"`
	CheckRate    Opt `json:"check_rate"`
	FoldRate     Opt `json:"fold_rate"`
	AllInRate    Opt `json:"all_in_rate"`
	ShowdownRate Opt `json:"showdown_rate"`
	FoldWinRate  Opt `json:"fold_win_rate"`
}

// Positional holds the positional stats of a run's chip games (engine/stats
// fed with every hand's betting by StatsFeeder), summed over every seat: the hands, the
// feature vector of stats.FeaturesOf and the metrics of stats.ComputeMetrics.
// Errors counts hands the tracker refused (they are left out).
type Positional struct {
	Hands        int64          `json:"hands"`
	Showdowns    int64          `json:"showdowns"`
	SecondRounds int64          `json:"second_rounds"`
	Errors       int            `json:"errors"`
	Features     stats.Features `json:"features"`
	Metrics      stats.Metrics  `json:"metrics"`
}

// accumulator folds game results into Metrics, in game order.
type accumulator struct {
	n      int
	agents []string // one per seat
	chips  bool

	games, completed, sole, shared, comebacks int
	trickGames, winnerTricked                 int
	turns                                     []float64
	hands, moves, decisions, legal            int
	actions, forced                           int
	seatDecisions                             [game.MaxPlayers]int
	leadChanges, late                         int
	leadFrom, leadShare, margin, drama        float64
	marginN, dramaN                           int
	rewards                                   [game.MaxPlayers]float64
	net                                       [game.MaxPlayers]float64
	betting                                   BettingCounts
	sit                                       SitOutCounts
	fallbacks                                 agent.Fallbacks
	pos                                       *stats.Aggregator
	posErr                                    int
}

func newAccumulator(n int, agents []string, chipGame bool) *accumulator {
	a := &accumulator{n: n, agents: agents, chips: chipGame}
	if chipGame {
		a.pos = new(stats.Aggregator)
	}
	return a
}

func (a *accumulator) add(g *GameResult) {
	a.games++
	if g.Completed {
		a.completed++
	}
	a.turns = append(a.turns, float64(g.Turns))
	a.hands += g.Hands
	a.moves += g.Moves
	a.actions += g.Actions
	a.forced += g.ForcedActions
	a.decisions += g.Decisions
	a.legal += g.LegalSum
	for i := 0; i < a.n; i++ {
		a.seatDecisions[i] += g.PlayerDecisions[i]
		a.rewards[i] += g.Rewards[i]
		a.net[i] += float64(g.NetChips[i])
	}
	a.leadChanges += g.LeadChanges
	a.late += g.LateLeadChanges
	switch bits.OnesCount16(g.Winners) {
	case 0:
	case 1:
		a.sole++
		a.leadFrom += g.WinnerLeadFrom.Value
		a.leadShare += g.WinnerLeadShare.Value
		if g.Margin.Valid {
			a.margin += g.Margin.Value
			a.marginN++
		}
		if g.Drama.Valid {
			a.drama += g.Drama.Value
			a.dramaN++
		}
		if g.Comeback {
			a.comebacks++
		}
		total := 0
		for _, t := range g.Tricks {
			total += t
		}
		if total > 0 {
			a.trickGames++
			if g.Tricks[bits.TrailingZeros16(g.Winners)] > 0 {
				a.winnerTricked++
			}
		}
	default:
		a.shared++
	}
	a.betting.add(&g.Betting)
	a.sit.add(&g.SitOuts)
	a.fallbacks.Add(g.Fallbacks)
	if a.pos != nil && g.positional != nil {
		a.pos.Merge(g.positional)
	}
	a.posErr += g.positionalErr
}

// median returns the median of xs (sorted in place).
func median(xs []float64) Opt {
	if len(xs) == 0 {
		return Opt{}
	}
	slices.Sort(xs)
	m := len(xs) / 2
	if len(xs)%2 == 1 {
		return some(xs[m])
	}
	return some((xs[m-1] + xs[m]) / 2)
}

func (a *accumulator) metrics() Metrics {
	G := float64(a.games)
	n := a.n
	m := Metrics{Players: n, Agents: a.agents, Games: a.games}
	m.CompletionRate = ratio(float64(a.completed), G)
	if a.games > 0 {
		mean, sd := stat.MeanStdDev(a.turns, nil)
		m.TurnsMean = some(mean)
		if a.games > 1 {
			m.TurnsStdDev = some(sd)
		}
	}
	m.TurnsMedian = median(slices.Clone(a.turns))
	m.HandsMean = ratio(float64(a.hands), G)
	m.MovesMean = ratio(float64(a.moves), G)
	m.DecisionsPerPlayer = ratio(float64(a.decisions), G*float64(n))
	m.SeatDecisions = make([]Opt, n)
	m.SeatWinRate = make([]Opt, n)
	for i := 0; i < n; i++ {
		m.SeatDecisions[i] = ratio(float64(a.seatDecisions[i]), G)
		m.SeatWinRate[i] = ratio(a.rewards[i], G)
	}
	if a.chips {
		m.SeatNetChips = make([]Opt, n)
		for i := 0; i < n; i++ {
			m.SeatNetChips[i] = ratio(a.net[i]/float64(chips.Scale), G)
		}
	}
	m.MeanLegalMoves = ratio(float64(a.legal), float64(a.decisions))
	m.ForcedMoveShare = ratio(float64(a.forced), float64(a.actions))
	m.LeadChanges = ratio(float64(a.leadChanges), G)
	m.LateLeadChanges = ratio(float64(a.late), G)
	m.WinnerLeadFrom = ratio(a.leadFrom, float64(a.sole))
	m.WinnerLeadShare = ratio(a.leadShare, float64(a.sole))
	m.Margin = ratio(a.margin, float64(a.marginN))
	m.Drama = ratio(a.drama, float64(a.dramaN))
	m.ComebackRate = ratio(float64(a.comebacks), float64(a.sole))
	m.WinnerTookTricks = ratio(float64(a.winnerTricked), float64(a.trickGames))
	m.SharedWinRate = ratio(float64(a.shared), G)
	if a.games > 0 {
		fair := 1 / float64(n)
		best, dev := 0.0, 0.0
		for i := 0; i < n; i++ {
			w := a.rewards[i] / G
			best = max(best, w)
			if d := w - fair; d < 0 {
				dev -= d
			} else {
				dev += d
			}
		}
		m.SeatAdvantage = some(best - fair)
		m.Balance = some(1 - float64(n)/(2*float64(n-1))*dev)
	}
	m.AgentWinRate = map[string]Opt{}
	seats := map[string]int{}
	sums := map[string]float64{}
	for i, name := range a.agents {
		seats[name]++
		sums[name] += a.rewards[i]
	}
	for name, k := range seats {
		m.AgentWinRate[name] = ratio(sums[name], G*float64(k))
	}
	if a.chips {
		b := &BettingMetrics{BettingCounts: a.betting}
		d := float64(a.betting.Decisions)
		b.BetRate = ratio(float64(a.betting.Bets), d)
		b.RaiseRate = ratio(float64(a.betting.Raises), d)
		b.CallRate = ratio(float64(a.betting.Calls), d)
		b.CheckRate = ratio(float64(a.betting.Checks), d)
		b.FoldRate = ratio(float64(a.betting.Folds), d)
		b.AllInRate = ratio(float64(a.betting.AllIns), d)
		h := float64(a.betting.Hands)
		b.ShowdownRate = ratio(float64(a.betting.Showdowns), h)
		b.FoldWinRate = ratio(float64(a.betting.FoldWins), h)
		m.Betting = b
	}
	m.SitOuts = a.sit
	m.HouseFallbacks = a.fallbacks
	if a.pos != nil {
		tot := a.pos.Total()
		m.Positional = &Positional{
			Hands:        a.pos.Hands,
			Showdowns:    a.pos.Showdowns,
			SecondRounds: a.pos.SecondRounds,
			Errors:       a.posErr,
			Features:     stats.FeaturesOf(a.pos),
			Metrics:      stats.ComputeMetrics(&tot),
		}
	}
	return m
}
