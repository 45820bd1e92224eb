// Package sim plays games in parallel with the agents of sim/agent, measures
// them (per-game metrics and their aggregates) and records replays.
//
// Every game's seed derives from (run seed, genome hash, game index), so a run
// gives the same results whatever the number of workers.
package sim
