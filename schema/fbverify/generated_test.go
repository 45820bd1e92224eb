package fbverify

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// generatedSource is laid out as flatc writes Go code.
const generatedSource = `package fb

type Leaf struct{ _tab flatbuffers.Table }

func (rcv *Leaf) X() byte {
	o := flatbuffers.UOffsetT(rcv._tab.Offset(4))
	return 0
}
func (rcv *Leaf) Y() byte {
	o := flatbuffers.UOffsetT(rcv._tab.Offset(6))
	return 0
}
func LeafStart(builder *flatbuffers.Builder) { builder.StartObject(2) }

func CreatePair(builder *flatbuffers.Builder, a int64) flatbuffers.UOffsetT {
	builder.Prep(8, 16)
	return builder.Offset()
}
`

func TestDifferences(t *testing.T) {
	path := filepath.Join(t.TempDir(), "Leaf.go")
	if err := os.WriteFile(path, []byte(generatedSource), 0o644); err != nil {
		t.Fatal(err)
	}
	gen, err := Parse([]string{path})
	if err != nil {
		t.Fatal(err)
	}
	if gen.StructSizes["Pair"] != 16 {
		t.Errorf("struct sizes %v, want Pair 16", gen.StructSizes)
	}
	if d := gen.Differences(&Table{Name: "Leaf", Fields: []Field{Scalar("x", 1), Scalar("y", 1)}}); len(d) != 0 {
		t.Errorf("matching description: %q", d)
	}
	got := gen.Differences(&Table{Name: "Leaf", Fields: []Field{
		Scalar("y", 1), Scalar("x", 1), TableOf("z", &Table{Name: "Other"}),
	}})
	want := []string{
		"Leaf: described with 3 fields, generated with 2",
		"Leaf.y: described at vtable offset 4, generated at 6",
		"Leaf.x: described at vtable offset 6, generated at 4",
		"Leaf.z: no generated accessor Z",
	}
	if !slices.Equal(got, want) {
		t.Errorf("differences:\n%q\nwant\n%q", got, want)
	}
	if _, err := Parse([]string{filepath.Join(t.TempDir(), "missing.go")}); err == nil {
		t.Error("Parse of a missing file: no error")
	}
}
