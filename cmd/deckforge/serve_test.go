package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a buffer the server goroutine and the test share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestServeArguments(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		args []string
		code int
		err  string
	}{
		{[]string{dir, "other"}, 2, "unexpected argument"},
		{[]string{"--nope"}, 2, "flag provided but not defined"},
		{[]string{dir, "--addr", "127.0.0.1"}, 2, "--addr"},
		{[]string{filepath.Join(dir, "missing")}, 1, "missing"},
		{[]string{"--addr", "127.0.0.1:-5", dir}, 1, "--addr"},
	}
	for _, c := range cases {
		code, _, errs := runWith("", append([]string{"serve"}, c.args...)...)
		if code != c.code || !strings.Contains(errs, c.err) {
			t.Errorf("serve %q: exit %d, stderr %q; want %d and %q", c.args, code, errs, c.code, c.err)
		}
	}
	if code, _, errs := runWith("", "help", "serve"); code != 0 || !strings.Contains(errs, "Usage: deckforge serve") {
		t.Errorf("help serve: %d %q", code, errs)
	}
}

func TestLoopbackAddr(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:8080": true, "localhost:80": true, "[::1]:8080": true, "127.5.5.5:1": true,
		":8080": false, "0.0.0.0:8080": false, "192.168.0.2:8080": false, "[::]:8080": false,
	} {
		got, err := loopbackAddr(addr)
		if err != nil || got != want {
			t.Errorf("loopbackAddr(%q) = %v, %v; want %v", addr, got, err, want)
		}
	}
	if _, err := loopbackAddr("127.0.0.1"); err == nil {
		t.Error("an address without a port was accepted")
	}
}

// TestServeRuns starts the server on a free loopback port, with flags on
// both sides of DIR, reads its pages and stops it.
func TestServeRuns(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "session.dfr"), []byte("\x10\x00\x00\x00DFRP"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(filepath.Dir(dir), "outside.dfr"), []byte("outside"), 0o644); err != nil {
		t.Fatal(err)
	}
	wasm := filepath.Join(t.TempDir(), "viewer.wasm")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errs syncBuffer
	addrc := make(chan string, 1)
	exit := make(chan int, 1)
	go func() {
		exit <- serve(ctx, []string{"--wasm", wasm, dir, "--addr", "127.0.0.1:0"}, stdio{in: strings.NewReader(""), out: &out, err: &errs},
			func(a string) { addrc <- a })
	}()
	var addr string
	select {
	case addr = <-addrc:
	case code := <-exit:
		t.Fatalf("serve exited with %d: %s", code, errs.String())
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not start")
	}
	fetch := func(path string) (int, string) {
		t.Helper()
		resp, err := http.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if code, body := fetch("/"); code != 200 || !strings.Contains(body, "session.dfr") {
		t.Errorf("list page: %d %q", code, body)
	}
	if code, body := fetch("/files/session.dfr"); code != 200 || body != "\x10\x00\x00\x00DFRP" {
		t.Errorf("file: %d %q", code, body)
	}
	if code, body := fetch("/files/..%2Foutside.dfr"); code != 404 || strings.Contains(body, "outside\n") {
		t.Errorf("a file outside DIR: %d %q", code, body)
	}
	if code, body := fetch("/viewer.wasm"); code != 404 || !strings.Contains(body, "make wasm") {
		t.Errorf("missing wasm: %d %q", code, body)
	}
	if !strings.Contains(out.String(), "http://"+addr+"/") || !strings.Contains(errs.String(), "make wasm") {
		t.Errorf("stdout %q, stderr %q", out.String(), errs.String())
	}
	cancel()
	select {
	case code := <-exit:
		if code != 0 {
			t.Errorf("exit %d after stopping: %s", code, errs.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
}

// TestCLIDoesNotImportEbiten: the viewer's drawing stays in the wasm.
func TestCLIDoesNotImportEbiten(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to list the CLI's imports: %v", err)
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "github.com/deckforge/deckforge/viewer/server") {
		t.Fatalf("go list -deps does not list viewer/server:\n%s", out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.Contains(dep, "ebiten") {
			t.Errorf("the CLI imports %s", dep)
		}
	}
}
