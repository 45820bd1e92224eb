// Package server serves the replay viewer: the embedded page
// (viewer/web), the built viewer.wasm from disk, and the replays and PHH
// files of one directory, nothing outside it.
//
// # Routes
//
//	GET /                 the list of the directory's replays and PHH files
//	GET /?replay=NAME     the viewer, showing files/NAME
//	GET /view             the viewer with nothing loaded (drop a file on it)
//	GET /files/NAME       a replay (.dfr) or PHH file (.phh, .phhs) under the directory
//	GET /api/files        the same list as JSON: [{"name", "kind", "size", "modified"}]
//	GET /viewer.wasm      the viewer built by make wasm (404 saying so when missing)
//	GET /wasm_exec.js     the Go toolchain's loader for it
//
// NAME is a slash-separated path relative to the directory. A name with a
// ".." or "." element, an empty element, a leading slash, a backslash, a
// hidden element (starting with a dot) or another extension is refused;
// files are opened through an os.Root, so a symbolic link leading out of
// the directory is refused too.
//
// A server meant for this machine only (Config.LoopbackOnly) also refuses
// requests whose Host is not a loopback name, so that a web page in the
// browser cannot reach it through a DNS name that resolves to 127.0.0.1.
package server
