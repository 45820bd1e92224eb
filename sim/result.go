package sim

import (
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/engine/stats"
	"github.com/deckforge/deckforge/sim/agent"
)

// BettingCounts counts the betting of a game (chip games only).
type BettingCounts struct {
	// Decisions counts betting decisions: checks, calls, bets, raises and
	// folds.
	Decisions int `json:"decisions"`
	Checks    int `json:"checks"`
	Calls     int `json:"calls"`
	Bets      int `json:"bets"`
	Raises    int `json:"raises"`
	Folds     int `json:"folds"`
	// AllIns counts calls, bets and raises that left the player with no
	// chips behind.
	AllIns int `json:"all_ins"`
	// Hands counts the hands whose pot was awarded; Showdowns those that
	// went to a showdown and FoldWins those won without one (everyone
	// else folded): Showdowns + FoldWins = Hands.
	Hands     int `json:"hands"`
	Showdowns int `json:"showdowns"`
	FoldWins  int `json:"fold_wins"`
}

func (b *BettingCounts) add(o *BettingCounts) {
	b.Decisions += o.Decisions
	b.Checks += o.Checks
	b.Calls += o.Calls
	b.Bets += o.Bets
	b.Raises += o.Raises
	b.Folds += o.Folds
	b.AllIns += o.AllIns
	b.Hands += o.Hands
	b.Showdowns += o.Showdowns
	b.FoldWins += o.FoldWins
}

// SitOutCounts counts players leaving play: eliminations in games played
// by the interpreter, and the sit-in/sit-out transitions of table sessions
// (see Session).
type SitOutCounts struct {
	// Eliminations counts players knocked out of a game (no chips left,
	// no tricks): they sit out every later hand.
	Eliminations int `json:"eliminations"`
	// Disconnects and Reconnects count connections lost and regained;
	// StandUps the players stood up when their grace period ran out.
	Disconnects int `json:"disconnects"`
	Reconnects  int `json:"reconnects"`
	StandUps    int `json:"stand_ups"`
	// Pauses and PausesUntilBB count requests to sit out (intents 2 and
	// 1), Returns requests to play again (intent 0 while sitting out),
	// Leaves requests to leave (intent 3).
	Pauses        int `json:"pauses"`
	PausesUntilBB int `json:"pauses_until_bb"`
	Returns       int `json:"returns"`
	Leaves        int `json:"leaves"`
	// Joins counts players who sat down again after leaving (the
	// session's SitOuts.Join), Reloads the bankrolls topped up for them.
	Joins   int `json:"joins"`
	Reloads int `json:"reloads"`
	// SatOut counts player-hands spent sitting out; BustOuts players who
	// left because they could not pay (no chips, or less than their dead
	// blinds and forced bets).
	SatOut   int `json:"sat_out_hands"`
	BustOuts int `json:"bust_outs"`
	// DeadBlindsPaid counts returning players who paid dead blinds, and
	// DeadChips the chips they paid; BigBlindReturns players who came
	// back free when the big blind reached them.
	DeadBlindsPaid  int    `json:"dead_blinds_paid"`
	DeadChips       Amount `json:"dead_chips"`
	BigBlindReturns int    `json:"big_blind_returns"`
}

func (c *SitOutCounts) add(o *SitOutCounts) {
	c.Eliminations += o.Eliminations
	c.Disconnects += o.Disconnects
	c.Reconnects += o.Reconnects
	c.StandUps += o.StandUps
	c.Pauses += o.Pauses
	c.PausesUntilBB += o.PausesUntilBB
	c.Returns += o.Returns
	c.Leaves += o.Leaves
	c.Joins += o.Joins
	c.Reloads += o.Reloads
	c.SatOut += o.SatOut
	c.BustOuts += o.BustOuts
	c.DeadBlindsPaid += o.DeadBlindsPaid
	c.DeadChips += o.DeadChips
	c.BigBlindReturns += o.BigBlindReturns
}

// GameResult is what one game measured. The lead metrics sample every
// player's standing — the quantity the first win condition ranks players by
// (chips, score, minus the cards in hand, tricks, …; the second win
// condition breaks ties) — at the end of every turn and every hand: T
// samples s_t, t = 0 … T−1. The leader of a sample is the one player with
// the best standing (none on a tie).
type GameResult struct {
	// Index is the game's index in the run, Seed its seed (GameSeed).
	Index   int    `json:"index"`
	Seed    uint64 `json:"seed"`
	Players int    `json:"players"`
	// Completed reports that the game ended before its turn limit
	// (Turns.MaxTurns): by a win condition or after its last hand.
	Completed bool `json:"completed"`
	// Turns is the number of turns played (a turn cut short by the end of
	// the game included), Hands the number of hands.
	Turns int `json:"turns"`
	Hands int `json:"hands"`
	// Moves is the engine's count of moves (State.Moves, forced ones
	// included); Decisions the moves players chose (State.Decisions, card
	// selections ended by MoveDone included); PlayerDecisions the
	// decisions of each seat; LegalSum the sum over decisions of the
	// number of legal moves offered. Rewards are the players' rewards
	// (State.Rewards: the winners share 1) and NetChips their chips at the
	// end less their starting chips (entries past Players are zero). In a
	// session Moves and Actions count
	// the players' betting actions and ForcedActions the auto-actions of
	// disconnected players.
	Moves int `json:"moves"`
	// Actions counts the players' actions seen as events (each card
	// played, drawn, discarded or given, each pass, suit named, claim,
	// challenge, ask, bet and fold); ForcedActions those the engine
	// played alone because the player had one legal move: every action
	// but those of the player whose decision is being applied, up to the
	// first action of another player.
	Actions         int                      `json:"actions"`
	ForcedActions   int                      `json:"forced_actions"`
	Decisions       int                      `json:"decisions"`
	PlayerDecisions [game.MaxPlayers]int     `json:"player_decisions"`
	LegalSum        int                      `json:"legal_sum"`
	Winners         uint16                   `json:"winners"`
	Rewards         [game.MaxPlayers]float64 `json:"rewards"`
	NetChips        [game.MaxPlayers]Amount  `json:"net_chips"`

	// Samples is T. LeadChanges counts samples whose leader differs from
	// the previous sample that had one; LateLeadChanges those among them
	// in the last third of the game (3t ≥ 2T).
	Samples         int `json:"samples"`
	LeadChanges     int `json:"lead_changes"`
	LateLeadChanges int `json:"late_lead_changes"`
	// The decisiveness of a game with one winner w: WinnerLeadFrom is k/T
	// for the first sample k from which w leads to the end (0: w led from
	// the start; 1: w did not lead at the end by standing), WinnerLeadShare
	// the share of samples w led. With scale S = max(1, max_{t,p} |s_t(p)|)
	// over the primary standings, Margin is (s_{T−1}(w) − max_{p≠w}
	// s_{T−1}(p))/S (1 when every other player is eliminated).
	WinnerLeadFrom  Opt `json:"winner_lead_from"`
	WinnerLeadShare Opt `json:"winner_lead_share"`
	Margin          Opt `json:"margin"`
	// Drama measures how far behind the eventual winner was in the second
	// half of the game: with the deficit d_t = (max_p s_t(p) − s_t(w))/S,
	//
	//	drama = mean of d_t over t = ⌊T/2⌋ … T−1,
	//
	// 0 when the winner led (or shared the lead) all the second half.
	// Comeback reports d_{⌊T/2⌋} > 0: the winner was behind at half time.
	Drama    Opt  `json:"drama"`
	Comeback bool `json:"comeback"`

	Betting BettingCounts `json:"betting"`
	SitOuts SitOutCounts  `json:"sit_outs"`
	// Fallbacks counts the house players' fallbacks (see
	// agent.Fallbacks).
	Fallbacks agent.Fallbacks `json:"fallbacks"`
	// Tricks counts the tricks each player won over the game.
	Tricks [game.MaxPlayers]int `json:"tricks"`

	// positional holds the game's positional stats (chip games), merged
	// into the run in game order.
	positional    *stats.Aggregator
	positionalErr int
}
