package evolve

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
)

// LockName is the lock file of a run directory: the process that runs in
// the directory holds a lock on it (released by the system when the
// process ends, however it ends).
const LockName = "run.lock"

// unstartedFiles are the files a run leaves when it was stopped before its
// config.json was complete: such a directory may be started again in
// place.
var unstartedFiles = map[string]bool{
	LockName: true, "experiment.toml": true, "config.json.tmp": true, "experiment.toml.tmp": true,
}

// Unstarted reports whether dir holds nothing a run would keep: it does
// not exist, is empty, or holds only what a run killed before it wrote
// its config.json leaves behind. Such a directory may be given to Run.
func Unstarted(dir string) bool {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return true
	}
	if err != nil {
		return false
	}
	for _, e := range entries {
		if !unstartedFiles[e.Name()] {
			return false
		}
	}
	return true
}

// claim creates dir when needed and takes its lock, failing at once when
// another process holds it. The returned function releases it.
func claim(dir string) (func(), error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(dir, LockName), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := lockFile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("evolve: %s is in use by another run (%s is locked): %w", dir, LockName, err)
	}
	return func() { unlockFile(f); f.Close() }, nil
}

// writeAtomic writes data to path through a synced temporary file renamed
// over it, so that path is either absent or complete.
func writeAtomic(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := writeFileSync(tmp, data); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}

// ConfigHash is the hash of a configuration that each checkpoint records:
// SHA-256 of its JSON encoding, hex.
func ConfigHash(cfg *Config) (string, error) {
	js, err := json.Marshal(cfg)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(js)
	return hex.EncodeToString(sum[:]), nil
}

// checkScores checks that each individual's base fitness and score are
// what the fitness gives for its measures: a checkpoint whose scores were
// edited, or that another fitness wrote, is refused.
func checkScores(fit *Weighted, inds []*Individual, what string) error {
	for i, ind := range inds {
		s := fit.Score(&ind.Measures)
		b := fit.Base(&ind.Measures)
		if !near(s.Fitness, ind.Score.Fitness) || !near(b, ind.Base) || s.Playable != ind.Score.Playable {
			return fmt.Errorf("%s[%d] (%s): recorded fitness %v (base %v), its measures give %v (base %v)",
				what, i, ind.Genome.ID, ind.Score.Fitness, ind.Base, s.Fitness, b)
		}
	}
	return nil
}

func near(a, b float64) bool {
	return a == b || math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(a))
}
