// Package stats counts positional poker statistics — who made which
// maneuver in position (IP) or out of position (OOP), who faced it and how
// it ended — from a hand's betting, as the positional-stats spec defines
// them. It feeds on the betting events of a hand while it is played (the
// game engine) or after the fact (a PHH hand history, FromPHH), and its
// totals give metrics and a fitness feature vector.
//
// # Input
//
// A Tracker takes, in order: OnHandStart(Setup) with the stacks, antes,
// blinds and button seat; OnRoundStart(RoundConfig) for each betting round
// (round 0 plays the role of preflop, later rounds are the streets, so an
// evolved game with any number of rounds fits); OnAction(Action) for each
// fold, check, call, bet or raise (raise-to street totals); OnHandEnd with
// what each seat collected from the pots. A Log holds the same events as a
// value and Tracker.Play feeds it. Feeding allocates nothing.
//
// The tracker keeps the chips itself: it derives the chips each action adds,
// who is all-in, the uncalled bet returned, and whether raising is open. A
// player may raise (and so has an opportunity for a raising maneuver) when
// another player can still act and has chips beyond the table bet, its
// stack exceeds the call, the round's
// raise cap (RoundConfig.MaxRaises, fixed limit) is not reached, and either
// it has not acted in the round or the table bet rose by at least the last
// full raise increment since it last acted. A short all-in raise is an
// aggression but does not reopen raising for players who already acted;
// consecutive short all-ins that add up to a full raise do. These are the
// rules of engine/betting, and the tests check the two agree on every
// decision of the PHH fixtures.
//
// # Positions
//
// Position is the order of the rounds after the first: from the first seat
// dealt in after the button (position 0) to the button (acts last);
// heads-up the button is the small blind and acts last after the first
// round. In the first round position is this projected order among the
// players still in; in later rounds it is the actual order on the street.
// Two rules are used:
//
//	pairwise:      p is IP against q  ⇔  pos[p] > pos[q]
//	last to act:   p is IP            ⇔  pos[p] > pos[q] for every other player q
//	                                     who can still act (not folded, not all-in)
//
// # Stats
//
// Stats are counts, indexed by the Stat enum (a fixed array, Counts) and
// named as the spec spells them. The non-positional ones:
//
//	hands                        hands dealt in
//	success                      hands in which the player won a pot (the spec's success flag)
//	aggressor                    hands in which the player made the last bet or raise
//	aggressor_in_position        … and made it in position (last to act)
//	showdowns                    hands the player took to a showdown
//	hands_ip, hands_oop          two or more players left after the first round, the player among
//	                             them, last to act after it (ip) or not (oop)
//	limp_opportunities           first round, no raise yet, facing the blind, able to call it in full
//	limps                        … and called (over-limps count: "folded to" is read as "no raise yet")
//	preflop_raise_opportunities  first round, no raise yet, able to raise
//	preflop_raises               … and raised (the open raise)
//	aggressions                  bets and raises
//	aggressions_in_position      … made in position (last to act)
//	aggression_takedowns         … that everyone folded to
//	challenges                   bets and raises faced (one per decision against the last aggressor)
//	challenges_in_position       … faced in position against the aggressor (pairwise)
//	challenge_folds              … folded to
//
// Each maneuver has aggressor stats {maneuver}_{ip|oop}_{opportunities,
// attempts,takedowns} for the sides its aggressor can be on, and defender
// stats {maneuver}_{ip|oop}_{challenges,continues,folds}. An opportunity is
// counted when the player acts in the maneuver's situation; an attempt when
// it makes the maneuver (so attempts ≤ opportunities, on the same side); a
// takedown when every other player folds to that bet or raise in the same
// round, so the aggressor wins without a showdown. Every player who acts
// facing the bet or raise is a defender: one record per defender per
// aggressor, on the defender's own side against that aggressor (pairwise);
// a call or raise continues, a fold folds (continues + folds = challenges).
//
// The maneuvers, with the situation (opportunity), the act (attempt) and the
// aggressor's side:
//
//	three_bet        round 0, exactly one raise, raising open; raise; pairwise vs the opener
//	squeeze          as three_bet, with at least one caller of the open; pairwise vs the opener
//	squeeze_strict   the same opportunities and attempts; IP only when behind the opener and
//	                 every caller (the same as squeeze whenever the first round follows seat
//	                 order); aggressor stats only
//	four_bet         round 0, the last raise is a three-bet; raise; pairwise vs the three-bettor
//	five_bet         round 0, the last raise is a four-bet; raise; pairwise vs the four-bettor
//	steal            round 0 with blinds, everyone before folded, the player is CO, BTN or SB
//	                 (CO: the position before the button with four or more players; SB:
//	                 position 0 with three or more; heads-up the button), able to raise;
//	                 raise. Default, blinds-centric: IP when behind both blinds (CO, BTN,
//	                 heads-up button), so the SB is OOP; only the blinds defend.
//	steal_strict     the same opportunities and attempts, behind-seat: BTN IP, SB OOP, CO IP
//	                 only when the button folds to it (decided at the button's answer); every
//	                 player facing it defends
//	open_shove       no bet or raise yet in the round, able to bet; the bet or raise is
//	                 all-in; last to act
//	shove            a raising maneuver's situation (any bet or raise to face, raising open);
//	                 the raise is all-in; the side of the maneuver it also is (three_bet …,
//	                 raise_vs_cbet, raise_vs_bet, check_raise), else pairwise vs the raised
//	cbet             round 1, the preflop aggressor, no bet yet; bet; last to act
//	delayed_cbet     round 2, the preflop aggressor, round 1 had no bet, no bet yet; bet;
//	                 last to act
//	double_barrel    round 2, the player c-bet round 1 and was its last aggressor, no bet
//	                 yet; bet; last to act
//	triple_barrel    round 3, the player c-bet round 1 and was the last aggressor of rounds
//	                 1 and 2, no bet yet; bet; last to act
//	donk_bet         round ≥ 1, no bet yet, the previous round's last aggressor can still act
//	                 and comes after the player; bet; always OOP
//	probe_bet        round ≥ 2, the previous round had no bet, the hand's last aggressor
//	                 (who checked it) can still act and comes after the player, no bet yet;
//	                 bet; always OOP
//	check_raise      round ≥ 1, the player checked earlier in the round and faces a bet,
//	                 raising open; raise; always OOP
//	raise_vs_cbet    round ≥ 1, the round's only aggression is a c-bet, raising open; raise;
//	                 pairwise vs the c-bettor
//	raise_vs_bet     round ≥ 1, the round's only aggression is a bet that is no c-bet (a
//	                 donk, probe, barrel, …), raising open; raise; pairwise vs the bettor
//	float            round ≥ 1, facing the round's only bet, made by the previous round's last
//	                 aggressor, in position against it; call; always IP (opportunities and
//	                 attempts only)
//	float_bet        round ≥ 2, the player floated the previous round's last aggressor, who
//	                 checked this round, no bet yet; bet; always IP
//
// One action can be several maneuvers at once, each counted with its own
// side: a squeeze is a three_bet too, a c-bet all-in is a cbet and an
// open_shove, a four-bet all-in a four_bet and a shove (the shove taxonomy),
// a check-raise of a c-bet a check_raise and a raise_vs_cbet. A maneuver
// that needs a round the game does not have never gets an opportunity.
//
// # Metrics and features
//
// ComputeMetrics derives from Totals the sums that replace the old base
// stats (three_bets = three_bet_ip_attempts + three_bet_oop_attempts,
// three_bet_folds, …) and the rates (attempt, takedown, fold-to, IP − OOP
// difference); the formulas are in its documentation. A rate with a zero
// denominator is absent (null in JSON), never NaN. FeaturesOf turns an
// Aggregator into the fitness feature vector (see Feature for the names and
// ranges).
package stats
