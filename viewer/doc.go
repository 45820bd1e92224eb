// Package viewer replays hands in a browser. replay rebuilds the table
// at any step of a replay (pure Go); viewer/ui draws it with Ebiten and is
// compiled to WebAssembly; viewer/web holds the page that loads it.
package viewer
