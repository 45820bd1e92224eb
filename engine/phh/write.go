package phh

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/pelletier/go-toml/v2"
)

// Marshal writes h as a single-hand PHH document: the standard fields in the
// standard's order, then the other fields sorted by name, user fields (names
// starting with '_') last. Strings are written as literal strings where they
// can be. When h.Decimal is set (or an amount has a fraction), every amount is
// written with a decimal point, so reading the document back gives h again.
func Marshal(h *Hand) ([]byte, error) {
	var b bytes.Buffer
	if err := writeHand(&b, h); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// MarshalBulk writes hands as a .phhs document, one table per hand, named by
// the hand's Key or, when a Key is empty or repeated, by its 1-based position.
func MarshalBulk(hands []Hand) ([]byte, error) {
	var b bytes.Buffer
	used := map[string]bool{}
	for i := range hands {
		used[hands[i].Key] = true
	}
	seen := map[string]bool{}
	for i := range hands {
		key := hands[i].Key
		if key == "" || seen[key] {
			key = strconv.Itoa(i + 1)
			for used[key] || seen[key] {
				key += "_"
			}
		}
		seen[key] = true
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteByte('[')
		writeKey(&b, key)
		b.WriteString("]\n")
		if err := writeHand(&b, &hands[i]); err != nil {
			return nil, &Error{Hand: key, Msg: err.Error()}
		}
	}
	return b.Bytes(), nil
}

type handWriter struct {
	b       *bytes.Buffer
	decimal bool
	err     error
}

// writeOrder is the order of the standard fields in written documents.
var writeOrder = []string{
	fieldVariant, fieldAnteTrimming, fieldAntes, fieldBlinds, fieldBringIn,
	fieldSmallBet, fieldBigBet, fieldMinBet, fieldStartingStacks, fieldActions,
	"author", "event", "url", "venue", "address", "city", "region",
	"postal_code", "country", "time", "time_zone", "time_zone_abbreviation",
	"day", "month", "year", "hand", "level", fieldSeats, fieldSeatCount,
	"table", fieldPlayers, fieldFinishingStacks, fieldWinnings, "currency",
	"currency_symbol", "time_limit", "time_banks",
}

func writeHand(b *bytes.Buffer, h *Hand) error {
	w := handWriter{b: b, decimal: h.Decimal || h.hasFraction()}
	for _, name := range writeOrder {
		w.standard(h, name)
	}
	var others, user []string
	for name := range h.Fields {
		if isMeta(name) {
			continue
		}
		if strings.HasPrefix(name, "_") {
			user = append(user, name)
		} else {
			others = append(others, name)
		}
	}
	sort.Strings(others)
	sort.Strings(user)
	for _, name := range others {
		w.field(name, h.Fields)
	}
	if h.Inactive != nil {
		w.ints(fieldInactive, h.Inactive)
	}
	if h.Intents != nil {
		w.ints(fieldIntents, h.Intents)
	}
	w.amounts(fieldDeadBlinds, h.DeadBlinds)
	for _, name := range user {
		w.field(name, h.Fields)
	}
	return w.err
}

// standard writes the standard field name if h has it.
func (w *handWriter) standard(h *Hand, name string) {
	switch name {
	case fieldVariant:
		w.str(fieldVariant, string(h.Variant))
	case fieldAnteTrimming:
		if h.AnteTrimming != nil {
			w.raw(fieldAnteTrimming, strconv.FormatBool(*h.AnteTrimming))
		}
	case fieldAntes:
		w.amounts(name, h.Antes)
	case fieldBlinds:
		w.amounts(name, h.BlindsOrStraddles)
	case fieldBringIn:
		w.amount(name, h.BringIn)
	case fieldSmallBet:
		w.amount(name, h.SmallBet)
	case fieldBigBet:
		w.amount(name, h.BigBet)
	case fieldMinBet:
		w.amount(name, h.MinBet)
	case fieldStartingStacks:
		w.amounts(name, h.StartingStacks)
	case fieldActions:
		list := make([]string, len(h.Actions))
		for i, a := range h.Actions {
			list[i] = a.String()
		}
		w.strs(name, list)
	case fieldSeats:
		if h.Seats != nil {
			w.ints(name, h.Seats)
		}
	case fieldSeatCount:
		if h.SeatCount != 0 {
			w.raw(name, strconv.Itoa(h.SeatCount))
		}
	case fieldPlayers:
		if h.Players != nil {
			w.strs(name, h.Players)
		}
	case fieldFinishingStacks:
		w.amounts(name, h.FinishingStacks)
	case fieldWinnings:
		w.amounts(name, h.Winnings)
	default:
		w.field(name, h.Fields)
	}
}

func isMeta(name string) bool {
	for _, m := range metaFields {
		if m.name == name {
			return true
		}
	}
	return isTyped(name)
}

// hasFraction reports whether an amount of h is not a whole number of chips.
func (h *Hand) hasFraction() bool {
	raises := make([]chips.Chips, 0, len(h.Actions))
	for _, a := range h.Actions {
		if a.Kind == BetRaise {
			raises = append(raises, a.Amount)
		}
	}
	return hasFraction(h.Antes, h.BlindsOrStraddles, h.StartingStacks, h.FinishingStacks, h.Winnings, h.DeadBlinds,
		[]chips.Chips{h.BringIn, h.SmallBet, h.BigBet, h.MinBet}, raises)
}

func (w *handWriter) raw(name, value string) {
	writeKey(w.b, name)
	w.b.WriteString(" = ")
	w.b.WriteString(value)
	w.b.WriteByte('\n')
}

func (w *handWriter) strs(name string, list []string) {
	var s strings.Builder
	s.WriteByte('[')
	for i, x := range list {
		if i > 0 {
			s.WriteString(", ")
		}
		if !utf8.ValidString(x) {
			w.fail(fmt.Errorf("%s[%d]: string is not valid UTF-8", name, i))
			return
		}
		s.WriteString(quote(x))
	}
	s.WriteByte(']')
	w.raw(name, s.String())
}

func (w *handWriter) str(name, s string) {
	if !utf8.ValidString(s) {
		w.fail(fmt.Errorf("%s: string is not valid UTF-8", name))
		return
	}
	w.raw(name, quote(s))
}

func (w *handWriter) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

func (w *handWriter) formatAmount(c chips.Chips) string {
	s := c.String()
	if w.decimal && !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

func (w *handWriter) amount(name string, c chips.Chips) {
	if c != 0 {
		w.raw(name, w.formatAmount(c))
	}
}

func (w *handWriter) amounts(name string, a []chips.Chips) {
	if a == nil {
		return
	}
	var s strings.Builder
	s.WriteByte('[')
	for i, c := range a {
		if i > 0 {
			s.WriteString(", ")
		}
		s.WriteString(w.formatAmount(c))
	}
	s.WriteByte(']')
	w.raw(name, s.String())
}

func (w *handWriter) ints(name string, a []int) {
	var s strings.Builder
	s.WriteByte('[')
	for i, x := range a {
		if i > 0 {
			s.WriteString(", ")
		}
		s.WriteString(strconv.Itoa(x))
	}
	s.WriteByte(']')
	w.raw(name, s.String())
}

func (w *handWriter) field(name string, fields map[string]any) {
	v, ok := fields[name]
	if !ok {
		return
	}
	var s strings.Builder
	if err := appendValue(&s, v); err != nil {
		w.fail(fmt.Errorf("%s: %v", name, err))
		return
	}
	w.raw(name, s.String())
}

// appendValue writes one TOML value; tables are written inline.
func appendValue(s *strings.Builder, v any) error {
	switch x := v.(type) {
	case string:
		if !utf8.ValidString(x) {
			return fmt.Errorf("string is not valid UTF-8")
		}
		s.WriteString(quote(x))
	case bool:
		s.WriteString(strconv.FormatBool(x))
	case int64:
		s.WriteString(strconv.FormatInt(x, 10))
	case int:
		s.WriteString(strconv.Itoa(x))
	case float64:
		s.WriteString(formatFloat(x))
	case toml.LocalTime:
		s.WriteString(x.String())
	case toml.LocalDate:
		s.WriteString(x.String())
	case toml.LocalDateTime:
		s.WriteString(x.String())
	case time.Time:
		s.WriteString(x.Format(time.RFC3339Nano))
	case []any:
		s.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				s.WriteString(", ")
			}
			if err := appendValue(s, e); err != nil {
				return err
			}
		}
		s.WriteByte(']')
	case []string:
		s.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				s.WriteString(", ")
			}
			if err := appendValue(s, e); err != nil {
				return err
			}
		}
		s.WriteByte(']')
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		s.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				s.WriteByte(',')
			}
			s.WriteByte(' ')
			var kb bytes.Buffer
			writeKey(&kb, k)
			s.Write(kb.Bytes())
			s.WriteString(" = ")
			if err := appendValue(s, x[k]); err != nil {
				return err
			}
		}
		if len(keys) > 0 {
			s.WriteByte(' ')
		}
		s.WriteByte('}')
	default:
		return fmt.Errorf("cannot write a %T as TOML", v)
	}
	return nil
}

func formatFloat(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	}
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}

// writeKey writes a bare key when it can, else a quoted one.
func writeKey(b *bytes.Buffer, k string) {
	bare := k != ""
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			bare = false
			break
		}
	}
	if bare {
		b.WriteString(k)
		return
	}
	b.WriteString(basicString(k))
}

// quote returns s as a TOML literal string ('…') when s has no quote or
// control character, else as a basic string ("…") with escapes.
func quote(s string) string {
	for _, r := range s {
		if r == '\'' || (r < 0x20 && r != '\t') || r == 0x7f {
			return basicString(s)
		}
	}
	return "'" + s + "'"
}

func basicString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if r < 0x20 || r == 0x7f {
				fmt.Fprintf(&b, `\u%04X`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

// AmountValue is the TOML value of an amount in a PHH field that callers
// build themselves (user fields, maps): an integer for whole chips, else a
// float.
func AmountValue(c chips.Chips) any {
	if c%chips.Scale == 0 {
		return int64(c / chips.Scale)
	}
	return float64(c) / chips.Scale
}
