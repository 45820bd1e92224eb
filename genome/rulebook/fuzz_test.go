package rulebook

import (
	"testing"

	"github.com/deckforge/deckforge/genome"
)

// FuzzRules: the rulebook of any genome that decodes is written without a
// panic and is not empty.
func FuzzRules(f *testing.F) {
	for _, id := range genome.SeedIDs() {
		b, err := genome.SeedJSON(id)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := genome.DecodeJSON(data)
		if err != nil {
			return
		}
		if Rules(g) == "" {
			t.Fatal("empty rulebook")
		}
	})
}
