// Package phh reads, writes and replays poker hand histories in the PHH
// format (TOML), single hands (.phh) and bulk files (.phhs) whose top-level
// tables [1], [2], … are hands.
//
// # Reading and writing
//
// Unmarshal, UnmarshalBulk and ReadFile decode documents into Hand values.
// Every standard field is kept: the structure fields deckforge plays with are
// typed (variant, antes, blinds_or_straddles, bring_in, small_bet, big_bet,
// min_bet, starting_stacks, actions, finishing_stacks, winnings, players,
// seats, seat_count, ante_trimming_status), so are the sit-in/sit-out user
// fields _inactive, _intents and _deadBlinds, and every other field (author,
// event, city, time, hand, any "_x" user field, fields of a later version of
// the standard) is kept in Hand.Fields with its TOML value. Marshal and
// MarshalBulk write valid PHH that reads back to the same Hand.
//
// Amounts are exact chips.Chips (hundredths of a chip), read from the
// number's text, never through a float: 75.25 is 7525 and 10112.5 is
// 1011250. Hand.Decimal records whether the file wrote any amount as a
// decimal; it decides the replay's split-pot unit:
//
//	Unit = 1 chip     when every amount is a TOML integer
//	Unit = 0.01 chip  otherwise
//
// Actions are parsed into Action values: "d dh p1 AcKd" (hole cards, "??" for
// an unknown card), "d db Jc3d5c" (board), "p3 f", "p3 cc", "p3 cbr 7000"
// (raise to a street total), "p3 sm AcKd" or "p3 sm" (show or muck), "p3 sd"
// (stand pat or discard), "p3 pb" (bring-in), each with an optional
// "# commentary"; TOML comments are allowed anywhere.
//
// Errors are *Error values naming the file, the hand (table key of a .phhs
// file), the field (with an index, such as actions[7]) and what is wrong.
// Bad input never panics.
//
// # Variants
//
// The variant codes are those the PHH standard defines: FT, NT, NS, PO, FO/8,
// F7S, F7S/8, FR, N2L1D, F2L3D and FB. Any other code is invalid. Replay plays
// NT, FT and PO; the others are reported with ErrUnsupported.
//
// # Replay
//
// Replay plays a hand through engine/betting and engine/handeval: positions
// from the PHH order (p1 small blind … last player button; heads-up the
// forced bets are reverse-assigned, so with blinds [5, 10] p2 is the button,
// posts 5 and acts first before the flop), antes as dead money, blinds and
// straddles, the betting structure of the variant, the deal, the showdown
// and the pots, side pots included. It rejects illegal actions and
// impossible deals, naming the action's index and text. ReplayWith with
// Options.Repair fills in actions a history leaves out (a skipped player
// checks or folds), as PokerKit, the reference implementation, does.
//
// # The hand runner
//
// Runner is deckforge's one hand runner for NT, FT and PO: Replay, tables
// (engine/table), simulated sessions and the replay tools all play hands
// through it, with typed Actions (the PHH notation parsed: Kind, Player,
// Cards, Amount raise-to), never strings.
//
//	r, err := phh.NewRunner(phh.RunnerConfig{
//		Game: phh.Game{Variant: phh.NoLimitTexasHoldem, MinBet: bb},
//		Hand: betting.HandConfig{Stacks: …, Blinds: …, Button: …, FirstToAct: …, FirstToActPostflop: …},
//	})
//	r.Apply(phh.Action{Kind: phh.DealHole, Player: 0, Cards: hole0}) // every seat with chips
//	for !r.Finished() {
//		switch {
//		case r.ToAct() >= 0: // r.Legal() says what the seat may do
//			r.Apply(phh.Action{Kind: phh.BetRaise, Player: r.ToAct(), Amount: to})
//		case r.BoardDue() > 0:
//			r.Apply(phh.Action{Kind: phh.DealBoard, Player: phh.Dealer, Cards: next})
//		}
//	}
//	st, err := r.Settle() // uncalled bet, pots, winnings, finishing stacks
//
// The runner's config is in the caller's seat order (RunnerFor builds it
// from a PHH hand, players in position order). Apply refuses an illegal
// action with a *RunError (wrapping betting.ErrIllegalAction,
// ErrBadAmount or ErrRoundOver for a bet, ErrUndecided for a showdown that
// hidden cards leave open) and changes nothing. Forfeit folds a player at
// once, out of turn (a pause, a timeout, leaving): one forced-fold rule, a
// folded player's chips stay in the pot. Betting returns the
// engine/betting state (stacks, street bets, Pots); Settle returns the
// Settlement: the uncalled bet returned and its seat, the pots awarded,
// what each seat won and the finishing stacks. A Runner holds only
// fixed-size arrays (besides Repair's notes), so copying it saves a hand's
// state and applying an action allocates nothing but error values.
//
// PokerKitForm rewrites a hand as PokerKit, the reference of the format,
// reads and plays it, with the same result in deckforge: a short raise that
// nobody can call becomes the smallest full raise, the check PokerKit asks
// of the only player left able to act is written, and the shows and mucks
// go where PokerKit expects them (before the rest of the board when the
// players are all in). The writers of played hands call it (play --phh,
// the simulator's PHH, table states, phh convert of replays). A fold out
// of turn (a pause during the hand) is written at the player's next turn.
// It refuses a hand PHH cannot hold: a fold when a check is free
// (ErrFreeFold, the auto-action fold), a fold out of turn with no later
// turn to hold it (ErrFoldOutOfTurn). SplitUnit is Unit's rule for a hand
// being played: whole chips when every amount is whole, which PokerKit
// splits as Settle does (it splits decimal amounts exactly). docs/phh.md
// describes the conventions.
package phh
