package chips

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseFormat(t *testing.T) {
	cases := []struct {
		in   string
		want Chips
		out  string
	}{
		{"75.25", 7525, "75.25"},
		{"10112.5", 1011250, "10112.5"},
		{"100", 10000, "100"},
		{"0.05", 5, "0.05"},
		{"-3", -300, "-3"},
		{"1.50", 150, "1.5"},
		{".5", 50, "0.5"},
		{"2.", 200, "2"},
	}
	for _, c := range cases {
		got, err := Parse(c.in)
		require.NoError(t, err, "Parse(%q)", c.in)
		assert.Equal(t, c.want, got, "Parse(%q)", c.in)
		assert.Equal(t, c.out, got.String(), "String of %d", got)
	}
	for _, bad := range []string{"", "abc", "1.234", "1..2", ".", "-", "1e3", "99999999999999999999"} {
		_, err := Parse(bad)
		assert.Error(t, err, "Parse(%q) accepted", bad)
	}
}

func TestFromFloat(t *testing.T) {
	for _, f := range []float64{75.25, 10112.5, 0.01, -2.5, 1e6} {
		c, err := FromFloat(f)
		require.NoError(t, err)
		assert.Equal(t, f, float64(c)/Scale, "FromFloat(%v)", f)
	}
	_, err := FromFloat(0.005)
	assert.Error(t, err, "FromFloat(0.005) accepted")
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"75.25", "10112.5", "-3", "0.5", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			return
		}
		back, err := Parse(c.String())
		if err != nil || back != c {
			t.Fatalf("%q -> %v -> %v (%v)", s, c, back, err)
		}
	})
}
