// Package genome defines the Go types of a card-game genome — the deck, the
// deal, the ordered phases of a hand (deal, draw, play, discard, trick,
// betting, claim, showdown, ask), special cards, scoring and win conditions
// — and validates, repairs, randomizes, encodes and explains them.
//
//   - Validate returns every reason a genome cannot be played, each naming
//     its JSON path; Repair fixes what it can; Random draws valid genomes.
//   - EncodeJSON/DecodeJSON (canonical JSON) and EncodeFB/DecodeFB
//     (FlatBuffers, schema/genome.fbs, file identifier "DFGN", verified by
//     VerifyFB before reading) are lossless both ways; Decode tells them
//     apart by content.
//   - ContentHash is SHA-256 of the canonical JSON without the metadata
//     fields (schema_version, id, name, lineage, generation). A field added
//     to the genome carries the tag omit:"default": the canonical JSON
//     leaves it out at its default, so the hashes (and so the game seeds)
//     of genomes that do not use it stay the same.
//   - genome/rulebook writes a plain-English rulebook; Seed/Seeds load the
//     library of known games embedded from seeds/*.json.
//   - Random draws valid random genomes; RandomPhase, RandomCondition and
//     the other Random* functions draw their parts (for mutations too).
//
// # How a genome is played
//
// This is the contract between a genome and the interpreter (engine/game).
//
// Seats are numbered 0..n-1 with Setup.MinPlayers <= n <= Setup.MaxPlayers;
// the player to the left of seat i is seat i+1 (mod n). Every player starts
// with score 0 and Setup.StartingChips chips. The dealer is seat 0 in the
// first hand and moves one seat to the left (skipping eliminated players)
// every hand. "Next" and "previous" follow Turns.Direction (which a reverse
// effect flips). A player is in the hand unless eliminated, folded, or gone
// out (last_with_cards_loses); phases, turns, "next player" and "every
// player" only ever count players in the hand.
//
// Hand h (from 1) runs:
//
//  1. Every card returns to the deck (Setup.Cards), which is shuffled.
//  2. Deal. Unless Setup.DealAll: Setup.HandSize(h) cards face down to each
//     player, one at a time from the player left of the dealer; then
//     InitialDiscard cards face up to the discard pile, Tableau cards to the
//     tableau and Community cards to the community cards. With DealAll the
//     shared cards are laid out first and all the rest is dealt to the
//     players. The remaining cards are the stock (top = next dealt).
//  3. Trump: none, Setup.TrumpSuit, or the suit of the top stock card, which
//     is shown and put face up at the bottom of the stock (TrumpTurnUp).
//  4. Forced bets (chips only): every player antes Setup.Ante; the player
//     after the dealer posts SmallBlind and the next BigBlind (heads-up the
//     dealer posts the small blind). A player who cannot pay in full is all
//     in. The betting engine keeps the pots (side pots by contribution).
//  5. The current player is set by Turns.FirstPlayer. Phases[:CycleStart]
//     run once, in order. Then the turn cycle Phases[CycleStart:CycleEnd]
//     runs again and again (for FirstHolderOfCard the current player is set
//     again, to the card's holder, when the cycle starts); after each pass
//     (a turn) Turns.CycleUntil is evaluated for the player who had the turn
//     and the cycle stops when it holds. Then Phases[CycleEnd:] run once.
//  6. Between turns the current player changes: to the winner of the last
//     trick if the turn played one; to the same player if they earned another
//     turn (extra_turn effect, ask again); otherwise to the next player,
//     passing over a player who must skip (skip effect).
//  7. When all but one player in the hand have folded, that player wins the
//     pot at once and the rest of the hand's phases are skipped.
//  8. End of hand: scoring rules are applied to every player, then
//     elimination (Setup.Elimination), then the win conditions checked after
//     a hand.
//
// The game ends when a win condition is met (see WinCondition), after hand
// Setup.HandsPerGame (if not 0), or when Turns.MaxTurns turns have been
// played (a hand with no turn cycle counts as one turn). Without a met
// condition the win conditions rank the players in order; the best-ranked
// players (ties included) win.
//
// A phase with actor each_player is done by every player in the hand once,
// in turn order from the current player; current_player phases by the
// current player only. Deal, trick, betting, showdown and the forced bets
// involve every player in the hand by their own rules (documented on each
// phase type). A player who has no legal move in a phase passes it.
//
// Conditions are evaluated for a player, with a candidate card where one
// exists (a card being played, led or discarded): see Condition, CondOp and
// Test. Wild cards (Setup.WildRanks, wild effects) are always legal plays.
// Chips in a genome are whole chips; the engine works in chips.Chips
// (hundredths), so a genome amount a is chips.FromInt(int64(a)).
//
// # Versions
//
// CurrentVersion is 2. Version 1 (the betting-phase design: fixed bets of
// min_bet, at most max_raises raises, no forced bets) lacked
// Setup.SmallBlind, Setup.BigBlind, Setup.Ante and BettingPhase.Structure;
// version-1 files load with those at 0 and FixedLimit, which plays the same,
// and a field newer than a file's version is an error.
package genome
