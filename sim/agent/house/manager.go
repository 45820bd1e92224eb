package house

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
)

// Manager holds a strategy configuration and the evaluators per game class,
// and decides for house players. Its methods that change it (UpdateConfig,
// RegisterEvaluator) must not run concurrently with Decide; Decide itself
// may run in any number of goroutines, each with its own random source.
type Manager struct {
	cfg        Config
	evaluators map[GameClass]Evaluator
	fallback   Evaluator
}

// NewManager returns a manager with cfg, the built-in evaluators for
// Holdem, Omaha and Draw, and DefaultEvaluator for every other class. It
// returns cfg's validation error if cfg is out of range.
func NewManager(cfg Config) (*Manager, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return &Manager{
		cfg: cfg,
		evaluators: map[GameClass]Evaluator{
			Holdem: HoldemEvaluator{},
			Omaha:  OmahaEvaluator{},
			Draw:   DrawEvaluator{},
		},
		fallback: DefaultEvaluator{},
	}, nil
}

// Config returns the current configuration.
func (m *Manager) Config() Config { return m.cfg }

// UpdateConfig replaces the configuration with c if c is valid. Otherwise it
// returns c's validation error and the previous configuration stays.
func (m *Manager) UpdateConfig(c Config) error {
	if err := c.Validate(); err != nil {
		return err
	}
	m.cfg = c
	return nil
}

// RegisterEvaluator makes ev the evaluator of class, replacing any earlier
// one (a built-in one included).
func (m *Manager) RegisterEvaluator(class GameClass, ev Evaluator) error {
	if ev == nil {
		return fmt.Errorf("house: register evaluator for %q: nil evaluator", class)
	}
	m.evaluators[class] = ev
	return nil
}

// Evaluator returns the evaluator registered for class, or the default
// evaluator when there is none.
func (m *Manager) Evaluator(class GameClass) Evaluator {
	if ev, ok := m.evaluators[class]; ok {
		return ev
	}
	return m.fallback
}

// Decide chooses the action (or, when sit.Discard is set, the discards) of
// a house player in sit, drawing its random numbers from rng. See the
// package documentation for the rules.
//
// Decide always returns a usable decision. A non-nil error reports a
// fallback: an invalid situation (ErrInvalidSituation) makes the player
// check if that is legal and fold otherwise; an evaluation that fails
// (ErrUnsupportedHand, ErrBadEvaluation) or would exceed Config.EvalBudget
// (ErrBudgetExceeded) makes it fold, or check when folding is not offered
// because the check is free. A discard decision falls back to discarding
// the lowest MinDiscards cards.
func (m *Manager) Decide(sit Situation, rng *rand.Rand) (Decision, error) {
	if err := sit.validate(); err != nil {
		return fallback(&sit, ReasonInvalidState), err
	}
	ev := m.Evaluator(sit.Class)
	if sit.Discard {
		return m.decideDiscards(&sit, ev)
	}
	s, err := ev.Strength(sit, m.cfg.EvalBudget)
	if err == nil && (math.IsNaN(s) || math.IsInf(s, 0)) {
		err = fmt.Errorf("%w: strength %v", ErrBadEvaluation, s)
	}
	if err != nil {
		return fallback(&sit, evalReason(err)), fmt.Errorf("house: %s strength: %w", sit.Class, err)
	}
	pot, err := ev.Potential(sit, m.cfg.EvalBudget)
	if err == nil && !(pot.Improve >= 0 && pot.Improve <= 1 && pot.Outs >= 0) {
		err = fmt.Errorf("%w: potential %+v", ErrBadEvaluation, pot)
	}
	if err != nil {
		return fallback(&sit, evalReason(err)), fmt.Errorf("house: %s potential: %w", sit.Class, err)
	}
	return decideBet(&m.cfg, &sit, clamp01(s), pot, rng), nil
}

// decideDiscards makes a discard decision.
func (m *Manager) decideDiscards(sit *Situation, ev Evaluator) (Decision, error) {
	d, err := ev.Discards(*sit, m.cfg.EvalBudget)
	if err == nil && (d>>uint(len(sit.Hole)) != 0 || d.Len() < sit.MinDiscards || d.Len() > sit.MaxDiscards) {
		err = fmt.Errorf("%w: discards %v of %d cards, %d..%d allowed",
			ErrBadEvaluation, d, len(sit.Hole), sit.MinDiscards, sit.MaxDiscards)
	}
	if err != nil {
		f := fallback(sit, evalReason(err))
		return f, fmt.Errorf("house: %s discards: %w", sit.Class, err)
	}
	dec := Decision{Draw: true, Discards: d, Reasoning: ReasonDiscard}
	if s, err := ev.Strength(*sit, m.cfg.EvalBudget); err == nil && !math.IsNaN(s) {
		dec.Strength = clamp01(s)
	}
	if p, err := ev.Potential(*sit, m.cfg.EvalBudget); err == nil && p.Improve >= 0 && p.Improve <= 1 && p.Outs >= 0 {
		dec.Outs, dec.Improve = p.Outs, p.Improve
	}
	dec.Confidence = clamp01(0.5 + math.Abs(dec.Strength-0.5))
	return dec, nil
}

// evalReason maps an evaluation error to the reason of its fallback.
func evalReason(err error) Reason {
	if errors.Is(err, ErrBudgetExceeded) {
		return ReasonBudgetExceeded
	}
	return ReasonEvalFailed
}

// fallback returns the decision of the error fallbacks: for a discard
// decision, the lowest MinDiscards cards; for a betting one, check if legal,
// else fold.
func fallback(sit *Situation, why Reason) Decision {
	if sit.Discard {
		d := Decision{Draw: true, Reasoning: why}
		if sit.MinDiscards >= 0 && sit.MinDiscards <= len(sit.Hole) && len(sit.Hole) <= MaxHoleCards {
			d.Discards = discardLowest(sit.Hole, sit.MinDiscards)
		}
		return d
	}
	return Decision{Action: passive(&sit.Legal), Reasoning: why}
}

// passive returns check if it is legal, else fold; when neither is open, a
// call if that is, else the zero Action.
func passive(l *betting.Legal) betting.Action {
	switch {
	case l.CanCheck:
		return betting.Action{Kind: betting.Check}
	case l.CanFold:
		return betting.Action{Kind: betting.Fold}
	case l.CanCall:
		return betting.Action{Kind: betting.Call, Amount: l.CallAmount}
	}
	return betting.Action{}
}

// decideBet applies the betting rules of the package documentation to a
// hand of strength s with potential pot. It draws exactly five numbers
// from rng.
func decideBet(cfg *Config, sit *Situation, s float64, pot Potential, rng *rand.Rand) Decision {
	uJitter, uBluff, uSlow, uProbe, uSize := rng.Float64(), rng.Float64(), rng.Float64(), rng.Float64(), rng.Float64()
	if sit.Class == Draw {
		dc := cfg.ForDraw()
		cfg = &dc
	}
	raiseBase, callBase := cfg.Thresholds()
	j := 1 + cfg.Randomization*(2*uJitter-1)
	raiseT, callT := raiseBase*j, callBase*j
	l := &sit.Legal
	canAggress := l.CanBet || l.CanRaise
	// Stack < BigBlind·N, written so that it cannot overflow.
	short := cfg.ShortStackBlinds > 0 && sit.BigBlind > 0 &&
		sit.Stack/chips.Chips(cfg.ShortStackBlinds) < sit.BigBlind
	d := Decision{Strength: s, Outs: pot.Outs, Improve: pot.Improve}
	odds := 0.0
	if l.CanCall {
		odds = float64(l.CallAmount) / float64(sit.Pot+l.CallAmount)
	}
	nearest := callT
	if math.Abs(s-raiseT) < math.Abs(s-callT) {
		nearest = raiseT
	}
	d.Confidence = clamp01(0.5 + math.Abs(s-nearest))

	switch {
	case s < WeakStrength && canAggress && uBluff < cfg.BluffFrequency:
		d.Reasoning, d.Confidence = ReasonBluff, 0.25
		if short {
			d.Action = allIn(l)
		} else {
			d.Action = aggressive(cfg, sit, 0.5, uSize)
		}
	case short:
		if s >= raiseT {
			d.Reasoning, d.Action = ReasonShortStackAllIn, allIn(l)
		} else {
			d.Reasoning, d.Action = ReasonShortStackFold, passive(l)
		}
	case s >= raiseT:
		if s >= cfg.SlowPlayThreshold && sit.Round < sit.Rounds-1 && uSlow < cfg.slowPlayChance() {
			d.Reasoning, d.Action = ReasonSlowPlay, checkOrCall(l)
			break
		}
		d.Reasoning = ReasonStrong
		if canAggress {
			d.Action = aggressive(cfg, sit, (s-raiseT)/(1-raiseT), uSize)
		} else {
			d.Action = checkOrCall(l)
		}
	case s >= callT:
		switch {
		case l.CanCall && sit.Class == Draw && sit.DrawsLeft == 0 && s < (callT+raiseT)/2:
			// After the last draw a bet shows a made hand: a medium
			// hand in the lower half of the calling range folds.
			d.Reasoning, d.Action = ReasonWeak, passive(l)
		case l.CanCall && (s >= odds || pot.Improve >= odds):
			d.Reasoning, d.Action = ReasonMedium, checkOrCall(l)
		case l.CanCall:
			d.Reasoning, d.Action = ReasonPotOdds, passive(l)
			d.Confidence = clamp01(0.5 + odds - s)
		case l.CanBet && uProbe < cfg.probeChance(sit.InPosition):
			d.Reasoning, d.Action = ReasonProbe, aggressive(cfg, sit, 0, uSize)
		default:
			d.Reasoning, d.Action = ReasonMedium, checkOrCall(l)
		}
	default:
		if l.CanCall && pot.Improve > 0 && pot.Improve >= odds {
			d.Reasoning, d.Action = ReasonDrawing, checkOrCall(l)
			d.Confidence = clamp01(0.5 + pot.Improve - odds)
		} else {
			d.Reasoning, d.Action = ReasonWeak, passive(l)
		}
	}
	return d
}

// checkOrCall returns check if it is legal, else call.
func checkOrCall(l *betting.Legal) betting.Action {
	if l.CanCheck {
		return betting.Action{Kind: betting.Check}
	}
	return betting.Action{Kind: betting.Call, Amount: l.CallAmount}
}

// allIn returns the bet or raise of the largest legal amount, else a call,
// else a check.
func allIn(l *betting.Legal) betting.Action {
	switch {
	case l.CanBet:
		return betting.Action{Kind: betting.Bet, Amount: l.MaxAmount}
	case l.CanRaise:
		return betting.Action{Kind: betting.Raise, Amount: l.MaxAmount}
	}
	return checkOrCall(l)
}

// aggressive returns a bet or raise (the caller checked that one is open)
// sized from the menu: with pressure p ∈ [0, 1] (how far the strength lies
// above the raise threshold, relative to the room above it), aggression A
// and a uniform u, the score
//
//	σ = 0.35·p + 0.45·(A − 1)/9 + 0.2·u ∈ [0, 1]
//
// picks entry ⌊σ·k⌋ of the k enabled sizes, in increasing order.
func aggressive(cfg *Config, sit *Situation, p, u float64) betting.Action {
	l := &sit.Legal
	kind := betting.Bet
	call := chips.Chips(0)
	if l.CanRaise {
		kind, call = betting.Raise, l.CallAmount
	}
	p = clamp01(p)
	score := 0.35*p + 0.45*float64(cfg.Aggression-1)/9 + 0.2*u
	k := cfg.Sizes.count()
	idx := int(score * float64(k))
	if idx >= k {
		idx = k - 1
	}
	var amount chips.Chips
	for size := SizeMin; size <= SizeAllIn; size <<= 1 {
		if cfg.Sizes&size == 0 {
			continue
		}
		if idx == 0 {
			amount = sizeAmount(size, l, sit.Pot, call)
			break
		}
		idx--
	}
	return betting.Action{Kind: kind, Amount: amount}
}

// sizeAmount returns the raise-by amount of size, rounded to whole chips
// and clamped into the legal range.
func sizeAmount(size SizeMenu, l *betting.Legal, pot, call chips.Chips) chips.Chips {
	var a chips.Chips
	switch size {
	case SizeMin:
		return l.MinAmount
	case SizeAllIn:
		return l.MaxAmount
	case SizeHalfPot:
		a = call + (pot+call)/2
	case SizePot:
		a = call + pot + call
	}
	a = (a + chips.Scale/2) / chips.Scale * chips.Scale
	return min(max(a, l.MinAmount), l.MaxAmount)
}

// count returns the number of sizes in m.
func (m SizeMenu) count() int {
	n := 0
	for size := SizeMin; size <= SizeAllIn; size <<= 1 {
		if m&size != 0 {
			n++
		}
	}
	return n
}
