package limits

import (
	"errors"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSetSpec(t *testing.T) {
	l := Default()
	require.NoError(t, l.Set("hands=2000000, phh-bytes=1GB,depth=100"))
	assert.Equal(t, 2000000, l.Hands)
	assert.Equal(t, int64(1<<30), l.PHHBytes)
	assert.Equal(t, 100, l.Depth)
	assert.Equal(t, Default().Players, l.Players)
	for spec, want := range map[string]string{
		"hands":          "want name=value",
		"color=3":        `unknown limit "color"`,
		"depth=-1":       "not a positive whole number",
		"depth=1MB":      "not a positive whole number",
		"phh-bytes=9e99": "not a positive whole number",
	} {
		err := l.Set(spec)
		require.Error(t, err, spec)
		assert.Contains(t, err.Error(), want, spec)
	}
	back, err := FromSpec(l.String())
	require.NoError(t, err)
	assert.Equal(t, l, back)
	assert.Equal(t, Default(), Limits{}.Or())
}

func TestErrorMessage(t *testing.T) {
	err := Count("actions", "actions", "actions", 12, 10)
	var le *Error
	require.True(t, errors.As(InFile(err, "x.phh"), &le))
	assert.Equal(t, "x.phh: actions: 12 actions: the limit is 10 (raise it with --limits actions=N or DECKFORGE_LIMITS=actions=N)", le.Error())
	assert.NoError(t, Count("actions", "actions", "actions", 10, 10))
}

func TestCheckDepth(t *testing.T) {
	for _, c := range []struct {
		name   string
		syntax Syntax
		text   string
		max    int
		bad    bool
	}{
		{"flat", TOML, "a = [1, [2, [3]]]\n", 3, false},
		{"deep", TOML, "a = [1, [2, [3, [4]]]]\n", 3, true},
		{"strings hide brackets", TOML, "a = '[[[[' \nb = \"[[[[\\\"[[\"\nc = '''\n[[[[\n'''\nd = \"\"\"[[[[\"\"\"\n", 1, false},
		{"comments hide brackets", TOML, "a = 1 # [[[[\n", 1, false},
		{"inline tables count", TOML, "a = {b = {c = {d = 1}}}\n", 2, true},
		{"dotted keys count", TOML, "a.b.c.d = 1\n", 2, true},
		{"floats are not keys", TOML, "a = [1.5, 2.5, 3.5]\n", 1, false},
		{"table headers", TOML, "[a]\n[[b]]\n", 2, false},
		{"json", JSON, `{"a": [[["]]]]]]"]]]}`, 4, false},
		{"json deep", JSON, `{"a": [[[[1]]]]}`, 4, true},
	} {
		err := CheckDepth([]byte(c.text), c.syntax, c.max)
		if c.bad {
			var le *Error
			require.True(t, errors.As(err, &le), c.name)
			assert.Equal(t, "depth", le.Limit, c.name)
		} else {
			assert.NoError(t, err, c.name)
		}
	}
	err := CheckShape([]byte("a = [1, 2, 3, 4, 5]\n"), TOML, 10, 3, "actions")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "elements in one array")
	require.NoError(t, CheckShape([]byte("a = [1, 2, 3]\n"), TOML, 10, 3, "actions"))
}

// FuzzCheckDepth: the scan never panics, and a TOML document it passes at
// depth 32 never nests deeper than the parser can take.
func FuzzCheckDepth(f *testing.F) {
	f.Add([]byte("a = [[[1]]]\n"))
	f.Add([]byte("a = \"\"\"\n[[[\n\"\"\"\n"))
	f.Add([]byte("a.b.c = {d = [1, {e = 2}]}\n"))
	f.Add([]byte(strings.Repeat("[", 100)))
	f.Fuzz(func(t *testing.T, data []byte) {
		_ = CheckDepth(data, JSON, 32)
		if CheckDepth(data, TOML, 32) != nil {
			return
		}
		var v map[string]any
		_ = toml.Unmarshal(data, &v)
		if depthOf(v) > 40 {
			t.Fatalf("CheckDepth passed a document %d levels deep", depthOf(v))
		}
	})
}

func depthOf(v any) int {
	d := 0
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			d = max(d, depthOf(e))
		}
		return d + 1
	case map[string]any:
		for _, e := range x {
			d = max(d, depthOf(e))
		}
		return d + 1
	}
	return 0
}
