package game

import (
	"strconv"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
)

// EventKind is the kind of an Event.
type EventKind uint8

// The events, with the Event fields each one sets (Player is -1 where no
// player is concerned).
const (
	EvNone       EventKind = iota
	EvHandStart            // a hand begins: Hand, Player = the dealer (button)
	EvDeal                 // Card dealt to Player (face down unless FaceUp), or to Zone community/tableau/discard
	EvTrump                // Card turned up (or none), Suit is trump; Player -1
	EvForcedBet            // Player posts Amount: an ante (Zone ZoneAnte) or a blind (Zone ZoneBet, To = street bet)
	EvRoundStart           // betting round Round begins
	EvBet                  // Player checks, calls, bets or raises (Move): Amount added, To = street bet after
	EvFold                 // Player folds
	EvPlay                 // Player plays Card to Zone (a trick: ZoneTrick)
	EvDraw                 // Player draws Card from Zone (Target: the player drawn from)
	EvDiscard              // Player moves Card to Zone (Target: receiving player)
	EvPass                 // Player passes (declines)
	EvSuit                 // Player names Suit for a wild card
	EvTrickWon             // Player wins the trick; Cards are its cards
	EvClaim                // Player puts Count cards face down claiming Rank; Cards are the true cards
	EvChallenge            // Target challenges Player's claim; Cards revealed; Player = the one who takes the pile
	EvAsk                  // Player asks Target for Rank; Cards handed over (empty: go fish)
	EvEffect               // Effect (genome.EffectKind) of Card played by Player hits Target (-1: none); a peek's Cards are the cards seen
	EvSkip                 // Player loses a turn
	EvShowdown             // Player shows Cards; Strength is the hand's strength
	EvPotAward             // Player wins Amount from the pots (or the uncalled bet returned: Zone ZoneBet)
	EvOut                  // Player goes out (empty hand, last_with_cards_loses)
	EvSitOut               // Player is eliminated and sits out the rest of the game
	EvHandEnd              // the hand ends (Hand); scores and chips are final for it
	EvGameEnd              // the game ends; Cards is unused, Winners is the winner set
	EvRefund               // Player gets back Amount it put in a pot that was not awarded (see below)
)

// moveKinds is the set of event kinds that are moves (see EventKind.IsMove).
const moveKinds uint64 = 1<<EvPlay | 1<<EvDraw | 1<<EvDiscard | 1<<EvPass | 1<<EvSuit |
	1<<EvClaim | 1<<EvChallenge | 1<<EvAsk | 1<<EvBet | 1<<EvFold | 1<<EvShowdown

// IsMove reports whether each event of kind k is one move of the game, as
// State.Moves counts them: every play (a card put into a trick, face down
// or up, or played to the discard pile or tableau), draw (a card),
// discard (a card discarded, passed or given), pass (a player declining),
// suit named, claim, challenge, ask, bet (check, call, bet or raise), fold
// and shown hand. Forced bets, deals, effects and the outcomes (tricks won,
// pot awards, refunds, …) are not moves.
func (k EventKind) IsMove() bool { return k < 64 && moveKinds>>k&1 != 0 }

var eventKindNames = [...]string{"none", "hand_start", "deal", "trump", "forced_bet", "round_start", "bet", "fold",
	"play", "draw", "discard", "pass", "suit", "trick_won", "claim", "challenge", "ask", "effect", "skip",
	"showdown", "pot_award", "out", "sit_out", "hand_end", "game_end", "refund"}

// String returns the event kind's name.
func (k EventKind) String() string {
	if int(k) < len(eventKindNames) {
		return eventKindNames[k]
	}
	return "EventKind(" + strconv.Itoa(int(k)) + ")"
}

// Zone is a place cards go to or come from.
type Zone uint8

// The zones.
const (
	ZoneNone      Zone = iota
	ZoneHand           // a player's hand
	ZoneStock          // the stock
	ZoneDiscard        // the discard pile
	ZoneTableau        // the tableau
	ZoneCommunity      // the community cards
	ZoneWon            // a player's won pile
	ZoneTrick          // the current trick
	ZonePile           // the face-down centre pile of claims
	ZoneAnte           // (forced bets) an ante
	ZoneBet            // (forced bets) a blind; (pot awards) an uncalled bet returned
)

var zoneNames = [...]string{"none", "hand", "stock", "discard", "tableau", "community", "won", "trick", "pile", "ante", "bet"}

// String returns the zone's name.
func (z Zone) String() string {
	if int(z) < len(zoneNames) {
		return zoneNames[z]
	}
	return "Zone(" + strconv.Itoa(int(z)) + ")"
}

// Event is one thing that happened in a game, with the true cards. See
// EventKind for the fields each kind sets.
type Event struct {
	Kind   EventKind
	Player int8
	Target int8
	Zone   Zone
	FaceUp bool
	Card   cards.Card
	Rank   cards.Rank
	Suit   cards.Suit
	// Move is the betting move of an EvBet (MoveCheck … MoveRaise).
	Move MoveKind
	// Effect is the effect of an EvEffect (a genome.EffectKind value).
	Effect uint8
	// Count is the number of cards of an EvClaim.
	Count uint8
	// Round is the betting round (0 = the hand's first) of betting events.
	Round int8
	// Cards is a set of cards (trick, claim, showdown, ask).
	Cards cards.Set
	// Strength is the hand strength of an EvShowdown (higher is better;
	// comparable within one showdown only).
	Strength uint32
	// Amount and To are chips: see EventKind.
	Amount, To chips.Chips
	// Hand is the hand number (from 1) and Turn the turn number (from 1).
	Hand uint16
	Turn uint32
	// Winners is the bitmask of winners of an EvGameEnd.
	Winners uint16
}

// Listener receives the events of a game (see State.Listen). The event
// pointer is only valid during the call: the engine reuses the Event for
// the next one (so that emitting allocates nothing), and a listener that
// keeps an event must copy it (ev := *e). A listener must not change the
// state or the event.
type Listener interface {
	Event(s *State, e *Event)
}

// ListenerFunc adapts a function to Listener.
type ListenerFunc func(s *State, e *Event)

// Event calls f.
func (f ListenerFunc) Event(s *State, e *Event) { f(s, e) }
