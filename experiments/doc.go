// Package experiments holds the experiment definitions that `deckforge
// evolve` runs, embedded from this directory's *.toml files, and their
// loader.
//
//   - quickstart.toml: a short demonstration (make run), balanced fitness.
//   - betting.toml: betting games with the betting preset and the
//     positional features (make evolve-betting).
//   - trick-taking.toml: MAP-Elites over branching × game length from the
//     trick-taking seeds, strategic preset.
//   - house-table.toml: poker tables with house players and players who sit
//     out between hands.
//
// An experiment file is TOML over evolve.DefaultConfig: a key left out
// keeps its default, and every key is the TOML key of an evolve.Config
// field. Parse checks the whole file before a run starts: an unknown key, a
// value of the wrong type and a value out of range are errors that name the
// file and the key (and the line, where the TOML decoder knows it):
//
//	bad.toml: line 13: population.size: cannot decode TOML string into int
//	bad.toml: population.elites: 40: want 0 <= elites < population.size (32)
package experiments
