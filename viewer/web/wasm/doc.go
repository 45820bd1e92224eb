//go:build js && wasm

// Command wasm is the replay viewer compiled to WebAssembly: make wasm
// builds it as viewer/web/viewer.wasm, which viewer/web/index.html loads
// and deckforge serve serves. All of it is viewer/ui.Run.
package main
