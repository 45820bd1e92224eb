// Package limits holds the bounds that every reader of untrusted input
// applies before it parses (file sizes, nesting depth, counts of players,
// actions, hands, phases and lineage entries), and the one error type that
// names the file, the field and the limit, and how to raise it.
//
// The package is pure: readers that open files use package safefile, which
// checks the size limit and that the file is a regular file.
//
// Limits are raised with a spec of name=value pairs, as the CLI's --limits
// flag and the DECKFORGE_LIMITS environment variable take them:
//
//	DECKFORGE_LIMITS=phh-bytes=1GB,hands=2000000 deckforge phh verify big.phhs
package limits
