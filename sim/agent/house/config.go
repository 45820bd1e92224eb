package house

import (
	"errors"
	"fmt"
)

// Config holds the strategy parameters of house players. The zero Config is
// not valid; start from DefaultConfig.
type Config struct {
	// Aggression, 1 (passive) to 10 (aggressive), lowers the raise
	// threshold, enlarges bets, makes medium hands bet more often when
	// checked to and slow-playing rarer.
	Aggression int
	// Tightness, 1 (loose) to 10 (tight), raises the threshold below which
	// a hand is not worth a call.
	Tightness int
	// BluffFrequency, 0.05 to 0.15, is the chance that a weak hand (strength
	// below WeakStrength) bets or raises when it may.
	BluffFrequency float64
	// Randomization, 0 to 0.15, scales both thresholds of every decision by
	// a factor drawn uniformly from [1 − Randomization, 1 + Randomization].
	Randomization float64
	// SlowPlayThreshold, 0.5 to 1, is the strength from which a strong hand
	// may check or call instead of raising, before the last betting round.
	SlowPlayThreshold float64
	// EvalBudget, at least 1, is the number of evaluation steps (hand
	// evaluations) one call to an evaluator may spend; an evaluation that
	// needs more fails and the decision falls back to check or fold.
	EvalBudget int
	// ShortStackBlinds, 0 to 1000, is the stack, in big blinds, below which
	// a player is short-stacked: it goes all-in with a strong hand and
	// otherwise checks or folds. 0 turns the rule off.
	ShortStackBlinds int
	// Sizes is the menu of bet and raise sizes the player chooses from
	// under no-limit and pot-limit; it may not be empty.
	Sizes SizeMenu
}

// The bounds that Validate enforces.
const (
	MinAggression, MaxAggression               = 1, 10
	MinTightness, MaxTightness                 = 1, 10
	MinBluffFrequency, MaxBluffFrequency       = 0.05, 0.15
	MinRandomization, MaxRandomization         = 0, 0.15
	MinSlowPlayThreshold, MaxSlowPlayThreshold = 0.5, 1
	MaxShortStackBlinds                        = 1000
)

// WeakStrength is the strength below which a hand is weak: only weak hands
// bluff.
const WeakStrength = 0.3

// DefaultConfig returns the default strategy: aggression 5, tightness 5,
// bluff frequency 0.10, randomization 0.15, slow-play threshold 0.85, an
// evaluation budget of 100,000 steps, short stack below 10 big blinds and
// every bet size.
func DefaultConfig() Config {
	return Config{
		Aggression:        5,
		Tightness:         5,
		BluffFrequency:    0.10,
		Randomization:     0.15,
		SlowPlayThreshold: 0.85,
		EvalBudget:        100_000,
		ShortStackBlinds:  10,
		Sizes:             AllSizes,
	}
}

// Validate returns nil when every field is in range, or an error joining
// one error per bad field, each naming the field, its value and its range.
func (c Config) Validate() error {
	var errs []error
	if c.Aggression < MinAggression || c.Aggression > MaxAggression {
		errs = append(errs, fmt.Errorf("house: config: aggression %d is outside [%d, %d]",
			c.Aggression, MinAggression, MaxAggression))
	}
	if c.Tightness < MinTightness || c.Tightness > MaxTightness {
		errs = append(errs, fmt.Errorf("house: config: tightness %d is outside [%d, %d]",
			c.Tightness, MinTightness, MaxTightness))
	}
	if !(c.BluffFrequency >= MinBluffFrequency && c.BluffFrequency <= MaxBluffFrequency) {
		errs = append(errs, fmt.Errorf("house: config: bluff_frequency %v is outside [%v, %v]",
			c.BluffFrequency, MinBluffFrequency, MaxBluffFrequency))
	}
	if !(c.Randomization >= MinRandomization && c.Randomization <= MaxRandomization) {
		errs = append(errs, fmt.Errorf("house: config: randomization %v is outside [%v, %v]",
			c.Randomization, MinRandomization, MaxRandomization))
	}
	if !(c.SlowPlayThreshold >= MinSlowPlayThreshold && c.SlowPlayThreshold <= MaxSlowPlayThreshold) {
		errs = append(errs, fmt.Errorf("house: config: slow_play_threshold %v is outside [%v, %v]",
			c.SlowPlayThreshold, MinSlowPlayThreshold, MaxSlowPlayThreshold))
	}
	if c.EvalBudget < 1 {
		errs = append(errs, fmt.Errorf("house: config: eval_budget %d must be at least 1", c.EvalBudget))
	}
	if c.ShortStackBlinds < 0 || c.ShortStackBlinds > MaxShortStackBlinds {
		errs = append(errs, fmt.Errorf("house: config: short_stack_blinds %d is outside [0, %d]",
			c.ShortStackBlinds, MaxShortStackBlinds))
	}
	if c.Sizes == 0 || c.Sizes&^AllSizes != 0 {
		errs = append(errs, fmt.Errorf("house: config: sizes %#x must be a non-empty set of SizeMin, SizeHalfPot, SizePot, SizeAllIn",
			uint8(c.Sizes)))
	}
	return errors.Join(errs...)
}

// Thresholds returns the base thresholds of the strategy, before
// randomization: a hand at least raise strong is played for value, a hand at
// least call is worth a call, a weaker one is not.
//
//	raise = 0.7 − 0.03·(aggression − 5)   (0.82 … 0.55)
//	call  = 0.3 + 0.04·(tightness − 5)    (0.14 … 0.50)
//
// With the default aggression and tightness they are the greedy agent's 0.7
// and 0.3.
func (c Config) Thresholds() (raise, call float64) {
	return 0.7 - 0.03*float64(c.Aggression-5), 0.3 + 0.04*float64(c.Tightness-5)
}

// Draw games shift the strategy: DrawAggressionShift points less
// aggressive and DrawTightnessShift points tighter (see ForDraw).
const (
	DrawAggressionShift = 2
	DrawTightnessShift  = 3
)

// ForDraw returns the strategy a player with configuration c plays in draw
// games (class Draw): DrawAggressionShift points less aggressive and
// DrawTightnessShift points tighter, clamped into the ranges Validate
// enforces. A draw hand's strength is its rank among all five-card hands,
// which overstates it against opponents who draw to made hands and bet
// them: with the configured values the player raised and called down too
// much and lost to the greedy agent in fixed-limit draw (0.27 of 300
// games); shifted (aggression 3, tightness 8 by default) and with the
// last-round rule of decideBet it wins about 0.64.
func (c Config) ForDraw() Config {
	c.Aggression = max(MinAggression, c.Aggression-DrawAggressionShift)
	c.Tightness = min(MaxTightness, c.Tightness+DrawTightnessShift)
	return c
}

// slowPlayChance is the chance that a strong hand above the slow-play
// threshold is slow-played: (10 − aggression)/18, from 0.5 down to 0.
func (c Config) slowPlayChance() float64 {
	return float64(10-c.Aggression) / 18
}

// probeChance is the chance that a medium hand bets when checked to:
// (aggression − 1)/18 in position (0 … 0.5), half that out of position.
func (c Config) probeChance(inPosition bool) float64 {
	p := float64(c.Aggression-1) / 18
	if !inPosition {
		p /= 2
	}
	return p
}

// SizeMenu is a set of bet sizes. Under fixed-limit every bet has one size
// and the menu is not used.
type SizeMenu uint8

// The bet sizes. A pot-fraction bet adds f·P chips to a pot P; a
// pot-fraction raise adds the call C plus f·(P + C), the fraction of the pot
// after the call. Every size is clamped into the legal range.
const (
	SizeMin     SizeMenu = 1 << iota // the smallest legal bet or raise
	SizeHalfPot                      // half the pot
	SizePot                          // the pot
	SizeAllIn                        // the largest legal bet or raise
	AllSizes    = SizeMin | SizeHalfPot | SizePot | SizeAllIn
)
