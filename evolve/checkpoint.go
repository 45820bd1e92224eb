package evolve

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/internal/limits"
	"github.com/deckforge/deckforge/internal/safefile"
)

// CheckpointVersion is the version of the checkpoint files this package
// writes and reads.
const CheckpointVersion = 1

// A checkpoint is a directory checkpoints/gen-NNNNNN of the run directory,
// written after every generation: population.fb and archive.fb (the
// genomes, FlatBuffers), state.json (everything else: the generator's
// state, each genome's measures and score, the generations so far). It is
// written under a temporary name and renamed when complete, so a run killed
// at any moment leaves its last complete checkpoint.

// record is one individual of a checkpoint (its genome is in the .fb file
// at the same index).
type record struct {
	ID          string    `json:"id"`
	Hash        string    `json:"hash"`
	Measures    Measures  `json:"measures"`
	Base        float64   `json:"base"`
	Score       Score     `json:"score"`
	Descriptors []float64 `json:"descriptors"`
}

// checkpointState is state.json.
type checkpointState struct {
	Version    int      `json:"version"`
	ConfigHash string   `json:"config_hash,omitempty"` // ConfigHash of the run's configuration
	Generation int      `json:"generation"`
	RNG        []byte   `json:"rng"`
	Population []record `json:"population"`
	Archive    []record `json:"archive"`
	History    []GenRow `json:"history"`
	// Ancestry records every genome that has been in the population or
	// the archive, for the lineage of the best (sorted by ID).
	Ancestry []Ancestor `json:"ancestry,omitempty"`
}

// EncodePopulation returns genomes as one byte string: each genome's
// FlatBuffers buffer (genome.EncodeFB) preceded by its length as a 4-byte
// little-endian number, FlatBuffers' size-prefix convention.
func EncodePopulation(gs []*genome.Genome) ([]byte, error) {
	var out []byte
	for i, g := range gs {
		b, err := genome.EncodeFB(g)
		if err != nil {
			return nil, fmt.Errorf("genome %d: %w", i, err)
		}
		out = binary.LittleEndian.AppendUint32(out, uint32(len(b)))
		out = append(out, b...)
	}
	return out, nil
}

// DecodePopulation reads the genomes of EncodePopulation within the
// default limits (see DecodePopulationWith).
func DecodePopulation(data []byte) ([]*genome.Genome, error) {
	return DecodePopulationWith(data, limits.Default())
}

// DecodePopulationWith reads the genomes of EncodePopulation. Each buffer
// is verified before it is read and held to lim (genome-bytes, phases,
// lineage; zero fields are the defaults: genome.DecodeWith); the error
// names the genome by its index and byte offset, and a limit's error
// stays a *limits.Error whose field names the genome.
func DecodePopulationWith(data []byte, lim limits.Limits) ([]*genome.Genome, error) {
	lim = lim.Or()
	var gs []*genome.Genome
	for off := 0; off < len(data); {
		if len(data)-off < 4 {
			return nil, fmt.Errorf("genome %d at byte %d: %d bytes left, want a 4-byte size", len(gs), off, len(data)-off)
		}
		n := int(binary.LittleEndian.Uint32(data[off:]))
		off += 4
		if n > len(data)-off {
			return nil, fmt.Errorf("genome %d at byte %d: size %d exceeds the %d bytes left", len(gs), off-4, n, len(data)-off)
		}
		where := fmt.Sprintf("genome %d at byte %d", len(gs), off-4)
		if int64(n) > lim.GenomeBytes {
			return nil, &limits.Error{Field: where, Limit: limits.GenomeBytes, Max: lim.GenomeBytes, Got: int64(n), What: "bytes"}
		}
		b := data[off : off+n]
		if !genome.IsFlatBuffer(b) {
			return nil, fmt.Errorf("%s: not a FlatBuffers genome", where)
		}
		g, err := genome.DecodeWith(b, lim)
		if le, ok := err.(*limits.Error); ok {
			c := *le
			c.Field = where + ": " + c.Field
			return nil, &c
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
		gs = append(gs, g)
		off += n
	}
	return gs, nil
}

func toRecords(inds []*Individual) []record {
	rs := make([]record, len(inds))
	for i, ind := range inds {
		rs[i] = record{ID: ind.Genome.ID, Hash: ind.Hash.String(), Measures: ind.Measures, Base: ind.Base,
			Score: ind.Score, Descriptors: ind.Descriptors}
	}
	return rs
}

func genomesOf(inds []*Individual) []*genome.Genome {
	gs := make([]*genome.Genome, len(inds))
	for i, ind := range inds {
		gs[i] = ind.Genome
	}
	return gs
}

// fromRecords joins genomes and records, checking counts and hashes.
func fromRecords(gs []*genome.Genome, rs []record, what string) ([]*Individual, error) {
	if len(gs) != len(rs) {
		return nil, fmt.Errorf("%s: %d genomes but %d records", what, len(gs), len(rs))
	}
	inds := make([]*Individual, len(gs))
	for i, g := range gs {
		h, err := genome.ContentHash(g)
		if err != nil {
			return nil, fmt.Errorf("%s[%d]: %w", what, i, err)
		}
		if h.String() != rs[i].Hash {
			return nil, fmt.Errorf("%s[%d]: genome hash %s, record says %s", what, i, h, rs[i].Hash)
		}
		if ps := genome.Validate(g); len(ps) > 0 {
			return nil, fmt.Errorf("%s[%d]: invalid genome: %v", what, i, ps[0])
		}
		r := rs[i]
		inds[i] = &Individual{Genome: g, Hash: h, Measures: r.Measures, Base: r.Base, Score: r.Score, Descriptors: r.Descriptors}
	}
	return inds, nil
}

// writeCheckpoint writes the checkpoint of generation gen into
// dir/checkpoints and removes the older ones.
func writeCheckpoint(dir, cfgHash string, gen int, pcg *rand.PCG, pop, archive []*Individual, history []GenRow, ancestry []Ancestor) error {
	root := filepath.Join(dir, "checkpoints")
	name := fmt.Sprintf("gen-%06d", gen)
	tmp := filepath.Join(root, name+".tmp")
	if err := os.RemoveAll(tmp); err != nil {
		return err
	}
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		return err
	}
	rngState, err := pcg.MarshalBinary()
	if err != nil {
		return err
	}
	st := checkpointState{Version: CheckpointVersion, ConfigHash: cfgHash, Generation: gen, RNG: rngState,
		Population: toRecords(pop), Archive: toRecords(archive), History: history, Ancestry: ancestry}
	js, err := json.MarshalIndent(&st, "", " ")
	if err != nil {
		return err
	}
	pb, err := EncodePopulation(genomesOf(pop))
	if err != nil {
		return err
	}
	ab, err := EncodePopulation(genomesOf(archive))
	if err != nil {
		return err
	}
	for _, f := range []struct {
		name string
		data []byte
	}{{"population.fb", pb}, {"archive.fb", ab}, {"state.json", js}} {
		if err := writeFileSync(filepath.Join(tmp, f.name), f.data); err != nil {
			return err
		}
	}
	final := filepath.Join(root, name)
	if err := os.RemoveAll(final); err != nil {
		return err
	}
	if err := os.Rename(tmp, final); err != nil {
		return err
	}
	// Older checkpoints are no longer needed.
	entries, err := os.ReadDir(root)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.Name() != name {
			if err := os.RemoveAll(filepath.Join(root, e.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}

// writeFileSync writes data to path and syncs it.
func writeFileSync(path string, data []byte) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// checkpoint is a loaded checkpoint.
type checkpoint struct {
	configHash string
	generation int
	pcg        *rand.PCG
	pop        []*Individual
	archive    []*Individual
	history    []GenRow
	ancestry   []Ancestor
}

// latestCheckpoint returns the path of the newest complete checkpoint in
// dir, or "" when there is none.
func latestCheckpoint(dir string) (string, error) {
	root := filepath.Join(dir, "checkpoints")
	entries, err := os.ReadDir(root)
	if errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	var names []string
	for _, e := range entries {
		n := e.Name()
		if !e.IsDir() || !strings.HasPrefix(n, "gen-") || strings.HasSuffix(n, ".tmp") {
			continue
		}
		if _, err := strconv.Atoi(strings.TrimPrefix(n, "gen-")); err != nil {
			continue
		}
		if _, err := os.Stat(filepath.Join(root, n, "state.json")); err != nil {
			continue
		}
		names = append(names, n)
	}
	if len(names) == 0 {
		return "", nil
	}
	slices.Sort(names)
	return filepath.Join(root, names[len(names)-1]), nil
}

// readCheckpoint loads the checkpoint in path within lim (zero fields
// are the defaults).
func readCheckpoint(path string, lim limits.Limits) (*checkpoint, error) {
	lim = lim.Or()
	js, err := safefile.Read(filepath.Join(path, "state.json"), lim.StateBytes, limits.StateBytes)
	if err != nil {
		return nil, err
	}
	var st checkpointState
	if err := limits.CheckDepth(js, limits.JSON, lim.Depth); err != nil {
		return nil, limits.InFile(err, filepath.Join(path, "state.json"))
	}
	if err := json.Unmarshal(js, &st); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(path, "state.json"), err)
	}
	if st.Version != CheckpointVersion {
		return nil, fmt.Errorf("%s: version %d, want %d", filepath.Join(path, "state.json"), st.Version, CheckpointVersion)
	}
	pcg := &rand.PCG{}
	if err := pcg.UnmarshalBinary(st.RNG); err != nil {
		return nil, fmt.Errorf("%s: rng: %w", filepath.Join(path, "state.json"), err)
	}
	cp := &checkpoint{configHash: st.ConfigHash, generation: st.Generation, pcg: pcg, history: st.History, ancestry: st.Ancestry}
	for _, f := range []struct {
		name string
		rs   []record
		dst  *[]*Individual
	}{{"population.fb", st.Population, &cp.pop}, {"archive.fb", st.Archive, &cp.archive}} {
		data, err := safefile.Read(filepath.Join(path, f.name), lim.StateBytes, limits.StateBytes)
		if err != nil {
			return nil, err
		}
		gs, err := DecodePopulationWith(data, lim)
		if le, ok := err.(*limits.Error); ok {
			return nil, limits.InFile(le, filepath.Join(path, f.name))
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Join(path, f.name), err)
		}
		inds, err := fromRecords(gs, f.rs, f.name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		*f.dst = inds
	}
	if len(cp.history) != cp.generation+1 {
		return nil, fmt.Errorf("%s: %d generations of history for generation %d", path, len(cp.history), cp.generation)
	}
	return cp, nil
}
