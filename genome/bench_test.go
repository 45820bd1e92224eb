package genome

import (
	"math/rand/v2"
	"testing"
)

func BenchmarkDecodeFB(b *testing.B) {
	buf := seedFB(b, "hearts")
	b.ReportAllocs()
	b.SetBytes(int64(len(buf)))
	for b.Loop() {
		if _, err := DecodeFB(buf); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkVerifyFB(b *testing.B) {
	buf := seedFB(b, "hearts")
	b.ReportAllocs()
	for b.Loop() {
		if err := VerifyFB(buf); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeFB(b *testing.B) {
	g, _ := Seed("hearts")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := EncodeFB(g); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecodeJSON(b *testing.B) {
	j, _ := SeedJSON("hearts")
	b.ReportAllocs()
	b.SetBytes(int64(len(j)))
	for b.Loop() {
		if _, err := DecodeJSON(j); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeJSON(b *testing.B) {
	g, _ := Seed("hearts")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := EncodeJSON(g); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkValidate(b *testing.B) {
	g, _ := Seed("hearts")
	b.ReportAllocs()
	for b.Loop() {
		if ps := Validate(g); len(ps) > 0 {
			b.Fatal(ps)
		}
	}
}

func BenchmarkContentHash(b *testing.B) {
	g, _ := Seed("hearts")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ContentHash(g); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRandom(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	opts := DefaultRandomOptions()
	b.ReportAllocs()
	for b.Loop() {
		Random(rng, opts)
	}
}
