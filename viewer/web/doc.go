// Package web holds the viewer's page: index.html, which loads the
// WebAssembly viewer (viewer.wasm, built from viewer/web/wasm by make
// wasm), and wasm_exec.js, the Go toolchain's loader for it. Both are
// embedded; the wasm is not, so that the CLI builds on a clean clone: the
// server serves it from disk.
package web
