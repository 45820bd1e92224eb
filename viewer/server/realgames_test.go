//go:build !js

package server

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/replay"
	"github.com/deckforge/deckforge/sim"
)

var updateScreenshots = flag.Bool("update-screenshots", false, "rewrite the README's screenshots in docs/ from the browser test")

// wantScreenshots reports whether the browser test rewrites docs/*.png
// (-update-screenshots, or DECKFORGE_UPDATE_SCREENSHOTS=1).
func wantScreenshots() bool {
	return *updateScreenshots || os.Getenv("DECKFORGE_UPDATE_SCREENSHOTS") != ""
}

// simReplay plays games of a seed game with the simulator, one at a time
// from seed 1, and returns the first game's replay that reaches a
// position where ok holds (the replay's bytes and the steps to it).
func simReplay(t *testing.T, id string, players int, agents []string, ok func(tb *replay.Table) bool) ([]byte, int) {
	t.Helper()
	g, err := genome.Seed(id)
	if err != nil {
		t.Fatal(err)
	}
	p, err := game.Compile(g)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 40; seed++ {
		var data []byte
		_, err := sim.Run(context.Background(), p, agents, 1, seed, 1, sim.Options{Players: players,
			Replay: func(_ int, r *replay.Replay) error {
				var err error
				data, err = replay.Encode(r)
				return err
			}})
		if err != nil {
			t.Fatalf("%s, seed %d: %v", id, seed, err)
		}
		c, err := replay.Open(data)
		if err != nil {
			t.Fatalf("%s, seed %d: %v", id, seed, err)
		}
		for n := 0; ; n++ {
			if ok(c.Table()) {
				return data, n
			}
			if m, err := c.Forward(1); err != nil || m != 1 {
				break
			}
		}
	}
	t.Fatalf("%s: no game of seeds 1-40 reaches the position wanted", id)
	return nil, 0
}

// midTrick: a Hearts trick half played, early enough that the hands are
// long (12 cards).
func midTrick(tb *replay.Table) bool {
	if len(tb.Trick) != 2 {
		return false
	}
	most := 0
	for _, s := range tb.Seats {
		most = max(most, len(s.Cards))
	}
	return most == 12
}

// atRiver: the fifth board card is out and at least three players are
// still in the hand.
func atRiver(tb *replay.Table) bool {
	if len(tb.Board) != 5 || tb.Last == nil || tb.Last.Kind != replay.Board {
		return false
	}
	live := 0
	for _, s := range tb.Seats {
		if s.InHand && !s.Folded {
			live++
		}
	}
	return live >= 3
}

// realGames writes the simulator's replays of a Hearts game and a hold'em
// game into dir, for checkRealGames.
func realGames(t *testing.T, dir string) (hearts, holdem []byte, heartsStep, holdemStep int) {
	t.Helper()
	hearts, heartsStep = simReplay(t, "hearts", 4, []string{"greedy"}, midTrick)
	holdem, holdemStep = simReplay(t, "holdem_nl_6max", 6, []string{"greedy", "random", "greedy", "random", "greedy", "random"}, atRiver)
	for name, data := range map[string][]byte{"hearts.dfr": hearts, "holdem.dfr": holdem} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return hearts, holdem, heartsStep, holdemStep
}

// showReal loads a served replay in the page, with every hole card shown,
// goes n steps in, checks that the page's state is the Go model's there,
// and returns the state and a screenshot.
func showReal(ctx context.Context, t *testing.T, name string, data []byte, n int) (map[string]any, []byte) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`window.deckforge.load("files/%s").then(s => s.hash)`, name), chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("loading %s: %v", name, err)
	}
	moved, err := chromedp.Run(ctx, chromedp.Evaluate[int](fmt.Sprintf(`window.deckforge.showAll(true), window.deckforge.seek(0, 0), window.deckforge.step(%d)`, n)))
	if err != nil || moved != n {
		t.Fatalf("%s: step(%d) = %d, %v", name, n, moved, err)
	}
	c, err := replay.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	c.SetShowAll(true)
	if m, err := c.Forward(n); err != nil || m != n {
		t.Fatalf("%s: Forward(%d) = %d, %v", name, n, m, err)
	}
	st := state(ctx, t)
	if want := asJSON(t, c.State()); !reflect.DeepEqual(st, want) {
		t.Errorf("%s: the page's state differs from the Go model's:\npage %v\n  go %v", name, st, want)
	}
	shot := screenshot(ctx, t)
	checkNotBlank(t, name, shot)
	return st, shot
}

// screenshotDir is where -update-screenshots writes: docs/, or
// $DECKFORGE_SCREENSHOT_DIR to look at them first.
func screenshotDir() string {
	if d := os.Getenv("DECKFORGE_SCREENSHOT_DIR"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "docs")
}
