//go:build js && wasm

package main

import (
	"fmt"
	"os"

	"github.com/deckforge/deckforge/viewer/ui"
)

func main() {
	if err := ui.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "deckforge viewer:", err)
		os.Exit(1)
	}
}
