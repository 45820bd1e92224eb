package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/deckforge/deckforge/viewer/server"
	"github.com/deckforge/deckforge/viewer/web"
)

const serveUsage = `Usage: deckforge serve [DIR] [--addr 127.0.0.1:8080] [--wasm PATH]

serve runs the replay viewer in the browser: open the address it prints.
Its first page lists the replays (.dfr) and PHH hand histories (.phh,
.phhs) under DIR (default: the current directory); a link opens one in the
viewer (/?replay=NAME), and a file dropped on the viewer opens too. Only
files under DIR are served. It listens on the loopback address unless
--addr says otherwise, and stops on Ctrl-C.

The viewer itself is viewer.wasm, built by 'make wasm' into
viewer/web/viewer.wasm; serve finds it there (from the current directory or
the checkout that holds the deckforge binary) or at --wasm.

Flags:
`

func runServe(args []string, sio stdio) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(ctx, args, sio, nil)
}

// serve runs the server until ctx ends. ready, when not nil, is called with
// the address listened on once the server accepts connections.
func serve(ctx context.Context, args []string, sio stdio, ready func(addr string)) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(sio.err)
	fs.Usage = func() {
		fmt.Fprint(sio.err, serveUsage)
		printFlags(fs)
	}
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (host:port; a host other than a loopback one serves DIR to the network)")
	wasm := fs.String("wasm", "", "path of viewer.wasm (default: viewer/web/viewer.wasm of this checkout)")
	// Flags may come before and after DIR.
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	dir := "."
	if fs.NArg() > 0 {
		dir = fs.Arg(0)
		if err := fs.Parse(fs.Args()[1:]); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return 0
			}
			return 2
		}
		if fs.NArg() > 0 {
			fmt.Fprintf(sio.err, "deckforge serve: unexpected argument %q (one DIR at most)\n", fs.Arg(0))
			return 2
		}
	}
	loopback, err := loopbackAddr(*addr)
	if err != nil {
		fmt.Fprintf(sio.err, "deckforge serve: --addr %q: %v\n", *addr, err)
		return 2
	}
	srv, err := server.New(server.Config{Dir: dir, Wasm: findWasm(*wasm), LoopbackOnly: loopback, Limits: sio.lim})
	if err != nil {
		fmt.Fprintf(sio.err, "deckforge %v\n", err)
		return 1
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(sio.err, "deckforge serve: --addr %s: %v\n", *addr, err)
		return 1
	}
	hs := srv.HTTPServer()
	done := make(chan error, 1)
	go func() { done <- hs.Serve(server.LimitListener(ln, server.MaxConns)) }()

	url := "http://" + ln.Addr().String() + "/"
	fmt.Fprintf(sio.out, "deckforge serve: the replays in %s at %s (Ctrl-C stops)\n", dir, url)
	if !loopback {
		fmt.Fprintf(sio.err, "deckforge serve: warning: %s is not a loopback address: the files under %s are served to the network\n", *addr, dir)
	}
	if missing, msg := srv.WasmMissing(); missing {
		fmt.Fprintln(sio.err, "deckforge serve:", msg)
	}
	if ready != nil {
		ready(ln.Addr().String())
	}
	select {
	case <-ctx.Done():
	case err := <-done:
		fmt.Fprintf(sio.err, "deckforge serve: %v\n", err)
		return 1
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(shutdown); err != nil {
		fmt.Fprintf(sio.err, "deckforge serve: stopping: %v\n", err)
		return 1
	}
	return 0
}

// loopbackAddr reports whether addr (host:port) listens on a loopback
// address only: localhost or a loopback IP. An empty host means every
// interface.
func loopbackAddr(addr string) (bool, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return false, err
	}
	if port == "" {
		return false, errors.New("no port")
	}
	if strings.EqualFold(host, "localhost") {
		return true, nil
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback(), nil
}

// findWasm returns the viewer's wasm: flag when set, else the first of
// viewer/web/viewer.wasm under the current directory, beside the
// executable, and in the checkout holding the executable (.bin/deckforge),
// that exists; the first one when none does.
func findWasm(flag string) string {
	if flag != "" {
		return flag
	}
	candidates := []string{filepath.Join("viewer", "web", web.WasmName)}
	if exe, err := os.Executable(); err == nil {
		d := filepath.Dir(exe)
		candidates = append(candidates,
			filepath.Join(d, web.WasmName),
			filepath.Join(d, "..", "viewer", "web", web.WasmName))
	}
	for _, c := range candidates {
		if st, err := os.Stat(c); err == nil && st.Mode().IsRegular() {
			return c
		}
	}
	return candidates[0]
}
