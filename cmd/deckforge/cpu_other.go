//go:build !linux

package main

import "time"

// processCPU cannot read the CPU time here.
func processCPU() (time.Duration, bool) { return 0, false }

// pidCPU cannot read another process's CPU time here.
func pidCPU(int) (time.Duration, bool) { return 0, false }
