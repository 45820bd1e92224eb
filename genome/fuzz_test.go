package genome

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

func fuzzSeeds(f *testing.F, fb bool) {
	for _, id := range SeedIDs() {
		j, _ := SeedJSON(id)
		if fb {
			f.Add(seedFB(f, id))
		} else {
			f.Add(j)
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20 {
		g := Random(rng, DefaultRandomOptions())
		if fb {
			b, _ := EncodeFB(g)
			f.Add(b)
		} else {
			j, _ := EncodeJSON(g)
			f.Add(j)
		}
	}
}

// FuzzDecodeJSON: any input decodes or fails with an error; what decodes
// re-encodes to canonical JSON that decodes to the same canonical JSON and
// survives FlatBuffers.
func FuzzDecodeJSON(f *testing.F) {
	fuzzSeeds(f, false)
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := DecodeJSON(data)
		if err != nil {
			return
		}
		j, err := EncodeJSON(g)
		if err != nil {
			return // values no name can carry cannot come from JSON, but stay safe
		}
		g2, err := DecodeJSON(j)
		if err != nil {
			t.Fatalf("canonical JSON does not decode: %v\n%s", err, j)
		}
		j2, _ := EncodeJSON(g2)
		if !bytes.Equal(j, j2) {
			t.Fatalf("canonical JSON is not stable")
		}
		b, err := EncodeFB(g)
		require.NoError(t, err)
		g3, err := DecodeFB(b)
		if err != nil {
			t.Fatalf("own FlatBuffer does not decode: %v", err)
		}
		j3, _ := EncodeJSON(g3)
		if !bytes.Equal(j, j3) {
			t.Fatal("FlatBuffers round trip changed the genome")
		}
		_ = Validate(g)
	})
}

// FuzzDecodeFB: any bytes decode or fail with an error, never a panic.
func FuzzDecodeFB(f *testing.F) {
	fuzzSeeds(f, true)
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := DecodeFB(data)
		if err != nil {
			return
		}
		j, err := EncodeJSON(g)
		if err != nil {
			t.Fatalf("a decoded buffer does not encode: %v", err)
		}
		g2, err := DecodeJSON(j)
		require.NoError(t, err)
		j2, _ := EncodeJSON(g2)
		if !bytes.Equal(j, j2) {
			t.Fatal("JSON round trip of a decoded buffer changed it")
		}
		_ = Validate(g)
	})
}
