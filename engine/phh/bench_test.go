package phh

import (
	"os"
	"testing"
)

func sample(b *testing.B) []byte {
	b.Helper()
	data, err := os.ReadFile("testdata/generated/pokerkit-sample.phhs")
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// BenchmarkParseReplay reads the 500-hand generated bulk file and replays
// every hand: the throughput of `deckforge phh verify` less the file I/O.
func BenchmarkParseReplay(b *testing.B) {
	data := sample(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	hands := 0
	for b.Loop() {
		entries, err := ReadFile("pokerkit-sample.phhs", data)
		if err != nil {
			b.Fatal(err)
		}
		for i := range entries {
			if entries[i].Err != nil {
				b.Fatal(entries[i].Err)
			}
			if _, err := Replay(&entries[i].Hand); err != nil {
				b.Fatal(err)
			}
			hands++
		}
	}
	b.ReportMetric(float64(hands)/b.Elapsed().Seconds(), "hands/s")
}

// BenchmarkParse reads the 500-hand bulk file.
func BenchmarkParse(b *testing.B) {
	data := sample(b)
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	hands := 0
	for b.Loop() {
		entries, err := ReadFile("pokerkit-sample.phhs", data)
		if err != nil {
			b.Fatal(err)
		}
		hands += len(entries)
	}
	b.ReportMetric(float64(hands)/b.Elapsed().Seconds(), "hands/s")
}

// BenchmarkReplay replays the 500 hands, already parsed.
func BenchmarkReplay(b *testing.B) {
	hs, err := UnmarshalBulk(sample(b))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	hands := 0
	for b.Loop() {
		for i := range hs {
			if _, err := Replay(&hs[i]); err != nil {
				b.Fatal(err)
			}
			hands++
		}
	}
	b.ReportMetric(float64(hands)/b.Elapsed().Seconds(), "hands/s")
}

// BenchmarkMarshal writes the 500 hands back out as a bulk file.
func BenchmarkMarshal(b *testing.B) {
	hs, err := UnmarshalBulk(sample(b))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := MarshalBulk(hs); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(hs)*b.N)/b.Elapsed().Seconds(), "hands/s")
}
