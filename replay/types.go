package replay

import (
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
)

// Version is the replay format version Encode writes. Decode reads every
// version up to this one.
const Version = 1

// FileIdentifier is the FlatBuffers file identifier of a replay (bytes 4..8).
const FileIdentifier = "DFRP"

// MaxSeats is the largest number of seats a replay holds (seat numbers are
// stored as signed bytes, -1 meaning no seat).
const MaxSeats = 64

// NoSeat is the Seat of an event no seat takes (the dealer's), and the
// Button of a hand without a button.
const NoSeat = -1

// Replay is a recorded session or game: what was played and every hand.
type Replay struct {
	Game  Game
	Hands []Hand
}

// Game describes what a replay holds.
type Game struct {
	// Name is the game's name ("Texas hold'em", a genome's name).
	Name string
	// GenomeHash is the genome's content hash (32 bytes), nil when the
	// hands do not come from a genome (a PHH file).
	GenomeHash []byte
	Kind       GameKind
	// Players names everyone who sat at the table during the replay, in
	// the order they first sat down.
	Players []string
	// SeatCount is the number of seats at the table: every seat number in
	// the replay is below it.
	SeatCount int
	// Seed is the simulation seed the hands were played with (0 if none).
	Seed uint64
	// Source says where the hands come from ("simulate", "phh:FILE", …).
	Source string
}

// Hand is one hand, self-contained: the table as the hand begins and every
// event after that. The seats are those of the end of the previous hand,
// so the changes made between hands (players leaving, joining, sitting
// out or in, dead blinds accruing or being paid) are the first events of
// the hand; then come the forced bets, the deal, the play and the awards.
type Hand struct {
	// Number is the hand's number (1-based) and Label any name the source
	// gives it (a PHH hand's "hand" field or table key).
	Number  int
	Label   string
	Variant string // a PHH variant code ("NT", "FT", "PO") or ""

	// Button is the button seat, NoSeat when the game has none.
	Button int
	// SmallBlind and BigBlind are the stakes (the dead-blind unit);
	// MinBet is the minimum bet (no-limit, pot-limit) or the small bet
	// (fixed-limit) and BigBet the fixed-limit big bet.
	SmallBlind, BigBlind, MinBet, BigBet chips.Chips
	// DeadMoney is dead money already in the pot as the hand begins, from
	// no seat's stack in Seats (dead blinds paid before the hand).
	DeadMoney chips.Chips

	Seats  []Seat
	Forced []Forced
	// Piles names the shared piles of a card game (index = Event.Pile):
	// "stock", "discard", a tableau...
	Piles  []string
	Events []Event

	// Final is every seat's stack at the end of the hand; Complete reports
	// that the hand was played out and its pots awarded.
	Final    []Stack
	Complete bool
}

// Seat is one seat as a hand begins.
type Seat struct {
	Seat   int
	Name   string
	Stack  chips.Chips
	Status SeatStatus
	// Inactive, Intent and DeadBlinds are the sit-in/sit-out fields
	// _inactive, _intents and _deadBlinds.
	Inactive   bool
	Intent     Intent
	DeadBlinds chips.Chips
	// Away reports a disconnected player (its turns are played by its
	// auto-action).
	Away bool
	// Score is the player's score in a card game that keeps one.
	Score int64
}

// Forced is the forced bets one seat owes in a hand.
type Forced struct {
	Seat  int
	Blind chips.Chips // a blind or straddle: a live bet of the first round
	Ante  chips.Chips // dead money
}

// Stack is one seat's stack.
type Stack struct {
	Seat  int
	Stack chips.Chips
}

// Event is one thing that happened in a hand. Which fields it uses depends
// on its Kind; see EventKind. Seat and Target are NoSeat when unused, Pile
// is -1 when unused.
type Event struct {
	Kind   EventKind
	Seat   int
	Target int
	// Amount is chips: added from the stack (raise-by) for a bet, chips
	// returned, awarded, owed or paid; To is the resulting value: the
	// seat's street bet after a bet (raise-to), the dead blinds owed after
	// a dead-blind event, the stack after a stack adjustment.
	Amount, To chips.Chips
	AllIn      bool
	Round      int
	Pot        int
	Pile       int
	Post       PostKind
	Intent     Intent
	// Public reports whether the event's cards are visible to everyone.
	Public  bool
	Cards   []cards.Card
	Seats   []int
	Amounts []chips.Chips
	// Points and Total are a score change and the score after it.
	Points, Total int64
	Text          string
}

// GameKind is the shape of a game.
type GameKind uint8

// The game kinds.
const (
	// Poker: chips, betting rounds, a board and pots.
	Poker GameKind = iota
	// CardGame: hands, piles, tricks and scores (chips optional).
	CardGame
)

var gameKindNames = [...]string{"poker", "card_game"}

// String returns "poker" or "card_game".
func (k GameKind) String() string { return enumName(gameKindNames[:], uint8(k)) }

// SeatStatus is a seat's state as a hand begins.
type SeatStatus uint8

// The seat statuses.
const (
	// Playing: in the game (not sitting out).
	Playing SeatStatus = iota
	// SittingOut: seated, not playing (_inactive 1).
	SittingOut
	// Joined: newly seated, waiting for its first hand (_inactive 1).
	Joined
)

var seatStatusNames = [...]string{"playing", "sitting_out", "joined"}

// String returns "playing", "sitting_out" or "joined".
func (s SeatStatus) String() string { return enumName(seatStatusNames[:], uint8(s)) }

// Intent is a player's sit-in/sit-out intent (_intents).
type Intent uint8

// The intents.
const (
	IntentPlay         Intent = iota // play (join, stay, come back paying dead blinds)
	IntentPauseUntilBB               // sit out until the big blind reaches the seat
	IntentPause                      // sit out
	IntentLeave                      // leave at the next hand
)

var intentNames = [...]string{"play", "pause_until_bb", "pause", "leave"}

// String returns "play", "pause_until_bb", "pause" or "leave".
func (i Intent) String() string { return enumName(intentNames[:], uint8(i)) }

// PostKind is the kind of a forced bet.
type PostKind uint8

// The forced bets.
const (
	PostNone PostKind = iota
	Ante
	SmallBlind
	BigBlind
	Straddle
	BringIn
)

var postNames = [...]string{"none", "ante", "small_blind", "big_blind", "straddle", "bring_in"}

// String returns the forced bet's name ("ante", "small_blind", …).
func (p PostKind) String() string { return enumName(postNames[:], uint8(p)) }

// EventKind is the kind of an event. The fields each kind uses:
//
//	Round             Round: a betting round (street) or game round begins;
//	                  the bets on the table go into the pots
//	Post              Seat, Post, Amount (chips put in), To (street bet after;
//	                  unchanged for an ante, which is dead money), AllIn
//	Deal              Seat, Cards (every value, even face down), Public
//	Board             Cards: community cards
//	Fold, Check       Seat
//	Call, Bet, Raise  Seat, Amount (chips added, raise-by), To (the street
//	                  bet after: raise-to), AllIn
//	Show              Seat, Cards, Text (the hand's description)
//	Muck              Seat
//	Uncalled          Seat, Amount: the uncalled bet returned to the stack
//	Award             Pot (the first pot paid from; a merged award goes on to
//	                  the next pots), Seats and Amounts (parallel), Text
//	PileAdd           Pile, Cards, Public: cards put on a shared pile
//	Play              Seat, Cards, Pile (-1: the current trick), Public
//	Draw              Seat, Cards, Pile (the source, -1: the stock), Public
//	Discard           Seat, Cards, Pile (the target, -1: out of play), Public
//	Give              Seat gives Cards to Target, Public
//	Ask               Seat asks Target for Text (a rank)
//	Claim             Seat, Cards (what was put down), Pile, Text (the claim)
//	Challenge         Seat challenges Target's claim; Text is the outcome
//	Pass              Seat passes
//	TrickWon          Seat wins the current trick (Cards: its cards)
//	Score             Seat, Points (change), Total (score after)
//	Out               Seat is out of the game (eliminated or went out)
//	Win               Seats win the game; Text
//	Note              Text (Seat optional): anything else worth showing
//	Intent            Seat, Intent: the player's new intent
//	SitOut, SitIn     Seat: _inactive becomes 1 / 0
//	DeadBlindsAccrued Seat, Amount (added), To (owed after)
//	DeadBlindsPaid    Seat, Amount (from the stack into the pot as dead
//	                  money), To (owed after)
//	DeadBlindsCleared Seat, Amount (forgiven), To (owed after)
//	Join              Seat, Text (the player's name), Amount (its stack),
//	                  Intent: a player sits down (inactive until it plays)
//	Leave             Seat, Amount (the stack taken away): the player stands up
//	Disconnect        Seat: the player is away
//	Reconnect         Seat: the player is back
//	StackAdjust       Seat, Amount (change), To (stack after): chips added
//	                  or taken between hands (a top-up)
type EventKind uint8

// The event kinds, in the order of schema/replay.fbs's ReplayEventKind.
const (
	Round EventKind = iota
	Post
	Deal
	Board
	Fold
	Check
	Call
	Bet
	Raise
	Show
	Muck
	Uncalled
	Award
	PileAdd
	Play
	Draw
	Discard
	Give
	Ask
	Claim
	Challenge
	Pass
	TrickWon
	Score
	Out
	Win
	Note
	IntentChange
	SitOut
	SitIn
	DeadBlindsAccrued
	DeadBlindsPaid
	DeadBlindsCleared
	Join
	Leave
	Disconnect
	Reconnect
	StackAdjust
	numEventKinds
)

var eventNames = [...]string{
	"round", "post", "deal", "board", "fold", "check", "call", "bet", "raise", "show", "muck",
	"uncalled", "award", "pile_add", "play", "draw", "discard", "give", "ask", "claim",
	"challenge", "pass", "trick_won", "score", "out", "win", "note", "intent", "sit_out",
	"sit_in", "dead_blinds_accrued", "dead_blinds_paid", "dead_blinds_cleared", "join",
	"leave", "disconnect", "reconnect", "stack_adjust",
}

// String returns the kind's name in snake case ("raise", "dead_blinds_paid").
func (k EventKind) String() string { return enumName(eventNames[:], uint8(k)) }

// IsBet reports whether k is a player's betting action: fold, check, call,
// bet or raise.
func (k EventKind) IsBet() bool { return k >= Fold && k <= Raise }

func enumName(names []string, v uint8) string {
	if int(v) < len(names) {
		return names[v]
	}
	return "unknown"
}

// NewEvent returns an event of kind k by seat with every other seat and
// pile field unset.
func NewEvent(k EventKind, seat int) Event {
	return Event{Kind: k, Seat: seat, Target: NoSeat, Pile: -1}
}
