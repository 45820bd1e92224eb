package fbverify

import (
	"bytes"
	"strings"
	"testing"

	flatbuffers "github.com/google/flatbuffers/go"
)

// testSchema describes a root table with one field of every kind.
func testSchema() *Schema {
	leaf := &Table{Name: "Leaf", Fields: []Field{Scalar("x", 1)}}
	root := &Table{Name: "Root"}
	root.Fields = []Field{
		Scalar("n", 4), Bool("b"), Enum("e", 3), String("s"), Vector("v", 2),
		StringVector("ss"), TableVector("kids", root), UnionType("u_type"), Union("u", leaf),
	}
	return &Schema{Root: root, Identifier: "TEST", Name: "test", Prefix: "test: ", MaxSize: 1 << 20, MaxDepth: 8}
}

// build writes a buffer of testSchema whose string vector holds copies
// references to one string.
func build(copies int) []byte {
	b := flatbuffers.NewBuilder(0)
	b.StartObject(1)
	b.PrependByteSlot(0, 7, 0)
	leaf := b.EndObject()
	b.StartObject(9)
	b.PrependUint32Slot(0, 1, 0)
	kid := b.EndObject()
	s := b.CreateString("hello")
	b.StartVector(2, 3, 2)
	for i := range 3 {
		b.PrependUint16(uint16(i))
	}
	v := b.EndVector(3)
	shared := b.CreateString("a string shared by every element")
	b.StartVector(4, copies, 4)
	for range copies {
		b.PrependUOffsetT(shared)
	}
	ss := b.EndVector(copies)
	b.StartVector(4, 1, 4)
	b.PrependUOffsetT(kid)
	kids := b.EndVector(1)
	b.StartObject(9)
	b.PrependUint32Slot(0, 42, 0)
	b.PrependBoolSlot(1, true, false)
	b.PrependByteSlot(2, 2, 0)
	b.PrependUOffsetTSlot(3, s, 0)
	b.PrependUOffsetTSlot(4, v, 0)
	b.PrependUOffsetTSlot(5, ss, 0)
	b.PrependUOffsetTSlot(6, kids, 0)
	b.PrependByteSlot(7, 1, 0)
	b.PrependUOffsetTSlot(8, leaf, 0)
	b.FinishWithFileIdentifier(b.EndObject(), []byte("TEST"))
	return b.FinishedBytes()
}

// fieldAt returns the position of the root table's field in slot i.
func fieldAt(t *testing.T, buf []byte, slot int) int {
	t.Helper()
	tab := flatbuffers.Table{Bytes: buf, Pos: flatbuffers.GetUOffsetT(buf)}
	o := tab.Offset(flatbuffers.VOffsetT(4 + 2*slot))
	if o == 0 {
		t.Fatalf("slot %d absent", slot)
	}
	return int(tab.Pos) + int(o)
}

func TestVerify(t *testing.T) {
	good := build(2)
	if err := testSchema().Verify(good); err != nil {
		t.Fatalf("good buffer: %v", err)
	}
	mut := func(f func(b []byte)) []byte {
		b := bytes.Clone(good)
		f(b)
		return b
	}
	cases := []struct {
		name string
		data []byte
		s    func(s *Schema)
		want string
	}{
		{"short", good[:7], nil, "test: 7 bytes is too short for a test (at least 8)"},
		{"size", good, func(s *Schema) { s.MaxSize = 16 }, "is more than the limit of 16"},
		{"identifier", mut(func(b []byte) { b[4] = 'X' }), nil, `test: file identifier "XEST", want "TEST"`},
		{"root", mut(func(b []byte) { b[0], b[1], b[2], b[3] = 0, 0, 0, 1 }), nil, "(root): Root table at offset 16777216 is outside the buffer"},
		{"bool", mut(func(b []byte) { b[fieldAt(t, b, 1)] = 2 }), nil, "b: bool byte is 2, want 0 or 1"},
		{"enum", mut(func(b []byte) { b[fieldAt(t, b, 2)] = 3 }), nil, "e: value 3 is not one of the 3 defined"},
		{"union type", mut(func(b []byte) { b[fieldAt(t, b, 7)] = 5 }), nil, "u: unknown union type 5"},
		{"string", mut(func(b []byte) {
			at := fieldAt(t, b, 3)
			b[at+int(flatbuffers.GetUOffsetT(b[at:]))+2] = 0x7f
		}), nil, "s: string of 8323077 bytes"},
		{"vector", mut(func(b []byte) {
			at := fieldAt(t, b, 4)
			b[at+int(flatbuffers.GetUOffsetT(b[at:]))+3] = 0x7f
		}), nil, "v: vector of 2130706435 elements"},
		{"depth", good, func(s *Schema) { s.MaxDepth = 1 }, "kids[0]: tables nested deeper than 1"},
		{"tables", good, func(s *Schema) { s.MaxTables = 1 }, "kids[0]: more than 1 tables in the buffer"},
		{"budget", build(1000), func(s *Schema) { s.Budget = true }, "the buffer references more bytes than it holds"},
	}
	for _, c := range cases {
		s := testSchema()
		s.FieldPrefix = "field: "
		if c.s != nil {
			c.s(s)
		}
		err := s.Verify(c.data)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
	// Without the budget, shared strings are accepted.
	if err := testSchema().Verify(build(1000)); err != nil {
		t.Errorf("shared strings without a budget: %v", err)
	}
}

// FuzzVerify: any input verifies or fails with an error, never a panic.
func FuzzVerify(f *testing.F) {
	f.Add(build(2))
	f.Add(build(0))
	f.Fuzz(func(t *testing.T, data []byte) {
		s := testSchema()
		s.Budget = true
		_ = s.Verify(data)
	})
}

func BenchmarkVerify(b *testing.B) {
	data := build(100)
	s := testSchema()
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if err := s.Verify(data); err != nil {
			b.Fatal(err)
		}
	}
}
