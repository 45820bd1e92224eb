//go:build !unix

package evolve

import "os"

// Without flock the lock file only marks the directory; two runs started
// at once are told apart by config.json.
func lockFile(*os.File) error { return nil }

func unlockFile(*os.File) {}
