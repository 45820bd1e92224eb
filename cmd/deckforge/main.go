package main

import (
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// stdio is what a subcommand reads and writes; tests pass buffers.
type stdio struct {
	in       io.Reader
	out, err io.Writer
}
