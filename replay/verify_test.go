package replay

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/deckforge/deckforge/schema/fb"
	"github.com/deckforge/deckforge/schema/fbverify"
)

// TestSchemaDescriptionMatchesGeneratedCode checks the verifier's
// description of replay.fbs against the code flatc generated: every
// field's vtable slot and every table's field count, and the struct sizes.
func TestSchemaDescriptionMatchesGeneratedCode(t *testing.T) {
	files, err := filepath.Glob("../schema/fb/Replay*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no generated code found: %v", err)
	}
	gen, err := fbverify.Parse(files)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range gen.Differences(fileSchema()) {
		t.Error(d)
	}
	if prep := gen.StructSizes; prep["ReplayForced"] != forcedSize || prep["ReplayStack"] != stackSize {
		t.Errorf("struct sizes: generated %v, described ReplayForced %d, ReplayStack %d", prep, forcedSize, stackSize)
	}
}

// TestEnumsMatchSchema: the Go enums have the schema's values, in order.
func TestEnumsMatchSchema(t *testing.T) {
	snake := func(s string) string {
		var b strings.Builder
		for i, r := range s {
			if r >= 'A' && r <= 'Z' {
				if i > 0 && !(s[i-1] >= 'A' && s[i-1] <= 'Z') {
					b.WriteByte('_')
				}
				r += 'a' - 'A'
			}
			b.WriteRune(r)
		}
		return b.String()
	}
	check := func(name string, schema map[int]string, goNames []string) {
		if len(schema) != len(goNames) {
			t.Errorf("%s: %d values in the schema, %d in Go", name, len(schema), len(goNames))
			return
		}
		for i, g := range goNames {
			if s := snake(schema[i]); s != g {
				t.Errorf("%s value %d: schema %s (%s), Go %s", name, i, schema[i], s, g)
			}
		}
	}
	conv := func(m any) map[int]string {
		out := map[int]string{}
		v := reflect.ValueOf(m)
		for _, k := range v.MapKeys() {
			out[int(k.Uint())] = v.MapIndex(k).String()
		}
		return out
	}
	check("ReplayEventKind", conv(fb.EnumNamesReplayEventKind), eventNames[:])
	check("ReplayGameKind", conv(fb.EnumNamesReplayGameKind), []string{"poker", "card_game"})
	check("ReplaySeatStatus", conv(fb.EnumNamesReplaySeatStatus), seatStatusNames[:])
	check("ReplayIntent", conv(fb.EnumNamesReplayIntent), []string{"play", "pause_until_bb", "pause", "leave"})
	check("ReplayPost", conv(fb.EnumNamesReplayPost), postNames[:])
}

func golden(t testing.TB) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "sitout-session.dfr"))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestDecodeCorrupt: every truncation and every single-byte change of a
// real replay decodes to an error or to a replay, never a panic; and
// whatever decodes walks (Validate, a cursor over every step) without a
// panic.
func TestDecodeCorrupt(t *testing.T) {
	full, err := Decode(golden(t))
	if err != nil {
		t.Fatal(err)
	}
	// Two hands of the session: small enough to try every byte quickly.
	data, err := Encode(&Replay{Game: full.Game, Hands: full.Hands[1:3]})
	if err != nil {
		t.Fatal(err)
	}
	walk := func(b []byte) {
		r, err := Decode(b)
		if err != nil {
			return
		}
		_ = r.Validate()
		c := NewCursor(r, [32]byte{})
		for range 10000 {
			if n, err := c.Forward(1); n == 0 || err != nil {
				break
			}
		}
		_ = c.State()
	}
	for n := range len(data) {
		walk(data[:n])
	}
	buf := make([]byte, len(data))
	decoded := 0
	for i := range data {
		for _, x := range []byte{0x00, 0xff, data[i] ^ 0x01, data[i] ^ 0x80, data[i] + 4} {
			copy(buf, data)
			buf[i] = x
			walk(buf)
			if _, err := Decode(buf); err == nil {
				decoded++
			}
		}
	}
	t.Logf("%d of %d single-byte changes still decode", decoded, 5*len(data))
}

func TestDecodeErrors(t *testing.T) {
	data := golden(t)
	mut := func(f func(b []byte)) []byte {
		b := append([]byte(nil), data...)
		f(b)
		return b
	}
	root := binary.LittleEndian.Uint32(data)
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "too short"},
		{"identifier", mut(func(b []byte) { copy(b[4:8], "DFGN") }), "file identifier"},
		{"root outside", mut(func(b []byte) { binary.LittleEndian.PutUint32(b, uint32(len(b))) }), "outside the buffer"},
		{"vtable outside", mut(func(b []byte) { binary.LittleEndian.PutUint32(b[root:], 1<<30) }), "vtable"},
	}
	for _, c := range cases {
		_, err := Decode(c.data)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
	// A version newer than the reader, and a missing one.
	r, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []uint16{0, Version + 1} {
		b := encodeVersion(t, r, v)
		if _, err := Decode(b); err == nil || !strings.Contains(err.Error(), "version") {
			t.Errorf("version %d: error %v", v, err)
		}
	}
}

// encodeVersion encodes r and patches its version field.
func encodeVersion(t *testing.T, r *Replay, v uint16) []byte {
	t.Helper()
	b, err := Encode(r)
	if err != nil {
		t.Fatal(err)
	}
	f := fb.GetRootAsReplayFile(b, 0)
	if v == 0 {
		// Remove the field: zero its vtable entry.
		pos := int(binary.LittleEndian.Uint32(b))
		vt := pos - int(int32(binary.LittleEndian.Uint32(b[pos:])))
		binary.LittleEndian.PutUint16(b[vt+4:], 0)
		return b
	}
	if !f.MutateVersion(v) {
		t.Fatal("version field absent")
	}
	return b
}

// TestVerifierBudget: a buffer whose vector points many times at the same
// table is refused (it would decode into far more memory than it holds).
func TestVerifierBudget(t *testing.T) {
	for _, copies := range []int{1, 1000} {
		b := flatbuffers.NewBuilder(0)
		fb.ReplayHandStart(b)
		fb.ReplayHandAddNumber(b, 1)
		fb.ReplayHandAddButton(b, -1)
		hand := fb.ReplayHandEnd(b)
		b.StartVector(4, copies, 4)
		for range copies {
			b.PrependUOffsetT(hand)
		}
		hands := b.EndVector(copies)
		fb.ReplayFileStart(b)
		fb.ReplayFileAddVersion(b, Version)
		fb.ReplayFileAddSeatCount(b, 2)
		fb.ReplayFileAddHands(b, hands)
		b.FinishWithFileIdentifier(fb.ReplayFileEnd(b), []byte(FileIdentifier))
		r, err := Decode(b.FinishedBytes())
		if copies == 1 {
			if err != nil || len(r.Hands) != 1 {
				t.Errorf("one hand: %v", err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), "references more bytes") {
			t.Errorf("%d references to one hand: error %v", copies, err)
		}
	}
}
