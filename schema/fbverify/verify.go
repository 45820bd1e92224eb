package fbverify

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// Schema is what Verify checks a buffer against: its root table, file
// identifier and limits, and how errors begin.
type Schema struct {
	Root       *Table
	Identifier string // the 4-byte file identifier
	Name       string // what a buffer holds, for errors: "genome"

	// Prefix begins errors about the buffer as a whole (its length,
	// size or identifier); FieldPrefix begins those about a table or a
	// field, which then go on with its path.
	Prefix, FieldPrefix string

	MaxSize   int  // bytes in a buffer
	MaxDepth  int  // tables nested inside one another
	MaxTables int  // tables in a buffer; 0 for no limit
	Budget    bool // refuse buffers that reference more bytes than they hold
}

// Verify checks that data is a well-formed buffer of s that the generated
// accessors can read without going out of bounds. The error names the path
// of the first problem and what is wrong.
func (s *Schema) Verify(data []byte) error {
	if len(data) < 8 {
		return fmt.Errorf("%s%d bytes is too short for a %s (at least 8)", s.Prefix, len(data), s.Name)
	}
	if len(data) > s.MaxSize {
		return fmt.Errorf("%s%d bytes is more than the limit of %d", s.Prefix, len(data), s.MaxSize)
	}
	if string(data[4:8]) != s.Identifier {
		return fmt.Errorf("%sfile identifier %q, want %q", s.Prefix, data[4:8], s.Identifier)
	}
	v := verifier{s: s, buf: data, budget: uint64(len(data))}
	return v.table(uint64(binary.LittleEndian.Uint32(data)), s.Root, 0)
}

type verifier struct {
	s      *Schema
	buf    []byte
	tables int
	budget uint64 // bytes that tables, strings and vectors may still reference
	// path is where the verifier is, formatted only for an error.
	path []step
}

// step is one field of a path, with an element index for vectors (-1 for
// none).
type step struct {
	name  string
	index int
}

func (v *verifier) push(name string, index int) { v.path = append(v.path, step{name, index}) }
func (v *verifier) pop()                        { v.path = v.path[:len(v.path)-1] }

// errorf returns an error naming the current path.
func (v *verifier) errorf(format string, args ...any) error {
	var b strings.Builder
	for i, s := range v.path {
		switch {
		case s.index >= 0:
			fmt.Fprintf(&b, "[%d]", s.index)
		case i > 0:
			b.WriteByte('.')
			fallthrough
		default:
			b.WriteString(s.name)
		}
	}
	p := b.String()
	if p == "" {
		p = "(root)"
	}
	return fmt.Errorf("%s%s: %s", v.s.FieldPrefix, p, fmt.Sprintf(format, args...))
}

// spend takes n bytes from the budget.
func (v *verifier) spend(n uint64) error {
	if !v.s.Budget {
		return nil
	}
	if n > v.budget {
		return v.errorf("the buffer references more bytes than it holds (shared or overlapping data)")
	}
	v.budget -= n
	return nil
}

func (v *verifier) u16(at uint64) uint64 { return uint64(binary.LittleEndian.Uint16(v.buf[at:])) }
func (v *verifier) u32(at uint64) uint64 { return uint64(binary.LittleEndian.Uint32(v.buf[at:])) }

// fits reports whether n bytes at at lie inside the buffer.
func (v *verifier) fits(at, n uint64) bool {
	return at <= uint64(len(v.buf)) && n <= uint64(len(v.buf))-at
}

// table verifies the table at pos described by d.
func (v *verifier) table(pos uint64, d *Table, depth int) error {
	if depth >= v.s.MaxDepth {
		return v.errorf("tables nested deeper than %d", v.s.MaxDepth)
	}
	v.tables++
	if v.s.MaxTables > 0 && v.tables > v.s.MaxTables {
		return v.errorf("more than %d tables in the buffer", v.s.MaxTables)
	}
	if !v.fits(pos, 4) {
		return v.errorf("%s table at offset %d is outside the buffer (%d bytes)", d.Name, pos, len(v.buf))
	}
	vt := int64(pos) - int64(int32(v.u32(pos)))
	if vt < 0 || !v.fits(uint64(vt), 4) {
		return v.errorf("%s vtable at offset %d is outside the buffer", d.Name, vt)
	}
	vtSize, objSize := v.u16(uint64(vt)), v.u16(uint64(vt)+2)
	if vtSize < 4 || vtSize%2 != 0 || !v.fits(uint64(vt), vtSize) {
		return v.errorf("%s vtable size %d is invalid", d.Name, vtSize)
	}
	if objSize < 4 || !v.fits(pos, objSize) {
		return v.errorf("%s object size %d does not fit in the buffer", d.Name, objSize)
	}
	if err := v.spend(objSize); err != nil {
		return err
	}
	var unionType uint64
	for i := range d.Fields {
		f := &d.Fields[i]
		slot := uint64(4 + 2*i)
		var fo uint64
		if slot+2 <= vtSize { // else an older writer: the field is absent
			fo = v.u16(uint64(vt) + slot)
		}
		if fo == 0 {
			if f.Kind == KindUnion && unionType != 0 {
				v.push(f.Name, -1)
				return v.errorf("union type %d has no value", unionType)
			}
			continue
		}
		v.push(f.Name, -1)
		if size := f.inline(); fo < 4 || fo+size > objSize {
			return v.errorf("field at offset %d (size %d) is outside its %s object (%d bytes)", fo, size, d.Name, objSize)
		}
		at := pos + fo
		if f.Kind == KindUnionType {
			unionType = uint64(v.buf[at])
		}
		if err := v.field(f, at, unionType, depth); err != nil {
			return err
		}
		v.pop()
	}
	return nil
}

// field verifies one present field whose inline part is at at.
func (v *verifier) field(f *Field, at, unionType uint64, depth int) error {
	switch f.Kind {
	case KindBool:
		if v.buf[at] > 1 {
			return v.errorf("bool byte is %d, want 0 or 1", v.buf[at])
		}
	case KindEnum:
		if int(v.buf[at]) >= f.Limit {
			return v.errorf("value %d is not one of the %d defined", v.buf[at], f.Limit)
		}
	case KindString:
		return v.string(at)
	case KindTable:
		return v.table(at+v.u32(at), f.Table, depth+1)
	case KindUnion:
		if unionType == 0 {
			return nil // NONE: the value is never read
		}
		if unionType >= uint64(len(f.Union)) {
			return v.errorf("unknown union type %d", unionType)
		}
		return v.table(at+v.u32(at), f.Union[unionType], depth+1)
	case KindVector:
		_, _, err := v.vector(at, uint64(f.Size))
		return err
	case KindStringVector, KindTableVector:
		start, n, err := v.vector(at, 4)
		if err != nil {
			return err
		}
		for j := range n {
			v.push("", int(j))
			el := start + j*4
			if f.Kind == KindStringVector {
				err = v.string(el)
			} else {
				err = v.table(el+v.u32(el), f.Table, depth+1)
			}
			if err != nil {
				return err
			}
			v.pop()
		}
	}
	return nil
}

// vector checks the vector whose offset is at at and returns the position
// of its first element and its length.
func (v *verifier) vector(at, elem uint64) (uint64, uint64, error) {
	pos := at + v.u32(at)
	if !v.fits(pos, 4) {
		return 0, 0, v.errorf("vector at offset %d is outside the buffer", pos)
	}
	n := v.u32(pos)
	if !v.fits(pos+4, n*elem) {
		return 0, 0, v.errorf("vector of %d elements at offset %d runs past the end of the buffer", n, pos)
	}
	if err := v.spend(4 + n*elem); err != nil {
		return 0, 0, err
	}
	return pos + 4, n, nil
}

// string checks the string whose offset is at at.
func (v *verifier) string(at uint64) error {
	pos := at + v.u32(at)
	if !v.fits(pos, 4) {
		return v.errorf("string at offset %d is outside the buffer", pos)
	}
	n := v.u32(pos)
	if !v.fits(pos+4, n+1) {
		return v.errorf("string of %d bytes at offset %d runs past the end of the buffer", n, pos)
	}
	if v.buf[pos+4+n] != 0 {
		return v.errorf("string at offset %d is not zero-terminated", pos)
	}
	return v.spend(4 + n)
}
