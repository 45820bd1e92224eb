// Package rulebook writes a genome's rules in plain English (Rules), good
// enough for people to play the game from. Every phase kind has its
// sentence in phaseText; the tests compare each seed game's rulebook with
// testdata/rules/ID.txt (go test ./genome/rulebook -update rewrites them)
// and fuzz Rules with any genome that decodes.
package rulebook
