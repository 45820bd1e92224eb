package web

import (
	"embed"
	"io/fs"
)

//go:embed index.html wasm_exec.js
var files embed.FS

// Files returns the embedded page: index.html and wasm_exec.js.
func Files() fs.FS { return files }

// WasmName is the file name of the built viewer.
const WasmName = "viewer.wasm"
