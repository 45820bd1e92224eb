//go:build unix

package server

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"html"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/internal/limits"
)

// TestServeRefusesFIFO: a FIFO named *.phh used to block the request (and
// its thread) for ever; it is now refused from a stat, and not listed.
func TestServeRefusesFIFO(t *testing.T) {
	dir, _ := tree(t)
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "trap.phh"), 0o644))
	s := newServer(t, Config{Dir: dir})
	done := make(chan struct{})
	var code int
	var body string
	go func() {
		defer close(done)
		code, body, _ = get(t, s, "/files/trap.phh")
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the request for a FIFO did not return")
	}
	assert.Equal(t, http.StatusNotFound, code)
	assert.Contains(t, body, `"trap.phh": not a regular file`)
	files, _, err := s.Files()
	require.NoError(t, err)
	for _, f := range files {
		assert.NotEqual(t, "trap.phh", f.Name)
	}
}

// serveReal serves s over TCP with the server's settings, changed by
// tweak, behind a connection limit of conns.
func serveReal(t *testing.T, s *Server, conns int, tweak func(*http.Server)) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	hs := s.HTTPServer()
	tweak(hs)
	go func() { _ = hs.Serve(LimitListener(ln, conns)) }()
	t.Cleanup(func() { hs.Close() })
	return ln.Addr().String()
}

// closedWithin reports whether the server closes c within d.
func closedWithin(c net.Conn, d time.Duration) bool {
	_ = c.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, c)
	var ne net.Error
	return err == nil || !(errors.As(err, &ne) && ne.Timeout())
}

// TestServeTimeouts: an idle keep-alive connection and a trickled request
// are closed by the server instead of being held open.
func TestServeTimeouts(t *testing.T) {
	dir, _ := tree(t)
	s := newServer(t, Config{Dir: dir})
	addr := serveReal(t, s, 8, func(hs *http.Server) {
		hs.IdleTimeout = 200 * time.Millisecond
		hs.ReadHeaderTimeout = 200 * time.Millisecond
		hs.ReadTimeout = 300 * time.Millisecond
	})
	// Idle after one request.
	c, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer c.Close()
	_, err = io.WriteString(c, "GET /api/files HTTP/1.1\r\nHost: localhost\r\n\r\n")
	require.NoError(t, err)
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	require.NoError(t, err)
	resp.Body.Close()
	assert.True(t, closedWithin(c, 5*time.Second), "an idle connection stayed open")

	// A request whose header trickles in.
	c2, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer c2.Close()
	_, err = io.WriteString(c2, "GET /api/files HTTP/1.1\r\nHost: loc")
	require.NoError(t, err)
	assert.True(t, closedWithin(c2, 5*time.Second), "a trickled request held its connection")
}

// TestServeConnectionLimit: beyond the limit, a connection waits until
// another one closes.
func TestServeConnectionLimit(t *testing.T) {
	dir, _ := tree(t)
	s := newServer(t, Config{Dir: dir})
	addr := serveReal(t, s, 2, func(*http.Server) {})
	var held []net.Conn
	for range 2 {
		c, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		held = append(held, c)
	}
	// Make sure both are accepted: each answers a request.
	for _, c := range held {
		_, err := io.WriteString(c, "GET /api/files HTTP/1.1\r\nHost: localhost\r\n\r\n")
		require.NoError(t, err)
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		require.NoError(t, err)
		resp.Body.Close()
	}
	third, err := net.Dial("tcp", addr) // the kernel completes the handshake
	require.NoError(t, err)
	defer third.Close()
	_, err = io.WriteString(third, "GET /api/files HTTP/1.1\r\nHost: localhost\r\n\r\n")
	require.NoError(t, err)
	_ = third.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	_, err = bufio.NewReader(third).ReadByte()
	var ne net.Error
	require.True(t, errors.As(err, &ne) && ne.Timeout(), "a third connection was served beyond the limit of 2: %v", err)
	held[0].Close()
	_ = third.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(third), nil)
	require.NoError(t, err, "the waiting connection was not served once another closed")
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	held[1].Close()
}

// TestServeWasmGzip: the wasm goes gzipped to a browser that accepts it.
func TestServeWasmGzip(t *testing.T) {
	dir, _ := tree(t)
	wasm := filepath.Join(t.TempDir(), "viewer.wasm")
	plain := bytes.Repeat([]byte("\x00asm wasm bytes "), 1<<16)
	require.NoError(t, os.WriteFile(wasm, plain, 0o644))
	s := newServer(t, Config{Dir: dir, Wasm: wasm})

	req, _ := http.NewRequest(http.MethodGet, "http://localhost/viewer.wasm", nil)
	req.Header.Set("Accept-Encoding", "gzip, deflate, br")
	w := newRecorder(s, req)
	require.Equal(t, http.StatusOK, w.Code)
	assert.Equal(t, "gzip", w.Header().Get("Content-Encoding"))
	assert.Equal(t, "application/wasm", w.Header().Get("Content-Type"))
	assert.Less(t, w.Body.Len(), len(plain)/10)
	zr, err := gzip.NewReader(&w.Body)
	require.NoError(t, err)
	got, err := io.ReadAll(zr)
	require.NoError(t, err)
	assert.Equal(t, plain, got)

	req.Header.Del("Accept-Encoding")
	w = newRecorder(s, req)
	assert.Empty(t, w.Header().Get("Content-Encoding"))
	assert.Equal(t, plain, w.Body.Bytes())
}

func newRecorder(h http.Handler, req *http.Request) *bytesRecorder {
	w := &bytesRecorder{header: http.Header{}, Code: http.StatusOK}
	h.ServeHTTP(w, req)
	return w
}

// bytesRecorder is a minimal ResponseWriter that keeps the body.
type bytesRecorder struct {
	header http.Header
	Code   int
	Body   bytes.Buffer
}

func (r *bytesRecorder) Header() http.Header         { return r.header }
func (r *bytesRecorder) WriteHeader(code int)        { r.Code = code }
func (r *bytesRecorder) Write(p []byte) (int, error) { return r.Body.Write(p) }

// TestListGamePlayersHands: the list names each file's game, players and
// hands.
func TestListGamePlayersHands(t *testing.T) {
	dir := t.TempDir()
	hand, err := os.ReadFile("testdata/dwan-ivey-2009.phh")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "one.phh"), hand, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "two.phhs"), []byte("[1]\n"+string(hand)+"\n[2]\n"+string(hand)), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "bad.phh"), []byte("x = [[[\n"), 0o644))
	s := newServer(t, Config{Dir: dir})
	code, body, _ := get(t, s, "/api/files")
	require.Equal(t, http.StatusOK, code)
	var files []File
	require.NoError(t, json.Unmarshal([]byte(body), &files))
	byName := map[string]File{}
	for _, f := range files {
		byName[f.Name] = f
	}
	assert.Equal(t, 1, byName["one.phh"].Hands)
	assert.Equal(t, 2, byName["two.phhs"].Hands)
	assert.NotEmpty(t, byName["two.phhs"].Game)
	assert.GreaterOrEqual(t, byName["two.phhs"].Players, 2)
	assert.Equal(t, "not valid PHH", byName["bad.phh"].Note)
	_, page, _ := get(t, s, "/")
	assert.Contains(t, page, "<th>game</th>")
	assert.Contains(t, page, html.EscapeString(byName["one.phh"].Game))
	assert.True(t, strings.Contains(page, ">2<"), "the page shows the hands of two.phhs")
}

// TestListHonoursLimits: the list reads PHH files within the configured
// limits: a .phhs file of more hands than Limits.Hands is not summarised.
func TestListHonoursLimits(t *testing.T) {
	dir := t.TempDir()
	hand, err := os.ReadFile("testdata/dwan-ivey-2009.phh")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "two.phhs"), []byte("[1]\n"+string(hand)+"\n[2]\n"+string(hand)), 0o644))
	list := func(lim limits.Limits) File {
		s := newServer(t, Config{Dir: dir, Limits: lim})
		code, body, _ := get(t, s, "/api/files")
		require.Equal(t, http.StatusOK, code)
		var files []File
		require.NoError(t, json.Unmarshal([]byte(body), &files))
		require.Len(t, files, 1)
		return files[0]
	}
	assert.Equal(t, 2, list(limits.Limits{}).Hands)
	f := list(limits.Limits{Hands: 1})
	assert.Equal(t, "not valid PHH", f.Note, "two hands read with a limit of one")
}
