//go:build !js

package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/deckforge/deckforge/replay"
	"github.com/deckforge/deckforge/viewer/internal/fixture"
	"github.com/deckforge/deckforge/viewer/ui"
	"github.com/deckforge/deckforge/viewer/web"
)

// The wasm's size limits.
const (
	maxWasm     = 15 << 20
	maxWasmGzip = 4 << 20
)

// chromiumPath finds Debian's Chromium ($DECKFORGE_CHROMIUM overrides it).
// With CI set, a missing browser fails the test; otherwise it is skipped,
// saying how to install it.
func chromiumPath(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("DECKFORGE_CHROMIUM"); p != "" {
		return p
	}
	for _, p := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if found, err := exec.LookPath(p); err == nil {
			return found
		}
	}
	msg := "Chromium is not installed: run `make deps` (apt-get install chromium) or set DECKFORGE_CHROMIUM"
	if os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// buildWasm builds the viewer as make wasm does, into dir.
func buildWasm(t *testing.T, dir string) string {
	t.Helper()
	out := filepath.Join(dir, web.WasmName)
	start := time.Now()
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", out, "github.com/deckforge/deckforge/viewer/web/wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building the wasm: %v\n%s", err, b)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	_, _ = zw.Write(data)
	_ = zw.Close()
	t.Logf("viewer.wasm: %d bytes (%.2f MB), %d gzipped (%.2f MB), built in %s",
		len(data), float64(len(data))/(1<<20), gz.Len(), float64(gz.Len())/(1<<20), time.Since(start).Round(time.Millisecond))
	if len(data) > maxWasm || gz.Len() > maxWasmGzip {
		t.Errorf("viewer.wasm is %d bytes, %d gzipped: the limits are %d and %d", len(data), gz.Len(), maxWasm, maxWasmGzip)
	}
	return out
}

// checkWasmExec: the embedded wasm_exec.js is the toolchain's, which the
// wasm was built with.
func checkWasmExec(t *testing.T) {
	t.Helper()
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	want, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../web/wasm_exec.js")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("viewer/web/wasm_exec.js is not the Go toolchain's: run make wasm, which copies it")
	}
}

// consoleLog collects the page's console errors and uncaught exceptions.
type consoleLog struct {
	mu       sync.Mutex
	errors   []string
	messages int
}

func (c *consoleLog) listen(ev any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch e := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		c.messages++
		if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeAssert {
			var parts []string
			for _, a := range e.Args {
				parts = append(parts, string(a.Value)+a.Description)
			}
			c.errors = append(c.errors, "console."+string(e.Type)+": "+strings.Join(parts, " "))
		}
	case *runtime.EventExceptionThrown:
		d := e.ExceptionDetails
		msg := d.Text
		if d.Exception != nil {
			msg += " " + d.Exception.Description
		}
		c.errors = append(c.errors, "exception: "+msg)
	case *cdplog.EventEntryAdded:
		c.messages++
		if e.Entry.Level == cdplog.EntryLevelError {
			c.errors = append(c.errors, "log: "+e.Entry.Text+" "+e.Entry.URL)
		}
	}
}

func (c *consoleLog) get() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.errors...)
}

// state reads window.deckforge.state() as generic JSON.
func state(ctx context.Context, t *testing.T) map[string]any {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify(window.deckforge.state())`))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	dropMarks(t, m)
	return m
}

// dropMarks removes from a page's state the mark the page adds to each
// seat (ui.SeatMark: "none", "paused" or "busted", tested in viewer/ui and
// by seatMarks), leaving what the Go model's state holds, and returns them
// by player name.
func dropMarks(t *testing.T, st map[string]any) map[string]string {
	t.Helper()
	out := map[string]string{}
	seats, _ := st["seats"].([]any)
	for _, s := range seats {
		seat, _ := s.(map[string]any)
		m, _ := seat["mark"].(string)
		if m != "none" && m != "paused" && m != "busted" {
			t.Fatalf("seat %v has mark %v", seat["name"], seat["mark"])
		}
		out[fmt.Sprint(seat["name"])] = m
		delete(seat, "mark")
	}
	return out
}

// seatMarks reads the mark of every seat from window.deckforge.state(), by
// player name.
func seatMarks(ctx context.Context, t *testing.T) map[string]string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify(window.deckforge.state())`))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatal(err)
	}
	return dropMarks(t, m)
}

// asJSON is a value as generic JSON, to compare with what the page says.
func asJSON(t *testing.T, v any) map[string]any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func seatOf(t *testing.T, st map[string]any, name string) map[string]any {
	t.Helper()
	seats, _ := st["seats"].([]any)
	for _, s := range seats {
		if m, _ := s.(map[string]any); m["name"] == name {
			return m
		}
	}
	t.Fatalf("no seat %s in %v", name, st["seats"])
	return nil
}

// stepsTo walks a cursor from the start to the first position where ok
// holds and returns the number of steps and the cursor there.
func stepsTo(t *testing.T, data []byte, ok func(tb *replay.Table) bool) (int, *replay.Cursor) {
	t.Helper()
	c, err := replay.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; ; n++ {
		if ok(c.Table()) {
			return n, c
		}
		if m, err := c.Forward(1); err != nil || m != 1 {
			t.Fatalf("no position matches (%d steps, %v)", n, err)
		}
	}
}

func lastEvent(tb *replay.Table, k replay.EventKind, seat int) bool {
	return tb.Last != nil && tb.Last.Kind == k && tb.Last.Seat == seat
}

// walkAll steps the page from the first step of the loaded replay to its
// end and checks that its state at every step is the Go model's.
func walkAll(ctx context.Context, t *testing.T, name string, data []byte, showAll bool) {
	t.Helper()
	states, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
		const d = window.deckforge;
		d.seek(0, 0);
		const out = [d.stateJSON()];
		while (d.step(1) === 1) out.push(d.stateJSON());
		return out;
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	c, err := replay.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	c.SetShowAll(showAll)
	for i, page := range states {
		if i > 0 {
			if n, err := c.Forward(1); n != 1 || err != nil {
				t.Fatalf("%s: the page has %d steps, the Go model ends at %d (%v)", name, len(states), i, err)
			}
		}
		var got map[string]any
		if err := json.Unmarshal([]byte(page), &got); err != nil {
			t.Fatal(err)
		}
		dropMarks(t, got)
		if want := asJSON(t, c.State()); !reflect.DeepEqual(got, want) {
			h, s := c.Position()
			t.Fatalf("%s, hand %d step %d: the page's state differs from the Go model's:\npage %v\n  go %v", name, h, s, got, want)
		}
	}
	if n, _ := c.Forward(1); n != 0 {
		t.Errorf("%s: the page stopped after %d steps, the Go model goes on", name, len(states))
	}
	t.Logf("%s: the page's state is the Go model's at all %d steps", name, len(states))
}

// screenshot waits for the transitions to end and captures the canvas.
func screenshot(ctx context.Context, t *testing.T) []byte {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!window.deckforge.animating()`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("waiting for the transitions: %v", err)
	}
	// Two more frames, so that the last state is drawn.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](
		`new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
	png, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS("canvas")))
	if err != nil {
		t.Fatal(err)
	}
	return png
}

// checkNotBlank decodes a screenshot and checks that it shows a drawing:
// the expected size, many distinct colours, no colour covering nearly all
// of it.
func checkNotBlank(t *testing.T, name string, data []byte) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	b := img.Bounds()
	if b.Dx() != 1280 || b.Dy() != 800 {
		t.Errorf("%s: %v, want 1280×800", name, b)
	}
	counts := map[[3]uint8]int{}
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			// 5 bits a channel: anti-aliasing shades merge.
			counts[[3]uint8{uint8(r >> 11), uint8(g >> 11), uint8(bl >> 11)}]++
		}
	}
	total, top := 0, 0
	for _, n := range counts {
		total += n
		top = max(top, n)
	}
	t.Logf("%s: %d distinct colours (5 bits a channel), the commonest covers %.0f%%", name, len(counts), 100*float64(top)/float64(total))
	if len(counts) < 40 || float64(top) > 0.6*float64(total) {
		t.Errorf("%s looks blank: %d colours, the commonest covers %d of %d pixels", name, len(counts), top, total)
	}
	// The felt's green is there.
	if !hasColour(img, func(r, g, b uint32) bool { return g > r+0x1800 && g > b+0x0800 && g > 0x4000 }) {
		t.Errorf("%s: no green felt", name)
	}
}

func hasColour(img image.Image, ok func(r, g, b uint32) bool) bool {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 4 {
		for x := b.Min.X; x < b.Max.X; x += 4 {
			r, g, bl, _ := img.At(x, y).RGBA()
			if ok(r, g, bl) {
				return true
			}
		}
	}
	return false
}

// TestBrowser builds the wasm, serves it with a replay of a session where
// players sit out and come back and a real PHH hand, and drives Debian's
// Chromium through the page: the table the page rebuilds must be the Go
// replay model's at every position checked, the keys must work, nothing
// may go to the console as an error, and the canvas must show a table.
// It also plays a Hearts game and a hold'em game with the simulator and
// shows them at a trick half played and at the river. With
// -update-screenshots (or DECKFORGE_UPDATE_SCREENSHOTS=1) it writes
// docs/viewer-holdem.png, docs/viewer-sit-out.png, docs/viewer-hearts.png
// and docs/viewer-holdem-river.png, the README's screenshots.
func TestBrowser(t *testing.T) {
	chromium := chromiumPath(t)
	checkWasmExec(t)
	wasm := buildWasm(t, t.TempDir())

	// The served directory: the session and a real hand.
	dir := t.TempDir()
	rec, err := fixture.SitOutSession()
	if err != nil {
		t.Fatal(err)
	}
	session, err := rec.Encode()
	if err != nil {
		t.Fatal(err)
	}
	phhData, err := os.ReadFile(filepath.Join("testdata", "dwan-ivey-2009.phh"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "session.dfr"), session, 0o644); err != nil {
		t.Fatal(err)
	}
	games, err := fixture.CardGame()
	if err != nil {
		t.Fatal(err)
	}
	gamesData, err := games.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "games.dfr"), gamesData, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "real"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "real", "dwan-ivey-2009.phh"), phhData, 0o644); err != nil {
		t.Fatal(err)
	}
	heartsData, holdemData, heartsStep, holdemStep := realGames(t, dir)
	srv, err := New(Config{Dir: dir, Wasm: wasm, LoopbackOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	hs := httptest.NewServer(srv)
	defer hs.Close()

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.Flag("use-angle", "swiftshader"),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancelCtx := chromedp.NewContext(actx)
	defer cancelCtx()
	ctx, cancel := context.WithTimeout(ctx, 240*time.Second)
	defer cancel()

	var console consoleLog
	if err := chromedp.Listen(ctx, console.listen); err != nil {
		t.Fatalf("starting Chromium (%s): %v", chromium, err)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}
	// A page that is not focused may get no frames.
	if _, err := chromedp.Call(ctx, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true}); err != nil {
		t.Fatal(err)
	}

	// The list page offers both files.
	if err := chromedp.Do(ctx, chromedp.Navigate(hs.URL+"/")); err != nil {
		t.Fatal(err)
	}
	if err := waitTrue(ctx, `document.readyState === "complete"`, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	links, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("a")].map(a => a.getAttribute("href"))`))
	if err != nil {
		t.Fatal(err)
	}
	if !contains(links, "?replay=session.dfr") || !contains(links, "?replay=real%2fdwan-ivey-2009.phh") {
		t.Errorf("list page links: %q", links)
	}

	// The viewer with ?replay=: the first frames.
	start := time.Now()
	if err := chromedp.Do(ctx, chromedp.Navigate(hs.URL+"/?replay=session.dfr")); err != nil {
		t.Fatal(err)
	}
	if err := waitTrue(ctx, `window.deckforge !== undefined && window.deckforge.ready && window.deckforge.firstTableFrameMs !== null`, 60*time.Second); err != nil {
		t.Fatalf("the viewer did not draw the replay: %v; console errors %q", err, console.get())
	}
	wall := time.Since(start)
	times, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`[window.deckforge.firstFrameMs, window.deckforge.firstTableFrameMs]`))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("first frame %.0f ms, first frame with the table %.0f ms after navigation start (%s from the test's Navigate)", times[0], times[1], wall.Round(time.Millisecond))
	marks, err := chromedp.Run(ctx, chromedp.Evaluate[string](`performance.getEntriesByType("mark").map(m => m.name + " " + Math.round(m.startTime)).join(", ")`))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("marks (ms): %s", marks)

	// Step 0 of the session, hashed as its bytes.
	st := state(ctx, t)
	sum := sha256.Sum256(session)
	if st["hash"] != hex.EncodeToString(sum[:]) || st["hand"] != 0.0 || st["step"] != 0.0 || st["hands"] != 4.0 {
		t.Errorf("after loading: hash %v hand %v step %v hands %v", st["hash"], st["hand"], st["step"], st["hands"])
	}

	// Every step of the session, as the page rebuilds it, is the Go model's.
	walkAll(ctx, t, "session", session, false)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.deckforge.seek(0, 0) !== null`)); err != nil {
		t.Fatal(err)
	}

	// Step to Dan missing the big blind in hand 2: he sits out, owing 2.
	n, cur := stepsTo(t, session, func(tb *replay.Table) bool { return lastEvent(tb, replay.DeadBlindsAccrued, fixture.Dan) })
	moved, err := chromedp.Run(ctx, chromedp.Evaluate[int](fmt.Sprintf(`window.deckforge.step(%d)`, n)))
	if err != nil || moved != n {
		t.Fatalf("step(%d) = %d, %v", n, moved, err)
	}
	st = state(ctx, t)
	if want := asJSON(t, cur.State()); !reflect.DeepEqual(st, want) {
		t.Errorf("the page's state differs from the Go model's:\npage %v\n  go %v", st, want)
	}
	dan, fay := seatOf(t, st, "Dan"), seatOf(t, st, "Fay")
	if dan["status"] != "paused" || dan["inactive"] != 1.0 || dan["deadBlinds"] != 2.0 || dan["inHand"] != false {
		t.Errorf("Dan sitting out: %v", dan)
	}
	if fay["status"] != "paused_until_bb" || fay["inactive"] != 1.0 || fay["deadBlinds"] != 0.0 {
		t.Errorf("Fay waiting for the big blind: %v", fay)
	}
	if la, _ := st["lastAction"].(map[string]any); la["kind"] != "dead_blinds_accrued" || la["text"] != "Dan misses a blind: owes 2 in dead blinds" {
		t.Errorf("last action %v", st["lastAction"])
	}

	// The sit-out transition's screenshot: later in hand 2, Dan asks to
	// play and owes his dead blinds; Fay waits for the big blind.
	m, cur := stepsTo(t, session, func(tb *replay.Table) bool {
		return lastEvent(tb, replay.IntentChange, fixture.Dan) && tb.HandIndex == 1
	})
	if moved, err := chromedp.Run(ctx, chromedp.Evaluate[int](fmt.Sprintf(`window.deckforge.step(%d)`, m-n))); err != nil || moved != m-n {
		t.Fatalf("step(%d) = %d, %v", m-n, moved, err)
	}
	st = state(ctx, t)
	if want := asJSON(t, cur.State()); !reflect.DeepEqual(st, want) {
		t.Errorf("the page's state differs from the Go model's:\npage %v\n  go %v", st, want)
	}
	if d := seatOf(t, st, "Dan"); d["status"] != "owes_dead_blinds" || d["deadBlinds"] != 2.0 {
		t.Errorf("Dan coming back: %v", d)
	}
	sitOut := screenshot(ctx, t)
	checkNotBlank(t, "sit-out screenshot", sitOut)

	// Hand 3: Dan pays his dead blinds into the pot, then sits in.
	k, cur := stepsTo(t, session, func(tb *replay.Table) bool { return lastEvent(tb, replay.DeadBlindsPaid, fixture.Dan) })
	if moved, err := chromedp.Run(ctx, chromedp.Evaluate[int](fmt.Sprintf(`window.deckforge.step(%d)`, k-m))); err != nil || moved != k-m {
		t.Fatalf("step(%d) = %d, %v", k-m, moved, err)
	}
	st = state(ctx, t)
	if want := asJSON(t, cur.State()); !reflect.DeepEqual(st, want) {
		t.Errorf("the page's state differs from the Go model's:\npage %v\n  go %v", st, want)
	}
	pots, _ := st["pots"].([]any)
	if d := seatOf(t, st, "Dan"); d["deadBlinds"] != 0.0 || d["stack"] != 82.0 || len(pots) != 1 || pots[0].(map[string]any)["amount"] != 2.0 {
		t.Errorf("Dan paying his dead blinds: %v, pots %v", d, pots)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[int](`window.deckforge.step(1)`)); err != nil {
		t.Fatal(err)
	}
	if d := seatOf(t, state(ctx, t), "Dan"); d["status"] != "playing" || d["inactive"] != 0.0 {
		t.Errorf("Dan back in: %v", d)
	}

	// The keys: → steps, ← steps back, H shows the hole cards, space plays.
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector("canvas").focus()`)); err != nil {
		t.Fatal(err)
	}
	before := state(ctx, t)["step"].(float64)
	pressAndWait(ctx, t, kb.ArrowRight, fmt.Sprintf(`window.deckforge.state().step === %v`, before+1))
	pressAndWait(ctx, t, kb.ArrowRight, fmt.Sprintf(`window.deckforge.state().step === %v`, before+2))
	pressAndWait(ctx, t, kb.ArrowLeft, fmt.Sprintf(`window.deckforge.state().step === %v`, before+1))
	pressAndWait(ctx, t, "h", `window.deckforge.state().showAll === true`)
	pressAndWait(ctx, t, kb.PageDown, `window.deckforge.state().hand === 3 && window.deckforge.state().step === 0`)
	pressAndWait(ctx, t, "+", `window.deckforge.speed() === 4`)
	pressAndWait(ctx, t, " ", `window.deckforge.playing() === true`)
	pressAndWait(ctx, t, " ", `window.deckforge.playing() === false`)
	// The buttons: a step forward, the hole cards hidden again.
	clickAndWait(ctx, t, ui.CtlForward, `window.deckforge.state().hand === 3 && window.deckforge.state().step > 0`)
	clickAndWait(ctx, t, ui.CtlCards, `window.deckforge.state().showAll === false`)

	// load(url) of the real hand, through the PHH converter in the wasm.
	loaded, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.deckforge.load("files/real/dwan-ivey-2009.phh").then(s => s.hash)`, chromedp.EvalAwaitPromise))
	if sum := sha256.Sum256(phhData); err != nil || loaded != hex.EncodeToString(sum[:]) {
		t.Fatalf("load of the PHH file: %q, %v", loaded, err)
	}
	goCur, _, err := ui.Open("dwan-ivey-2009.phh", phhData)
	if err != nil {
		t.Fatal(err)
	}
	goCur.SetShowAll(true)
	if err := goCur.Seek(0, goCur.Steps()); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`window.deckforge.showAll(true) && (window.deckforge.seek(0, %d), true)`, goCur.Steps()))); err != nil {
		t.Fatal(err)
	}
	st = state(ctx, t)
	if want := asJSON(t, goCur.State()); !reflect.DeepEqual(st, want) {
		t.Errorf("the PHH hand's state differs from the Go model's:\npage %v\n  go %v", st, want)
	}
	if d := seatOf(t, st, "Tom Dwan"); d["won"] != 1109500.0 || len(st["board"].([]any)) != 5 {
		t.Errorf("Dwan's pot: %v, board %v", d, st["board"])
	}
	holdem := screenshot(ctx, t)
	checkNotBlank(t, "hold'em screenshot", holdem)

	// A card game without chips: the second trick, three cards played.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.deckforge.load("files/games.dfr").then(s => s.kind)`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.deckforge.showAll(true)`)); err != nil {
		t.Fatal(err)
	}
	walkAll(ctx, t, "card games", gamesData, true)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.deckforge.seek(0, 0) !== null`)); err != nil {
		t.Fatal(err)
	}
	trick, cur := stepsTo(t, gamesData, func(tb *replay.Table) bool { return len(tb.Trick) == 3 && tb.Round == 1 })
	cur.SetShowAll(true)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`window.deckforge.showAll(true) && window.deckforge.step(%d) === %d`, trick, trick))); err != nil {
		t.Fatal(err)
	}
	st = state(ctx, t)
	if want := asJSON(t, cur.State()); !reflect.DeepEqual(st, want) {
		t.Errorf("the card game's state differs from the Go model's:\npage %v\n  go %v", st, want)
	}
	if st["kind"] != "card_game" || len(st["trick"].([]any)) != 3 {
		t.Errorf("card game: kind %v, trick %v", st["kind"], st["trick"])
	}
	cardGame := screenshot(ctx, t)
	checkNotBlank(t, "card game screenshot", cardGame)

	// Real simulator output: a Hearts hand mid-trick, 12-card hands, and a
	// hold'em board at the river.
	st, heartsShot := showReal(ctx, t, "hearts.dfr", heartsData, heartsStep)
	if trick, _ := st["trick"].([]any); st["game"] != "Hearts" || len(trick) != 2 {
		t.Errorf("hearts: game %v, trick %v: want two cards played to the trick", st["game"], st["trick"])
	}
	for _, s := range st["seats"].([]any) {
		seat := s.(map[string]any)
		if cs, _ := seat["cards"].([]any); len(cs) < 11 || len(cs) > 12 || slices.Contains(cs, any("??")) {
			t.Errorf("hearts: %v holds %v, want 11 or 12 cards, all shown", seat["name"], seat["cards"])
		}
	}
	st, holdemShot := showReal(ctx, t, "holdem.dfr", holdemData, holdemStep)
	if board, _ := st["board"].([]any); st["kind"] != "poker" || st["street"] != "river" || len(board) != 5 {
		t.Errorf("hold'em: kind %v street %v board %v: want the river's five cards", st["kind"], st["street"], st["board"])
	}
	// A player with no chips left is busted, drawn with its cross, not
	// the pause sign of a player sitting out.
	busted := 0
	for name, m := range seatMarks(ctx, t) {
		switch m {
		case "busted":
			busted++
		case "paused":
			t.Errorf("hold'em at the river: %s is marked as sitting out", name)
		}
	}
	if busted == 0 {
		t.Errorf("hold'em at the river: no busted player marked, want the one with no chips left")
	}

	// A file dropped on the page is loaded.
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(async () => {
		const bytes = await (await fetch("files/session.dfr")).arrayBuffer();
		const dt = new DataTransfer();
		dt.items.add(new File([bytes], "dropped.dfr"));
		window.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
	})()`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`window.deckforge.state().hash === %q`, hex.EncodeToString(sum[:])),
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Errorf("the dropped file was not loaded: %v", err)
	}

	// Errors are thrown, not logged: bad bytes and a bad step.
	msg, err := chromedp.Run(ctx, chromedp.Evaluate[string](
		`(() => { try { window.deckforge.loadBytes(new Uint8Array([1, 2, 3]), "junk.dfr"); return "no error"; } catch (e) { return e.message; } })()`))
	if err != nil || !strings.Contains(msg, "junk.dfr") {
		t.Errorf("loading junk: %q, %v", msg, err)
	}
	msg, err = chromedp.Run(ctx, chromedp.Evaluate[string](
		`(() => { try { window.deckforge.seek(7, 0); return "no error"; } catch (e) { return e.message; } })()`))
	if err != nil || !strings.Contains(msg, "hand 7") {
		t.Errorf("seeking past the end: %q, %v", msg, err)
	}

	if errs := console.get(); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}

	if wantScreenshots() {
		for name, data := range map[string][]byte{"viewer-holdem.png": holdem, "viewer-sit-out.png": sitOut,
			"viewer-hearts.png": heartsShot, "viewer-holdem-river.png": holdemShot} {
			p := filepath.Join(screenshotDir(), name)
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s (%d bytes)", p, len(data))
		}
	}
}

// pressAndWait presses a key and waits until the page's expression holds.
func pressAndWait(ctx context.Context, t *testing.T, key, cond string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.KeyEvent(key)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Errorf("after pressing %q, %s does not hold: %v", key, cond, err)
	}
}

// clickAndWait clicks a control (the viewport is the virtual canvas's
// size, so virtual units are CSS pixels) and waits until cond holds.
func clickAndWait(ctx context.Context, t *testing.T, c ui.Control, cond string) {
	t.Helper()
	x, y := ui.ControlRect(c).Center()
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(x, y)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Errorf("after clicking control %d, %s does not hold: %v", c, cond, err)
	}
}

func contains(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// waitTrue evaluates expr in the page until it is true or timeout passes.
// Unlike chromedp.Poll it survives the page's execution context being
// replaced while a navigation settles: an evaluation that fails counts as
// "not yet", and the last failure is reported at the timeout.
func waitTrue(ctx context.Context, expr string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	var last error
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr))
		switch {
		case err == nil && ok:
			return nil
		case err != nil:
			last = err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if time.Now().After(deadline) {
			if last != nil {
				return fmt.Errorf("%q not true after %v (last error: %v)", expr, timeout, last)
			}
			return fmt.Errorf("%q not true after %v", expr, timeout)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
