//go:build !linux

package cputime

import "time"

// Of cannot read another process's CPU time on this system.
func Of(int) (time.Duration, bool) { return 0, false }
