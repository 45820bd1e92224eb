// Package evolve breeds genomes: initialisation, mutation and crossover that
// keep genomes valid, selection, elitism, fitness from the simulator's
// metrics, a MAP-Elites archive and checkpoints.
package evolve
