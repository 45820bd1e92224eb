// Package cputime reads the CPU time (user and system) a process has used,
// so that rates stay meaningful when other processes share the cores: the
// benchmarks and `deckforge bench --nats` divide work by it. Where the
// system cannot tell, the functions report false.
package cputime
