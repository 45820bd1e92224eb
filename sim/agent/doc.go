// Package agent holds the players of the simulator: random, greedy, ISMCTS
// and the house strategy. An agent sees an observation, never the true state,
// and draws from its own RNG.
package agent
