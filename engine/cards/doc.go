// Package cards defines Card, Rank, Suit, Set and Deck, the parsing and
// formatting of cards ("As", "Td"; "10d" is accepted), and dealing and
// shuffling with an explicit random source (math/rand/v2), never the global
// one.
//
// A standard card is the byte rank*4 + suit: ranks run from Two (0) to Ace
// (12), suits are clubs, diamonds, hearts, spades (0..3), so the 52 standard
// cards are 0..51. The two jokers are 52 (red, "Xr") and 53 (black, "Xb").
// Set is a bitset over all 54 cards.
package cards
