package phh

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/internal/limits"
	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// Entry is one hand of a file: the hand, or the reason it could not be read.
type Entry struct {
	Key  string // table key in a .phhs file, "" for a .phh file
	Hand Hand   // valid only when Err is nil
	Err  error  // a *Error naming the file, hand and field
}

// Unmarshal reads a single-hand PHH document with the default limits.
func Unmarshal(data []byte) (Hand, error) {
	return UnmarshalWith(data, limits.Default())
}

// UnmarshalWith reads a single-hand PHH document, refusing one beyond lim
// (nesting depth, players, actions) before it is parsed where it can.
func UnmarshalWith(data []byte, lim limits.Limits) (Hand, error) {
	lim = lim.Or()
	if err := precheck(data, lim); err != nil {
		return Hand{}, err
	}
	d, err := parseDoc(data)
	if err != nil {
		return Hand{}, err
	}
	return d.hand(d.top, "", lim)
}

// UnmarshalBulk reads a .phhs document, whose top-level tables ([1], [2], …)
// are hands, in file order. A hand that cannot be read is left out and its
// error joined into the returned error, so the other hands are still
// returned.
func UnmarshalBulk(data []byte) ([]Hand, error) {
	var hands []Hand
	var errs []error
	err := scanBulk(data, limits.Default(), func(e Entry) error {
		if e.Err != nil {
			errs = append(errs, e.Err)
		} else {
			hands = append(hands, e.Hand)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return hands, errors.Join(errs...)
}

// ReadFile reads the contents of the file name: a .phhs file holds one hand
// per top-level table, any other file one hand. The returned error is for
// the file as a whole (it is not TOML, or a .phhs top-level value is not a
// table); each Entry carries its own hand's error. Every error names the
// file. It applies the default limits; ScanFile streams a large file.
func ReadFile(name string, data []byte) ([]Entry, error) {
	return ReadFileWith(name, data, limits.Default())
}

// ReadFileWith is ReadFile with the limits lim.
func ReadFileWith(name string, data []byte, lim limits.Limits) ([]Entry, error) {
	var entries []Entry
	err := ScanFile(name, data, lim, func(e Entry) error {
		entries = append(entries, e)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return entries, nil
}

// ScanFile reads the file name as ReadFile does but hands each entry to fn
// as soon as it is read, holding one hand at a time: a .phhs file is cut
// into its hands' tables in one linear pass and each is parsed on its own.
// It stops at the first error fn returns, and returns it. A file beyond lim
// (hands, and per hand nesting depth, players, actions) is refused with an
// error that names the file, the hand and the limit.
func ScanFile(name string, data []byte, lim limits.Limits, fn func(Entry) error) error {
	lim = lim.Or()
	var err error
	if strings.EqualFold(path.Ext(name), ".phhs") {
		err = scanBulk(data, lim, func(e Entry) error {
			if e.Err != nil {
				e.Err = withFile(e.Err, name)
			}
			return fn(e)
		})
		var ce callbackErr
		if errors.As(err, &ce) {
			return ce.err
		}
	} else if err = precheck(data, lim); err == nil {
		var d *doc
		if d, err = parseDoc(data); err == nil {
			h, herr := d.hand(d.top, "", lim)
			if herr != nil {
				herr = withFile(herr, name)
			}
			return fn(Entry{Hand: h, Err: herr})
		}
	}
	if err != nil {
		return withFile(err, name)
	}
	return nil
}

// callbackErr carries an error returned by ScanFile's fn through scanBulk.
type callbackErr struct{ err error }

func (c callbackErr) Error() string { return c.err.Error() }

func withFile(err error, name string) error {
	var e *Error
	if errors.As(err, &e) {
		c := *e
		c.File = name
		return &c
	}
	return &Error{File: name, Msg: err.Error()}
}

// limitErr turns a limit's refusal into an *Error for field that unwraps
// to the *limits.Error.
func limitErr(field string, err error) *Error {
	le, ok := err.(*limits.Error)
	if !ok {
		return &Error{Field: field, Msg: err.Error()}
	}
	if le.Field != "" && field == "" {
		field = le.Field
	}
	c := *le
	c.File, c.Field = "", ""
	return &Error{Field: field, Msg: c.Error(), Err: le}
}

// precheck refuses, before any parse, the text of a hand longer than
// lim.HandBytes (a hand is a few kilobytes; millions of keys would take
// gigabytes once decoded), nested deeper than lim.Depth (the TOML parser
// recurses on nesting) or holding an array longer than a hand's largest
// array can be (lim.Actions).
func precheck(data []byte, lim limits.Limits) error {
	if int64(len(data)) > lim.HandBytes {
		return limitErr("", &limits.Error{Limit: "hand-bytes", Max: lim.HandBytes, Got: int64(len(data)), What: "bytes in one hand"})
	}
	if err := limits.CheckShape(data, limits.TOML, lim.Depth, max(lim.Actions, lim.Players), "actions"); err != nil {
		return limitErr("", err)
	}
	return nil
}

// scanBulk cuts a .phhs document into hands and reads each. A hand is the
// text from its table header ([key], or [key.sub] / [[key.sub]]) to the
// next header of another key; lines before the first header (top-level
// keys, dotted or inline hand tables) are read as one document whose hands
// come last, sorted by key, as a whole-document parse would order them. A
// hand whose tables are not together in the file is refused.
func scanBulk(data []byte, lim limits.Limits, fn func(Entry) error) error {
	var (
		seen  = map[string]bool{}
		key   string // the hand being collected, "" for the top-level lines
		start int    // byte offset where it begins
		line  = 1    // line of start
		hands int
		root  *doc
	)
	flush := func(end int) error {
		chunk := data[start:end]
		if key == "" {
			if err := precheck(chunk, lim); err != nil {
				return err
			}
			d, err := parseDoc(chunk)
			if err != nil {
				return err
			}
			for k, v := range d.top {
				if _, ok := v.(map[string]any); !ok {
					return &Error{Field: k, Msg: fmt.Sprintf("a .phhs file holds only hand tables, not a top-level %s", tomlType(v))}
				}
				seen[k] = true
			}
			root = d
			return nil
		}
		hands++
		if err := limits.Count("", "hands", "hands", hands, lim.Hands); err != nil {
			return limitErr("", err)
		}
		e := Entry{Key: key}
		if err := precheck(chunk, lim); err != nil {
			e.Err = inHand(err, key, line)
		} else if d, err := parseDoc(chunk); err != nil {
			return shiftLine(err, line)
		} else if tbl, ok := d.top[key].(map[string]any); !ok {
			e.Err = &Error{Hand: key, Msg: "not a table"}
		} else {
			e.Hand, e.Err = d.hand(tbl, key, lim)
		}
		if err := fn(e); err != nil {
			return callbackErr{err}
		}
		return nil
	}
	var sc splitter
	for off, ln := 0, 1; off < len(data); ln++ {
		end := bytes.IndexByte(data[off:], '\n')
		if end < 0 {
			end = len(data)
		} else {
			end += off + 1
		}
		text := data[off:end]
		if sc.topLevel() {
			if k, ok := headerKey(text); ok && (k != key || key == "") {
				if start < off || key != "" {
					if err := flush(off); err != nil {
						return err
					}
				}
				if seen[k] {
					return &Error{Line: ln, Hand: k, Msg: "the hand's table is opened again after other hands: a .phhs file keeps each hand's tables together"}
				}
				seen[k] = true
				key, start, line = k, off, ln
			}
		}
		sc.scan(text)
		off = end
	}
	if key != "" || start < len(data) {
		if err := flush(len(data)); err != nil {
			return err
		}
	}
	if root == nil {
		return nil
	}
	// Hands held by top-level dotted keys or inline tables.
	var rest []string
	for k := range root.top {
		rest = append(rest, k)
	}
	sort.Strings(rest)
	for _, k := range rest {
		hands++
		if err := limits.Count("", "hands", "hands", hands, lim.Hands); err != nil {
			return limitErr("", err)
		}
		h, err := root.hand(root.top[k].(map[string]any), k, lim)
		if err := fn(Entry{Key: k, Hand: h, Err: err}); err != nil {
			return callbackErr{err}
		}
	}
	return nil
}

// inHand sets the hand and the line on a refusal of one hand.
func inHand(err error, key string, line int) error {
	var e *Error
	if errors.As(err, &e) {
		c := *e
		c.Hand = key
		return &c
	}
	return &Error{Hand: key, Msg: err.Error()}
}

// shiftLine moves the line of a syntax error in a hand's text, which began
// on line first, to its line in the file.
func shiftLine(err error, first int) error {
	var e *Error
	if errors.As(err, &e) && e.Line > 0 {
		c := *e
		c.Line += first - 1
		return &c
	}
	return err
}

// headerKey returns the first part of the key of a table header line
// ("[1]", "[ 'a b' . c ]", "[[1.x]]"), and whether the line is one.
func headerKey(line []byte) (string, bool) {
	t := bytes.TrimLeft(line, " \t")
	if len(t) == 0 || t[0] != '[' {
		return "", false
	}
	var p unstable.Parser
	p.Reset(t)
	if !p.NextExpression() {
		return "", false
	}
	e := p.Expression()
	if e.Kind != unstable.Table && e.Kind != unstable.ArrayTable {
		return "", false
	}
	it := e.Key()
	if !it.Next() {
		return "", false
	}
	return string(it.Node().Data), true
}

// splitter follows TOML text line by line, far enough to tell whether the
// next line begins at the top level: outside a multi-line string and every
// bracket. Malformed text is left for the parser to report.
type splitter struct {
	depth int  // open brackets and braces
	str   byte // quote of an open multi-line string, 0 for none
}

func (s *splitter) topLevel() bool { return s.depth == 0 && s.str == 0 }

func (s *splitter) scan(line []byte) {
	for i := 0; i < len(line); i++ {
		c := line[i]
		if s.str != 0 {
			switch {
			case s.str == '"' && c == '\\':
				i++
			case c == s.str && i+2 < len(line) && line[i+1] == c && line[i+2] == c:
				i += 2
				for i+1 < len(line) && line[i+1] == c {
					i++
				}
				s.str = 0
			}
			continue
		}
		switch c {
		case '#':
			return
		case '"', '\'':
			if i+2 < len(line) && line[i+1] == c && line[i+2] == c {
				s.str = c
				i += 2
				continue
			}
			for i++; i < len(line) && line[i] != c && line[i] != '\n'; i++ {
				if c == '"' && line[i] == '\\' {
					i++
				}
			}
		case '[', '{':
			s.depth++
		case ']', '}':
			if s.depth > 0 {
				s.depth--
			}
		}
	}
}

// doc is a decoded TOML document plus the source text of its numbers, which
// amounts are read from exactly (never through a float).
type doc struct {
	top map[string]any
	// nums[table][key] is the text of a number value, or of each element of
	// an array value ("" for an element that is not a number). It is filled
	// only when the document holds a float: an integer is exact as decoded.
	nums map[string]map[string][]string
}

func parseDoc(data []byte) (*doc, error) {
	if d, ok := fastDoc(data); ok {
		return d, nil
	}
	d := &doc{nums: map[string]map[string][]string{}}
	if err := toml.Unmarshal(data, &d.top); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			line, _ := de.Position()
			return nil, &Error{Line: line, Msg: de.Error()}
		}
		return nil, &Error{Msg: err.Error()}
	}
	if d.top == nil {
		d.top = map[string]any{}
	}
	if !hasFloat(d.top) {
		return d, nil
	}
	// The document is valid TOML: walk its syntax tree again for the text of
	// every number.
	var p unstable.Parser
	p.Reset(data)
	table := ""
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			table = joinKey(e.Key())
		case unstable.KeyValue:
			key := joinKey(e.Key())
			v := e.Value()
			var texts []string
			switch v.Kind {
			case unstable.Integer, unstable.Float:
				texts = []string{string(v.Data)}
			case unstable.Array:
				it := v.Children()
				for it.Next() {
					n := it.Node()
					if n.Kind == unstable.Integer || n.Kind == unstable.Float {
						texts = append(texts, string(n.Data))
					} else {
						texts = append(texts, "")
					}
				}
			default:
				continue
			}
			if d.nums[table] == nil {
				d.nums[table] = map[string][]string{}
			}
			d.nums[table][key] = texts
		}
	}
	if err := p.Error(); err != nil {
		return nil, &Error{Msg: "toml: " + err.Error()}
	}
	return d, nil
}

// hasFloat reports whether v holds a float anywhere.
func hasFloat(v any) bool {
	switch x := v.(type) {
	case float64:
		return true
	case []any:
		for _, e := range x {
			if hasFloat(e) {
				return true
			}
		}
	case map[string]any:
		for _, e := range x {
			if hasFloat(e) {
				return true
			}
		}
	case []map[string]any:
		for _, e := range x {
			if hasFloat(e) {
				return true
			}
		}
	}
	return false
}

func joinKey(it unstable.Iterator) string {
	var parts []string
	for it.Next() {
		parts = append(parts, string(it.Node().Data))
	}
	return strings.Join(parts, ".")
}

// tomlType names the TOML type of a decoded value.
func tomlType(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case int64:
		return "integer"
	case float64:
		return "float"
	case bool:
		return "boolean"
	case []any:
		return "array"
	case map[string]any:
		return "table"
	case toml.LocalTime:
		return "local time"
	case toml.LocalDate:
		return "local date"
	case toml.LocalDateTime:
		return "local date-time"
	case time.Time:
		return "offset date-time"
	}
	return fmt.Sprintf("%T", v)
}

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
