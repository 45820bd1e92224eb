package table

import (
	"fmt"
	"strings"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
)

// AutoKind is the kind of a player's auto-action setting.
type AutoKind uint8

// The auto-action settings of the house-player seed. The zero value is
// CheckFold, the seed's default.
const (
	// CheckFold checks when that is free and folds otherwise.
	CheckFold AutoKind = iota
	// FoldAlways folds, even when a check is free.
	FoldAlways
	// CallUpTo calls when the call costs at most Limit, folds otherwise.
	CallUpTo
)

var autoKindNames = [...]string{"check_fold", "fold", "call_N"}

// String returns "check_fold", "fold" or "call_N".
func (k AutoKind) String() string {
	if int(k) < len(autoKindNames) {
		return autoKindNames[k]
	}
	return fmt.Sprintf("AutoKind(%d)", uint8(k))
}

// AutoAction is what the table does for a player whose turn times out or
// who is disconnected: "fold", "check_fold" or "call_N".
type AutoAction struct {
	Kind  AutoKind
	Limit chips.Chips // CallUpTo only: the most it calls
}

// ParseAutoAction reads "fold", "check_fold" or "call_N" (N an amount of
// chips, "call_20", "call_7.5").
func ParseAutoAction(s string) (AutoAction, error) {
	switch s {
	case "fold":
		return AutoAction{Kind: FoldAlways}, nil
	case "check_fold":
		return AutoAction{Kind: CheckFold}, nil
	}
	if n, ok := strings.CutPrefix(s, "call_"); ok {
		c, err := chips.Parse(n)
		if err != nil || c < 0 {
			return AutoAction{}, fmt.Errorf("auto-action %q: the call limit is not an amount of chips", s)
		}
		return AutoAction{Kind: CallUpTo, Limit: c}, nil
	}
	return AutoAction{}, fmt.Errorf("auto-action %q: want fold, check_fold or call_N", s)
}

// String returns "fold", "check_fold" or "call_N".
func (a AutoAction) String() string {
	switch a.Kind {
	case FoldAlways:
		return "fold"
	case CallUpTo:
		return "call_" + a.Limit.String()
	}
	return "check_fold"
}

// Decide returns the action, phh.CheckCall ("cc") or phh.Fold ("f"), for
// a turn that costs callAmount to stay in:
//
//	fold:       f
//	check_fold: cc if callAmount = 0, else f
//	call_N:     cc if callAmount ≤ N, else f
func (a AutoAction) Decide(callAmount chips.Chips) phh.ActionKind {
	switch a.Kind {
	case FoldAlways:
		return phh.Fold
	case CallUpTo:
		if callAmount <= a.Limit {
			return phh.CheckCall
		}
		return phh.Fold
	}
	if callAmount == 0 {
		return phh.CheckCall
	}
	return phh.Fold
}

// AutoPrefs holds players' auto-action settings; a player without one gets
// the zero AutoAction, check_fold.
type AutoPrefs map[string]AutoAction

// Auto plays the turn of the player to act, whose time ran out, by its
// auto-action setting in prefs: check if that is free, else fold, unless
// its setting says otherwise (see AutoAction.Decide). It is an error when
// nobody is to act.
func Auto(s State, prefs AutoPrefs) (State, error) {
	st, err := Progress(s)
	if err != nil {
		return State{}, err
	}
	if st.ToAct < 0 {
		switch {
		case st.Finished:
			return State{}, fieldErr("actions", "hand %d is over: nobody is to act", s.Hand)
		case st.Board > 0:
			return State{}, fieldErr("actions", "hand %d: the board comes next, nobody is to act", s.Hand)
		}
		return State{}, fieldErr("actions", "hand %d is not dealt: nobody is to act", s.Hand)
	}
	var call chips.Chips
	if !st.Legal.CanCheck {
		call = st.Legal.CallAmount
	}
	a := phh.Action{Kind: prefs[s.Players[st.ToAct]].Decide(call), Player: st.ToAct}
	return apply(s, a, true)
}
