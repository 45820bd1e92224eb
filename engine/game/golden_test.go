package game_test

import (
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"hash"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// goldenGames is the number of games played per seed game.
const goldenGames = 200

// eventHasher hashes every field of every event of a game.
type eventHasher struct {
	h   hash.Hash64
	buf [64]byte
	n   int
}

func (e *eventHasher) Event(_ *game.State, ev *game.Event) {
	b := e.buf[:0]
	b = append(b, byte(ev.Kind), byte(ev.Player), byte(ev.Target), byte(ev.Zone))
	if ev.FaceUp {
		b = append(b, 1)
	} else {
		b = append(b, 0)
	}
	b = append(b, byte(ev.Card), byte(ev.Rank), byte(ev.Suit), byte(ev.Move), ev.Effect, ev.Count, byte(ev.Round))
	b = binary.LittleEndian.AppendUint64(b, uint64(ev.Cards))
	b = binary.LittleEndian.AppendUint32(b, ev.Strength)
	b = binary.LittleEndian.AppendUint64(b, uint64(ev.Amount))
	b = binary.LittleEndian.AppendUint64(b, uint64(ev.To))
	b = binary.LittleEndian.AppendUint16(b, ev.Hand)
	b = binary.LittleEndian.AppendUint32(b, ev.Turn)
	b = binary.LittleEndian.AppendUint16(b, ev.Winners)
	e.h.Write(b)
	e.n++
}

// hashDeterminized hashes what a determinization for player p gives: every
// hand, the player to move and its legal moves.
func hashDeterminized(h hash.Hash64, s *game.State, p int, rng *rand.Rand) {
	d := s.Determinize(p, rng)
	var b []byte
	for q := 0; q < d.Players(); q++ {
		b = binary.LittleEndian.AppendUint64(b, uint64(d.Hand(q)))
	}
	b = append(b, byte(d.ToMove()))
	for i := 0; i < d.NumLegal(); i++ {
		m := d.LegalMove(i)
		b = append(b, byte(m.Kind), byte(m.Card), byte(m.Suit), byte(m.Player), byte(m.Rank))
		b = binary.LittleEndian.AppendUint64(b, uint64(m.Amount))
	}
	h.Write(b)
	o := s.Observation(p)
	if err := binary.Write(h, binary.LittleEndian, &o); err != nil {
		panic(err) // Observation has fixed-size fields only
	}
}

// playGolden plays game i of a seed with uniformly random legal moves and
// returns its golden line.
func playGolden(t *testing.T, p *game.Program, seed uint64, i int) string {
	players := p.MinPlayers() + i%(p.MaxPlayers()-p.MinPlayers()+1)
	rng := rand.New(rand.NewPCG(seed, uint64(i)))
	det := rand.New(rand.NewPCG(seed^0x9e3779b97f4a7c15, uint64(i)))
	ev := &eventHasher{h: fnv.New64a()}
	dh := fnv.New64a()
	var s game.State
	s.Listen(ev)
	require.NoError(t, p.Reset(&s, players, rng))
	for !s.Terminal() {
		if s.Decisions()%16 == 0 {
			hashDeterminized(dh, &s, s.ToMove(), det)
			hashDeterminized(dh, &s, (s.ToMove()+1)%players, det)
		}
		m := s.LegalMove(rng.IntN(s.NumLegal()))
		require.NoError(t, s.Apply(m), "game %d: move %v", i, m)
	}
	line := fmt.Sprintf("game=%d players=%d winners=%04x end=%s moves=%d decisions=%d hands=%d turns=%d events=%d ev=%016x det=%016x",
		i, players, s.Winners(), s.EndReason(), s.Moves(), s.Decisions(), s.HandNumber(), s.Turn(), ev.n, ev.h.Sum64(), dh.Sum64())
	if p.HasChips() {
		line += " net="
		for q, c := range s.NetChips(nil) {
			if q > 0 {
				line += ","
			}
			line += c.String()
		}
	}
	return line
}

// TestGolden plays goldenGames games of every seed game with seeded,
// uniformly random legal moves and compares, game by game, the outcome,
// the counts and hashes of the event stream and of determinizations with
// testdata/golden/ID.txt. The games go through engine/game only (no
// agents), so this file moves only when the rules' behaviour does; after
// an intended change of behaviour, regenerate with
//
//	go test ./engine/game -run TestGolden -update
//
// in a commit that names the change.
func TestGolden(t *testing.T) {
	for _, id := range genome.SeedIDs() {
		t.Run(id, func(t *testing.T) {
			g, err := genome.Seed(id)
			require.NoError(t, err)
			p, err := game.Compile(g)
			require.NoError(t, err)
			h, err := genome.ContentHash(g)
			require.NoError(t, err)
			seed := binary.LittleEndian.Uint64(h[:8])
			var out bytes.Buffer
			fmt.Fprintf(&out, "# %s: %d games, uniformly random legal moves, seed %016x\n", id, goldenGames, seed)
			for i := range goldenGames {
				fmt.Fprintln(&out, playGolden(t, p, seed, i))
			}
			path := filepath.Join("testdata", "golden", id+".txt")
			if *update {
				require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
				require.NoError(t, os.WriteFile(path, out.Bytes(), 0o644))
				return
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run with -update to create the golden file")
			assertSameLines(t, path, string(want), out.String())
		})
	}
}

// assertSameLines reports the first differing line, which is shorter to
// read than a whole-file diff.
func assertSameLines(t *testing.T, path, want, got string) {
	t.Helper()
	if want == got {
		return
	}
	wl, gl := bytes.Split([]byte(want), []byte("\n")), bytes.Split([]byte(got), []byte("\n"))
	for i := 0; i < len(wl) && i < len(gl); i++ {
		if !bytes.Equal(wl[i], gl[i]) {
			assert.Failf(t, "golden mismatch", "%s line %d:\nwant %s\ngot  %s", path, i+1, wl[i], gl[i])
			return
		}
	}
	assert.Failf(t, "golden mismatch", "%s: %d lines, want %d", path, len(gl), len(wl))
}
