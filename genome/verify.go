package genome

import (
	"encoding/binary"
	"fmt"
)

// The FlatBuffers verifier.
//
// The Go FlatBuffers runtime reads whatever offsets a buffer holds, so
// corrupt bytes would make the generated accessors index out of range.
// VerifyFB walks the buffer the way the accessors will, against a
// description of schema/genome.fbs, and checks before anything is read:
// the file identifier; every table's vtable offset, vtable size and object
// size; that every present field lies inside its table and the buffer;
// every string's offset, length and terminating zero; every vector's offset,
// length and elements; bool bytes (0 or 1); union types (known, with a
// value); the nesting depth and the number of tables.

// Verifier limits.
const (
	maxFBDepth  = 64      // tables nested inside one another
	maxFBTables = 1 << 16 // tables in one buffer
	maxFBSize   = 1 << 26 // bytes in one buffer
)

type fkind uint8

const (
	fScalar     fkind = iota // an inline scalar of size bytes
	fBool                    // an inline byte that must be 0 or 1
	fString                  // offset to a string
	fTable                   // offset to a table
	fScalarVec               // offset to a vector of scalars of size bytes
	fStringVec               // offset to a vector of string offsets
	fTableVec                // offset to a vector of table offsets
	fUnionType               // the byte type of the union in the next field
	fUnionValue              // offset to the union's table, described by union[type]
)

type fdesc struct {
	name  string
	kind  fkind
	size  int
	table *tdesc
	union []*tdesc // index = union type; [0] (NONE) is nil
}

type tdesc struct {
	name   string
	fields []fdesc // in slot order: field i is at vtable offset 4+2i
}

func scalar(name string, size int) fdesc { return fdesc{name: name, kind: fScalar, size: size} }
func boolean(name string) fdesc          { return fdesc{name: name, kind: fBool, size: 1} }

// genomeSchema describes schema/genome.fbs (tests check it against the
// generated code).
func genomeSchema() *tdesc {
	cond := &tdesc{name: "Condition"}
	cond.fields = []fdesc{
		scalar("op", 1), scalar("test", 1), scalar("cmp", 1), scalar("value", 2),
		scalar("ranks", 2), scalar("suits", 1), {name: "args", kind: fTableVec, table: cond},
	}
	setup := &tdesc{name: "Setup", fields: []fdesc{
		scalar("deck", 1), scalar("jokers", 1), {name: "remove", kind: fScalarVec, size: 1},
		scalar("min_players", 1), scalar("max_players", 1), scalar("cards_per_player", 1),
		boolean("deal_all"), scalar("hand_size_change", 1), scalar("initial_discard", 1),
		scalar("tableau", 1), scalar("community", 1), scalar("trump", 1), scalar("trump_suit", 1),
		scalar("wild_ranks", 2), scalar("rank_order", 1), scalar("point_limit", 1),
		scalar("hands_per_game", 2), scalar("elimination", 1), scalar("starting_chips", 4),
		scalar("small_blind", 4), scalar("big_blind", 4), scalar("ante", 4),
	}}
	turns := &tdesc{name: "Turns", fields: []fdesc{
		scalar("direction", 1), scalar("first_player", 1), scalar("first_card", 1),
		scalar("cycle_start", 1), scalar("cycle_end", 1),
		{name: "cycle_until", kind: fTable, table: cond}, scalar("max_turns", 4),
	}}
	deal := &tdesc{name: "DealPhase", fields: []fdesc{scalar("to", 1), scalar("count", 1), boolean("face_up")}}
	draw := &tdesc{name: "DrawPhase", fields: []fdesc{
		scalar("actor", 1), scalar("source", 1), scalar("count", 1), boolean("mandatory"),
		boolean("repeat"), boolean("face_up"), {name: "condition", kind: fTable, table: cond},
	}}
	play := &tdesc{name: "PlayPhase", fields: []fdesc{
		scalar("actor", 1), scalar("target", 1), {name: "condition", kind: fTable, table: cond},
		scalar("min_cards", 1), scalar("max_cards", 1), boolean("same_rank"), boolean("mandatory"),
		scalar("if_unable", 1),
	}}
	discard := &tdesc{name: "DiscardPhase", fields: []fdesc{
		scalar("actor", 1), scalar("target", 1), scalar("min_cards", 1), scalar("max_cards", 1),
		scalar("set_size", 1), boolean("refill"), {name: "condition", kind: fTable, table: cond},
	}}
	trick := &tdesc{name: "TrickPhase", fields: []fdesc{
		{name: "lead_condition", kind: fTable, table: cond}, boolean("follow_suit"),
		scalar("winner", 1), scalar("play_from", 1), scalar("tie", 1), scalar("war_cards", 1),
		scalar("collect", 1), boolean("awards_pot"),
	}}
	betting := &tdesc{name: "BettingPhase", fields: []fdesc{
		scalar("min_bet", 4), scalar("max_raises", 1), scalar("structure", 1),
	}}
	claim := &tdesc{name: "ClaimPhase", fields: []fdesc{
		scalar("min_cards", 1), scalar("max_cards", 1), scalar("rank_rule", 1),
		scalar("first_rank", 1), scalar("challenge", 1),
	}}
	showdown := &tdesc{name: "ShowdownPhase", fields: []fdesc{scalar("method", 1), scalar("hole_cards", 1)}}
	ask := &tdesc{name: "AskPhase", fields: []fdesc{
		scalar("target", 1), boolean("must_hold_rank"), scalar("fish_count", 1),
		boolean("again_on_success"), boolean("again_on_fish"),
	}}
	phase := &tdesc{name: "Phase", fields: []fdesc{
		{name: "kind_type", kind: fUnionType, size: 1},
		{name: "kind", kind: fUnionValue, union: []*tdesc{nil, deal, draw, play, discard, trick, betting, claim, showdown, ask}},
	}}
	effect := &tdesc{name: "Effect", fields: []fdesc{
		scalar("ranks", 2), scalar("suits", 1), scalar("kind", 1), scalar("target", 1), scalar("value", 1),
	}}
	scoring := &tdesc{name: "ScoringRule", fields: []fdesc{
		scalar("kind", 1), scalar("ranks", 2), scalar("suits", 1), scalar("points", 2),
	}}
	win := &tdesc{name: "WinCondition", fields: []fdesc{scalar("kind", 1), scalar("threshold", 4)}}
	return &tdesc{name: "Genome", fields: []fdesc{
		scalar("schema_version", 2), {name: "id", kind: fString}, {name: "name", kind: fString},
		{name: "lineage", kind: fStringVec}, scalar("generation", 4),
		{name: "setup", kind: fTable, table: setup}, {name: "turns", kind: fTable, table: turns},
		{name: "phases", kind: fTableVec, table: phase}, {name: "effects", kind: fTableVec, table: effect},
		{name: "scoring", kind: fTableVec, table: scoring},
		{name: "win_conditions", kind: fTableVec, table: win},
	}}
}

// VerifyFB checks that data is a well-formed genome buffer that the
// generated accessors can read without going out of bounds. The error names
// the path of the first problem and what is wrong.
func VerifyFB(data []byte) error {
	if len(data) < 8 {
		return fmt.Errorf("flatbuffer: %d bytes is too short for a genome (at least 8)", len(data))
	}
	if len(data) > maxFBSize {
		return fmt.Errorf("flatbuffer: %d bytes is more than the limit of %d", len(data), maxFBSize)
	}
	if string(data[4:8]) != FileIdentifier {
		return fmt.Errorf("flatbuffer: file identifier %q, want %q", data[4:8], FileIdentifier)
	}
	v := verifier{buf: data}
	root := uint64(binary.LittleEndian.Uint32(data))
	return v.table(root, genomeSchema(), 0, "(root)")
}

type verifier struct {
	buf    []byte
	tables int
}

func (v *verifier) u16(at uint64) uint64 { return uint64(binary.LittleEndian.Uint16(v.buf[at:])) }
func (v *verifier) u32(at uint64) uint64 { return uint64(binary.LittleEndian.Uint32(v.buf[at:])) }

// fits reports whether n bytes at at lie inside the buffer.
func (v *verifier) fits(at, n uint64) bool {
	return at <= uint64(len(v.buf)) && n <= uint64(len(v.buf))-at
}

func sub(path, name string) string {
	if path == "(root)" {
		return name
	}
	return path + "." + name
}

// table verifies the table at pos described by d.
func (v *verifier) table(pos uint64, d *tdesc, depth int, path string) error {
	if depth >= maxFBDepth {
		return fmt.Errorf("%s: tables nested deeper than %d", path, maxFBDepth)
	}
	v.tables++
	if v.tables > maxFBTables {
		return fmt.Errorf("%s: more than %d tables in the buffer", path, maxFBTables)
	}
	if !v.fits(pos, 4) {
		return fmt.Errorf("%s: %s table at offset %d is outside the buffer (%d bytes)", path, d.name, pos, len(v.buf))
	}
	vt := int64(pos) - int64(int32(v.u32(pos)))
	if vt < 0 || !v.fits(uint64(vt), 4) {
		return fmt.Errorf("%s: %s vtable at offset %d is outside the buffer", path, d.name, vt)
	}
	vtSize, objSize := v.u16(uint64(vt)), v.u16(uint64(vt)+2)
	if vtSize < 4 || vtSize%2 != 0 || !v.fits(uint64(vt), vtSize) {
		return fmt.Errorf("%s: %s vtable size %d is invalid", path, d.name, vtSize)
	}
	if objSize < 4 || !v.fits(pos, objSize) {
		return fmt.Errorf("%s: %s object size %d does not fit in the buffer", path, d.name, objSize)
	}
	var unionType uint64
	for i, f := range d.fields {
		slot := uint64(4 + 2*i)
		if slot+2 > vtSize {
			if f.kind == fUnionValue && unionType != 0 {
				return fmt.Errorf("%s: union type %d has no value", sub(path, f.name), unionType)
			}
			continue
		}
		fo := v.u16(uint64(vt) + slot)
		if fo == 0 {
			if f.kind == fUnionValue && unionType != 0 {
				return fmt.Errorf("%s: union type %d has no value", sub(path, f.name), unionType)
			}
			continue
		}
		at := pos + fo
		fp := sub(path, f.name)
		size := uint64(f.size)
		if f.kind != fScalar && f.kind != fBool && f.kind != fUnionType {
			size = 4
		}
		if fo < 4 || fo+size > objSize {
			return fmt.Errorf("%s: field at offset %d (size %d) is outside its %s object (%d bytes)", fp, fo, size, d.name, objSize)
		}
		switch f.kind {
		case fScalar:
		case fBool:
			if v.buf[at] > 1 {
				return fmt.Errorf("%s: bool byte is %d, want 0 or 1", fp, v.buf[at])
			}
		case fUnionType:
			unionType = uint64(v.buf[at])
		case fString:
			if err := v.string(at, fp); err != nil {
				return err
			}
		case fTable:
			if err := v.table(at+v.u32(at), f.table, depth+1, fp); err != nil {
				return err
			}
		case fUnionValue:
			if unionType == 0 {
				continue // NONE: the value is never read
			}
			if unionType >= uint64(len(f.union)) {
				return fmt.Errorf("%s: unknown union type %d", fp, unionType)
			}
			if err := v.table(at+v.u32(at), f.union[unionType], depth+1, fp); err != nil {
				return err
			}
		case fScalarVec, fStringVec, fTableVec:
			elem := uint64(f.size)
			if f.kind != fScalarVec {
				elem = 4
			}
			start, n, err := v.vector(at, elem, fp)
			if err != nil {
				return err
			}
			for j := range n {
				ep := fmt.Sprintf("%s[%d]", fp, j)
				el := start + j*4
				switch f.kind {
				case fStringVec:
					err = v.string(el, ep)
				case fTableVec:
					err = v.table(el+v.u32(el), f.table, depth+1, ep)
				}
				if err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// vector checks the vector whose offset is at at and returns the position
// of its first element and its length.
func (v *verifier) vector(at, elem uint64, path string) (uint64, uint64, error) {
	pos := at + v.u32(at)
	if !v.fits(pos, 4) {
		return 0, 0, fmt.Errorf("%s: vector at offset %d is outside the buffer", path, pos)
	}
	n := v.u32(pos)
	if !v.fits(pos+4, n*elem) {
		return 0, 0, fmt.Errorf("%s: vector of %d elements at offset %d runs past the end of the buffer", path, n, pos)
	}
	return pos + 4, n, nil
}

// string checks the string whose offset is at at.
func (v *verifier) string(at uint64, path string) error {
	pos := at + v.u32(at)
	if !v.fits(pos, 4) {
		return fmt.Errorf("%s: string at offset %d is outside the buffer", path, pos)
	}
	n := v.u32(pos)
	if !v.fits(pos+4, n+1) {
		return fmt.Errorf("%s: string of %d bytes at offset %d runs past the end of the buffer", path, n, pos)
	}
	if v.buf[pos+4+n] != 0 {
		return fmt.Errorf("%s: string at offset %d is not zero-terminated", path, pos)
	}
	return nil
}
