package genome

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/deckforge/deckforge/engine/cards"
)

// A jnode is a parsed JSON value; objects keep their key order.
type jnode struct {
	kind  byte // '{', '[', '"', '0' (number), 'b' (bool), 'z' (null)
	keys  []string
	vals  []*jnode
	elems []*jnode
	str   string
	b     bool
}

func (n *jnode) typeName() string {
	switch n.kind {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case '0':
		return "a number"
	case 'b':
		return "a boolean"
	}
	return "null"
}

type parser struct {
	dec *json.Decoder
}

func (p *parser) parse(depth int, path string) (*jnode, error) {
	if depth > maxJSONDepth {
		return nil, fmt.Errorf("%s: nested deeper than %d levels", orRoot(path), maxJSONDepth)
	}
	tok, err := p.dec.Token()
	if err != nil {
		return nil, syntaxErr(err, path)
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			n := &jnode{kind: '{'}
			seen := map[string]bool{}
			for p.dec.More() {
				kt, err := p.dec.Token()
				if err != nil {
					return nil, syntaxErr(err, path)
				}
				k, ok := kt.(string)
				if !ok {
					return nil, fmt.Errorf("%s: object key is not a string", orRoot(path))
				}
				if seen[k] {
					return nil, fmt.Errorf("%s: duplicate field", joinPath(path, k))
				}
				seen[k] = true
				v, err := p.parse(depth+1, joinPath(path, k))
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, k)
				n.vals = append(n.vals, v)
			}
			if _, err := p.dec.Token(); err != nil {
				return nil, syntaxErr(err, path)
			}
			return n, nil
		case '[':
			n := &jnode{kind: '['}
			for p.dec.More() {
				v, err := p.parse(depth+1, fmt.Sprintf("%s[%d]", path, len(n.elems)))
				if err != nil {
					return nil, err
				}
				n.elems = append(n.elems, v)
			}
			if _, err := p.dec.Token(); err != nil {
				return nil, syntaxErr(err, path)
			}
			return n, nil
		}
		return nil, fmt.Errorf("%s: unexpected %q", orRoot(path), t)
	case string:
		return &jnode{kind: '"', str: t}, nil
	case json.Number:
		return &jnode{kind: '0', str: string(t)}, nil
	case bool:
		return &jnode{kind: 'b', b: t}, nil
	case nil:
		return &jnode{kind: 'z'}, nil
	}
	return nil, fmt.Errorf("%s: unexpected token", orRoot(path))
}

func orRoot(path string) string {
	if path == "" {
		return "(root)"
	}
	return path
}

func syntaxErr(err error, path string) error {
	if errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF
	}
	return fmt.Errorf("%s: invalid JSON: %w", orRoot(path), err)
}

// DecodeJSON reads a genome from JSON (see the canonical form above). Files
// of an older schema version load with the newer fields at their defaults;
// the result has SchemaVersion == CurrentVersion.
func DecodeJSON(data []byte) (*Genome, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	p := parser{dec: dec}
	root, err := p.parse(0, "")
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("(root): data after the genome object")
	}
	if root.kind != '{' {
		return nil, fmt.Errorf("(root): want an object, got %s", root.typeName())
	}
	var version uint16
	found := false
	for i, k := range root.keys {
		if k != "schema_version" {
			continue
		}
		found = true
		v, err := decodeUint(root.vals[i], "schema_version", math.MaxUint16)
		if err != nil {
			return nil, err
		}
		version = uint16(v)
	}
	if !found {
		return nil, errors.New("schema_version: missing")
	}
	if version < 1 || version > CurrentVersion {
		return nil, fmt.Errorf("schema_version: %d is not a known version (1..%d)", version, CurrentVersion)
	}
	g := new(Genome)
	d := decoder{version: int(version)}
	if err := d.value(root, reflect.ValueOf(g).Elem(), ""); err != nil {
		return nil, err
	}
	g.SchemaVersion = CurrentVersion
	return g, nil
}

type decoder struct {
	version int
}

func decodeUint(n *jnode, path string, max uint64) (uint64, error) {
	if n.kind != '0' {
		return 0, fmt.Errorf("%s: want a number, got %s", path, n.typeName())
	}
	v, err := strconv.ParseUint(n.str, 10, 64)
	if err != nil || v > max {
		return 0, fmt.Errorf("%s: %s is not an integer in 0..%d", path, n.str, max)
	}
	return v, nil
}

func decodeInt(n *jnode, path string, min, max int64) (int64, error) {
	if n.kind != '0' {
		return 0, fmt.Errorf("%s: want a number, got %s", path, n.typeName())
	}
	v, err := strconv.ParseInt(n.str, 10, 64)
	if err != nil || v < min || v > max {
		return 0, fmt.Errorf("%s: %s is not an integer in %d..%d", path, n.str, min, max)
	}
	return v, nil
}

func decodeName(n *jnode, path string, names []string, what string) (uint64, error) {
	if n.kind != '"' {
		return 0, fmt.Errorf("%s: want a string, got %s", path, n.typeName())
	}
	for i, s := range names {
		if s == n.str {
			return uint64(i), nil
		}
	}
	return 0, fmt.Errorf("%s: %q is not a %s (one of %s)", path, n.str, what, strings.Join(names, ", "))
}

func decodeNameSet(n *jnode, path string, names []string, what string) (uint64, error) {
	if n.kind != '[' {
		return 0, fmt.Errorf("%s: want an array of %s names, got %s", path, what, n.typeName())
	}
	var set uint64
	for i, el := range n.elems {
		p := fmt.Sprintf("%s[%d]", path, i)
		v, err := decodeName(el, p, names, what)
		if err != nil {
			return 0, err
		}
		if set&(1<<v) != 0 {
			return 0, fmt.Errorf("%s: %q is listed twice", p, el.str)
		}
		set |= 1 << v
	}
	return set, nil
}

// defaulter is implemented by structs whose schema defaults are not zero.
type defaulter interface {
	setDefaults()
}

func (s *Setup) setDefaults() { s.PointLimit = 21 }

// setDefaults gives a betting phase whose fields are left out the
// betting-phase-design seed's round: fixed limit, bets of 10, at most 3
// raises.
func (b *BettingPhase) setDefaults() { b.MinBet, b.MaxRaises = DefaultMinBet, DefaultMaxRaises }

// applyDefaults sets the schema defaults of struct v and of the structs it
// holds directly, so fields missing from a file read as their defaults.
func applyDefaults(v reflect.Value) {
	if df, ok := v.Addr().Interface().(defaulter); ok {
		df.setDefaults()
	}
	if v.Type() == phaseType {
		return
	}
	for i := range v.NumField() {
		if f := v.Field(i); f.Kind() == reflect.Struct {
			applyDefaults(f)
		}
	}
}

func (d *decoder) value(n *jnode, v reflect.Value, path string) error {
	t := v.Type()
	switch {
	case t == cardType:
		if n.kind != '"' {
			return fmt.Errorf("%s: want a card string such as \"Qs\", got %s", path, n.typeName())
		}
		c, err := cards.Parse(n.str)
		if err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		v.SetUint(uint64(c))
		return nil
	case t == rankType:
		x, err := decodeName(n, path, rankNames, "rank")
		v.SetUint(x)
		return err
	case t == suitType:
		x, err := decodeName(n, path, suitNames, "suit")
		v.SetUint(x)
		return err
	case t == rankSetType:
		x, err := decodeNameSet(n, path, rankNames, "rank")
		v.SetUint(x)
		return err
	case t == suitSetType:
		x, err := decodeNameSet(n, path, suitNames, "suit")
		v.SetUint(x)
		return err
	case t == phaseType:
		return d.phase(n, v, path)
	case t.Implements(enumType):
		x, err := decodeName(n, path, v.Interface().(enum).enumNames(), strings.ToLower(t.Name()))
		v.SetUint(x)
		return err
	}
	switch t.Kind() {
	case reflect.Struct:
		if n.kind != '{' {
			return fmt.Errorf("%s: want an object, got %s", orRoot(path), n.typeName())
		}
		applyDefaults(v)
		for i, k := range n.keys {
			f, ok := fieldByJSON(t, k)
			if !ok {
				return fmt.Errorf("%s: unknown field", joinPath(path, k))
			}
			if s := f.Tag.Get("since"); s != "" {
				if since, _ := strconv.Atoi(s); since > d.version {
					return fmt.Errorf("%s: field added in schema version %d (the file is version %d)", joinPath(path, k), since, d.version)
				}
			}
			if err := d.value(n.vals[i], v.FieldByIndex(f.Index), joinPath(path, k)); err != nil {
				return err
			}
		}
	case reflect.Slice:
		if n.kind != '[' {
			return fmt.Errorf("%s: want an array, got %s", path, n.typeName())
		}
		if len(n.elems) == 0 {
			v.SetZero()
			return nil
		}
		s := reflect.MakeSlice(t, len(n.elems), len(n.elems))
		for i, el := range n.elems {
			if err := d.value(el, s.Index(i), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		v.Set(s)
	case reflect.Bool:
		if n.kind != 'b' {
			return fmt.Errorf("%s: want true or false, got %s", path, n.typeName())
		}
		v.SetBool(n.b)
	case reflect.Uint8, reflect.Uint16, reflect.Uint32:
		x, err := decodeUint(n, path, 1<<(8*t.Size())-1)
		if err != nil {
			return err
		}
		v.SetUint(x)
	case reflect.Int8, reflect.Int16, reflect.Int32:
		bitsN := 8 * t.Size()
		x, err := decodeInt(n, path, -1<<(bitsN-1), 1<<(bitsN-1)-1)
		if err != nil {
			return err
		}
		v.SetInt(x)
	case reflect.String:
		if n.kind != '"' {
			return fmt.Errorf("%s: want a string, got %s", path, n.typeName())
		}
		v.SetString(n.str)
	default:
		return fmt.Errorf("%s: cannot decode into %s", path, t)
	}
	return nil
}

func fieldByJSON(t reflect.Type, name string) (reflect.StructField, bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Tag.Get("json") == name {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// phase reads {"kind": K, K: {…}}.
func (d *decoder) phase(n *jnode, v reflect.Value, path string) error {
	if n.kind != '{' {
		return fmt.Errorf("%s: want an object, got %s", path, n.typeName())
	}
	var kind *jnode
	for i, k := range n.keys {
		if k == "kind" {
			kind = n.vals[i]
		}
	}
	if kind == nil {
		return fmt.Errorf("%s: missing", joinPath(path, "kind"))
	}
	k, err := decodeName(kind, joinPath(path, "kind"), phaseKindNames, "phase kind")
	if err != nil {
		return err
	}
	v.SetZero()
	v.Field(0).SetUint(k)
	found := k == uint64(PhaseNone)
	for i, key := range n.keys {
		if key == "kind" {
			continue
		}
		if key != phaseKindNames[k] || k == uint64(PhaseNone) {
			return fmt.Errorf("%s: not allowed in a phase of kind %s", joinPath(path, key), phaseKindNames[k])
		}
		found = true
		if err := d.value(n.vals[i], v.Field(int(k)), joinPath(path, key)); err != nil {
			return err
		}
	}
	if !found {
		return fmt.Errorf("%s: missing", joinPath(path, phaseKindNames[k]))
	}
	return nil
}
