// Package house is the house players' strategy: it rates a player's hand
// with an evaluator chosen by game class and picks a legal betting action,
// or the cards to discard, under a configurable style.
//
// The package is pure and deterministic: a decision depends only on the
// Situation (an observation: the player's own cards, the public cards, the
// betting options and the table's numbers), the Config, the evaluators and
// the random source the call is given. Every Player owns its random source
// (NewRand derives one per player from a table seed), so two players' decision
// streams are independent, and re-creating a player with the same seed
// replays its stream.
//
// # Evaluators
//
// A Manager holds one Evaluator per GameClass: HoldemEvaluator,
// OmahaEvaluator (exactly two hole cards and three board cards) and
// DrawEvaluator (with discard selection) are built in, RegisterEvaluator adds
// or replaces one, and a class without one uses DefaultEvaluator. An
// evaluator returns the hand's strength s ∈ [0, 1], its Potential (outs and
// the chance to improve by the showdown, for drawing hands) and, in draw
// games, its discards. Evaluation is budgeted in steps (hand evaluations),
// not time: Config.EvalBudget bounds each call.
//
// # Betting decisions
//
// Let R and C be the raise and call thresholds of Config.Thresholds, both
// scaled by one factor j drawn uniformly from [1 − ρ, 1 + ρ] with ρ =
// Config.Randomization, so R·j and C·j stay within ±ρ of R and C. With the
// betting options of Legal, the pot P and the call c, the pot odds are
// c/(P + c). The rules, in order:
//
//  1. Bluff: a weak hand (s < WeakStrength = 0.3) that may bet or raise does
//     so with probability Config.BluffFrequency (all-in when short-stacked),
//     sized like a medium-strength value bet.
//  2. Short stack (Stack < ShortStackBlinds·BigBlind): all-in if s ≥ R·j,
//     else check if free, else fold.
//  3. Strong (s ≥ R·j): raise, else bet, else (neither open) call or check.
//     Before the last round, a hand with s ≥ SlowPlayThreshold is slow-played
//     (check, or call) with probability (10 − aggression)/18.
//  4. Medium (C·j ≤ s < R·j): facing a bet, call if s or the chance to
//     improve is at least the pot odds, else fold; checked to, bet with
//     probability (aggression − 1)/18 in position (half that out of
//     position), else check.
//  5. Weak (s < C·j): call when the chance to improve is at least the pot
//     odds, else check if free, else fold.
//
// In draw games (class Draw) the player plays Config.ForDraw: two points
// less aggressive and three points tighter, clamped into the ranges; and
// after the last draw, facing a bet, a medium hand below (C·j + R·j)/2
// folds (a bet then shows a made hand). Rated among all five-card hands, a
// draw hand is overstated against opponents who draw and bet: without
// these the default player lost fixed-limit draw to the greedy agent (0.27
// of 300 games), with them it wins about 0.64.
//
// All-in means the largest legal bet or raise (Legal.MaxAmount). Bet sizes
// come from Config.Sizes (smallest, half pot, pot, all-in): a pot-fraction
// bet adds f·P, a pot-fraction raise c + f·(P + c), rounded to whole chips
// and clamped into [Legal.MinAmount, Legal.MaxAmount]. The entry is picked by
// the score σ = 0.35·p + 0.45·(aggression − 1)/9 + 0.2·u with p = (s −
// R·j)/(1 − R·j) for value bets (0 for probes, 0.5 for bluffs) and u
// uniform: entry ⌊σ·k⌋ of the k sizes enabled.
//
// A decision carries its Reason and a confidence in [0, 1]: 0.5 + |s − t|
// capped at 1 for the threshold t nearest s, 0.25 for a bluff, 0.5 plus the
// margin over the pot odds for a draw or a pot-odds fold, and 0 for a
// fallback.
//
// # Fallbacks
//
// Decide always returns a usable decision and reports fallbacks as errors:
// an invalid situation (a card twice, an inconsistent Legal, …) checks if
// legal, else folds; an evaluation that fails or would exceed its budget
// folds (checks when the check is free: folding is not offered then); a
// class without an evaluator uses the default one.
//
// # Names and auto-actions
//
// House players are named HousePlayer<N> (Name, ParseName). A disconnected
// player's auto-action (fold, check_fold, the default, or call_N) is the
// table's: engine/table's AutoAction, where fold always folds.
package house
