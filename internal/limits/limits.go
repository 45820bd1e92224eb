package limits

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// EnvVar is the environment variable that raises limits (a Spec).
const EnvVar = "DECKFORGE_LIMITS"

// Limits bounds what a reader accepts. The zero value of a field means the
// default (see Default); a reader never accepts more than its limit.
type Limits struct {
	GenomeBytes int64 // a genome file, JSON or FlatBuffers
	PHHBytes    int64 // a .phh or .phhs file
	TableBytes  int64 // a table state (JSON or PHH)
	ConfigBytes int64 // an experiment file, a run's config.json
	StateBytes  int64 // a checkpoint file, a replay file
	HandBytes   int64 // the text of one PHH hand
	Depth       int   // nesting of arrays, tables and objects in TOML/JSON
	Players     int   // players in one hand or table
	Actions     int   // actions in one hand
	Hands       int   // hands in one file
	Phases      int   // phases of one genome
	Lineage     int   // lineage entries of one genome
}

// MB is a megabyte, for sizes.
const MB = 1 << 20

// Default returns the limits a reader applies unless raised: far above
// anything deckforge writes or a real hand history holds (a 100,000-hand
// .phhs file is about 60 MB), far below what exhausts memory.
func Default() Limits {
	return Limits{
		GenomeBytes: 16 * MB,
		PHHBytes:    160 * MB,
		TableBytes:  16 * MB,
		ConfigBytes: 4 * MB,
		StateBytes:  256 * MB,
		HandBytes:   4 * MB,
		Depth:       64,
		Players:     64,
		Actions:     10000,
		Hands:       1000000,
		Phases:      256,
		Lineage:     1024,
	}
}

// entry describes one limit: its name in a spec and where it is held.
type entry struct {
	name  string
	bytes bool
	get   func(*Limits) *int64
	geti  func(*Limits) *int
}

var entries = []entry{
	{name: "genome-bytes", bytes: true, get: func(l *Limits) *int64 { return &l.GenomeBytes }},
	{name: "phh-bytes", bytes: true, get: func(l *Limits) *int64 { return &l.PHHBytes }},
	{name: "table-bytes", bytes: true, get: func(l *Limits) *int64 { return &l.TableBytes }},
	{name: "config-bytes", bytes: true, get: func(l *Limits) *int64 { return &l.ConfigBytes }},
	{name: "state-bytes", bytes: true, get: func(l *Limits) *int64 { return &l.StateBytes }},
	{name: "hand-bytes", bytes: true, get: func(l *Limits) *int64 { return &l.HandBytes }},
	{name: "depth", geti: func(l *Limits) *int { return &l.Depth }},
	{name: "players", geti: func(l *Limits) *int { return &l.Players }},
	{name: "actions", geti: func(l *Limits) *int { return &l.Actions }},
	{name: "hands", geti: func(l *Limits) *int { return &l.Hands }},
	{name: "phases", geti: func(l *Limits) *int { return &l.Phases }},
	{name: "lineage", geti: func(l *Limits) *int { return &l.Lineage }},
}

// Names lists the names a spec accepts, sorted.
func Names() []string {
	var n []string
	for _, e := range entries {
		n = append(n, e.name)
	}
	sort.Strings(n)
	return n
}

// Or returns l with every zero field taken from the defaults.
func (l Limits) Or() Limits {
	d := Default()
	for _, e := range entries {
		if e.get != nil && *e.get(&l) <= 0 {
			*e.get(&l) = *e.get(&d)
		}
		if e.geti != nil && *e.geti(&l) <= 0 {
			*e.geti(&l) = *e.geti(&d)
		}
	}
	return l
}

// Set applies a spec of comma-separated name=value pairs ("hands=2000000,
// phh-bytes=1GB"); sizes take the suffixes KB, MB and GB. It makes *Limits
// a flag.Value.
func (l *Limits) Set(spec string) error {
	for _, part := range strings.Split(spec, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, val, ok := strings.Cut(part, "=")
		if !ok {
			return fmt.Errorf("limits: %q: want name=value (names: %s)", part, strings.Join(Names(), ", "))
		}
		var e *entry
		for i := range entries {
			if entries[i].name == strings.TrimSpace(name) {
				e = &entries[i]
			}
		}
		if e == nil {
			return fmt.Errorf("limits: unknown limit %q (names: %s)", name, strings.Join(Names(), ", "))
		}
		n, err := parseSize(strings.TrimSpace(val), e.bytes)
		if err != nil {
			return fmt.Errorf("limits: %s: %v", e.name, err)
		}
		if e.get != nil {
			*e.get(l) = n
		} else {
			if n > int64(int(^uint(0)>>1)) {
				return fmt.Errorf("limits: %s: %d is too large", e.name, n)
			}
			*e.geti(l) = int(n)
		}
	}
	return nil
}

// String returns the spec of l (every limit), for flag help.
func (l *Limits) String() string {
	if l == nil {
		return ""
	}
	var parts []string
	for _, e := range entries {
		if e.get != nil {
			parts = append(parts, fmt.Sprintf("%s=%d", e.name, *e.get(l)))
		} else {
			parts = append(parts, fmt.Sprintf("%s=%d", e.name, *e.geti(l)))
		}
	}
	return strings.Join(parts, ",")
}

// FromSpec returns the defaults raised (or lowered) by spec, which may be
// empty: the value of EnvVar, for one.
func FromSpec(spec string) (Limits, error) {
	l := Default()
	err := l.Set(spec)
	return l, err
}

func parseSize(s string, bytes bool) (int64, error) {
	mult := int64(1)
	if bytes {
		u := strings.ToUpper(s)
		for _, suf := range []struct {
			s string
			m int64
		}{{"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"B", 1}} {
			if strings.HasSuffix(u, suf.s) {
				s, mult = s[:len(s)-len(suf.s)], suf.m
				break
			}
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%q is not a positive whole number", s)
	}
	if n > (1<<62)/mult {
		return 0, fmt.Errorf("%q is too large", s)
	}
	return n * mult, nil
}

// Error is a refusal: File (when known) and Field name where, Limit names
// the limit as a spec takes it, Max is its value and Got what the input
// held (a lower bound when the reader stopped counting early).
type Error struct {
	File  string
	Field string
	Limit string
	Max   int64
	Got   int64
	What  string // what was counted: "bytes", "levels of nesting", "hands"
}

func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteString(": ")
	}
	if e.Field != "" {
		b.WriteString(e.Field)
		b.WriteString(": ")
	}
	fmt.Fprintf(&b, "%s %s: the limit is %d (raise it with --limits %s=N or %s=%s=N)",
		atLeast(e), e.What, e.Max, e.Limit, EnvVar, e.Limit)
	return b.String()
}

func atLeast(e *Error) string {
	if e.Got > e.Max {
		return strconv.FormatInt(e.Got, 10)
	}
	return "more than " + strconv.FormatInt(e.Max, 10)
}

// Count returns an *Error when got exceeds max (the limit named limit) for
// field, nil otherwise.
func Count(field, limit, what string, got, max int) error {
	if got <= max {
		return nil
	}
	return &Error{Field: field, Limit: limit, Max: int64(max), Got: int64(got), What: what}
}

// InFile returns err with File set when it is an *Error without a file;
// other errors are returned as they are.
func InFile(err error, file string) error {
	if e, ok := err.(*Error); ok && e.File == "" {
		c := *e
		c.File = file
		return &c
	}
	return err
}

// Bytes returns the size limit named limit ("phh-bytes", …); it panics on
// a name that is not a size limit (a programmer error).
func (l Limits) Bytes(limit string) int64 {
	for _, e := range entries {
		if e.name == limit && e.get != nil {
			return *e.get(&l)
		}
	}
	panic("limits: no size limit " + limit)
}

// Size limit names, for Bytes and safefile.ReadKind.
const (
	GenomeBytes = "genome-bytes"
	PHHBytes    = "phh-bytes"
	TableBytes  = "table-bytes"
	ConfigBytes = "config-bytes"
	StateBytes  = "state-bytes"
)
