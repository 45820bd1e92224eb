package table

import (
	"bytes"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// goldenSession plays a six-handed table for 40 hands through the public
// calls (Next, Act, Deal, Auto, Merge, Personalize) and returns every state
// it passed through, in the JSON form, each followed by a blank line.
func goldenSession(t *testing.T) []byte {
	t.Helper()
	rng := rand.New(rand.NewPCG(14, 1))
	s := randomTable(rng, 6)
	var out bytes.Buffer
	write := func(s State) {
		data, err := s.MarshalJSON()
		require.NoError(t, err)
		out.Write(data)
		out.WriteByte('\n')
	}
	auto := func(player string) (AutoAction, bool) {
		if rng.IntN(8) != 0 {
			return AutoAction{}, false
		}
		return []AutoAction{{}, {Kind: FoldAlways}, {Kind: CallUpTo, Limit: 10}}[rng.IntN(3)], true
	}
	for hand := 0; hand < 40; hand++ {
		n, err := Next(s, rng)
		require.NoError(t, err, "hand %d", hand)
		if len(n.Actions) == 0 {
			// Fewer than two players left: a new table.
			n, err = Next(randomTable(rng, 2+rng.IntN(5)), rng)
			require.NoError(t, err, "hand %d", hand)
		}
		s = n
		write(s)
		for step1 := 0; ; step1++ {
			if step1 == 3 && len(s.Players) > 2 {
				// A client asks to pause, or to come back.
				who := rng.IntN(len(s.Players))
				c := Personalize(s, s.Players[who])
				write(c)
				c.Intents[who] = []Intent{Play, PauseUntilBB, Pause}[rng.IntN(3)]
				m, err := Merge(s, c, JoinLimits{})
				require.NoError(t, err)
				s = m
				write(s)
			}
			next, done, err := step(s, rng, auto, nil)
			require.NoError(t, err)
			if done {
				break
			}
			s = next
			write(s)
		}
	}
	return out.Bytes()
}

// The table's JSON is what it was when the actions were strings in memory:
// testdata/golden/session.jsonl holds every state of a 40-hand session
// (goldenSession) as the table wrote them before (commit 7a764e4); each
// reads back, plays on (Progress) and writes again byte for byte, and so
// does every state of the session played now.
func TestJSONGolden(t *testing.T) {
	got := goldenSession(t)
	path := filepath.Join("testdata", "golden", "session.jsonl")
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, got, 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	for _, file := range []struct {
		name string
		data []byte
	}{{path, want}, {"the session played now", got}} {
		states := bytes.SplitAfter(file.data, []byte("}\n\n"))
		require.Greater(t, len(states), 250, "states in %s", file.name)
		for i, one := range states {
			if len(one) == 0 {
				continue
			}
			one = one[:len(one)-1]
			s, err := ReadJSON(one)
			require.NoError(t, err, "%s: state %d", file.name, i)
			_, err = Progress(s)
			require.NoError(t, err, "%s: state %d", file.name, i)
			back, err := s.MarshalJSON()
			require.NoError(t, err)
			assert.Equal(t, string(one), string(back), "%s: state %d round trip", file.name, i)
		}
	}
}
