package phh

import (
	"bytes"
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/deckforge/deckforge/internal/limits"
	"github.com/stretchr/testify/require"
)

// bulkOf returns a .phhs document of n hands: the generated sample's hands
// over and over, keyed 1…n.
func bulkOf(tb testing.TB, n int) []byte {
	tb.Helper()
	data, err := os.ReadFile("testdata/generated/pokerkit-sample.phhs")
	require.NoError(tb, err)
	header := regexp.MustCompile(`(?m)^\[\d+\]\n`)
	locs := header.FindAllIndex(data, -1)
	require.NotEmpty(tb, locs)
	var bodies [][]byte
	for i, l := range locs {
		end := len(data)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		bodies = append(bodies, data[l[1]:end])
	}
	var b bytes.Buffer
	b.Grow(n * 480)
	for i := range n {
		b.WriteString("[" + strconv.Itoa(i+1) + "]\n")
		b.Write(bodies[i%len(bodies)])
	}
	return b.Bytes()
}

// BenchmarkVerifyBulk100k streams a 100,000-hand .phhs file hand by hand
// and replays every hand, as `deckforge phh verify` does: linear in the
// file, one hand held at a time.
func BenchmarkVerifyBulk100k(b *testing.B) {
	data := bulkOf(b, 100000)
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	hands := 0
	for b.Loop() {
		err := ScanFile("big.phhs", data, limits.Default(), func(e Entry) error {
			if e.Err != nil {
				return e.Err
			}
			hands++
			_, err := ReplayWith(&e.Hand, Options{Repair: true})
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(hands)/b.Elapsed().Seconds(), "hands/s")
}
