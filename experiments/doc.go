// Package experiments holds the experiment definitions (*.toml) that
// `deckforge evolve` runs, quickstart.toml among them, and their loader.
package experiments
