package stats

import "testing"

// check is one player's expected counts in a test hand (see expect).
type check struct {
	player string
	want   string
	zero   []Maneuver
}

// Six players by default: p1 SB (position 0), p2 BB (1), p3 UTG (2),
// p4 HJ (3), p5 CO (4), p6 BTN (5). Before the flop p3 acts first, after it
// p1. Stacks 100, blinds 1/2.
var maneuverCases = []struct {
	name   string
	hand   string
	checks []check
}{
	{
		name: "limps and preflop raise opportunities",
		hand: "win=p2: p3 c, p4 f, p5 c, p6 f, p1 c, p2 x / p1 x, p2 x, p3 x, p5 x",
		checks: []check{
			{"p3", "limps=1 limp_opportunities=1 preflop_raises=0 preflop_raise_opportunities=1 showdowns=1 success=0", []Maneuver{Steal, StealStrict}},
			// Behind a limper there is no limp opportunity (SEED-NOTES):
			// only the first player in limps.
			{"p4", "limps=0 limp_opportunities=0 preflop_raise_opportunities=1", nil},
			{"p5", "limps=0 limp_opportunities=0 preflop_raise_opportunities=1", []Maneuver{Steal, StealStrict}},
			{"p1", "limps=0 limp_opportunities=0 preflop_raise_opportunities=1", []Maneuver{Steal, StealStrict}},
			// The big blind does not limp; it can still raise.
			{"p2", "limps=0 limp_opportunities=0 preflop_raise_opportunities=1 showdowns=1 success=1", nil},
		},
	},
	{
		name: "three-bet IP squeeze takedown, multiway defenders",
		hand: "p3 r 6, p4 c, p5 r 24, p6 f, p1 f, p2 f, p3 f, p4 f",
		checks: []check{
			{"p5", "three_bet_ip_opportunities three_bet_ip_attempts three_bet_ip_takedowns " +
				"squeeze_ip_opportunities squeeze_ip_attempts squeeze_ip_takedowns " +
				"squeeze_strict_ip_opportunities squeeze_strict_ip_attempts squeeze_strict_ip_takedowns " +
				"shove_ip_opportunities aggressions=1 aggression_takedowns=1", nil},
			{"p3", "preflop_raises=1 three_bet_oop_challenges three_bet_oop_folds squeeze_oop_challenges squeeze_oop_folds " +
				"four_bet_oop_opportunities shove_oop_opportunities", nil},
			{"p4", "three_bet_ip_opportunities three_bet_oop_challenges three_bet_oop_folds " +
				"squeeze_oop_challenges squeeze_oop_folds four_bet_oop_opportunities shove_ip_opportunities shove_oop_opportunities", nil},
			{"p6", "three_bet_ip_challenges three_bet_ip_folds squeeze_ip_challenges squeeze_ip_folds four_bet_ip_opportunities shove_ip_opportunities", nil},
			{"p1", "three_bet_oop_challenges three_bet_oop_folds squeeze_oop_challenges squeeze_oop_folds four_bet_oop_opportunities shove_oop_opportunities", nil},
			{"p2", "three_bet_oop_challenges three_bet_oop_folds four_bet_oop_opportunities shove_oop_opportunities", nil},
		},
	},
	{
		name: "CO steal, SB three-bets OOP, c-bets OOP and takes it down",
		hand: "p3 f, p4 f, p5 r 6, p6 f, p1 r 20, p2 f, p5 c / p1 b 20, p5 f",
		checks: []check{
			{"p5", "steal_ip_opportunities steal_ip_attempts steal_strict_ip_opportunities steal_strict_ip_attempts " +
				"three_bet_ip_challenges three_bet_ip_continues four_bet_ip_opportunities " +
				"cbet_ip_challenges cbet_ip_folds float_ip_opportunities raise_vs_cbet_ip_opportunities shove_ip_opportunities=2", nil},
			// The button is no blind: it defends only the behind-seat steal.
			{"p6", "steal_strict_ip_challenges steal_strict_ip_folds three_bet_ip_opportunities shove_ip_opportunities", []Maneuver{Steal}},
			{"p1", "steal_oop_challenges steal_oop_continues steal_strict_oop_challenges steal_strict_oop_continues " +
				"three_bet_oop_opportunities three_bet_oop_attempts shove_oop_opportunities " +
				"cbet_oop_opportunities cbet_oop_attempts cbet_oop_takedowns open_shove_oop_opportunities", nil},
			// The big blind faced the three-bet, not the steal.
			{"p2", "three_bet_ip_challenges three_bet_ip_folds four_bet_ip_opportunities shove_ip_opportunities", []Maneuver{Steal, StealStrict}},
		},
	},
	{
		name: "four-bet OOP, five-bet shove IP",
		hand: "p3 r 6, p4 f, p5 f, p6 r 18, p1 f, p2 f, p3 r 50, p6 r 100, p3 f",
		checks: []check{
			{"p3", "four_bet_oop_opportunities four_bet_oop_attempts three_bet_oop_challenges three_bet_oop_continues " +
				"five_bet_oop_challenges five_bet_oop_folds shove_oop_opportunities shove_oop_challenges shove_oop_folds", nil},
			{"p6", "three_bet_ip_opportunities three_bet_ip_attempts four_bet_ip_challenges four_bet_ip_continues " +
				"five_bet_ip_opportunities five_bet_ip_attempts five_bet_ip_takedowns " +
				"shove_ip_opportunities=2 shove_ip_attempts shove_ip_takedowns", []Maneuver{OpenShove, Steal}},
			{"p1", "three_bet_oop_challenges three_bet_oop_folds four_bet_oop_opportunities shove_oop_opportunities", nil},
		},
	},
	{
		name: "four-bet IP against a blind's three-bet",
		hand: "p3 r 6, p4 f, p5 f, p6 f, p1 r 20, p2 f, p3 r 45, p1 f",
		checks: []check{
			{"p3", "four_bet_ip_opportunities four_bet_ip_attempts four_bet_ip_takedowns three_bet_ip_challenges three_bet_ip_continues shove_ip_opportunities", nil},
			{"p1", "three_bet_oop_opportunities three_bet_oop_attempts four_bet_oop_challenges four_bet_oop_folds five_bet_oop_opportunities shove_oop_opportunities=2", nil},
		},
	},
	{
		name: "button open shove takes the blinds",
		hand: "p3 f, p4 f, p5 f, p6 r 100, p1 f, p2 f",
		checks: []check{
			{"p6", "open_shove_ip_opportunities open_shove_ip_attempts open_shove_ip_takedowns " +
				"steal_ip_opportunities steal_ip_attempts steal_ip_takedowns " +
				"steal_strict_ip_opportunities steal_strict_ip_attempts steal_strict_ip_takedowns preflop_raises=1", []Maneuver{Shove}},
			{"p3", "open_shove_oop_opportunities preflop_raise_opportunities=1", []Maneuver{Steal}},
			// The cutoff's behind-seat steal opportunity is OOP: the button did not fold.
			{"p5", "open_shove_oop_opportunities steal_ip_opportunities steal_strict_oop_opportunities", nil},
			{"p1", "open_shove_oop_challenges open_shove_oop_folds steal_oop_challenges steal_oop_folds steal_strict_oop_challenges steal_strict_oop_folds", []Maneuver{Shove}},
			{"p2", "open_shove_oop_challenges open_shove_oop_folds steal_oop_challenges steal_oop_folds steal_strict_oop_challenges steal_strict_oop_folds", nil},
		},
	},
	{
		name: "UTG open shove called; the caller cannot raise",
		hand: "win=p4: p3 r 100, p4 c, p5 f, p6 f, p1 f, p2 f",
		checks: []check{
			{"p3", "open_shove_oop_opportunities open_shove_oop_attempts showdowns=1 success=0", nil},
			{"p4", "open_shove_ip_challenges open_shove_ip_continues showdowns=1 success=1", []Maneuver{ThreeBet, Shove}},
			// p5's stack only covers the call: no raise opportunity.
			{"p5", "open_shove_ip_challenges open_shove_ip_folds", []Maneuver{ThreeBet, Shove}},
		},
	},
	{
		name: "SB steal, BB defends IP",
		hand: "p3 f, p4 f, p5 f, p6 f, p1 r 6, p2 f",
		checks: []check{
			{"p1", "steal_oop_opportunities steal_oop_attempts steal_oop_takedowns " +
				"steal_strict_oop_opportunities steal_strict_oop_attempts steal_strict_oop_takedowns open_shove_oop_opportunities", nil},
			{"p2", "steal_ip_challenges steal_ip_folds steal_strict_ip_challenges steal_strict_ip_folds three_bet_ip_opportunities shove_ip_opportunities", nil},
			// The button folded: the cutoff's behind-seat opportunity is IP.
			{"p5", "steal_ip_opportunities steal_strict_ip_opportunities open_shove_oop_opportunities", nil},
			{"p6", "steal_ip_opportunities steal_strict_ip_opportunities open_shove_ip_opportunities", nil},
		},
	},
	{
		name: "CO steal called by the button: blinds-centric IP, behind-seat OOP",
		hand: "p3 f, p4 f, p5 r 6, p6 c, p1 f, p2 f / p5 b 6, p6 f",
		checks: []check{
			{"p5", "steal_ip_opportunities steal_ip_attempts steal_strict_oop_opportunities steal_strict_oop_attempts " +
				"cbet_oop_opportunities cbet_oop_attempts cbet_oop_takedowns open_shove_oop_opportunities=2", nil},
			{"p6", "steal_strict_ip_challenges steal_strict_ip_continues cbet_ip_challenges cbet_ip_folds float_ip_opportunities " +
				"raise_vs_cbet_ip_opportunities three_bet_ip_opportunities shove_ip_opportunities=2", []Maneuver{Steal}},
		},
	},
	{
		name: "heads-up: the button steals, the big blind three-bets and c-bets OOP",
		hand: "n=2: p2 r 5, p1 r 15, p2 c / p1 b 10, p2 f",
		checks: []check{
			{"p2", "steal_ip_opportunities steal_ip_attempts steal_strict_ip_opportunities steal_strict_ip_attempts " +
				"open_shove_ip_opportunities three_bet_ip_challenges three_bet_ip_continues four_bet_ip_opportunities " +
				"cbet_ip_challenges cbet_ip_folds float_ip_opportunities raise_vs_cbet_ip_opportunities shove_ip_opportunities=2", nil},
			{"p1", "steal_oop_challenges steal_oop_continues steal_strict_oop_challenges steal_strict_oop_continues " +
				"three_bet_oop_opportunities three_bet_oop_attempts shove_oop_opportunities " +
				"cbet_oop_opportunities cbet_oop_attempts cbet_oop_takedowns open_shove_oop_opportunities", nil},
		},
	},
	{
		name: "c-bet, double and triple barrel IP; the big blind could donk each street",
		hand: "p3 f, p4 f, p5 f, p6 r 6, p1 f, p2 c / p2 x, p6 b 8, p2 c / p2 x, p6 b 20, p2 c / p2 x, p6 b 40, p2 f",
		checks: []check{
			{"p6", "cbet_ip_opportunities cbet_ip_attempts double_barrel_ip_opportunities double_barrel_ip_attempts " +
				"triple_barrel_ip_opportunities triple_barrel_ip_attempts triple_barrel_ip_takedowns open_shove_ip_opportunities=4 " +
				"aggressions=4 aggressions_in_position=4 aggressor=1 aggressor_in_position=1 success=1", nil},
			{"p2", "cbet_oop_challenges cbet_oop_continues double_barrel_oop_challenges double_barrel_oop_continues " +
				"triple_barrel_oop_challenges triple_barrel_oop_folds donk_bet_oop_opportunities=3 " +
				"check_raise_oop_opportunities=3 raise_vs_cbet_oop_opportunities raise_vs_bet_oop_opportunities=2 " +
				"steal_oop_challenges steal_oop_continues three_bet_oop_opportunities shove_oop_opportunities=4 " +
				"open_shove_oop_opportunities=3 open_shove_oop_challenges=0", []Maneuver{Float, FloatBet, ProbeBet, DelayedCbet}},
		},
	},
	{
		name: "c-bet OOP raised IP",
		hand: "p3 r 6, p4 f, p5 f, p6 c, p1 f, p2 f / p3 b 8, p6 r 24, p3 f",
		checks: []check{
			{"p3", "cbet_oop_opportunities cbet_oop_attempts raise_vs_cbet_oop_challenges raise_vs_cbet_oop_folds " +
				"open_shove_oop_opportunities=2 shove_oop_opportunities shove_oop_challenges=0", nil},
			{"p6", "cbet_ip_challenges cbet_ip_continues raise_vs_cbet_ip_opportunities raise_vs_cbet_ip_attempts raise_vs_cbet_ip_takedowns " +
				"float_ip_opportunities float_ip_attempts=0 three_bet_ip_opportunities shove_ip_opportunities=2", []Maneuver{CheckRaise, RaiseVsBet}},
		},
	},
	{
		name: "check-raise of a c-bet, then the raiser leads",
		hand: "win=p2: p3 f, p4 f, p5 r 6, p6 f, p1 f, p2 c / p2 x, p5 b 8, p2 r 24, p5 c / p2 b 30, p5 c / p2 x, p5 x",
		checks: []check{
			{"p2", "check_raise_oop_opportunities check_raise_oop_attempts raise_vs_cbet_oop_opportunities raise_vs_cbet_oop_attempts " +
				"donk_bet_oop_opportunities cbet_oop_challenges cbet_oop_continues open_shove_oop_opportunities=3 shove_oop_opportunities=2", []Maneuver{DoubleBarrel, ProbeBet, FloatBet}},
			{"p5", "cbet_ip_opportunities cbet_ip_attempts check_raise_ip_challenges check_raise_ip_continues " +
				"raise_vs_cbet_ip_challenges raise_vs_cbet_ip_continues float_ip_opportunities float_ip_attempts " +
				"raise_vs_bet_ip_opportunities shove_ip_opportunities=2 open_shove_ip_opportunities=2 open_shove_oop_opportunities " +
				"float_bet_ip_opportunities", []Maneuver{DoubleBarrel, DelayedCbet, DonkBet}},
		},
	},
	{
		name: "donk bet takes it down",
		hand: "p3 f, p4 f, p5 f, p6 r 6, p1 f, p2 c / p2 b 6, p6 f",
		checks: []check{
			{"p2", "donk_bet_oop_opportunities donk_bet_oop_attempts donk_bet_oop_takedowns open_shove_oop_opportunities", nil},
			{"p6", "donk_bet_ip_challenges donk_bet_ip_folds raise_vs_bet_ip_opportunities shove_ip_opportunities", []Maneuver{Cbet, Float}},
		},
	},
	{
		name: "a bet behind the aggressor's check is no donk bet",
		hand: "p3 r 6, p4 f, p5 f, p6 c, p1 f, p2 f / p3 x, p6 b 5, p3 f",
		checks: []check{
			{"p6", "open_shove_ip_opportunities", []Maneuver{DonkBet, ProbeBet, FloatBet, Cbet}},
			{"p3", "cbet_oop_opportunities open_shove_oop_opportunities=2 check_raise_oop_opportunities raise_vs_bet_oop_opportunities shove_oop_opportunities", []Maneuver{DonkBet}},
		},
	},
	{
		name: "probe bet after the aggressor checked back",
		hand: "p3 f, p4 f, p5 r 6, p6 f, p1 f, p2 c / p2 x, p5 x / p2 b 6, p5 f",
		checks: []check{
			{"p2", "probe_bet_oop_opportunities probe_bet_oop_attempts probe_bet_oop_takedowns donk_bet_oop_opportunities", []Maneuver{DelayedCbet}},
			{"p5", "probe_bet_ip_challenges probe_bet_ip_folds cbet_ip_opportunities", []Maneuver{DelayedCbet, DonkBet}},
		},
	},
	{
		name: "a bet behind the aggressor is no probe bet; the aggressor's delayed c-bet chance",
		hand: "p3 f, p4 f, p5 f, p6 c, p1 r 8, p2 f, p6 c / p1 x, p6 x / p1 x, p6 b 6, p1 f",
		checks: []check{
			{"p6", "", []Maneuver{ProbeBet, FloatBet, DonkBet, DelayedCbet}},
			{"p1", "cbet_oop_opportunities delayed_cbet_oop_opportunities", []Maneuver{ProbeBet}},
		},
	},
	{
		name: "delayed c-bet IP",
		hand: "p3 f, p4 f, p5 r 6, p6 f, p1 f, p2 c / p2 x, p5 x / p2 x, p5 b 6, p2 f",
		checks: []check{
			{"p5", "cbet_ip_opportunities delayed_cbet_ip_opportunities delayed_cbet_ip_attempts delayed_cbet_ip_takedowns", []Maneuver{ProbeBet}},
			{"p2", "delayed_cbet_oop_challenges delayed_cbet_oop_folds probe_bet_oop_opportunities donk_bet_oop_opportunities", nil},
		},
	},
	{
		name: "float, then float bet",
		hand: "p3 r 6, p4 f, p5 f, p6 c, p1 f, p2 f / p3 b 6, p6 c / p3 x, p6 b 12, p3 f",
		checks: []check{
			{"p6", "float_ip_opportunities float_ip_attempts float_bet_ip_opportunities float_bet_ip_attempts float_bet_ip_takedowns " +
				"cbet_ip_challenges cbet_ip_continues", []Maneuver{ProbeBet, DonkBet}},
			{"p3", "cbet_oop_attempts cbet_oop_opportunities double_barrel_oop_opportunities float_bet_oop_challenges float_bet_oop_folds", []Maneuver{Float}},
		},
	},
	{
		name: "check-raise in a limped pot: OOP check-raiser, defenders on both sides",
		hand: "p3 c, p4 f, p5 f, p6 f, p1 c, p2 x / p1 x, p2 x, p3 b 4, p1 c, p2 r 12, p3 f, p1 f",
		checks: []check{
			{"p2", "check_raise_oop_opportunities check_raise_oop_attempts check_raise_oop_takedowns " +
				"raise_vs_bet_oop_opportunities raise_vs_bet_oop_attempts raise_vs_bet_oop_takedowns " +
				"shove_oop_opportunities", []Maneuver{DonkBet, ProbeBet, Cbet}},
			{"p3", "check_raise_ip_challenges check_raise_ip_folds raise_vs_bet_ip_challenges raise_vs_bet_ip_folds", []Maneuver{Cbet, DonkBet}},
			{"p1", "check_raise_oop_challenges check_raise_oop_folds raise_vs_bet_oop_challenges raise_vs_bet_oop_folds " +
				"check_raise_oop_opportunities=2 raise_vs_bet_oop_opportunities", []Maneuver{Float}},
		},
	},
	{
		name: "raise vs bet IP",
		hand: "p3 c, p4 f, p5 f, p6 f, p1 f, p2 x / p2 b 4, p3 r 12, p2 f",
		checks: []check{
			{"p3", "raise_vs_bet_ip_opportunities raise_vs_bet_ip_attempts raise_vs_bet_ip_takedowns shove_ip_opportunities", []Maneuver{CheckRaise}},
			{"p2", "raise_vs_bet_oop_challenges raise_vs_bet_oop_folds", nil},
		},
	},
	{
		name: "c-bet shove is a c-bet and an open shove",
		hand: "p3 f, p4 f, p5 r 6, p6 f, p1 f, p2 c / p2 x, p5 b 94, p2 f",
		checks: []check{
			{"p5", "cbet_ip_opportunities cbet_ip_attempts cbet_ip_takedowns open_shove_ip_opportunities open_shove_ip_attempts open_shove_ip_takedowns " +
				"open_shove_oop_opportunities", []Maneuver{Shove}},
			{"p2", "cbet_oop_challenges cbet_oop_folds open_shove_oop_challenges open_shove_oop_folds open_shove_oop_opportunities shove_oop_opportunities", nil},
		},
	},
	{
		name: "donk shove is a donk bet and an open shove, OOP",
		hand: "p3 f, p4 f, p5 r 6, p6 f, p1 f, p2 c / p2 b 94, p5 f",
		checks: []check{
			{"p2", "donk_bet_oop_attempts donk_bet_oop_opportunities donk_bet_oop_takedowns open_shove_oop_opportunities open_shove_oop_attempts open_shove_oop_takedowns " +
				"shove_oop_opportunities shove_oop_attempts=0", nil},
		},
	},
	{
		name: "check-raise shove follows the raise-vs-c-bet side",
		hand: "p3 f, p4 f, p5 r 6, p6 f, p1 f, p2 c / p2 x, p5 b 10, p2 r 94, p5 f",
		checks: []check{
			{"p2", "check_raise_oop_opportunities check_raise_oop_attempts check_raise_oop_takedowns " +
				"raise_vs_cbet_oop_opportunities raise_vs_cbet_oop_attempts raise_vs_cbet_oop_takedowns " +
				"shove_oop_opportunities=2 shove_oop_attempts shove_oop_takedowns open_shove_oop_opportunities open_shove_oop_attempts=0", nil},
			{"p5", "shove_ip_challenges shove_ip_folds check_raise_ip_challenges check_raise_ip_folds raise_vs_cbet_ip_challenges raise_vs_cbet_ip_folds", nil},
		},
	},
	{
		name: "three-bet shove",
		hand: "p3 f, p4 f, p5 r 6, p6 r 100, p1 f, p2 f, p5 f",
		checks: []check{
			{"p6", "three_bet_ip_opportunities three_bet_ip_attempts three_bet_ip_takedowns shove_ip_opportunities shove_ip_attempts shove_ip_takedowns", []Maneuver{OpenShove}},
			{"p5", "three_bet_ip_challenges=0 three_bet_oop_challenges three_bet_oop_folds shove_oop_challenges shove_oop_folds", nil},
		},
	},
	{
		name: "short all-in three-bet does not reopen raising for the opener",
		hand: "s=100,100,100,100,100,30: p3 r 20, p4 f, p5 f, p6 r 30, p1 c, p2 f, p3 c",
		checks: []check{
			{"p3", "three_bet_oop_challenges three_bet_oop_continues shove_oop_challenges shove_oop_continues", []Maneuver{FourBet}},
			{"p6", "three_bet_ip_opportunities three_bet_ip_attempts shove_ip_opportunities shove_ip_attempts", nil},
			// A player yet to act may raise.
			{"p1", "four_bet_oop_opportunities three_bet_oop_challenges three_bet_oop_continues", nil},
		},
	},
	{
		name: "a full three-bet reopens raising",
		hand: "s=100,100,100,100,100,60: p3 r 20, p4 f, p5 f, p6 r 60, p1 c, p2 f, p3 c",
		checks: []check{
			{"p3", "four_bet_oop_opportunities three_bet_oop_challenges three_bet_oop_continues", nil},
		},
	},
	{
		name: "two short all-ins add up to a full raise",
		hand: "s=100,40,100,100,100,30: p3 r 20, p4 f, p5 f, p6 r 30, p1 c, p2 r 40, p3 c, p1 c",
		checks: []check{
			{"p3", "five_bet_ip_opportunities four_bet_ip_challenges four_bet_ip_continues", []Maneuver{FourBet}},
			{"p2", "four_bet_oop_opportunities four_bet_oop_attempts", nil},
			// p1 called 30 after the first short all-in: 40 reopens nothing for it.
			{"p1", "four_bet_oop_opportunities four_bet_oop_challenges four_bet_oop_continues", []Maneuver{FiveBet}},
		},
	},
	{
		name: "the raise cap closes raising",
		hand: "cap=3: p3 r 4, p4 r 6, p5 r 8, p6 c, p1 f, p2 f, p3 c, p4 c",
		checks: []check{
			{"p5", "four_bet_ip_opportunities four_bet_ip_attempts", []Maneuver{FiveBet}},
			{"p6", "four_bet_ip_challenges four_bet_ip_continues", []Maneuver{FiveBet, Shove}},
			{"p3", "", []Maneuver{FiveBet}},
		},
	},
	{
		name: "multiway c-bet: one defender record each, pairwise",
		hand: "win=p6: p3 r 6, p4 c, p5 f, p6 c, p1 f, p2 c / p2 x, p3 b 10, p4 f, p6 c, p2 f / p3 x, p6 x / p3 x, p6 x",
		checks: []check{
			{"p3", "cbet_oop_opportunities cbet_oop_attempts", nil},
			{"p4", "cbet_ip_challenges cbet_ip_folds float_ip_opportunities", nil},
			{"p6", "cbet_ip_challenges cbet_ip_continues float_ip_opportunities float_ip_attempts float_bet_ip_opportunities", nil},
			{"p2", "cbet_oop_challenges cbet_oop_folds check_raise_oop_opportunities raise_vs_cbet_oop_opportunities", []Maneuver{Float}},
		},
	},
	{
		name: "three-bet OOP takedown",
		hand: "p3 r 6, p4 f, p5 f, p6 f, p1 r 20, p2 f, p3 f",
		checks: []check{
			{"p1", "three_bet_oop_opportunities three_bet_oop_attempts three_bet_oop_takedowns", nil},
			{"p3", "three_bet_ip_challenges three_bet_ip_folds", nil},
		},
	},
	{
		name: "squeeze OOP takedown",
		hand: "p3 r 6, p4 c, p5 f, p6 f, p1 r 26, p2 f, p3 f, p4 f",
		checks: []check{
			{"p1", "squeeze_oop_opportunities squeeze_oop_attempts squeeze_oop_takedowns " +
				"squeeze_strict_oop_opportunities squeeze_strict_oop_attempts squeeze_strict_oop_takedowns " +
				"three_bet_oop_opportunities three_bet_oop_attempts three_bet_oop_takedowns", nil},
			{"p4", "squeeze_ip_challenges squeeze_ip_folds", nil},
			{"p3", "squeeze_ip_challenges squeeze_ip_folds", nil},
			{"p2", "squeeze_ip_challenges squeeze_ip_folds", nil},
		},
	},
	{
		name: "squeeze OOP called IP",
		hand: "p3 r 6, p4 c, p5 f, p6 f, p1 r 26, p2 f, p3 c, p4 f / p1 b 20, p3 f",
		checks: []check{
			{"p3", "squeeze_ip_challenges squeeze_ip_continues", nil},
			{"p1", "squeeze_oop_opportunities squeeze_oop_attempts cbet_oop_opportunities cbet_oop_attempts cbet_oop_takedowns", nil},
		},
	},
	{
		name: "squeeze IP called OOP",
		hand: "p3 r 6, p4 c, p5 f, p6 r 26, p1 f, p2 c, p3 f, p4 f / p2 x, p6 b 20, p2 f",
		checks: []check{
			{"p6", "squeeze_ip_opportunities squeeze_ip_attempts squeeze_strict_ip_opportunities squeeze_strict_ip_attempts", nil},
			{"p2", "squeeze_oop_challenges squeeze_oop_continues", nil},
			{"p1", "squeeze_oop_challenges squeeze_oop_folds", nil},
			{"p3", "squeeze_oop_challenges squeeze_oop_folds", nil},
		},
	},
	{
		name: "four-bet OOP takedown",
		hand: "p3 r 6, p4 f, p5 f, p6 r 18, p1 f, p2 f, p3 r 45, p6 f",
		checks: []check{
			{"p3", "four_bet_oop_opportunities four_bet_oop_attempts four_bet_oop_takedowns", nil},
			{"p6", "four_bet_ip_challenges four_bet_ip_folds five_bet_ip_opportunities", nil},
		},
	},
	{
		name: "five-bet OOP takedown",
		hand: "p3 f, p4 f, p5 f, p6 r 5, p1 r 15, p2 f, p6 r 35, p1 r 80, p6 f",
		checks: []check{
			{"p1", "five_bet_oop_opportunities five_bet_oop_attempts five_bet_oop_takedowns", nil},
			{"p6", "five_bet_ip_challenges five_bet_ip_folds", nil},
		},
	},
	{
		name: "five-bet OOP called IP",
		hand: "win=p1: p3 f, p4 f, p5 f, p6 r 5, p1 r 15, p2 f, p6 r 35, p1 r 80, p6 c / p1 x, p6 x / p1 x, p6 x / p1 x, p6 x",
		checks: []check{
			{"p6", "five_bet_ip_challenges five_bet_ip_continues", nil},
		},
	},
	{
		name: "five-bet IP called OOP",
		hand: "win=p6: p3 r 6, p4 f, p5 f, p6 r 18, p1 f, p2 f, p3 r 45, p6 r 90, p3 c / p3 x, p6 x / p3 x, p6 x / p3 x, p6 x",
		checks: []check{
			{"p6", "five_bet_ip_opportunities five_bet_ip_attempts", nil},
			{"p3", "five_bet_oop_challenges five_bet_oop_continues", nil},
		},
	},
	{
		name: "SB steal defended IP by the big blind",
		hand: "p3 f, p4 f, p5 f, p6 f, p1 r 6, p2 c / p1 b 6, p2 f",
		checks: []check{
			{"p2", "steal_ip_challenges steal_ip_continues steal_strict_ip_challenges steal_strict_ip_continues cbet_ip_challenges cbet_ip_folds", nil},
			{"p1", "steal_oop_opportunities steal_oop_attempts steal_strict_oop_opportunities steal_strict_oop_attempts " +
				"cbet_oop_opportunities cbet_oop_attempts cbet_oop_takedowns", nil},
		},
	},
	{
		name: "open shove called OOP",
		hand: "win=p2: p3 f, p4 f, p5 f, p6 r 100, p1 f, p2 c",
		checks: []check{
			{"p2", "open_shove_oop_challenges open_shove_oop_continues", nil},
			{"p6", "open_shove_ip_opportunities open_shove_ip_attempts", nil},
		},
	},
	{
		name: "delayed c-bet OOP takedown",
		hand: "p3 f, p4 f, p5 f, p6 c, p1 r 8, p2 f, p6 c / p1 x, p6 x / p1 b 8, p6 f",
		checks: []check{
			{"p1", "delayed_cbet_oop_opportunities delayed_cbet_oop_attempts delayed_cbet_oop_takedowns", nil},
			{"p6", "delayed_cbet_ip_challenges delayed_cbet_ip_folds", nil},
		},
	},
	{
		name: "delayed c-bet OOP, defenders on both sides",
		hand: "win=p3: p3 c, p4 f, p5 f, p6 c, p1 c, p2 r 10, p3 c, p6 c, p1 c / p1 x, p2 x, p3 x, p6 x / " +
			"p1 x, p2 b 10, p3 c, p6 f, p1 c / p1 x, p2 x, p3 x",
		checks: []check{
			{"p2", "delayed_cbet_oop_opportunities delayed_cbet_oop_attempts", nil},
			{"p1", "delayed_cbet_oop_challenges delayed_cbet_oop_continues", nil},
			{"p3", "delayed_cbet_ip_challenges delayed_cbet_ip_continues", nil},
			{"p6", "delayed_cbet_ip_challenges delayed_cbet_ip_folds", nil},
		},
	},
	{
		name: "double and triple barrel OOP",
		hand: "p3 f, p4 f, p5 f, p6 r 5, p1 r 15, p2 f, p6 c / p1 b 10, p6 c / p1 b 20, p6 c / p1 b 30, p6 f",
		checks: []check{
			{"p1", "double_barrel_oop_opportunities double_barrel_oop_attempts " +
				"triple_barrel_oop_opportunities triple_barrel_oop_attempts triple_barrel_oop_takedowns", nil},
			{"p6", "double_barrel_ip_challenges double_barrel_ip_continues triple_barrel_ip_challenges triple_barrel_ip_folds", nil},
		},
	},
	{
		name: "double barrel OOP takedown",
		hand: "p3 f, p4 f, p5 f, p6 r 5, p1 r 15, p2 f, p6 c / p1 b 10, p6 c / p1 b 20, p6 f",
		checks: []check{
			{"p1", "double_barrel_oop_opportunities double_barrel_oop_attempts double_barrel_oop_takedowns", nil},
			{"p6", "double_barrel_ip_challenges double_barrel_ip_folds", nil},
		},
	},
	{
		name: "double barrel IP takedown",
		hand: "p3 f, p4 f, p5 f, p6 r 6, p1 f, p2 c / p2 x, p6 b 6, p2 c / p2 x, p6 b 12, p2 f",
		checks: []check{
			{"p6", "double_barrel_ip_opportunities double_barrel_ip_attempts double_barrel_ip_takedowns", nil},
			{"p2", "double_barrel_oop_challenges double_barrel_oop_folds", nil},
		},
	},
	{
		name: "triple barrel OOP called IP",
		hand: "win=p1: p3 f, p4 f, p5 f, p6 r 5, p1 r 15, p2 f, p6 c / p1 b 10, p6 c / p1 b 20, p6 c / p1 b 30, p6 c",
		checks: []check{
			{"p6", "triple_barrel_ip_challenges triple_barrel_ip_continues", nil},
		},
	},
	{
		name: "triple barrel IP called OOP",
		hand: "win=p2: p3 f, p4 f, p5 f, p6 r 6, p1 f, p2 c / p2 x, p6 b 8, p2 c / p2 x, p6 b 20, p2 c / p2 x, p6 b 40, p2 c",
		checks: []check{
			{"p2", "triple_barrel_oop_challenges triple_barrel_oop_continues", nil},
			{"p6", "triple_barrel_ip_opportunities triple_barrel_ip_attempts", nil},
		},
	},
	{
		name: "donk bet called on both sides",
		hand: "win=p2: p3 f, p4 f, p5 f, p6 r 6, p1 c, p2 c / p1 x, p2 b 10, p6 c, p1 c / p1 x, p2 x, p6 x / p1 x, p2 x, p6 x",
		checks: []check{
			{"p2", "donk_bet_oop_opportunities donk_bet_oop_attempts", nil},
			{"p6", "donk_bet_ip_challenges donk_bet_ip_continues", nil},
			// p1 leads into p6 on the flop and into p2 on the turn.
			{"p1", "donk_bet_oop_opportunities=2 donk_bet_oop_challenges donk_bet_oop_continues", nil},
		},
	},
	{
		name: "donk bet folded to on both sides",
		hand: "p3 f, p4 f, p5 f, p6 r 6, p1 c, p2 c / p1 x, p2 b 10, p6 f, p1 f",
		checks: []check{
			{"p2", "donk_bet_oop_opportunities donk_bet_oop_attempts donk_bet_oop_takedowns", nil},
			{"p1", "donk_bet_oop_opportunities donk_bet_oop_challenges donk_bet_oop_folds", nil},
			{"p6", "donk_bet_ip_challenges donk_bet_ip_folds", nil},
		},
	},
	{
		name: "probe bet called on both sides",
		hand: "win=p6: p3 f, p4 f, p5 f, p6 r 6, p1 c, p2 c / p1 x, p2 x, p6 x / p1 x, p2 b 10, p6 c, p1 c / p1 x, p2 x, p6 x",
		checks: []check{
			{"p2", "probe_bet_oop_opportunities probe_bet_oop_attempts", nil},
			{"p6", "probe_bet_ip_challenges probe_bet_ip_continues", nil},
			{"p1", "probe_bet_oop_opportunities probe_bet_oop_challenges probe_bet_oop_continues", nil},
		},
	},
	{
		name: "probe bet folded to on both sides",
		hand: "p3 f, p4 f, p5 f, p6 r 6, p1 c, p2 c / p1 x, p2 x, p6 x / p1 x, p2 b 10, p6 f, p1 f",
		checks: []check{
			{"p2", "probe_bet_oop_opportunities probe_bet_oop_attempts probe_bet_oop_takedowns", nil},
			{"p1", "probe_bet_oop_opportunities probe_bet_oop_challenges probe_bet_oop_folds", nil},
			{"p6", "probe_bet_ip_challenges probe_bet_ip_folds", nil},
		},
	},
	{
		name: "check-raise called on both sides",
		hand: "win=p2: p3 c, p4 f, p5 f, p6 f, p1 c, p2 x / p1 x, p2 x, p3 b 4, p1 c, p2 r 12, p3 c, p1 c / p1 x, p2 x, p3 x / p1 x, p2 x, p3 x",
		checks: []check{
			{"p2", "check_raise_oop_opportunities check_raise_oop_attempts raise_vs_bet_oop_opportunities raise_vs_bet_oop_attempts", nil},
			{"p1", "check_raise_oop_opportunities=2 check_raise_oop_challenges check_raise_oop_continues " +
				"raise_vs_bet_oop_opportunities raise_vs_bet_oop_challenges raise_vs_bet_oop_continues", nil},
			{"p3", "check_raise_ip_challenges check_raise_ip_continues raise_vs_bet_ip_challenges raise_vs_bet_ip_continues", nil},
		},
	},
	{
		name: "raise of a c-bet called OOP",
		hand: "win=p3: p3 r 6, p4 f, p5 f, p6 c, p1 f, p2 f / p3 b 8, p6 r 24, p3 c / p3 x, p6 x / p3 x, p6 x",
		checks: []check{
			{"p3", "raise_vs_cbet_oop_challenges raise_vs_cbet_oop_continues", nil},
			{"p6", "raise_vs_cbet_ip_opportunities raise_vs_cbet_ip_attempts", nil},
		},
	},
	{
		name: "float bet called on both sides",
		hand: "win=p5: p3 r 6, p4 f, p5 c, p6 c, p1 f, p2 f / p3 b 10, p5 c, p6 c / p3 x, p5 b 20, p6 c, p3 c / p3 x, p5 x, p6 x",
		checks: []check{
			{"p5", "float_ip_opportunities float_ip_attempts float_bet_ip_opportunities float_bet_ip_attempts", nil},
			{"p6", "float_ip_opportunities float_ip_attempts float_bet_ip_challenges float_bet_ip_continues", nil},
			{"p3", "float_bet_oop_challenges float_bet_oop_continues", nil},
		},
	},
	{
		name: "float bet folded to on both sides",
		hand: "p3 r 6, p4 f, p5 c, p6 c, p1 f, p2 f / p3 b 10, p5 c, p6 c / p3 x, p5 b 20, p6 f, p3 f",
		checks: []check{
			{"p5", "float_ip_opportunities float_ip_attempts float_bet_ip_opportunities float_bet_ip_attempts float_bet_ip_takedowns", nil},
			{"p6", "float_ip_opportunities float_ip_attempts float_bet_ip_challenges float_bet_ip_folds", nil},
			{"p3", "float_bet_oop_challenges float_bet_oop_folds", nil},
		},
	},
}

func TestManeuvers(t *testing.T) {
	for _, c := range maneuverCases {
		t.Run(c.name, func(t *testing.T) {
			tr := play(t, c.hand)
			for _, ch := range c.checks {
				expect(t, tr, ch.player, ch.want, ch.zero...)
			}
		})
	}
}
