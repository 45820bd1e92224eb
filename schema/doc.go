// Package schema holds the FlatBuffers schemas of deckforge (genome.fbs,
// replay.fbs) and the Go code that flatc generates from them under schema/fb.
//
// The generated code is committed and must not be edited by hand; gen.go
// carries the //go:generate lines and `make generate` regenerates it. A test
// fails when the committed code is stale.
package schema
