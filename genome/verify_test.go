package genome

import (
	"encoding/binary"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	flatbuffers "github.com/google/flatbuffers/go"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/schema/fb"
	"github.com/deckforge/deckforge/schema/fbverify"
)

// TestSchemaDescriptionMatchesGeneratedCode checks the verifier's
// description of genome.fbs against the code flatc generated: every field's
// vtable slot and every table's field count.
func TestSchemaDescriptionMatchesGeneratedCode(t *testing.T) {
	all, err := filepath.Glob("../schema/fb/*.go")
	if err != nil || len(all) == 0 {
		t.Fatalf("no generated code found: %v", err)
	}
	var files []string
	for _, f := range all {
		if !strings.HasPrefix(filepath.Base(f), "Replay") { // replay.fbs shares the namespace; replay checks its own tables
			files = append(files, f)
		}
	}
	gen, err := fbverify.Parse(files)
	require.NoError(t, err)
	for _, d := range gen.Differences(genomeSchema()) {
		t.Error(d)
	}
}

func seedFB(t testing.TB, id string) []byte {
	g, err := Seed(id)
	require.NoError(t, err)
	b, err := EncodeFB(g)
	require.NoError(t, err)
	return b
}

func TestVerifyRejectsCorruptBuffers(t *testing.T) {
	good := seedFB(t, "hearts")
	if err := VerifyFB(good); err != nil {
		t.Fatalf("good buffer: %v", err)
	}
	root := binary.LittleEndian.Uint32(good)
	cases := []struct {
		name  string
		bytes func() []byte
		want  string
	}{
		{"short", func() []byte { return good[:6] }, "too short"},
		{"identifier", func() []byte { b := clone(good); b[4] = 'X'; return b }, "file identifier"},
		{"root outside", func() []byte { b := clone(good); binary.LittleEndian.PutUint32(b, 1<<30); return b }, "outside the buffer"},
		{"vtable outside", func() []byte {
			b := clone(good)
			binary.LittleEndian.PutUint32(b[root:], 0xfff00000)
			return b
		}, "vtable at offset"},
		{"vtable size", func() []byte {
			b := clone(good)
			vt := int(root) - int(int32(binary.LittleEndian.Uint32(b[root:])))
			binary.LittleEndian.PutUint16(b[vt:], 3)
			return b
		}, "vtable size 3"},
		{"object size", func() []byte {
			b := clone(good)
			vt := int(root) - int(int32(binary.LittleEndian.Uint32(b[root:])))
			binary.LittleEndian.PutUint16(b[vt+2:], 60000)
			return b
		}, "object size"},
		{"truncated", func() []byte { return good[:len(good)/2] }, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := c.bytes()
			err := VerifyFB(b)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("VerifyFB: %v, want …%s…", err, c.want)
			}
			if _, err := DecodeFB(b); err == nil {
				t.Fatal("DecodeFB accepted a corrupt buffer")
			}
		})
	}
}

func clone(b []byte) []byte { return append([]byte(nil), b...) }

// TestVerifyFieldProblems corrupts single fields found by walking the
// buffer and checks each error names the field.
func TestVerifyFieldProblems(t *testing.T) {
	g, _ := Seed("hearts")
	g.Name = "Hearts"
	b, _ := EncodeFB(g)
	// Find the name string by content and break its terminator and length.
	i := strings.Index(string(b), "Hearts\x00")
	if i < 4 {
		t.Fatal("name not found in buffer")
	}
	nb := clone(b)
	nb[i+6] = 'x'
	if err := VerifyFB(nb); err == nil || !strings.Contains(err.Error(), "name: string") || !strings.Contains(err.Error(), "zero-terminated") {
		t.Fatalf("unterminated name: %v", err)
	}
	nb = clone(b)
	binary.LittleEndian.PutUint32(nb[i-4:], 1<<20)
	if err := VerifyFB(nb); err == nil || !strings.Contains(err.Error(), "name: string of 1048576 bytes") {
		t.Fatalf("long name: %v", err)
	}
	// Invalid UTF-8 verifies but does not decode.
	nb = clone(b)
	nb[i] = 0xff
	if _, err := DecodeFB(nb); err == nil || !strings.Contains(err.Error(), "name: not valid UTF-8") {
		t.Fatalf("bad UTF-8: %v", err)
	}
}

func TestVerifyUnionAndEnumProblems(t *testing.T) {
	g := &Genome{SchemaVersion: 2, Phases: []Phase{{Kind: PhaseAsk, Ask: AskPhase{FishCount: 77}}}}
	b, err := EncodeFB(g)
	require.NoError(t, err)
	// The Ask phase's fish_count byte (77) is unique in the buffer; the
	// union type byte (9) sits in the Phase table. Flip the type to 42.
	typeAt := -1
	for i := range b {
		if b[i] == byte(PhaseAsk) && i+4 < len(b) {
			nb := clone(b)
			nb[i] = 42
			if err := VerifyFB(nb); err != nil && strings.Contains(err.Error(), "unknown union type 42") {
				typeAt = i
				if !strings.Contains(err.Error(), "phases[0].kind") {
					t.Fatalf("union error does not name the field: %v", err)
				}
				break
			}
		}
	}
	if typeAt < 0 {
		t.Fatal("could not provoke an unknown union type error")
	}
	// An enum out of range verifies (it is a byte) but DecodeFB rejects it,
	// naming the field.
	g = &Genome{SchemaVersion: 2, Phases: []Phase{{Kind: PhaseShowdown, Showdown: ShowdownPhase{Method: ShowdownHighCard}}}}
	b, _ = EncodeFB(g)
	var p fb.Phase
	fb.GetRootAsGenome(b, 0).Phases(&p, 0)
	var tab flatbuffers.Table
	p.Kind(&tab)
	var sd fb.ShowdownPhase
	sd.Init(tab.Bytes, tab.Pos)
	if !sd.MutateMethod(200) {
		t.Fatal("cannot mutate the method")
	}
	require.NoError(t, VerifyFB(b))
	if _, err := DecodeFB(b); err == nil || !strings.Contains(err.Error(), "phases[0].showdown.method: unknown value 200") {
		t.Fatalf("enum out of range: %v", err)
	}
}

func TestVerifyBoolAndDepth(t *testing.T) {
	g := &Genome{SchemaVersion: 2, Setup: Setup{DealAll: true, PointLimit: 21}}
	b, _ := EncodeFB(g)
	found := false
	for i := range b {
		if b[i] != 1 {
			continue
		}
		nb := clone(b)
		nb[i] = 2
		if err := VerifyFB(nb); err != nil && strings.Contains(err.Error(), "setup.deal_all: bool byte is 2") {
			found = true
			break
		}
	}
	if !found {
		t.Fatal("a bool byte of 2 was not reported")
	}
	// Conditions nested past the verifier's depth limit.
	c := Is(TestHandSize)
	for range maxFBDepth {
		c = Not(c)
	}
	deep := &Genome{SchemaVersion: 2, Turns: Turns{CycleUntil: c}}
	b, err := EncodeFB(deep)
	require.NoError(t, err)
	if err := VerifyFB(b); err == nil || !strings.Contains(err.Error(), "nested deeper than 64") {
		t.Fatalf("deep nesting: %v", err)
	}
}

// TestCorruptBytesNeverPanic flips random bytes of real buffers: decoding
// must return a genome or an error, never panic.
func TestCorruptBytesNeverPanic(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var bufs [][]byte
	for _, id := range SeedIDs() {
		bufs = append(bufs, seedFB(t, id))
	}
	for range 20000 {
		b := clone(bufs[rng.IntN(len(bufs))])
		for range 1 + rng.IntN(4) {
			b[8+rng.IntN(len(b)-8)] = byte(rng.Uint32())
		}
		if rng.IntN(10) == 0 {
			b = b[:8+rng.IntN(len(b)-8)]
		}
		g, err := DecodeFB(b)
		if err == nil {
			if _, err := EncodeJSON(g); err != nil {
				t.Fatalf("decoded genome does not encode: %v", err)
			}
		}
	}
}
