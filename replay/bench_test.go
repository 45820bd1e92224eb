package replay

import (
	"testing"
)

// longSession returns the sit-out session's hands repeated to 204 hands
// (each hand is self-contained) and its encoding.
func longSession(b *testing.B) (*Replay, []byte) {
	b.Helper()
	base, err := Decode(golden(b))
	if err != nil {
		b.Fatal(err)
	}
	r := &Replay{Game: base.Game}
	for len(r.Hands) < 200 {
		r.Hands = append(r.Hands, base.Hands...)
	}
	data, err := Encode(r)
	if err != nil {
		b.Fatal(err)
	}
	return r, data
}

func events(r *Replay) int {
	n := 0
	for i := range r.Hands {
		n += len(r.Hands[i].Events)
	}
	return n
}

// BenchmarkDecode: verify and decode a 204-hand replay.
func BenchmarkDecode(b *testing.B) {
	r, data := longSession(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(data); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(r.Hands))*float64(b.N)/b.Elapsed().Seconds(), "hands/s")
}

// BenchmarkEncode: encode a 204-hand replay.
func BenchmarkEncode(b *testing.B) {
	r, data := longSession(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Encode(r); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRebuild: step a cursor through every event of a 204-hand
// replay, from the first step to the last.
func BenchmarkRebuild(b *testing.B) {
	r, _ := longSession(b)
	c := NewCursor(r, [32]byte{})
	b.ReportAllocs()
	for b.Loop() {
		if err := c.Seek(0, 0); err != nil {
			b.Fatal(err)
		}
		for {
			n, err := c.Forward(1)
			if err != nil {
				b.Fatal(err)
			}
			if n == 0 {
				break
			}
		}
	}
	b.ReportMetric(float64(events(r))*float64(b.N)/b.Elapsed().Seconds(), "events/s")
}

// BenchmarkValidate: rebuild and check every hand of a 204-hand replay.
func BenchmarkValidate(b *testing.B) {
	r, _ := longSession(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := r.Validate(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStepBack: one step back in the middle of a hand (the hand is
// rebuilt from its snapshot).
func BenchmarkStepBack(b *testing.B) {
	r, _ := longSession(b)
	c := NewCursor(r, [32]byte{})
	mid := len(r.Hands[3].Events) / 2
	b.ReportAllocs()
	for b.Loop() {
		if err := c.Seek(3, mid+1); err != nil {
			b.Fatal(err)
		}
		if _, err := c.Back(1); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStateJSON: the JSON of one step.
func BenchmarkStateJSON(b *testing.B) {
	r, _ := longSession(b)
	c := NewCursor(r, [32]byte{})
	if err := c.Seek(3, 16); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.StateJSON(); err != nil {
			b.Fatal(err)
		}
	}
}
