//go:build unix

package game_test

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used, so benchmarks can
// report a rate that other load on the machine does not distort.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
