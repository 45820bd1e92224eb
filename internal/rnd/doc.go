// Package rnd holds the small random draws that the genome generator and
// evolution's mutation operators share. Every function takes the generator
// explicitly; nothing here keeps state.
package rnd
