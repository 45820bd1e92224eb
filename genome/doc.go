// Package genome defines the Go types of a card-game genome: the deck, the
// deal, the ordered phases of a turn (draw, play, discard, trick, claim,
// betting, showdown), forced bets and win conditions.
//
// It validates genomes (every reason a genome cannot be played, each naming
// its field), encodes and decodes them as FlatBuffers and canonical JSON,
// computes a content hash, and ships the library of seed games in seeds/.
package genome
