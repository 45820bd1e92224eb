package server

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/deckforge/deckforge/engine/phh"
	"github.com/deckforge/deckforge/replay"
)

// Limits of the server: how long a connection may take, how many may be
// open, how large a file it reads for the list or the wasm may be.
const (
	ReadHeaderTimeout = 10 * time.Second
	ReadTimeout       = 20 * time.Second // a request: the server takes no bodies
	WriteTimeout      = 2 * time.Minute  // a response: the wasm on a slow link
	IdleTimeout       = 30 * time.Second // between requests on a keep-alive connection
	MaxConns          = 64               // open connections; more wait to be accepted
	MaxHeaderBytes    = 64 << 10

	// SummaryBytes bounds the files the list reads for their game,
	// players and hands; larger ones are listed without.
	SummaryBytes = 8 << 20
	// SummaryBudget bounds the bytes one list request reads for
	// summaries: files beyond it are read by the next requests.
	SummaryBudget = 64 << 20
	maxWasmBytes  = 256 << 20
)

// HTTPServer returns an http.Server for s with the server's timeouts.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{
		Handler:           s,
		ReadHeaderTimeout: ReadHeaderTimeout,
		ReadTimeout:       ReadTimeout,
		WriteTimeout:      WriteTimeout,
		IdleTimeout:       IdleTimeout,
		MaxHeaderBytes:    MaxHeaderBytes,
	}
}

// LimitListener returns a listener that holds at most n connections open
// at once: Accept waits while n are open.
func LimitListener(ln net.Listener, n int) net.Listener {
	return &limitListener{Listener: ln, sem: make(chan struct{}, n)}
}

type limitListener struct {
	net.Listener
	sem chan struct{}
}

func (l *limitListener) Accept() (net.Conn, error) {
	l.sem <- struct{}{}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.sem
		return nil, err
	}
	return &limitConn{Conn: c, release: func() { <-l.sem }}, nil
}

type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

// acceptsGzip reports whether the request accepts a gzip body.
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(enc), "gzip") && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}

// gzCache holds the gzipped wasm, compressed once per build (size and
// modification time) and kept in memory: the viewer is about a quarter of
// its size gzipped.
type gzCache struct {
	mu    sync.Mutex
	size  int64
	mod   time.Time
	bytes []byte
}

func (c *gzCache) get(f *os.File, st os.FileInfo) ([]byte, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.bytes != nil && c.size == st.Size() && c.mod.Equal(st.ModTime()) {
		return c.bytes, nil
	}
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestSpeed)
	if _, err := io.Copy(zw, f); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	c.size, c.mod, c.bytes = st.Size(), st.ModTime(), b.Bytes()
	return c.bytes, nil
}

// summaryCache remembers what the list says of each file, by name, size
// and modification time, so that a file is read once.
type summaryCache struct {
	mu sync.Mutex
	m  map[string]summary
}

type summary struct {
	size    int64
	mod     time.Time
	game    string
	players int
	hands   int
	note    string
}

func (c *summaryCache) fill(s *Server, f *File, info os.FileInfo, budget *int64) {
	c.mu.Lock()
	sm, ok := c.m[f.Name]
	c.mu.Unlock()
	if !ok || sm.size != info.Size() || !sm.mod.Equal(info.ModTime()) {
		if info.Size() <= SummaryBytes {
			if info.Size() > *budget {
				f.Note = "not read yet: reload to see"
				return
			}
			*budget -= info.Size()
		}
		sm = s.summarize(f.Name, info)
		c.mu.Lock()
		if c.m == nil {
			c.m = map[string]summary{}
		}
		c.m[f.Name] = sm
		c.mu.Unlock()
	}
	f.Game, f.Players, f.Hands, f.Note = sm.game, sm.players, sm.hands, sm.note
}

// summarize reads the game, players and hands of a file.
func (s *Server) summarize(name string, info os.FileInfo) summary {
	sm := summary{size: info.Size(), mod: info.ModTime()}
	if info.Size() > SummaryBytes {
		sm.note = fmt.Sprintf("larger than %d MB: open it to see", SummaryBytes>>20)
		return sm
	}
	f, _, err := s.open(name)
	if err != nil {
		sm.note = "unreadable"
		return sm
	}
	data, err := io.ReadAll(io.LimitReader(f, SummaryBytes+1))
	f.Close()
	if err != nil || len(data) > SummaryBytes {
		sm.note = "unreadable"
		return sm
	}
	if Kind(name) == "replay" {
		r, err := replay.Decode(data)
		if err != nil {
			sm.note = "not a valid replay"
			return sm
		}
		sm.game, sm.players, sm.hands = r.Game.Name, len(r.Game.Players), len(r.Hands)
		return sm
	}
	var variants []string
	seen := map[string]bool{}
	err = phh.ScanFile(name, data, s.lim, func(e phh.Entry) error {
		if e.Err != nil {
			return nil
		}
		sm.hands++
		sm.players = max(sm.players, len(e.Hand.StartingStacks))
		if v := e.Hand.Variant.Name(); !seen[v] {
			seen[v] = true
			variants = append(variants, v)
		}
		return nil
	})
	switch {
	case err != nil:
		sm.note = "not valid PHH"
	case sm.hands == 0:
		sm.note = "no readable hands"
	default:
		sm.game = strings.Join(variants, ", ")
	}
	return sm
}
