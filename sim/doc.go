// Package sim plays games in parallel with the agents of sim/agent, measures
// them (per-game metrics and their aggregates) and records replays.
//
// # Runs
//
// Run plays a number of games of a compiled genome on a number of workers
// (golang.org/x/sync/errgroup). Game g's seed is
//
//	key    = RunKey(seed, hash)   a SplitMix64 fold of the run seed and the genome's content hash
//	seed_g = GameSeed(key, g)     = mix(key ⊕ g)
//
// and every random source of the game derives from seed_g (see Stream): the
// deal, each seat's agent (reset at the start of the game), the sit-out
// events of a session. The results are merged in game order, whatever
// worker played which game, so a run's Metrics are identical for any number
// of workers. Each worker keeps one game.State, one agent per seat and one
// observer (a game.Listener) and resets them for every game. A run stops
// early when its context is cancelled; Options.Progress reports the games
// merged so far.
//
// # Metrics
//
// Each game gives a GameResult: its length (turns, hands, moves), the
// decisions and the legal moves offered, the forced actions, the winners
// and rewards, the lead (the standing of every player sampled at every turn:
// lead changes, how early the winner took the lead for good, the final
// margin, the drama of the second half), the betting of chip games
// (bets, raises, calls, checks, folds, all-ins, showdowns, pots won without
// one), the sit-outs, and the positional statistics of engine/stats, fed
// with every hand's betting by StatsFeeder (in sessions, from the
// actions played on the table's hand runner). Metrics aggregates them; the formulas are in
// the documentation of GameResult, Metrics and Skill. A rate with nothing to
// divide by is absent (Opt, null in JSON), never NaN. SkillGradient runs the
// paired simulations that measure how much a stronger agent gains over a
// random one in its seat.
//
// # Sessions with sit-outs
//
// engine/game plays a chip game as a session of hands but has no way to
// sit a player out between hands and let it come back. With Options.SitOuts
// enabled a run therefore plays every game as a session at an engine/table
// table, for every genome with chips, a betting phase and forced bets
// (SessionRun) and every agent: players disconnect (auto-actions, grace
// period, stand-up through table.Presence), pause, pause until the big
// blind, come back (paying dead blinds, or free at the big blind) and leave,
// and join (buying in from a bankroll the ledger reloads), driven by the
// probabilities of SitOuts, with engine/table's Merge, Presence and Next
// applying the sit-in/sit-out rules between hands. A hold'em-shaped genome
// (HoldemShaped) played by house and random agents plays each hand on the
// table's hand runner (table.Runner, a phh.Runner) with typed actions; any
// other session plays each hand as one game of engine/game
// (game.Program.ResetHand) set up by table.HandConfig, whose players are
// the session's physical seats, with the run's agents. Either way the
// hand's finishing stacks go back to the table.
//
// # Replays
//
// Options.Replay receives the replay of every game (replay, built
// with its Recorder): a game played by the interpreter is recorded from
// its events (deals, forced bets, bets with the chips added and the street
// bet after, folds, plays, draws, tricks, showdowns, pot awards,
// eliminations); a session from the actions played on the hand runner
// and its settlement (replay.SettlementEvents), with every sit-out
// transition between hands. A session whose hands engine/game plays is
// recorded from the events of its hands (as a game is), one replay hand per
// table hand, its seats the table's (by physical seat) so that the sit-out
// transitions between hands show too. phh convert writes such replays as
// PHH when their variant is one (hold'em, Omaha); the hands of other
// genomes (draw, ante-only and other games) are not PHH-expressible, and
// phh convert says so for each instead of writing a file.
//
// # Speed
//
// Speed measures the headline figures that deckforge bench prints: 7-card
// evaluations, hold'em hands, games and moves of every seed game, ISMCTS
// iterations per second, and the parallel speed-up of a run.
package sim
