// Package safetext makes text from input files safe to print to a
// terminal: control characters (the escape that starts a terminal
// sequence, C1 controls such as CSI, DEL), bidirectional overrides and
// invalid UTF-8 are shown as Go escapes (\x1b, \u202e) instead of being
// written raw. Name escapes every control character, line breaks
// included; Text and Writer keep line breaks and tabs.
package safetext

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Name returns s with every unsafe character escaped, line breaks and tabs
// included: for a name printed on one line.
func Name(s string) string { return clean(s, false) }

// Text returns s with every unsafe character escaped except line breaks
// and tabs: for multi-line text.
func Text(s string) string { return clean(s, true) }

func clean(s string, keepLines bool) string {
	if safe(s, keepLines) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case keepLines && (r == '\n' || r == '\t'):
			b.WriteRune(r)
		case unsafe(r):
			b.WriteString(escape(r))
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func safe(s string, keepLines bool) bool {
	for _, r := range s {
		if r == utf8.RuneError || (unsafe(r) && !(keepLines && (r == '\n' || r == '\t'))) {
			return false
		}
	}
	return true
}

// unsafe reports whether r may change what a terminal shows beyond itself.
func unsafe(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || r == '\u2028' || r == '\u2029'
}

func escape(r rune) string {
	if r < 0x80 {
		return fmt.Sprintf(`\x%02x`, r)
	}
	return fmt.Sprintf(`\u%04x`, r)
}

// Writer returns a writer that writes Text of everything written to w. A
// character split across writes is held until it is complete.
func Writer(w io.Writer) io.Writer { return &writer{w: w} }

type writer struct {
	w       io.Writer
	pending []byte
}

func (t *writer) Write(p []byte) (int, error) {
	data := p
	if len(t.pending) > 0 {
		data = append(t.pending, p...)
		t.pending = nil
	}
	// Hold back an incomplete character at the end.
	cut := len(data)
	for i := len(data) - 1; i >= 0 && i >= len(data)-utf8.UTFMax; i-- {
		if utf8.RuneStart(data[i]) {
			if !utf8.FullRune(data[i:]) {
				cut = i
			}
			break
		}
	}
	t.pending = append(t.pending[:0], data[cut:]...)
	if _, err := io.WriteString(t.w, Text(string(data[:cut]))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Unwrap returns the writer written to, so that a caller can ask whether
// it is a terminal.
func (t *writer) Unwrap() io.Writer { return t.w }
