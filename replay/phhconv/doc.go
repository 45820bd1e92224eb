// Package phhconv converts PHH hand histories (engine/phh) into replays
// (replay) and poker replays back into PHH hands.
//
// It is a package of its own so that replay stays small for
// WebAssembly: converting a hand needs the PHH reader (TOML), the betting
// engine and the hand evaluator, which a viewer showing recorded replays
// does not. A viewer that opens PHH files imports this package too.
//
// ToReplay plays each hand through engine/betting, as phh.Replay does
// (positions, forced bets, the NT, FT and PO structures, the actions a
// history leaves out filled in as implied checks and folds), and records
// every event with its amounts: chips added and street bet for each bet,
// the uncalled bet returned, each pot's winners and shares split as
// engine/betting settles them (hands ranked by engine/handeval, the odd
// chips to the first winner clockwise from the button). The finishing
// stacks are checked against phh.Replay's. Seats are the hand's seats
// field (less one) or the players' indexes; the sit-in/sit-out fields
// _inactive, _intents, _deadBlinds and _deadMoney are carried over.
//
// FromReplay writes a poker replay's hands back as PHH: players in PHH
// position order (p1 after the button, the button last, heads-up forced
// bets reverse-assigned), their seats, the sit-in/sit-out fields, the
// deals, bets (cbr with the street bet), shows and mucks, and the
// finishing stacks of complete hands.
package phhconv
