// Package table keeps a poker table across hands: who sits where, who
// plays, who sits out and what they owe, who joins and who leaves. It
// follows the sit-in-sit-out seed (decision 6 of the architecture), with the
// rulings of SEED-NOTES where the seed's examples slip, and the
// house-player seed's disconnection handling and chip accounting.
//
// # State
//
// A State is the seed's game notation: seat-ordered per-player arrays
// (Players, StartingStacks, BlindsOrStraddles, Antes, Inactive, Intents,
// DeadBlinds, and FinishingStacks once known), the hand number, the seat
// count, the minimum bet, the action log (typed phh.Actions, written in
// PHH notation: "d dh p1 AcKd", "p2 cbr 6", "d db 2d7cJh"; "pN" is index N-1
// of the arrays, "????" hidden cards), the Author of a client state, and DeadMoney, the dead blinds paid
// into this hand's pot. Chips are exact (chips.Chips): 75.25 stays 75.25.
// A hand conserves chips:
//
//	Σ FinishingStacks = Σ StartingStacks + DeadMoney.
//
// ReadJSON and MarshalJSON read and write the seed's camelCase JSON
// (_inactive, _intents, _deadBlinds, _deadMoney); ReadPHH and MarshalPHH
// the same state as a PHH hand (TOML, through engine/phh's PokerKitForm,
// so that PokerKit replays it too): the players dealt in, in PHH position
// order with their seats, the other seats in _out user fields, the dead
// money in p1's ante (_deadMoneyAnte), the client's author as _author.
// Pots split in whole chips when the hand's amounts are whole
// (phh.SplitUnit), to the cent otherwise.
//
// A table without blinds (every BlindsOrStraddles entry 0, the antes as its
// forced bets: ante-only games played by engine/game at a table) keeps its
// button in Button (_button in JSON): Next moves it one kept seat on,
// Merge keeps it with its player, the betting starts after it, and no dead
// blinds accrue (a pause until the big blind is a pause). Such a table is
// not PHH (MarshalPHH refuses it). HandConfig gives the betting hand Next
// set up, for a caller that plays the hand with other rules.
//
// Validate checks a server state: every per-player array has one entry per
// player, an active player owes no dead blinds (the seed's impossible
// states), dead blinds stay within 1.5 big blinds, no card is dealt twice,
// finishing stacks conserve the chips. Errors name the field and, for a
// per-player entry, the player (*FieldError).
//
// # Intents and the player matrix
//
//	_intents  0 play   1 pause until the big blind   2 pause   3 leave
//	_inactive 0 in the game, 1 sitting out (server-side)
//
// A client changes only its own intent (Merge); the server turns intents
// into _inactive and _deadBlinds between hands (Next).
//
// # Positions
//
// Each array entry is the forced bet of that seat's position this hand, with
// no heads-up reversal. The small blind is the seat from which the clockwise
// run of non-zero forced bets reads smallest (small blind ≤ big blind ≤
// straddles); the big blind follows it. The button is the seat before the
// small blind; with exactly two players dealt in, the small blind is the
// button. Before the flop the first seat dealt in after the last forced bet
// acts first, after the flop the first seat dealt in after the button. The
// forced bets move one seat on every hand over every seat, sitting-out seats
// included: a blind whose position falls on a sitting-out seat is posted by
// nobody and is that player's missed blind.
//
// # Between hands
//
// Next settles the hand (its finishing stacks, or its actions replayed
// through engine/betting with the showdown decided by the best five-card
// hand), removes the leavers (intent 3) without collecting their dead
// blinds, moves the forced bets, and places every player. With BB the big
// blind and d a player's dead blinds:
//
//	missed small blind:  d ← min(d + BB/2, 3·BB/2)
//	missed big blind:    d ← min(d + BB,   3·BB/2)
//
// A player pausing until the big blind comes back, free, when its seat holds
// the big blind; a player asking to play again pays d into the new pot as
// dead money (DeadMoney) unless the big blind reaches it. A player is dealt
// in only with chips left after paying what it owes: one with no chips, or
// none left after paying d, leaves (_inactive 1, _intents 3), and so does a
// returning player who cannot pay d plus its forced bets; an active player
// short of its blind posts what it has, all in. Joiners play from the hand
// after they sit down. The players who play are dealt two hole cards each
// with the caller's RNG.
//
// # During a hand
//
// Merge applies a client state: only its author's own intent, or the
// author sitting down (its seat, and a buy-in capped by JoinLimits). A player
// who pauses or leaves becomes inactive at once and its hand is folded.
// Personalize hides other players' hole cards. Apply plays a player's typed
// action (Act the same written "p2 cbr 6"), Auto the auto-action of a player whose time ran out (AutoAction: fold
// always folds, check_fold, call_N), Deal the next board cards; Progress
// says who is to act. Hands are played by engine/phh's Runner, the one hand
// runner: a fold out of turn (a pause, a leave, a timeout) is its Forfeit,
// and every chip a folded player put in stays in the pot.
//
// # Players away and bankrolls
//
// Presence tracks disconnections with a grace period counted in hands:
// auto-actions while away, the seat and stack kept on reconnection within
// the grace period, a stand-up when it runs out. Ledger keeps bankrolls:
// for every player Total = Bank + chips at tables, constant under buy-ins
// and cash-outs, moved between players only by hands, raised only by a
// reload to 400 (which adds the difference to Invested); no balance is ever
// negative.
//
// Everything here is pure and deterministic: randomness comes from the
// *rand.Rand the caller passes.
package table
