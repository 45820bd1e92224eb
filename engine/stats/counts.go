package stats

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// Stat indexes one counter of Counts. Its String is the stat's name in the
// spec's spelling ("three_bet_ip_attempts").
type Stat uint16

// NoStat is returned by StatOf for a stat that does not exist.
const NoStat Stat = 1<<16 - 1

// String returns the stat's name.
func (s Stat) String() string {
	if s < NumStats {
		return statNames[s]
	}
	return "stat(" + strconv.Itoa(int(s)) + ")"
}

// ParseStat returns the stat with the given name.
func ParseStat(name string) (Stat, bool) {
	for i, n := range statNames {
		if n == name {
			return Stat(i), true
		}
	}
	return NoStat, false
}

// Counts holds one count per stat. The zero value is all zeros. A hand's
// counts are 0 or small; totals over many hands add them up.
type Counts [NumStats]int64

// Add adds o into c.
func (c *Counts) Add(o *Counts) {
	for i := range c {
		c[i] += o[i]
	}
}

// Sum returns counter k of maneuver m summed over IP and OOP; a side the
// maneuver does not have counts as zero.
func (c *Counts) Sum(m Maneuver, k Counter) int64 {
	var n int64
	if s := StatOf(m, IP, k); s != NoStat {
		n += c[s]
	}
	if s := StatOf(m, OOP, k); s != NoStat {
		n += c[s]
	}
	return n
}

// MarshalJSON writes every stat by name, in Stat order: {"hands": 3, …}.
func (c *Counts) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.Grow(int(NumStats) * 32)
	b.WriteByte('{')
	for i, v := range c {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('"')
		b.WriteString(statNames[i])
		b.WriteString(`":`)
		b.WriteString(strconv.FormatInt(v, 10))
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads an object of stats by name. Stats left out are zero;
// an unknown name or a value that is not a non-negative integer is an error
// naming the stat.
func (c *Counts) UnmarshalJSON(data []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return fmt.Errorf("stats: %w", err)
	}
	if raw == nil {
		return fmt.Errorf("stats: expected an object of stats, got %s", bytes.TrimSpace(data))
	}
	var out Counts
	for name, v := range raw {
		s, ok := ParseStat(name)
		if !ok {
			return fmt.Errorf("stats: unknown stat %q", name)
		}
		n, err := strconv.ParseInt(string(bytes.TrimSpace(v)), 10, 64)
		if err != nil || n < 0 {
			return fmt.Errorf("stats: stat %q: value %s is not a non-negative integer", name, bytes.TrimSpace(v))
		}
		out[s] = n
	}
	*c = out
	return nil
}
