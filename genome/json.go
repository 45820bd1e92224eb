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

// Canonical JSON
//
// EncodeJSON writes the canonical form: fields in schema order, every field
// written (defaults included), enums as their lower_snake_case names, rank
// and suit sets as lists of names in order, cards as strings ("Qs"), a phase
// as {"kind": K, K: {…}}, two-space indentation, and a trailing newline.
// DecodeJSON accepts any key order and whitespace, fills missing fields with
// their schema defaults, and rejects unknown or duplicate fields, wrong
// types and out-of-range values with an error naming the JSON path.

var (
	enumType    = reflect.TypeFor[enum]()
	cardType    = reflect.TypeFor[cards.Card]()
	rankType    = reflect.TypeFor[cards.Rank]()
	suitType    = reflect.TypeFor[cards.Suit]()
	rankSetType = reflect.TypeFor[RankSet]()
	suitSetType = reflect.TypeFor[SuitSet]()
	phaseType   = reflect.TypeFor[Phase]()
)

// maxJSONDepth bounds the nesting of a JSON document (conditions nest).
const maxJSONDepth = 64

// EncodeJSON returns the canonical JSON of g. It fails only when g holds a
// value that has no JSON name (an enum, card, rank or suit out of range),
// naming its path.
func EncodeJSON(g *Genome) ([]byte, error) {
	e := encoder{}
	if err := e.value(reflect.ValueOf(g).Elem(), 0, nil); err != nil {
		return nil, err
	}
	e.buf.WriteByte('\n')
	return e.buf.Bytes(), nil
}

// contentJSON is the canonical JSON of g without the metadata fields; the
// content hash is computed over it.
func contentJSON(g *Genome) ([]byte, error) {
	e := encoder{skipMeta: true}
	if err := e.value(reflect.ValueOf(g).Elem(), 0, nil); err != nil {
		return nil, err
	}
	e.buf.WriteByte('\n')
	return e.buf.Bytes(), nil
}

type encoder struct {
	buf      bytes.Buffer
	skipMeta bool
	fields   map[reflect.Type][]fieldInfo
}

type fieldInfo struct {
	name string
	meta bool
	// omitDefault (tag omit:"default") leaves the field out when it
	// holds its default, so that adding a field does not change the
	// canonical JSON, and so the content hash, of genomes that do not use
	// it. Every field added from now on carries it.
	omitDefault bool
}

// info returns the JSON names of struct type t's fields, cached for the
// encoder's lifetime.
func (e *encoder) info(t reflect.Type) []fieldInfo {
	if fs, ok := e.fields[t]; ok {
		return fs
	}
	if e.fields == nil {
		e.fields = map[reflect.Type][]fieldInfo{}
	}
	fs := make([]fieldInfo, t.NumField())
	for i := range fs {
		f := t.Field(i)
		fs[i] = fieldInfo{name: f.Tag.Get("json"), meta: f.Tag.Get("meta") != "", omitDefault: f.Tag.Get("omit") == "default"}
	}
	e.fields[t] = fs
	return fs
}

func (e *encoder) newline(depth int) {
	e.buf.WriteByte('\n')
	for range depth {
		e.buf.WriteString("  ")
	}
}

func (e *encoder) str(s string) {
	plain := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x7f {
			plain = false
			break
		}
	}
	if plain {
		e.buf.WriteByte('"')
		e.buf.WriteString(s)
		e.buf.WriteByte('"')
		return
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	e.buf.Write(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

func (e *encoder) strList(items []string, depth int) {
	if len(items) == 0 {
		e.buf.WriteString("[]")
		return
	}
	e.buf.WriteByte('[')
	for i, s := range items {
		if i > 0 {
			e.buf.WriteByte(',')
		}
		e.newline(depth + 1)
		e.str(s)
	}
	e.newline(depth)
	e.buf.WriteByte(']')
}

func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

func nameOf(names []string, v uint64, path fmt.Stringer) (string, error) {
	if v < uint64(len(names)) {
		return names[v], nil
	}
	return "", fmt.Errorf("%s: value %d has no name", path, v)
}

func (e *encoder) value(v reflect.Value, depth int, path *pathNode) error {
	t := v.Type()
	switch {
	case t == cardType:
		c := cards.Card(v.Uint())
		if !c.Valid() {
			return fmt.Errorf("%s: %d is not a card", path, v.Uint())
		}
		e.str(c.String())
		return nil
	case t == rankType:
		s, err := nameOf(rankNames, v.Uint(), path)
		if err != nil {
			return err
		}
		e.str(s)
		return nil
	case t == suitType:
		s, err := nameOf(suitNames, v.Uint(), path)
		if err != nil {
			return err
		}
		e.str(s)
		return nil
	case t == rankSetType:
		s := RankSet(v.Uint())
		if s&^AllRanks != 0 {
			return fmt.Errorf("%s: bits %#x are not ranks", path, uint16(s&^AllRanks))
		}
		var names []string
		for _, r := range s.List() {
			names = append(names, RankName(r))
		}
		e.strList(names, depth)
		return nil
	case t == suitSetType:
		s := SuitSet(v.Uint())
		if s&^AllSuits != 0 {
			return fmt.Errorf("%s: bits %#x are not suits", path, uint8(s&^AllSuits))
		}
		var names []string
		for _, x := range s.List() {
			names = append(names, SuitName(x))
		}
		e.strList(names, depth)
		return nil
	case t == phaseType:
		return e.phase(v, depth, path)
	case t.Implements(enumType):
		s, err := nameOf(v.Interface().(enum).enumNames(), v.Uint(), path)
		if err != nil {
			return err
		}
		e.str(s)
		return nil
	}
	switch t.Kind() {
	case reflect.Struct:
		e.buf.WriteByte('{')
		first := true
		var def reflect.Value // the defaults of t, made on first use
		for i, f := range e.info(t) {
			if e.skipMeta && f.meta {
				continue
			}
			if f.omitDefault {
				if !def.IsValid() {
					def = reflect.New(t).Elem()
					applyDefaults(def)
				}
				if v.Field(i).Equal(def.Field(i)) {
					continue
				}
			}
			if !first {
				e.buf.WriteByte(',')
			}
			first = false
			e.newline(depth + 1)
			e.str(f.name)
			e.buf.WriteString(": ")
			if err := e.value(v.Field(i), depth+1, &pathNode{path, f.name, -1}); err != nil {
				return err
			}
		}
		e.newline(depth)
		e.buf.WriteByte('}')
	case reflect.Slice:
		if v.Len() == 0 {
			e.buf.WriteString("[]")
			return nil
		}
		e.buf.WriteByte('[')
		for i := range v.Len() {
			if i > 0 {
				e.buf.WriteByte(',')
			}
			e.newline(depth + 1)
			if err := e.value(v.Index(i), depth+1, &pathNode{path, "", i}); err != nil {
				return err
			}
		}
		e.newline(depth)
		e.buf.WriteByte(']')
	case reflect.Bool:
		e.buf.WriteString(strconv.FormatBool(v.Bool()))
	case reflect.Uint8, reflect.Uint16, reflect.Uint32:
		e.buf.WriteString(strconv.FormatUint(v.Uint(), 10))
	case reflect.Int8, reflect.Int16, reflect.Int32:
		e.buf.WriteString(strconv.FormatInt(v.Int(), 10))
	case reflect.String:
		e.str(v.String())
	default:
		return fmt.Errorf("%s: cannot encode %s", path, t)
	}
	return nil
}

// phase writes {"kind": K, K: variant} (only {"kind": "none"} for none).
func (e *encoder) phase(v reflect.Value, depth int, path *pathNode) error {
	p := v.Interface().(Phase)
	kind, err := nameOf(phaseKindNames, uint64(p.Kind), &pathNode{path, "kind", -1})
	if err != nil {
		return err
	}
	e.buf.WriteByte('{')
	e.newline(depth + 1)
	e.buf.WriteString(`"kind": `)
	e.str(kind)
	if p.Kind != PhaseNone {
		e.buf.WriteByte(',')
		e.newline(depth + 1)
		e.str(kind)
		e.buf.WriteString(": ")
		if err := e.value(v.Field(int(p.Kind)), depth+1, &pathNode{path, kind, -1}); err != nil {
			return err
		}
	}
	e.newline(depth)
	e.buf.WriteByte('}')
	return nil
}

// pathNode is a JSON path built only when an error needs it.
type pathNode struct {
	parent *pathNode
	name   string
	index  int // >= 0: an array index; else a field name
}

func (p *pathNode) String() string {
	if p == nil {
		return ""
	}
	if p.index >= 0 {
		return fmt.Sprintf("%s[%d]", p.parent, p.index)
	}
	return joinPath(p.parent.String(), p.name)
}

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
