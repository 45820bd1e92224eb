package phh

import (
	"os"
	"reflect"
	"regexp"
	"testing"

	"github.com/pelletier/go-toml/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// FuzzFastDoc checks the one-pass decoder against the full one: whatever
// it accepts, the full decoder accepts with the same values.
func FuzzFastDoc(f *testing.F) {
	f.Add([]byte("variant = 'NT'\nantes = [0, 0]\nstarting_stacks = [1.5, 2e3]\nactions = []\nx = true\n"))
	f.Add([]byte("[1]\nvariant = \"NT\"\nmin_bet = -0\nfoo = [1, 2.50, 'x']\n"))
	f.Add([]byte("a = 1\na = 2\n"))
	f.Add([]byte("a = 007\nb = 1_000\nc = 0x10\nd = inf\ne = 1.\n"))
	f.Add([]byte("[1]\n[1]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, ok := fastDoc(data)
		if !ok {
			return
		}
		var want map[string]any
		require.NoError(t, toml.Unmarshal(data, &want), "fastDoc accepted what the full decoder refuses")
		if want == nil {
			want = map[string]any{}
		}
		if !reflect.DeepEqual(want, d.top) {
			t.Fatalf("fastDoc gives %#v, the full decoder %#v", d.top, want)
		}
	})
}

// TestFastDocSample: the generated sample's hands take the fast path and
// read as the full decoder reads them.
func TestFastDocSample(t *testing.T) {
	data, err := os.ReadFile("testdata/generated/pokerkit-sample.phhs")
	require.NoError(t, err)
	locs := regexp.MustCompile(`(?m)^\[\d+\]\n`).FindAllIndex(data, -1)
	require.Len(t, locs, 500)
	for i, l := range locs {
		end := len(data)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		chunk := data[l[0]:end]
		d, ok := fastDoc(chunk)
		require.True(t, ok, "hand %d not read in one pass", i+1)
		var want map[string]any
		require.NoError(t, toml.Unmarshal(chunk, &want))
		assert.Equal(t, want, d.top)
	}
}
