package sim

import (
	"math"
	"strconv"

	"github.com/deckforge/deckforge/engine/chips"
)

// Opt is a value that may be absent: a rate whose denominator is zero, a
// mean over no games. An absent value is written as null in JSON and as
// "-" in tables; it is never NaN.
type Opt struct {
	Value float64
	Valid bool
}

// some returns the present value v.
func some(v float64) Opt { return Opt{Value: v, Valid: true} }

// ratio returns num/den, absent when den is 0.
func ratio(num, den float64) Opt {
	if den == 0 {
		return Opt{}
	}
	return some(num / den)
}

// MarshalJSON writes the value, or null when it is absent.
func (o Opt) MarshalJSON() ([]byte, error) {
	if !o.Valid || math.IsNaN(o.Value) || math.IsInf(o.Value, 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, o.Value, 'g', -1, 64), nil
}

// UnmarshalJSON reads a number or null.
func (o *Opt) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*o = Opt{}
		return nil
	}
	v, err := strconv.ParseFloat(string(data), 64)
	if err != nil {
		return err
	}
	*o = some(v)
	return nil
}

// format writes the value with prec decimals, "-" when absent.
func (o Opt) format(prec int) string {
	if !o.Valid {
		return "-"
	}
	return strconv.FormatFloat(o.Value, 'f', prec, 64)
}

// String formats the value with four decimals, "-" when absent.
func (o Opt) String() string { return o.format(4) }

// Amount is a chip amount that JSON writes as an exact number of chips
// (75.25), not as hundredths.
type Amount chips.Chips

// MarshalJSON writes the amount in chips.
func (a Amount) MarshalJSON() ([]byte, error) { return []byte(chips.Chips(a).String()), nil }

// String formats the amount in chips.
func (a Amount) String() string { return chips.Chips(a).String() }
