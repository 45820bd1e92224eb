// Command deckforge is the one command-line tool of the project: evolve,
// simulate, bench, eval, play, phh, table, stats, serve and genome.
//
// Run `deckforge help` for the list and `deckforge help COMMAND` for one
// command's flags.
package main
