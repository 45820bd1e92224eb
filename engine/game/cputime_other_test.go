//go:build !unix

package game_test

import "time"

func cpuTime() (time.Duration, bool) { return 0, false }
