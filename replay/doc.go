// Package replay reads, writes and replays deckforge replays: every hand
// of a simulated session, a game of any genome, or a PHH hand history, in
// a form a viewer rebuilds step by step without the rules engine. It is
// pure Go with no I/O beyond bytes and builds for js/wasm, where the
// viewer runs; it imports only engine/cards, engine/chips and the
// generated FlatBuffers code. Converting PHH hands lives in the
// sub-package phhconv, which needs engine/phh, engine/betting and
// engine/handeval.
//
// # The format
//
// A replay is a FlatBuffers buffer of schema/replay.fbs, file identifier
// "DFRP", with a version (Version; Decode refuses a newer one). It holds
// the game (name, the genome's content hash, the players, poker-shaped or
// another card game, the seat count) and its hands. Chips are exact
// fixed-point integers (chips.Chips, hundredths of a chip); cards are
// engine/cards bytes, cards.None for a card whose value the source does
// not know.
//
// Each hand is self-contained. It holds the table as the hand begins:
// every seat (name, stack, status, _inactive, _intents, _deadBlinds, away)
// as the previous hand left it, the button, the forced bets each seat owes,
// dead money already in the pot, the stakes. Then come its events, each
// with the fields its kind needs (see EventKind): first the changes made
// between hands (a player leaves or joins, sits out or comes back, accrues,
// pays or is forgiven dead blinds, a stack changes), then the forced bets,
// the cards as they become known (face-down cards carry their values,
// flagged not public, so a viewer can show every hole card), the betting
// with both the chips added (raise-by) and the street bet made (raise-to),
// the board, plays, draws and tricks of other card games, the showdown,
// the uncalled bet returned and the pots awarded; sitting in and out
// during the hand is recorded where it happens. Last come the final
// stacks and whether the hand was played out.
//
// # Decoding
//
// Decode verifies the whole buffer before reading any of it, against a
// description of the schema that a test checks against the generated
// code: every table's vtable and object, every field inside its object,
// every vector's and string's length inside the buffer, strings
// zero-terminated, bools 0 or 1, enum values defined; nothing may be
// referenced twice, so a hostile buffer cannot decode into more memory
// than it occupies. Then Check verifies every reference (seats within the
// seat count, piles that exist, cards that are cards). Corrupt bytes give
// an error naming the field, never a panic. Validate rebuilds every hand.
//
// # Rebuilding
//
// A Table is the table at one step of a hand; Table.Apply applies the
// next event and refuses one that does not fit (more chips than a stack
// holds, a street bet that is not the sum, an award larger than the pots,
// a card a player does not hold). Chips are conserved at every step:
//
//	Σ stacks + Σ bets + Σ pots = Σ snapshot stacks + dead money + joins − leaves + adjustments
//
// The pots are built from the contributions as engine/betting builds
// them. With c_i the live chips seat i put in (bets of finished rounds),
// I the seats still in the hand (dealt in, not folded) and
// L_1 < L_2 < … < L_k the distinct c_i of the seats in I, pot j holds
//
//	P_j = Σ_i (min(c_i, L_j) − min(c_i, L_{j−1})),   L_0 = 0,
//
// and may be won by the seats of I with c_i ≥ L_j; the antes and dead
// money go to the main pot, except the ante layers a seat all-in on a
// short ante may win, which come first. An award names the first pot it
// is paid from and goes on to the next ones (a split over merged pots).
// A hand may settle more than once: when chips are bet again after the
// awards (a game with a showdown halfway through and more betting after
// it), the awarded pots must be empty, and the new bets start a new pot
// whose layers count them alone (the c_i start again from 0).
//
// A Cursor walks a replay: forward one event at a time, back by
// rebuilding the hand from its snapshot, to any hand. Its State (and
// StateJSON) is what the viewer page returns from
// window.deckforge.state():
//
//	{"hash": "…sha256 of the replay's bytes…", "game": "Texas hold'em", "kind": "poker",
//	 "hands": 6, "hand": 2, "number": 3, "label": "", "step": 6, "steps": 32,
//	 "showAll": false, "button": 2, "round": -1, "street": "",
//	 "seats": [{"seat": 3, "name": "Dan", "stack": 92, "bet": 0, "status": "paused",
//	            "inactive": 1, "intents": 2, "deadBlinds": 1, "away": true,
//	            "inHand": false, "folded": false, "allIn": false, "button": false,
//	            "cards": [], "won": 0, "score": 0, "tricks": 0, "winner": false,
//	            "lastAction": "Dan misses a blind: owes 1 in dead blinds"}, …],
//	 "pots": [{"amount": 1, "seats": []}], "board": [], "piles": [], "trick": [],
//	 "lastAction": {"kind": "dead_blinds_accrued", "seat": 3, "name": "Dan", "amount": 1,
//	                "to": 1, "allIn": false, "text": "Dan misses a blind: owes 1 in dead blinds"},
//	 "chips": 375.25, "expectedChips": 375.25}
//
// A seat's status is one of playing, folded, all_in, paused_until_bb,
// paused, owes_dead_blinds, joined, waiting, leaving, left and out (see
// SeatState.Status).
//
// # Recording
//
// A Recorder builds a replay as a game is played, one call per engine
// event, checking each against the table so far and computing what the
// caller need not: raise-to from raise-by (or the reverse), all-in flags,
// call amounts, the posting of the forced bets, and the changes between
// two hands, found by comparing the seats BeginHand receives with the
// previous hand's end.
package replay
