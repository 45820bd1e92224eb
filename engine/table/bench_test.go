package table

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

func benchState(b *testing.B, name string) State {
	b.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "seed", name))
	if err != nil {
		b.Fatal(err)
	}
	s, err := ReadJSON(data)
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// A six-handed hand played to the river.
func benchHand(b *testing.B) State {
	b.Helper()
	rng := rand.New(rand.NewPCG(5, 5))
	for {
		s, err := Next(randomTable(rng, 6), rng)
		if err != nil {
			b.Fatal(err)
		}
		s = playOut(b, s, rng)
		if len(s.Actions) > 20 {
			return s
		}
	}
}

func BenchmarkProgress(b *testing.B) {
	s := benchHand(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Progress(s); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSettle(b *testing.B) {
	s := benchHand(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Settle(s); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNext(b *testing.B) {
	s := benchHand(b)
	rng := rand.New(rand.NewPCG(1, 1))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Next(s, rng); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMerge(b *testing.B) {
	server := benchState(b, "06-leave-hand8.json")
	client := Personalize(server, "Player2")
	client.fillDefaults()
	client.Intents[1] = Pause
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Merge(server, client, JoinLimits{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReadJSON(b *testing.B) {
	data, err := benchState(b, "06-leave-hand8.json").MarshalJSON()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ReadJSON(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMarshalPHH(b *testing.B) {
	s := benchState(b, "06-leave-hand8.json")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := MarshalPHH(s); err != nil {
			b.Fatal(err)
		}
	}
}
