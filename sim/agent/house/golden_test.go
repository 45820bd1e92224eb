package house

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestGoldenStream pins the decisions of one player over fixed random
// situations, so that any change of the strategy's behaviour or random
// stream shows up as a diff. Refresh with go test -run Golden -update.
func TestGoldenStream(t *testing.T) {
	rng := rand.New(rand.NewPCG(2024, 1))
	p, err := NewPlayer(1, testManager(t, DefaultConfig()), NewRand(2024, 1))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for i := 0; i < 300; i++ {
		sit := randomSituation(rng, tableClasses[i%len(tableClasses)])
		if i%7 == 6 {
			sit.Class, sit.Hole, sit.Board = Draw, deal(rng, 5), nil
			sit.Discard, sit.MinDiscards, sit.MaxDiscards, sit.DrawsLeft = true, 0, 3, 1
		}
		d, err := p.Decide(sit)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%-11s %-14s | %-14s ", sit.Class, cards.FormatList(sit.Hole), cards.FormatList(sit.Board))
		if d.Draw {
			fmt.Fprintf(&b, "discard %-9v", d.Discards)
		} else {
			fmt.Fprintf(&b, "%-5v %-8v", d.Action.Kind, d.Action.Amount)
		}
		fmt.Fprintf(&b, " %-18s s=%.4f outs=%d imp=%.4f conf=%.4f\n", d.Reasoning, d.Strength, d.Outs, d.Improve, d.Confidence)
	}
	const path = "testdata/stream.golden"
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("line %d:\n got %s\nwant %s", i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("%d lines, want %d", len(gl), len(wl))
	}
}
