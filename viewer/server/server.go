package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/deckforge/deckforge/internal/limits"
	"github.com/deckforge/deckforge/internal/safefile"
	"github.com/deckforge/deckforge/viewer/web"
)

// ReplayExt is the file extension of replays; PHHExt and PHHBulkExt those
// of PHH hand histories.
const (
	ReplayExt  = ".dfr"
	PHHExt     = ".phh"
	PHHBulkExt = ".phhs"
)

// maxFiles bounds the list of a directory.
const maxFiles = 5000

// Config configures a Server.
type Config struct {
	// Dir is the directory whose replays and PHH files are served.
	Dir string
	// Wasm is the path of the built viewer, viewer.wasm.
	Wasm string
	// LoopbackOnly refuses requests whose Host header is not localhost or
	// a loopback address.
	LoopbackOnly bool
	// Limits bound what the file list reads of a PHH file for its
	// summary (hands, players, nesting); zero fields are the defaults.
	Limits limits.Limits
}

// Server serves the viewer and the files of a directory.
type Server struct {
	summaries    summaryCache
	wasmGz       gzCache
	root         *os.Root
	dir          string
	wasm         string
	loopbackOnly bool
	lim          limits.Limits
	mux          *http.ServeMux
	page         fs.FS
}

// New returns a server of cfg.Dir. It fails, naming the directory, when it
// cannot be opened. The wasm file is looked for at each request, so that
// it may be built while the server runs.
func New(cfg Config) (*Server, error) {
	if cfg.Dir == "" {
		cfg.Dir = "."
	}
	st, err := os.Stat(cfg.Dir)
	if err != nil {
		return nil, fmt.Errorf("serve: directory %s: %w", cfg.Dir, err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("serve: %s is not a directory", cfg.Dir)
	}
	root, err := os.OpenRoot(cfg.Dir)
	if err != nil {
		return nil, fmt.Errorf("serve: directory %s: %w", cfg.Dir, err)
	}
	dir := cfg.Dir
	if abs, err := filepath.Abs(cfg.Dir); err == nil {
		dir = abs
	}
	s := &Server{root: root, dir: dir, wasm: cfg.Wasm, loopbackOnly: cfg.LoopbackOnly, lim: cfg.Limits.Or(), page: web.Files()}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.serveRoot)
	mux.HandleFunc("GET /view", s.serveViewer)
	mux.HandleFunc("GET /index.html", s.serveViewer)
	mux.HandleFunc("GET /wasm_exec.js", s.serveWasmExec)
	mux.HandleFunc("GET /"+web.WasmName, s.serveWasm)
	mux.HandleFunc("GET /files/{name...}", s.serveFile)
	mux.HandleFunc("GET /api/files", s.serveList)
	s.mux = mux
	return s, nil
}

// Close releases the directory.
func (s *Server) Close() error { return s.root.Close() }

// WasmMissing reports whether the viewer's wasm is not built, and the
// message that says how to build it.
func (s *Server) WasmMissing() (bool, string) {
	if s.wasm != "" {
		if st, err := os.Stat(s.wasm); err == nil && st.Mode().IsRegular() {
			return false, ""
		}
	}
	where := s.wasm
	if where == "" {
		where = "viewer/web/" + web.WasmName
	}
	return true, fmt.Sprintf("%s is not built (looked for %s): run `make wasm` in the deckforge checkout, then reload this page (or pass --wasm PATH to deckforge serve).", web.WasmName, where)
}

// ServeHTTP serves a request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.loopbackOnly && !loopbackHost(r.Host) {
		http.Error(w, "this server only answers requests for localhost", http.StatusMisdirectedRequest)
		return
	}
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	s.mux.ServeHTTP(w, r)
}

// loopbackHost reports whether a Host header names this machine:
// localhost or a loopback address, with or without a port.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (s *Server) serveRoot(w http.ResponseWriter, r *http.Request) {
	if r.URL.Query().Has("replay") {
		s.serveViewer(w, r)
		return
	}
	s.serveListPage(w, r)
}

func (s *Server) serveViewer(w http.ResponseWriter, r *http.Request) {
	s.servePageFile(w, r, "index.html", "text/html; charset=utf-8")
}

func (s *Server) serveWasmExec(w http.ResponseWriter, r *http.Request) {
	s.servePageFile(w, r, "wasm_exec.js", "text/javascript; charset=utf-8")
}

func (s *Server) servePageFile(w http.ResponseWriter, r *http.Request, name, ctype string) {
	data, err := fs.ReadFile(s.page, name)
	if err != nil {
		http.Error(w, "the embedded page lacks "+name, http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeContent(w, r, name, time.Time{}, strings.NewReader(string(data)))
}

func (s *Server) serveWasm(w http.ResponseWriter, r *http.Request) {
	if missing, msg := s.WasmMissing(); missing {
		http.Error(w, msg, http.StatusNotFound)
		return
	}
	f, _, err := safefile.Open(s.wasm, maxWasmBytes, "wasm")
	if err != nil {
		http.Error(w, fmt.Sprintf("cannot open %s: %v", web.WasmName, err), http.StatusInternalServerError)
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		http.Error(w, fmt.Sprintf("cannot read %s: %v", web.WasmName, err), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/wasm")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Add("Vary", "Accept-Encoding")
	if acceptsGzip(r) {
		if gz, err := s.wasmGz.get(f, st); err == nil {
			w.Header().Set("Content-Encoding", "gzip")
			http.ServeContent(w, r, web.WasmName, st.ModTime(), bytes.NewReader(gz))
			return
		}
		// A failed compression falls back to the plain file.
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			http.Error(w, fmt.Sprintf("cannot read %s: %v", web.WasmName, err), http.StatusInternalServerError)
			return
		}
	}
	http.ServeContent(w, r, web.WasmName, st.ModTime(), f)
}

// Kind returns the kind of file a name has by its extension: "replay",
// "phh", or "" for a file the server does not offer.
func Kind(name string) string {
	switch strings.ToLower(path.Ext(name)) {
	case ReplayExt:
		return "replay"
	case PHHExt, PHHBulkExt:
		return "phh"
	}
	return ""
}

// errName is the reason a file name is refused.
var errName = errors.New("not a replay or PHH file name under the served directory")

// CheckName reports whether name may be served: a slash-separated path
// relative to the directory, without "." or ".." elements, empty elements,
// backslashes or hidden elements, ending in .dfr, .phh or .phhs.
func CheckName(name string) error {
	if !fs.ValidPath(name) || name == "." || strings.ContainsAny(name, "\\\x00") {
		return fmt.Errorf("%q: %w", name, errName)
	}
	for _, el := range strings.Split(name, "/") {
		if strings.HasPrefix(el, ".") {
			return fmt.Errorf("%q: %w", name, errName)
		}
	}
	if Kind(name) == "" {
		return fmt.Errorf("%q: %w", name, errName)
	}
	return nil
}

func (s *Server) serveFile(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if err := CheckName(name); err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	f, st, err := s.open(name)
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	defer f.Close()
	if Kind(name) == "replay" {
		w.Header().Set("Content-Type", "application/octet-stream")
	} else {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	}
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeContent(w, r, path.Base(name), st.ModTime(), f)
}

// open opens the regular file name under the directory. A FIFO, a device
// or a socket is refused from a stat before it is opened: opening a FIFO
// blocks until a writer comes, which tied up a thread per request.
func (s *Server) open(name string) (*os.File, os.FileInfo, error) {
	st, err := s.root.Stat(name)
	if err != nil {
		// Missing, or outside the directory through a link: the same answer.
		return nil, nil, fmt.Errorf("%q: no such file under the served directory", name)
	}
	if !st.Mode().IsRegular() {
		return nil, nil, fmt.Errorf("%q: not a regular file", name)
	}
	f, err := s.root.Open(name)
	if err != nil {
		return nil, nil, fmt.Errorf("%q: no such file under the served directory", name)
	}
	// The name may have been replaced between the stat and the open.
	if st, err = f.Stat(); err != nil || !st.Mode().IsRegular() {
		f.Close()
		return nil, nil, fmt.Errorf("%q: not a regular file", name)
	}
	return f, st, nil
}

// File is one file the server offers.
type File struct {
	Name     string    `json:"name"` // slash-separated, relative to the directory
	Kind     string    `json:"kind"` // "replay" or "phh"
	Size     int64     `json:"size"`
	Modified time.Time `json:"modified"`
	// Game names the game (a replay's game, a PHH file's variants),
	// Players counts the players and Hands the hands; all are empty when
	// the file is larger than SummaryBytes or cannot be read (Note says
	// why).
	Game    string `json:"game,omitempty"`
	Players int    `json:"players,omitempty"`
	Hands   int    `json:"hands,omitempty"`
	Note    string `json:"note,omitempty"`
}

// Files lists the replays and PHH files under the directory, by name, at
// most 5000, skipping hidden files and directories. Truncated reports a
// list cut short.
func (s *Server) Files() (files []File, truncated bool, err error) {
	budget := int64(SummaryBudget)
	err = fs.WalkDir(s.root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == "." {
				return err
			}
			return nil // an unreadable entry is left out
		}
		if p != "." && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() || !d.Type().IsRegular() || CheckName(p) != nil {
			return nil
		}
		if len(files) >= maxFiles {
			truncated = true
			return fs.SkipAll
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		f := File{Name: p, Kind: Kind(p), Size: info.Size(), Modified: info.ModTime().UTC().Truncate(time.Second)}
		s.summaries.fill(s, &f, info, &budget)
		files = append(files, f)
		return nil
	})
	if err != nil {
		return nil, false, fmt.Errorf("serve: listing %s: %w", s.dir, err)
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Name < files[j].Name })
	return files, truncated, nil
}

func (s *Server) serveList(w http.ResponseWriter, _ *http.Request) {
	files, _, err := s.Files()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if files == nil {
		files = []File{}
	}
	w.Header().Set("Content-Type", "application/json")
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(files)
}

// listPage is the page that lists the files.
var listPage = template.Must(template.New("list").Funcs(template.FuncMap{
	"size": func(n int64) string {
		switch {
		case n >= 1<<20:
			return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
		case n >= 1<<10:
			return fmt.Sprintf("%.1f kB", float64(n)/(1<<10))
		}
		return fmt.Sprintf("%d B", n)
	},
	"date": func(t time.Time) string { return t.Format("2006-01-02 15:04") },
}).Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>deckforge — replays in {{.Dir}}</title>
<link rel="icon" href="data:,">
<style>
  body { margin: 0; background: #0e1318; color: #e6edf3; font: 15px/1.5 system-ui, sans-serif; }
  main { max-width: 920px; margin: 0 auto; padding: 28px 24px; }
  h1 { font-size: 22px; margin: 0 0 4px; } h1 span { color: #f2c14e; }
  p { color: #9aa7b4; margin: 6px 0 18px; }
  a { color: #7cc4ff; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: 7px 10px; border-bottom: 1px solid #243142; }
  th { color: #8b98a5; font-weight: 600; font-size: 13px; }
  td.n { text-align: right; white-space: nowrap; color: #9aa7b4; }
  .kind { font-size: 12px; padding: 2px 8px; border-radius: 9px; background: #243142; }
  .warn { background: #4d3800; color: #ffd27a; padding: 10px 14px; border-radius: 8px; margin-bottom: 18px; }
  .empty { color: #8b98a5; padding: 18px 10px; }
  .note { color: #8b98a5; font-size: 13px; }
</style>
</head>
<body>
<main>
<h1><span>deckforge</span> replays</h1>
<p>Replays (<code>.dfr</code>) and PHH hand histories (<code>.phh</code>, <code>.phhs</code>) in <code>{{.Dir}}</code>.
Open one, or <a href="view">open the viewer</a> and drop a file on it.</p>
{{if .WasmMessage}}<div class="warn">{{.WasmMessage}}</div>{{end}}
{{if .Files}}
<table>
<tr><th>file</th><th>game</th><th class="n">players</th><th class="n">hands</th><th>kind</th><th class="n">size</th><th class="n">modified (UTC)</th></tr>
{{range .Files}}<tr><td><a href="?replay={{.Name}}">{{.Name}}</a></td><td>{{if .Game}}{{.Game}}{{else}}<span class="note">{{.Note}}</span>{{end}}</td><td class="n">{{if .Players}}{{.Players}}{{end}}</td><td class="n">{{if .Hands}}{{.Hands}}{{end}}</td><td><span class="kind">{{.Kind}}</span></td><td class="n">{{size .Size}}</td><td class="n">{{date .Modified}}</td></tr>
{{end}}</table>
{{if .Truncated}}<p>Only the first {{len .Files}} files are listed.</p>{{end}}
{{else}}<div class="empty">No replays or PHH files here yet.</div>{{end}}
</main>
</body>
</html>
`))

func (s *Server) serveListPage(w http.ResponseWriter, _ *http.Request) {
	files, truncated, err := s.Files()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	_, msg := s.WasmMissing()
	data := struct {
		Dir         string
		Files       []File
		Truncated   bool
		WasmMessage string
	}{s.dir, files, truncated, msg}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	if err := listPage.Execute(w, data); err != nil {
		// The header is gone: the page is cut short.
		_, _ = io.WriteString(w, "<p>error: "+template.HTMLEscapeString(err.Error())+"</p>")
	}
}
