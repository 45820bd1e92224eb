package chips

import (
	"fmt"
	"strconv"
	"strings"
)

// Scale is the number of Chips units in one whole chip.
const Scale = 100

// Chips is an amount of chips in hundredths of a chip.
type Chips int64

// FromInt returns n whole chips.
func FromInt(n int64) Chips { return Chips(n * Scale) }

// Whole reports the amount in whole chips, truncated toward zero.
func (c Chips) Whole() int64 { return int64(c) / Scale }

// String formats the amount as a decimal without trailing zeros:
// 7525 → "75.25", 1011250 → "10112.5", 10000 → "100".
func (c Chips) String() string {
	neg := c < 0
	v := int64(c)
	if neg {
		v = -v
	}
	whole, frac := v/Scale, v%Scale
	var s string
	switch {
	case frac == 0:
		s = strconv.FormatInt(whole, 10)
	case frac%10 == 0:
		s = fmt.Sprintf("%d.%d", whole, frac/10)
	default:
		s = fmt.Sprintf("%d.%02d", whole, frac)
	}
	if neg {
		return "-" + s
	}
	return s
}

// Parse reads a decimal amount such as "75.25", "10112.5", "-3" or "1e3"-free
// plain notation. More than two significant decimal places is an error: the
// amount could not be held exactly.
func Parse(s string) (Chips, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, fmt.Errorf("empty chip amount")
	}
	neg := false
	if t[0] == '-' || t[0] == '+' {
		neg = t[0] == '-'
		t = t[1:]
	}
	intPart, fracPart, hasDot := strings.Cut(t, ".")
	if intPart == "" && (!hasDot || fracPart == "") {
		return 0, fmt.Errorf("chip amount %q has no digits", s)
	}
	for _, r := range intPart + fracPart {
		if r < '0' || r > '9' {
			return 0, fmt.Errorf("chip amount %q is not a decimal number", s)
		}
	}
	fracPart = strings.TrimRight(fracPart, "0")
	if len(fracPart) > 2 {
		return 0, fmt.Errorf("chip amount %q has more than two decimal places", s)
	}
	for len(fracPart) < 2 {
		fracPart += "0"
	}
	if intPart == "" {
		intPart = "0"
	}
	w, err := strconv.ParseInt(intPart, 10, 64)
	if err != nil || w > (1<<62)/Scale {
		return 0, fmt.Errorf("chip amount %q is out of range", s)
	}
	f, _ := strconv.ParseInt(fracPart, 10, 64)
	v := w*Scale + f
	if neg {
		v = -v
	}
	return Chips(v), nil
}

// FromFloat converts a float read from a file (TOML numbers) to Chips,
// rejecting values that are not a whole number of hundredths.
func FromFloat(f float64) (Chips, error) {
	v := f * Scale
	r := int64(v + 0.5)
	if v < 0 {
		r = int64(v - 0.5)
	}
	if d := v - float64(r); d > 1e-6 || d < -1e-6 {
		return 0, fmt.Errorf("chip amount %v has more than two decimal places", f)
	}
	if r > 1<<62 || r < -(1<<62) {
		return 0, fmt.Errorf("chip amount %v is out of range", f)
	}
	return Chips(r), nil
}
