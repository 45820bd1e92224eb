package server

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// benchServer serves a directory of 200 PHH files (the dwan-ivey hand,
// ten hands to a .phhs file) and a 4 MB wasm over a real HTTP server.
func benchServer(b *testing.B) (*httptest.Server, *Server) {
	b.Helper()
	dir := b.TempDir()
	hand, err := os.ReadFile("testdata/dwan-ivey-2009.phh")
	require.NoError(b, err)
	var bulk bytes.Buffer
	for i := 1; i <= 10; i++ {
		fmt.Fprintf(&bulk, "[%d]\n%s\n", i, hand)
	}
	for i := range 200 {
		require.NoError(b, os.WriteFile(filepath.Join(dir, fmt.Sprintf("h%03d.phhs", i)), bulk.Bytes(), 0o644))
	}
	wasm := filepath.Join(b.TempDir(), "viewer.wasm")
	require.NoError(b, os.WriteFile(wasm, bytes.Repeat([]byte("\x00asm wasm bytes, some code "), 4<<20/27), 0o644))
	s, err := New(Config{Dir: dir, Wasm: wasm})
	require.NoError(b, err)
	b.Cleanup(func() { s.Close() })
	ts := httptest.NewUnstartedServer(s)
	ts.Config = s.HTTPServer()
	ts.Start()
	b.Cleanup(ts.Close)
	return ts, s
}

func fetch(b *testing.B, c *http.Client, url string, gz bool) int64 {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if gz {
		req.Header.Set("Accept-Encoding", "gzip")
	}
	resp, err := c.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	n, _ := io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b.Fatalf("%s: %s", url, resp.Status)
	}
	return n
}

// BenchmarkServeList lists 200 files with their game, players and hands
// (each file read once, then remembered).
func BenchmarkServeList(b *testing.B) {
	ts, _ := benchServer(b)
	c := ts.Client()
	fetch(b, c, ts.URL+"/api/files", false) // the first list reads the files
	b.ReportAllocs()
	for b.Loop() {
		fetch(b, c, ts.URL+"/api/files", false)
	}
}

// BenchmarkServeListCold lists 200 files, reading each one (the first
// request after start).
func BenchmarkServeListCold(b *testing.B) {
	ts, s := benchServer(b)
	c := ts.Client()
	b.ReportAllocs()
	for b.Loop() {
		s.summaries.mu.Lock()
		s.summaries.m = nil
		s.summaries.mu.Unlock()
		fetch(b, c, ts.URL+"/api/files", false)
	}
}

// BenchmarkServeFile serves one .phhs file.
func BenchmarkServeFile(b *testing.B) {
	ts, _ := benchServer(b)
	c := ts.Client()
	b.ReportAllocs()
	var n int64
	for b.Loop() {
		n = fetch(b, c, ts.URL+"/files/h000.phhs", false)
	}
	b.SetBytes(n)
}

// BenchmarkServeWasmGzip serves the wasm gzipped (compressed once).
func BenchmarkServeWasmGzip(b *testing.B) {
	ts, _ := benchServer(b)
	c := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	fetch(b, c, ts.URL+"/viewer.wasm", true)
	b.ReportAllocs()
	var n int64
	for b.Loop() {
		n = fetch(b, c, ts.URL+"/viewer.wasm", true)
	}
	b.SetBytes(n)
	b.ReportMetric(float64(n), "gz-bytes")
}
