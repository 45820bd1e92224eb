package chips

import "testing"

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
		if err != nil {
			t.Fatalf("Parse(%q): %v", c.in, err)
		}
		if got != c.want {
			t.Errorf("Parse(%q) = %d, want %d", c.in, got, c.want)
		}
		if got.String() != c.out {
			t.Errorf("%d.String() = %q, want %q", got, got.String(), c.out)
		}
	}
	for _, bad := range []string{"", "abc", "1.234", "1..2", ".", "-", "1e3", "99999999999999999999"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}

func TestFromFloat(t *testing.T) {
	for _, f := range []float64{75.25, 10112.5, 0.01, -2.5, 1e6} {
		c, err := FromFloat(f)
		if err != nil {
			t.Fatal(err)
		}
		if float64(c)/Scale != f {
			t.Errorf("FromFloat(%v) = %v", f, c)
		}
	}
	if _, err := FromFloat(0.005); err == nil {
		t.Error("FromFloat(0.005) accepted")
	}
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
