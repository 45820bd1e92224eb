// Package agent holds the players of the simulator: random, greedy, ISMCTS
// and the house strategy. An agent sees an observation, never the true
// state, and draws from its own RNG.
//
// # Views and hidden information
//
// An Agent is shown a View of the game: the player to move, its
// game.Observation, its legal moves, its betting options (BetOptions) and
// determinizations — full states drawn at random, with the agent's own
// generator, among those consistent with the observation
// (game.State.Determinize). A View never hands out the true state or a card
// the player has not seen, so an agent that looks only at its View cannot
// peek: what it decides is a function of the observation, the legal moves
// and its generator. (The determinizations themselves are a function of
// the observation and the generator only if game.State.Determinize is; see
// TestNoPeek.)
//
// Agents are not safe for concurrent use: a simulator gives every seat of
// every worker its own agent (ParseList builds one per seat). Reset reseeds
// an agent between games without allocating; agents keep their scratch
// space and node pool from one decision to the next.
//
// # Names
//
// New and Parse build agents by name for the command line: "random",
// "greedy", "ismcts", "ismcts:N" (N iterations per decision), "ismcts:D"
// (search for the duration D, such as "500ms": interactive use only) and
// "house". ParseList reads one name per seat, or one for every seat; house
// players are named HousePlayer<N> with N the seat number from 1. Options
// configure the agents; a zero field takes its default and Validate names
// every bad field.
//
// # Random
//
// Random plays each legal move with probability 1/n.
//
// # Greedy
//
// In a betting decision, Greedy rates its hand with a strength s ∈ [0, 1]
// and follows the betting-phase-design seed: with a short stack
// (the stack cannot cover the call, or every bet or raise offered is all
// in) it goes all in if s > 0.7 and otherwise checks if free, else folds;
// else if s > 0.7 it raises, else bets (the smallest size offered), else
// calls; if s > 0.3 it calls, else checks; below, it checks, else folds.
//
// The strength of a poker hand (a poker_high showdown: hold'em with
// community cards, Omaha with HoleCards hole cards, draw with closed hands)
// is its equity against one random hand of the cards the player has not
// seen, estimated with engine/handeval over at most
// Options.StrengthSamples random deals of the opponent's hand and the rest
// of the board:
//
//	s = (wins + ties/2) / samples
//
// against one opponent whatever their number (before the flop of a
// standard 52-card hold'em deal, read from a table of the 169 two-card
// classes — pairs, suited and offsuit rank pairs — generated once from a
// fixed seed over 50,000 deals each, preflop_table.go), because the seed's
// thresholds are set for a strength that does not shrink with the table
// (an ace-king is 0.65, a pair of aces 0.85, seven-deuce 0.35 before the
// flop). Since only the side of 0.3 and 0.7 that s falls on matters, the
// greedy agent stops sampling, every 32 deals, once s is more than 3
// standard errors √(s(1−s)/n) from both thresholds; and it keeps the
// strength of its last betting decision for as long as it has seen the
// same cards. High-card and point-total showdowns use the same estimate
// with their own ranking; other games the mean rank value of the hand in
// the game's rank order, scaled to [0, 1].
//
// In a discard selection of a poker draw game, Greedy discards what
// house.DrawEvaluator discards (it keeps made hands and draws). In a claim
// phase (Cheat) it is an honest, wary player: it claims the cards of the
// rank to claim that it holds (under the any-rank rule its most numerous
// rank, which it names), else one card at random, and challenges only a
// claim that cannot be true (more cards of the rank than it has not seen)
// or one with which the claimant goes out. (Scored one ply ahead, a lie is
// found out in most determinizations: every claim was challenged, the pile
// went back at once and no game of Cheat ever ended.) It asks (Go Fish)
// by what play showed: a player known to hold the rank (a card of it seen
// there, or the player asked for it) for the rank it holds most of, never
// a player known to have none of it. (Scored one ply ahead, its asks were
// no better than random ones: 0.48 of games against random over 200.)
// Every other decision (card play, drawing, naming a suit) is one-ply: each legal move (at most MaxOnePlyMoves of
// them, drawn at random when there are more) is applied to
// Options.Samples determinizations (by default one, drawn once per
// decision and shared by every move), and the resulting positions are
// scored at once, without replies, by value:
//
//	value = 200·reward − 100                       at the end of the game
//	value = q_p − max_{o≠p} q_o + features         otherwise
//
// with q the standing of the heuristic evaluation below. In shedding games
// (a play onto the discard pile, fewest cards wins) the features add 0.25
// per wild card kept and 0.05 per card matching the top discard's rank or
// (named) suit. In trick games (a led-suit trick rule, the winner
// collecting the cards) they add what p expects from the unfinished trick:
// with W the card winning it so far, r its rank value in [0, 1] (1 − r
// under the lowest-card rule) and k the players still to play, the winner
// of W is taken to keep the trick with probability r^k and then gains
//
//	S = Σ_{c in trick} w(c) + w_trick + k·w̄
//
// where w(c) is what winning card c adds to the standing (through the
// scoring rules, or the trick count or captured cards the win condition
// counts), w_trick what a trick adds and w̄ the mean w of the unseen cards;
// p adds r^k·S when W is its own card and subtracts r^k·S/(n−1) otherwise.
// Each card p holds with w(c) < 0 (a penalty card) adds 0.3·w(c), and when
// the game has penalty cards each card held subtracts 0.03 times its rank
// value. The move with the best total wins; ties go to a random one.
// Choosing cards one at a time gives ties that are broken at random.
//
// Greedy scores about 0.90 against random in heads-up Crazy Eights and
// about 0.93 in 4-player Hearts against three random players (an even
// share being 0.25); see TestGreedyStrength.
//
// # ISMCTS
//
// ISMCTS is single-observer information-set Monte Carlo tree search
// (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
// Search", IEEE TCIAIG 2012). One tree is searched, over the information
// sets of the player to move (the observer): the root is the present
// information set, an edge is a move — the observer's, or another player's
// as the observer would see it played. Every iteration
//
//  1. draws a new determinization d from the View;
//  2. descends from the root: at a node whose legal moves in d all have a
//     child, it follows the child of largest u(c) below, after adding 1
//     to the availability of every child legal in d;
//  3. expands one legal move of d without a child, chosen at random;
//  4. plays random moves from there (the rollout) — never declining to
//     play in a Play phase when a card can be played — until the game ends,
//     until Options.RolloutCap moves have been played, or — in a game of
//     several hands — until the present hand ends; the heuristic
//     evaluation below stands in for the end (in chip games: every
//     player's share of the chips, stacks and pot contributions, linear
//     in chips);
//  5. adds to every node on the path the reward of the player who chose its
//     move: game.State.Rewards at the end (the winners share 1), so any
//     number of players is handled, each maximising its own reward.
//
// The selection rule is UCB1 with availability counts:
//
//	u(c) = X̄_c + C·√(ln a_c / n_c)
//
// where X̄_c is the mean reward of the player who chose c's move, n_c the
// visits of c, a_c its availability (the visits of its parent at which c's
// move was legal) and C = Options.Exploration.
//
// The move played is the root child visited most (ties: the larger total
// reward). The budget is Options.Iterations iterations per decision, a
// count, so results are reproducible; Options.Time replaces it by a
// wall-clock limit for interactive use. A decision with one legal move is
// played without search. The nodes live in one slice allocated when the
// agent is built (Options.MaxNodes, by default Iterations+1: an iteration
// expands at most one node of its own choosing; a full pool stops the tree
// growing) and reused by every decision; children form linked lists of
// indices, looked up by comparing moves; a search allocates nothing.
//
// # Betting in the search
//
// In chip games every betting decision other than the observer's — in the
// tree and in rollouts — and the observer's own betting decisions in
// rollouts are played by the betting policy: the greedy rule (greedyBet)
// applied to the strength of that player's own cards in the
// determinization (the Monte Carlo strength below, at most 48 deals with
// early stopping checked every 16, cached by the cards it depends on). A
// tree node whose mover plays the policy follows the policy's move (its
// child is added if missing) instead of UCB1. Players thus bet on their own cards, as real
// players do, rather than on an average over every hand the observer
// cannot see.
//
// A betting decision of the observer at the root is chosen by policy
// rollouts with common random numbers: each iteration draws one
// determinization and plays every legal move of the bet menu from it, the
// rest of the hand following the policy, so the moves are compared on the
// same hidden cards and the same cards to come; the budget counts
// rollouts (Iterations/k determinizations for k moves; a fold is rolled
// out once, since what the folder keeps does not depend on the cards) and
// the move of the best mean reward wins. The search stops before the
// budget once the decision is settled: after at least 8 determinizations,
// when the best move's mean leads every other move's by 2.5 standard
// errors of their paired difference (or the two never differ). When the
// observer faces a bet or raise of the present round, the raiser's hand is
// the strongest of k hands drawn among the cards hidden from both players,
// k ≈ 1/f with f the raiser's share of bets and raises among its betting
// actions in the observation's log (the last 16 actions, over several
// hands), shrunk towards 1 in 5 by a prior of one bet or raise in five
// actions: k = round((a+5)/(r+1)) for r bets and raises in a actions,
// 1 ≤ k ≤ 24. That hand changes places with the raiser's cards
// in the determinization (game.State.SwapHidden). A player who rarely
// raises is given a strong hand, one who raises at every turn a wide
// range. Strengths are cached (4,096 entries, direct-mapped by hand,
// board and seen cards), enough for every hand an opponent may hold on
// one board.
//
// From 400 iterations per decision (the ladder's top rung at B = 100 and
// above; not with a time budget), in games whose showdown ranks high cards
// (Betting War) and in hold'em, the search also models how often each
// other player folds to a bet (the fold model): in the rollouts a player
// facing a bet folds when its strength, read as its hand's percentile,
// lies below t = (F + 2·t₀)/(N + 2), with F folds in N decisions facing a
// bet (folds, calls, raises) of that player in the observation's log and
// t₀ the betting rule's threshold (MediumHand, or StrongHand facing a bet
// of its whole stack); above t it plays as the rule does, calling where
// the rule would fold. With no decision seen it is the rule. A player who
// folds to most bets is bluffed; one who never folds is not. In poker
// draw games it is on from 40 iterations (drawModelMin): a closed hand's
// equity against one random hand is its percentile. In hold'em the
// strength, an equity against one random hand, is read as a percentile
// too; there the model is what makes the top rung stronger than the one
// below it (one ismcts:800 against five ismcts:200 at six players, and
// 6-max's top step at two; docs/agents.md). In Omaha it is off.
//
// What was tried, and what it gave (search against greedy, heads-up
// no-limit hold'em unless said otherwise, ismcts:200):
//
//   - the plain search (UCB1 over the bet menu, random rollouts to the end
//     of the game): 0.28 of games over 40 games, −10.6 chips per hand;
//     its rewards differ by less than a hundredth between bet sizes while
//     C is 0.7, so the choice among them was nearly uniform, and its
//     opponents' nodes could not condition on their own cards, so a shove
//     seemed to fold them out whatever they held;
//   - the betting policy for the other players' betting decisions in the
//     tree and in rollouts, rollouts ending at the end of the hand with
//     chip shares as rewards: 0.53 over 40 games;
//   - policy rollouts with common random numbers at the root: 0.54 over
//     100 games (+16 chips a game);
//   - the raiser's hand drawn among the policy's raising hands: 0.67 over
//     200 games (+68 chips a game);
//   - the preflop table, a fast generator and a single evaluation of the
//     player's hand on the river for the Monte Carlo strengths, the
//     raiser's hand swapped in instead of whole determinizations redrawn
//     (before, 16 draws each with its own Monte Carlo strength found a
//     raising hand before the flop about a third of the time: only pairs
//     of nines and better are above 0.7), folds rolled out once
//     (ismcts:200): 0.740 [0.675, 0.796] over 200 games, +4.6 chips per
//     hand, a game against greedy costing about a quarter of the CPU time
//     it did;
//   - the raiser's range from its observed aggression (above) instead of
//     the first drawn hand above StrongHand: search against search games
//     last about 16 hands instead of 100 to 250 (each searcher shoved any
//     hand, since the other was modelled as folding all but strong hands,
//     and folded to the other's shoves, read as strong hands);
//   - the early stop and 48-deal policy strengths (96 before): 1.45× the
//     rollouts per CPU second, and a fifth (ismcts:200) to a third
//     (ismcts:800) fewer rollouts per decision (BenchmarkISMCTSBetting);
//   - tried at the top rung and dropped, none stronger (ismcts:800
//     against ismcts:200, 200 games each): extra bet sizes
//     (2×, ⅓, ¾ and 1.5× the pot) added as the budget grows, progressive
//     widening: 0.555 [0.486, 0.622] with four, 0.550 [0.481, 0.617] with
//     two, against 0.580 [0.511, 0.646] without; the hand of an opponent
//     who checked or called redrawn to fit that action (up to
//     Iterations/200 − 1 tries): 0.495 [0.426, 0.564]; no early stop:
//     0.515 [0.446, 0.583].
//
// The hand-building decisions of two chip games follow rules in the tree
// (other players) and in rollouts (every player): the discards of a poker
// draw game are greedy's (house.DrawEvaluator's), and a draw decision of
// a point-total game (blackjack's hit or stand) follows the hit rule: with
// p the player's points at the point limit L and t the most points at most
// L another player in the hand shows, draw when p < t, or when p < L − 4
// and some other player in the hand is not known to be over L; else stand.
// Played at random in rollouts, a hand was broken up or hit past the limit
// at random, and the search valued its bets as those of random draws. The
// observer's own discards are greedy's; its hit or stand is chosen like a
// betting decision, by paired rollouts (choosePaired), the rest of the
// hand following the rules (in a tree whose nodes are moves, the decision
// after a hit is one node for every card drawn, so the tree planned the
// second hit blind to the first card).
//
// In claim phases (Cheat) the search compares whole claims instead of
// growing a tree over single card choices (in a determinization the
// claimed cards are dealt, so the other players of the tree see every lie
// and uniform deals make most claims look false). The plans are the honest
// claim (every card of the rank to claim held) and that claim with one,
// two, … cards of other ranks added, those whose rank comes to the player
// last first; each iteration draws one determinization and plays every
// plan from it, every player, the searcher included, then following the
// greedy claim rule. Determinizations follow that rule for the last claim
// too: a deal in which the claimant holds a number of cards of the claimed
// rank other than the count claimed (and not none with a one-card claim)
// is drawn again, up to 8 times, and the claimant's cards of the rank are
// swapped into the claim. Challenges follow the greedy rule: decided by
// rollouts, the search challenged true claims and picked the pile up
// (0.41 of games against two greedy players over 150, against 0.67 with
// the rule). Tried before and dropped: the claim rule as the other
// players' policy in the tree, with claims made honest whenever cards of
// the rank were hidden (1 of 30 games).
//
// Determinizations respect what play showed everyone
// (game.Observation.Lacks, HoldsRank, Room): a player who did not follow
// suit or had none of a rank asked for is dealt none of those cards (of
// the rank, no more than it has drawn face down since), one who asked for
// a rank holds one. An ask (Go Fish) is chosen by its chance of another
// turn (the target holds the rank, or the card fished is of it), estimated
// over one determinization per iteration: among the asks the greedy ask
// rule scores best, and among every ask once the stock is down to four
// cards (the player to move when the stock runs out takes every rank
// still split between the hands). There the other player is also dealt
// none of the ranks it knows the searcher holds, beyond the cards it drew
// since its last failed ask: the greedy rule would have asked for them.
// From 16 iterations on, an ask scores its chance of another turn plus the
// number of cards it is expected to take (the target's cards of the rank).
// See chooseAsk. With two players, a stock of six cards or fewer and a
// budget of at least 64 iterations per legal ask (32 particles; from
// ismcts:400 at six asks or fewer), the asks are chosen by an expectimax
// over the searcher's information sets instead: particles played on with
// the greedy rule for the other player, grouped by what the searcher
// observes, its later asks by a rule that reads only its observation,
// within the iteration budget counted in simulations. See chooseAskEnd.
//
// # Heuristic evaluation
//
// A position that has not ended is rated by the standing q_i of every
// player under the game's first win condition, in units of a temperature T
// of that condition:
//
//	empty_hand, last_with_cards_loses   −cards in hand             T = 2
//	capture_all                         cards in hand and won      T = max(2, deck/8)
//	high_score, first_to_score          projected score            T = max(2, |threshold|/10), else 5
//	low_score                           −projected score           (as above)
//	most_tricks                         tricks this hand           T = 1.5
//	best_hand                           score                      T = 1
//	most_chips, last_with_chips         (stack + committed)/start  T = 0.25
//	last_standing                       as most_chips, or cards held without chips
//
// where the projected score adds to the score what the scoring rules would
// give if the hand ended now (cards won, cards in hand, tricks, going out).
// An eliminated player has q = −∞. The rewards are the softmax
//
//	reward_i = exp(q_i) / Σ_j exp(q_j)
//
// so they sum to 1 as the game's own rewards do.
//
// # House players
//
// House adapts the strategy module of sim/agent/house: a betting decision
// becomes a house.Situation (the hole and board cards, the opponents still
// in the hand, the betting options as a betting.Legal, pot, call, stack,
// big blind — or the first round's minimum bet —, position, the betting
// round and, in draw games, the next draw's limits) with the class Holdem
// (two hole cards), Omaha (4 to 6) or Draw (5 to 7 closed cards) when the
// game's showdown is poker_high without wild cards or jokers, and otherwise
// a class named after the showdown ("generic", "high_card",
// "point_total") that the module's default evaluator serves with the greedy
// strength above. The module's action becomes the move of the same kind and
// amount (any legal amount, not only the menu's); should it not be legal,
// the player checks, else folds, else calls. The discards of a draw game's
// selection are the module's discard decision, taken once per selection.
// Any other decision is the greedy one-ply heuristic's. LastDecision
// returns the module's last decision with its reasoning and confidence.
//
// # Strength and speed
//
// Heads-up Crazy Eights (the seed game: five cards; a player may play a
// matching card or decline and draw until able, as in the usual rules),
// seats alternating, 1,000 iterations: ISMCTS scores about 0.95 against
// random over 400 games and about 0.6 against greedy (TestISMCTSStrength asks
// for at least 0.8 and more than 0.5). When play is compulsory for a player
// who can play, the game leaves little room for skill: ISMCTS then scores only
// about 0.7 against random, and even a search that sees the opponent's hand
// and the stock reaches 0.95 only. In 3-player Crazy Eights ISMCTS (300
// iterations) scores about 0.84 against two random players, a third being
// even.
//
// Measured with go test -bench . -cpu 1 on one core of the 2-core Xeon
// this was written on, under load from other processes (figures vary by a
// quarter with the load):
//
//	BenchmarkISMCTS (2-player Crazy Eights)  175,000–267,000 iterations per CPU second, 0 allocs
//	                                         (1.2 times as many as before rollouts stopped declining plays)
//	BenchmarkRandom                          about 30 million moves/s
//	BenchmarkGreedy                          200,000–300,000 moves/s (card play), 100,000 (hold'em), 20,000 (Omaha)
//	BenchmarkHouse                           400,000 moves/s (hold'em), 60,000 (Omaha), 900,000 (draw)
package agent
