package phh

import (
	"bytes"
	"errors"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/internal/limits"
	"github.com/stretchr/testify/assert"
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

func TestScanBulkShapes(t *testing.T) {
	// Hands in tables, dotted headers of a hand, and hands held by
	// top-level dotted keys or inline tables (read last, by key).
	doc := "z.variant = 'NT'\n" +
		"[2]\n" + base + "[2.meta]\nnote = 'x'\n" +
		"[1]\n" + base
	var keys []string
	err := ScanFile("s.phhs", []byte(doc), limits.Default(), func(e Entry) error {
		keys = append(keys, e.Key)
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, []string{"2", "1", "z"}, keys)

	// A hand's table opened again after another hand's is refused.
	_, err = ReadFile("r.phhs", []byte("[1]\n"+base+"[2]\n"+base+"[1.meta]\nx = 1\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "r.phhs:")
	assert.Contains(t, err.Error(), "hand 1: the hand's table is opened again after other hands")

	// A syntax error in a later hand names its line in the file.
	lines := strings.Count("[1]\n"+base, "\n")
	_, err = ReadFile("l.phhs", []byte("[1]\n"+base+"[2]\nvariant = 'NT\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "l.phhs:"+strconv.Itoa(lines+2)+":")

	// Headers inside multi-line strings and arrays are not hands.
	doc = "[1]\n" + base + "note = '''\n[9]\n'''\nlist = [\n[1, 2],\n]\n[2]\n" + base
	entries, err := ReadFile("m.phhs", []byte(doc))
	require.NoError(t, err)
	require.Len(t, entries, 2)
	assert.NoError(t, entries[0].Err)
	assert.Equal(t, "2", entries[1].Key)

	// fn's error stops the scan and is returned as it is.
	stop := errors.New("stop")
	n := 0
	err = ScanFile("s.phhs", bulkOf(t, 10), limits.Default(), func(Entry) error { n++; return stop })
	assert.Equal(t, stop, err)
	assert.Equal(t, 1, n)
}

// TestDefaultLimitsTake100kHands: the default limits accept a
// 100,000-hand .phhs file (BenchmarkVerifyBulk100k reads one).
func TestDefaultLimitsTake100kHands(t *testing.T) {
	data := bulkOf(t, 100000)
	lim := limits.Default()
	assert.LessOrEqual(t, int64(len(data)), lim.PHHBytes, "the file's size")
	assert.GreaterOrEqual(t, lim.Hands, 100000)
	// The limit is applied: one hand fewer refuses the file.
	lim.Hands = 9
	err := ScanFile("ten.phhs", bulkOf(t, 10), lim, func(e Entry) error { return e.Err })
	require.Error(t, err)
	assert.Contains(t, err.Error(), "ten.phhs: 10 hands: the limit is 9 (raise it with --limits hands=N")
}
