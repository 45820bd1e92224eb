package main

import (
	"io"
	"os"

	"github.com/deckforge/deckforge/internal/limits"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// stdio is what a subcommand reads and writes; tests pass buffers.
type stdio struct {
	in       io.Reader
	out, err io.Writer
	// lim bounds every input file a command reads: the defaults, raised
	// by DECKFORGE_LIMITS and the --limits flag before the command.
	lim limits.Limits
}
