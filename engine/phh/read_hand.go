package phh

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/internal/limits"
	"github.com/pelletier/go-toml/v2"
)

// reader builds one Hand from one decoded table.
type reader struct {
	tbl  map[string]any
	nums map[string][]string
	lim  limits.Limits
	h    Hand
}

func (d *doc) hand(tbl map[string]any, key string, lim limits.Limits) (Hand, error) {
	r := reader{tbl: tbl, nums: d.nums[key], lim: lim}
	r.h.Key = key
	err := r.read()
	if err == nil {
		err = r.h.Validate()
	}
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			c := *e
			c.Hand = key
			return r.h, &c
		}
		return r.h, &Error{Hand: key, Msg: err.Error()}
	}
	return r.h, nil
}

func (r *reader) read() error {
	h := &r.h
	v, ok := r.tbl[fieldVariant]
	if !ok {
		return fieldErr(fieldVariant, "missing (required)")
	}
	s, ok := v.(string)
	if !ok {
		return fieldErr(fieldVariant, "want a string, got %s", tomlType(v))
	}
	h.Variant = Variant(s)
	if !h.Variant.Defined() {
		return fieldErr(fieldVariant, "%q is not a PHH variant code", s)
	}

	// starting_stacks fixes the number of players.
	if _, ok := r.tbl[fieldStartingStacks]; !ok {
		return fieldErr(fieldStartingStacks, "missing (required)")
	}
	stacks, err := r.amounts(fieldStartingStacks, -1, true)
	if err != nil {
		return err
	}
	n := len(stacks)
	if n < 2 {
		return fieldErr(fieldStartingStacks, "%d players: a hand needs at least 2", n)
	}
	if err := limits.Count("", "players", "players", n, r.lim.Players); err != nil {
		return limitErr(fieldStartingStacks, err)
	}
	h.StartingStacks = stacks

	required := append([]string{fieldAntes, fieldActions}, h.Variant.requiredFields()...)
	for _, f := range required {
		if _, ok := r.tbl[f]; !ok {
			return fieldErr(f, "missing (required for %s)", h.Variant)
		}
	}

	if h.Antes, err = r.amounts(fieldAntes, n, false); err != nil {
		return err
	}
	if h.BlindsOrStraddles, err = r.amounts(fieldBlinds, n, false); err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		dst  *chips.Chips
	}{{fieldBringIn, &h.BringIn}, {fieldSmallBet, &h.SmallBet}, {fieldBigBet, &h.BigBet}, {fieldMinBet, &h.MinBet}} {
		if *f.dst, err = r.scalarAmount(f.name); err != nil {
			return err
		}
	}
	if h.FinishingStacks, err = r.amounts(fieldFinishingStacks, n, false); err != nil {
		return err
	}
	if h.Winnings, err = r.amounts(fieldWinnings, n, false); err != nil {
		return err
	}
	if h.DeadBlinds, err = r.amounts(fieldDeadBlinds, n, false); err != nil {
		return err
	}
	if v, ok := r.tbl[fieldAnteTrimming]; ok {
		b, ok := v.(bool)
		if !ok {
			return fieldErr(fieldAnteTrimming, "want a boolean, got %s", tomlType(v))
		}
		h.AnteTrimming = &b
	}
	if err := r.actions(n); err != nil {
		return err
	}
	if h.Players, err = r.strings(fieldPlayers, n); err != nil {
		return err
	}
	if h.Seats, err = r.ints(fieldSeats, n, 1, math.MaxInt32); err != nil {
		return err
	}
	if h.Inactive, err = r.ints(fieldInactive, n, 0, 1); err != nil {
		return err
	}
	if h.Intents, err = r.ints(fieldIntents, n, 0, 3); err != nil {
		return err
	}
	if v, ok := r.tbl[fieldSeatCount]; ok {
		if a, ok := v.([]any); ok && len(a) == 1 {
			v = a[0] // a one-element array is read as its element
		}
		c, ok := v.(int64)
		if !ok {
			return fieldErr(fieldSeatCount, "want an integer, got %s", tomlType(v))
		}
		if c < 1 || c > math.MaxInt32 {
			return fieldErr(fieldSeatCount, "%d is not a positive seat count", c)
		}
		h.SeatCount = int(c)
	}

	for name, v := range r.tbl {
		if isTyped(name) {
			continue
		}
		if err := checkMeta(name, v, n); err != nil {
			return err
		}
		if h.Fields == nil {
			h.Fields = map[string]any{}
		}
		h.Fields[name] = v
	}
	return nil
}

// isTyped reports whether name is a field held in a typed member of Hand.
func isTyped(name string) bool {
	switch name {
	case fieldVariant, fieldAnteTrimming, fieldAntes, fieldBlinds, fieldBringIn,
		fieldSmallBet, fieldBigBet, fieldMinBet, fieldStartingStacks, fieldActions,
		fieldFinishingStacks, fieldWinnings, fieldPlayers, fieldSeats, fieldSeatCount,
		fieldInactive, fieldIntents, fieldDeadBlinds:
		return true
	}
	return false
}

// checkMeta checks the TOML type of a standard metadata field; other fields
// are not checked.
func checkMeta(name string, v any, n int) error {
	for _, m := range metaFields {
		if m.name != name {
			continue
		}
		var ok bool
		want := ""
		switch m.kind {
		case metaString:
			_, ok = v.(string)
			want = "a string"
		case metaInteger:
			_, ok = v.(int64)
			want = "an integer"
		case metaStringOrInteger:
			switch v.(type) {
			case string, int64:
				ok = true
			}
			want = "a string or an integer"
		case metaLocalTime:
			_, ok = v.(toml.LocalTime)
			want = "a local time (like 14:53:46)"
		case metaNumber:
			ok = isNumber(v)
			want = "a number"
		case metaNumberArray:
			a, isArr := v.([]any)
			if isArr && len(a) != n {
				return fieldErr(name, "%d entries for %d players", len(a), n)
			}
			ok = isArr
			for i, e := range a {
				if !isNumber(e) {
					return fieldErr(indexed(name, i), "want a number, got %s", tomlType(e))
				}
			}
			want = "an array of numbers"
		}
		if !ok {
			return fieldErr(name, "want %s, got %s", want, tomlType(v))
		}
	}
	return nil
}

func isNumber(v any) bool {
	switch v.(type) {
	case int64, float64:
		return true
	}
	return false
}

// indexed names element i of field ("antes[2]"), or field itself when i < 0.
func indexed(field string, i int) string {
	if i < 0 {
		return field
	}
	return field + "[" + strconv.Itoa(i) + "]"
}

// maxWhole is the largest whole amount accepted, as in chips.Parse.
const maxWhole = (1 << 62) / chips.Scale

// amount converts one decoded number to chips, reading its source text
// exactly. It reports whether the number was written as a float.
func amount(field string, idx int, v any, text string) (chips.Chips, bool, error) {
	t := strings.ReplaceAll(text, "_", "")
	switch x := v.(type) {
	case int64:
		if x > maxWhole || x < -maxWhole {
			return 0, false, fieldErr(indexed(field, idx), "%d is out of range", x)
		}
		return chips.FromInt(x), false, nil
	case float64:
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return 0, true, fieldErr(indexed(field, idx), "%v is not a finite amount", x)
		}
		if t != "" && !strings.ContainsAny(t, "eE") {
			c, err := chips.Parse(t)
			if err != nil {
				return 0, true, fieldErr(indexed(field, idx), "%v", err)
			}
			return c, true, nil
		}
		c, err := chips.FromFloat(x)
		if err != nil {
			return 0, true, fieldErr(indexed(field, idx), "%v", err)
		}
		return c, true, nil
	}
	return 0, false, fieldErr(indexed(field, idx), "want a number, got %s", tomlType(v))
}

func (r *reader) scalarAmount(field string) (chips.Chips, error) {
	v, ok := r.tbl[field]
	if !ok {
		return 0, nil
	}
	text := ""
	if t := r.nums[field]; len(t) == 1 {
		text = t[0]
	}
	c, dec, err := amount(field, -1, v, text)
	if err != nil {
		return 0, err
	}
	if c <= 0 {
		return 0, fieldErr(field, "%s is not positive", c)
	}
	r.h.Decimal = r.h.Decimal || dec
	return c, nil
}

// amounts reads an array of amounts with n entries (any number when n < 0).
// Amounts are non-negative, or positive when positive is set.
func (r *reader) amounts(field string, n int, positive bool) ([]chips.Chips, error) {
	v, ok := r.tbl[field]
	if !ok {
		return nil, nil
	}
	a, ok := v.([]any)
	if !ok {
		return nil, fieldErr(field, "want an array of numbers, got %s", tomlType(v))
	}
	if n >= 0 && len(a) != n {
		return nil, fieldErr(field, "%d entries for %d players", len(a), n)
	}
	texts := r.nums[field]
	out := make([]chips.Chips, len(a))
	for i, e := range a {
		text := ""
		if i < len(texts) {
			text = texts[i]
		}
		c, dec, err := amount(field, i, e, text)
		if err != nil {
			return nil, err
		}
		if c < 0 || (positive && c == 0) {
			want := "non-negative"
			if positive {
				want = "positive"
			}
			return nil, fieldErr(indexed(field, i), "%s is not %s", c, want)
		}
		r.h.Decimal = r.h.Decimal || dec
		out[i] = c
	}
	return out, nil
}

func (r *reader) strings(field string, n int) ([]string, error) {
	v, ok := r.tbl[field]
	if !ok {
		return nil, nil
	}
	a, ok := v.([]any)
	if !ok {
		return nil, fieldErr(field, "want an array of strings, got %s", tomlType(v))
	}
	if len(a) != n {
		return nil, fieldErr(field, "%d entries for %d players", len(a), n)
	}
	out := make([]string, len(a))
	for i, e := range a {
		s, ok := e.(string)
		if !ok {
			return nil, fieldErr(indexed(field, i), "want a string, got %s", tomlType(e))
		}
		out[i] = s
	}
	return out, nil
}

func (r *reader) ints(field string, n int, lo, hi int64) ([]int, error) {
	v, ok := r.tbl[field]
	if !ok {
		return nil, nil
	}
	a, ok := v.([]any)
	if !ok {
		return nil, fieldErr(field, "want an array of integers, got %s", tomlType(v))
	}
	if len(a) != n {
		return nil, fieldErr(field, "%d entries for %d players", len(a), n)
	}
	out := make([]int, len(a))
	for i, e := range a {
		x, ok := e.(int64)
		if !ok {
			return nil, fieldErr(indexed(field, i), "want an integer, got %s", tomlType(e))
		}
		if x < lo || x > hi {
			return nil, fieldErr(indexed(field, i), "%d is out of range [%d, %d]", x, lo, hi)
		}
		out[i] = int(x)
	}
	return out, nil
}

func (r *reader) actions(n int) error {
	v := r.tbl[fieldActions]
	a, ok := v.([]any)
	if !ok {
		return fieldErr(fieldActions, "want an array of strings, got %s", tomlType(v))
	}
	if err := limits.Count("", "actions", "actions", len(a), r.lim.Actions); err != nil {
		return limitErr(fieldActions, err)
	}
	r.h.Actions = make([]Action, len(a))
	for i, e := range a {
		s, ok := e.(string)
		if !ok {
			return fieldErr(indexed(fieldActions, i), "want a string, got %s", tomlType(e))
		}
		act, dec, err := parseAction(s)
		if err != nil {
			return fieldErr(indexed(fieldActions, i), "%q: %v", s, err)
		}
		if act.Player >= n {
			return fieldErr(indexed(fieldActions, i), "%q: player p%d does not exist (%d players)", s, act.Player+1, n)
		}
		r.h.Decimal = r.h.Decimal || dec
		r.h.Actions[i] = act
	}
	return nil
}

// Validate checks what the standard requires of a hand: a defined variant,
// its required fields, at least two players, one entry per player in every
// per-player field, positive starting stacks, non-negative amounts and
// actions naming existing players. The reader calls it on every hand.
func (h *Hand) Validate() error {
	if !h.Variant.Defined() {
		return fieldErr(fieldVariant, "%q is not a PHH variant code", string(h.Variant))
	}
	n := len(h.StartingStacks)
	if n < 2 {
		return fieldErr(fieldStartingStacks, "%d players: a hand needs at least 2", n)
	}
	for i, s := range h.StartingStacks {
		if s <= 0 {
			return fieldErr(indexed(fieldStartingStacks, i), "%s is not positive", s)
		}
	}
	info := variants[h.Variant]
	if h.Antes == nil {
		return fieldErr(fieldAntes, "missing (required for %s)", h.Variant)
	}
	if info.blinds && h.BlindsOrStraddles == nil {
		return fieldErr(fieldBlinds, "missing (required for %s)", h.Variant)
	}
	if !info.blinds && h.BringIn <= 0 {
		return fieldErr(fieldBringIn, "missing (required for %s)", h.Variant)
	}
	if info.fixed && h.SmallBet <= 0 {
		return fieldErr(fieldSmallBet, "missing (required for %s)", h.Variant)
	}
	if info.fixed && h.BigBet <= 0 {
		return fieldErr(fieldBigBet, "missing (required for %s)", h.Variant)
	}
	if !info.fixed && h.MinBet <= 0 {
		return fieldErr(fieldMinBet, "missing (required for %s)", h.Variant)
	}
	for _, f := range []struct {
		name string
		a    []chips.Chips
	}{{fieldAntes, h.Antes}, {fieldBlinds, h.BlindsOrStraddles}, {fieldFinishingStacks, h.FinishingStacks}, {fieldWinnings, h.Winnings}, {fieldDeadBlinds, h.DeadBlinds}} {
		if f.a == nil {
			continue
		}
		if len(f.a) != n {
			return fieldErr(f.name, "%d entries for %d players", len(f.a), n)
		}
		for i, c := range f.a {
			if c < 0 {
				return fieldErr(indexed(f.name, i), "%s is negative", c)
			}
		}
	}
	for _, f := range []struct {
		name   string
		n      int
		absent bool
	}{{fieldPlayers, len(h.Players), h.Players == nil}, {fieldSeats, len(h.Seats), h.Seats == nil}, {fieldInactive, len(h.Inactive), h.Inactive == nil}, {fieldIntents, len(h.Intents), h.Intents == nil}} {
		if !f.absent && f.n != n {
			return fieldErr(f.name, "%d entries for %d players", f.n, n)
		}
	}
	for i, a := range h.Actions {
		if a.Player >= n || a.Player < Dealer || (a.Player == Dealer && a.IsPlayer()) || (a.Kind == DealHole && a.Player < 0) {
			return fieldErr(indexed(fieldActions, i), "%q: no such player (%d players)", a.String(), n)
		}
		if a.Kind == BetRaise && a.Amount <= 0 {
			return fieldErr(indexed(fieldActions, i), "%q: amount is not positive", a.String())
		}
		if a.Kind > ShowMuck {
			return fieldErr(indexed(fieldActions, i), "unknown action kind %d", a.Kind)
		}
		for _, c := range a.Cards {
			if c != cards.None && (!c.Valid() || c.IsJoker()) {
				return fieldErr(indexed(fieldActions, i), "%q: card %d is not a standard card", a.String(), c)
			}
		}
	}
	return nil
}
