// Package betting plays the betting rounds of one poker-style hand and
// settles its pots, for no-limit, pot-limit and fixed-limit structures.
//
// A Hand is a value made of fixed-size arrays (at most MaxSeats seats):
// copying it clones it, and playing a hand — Reset, StartRound, Legal,
// Apply, Settle — allocates nothing. The caller deals the cards and decides
// the strength of each hand at showdown; the package knows chips only.
//
// # Seats and positions
//
// Seat i is index i of every per-seat slice; play goes clockwise, that is by
// increasing index, wrapping after the last seat. The hand takes explicit
// positions: the button (for the odd-chip rule), the seat that acts first in
// the first round and the seat that acts first in later rounds (each time
// the first seat from there on that can act). PHHPositions,
// PHHPositionsBlinds and PHHForcedBets adapt PHH files (players in position
// order, p1 = small blind … last = button, heads-up forced bets
// reverse-assigned); TablePositions adapts seat-ordered tables. Heads-up,
// the button posts the small blind, acts first before the flop and last
// after it. A seat with a zero starting stack sits out.
//
// # Forced bets
//
// Reset posts the antes first (dead money: they are not street bets and
// nobody calls them) and then the blinds and straddles, which are live bets
// of the first round. The largest posted blind is the table bet; the
// largest configured blind (or RoundConfig.MinBet, if larger) is the first
// raise increment under no-limit and pot-limit. A player whose stack cannot
// cover a forced bet posts what it has and is all-in. Posting a blind is not
// acting: the big blind keeps its option.
//
// # Amounts: raise-by and raise-to
//
// Action.Amount is raise-by: the chips the player adds from its stack this
// action, the call part included. With the big blind at 20 and a player who
// has put in nothing, Amount 60 makes the player's street bet 60: 20 to
// call and a raise of 40 on top. Legal reports every bound twice, as chips
// to add (MinAmount, MaxAmount) and as the resulting street bet (MinTo,
// MaxTo, raise-to, what a person says and what PHH's cbr writes); RaiseTo
// converts a raise-to amount into an Action.
//
// # Raises and reopening
//
// Let B be the table bet and I the last full raise increment (the first
// increment of a round is MinBet, or the largest blind in the first round).
//
//	no-limit:    B+I ≤ to ≤ street bet + stack
//	pot-limit:   B+I ≤ to ≤ B + P + (B − street bet),  P = every chip in the pot, bets included
//	fixed-limit: to = B + MinBet, at most MaxRaises raises per round
//
// An opening bet is not a raise. A player whose stack cannot reach B+I may
// still go all-in for less (a short all-in). The minimum is never capped
// at what the other players can call: a bet or raise is at least a full one
// (in fixed-limit, the full unit) even when no opponent can call all of it,
// and the part nobody calls goes back, as PokerKit plays it. Nobody may
// raise when no other player could answer (all the others are all-in or
// folded).
//
// A raise of at least I is full: I becomes its increment and betting
// reopens, so every other active player must act again with the right to
// raise. A short all-in (any structure) does not reopen: players who
// already acted since the last full raise must call or fold it, while
// players yet to act may raise. Short all-ins add up (WSOP 2024 rule 96a,
// TDA rule 47): a player who already acted may raise again once the table
// bet has risen by at least I since its own last action,
//
//	may raise ⇔ not acted since the last full raise, or B − its street bet ≥ I.
//
// All-in raises count toward MaxRaises; MaxRaises 0 means no cap under
// no-limit and pot-limit. PokerKit's fixed-limit cap of four counts the
// opening bet: it is MaxRaises 4 in a round with blinds and 3 after.
//
// # Round completion
//
// A round is over when at most one player has not folded, when no player can
// act (every player still in is all-in, or only one is not and it has
// matched the table bet), or when every active player (neither folded nor
// all-in) has acted since the last full raise and matched the table bet.
// Every action either ends a seat's part in the hand or marks it acted, and
// only a full raise (at least I, bounded by the stacks) clears the marks,
// so a round ends after a bounded number of actions.
//
// # Pots
//
// Pots are built from live contributions (chips put in, antes excluded
// unless HandConfig.AnteTrimming): the main pot holds the first
// contribution level of every player, and each higher level of a player
// still in makes a side pot that only the players who reached it may win.
// Folded chips stay in the pots of the levels they reached. The chips of
// the single biggest contributor above everyone else's are uncalled: they
// are not a pot and go back to their owner, unless it folded (one
// forced-fold rule: a folded player's chips stay in the pot, even when it
// folded out of turn with Forfeit). Dead money belongs to the main pot. So
// do the antes without ante trimming (PHH's ante_trimming_status false),
// and every player still in may win them, even one all-in on a short ante.
// With ante trimming they count toward the contribution levels like the
// other chips, and the part of the largest ante no other ante matches goes
// back when it is posted.
//
// # Settlement and odd chips
//
// Settle awards every pot to the best strength among its eligible players
// (folded players never win). Players whose hands win nothing drop out, and
// adjacent pots left with the same contenders are merged, so a tie over
// several side pots splits once. A tied pot of amount A among k winners
// gives each
//
//	share = ⌊A / (k·U)⌋·U
//
// with U the hand's Unit (default one whole chip), and the whole remainder
// A − k·share to the first winner clockwise from the button. SettleHiLo
// halves each pot (the odd unit to the high half) between the best high and
// the best qualifying low hand.
package betting
