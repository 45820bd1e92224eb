package phh

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"sort"
	"strings"
	"time"

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
