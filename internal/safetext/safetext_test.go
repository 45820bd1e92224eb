package safetext

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestName(t *testing.T) {
	cases := map[string]string{
		"Hearts":                "Hearts",
		"Crazy Eights ♠":        "Crazy Eights ♠",
		"\x1b[2J\x1b]0;pwned\a": `\x1b[2J\x1b]0;pwned\x07`,
		"a\u009b31mb":           `a\u009b31mb`,
		"evil\u202etxt.exe":     `evil\u202etxt.exe`,
		"two\nlines\tand\x7f":   `two\x0alines\x09and\x7f`,
		"bad \xff utf8":         `bad \xff utf8`,
		"line\u2028separator":   `line\u2028separator`,
		"":                      "",
	}
	for in, want := range cases {
		assert.Equal(t, want, Name(in), "Name(%q)", in)
	}
	assert.Equal(t, "two\nlines\tok \\x1b", Text("two\nlines\tok \x1b"))
}

func TestWriterSplitRunes(t *testing.T) {
	var b bytes.Buffer
	w := Writer(&b)
	in := []byte("♠ \x1b[31m red \u009b ok\n")
	for i := range in {
		n, err := w.Write(in[i : i+1])
		require.NoError(t, err)
		require.Equal(t, 1, n)
	}
	assert.Equal(t, `♠ \x1b[31m red \u009b ok`+"\n", b.String())
}
