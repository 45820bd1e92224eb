package server

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tree makes a directory to serve and a secret file beside it.
func tree(t *testing.T) (dir, secret string) {
	t.Helper()
	base := t.TempDir()
	dir = filepath.Join(base, "served")
	files := map[string]string{
		"a.dfr":             "\x10\x00\x00\x00DFRPreplay bytes",
		"hands/b.phh":       "variant = \"NT\"\n",
		"hands/c.phhs":      "[1]\nvariant = \"NT\"\n",
		"notes.txt":         "not offered",
		".hidden/d.dfr":     "hidden",
		"hands/.e.phh":      "hidden",
		"deep/er/still.dfr": "deep",
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	secret = filepath.Join(base, "secret.dfr")
	if err := os.WriteFile(secret, []byte("SECRET"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A link inside the directory that leads out of it.
	if err := os.Symlink(secret, filepath.Join(dir, "escape.dfr")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(base, filepath.Join(dir, "up")); err != nil {
		t.Fatal(err)
	}
	return dir, secret
}

func newServer(t *testing.T, cfg Config) *Server {
	t.Helper()
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func get(t *testing.T, h http.Handler, target string) (int, string, http.Header) {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "http://localhost"+target, nil)
	// Keep the target as written (escapes included).
	req.RequestURI = target
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	body, _ := io.ReadAll(w.Result().Body)
	return w.Code, string(body), w.Result().Header
}

func TestServeFilesUnderDirOnly(t *testing.T) {
	dir, _ := tree(t)
	s := newServer(t, Config{Dir: dir})
	ok := map[string]string{
		"/files/a.dfr":             "replay bytes",
		"/files/hands/b.phh":       "variant",
		"/files/hands/c.phhs":      "[1]",
		"/files/deep/er/still.dfr": "deep",
		"/files/hands%2Fb.phh":     "variant",
	}
	for target, want := range ok {
		code, body, _ := get(t, s, target)
		if code != http.StatusOK || !strings.Contains(body, want) {
			t.Errorf("GET %s: %d %q, want 200 with %q", target, code, body, want)
		}
	}
	refused := []string{
		"/files/../secret.dfr",
		"/files/..%2Fsecret.dfr",
		"/files/%2e%2e/secret.dfr",
		"/files/hands/..%2F..%2Fsecret.dfr",
		"/files/%2Fetc%2Fpasswd",
		"/files/escape.dfr",      // a link out of the directory
		"/files/up/secret.dfr",   // through a linked directory
		"/files/notes.txt",       // not a replay or PHH file
		"/files/.hidden/d.dfr",   // hidden
		"/files/hands/.e.phh",    // hidden
		"/files/hands",           // a directory
		"/files/missing.dfr",     // missing
		"/files/a.dfr%00.phh",    // a NUL
		"/files/hands%5Cb.phh",   // a backslash
		"/files/./a.dfr",         // a "." element
		"/files/hands//b.phh",    // an empty element
		"/files/" + "a.dfr/..",   // cleaned by the mux into a directory
		"/files/..%5Csecret.dfr", // a backslash
	}
	for _, target := range refused {
		code, body, _ := get(t, s, target)
		if code == http.StatusOK || strings.Contains(body, "SECRET") {
			t.Errorf("GET %s: %d %q, want it refused", target, code, body)
		}
	}
}

func TestCheckName(t *testing.T) {
	for _, n := range []string{"a.dfr", "x/y.phh", "x/y.PHHS", "deep/er/z.dfr"} {
		if err := CheckName(n); err != nil {
			t.Errorf("CheckName(%q) = %v", n, err)
		}
	}
	for _, n := range []string{"", ".", "..", "../a.dfr", "/a.dfr", "a/../b.dfr", "a//b.dfr", `a\b.dfr`, ".a.dfr", "x/.y/z.dfr", "a.txt", "a.dfr/", "a\x00.dfr"} {
		if err := CheckName(n); err == nil {
			t.Errorf("CheckName(%q) accepted", n)
		}
	}
}

func TestListing(t *testing.T) {
	dir, _ := tree(t)
	s := newServer(t, Config{Dir: dir})
	files, truncated, err := s.Files()
	if err != nil || truncated {
		t.Fatal(err, truncated)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Name+":"+f.Kind)
	}
	want := "a.dfr:replay deep/er/still.dfr:replay hands/b.phh:phh hands/c.phhs:phh"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("files %q, want %q", got, want)
	}
	code, body, hdr := get(t, s, "/api/files")
	var list []File
	if code != http.StatusOK || hdr.Get("Content-Type") != "application/json" || json.Unmarshal([]byte(body), &list) != nil || len(list) != 4 {
		t.Errorf("/api/files: %d %s %q", code, hdr.Get("Content-Type"), body)
	}
	code, body, _ = get(t, s, "/")
	if code != http.StatusOK || !strings.Contains(body, `href="?replay=hands%2fb.phh"`) || strings.Contains(body, "notes.txt") || strings.Contains(body, "secret") {
		t.Errorf("list page: %d\n%s", code, body)
	}
	if !strings.Contains(body, "make wasm") {
		t.Error("the list page does not say the wasm is missing")
	}
}

func TestViewerPageAndWasm(t *testing.T) {
	dir, _ := tree(t)
	wasm := filepath.Join(t.TempDir(), "viewer.wasm")
	s := newServer(t, Config{Dir: dir, Wasm: wasm})

	code, body, _ := get(t, s, "/viewer.wasm")
	if code != http.StatusNotFound || !strings.Contains(body, "make wasm") {
		t.Errorf("missing wasm: %d %q", code, body)
	}
	if missing, _ := s.WasmMissing(); !missing {
		t.Error("WasmMissing = false with no file")
	}
	if err := os.WriteFile(wasm, []byte("\x00asm\x01\x00\x00\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, body, hdr := get(t, s, "/viewer.wasm")
	if code != http.StatusOK || hdr.Get("Content-Type") != "application/wasm" || body != "\x00asm\x01\x00\x00\x00" {
		t.Errorf("wasm: %d %s %q", code, hdr.Get("Content-Type"), body)
	}
	for _, target := range []string{"/?replay=a.dfr", "/view", "/index.html"} {
		code, body, hdr := get(t, s, target)
		if code != http.StatusOK || !strings.Contains(body, "wasm_exec.js") || !strings.HasPrefix(hdr.Get("Content-Type"), "text/html") {
			t.Errorf("GET %s: %d %s", target, code, hdr.Get("Content-Type"))
		}
	}
	code, body, hdr = get(t, s, "/wasm_exec.js")
	if code != http.StatusOK || !strings.Contains(body, "globalThis.Go") || !strings.HasPrefix(hdr.Get("Content-Type"), "text/javascript") {
		t.Errorf("wasm_exec.js: %d %s", code, hdr.Get("Content-Type"))
	}
	if code, _, _ := get(t, s, "/nothing"); code != http.StatusNotFound {
		t.Errorf("GET /nothing: %d", code)
	}
}

func TestLoopbackOnly(t *testing.T) {
	dir, _ := tree(t)
	s := newServer(t, Config{Dir: dir, LoopbackOnly: true})
	for host, want := range map[string]int{
		"localhost:8080":      http.StatusOK,
		"127.0.0.1:8080":      http.StatusOK,
		"[::1]:8080":          http.StatusOK,
		"LOCALHOST":           http.StatusOK,
		"evil.example:8080":   http.StatusMisdirectedRequest,
		"192.168.1.4:8080":    http.StatusMisdirectedRequest,
		"localhost.evil.test": http.StatusMisdirectedRequest,
	} {
		req := httptest.NewRequest(http.MethodGet, "/files/a.dfr", nil)
		req.Host = host
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		if w.Code != want {
			t.Errorf("Host %s: %d, want %d", host, w.Code, want)
		}
	}
}

func TestNewErrors(t *testing.T) {
	if _, err := New(Config{Dir: filepath.Join(t.TempDir(), "nope")}); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("missing directory: %v", err)
	}
	f := filepath.Join(t.TempDir(), "file.dfr")
	if err := os.WriteFile(f, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := New(Config{Dir: f}); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("a file as directory: %v", err)
	}
}
