//go:build js && wasm

package ui

import (
	"errors"
	"fmt"
	"net/url"
	"path"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"
)

// Run puts the viewer's JavaScript API on the page as window.deckforge
// (see the package documentation), then runs the viewer until the page
// closes. It is the whole of the viewer's main function.
func Run() error {
	js.Global().Get("performance").Call("mark", "deckforge-go-started")
	p := NewPlayer()
	b := &bridge{player: p, api: js.Global().Get("Object").New()}
	g, err := NewGame(p, Hooks{Frame: b.frame})
	if err != nil {
		return err
	}
	b.game = g
	b.install()
	ebiten.SetRunnableOnUnfocused(true)
	ebiten.SetScreenClearedEveryFrame(false)
	ebiten.SetWindowTitle("deckforge viewer")
	return ebiten.RunGame(g)
}

// bridge is window.deckforge: the page's handle on the player.
type bridge struct {
	player *Player
	game   *Game
	api    js.Value
	// funcs are kept for the page's lifetime.
	funcs []js.Func
}

// result is what a Go function of the API returns to its JavaScript
// wrapper: a value, or an error the wrapper throws.
func result(v any, err error) any {
	o := js.Global().Get("Object").New()
	if err != nil {
		o.Set("error", err.Error())
		return o
	}
	o.Set("value", v)
	return o
}

// method adds a function to the API. The Go function returns a result;
// a small JavaScript wrapper returns its value or throws its error, so the
// page sees ordinary functions.
func (b *bridge) method(name string, f func(args []js.Value) (any, error)) {
	fn := js.FuncOf(func(_ js.Value, args []js.Value) any { return result(f(args)) })
	b.funcs = append(b.funcs, fn)
	wrap := js.Global().Get("Function").New("impl",
		`return function(...args) { const r = impl(...args); if (r.error !== undefined) { throw new Error(r.error); } return r.value; };`)
	b.api.Set(name, wrap.Invoke(fn))
}

// state returns the state as a JavaScript object (null before a load).
func (b *bridge) state() (any, error) {
	data, err := b.player.StateJSON()
	if err != nil {
		return nil, err
	}
	return js.Global().Get("JSON").Call("parse", string(data)), nil
}

func argInt(args []js.Value, i int, name string, def int) (int, error) {
	if i >= len(args) || args[i].IsUndefined() {
		return def, nil
	}
	if args[i].Type() != js.TypeNumber {
		return 0, fmt.Errorf("%s: want a number, got %s", name, args[i].Type())
	}
	return args[i].Int(), nil
}

func (b *bridge) install() {
	p := b.player
	b.method("state", func([]js.Value) (any, error) { return b.state() })
	b.method("stateJSON", func([]js.Value) (any, error) {
		data, err := p.StateJSON()
		return string(data), err
	})
	b.method("step", func(args []js.Value) (any, error) {
		n, err := argInt(args, 0, "step(n)", 1)
		if err != nil {
			return nil, err
		}
		return p.Step(n)
	})
	b.method("seek", func(args []js.Value) (any, error) {
		h, err := argInt(args, 0, "seek(hand, step)", 0)
		if err != nil {
			return nil, err
		}
		s, err := argInt(args, 1, "seek(hand, step)", 0)
		if err != nil {
			return nil, err
		}
		if err := p.Seek(h, s); err != nil {
			return nil, err
		}
		return b.state()
	})
	b.method("nextHand", func([]js.Value) (any, error) { return nil, p.NextHand() })
	b.method("prevHand", func([]js.Value) (any, error) { return nil, p.PrevHand() })
	b.method("play", func([]js.Value) (any, error) { p.SetPlaying(true); return nil, nil })
	b.method("pause", func([]js.Value) (any, error) { p.SetPlaying(false); return nil, nil })
	b.method("playing", func([]js.Value) (any, error) { return p.Playing(), nil })
	b.method("speed", func(args []js.Value) (any, error) {
		if len(args) > 0 && !args[0].IsUndefined() {
			l, err := argInt(args, 0, "speed(level)", DefaultSpeedLevel)
			if err != nil {
				return nil, err
			}
			p.SetSpeedLevel(l)
		}
		return StepsPerSecond(p.SpeedLevel()), nil
	})
	b.method("showAll", func(args []js.Value) (any, error) {
		if len(args) > 0 && !args[0].IsUndefined() {
			p.SetShowAll(args[0].Truthy())
		}
		return p.ShowAll(), nil
	})
	b.method("animating", func([]js.Value) (any, error) { return b.game.Animating(), nil })
	b.method("loadBytes", func(args []js.Value) (any, error) {
		if len(args) < 1 || args[0].Type() != js.TypeObject || args[0].Get("byteLength").IsUndefined() {
			return nil, errors.New("loadBytes(bytes, name): bytes must be a Uint8Array")
		}
		name := "dropped file"
		if len(args) > 1 && args[1].Type() == js.TypeString {
			name = args[1].String()
		}
		data := make([]byte, args[0].Get("byteLength").Int())
		js.CopyBytesToGo(data, args[0])
		if err := p.Load(name, data); err != nil {
			return nil, err
		}
		return b.state()
	})
	loadFn := js.FuncOf(func(_ js.Value, args []js.Value) any {
		u := ""
		if len(args) > 0 && args[0].Type() == js.TypeString {
			u = args[0].String()
		}
		return b.load(u)
	})
	b.funcs = append(b.funcs, loadFn)
	b.api.Set("load", loadFn)
	// The keys, as the browser reports them: a tap between two frames
	// counts, and a held key repeats at the system's rate.
	keys := js.FuncOf(func(_ js.Value, args []js.Value) any {
		e := args[0]
		if e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() || e.Get("altKey").Bool() {
			return nil
		}
		if t := e.Get("target"); t.Truthy() && t.Get("tagName").Type() == js.TypeString {
			switch t.Get("tagName").String() {
			case "INPUT", "TEXTAREA", "SELECT", "BUTTON", "A":
				// The page's own controls keep their keys.
				return nil
			}
		}
		if p.Key(e.Get("key").String()) {
			e.Call("preventDefault")
		}
		return nil
	})
	b.funcs = append(b.funcs, keys)
	js.Global().Call("addEventListener", "keydown", keys)
	// Clicks and touches on the canvas, in virtual units.
	clicks := js.FuncOf(func(_ js.Value, args []js.Value) any {
		e := args[0]
		t := e.Get("target")
		if !t.Truthy() || t.Get("tagName").String() != "CANVAS" || e.Get("button").Int() != 0 {
			return nil
		}
		r := t.Call("getBoundingClientRect")
		s, ox, oy := Fit(r.Get("width").Float(), r.Get("height").Float())
		x := (e.Get("clientX").Float() - r.Get("left").Float() - ox) / s
		y := (e.Get("clientY").Float() - r.Get("top").Float() - oy) / s
		p.Click(x, y)
		return nil
	})
	b.funcs = append(b.funcs, clicks)
	js.Global().Call("addEventListener", "pointerdown", clicks)
	b.api.Set("frames", 0)
	b.api.Set("firstFrameMs", js.Null())
	b.api.Set("firstTableFrameMs", js.Null())
	b.api.Set("ready", true)
	js.Global().Set("deckforge", b.api)
	js.Global().Call("dispatchEvent", js.Global().Get("Event").New("deckforge-ready"))
}

// load fetches url and loads it; it returns a promise of the state.
func (b *bridge) load(u string) js.Value {
	executor := js.FuncOf(func(_ js.Value, args []js.Value) any {
		resolve, reject := args[0], args[1]
		go func() {
			st, err := b.fetchAndLoad(u)
			if err != nil {
				reject.Invoke(js.Global().Get("Error").New(err.Error()))
				return
			}
			resolve.Invoke(st)
		}()
		return nil
	})
	defer executor.Release()
	return js.Global().Get("Promise").New(executor)
}

func (b *bridge) fetchAndLoad(u string) (any, error) {
	if u == "" {
		return nil, errors.New("load(url): the url is empty")
	}
	resp, err := await(js.Global().Call("fetch", u))
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", u, err)
	}
	if !resp.Get("ok").Bool() {
		body, _ := await(resp.Call("text"))
		msg := ""
		if body.Type() == js.TypeString {
			msg = ": " + body.String()
		}
		return nil, fmt.Errorf("load %s: HTTP %d%s", u, resp.Get("status").Int(), msg)
	}
	buf, err := await(resp.Call("arrayBuffer"))
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", u, err)
	}
	arr := js.Global().Get("Uint8Array").New(buf)
	data := make([]byte, arr.Get("byteLength").Int())
	js.CopyBytesToGo(data, arr)
	if err := b.player.Load(fileName(u), data); err != nil {
		return nil, err
	}
	return b.state()
}

// fileName returns the last element of a URL's path, unescaped.
func fileName(u string) string {
	pu, err := url.Parse(u)
	if err != nil {
		return path.Base(u)
	}
	return path.Base(pu.Path)
}

// await waits for a JavaScript promise. It must run on its own goroutine,
// never in a callback.
func await(promise js.Value) (js.Value, error) {
	done := make(chan js.Value, 1)
	failed := make(chan js.Value, 1)
	then := js.FuncOf(func(_ js.Value, args []js.Value) any {
		done <- args[0]
		return nil
	})
	catch := js.FuncOf(func(_ js.Value, args []js.Value) any {
		failed <- args[0]
		return nil
	})
	defer then.Release()
	defer catch.Release()
	promise.Call("then", then, catch)
	select {
	case v := <-done:
		return v, nil
	case e := <-failed:
		return js.Undefined(), errors.New(js.Global().Get("String").Invoke(e).String())
	}
}

// frame records the frames drawn and the time of the first ones.
func (b *bridge) frame(n int, loaded bool) {
	b.api.Set("frames", n)
	now := js.Global().Get("performance").Call("now")
	if n == 1 {
		b.api.Set("firstFrameMs", now)
	}
	if loaded && b.api.Get("firstTableFrameMs").IsNull() {
		b.api.Set("firstTableFrameMs", now)
	}
}
