package replay

import (
	"reflect"
	"testing"
)

// FuzzDecode: any input decodes or fails with an error, never a panic;
// what decodes validates or fails, walks with a cursor, shows its state,
// and encodes back to bytes that decode to the same replay.
func FuzzDecode(f *testing.F) {
	f.Add(golden(f))
	for _, r := range []*Replay{everyField(), {Game: Game{SeatCount: 1}}} {
		b, err := Encode(r)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte{})
	f.Add([]byte("\x08\x00\x00\x00DFRP"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Decode(data)
		if err != nil {
			return
		}
		_ = r.Validate()
		c := NewCursor(r, [32]byte{})
		c.SetShowAll(true)
		for range 2000 {
			if n, err := c.Forward(1); n == 0 || err != nil {
				break
			}
		}
		if _, err := c.StateJSON(); err != nil {
			t.Fatal(err)
		}
		if _, err := c.Back(3); err != nil && len(r.Hands) == 0 {
			t.Fatal(err)
		}
		b, err := Encode(r)
		if err != nil {
			t.Fatalf("a decoded replay does not encode: %v", err)
		}
		r2, err := Decode(b)
		if err != nil {
			t.Fatalf("an encoded replay does not decode: %v", err)
		}
		if !reflect.DeepEqual(r, r2) {
			t.Fatal("the replay changed through Encode and Decode")
		}
	})
}
