package genome

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// Hash is the content hash of a genome: SHA-256 of its canonical JSON
// without the metadata fields (schema_version, id, name, lineage,
// generation). It is the same whichever encoding the genome was read from
// and survives a schema upgrade.
type Hash [32]byte

// String returns the hash in lower-case hex.
func (h Hash) String() string { return hex.EncodeToString(h[:]) }

// ContentHash returns the content hash of g. It fails only when g cannot be
// encoded (see EncodeJSON).
func ContentHash(g *Genome) (Hash, error) {
	b, err := contentJSON(g)
	if err != nil {
		return Hash{}, err
	}
	return sha256.Sum256(b), nil
}

//go:embed seeds/*.json
var seedFiles embed.FS

// SeedIDs returns the IDs of the seed games (genome/seeds/ID.json), sorted.
func SeedIDs() []string {
	entries, _ := fs.ReadDir(seedFiles, "seeds") // embedded: cannot fail
	var ids []string
	for _, e := range entries {
		ids = append(ids, strings.TrimSuffix(e.Name(), ".json"))
	}
	sort.Strings(ids)
	return ids
}

// SeedJSON returns the canonical JSON of the seed game id.
func SeedJSON(id string) ([]byte, error) {
	b, err := seedFiles.ReadFile(path.Join("seeds", id+".json"))
	if err != nil {
		return nil, fmt.Errorf("seed %q: no such seed (have %s)", id, strings.Join(SeedIDs(), ", "))
	}
	return b, nil
}

// Seed returns the seed game id, decoded.
func Seed(id string) (*Genome, error) {
	b, err := SeedJSON(id)
	if err != nil {
		return nil, err
	}
	g, err := DecodeJSON(b)
	if err != nil {
		return nil, fmt.Errorf("seed %s: %w", id, err)
	}
	return g, nil
}

// Seeds returns every seed game, in SeedIDs order.
func Seeds() ([]*Genome, error) {
	var out []*Genome
	for _, id := range SeedIDs() {
		g, err := Seed(id)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, nil
}
