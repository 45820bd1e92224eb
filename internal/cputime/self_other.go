//go:build !unix

package cputime

import "time"

// Self cannot read the CPU time on this system.
func Self() (time.Duration, bool) { return 0, false }
