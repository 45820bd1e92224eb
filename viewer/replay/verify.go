package replay

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// The FlatBuffers verifier.
//
// The Go FlatBuffers runtime reads whatever offsets a buffer holds, so
// corrupt bytes would make the generated accessors index out of range.
// verify walks the buffer the way the accessors will, against a
// description of schema/replay.fbs, and checks before anything is read:
// the file identifier; every table's vtable offset, vtable size and object
// size; that every present field lies inside its table and the buffer;
// every string's offset, length and terminating zero; every vector's
// offset, length and elements (structs included); bool bytes (0 or 1);
// enum values (a known name); the nesting depth; and that no byte is
// referenced twice (see the budget below).

// Verifier limits. A buffer written without sharing (as Encode writes
// them) holds each table, string and vector once, so what it references
// is at most its own size: the budget keeps a hostile buffer whose
// offsets point many times at the same bytes from decoding into far more
// memory than it occupies.
const (
	maxDepth = 16      // tables nested inside one another (the schema has 4 levels)
	maxSize  = 1 << 30 // bytes in one buffer
)

type fkind uint8

const (
	fScalar    fkind = iota // an inline scalar of size bytes
	fBool                   // an inline byte that must be 0 or 1
	fEnum                   // an inline byte below limit
	fString                 // offset to a string
	fTable                  // offset to a table
	fScalarVec              // offset to a vector of size-byte scalars or structs
	fStringVec              // offset to a vector of string offsets
	fTableVec               // offset to a vector of table offsets
)

type fdesc struct {
	name  string
	kind  fkind
	size  int
	limit int // fEnum: the number of values
	table *tdesc
}

type tdesc struct {
	name   string
	fields []fdesc // in slot order: field i is at vtable offset 4+2i
}

func scalar(name string, size int) fdesc { return fdesc{name: name, kind: fScalar, size: size} }
func boolean(name string) fdesc          { return fdesc{name: name, kind: fBool, size: 1} }
func enum(name string, limit int) fdesc {
	return fdesc{name: name, kind: fEnum, size: 1, limit: limit}
}
func str(name string) fdesc { return fdesc{name: name, kind: fString} }
func vec(name string, elem int) fdesc {
	return fdesc{name: name, kind: fScalarVec, size: elem}
}

// Struct sizes (with their padding) as flatc lays them out.
const (
	forcedSize = 24 // blind: long, ante: long, seat: ubyte, 7 bytes of padding
	stackSize  = 16 // stack: long, seat: ubyte, 7 bytes of padding
)

// fileSchema describes schema/replay.fbs (a test checks it against the
// generated code).
func fileSchema() *tdesc {
	seat := &tdesc{name: "ReplaySeat", fields: []fdesc{
		scalar("seat", 1), str("name"), scalar("stack", 8), enum("status", len(seatStatusNames)),
		boolean("inactive"), enum("intent", len(intentNames)), scalar("dead_blinds", 8),
		boolean("away"), scalar("score", 8),
	}}
	event := &tdesc{name: "ReplayEvent", fields: []fdesc{
		enum("kind", int(numEventKinds)), scalar("seat", 1), scalar("target", 1),
		scalar("amount", 8), scalar("to", 8), boolean("all_in"), scalar("round", 1),
		scalar("pot", 1), scalar("pile", 1), enum("post", len(postNames)),
		enum("intent", len(intentNames)), boolean("public"), vec("cards", 1), vec("seats", 1),
		vec("amounts", 8), scalar("points", 8), scalar("total", 8), str("text"),
	}}
	hand := &tdesc{name: "ReplayHand", fields: []fdesc{
		scalar("number", 4), str("label"), str("variant"), scalar("button", 1),
		scalar("small_blind", 8), scalar("big_blind", 8), scalar("min_bet", 8),
		scalar("big_bet", 8), scalar("dead_money", 8),
		{name: "seats", kind: fTableVec, table: seat}, vec("forced", forcedSize),
		{name: "piles", kind: fStringVec}, {name: "events", kind: fTableVec, table: event},
		vec("final", stackSize), boolean("complete"),
	}}
	return &tdesc{name: "ReplayFile", fields: []fdesc{
		scalar("version", 2), str("game"), vec("genome_hash", 1), enum("kind", len(gameKindNames)),
		{name: "players", kind: fStringVec}, scalar("seat_count", 1), scalar("seed", 8),
		str("source"), {name: "hands", kind: fTableVec, table: hand},
	}}
}

// verify checks that data is a well-formed replay buffer that the
// generated accessors can read without going out of bounds. The error
// names the path of the first problem and what is wrong.
func verify(data []byte) error {
	if len(data) < 8 {
		return fmt.Errorf("replay: %d bytes is too short for a replay (at least 8)", len(data))
	}
	if len(data) > maxSize {
		return fmt.Errorf("replay: %d bytes is more than the limit of %d", len(data), maxSize)
	}
	if string(data[4:8]) != FileIdentifier {
		return fmt.Errorf("replay: file identifier %q, want %q", data[4:8], FileIdentifier)
	}
	v := verifier{buf: data, budget: uint64(len(data))}
	root := uint64(binary.LittleEndian.Uint32(data))
	return v.table(root, fileSchema(), 0)
}

type verifier struct {
	buf    []byte
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
		if i > 0 && s.index < 0 {
			b.WriteByte('.')
		}
		if s.index >= 0 {
			fmt.Fprintf(&b, "[%d]", s.index)
		} else {
			b.WriteString(s.name)
		}
	}
	p := b.String()
	if p == "" {
		p = "(root)"
	}
	return fmt.Errorf("replay: %s: %s", p, fmt.Sprintf(format, args...))
}

// spend takes n bytes from the budget.
func (v *verifier) spend(n uint64) error {
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
func (v *verifier) table(pos uint64, d *tdesc, depth int) error {
	if depth >= maxDepth {
		return v.errorf("tables nested deeper than %d", maxDepth)
	}
	if !v.fits(pos, 4) {
		return v.errorf("%s table at offset %d is outside the buffer (%d bytes)", d.name, pos, len(v.buf))
	}
	vt := int64(pos) - int64(int32(v.u32(pos)))
	if vt < 0 || !v.fits(uint64(vt), 4) {
		return v.errorf("%s vtable at offset %d is outside the buffer", d.name, vt)
	}
	vtSize, objSize := v.u16(uint64(vt)), v.u16(uint64(vt)+2)
	if vtSize < 4 || vtSize%2 != 0 || !v.fits(uint64(vt), vtSize) {
		return v.errorf("%s vtable size %d is invalid", d.name, vtSize)
	}
	if objSize < 4 || !v.fits(pos, objSize) {
		return v.errorf("%s object size %d does not fit in the buffer", d.name, objSize)
	}
	if err := v.spend(objSize); err != nil {
		return err
	}
	for i, f := range d.fields {
		slot := uint64(4 + 2*i)
		if slot+2 > vtSize {
			continue // an older writer: the field is absent
		}
		fo := v.u16(uint64(vt) + slot)
		if fo == 0 {
			continue
		}
		at := pos + fo
		size := uint64(f.size)
		if f.kind != fScalar && f.kind != fBool && f.kind != fEnum {
			size = 4
		}
		v.push(f.name, -1)
		if fo < 4 || fo+size > objSize {
			return v.errorf("field at offset %d (size %d) is outside its %s object (%d bytes)", fo, size, d.name, objSize)
		}
		if err := v.field(f, at, depth); err != nil {
			return err
		}
		v.pop()
	}
	return nil
}

// field verifies one present field whose inline part is at at.
func (v *verifier) field(f fdesc, at uint64, depth int) error {
	switch f.kind {
	case fBool:
		if v.buf[at] > 1 {
			return v.errorf("bool byte is %d, want 0 or 1", v.buf[at])
		}
	case fEnum:
		if int(v.buf[at]) >= f.limit {
			return v.errorf("value %d is not one of the %d defined", v.buf[at], f.limit)
		}
	case fString:
		return v.string(at)
	case fTable:
		return v.table(at+v.u32(at), f.table, depth+1)
	case fScalarVec:
		_, _, err := v.vector(at, uint64(f.size))
		return err
	case fStringVec, fTableVec:
		start, n, err := v.vector(at, 4)
		if err != nil {
			return err
		}
		for j := range n {
			v.push("", int(j))
			el := start + j*4
			if f.kind == fStringVec {
				err = v.string(el)
			} else {
				err = v.table(el+v.u32(el), f.table, depth+1)
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
