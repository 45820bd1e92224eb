package house

import (
	"fmt"
	"strings"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
)

// AutoMode is what a disconnected player's auto-action does.
type AutoMode uint8

// The auto-action modes. The zero AutoSetting is check_fold, the default.
const (
	AutoCheckFold AutoMode = iota // check when free, else fold
	AutoFold                      // fold (check when the check is free: folding is not offered then)
	AutoCall                      // call up to a limit, else check when free, else fold
)

// AutoSetting is a player's auto-action preference: "fold", "check_fold" or
// "call_N" (Mode AutoCall, Limit N chips).
type AutoSetting struct {
	Mode  AutoMode
	Limit chips.Chips // the largest call AutoCall makes
}

// ParseAutoSetting reads "fold", "check_fold" or "call_N" with N a
// non-negative chip amount in plain decimal notation ("call_20",
// "call_7.5", at most two decimals).
func ParseAutoSetting(s string) (AutoSetting, error) {
	switch s {
	case "fold":
		return AutoSetting{Mode: AutoFold}, nil
	case "check_fold":
		return AutoSetting{Mode: AutoCheckFold}, nil
	}
	n, ok := strings.CutPrefix(s, "call_")
	if !ok {
		return AutoSetting{}, fmt.Errorf("house: auto-action %q: want fold, check_fold or call_N", s)
	}
	if !plainAmount(n) {
		return AutoSetting{}, fmt.Errorf("house: auto-action %q: limit %q is not a plain amount such as 20 or 7.5", s, n)
	}
	limit, err := chips.Parse(n)
	if err != nil {
		return AutoSetting{}, fmt.Errorf("house: auto-action %q: limit: %w", s, err)
	}
	if limit < 0 {
		return AutoSetting{}, fmt.Errorf("house: auto-action %q: negative limit", s)
	}
	return AutoSetting{Mode: AutoCall, Limit: limit}, nil
}

// plainAmount reports whether s is digits with an optional decimal part.
func plainAmount(s string) bool {
	whole, frac, dot := strings.Cut(s, ".")
	digits := func(d string) bool {
		for i := 0; i < len(d); i++ {
			if d[i] < '0' || d[i] > '9' {
				return false
			}
		}
		return d != ""
	}
	return digits(whole) && (!dot || digits(frac))
}

// String formats a as ParseAutoSetting reads it.
func (a AutoSetting) String() string {
	switch a.Mode {
	case AutoFold:
		return "fold"
	case AutoCall:
		return "call_" + a.Limit.String()
	}
	return "check_fold"
}

// AutoAction returns the action a disconnected player takes with setting a
// when its turn comes with the options l: fold folds; check_fold checks
// when the call is free and folds otherwise; call_N calls when the call
// costs at most N chips (Legal.CallAmount, which is the whole stack for a
// call all-in) and folds otherwise. Folding is never offered with a free
// check, so fold then checks. When nothing is legal (the round is over) it
// returns the zero Action.
func AutoAction(a AutoSetting, l betting.Legal) betting.Action {
	switch {
	case l.CanCheck:
		return betting.Action{Kind: betting.Check}
	case a.Mode == AutoCall && l.CanCall && l.CallAmount <= a.Limit:
		return betting.Action{Kind: betting.Call, Amount: l.CallAmount}
	case l.CanFold:
		return betting.Action{Kind: betting.Fold}
	}
	return betting.Action{}
}
