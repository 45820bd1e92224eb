//go:build !unix

package betting_test

import "time"

func cpuTime() (time.Duration, bool) { return 0, false }
