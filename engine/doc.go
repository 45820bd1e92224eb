// Package engine is the root of the rules: pure Go packages with no I/O, no
// goroutines and no global random source.
//
//   - cards: cards, ranks, suits, decks and shuffling with an explicit RNG.
//   - chips: exact fixed-point chip amounts (hundredths of a chip).
//   - handeval: the poker hand evaluator (5, 6, 7 cards and Omaha).
//   - betting: one betting round and the pots of a hand.
//   - table: seats across hands, sit-in/sit-out and dead blinds.
//   - game: the genome interpreter.
//   - stats: positional statistics from a hand's action log.
//   - phh: poker hand histories (PHH) read and written.
//
// Nothing under engine imports sim, evolve, viewer or anything that does I/O.
package engine
