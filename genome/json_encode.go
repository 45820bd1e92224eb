package genome

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"

	"github.com/deckforge/deckforge/engine/cards"
)

// Canonical JSON
//
// EncodeJSON writes the canonical form: fields in schema order, every field
// written (defaults included) except those tagged omit:"default", which are
// left out at their default, enums as their lower_snake_case names, rank
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
