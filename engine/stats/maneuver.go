package stats

import "math/bits"

//go:generate go run gen.go

// Maneuver is one positional maneuver of the spec. Its stats are named
// {maneuver}_{ip|oop}_{opportunities|attempts|takedowns} for the aggressor
// and {maneuver}_{ip|oop}_{challenges|continues|folds} for the defenders.
type Maneuver uint8

// The maneuvers, in the order of their stats.
const (
	ThreeBet      Maneuver = iota // three_bet: the second raise of the first round
	Squeeze                       // squeeze: a three-bet after the open was called; IP against the opener
	SqueezeStrict                 // squeeze_strict: the same three-bets, IP only behind the opener and every caller
	FourBet                       // four_bet: the third raise of the first round
	FiveBet                       // five_bet: the fourth raise of the first round
	Steal                         // steal: the open from CO, BTN or SB, blinds-centric position (default)
	StealStrict                   // steal_strict: the same opens, behind-seat position
	OpenShove                     // open_shove: all-in as the first aggression of a round
	Shove                         // shove: all-in as a re-raise
	Cbet                          // cbet: the preflop aggressor's bet in the second round
	DelayedCbet                   // delayed_cbet: the preflop aggressor's bet in the third round after a checked second round
	DoubleBarrel                  // double_barrel: the c-bettor bets again in the third round
	TripleBarrel                  // triple_barrel: the c-bettor bets again in the fourth round
	DonkBet                       // donk_bet: a lead into the previous round's aggressor; always OOP
	ProbeBet                      // probe_bet: a lead after the aggressor checked the previous round; always OOP
	CheckRaise                    // check_raise: a raise by a player who checked in the same round; always OOP
	RaiseVsCbet                   // raise_vs_cbet: a raise of a c-bet
	RaiseVsBet                    // raise_vs_bet: a raise of any other first bet of a later round
	Float                         // float: an in-position call of the previous round's aggressor's bet
	FloatBet                      // float_bet: the floater's bet after the aggressor checked; always IP

	// NumManeuvers is the number of maneuvers.
	NumManeuvers
)

// Side is a position: in position or out of position.
type Side uint8

// The two sides.
const (
	IP  Side = iota // in position: acts later after the first round
	OOP             // out of position
)

// String returns "ip" or "oop".
func (s Side) String() string {
	if s == IP {
		return "ip"
	}
	return "oop"
}

// Counter is one of the six per-maneuver counters.
type Counter uint8

// The counters: three for the aggressor, three for each defender.
const (
	Opportunities Counter = iota // the player could make the maneuver
	Attempts                     // the player made it
	Takedowns                    // everyone else folded to it in that betting round
	Challenges                   // the player faced it (one per defender per aggressor)
	Continues                    // the player called or raised it
	Folds                        // the player folded to it
	numCounters
)

var counterNames = [numCounters]string{"opportunities", "attempts", "takedowns", "challenges", "continues", "folds"}

// String returns the counter's name as it appears in stat names.
func (c Counter) String() string {
	if c < numCounters {
		return counterNames[c]
	}
	return "counter(?)"
}

// maneuverSpec says which stats a maneuver has.
type maneuverSpec struct {
	name, plural string
	ip, oop      bool // aggressor sides that exist
	takedowns    bool // the maneuver can take the pot down
	defender     bool // the maneuver has defender stats
}

var maneuverSpecs = [NumManeuvers]maneuverSpec{
	ThreeBet:      {"three_bet", "three_bets", true, true, true, true},
	Squeeze:       {"squeeze", "squeezes", true, true, true, true},
	SqueezeStrict: {"squeeze_strict", "squeezes_strict", true, true, true, false},
	FourBet:       {"four_bet", "four_bets", true, true, true, true},
	FiveBet:       {"five_bet", "five_bets", true, true, true, true},
	Steal:         {"steal", "steals", true, true, true, true},
	StealStrict:   {"steal_strict", "steals_strict", true, true, true, true},
	OpenShove:     {"open_shove", "open_shoves", true, true, true, true},
	Shove:         {"shove", "shoves", true, true, true, true},
	Cbet:          {"cbet", "cbets", true, true, true, true},
	DelayedCbet:   {"delayed_cbet", "delayed_cbets", true, true, true, true},
	DoubleBarrel:  {"double_barrel", "double_barrels", true, true, true, true},
	TripleBarrel:  {"triple_barrel", "triple_barrels", true, true, true, true},
	DonkBet:       {"donk_bet", "donk_bets", false, true, true, true},
	ProbeBet:      {"probe_bet", "probe_bets", false, true, true, true},
	CheckRaise:    {"check_raise", "check_raises", false, true, true, true},
	RaiseVsCbet:   {"raise_vs_cbet", "raises_vs_cbet", true, true, true, true},
	RaiseVsBet:    {"raise_vs_bet", "raises_vs_bet", true, true, true, true},
	Float:         {"float", "floats", true, false, false, false},
	FloatBet:      {"float_bet", "float_bets", true, false, true, true},
}

// String returns the maneuver's name as it appears in stat names
// ("three_bet", "raise_vs_cbet").
func (m Maneuver) String() string {
	if m < NumManeuvers {
		return maneuverSpecs[m].name
	}
	return "maneuver(?)"
}

// HasSide reports whether the maneuver's aggressor can be on side s. Donk
// bets, probe bets and check-raises are always OOP, floats and float bets
// always IP.
func (m Maneuver) HasSide(s Side) bool {
	if m >= NumManeuvers {
		return false
	}
	if s == IP {
		return maneuverSpecs[m].ip
	}
	return maneuverSpecs[m].oop
}

// HasDefender reports whether the maneuver has defender stats.
func (m Maneuver) HasDefender() bool { return m < NumManeuvers && maneuverSpecs[m].defender }

// HasTakedowns reports whether the maneuver has takedown stats.
func (m Maneuver) HasTakedowns() bool { return m < NumManeuvers && maneuverSpecs[m].takedowns }

// StatOf returns the stat counting counter c of maneuver m on side s
// (ThreeBet, IP, Attempts → ThreeBetIPAttempts), or NoStat when the
// maneuver has no such stat.
func StatOf(m Maneuver, s Side, c Counter) Stat {
	if m >= NumManeuvers || s > OOP || c >= numCounters {
		return NoStat
	}
	return maneuverStats[m][s][c]
}

// maneuver bit masks.
type mset uint32

func bit(m Maneuver) mset { return 1 << m }

func (s mset) has(m Maneuver) bool { return s&(1<<m) != 0 }

// first returns the lowest maneuver of a non-empty set.
func (s mset) first() Maneuver { return Maneuver(bits.TrailingZeros32(uint32(s))) }

// masks of the maneuvers with defender and takedown stats.
var defenderManeuvers, takedownManeuvers = func() (d, t mset) {
	for m := Maneuver(0); m < NumManeuvers; m++ {
		if maneuverSpecs[m].defender {
			d |= bit(m)
		}
		if maneuverSpecs[m].takedowns {
			t |= bit(m)
		}
	}
	return d, t
}()

const (
	// raiseManeuvers are made by a bet or raise; Float is made by a call.
	raiseManeuvers = mset(1<<NumManeuvers-1) &^ (1 << Float)
	// shoveManeuvers need the bet or raise to be all-in.
	shoveManeuvers = 1<<OpenShove | 1<<Shove
)
