package house

import "testing"

func FuzzParseName(f *testing.F) {
	for _, s := range []string{"HousePlayer0", "HousePlayer12", "HousePlayer01", "HousePlayer-1", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseName(s)
		if err != nil {
			return
		}
		if n < 0 || Name(n) != s {
			t.Fatalf("ParseName(%q) = %d, but Name(%d) = %q", s, n, n, Name(n))
		}
	})
}
