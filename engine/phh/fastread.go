package phh

import (
	"strconv"

	"github.com/pelletier/go-toml/v2/unstable"
)

// fastDoc decodes the common shape of a PHH document in one pass over its
// syntax tree: top-level keys, or one [key] table header followed by its
// keys, with strings, booleans, plain decimal numbers and arrays of them.
// It reports false for anything else (dotted keys, inline tables, dates,
// hexadecimal or underscored numbers, a repeated key, a syntax error),
// which parseDoc then reads with the full decoder; so it never accepts a
// document the full decoder would refuse, and gives the same values.
func fastDoc(data []byte) (*doc, bool) {
	var p unstable.Parser
	p.Reset(data)
	d := &doc{top: map[string]any{}, nums: map[string]map[string][]string{}}
	tbl, table := d.top, ""
	first := true
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table:
			key, ok := singleKey(e.Key())
			if !ok || !first {
				return nil, false
			}
			tbl, table = map[string]any{}, key
			d.top[key] = tbl
		case unstable.KeyValue:
			key, ok := singleKey(e.Key())
			if !ok {
				return nil, false
			}
			if _, dup := tbl[key]; dup {
				return nil, false
			}
			v, texts, ok := fastValue(e.Value())
			if !ok {
				return nil, false
			}
			tbl[key] = v
			if texts != nil {
				if d.nums[table] == nil {
					d.nums[table] = map[string][]string{}
				}
				d.nums[table][key] = texts
			}
		default:
			return nil, false
		}
		first = false
	}
	if p.Error() != nil {
		return nil, false
	}
	return d, true
}

// singleKey returns a key of one part.
func singleKey(it unstable.Iterator) (string, bool) {
	if !it.Next() {
		return "", false
	}
	k := string(it.Node().Data)
	return k, !it.Next()
}

// fastValue converts a value node. texts holds the source text of a float,
// or of each element of an array holding a float ("" for the others), and
// is nil when there is no float.
func fastValue(n *unstable.Node) (any, []string, bool) {
	switch n.Kind {
	case unstable.String:
		return string(n.Data), nil, true
	case unstable.Bool:
		return string(n.Data) == "true", nil, true
	case unstable.Integer:
		x, ok := plainInt(n.Data)
		return x, nil, ok
	case unstable.Float:
		x, ok := plainFloat(n.Data)
		return x, []string{string(n.Data)}, ok
	case unstable.Array:
		var out []any
		var texts []string
		hasFloat := false
		it := n.Children()
		for it.Next() {
			c := it.Node()
			if c.Kind == unstable.Array {
				return nil, nil, false // nested arrays: left to the full decoder
			}
			v, _, ok := fastValue(c)
			if !ok {
				return nil, nil, false
			}
			out = append(out, v)
			t := ""
			if c.Kind == unstable.Float || c.Kind == unstable.Integer {
				t = string(c.Data)
				hasFloat = hasFloat || c.Kind == unstable.Float
			}
			texts = append(texts, t)
		}
		if out == nil {
			out = []any{}
		}
		if !hasFloat {
			texts = nil
		}
		return out, texts, true
	}
	return nil, nil, false
}

// plainInt parses an integer written [+-]?(0|[1-9][0-9]*) that fits in
// int64.
func plainInt(b []byte) (int64, bool) {
	s := b
	if len(s) > 0 && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	if !digits(s) || (len(s) > 1 && s[0] == '0') {
		return 0, false
	}
	x, err := strconv.ParseInt(string(b), 10, 64)
	return x, err == nil
}

// plainFloat parses a float written [+-]?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
// with a fraction or an exponent.
func plainFloat(b []byte) (float64, bool) {
	s := b
	if len(s) > 0 && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || (i > 1 && s[0] == '0') {
		return 0, false
	}
	rest := s[i:]
	frac := false
	if len(rest) > 0 && rest[0] == '.' {
		j := 1
		for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
			j++
		}
		if j == 1 {
			return 0, false
		}
		rest, frac = rest[j:], true
	}
	exp := false
	if len(rest) > 0 && (rest[0] == 'e' || rest[0] == 'E') {
		r := rest[1:]
		if len(r) > 0 && (r[0] == '+' || r[0] == '-') {
			r = r[1:]
		}
		if !digits(r) {
			return 0, false
		}
		rest, exp = nil, true
	}
	if len(rest) > 0 || (!frac && !exp) {
		return 0, false
	}
	x, err := strconv.ParseFloat(string(b), 64)
	return x, err == nil
}

func digits(s []byte) bool {
	if len(s) == 0 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
