package game

import (
	"errors"
	"fmt"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
)

// ringSize is the capacity of an ordered hand (a ring of cards).
const ringSize = 64

// Player status bits of a hand.
const (
	stElim   = 1 << iota // eliminated from the game
	stFolded             // folded this hand
	stOut                // went out this hand (last_with_cards_loses)
)

// Stages of the interpreter between decisions.
const (
	stgHandStart uint8 = iota // start the next hand
	stgPhase                  // begin phase pc
	stgActor                  // next actor of phase pc
	stgPhaseEnd               // phase pc is over
	stgHandEnd                // the hand is over
	stgDecide                 // a decision is pending (legal holds its moves)
	stgOver                   // the game is over
)

// Pending decisions.
const (
	pdNone       uint8 = iota
	pdDraw             // Draw phase: draw or pass (or choose the player drawn from)
	pdPlay             // Play phase: choose cards (or pass)
	pdPlayDrawn        // Play phase after draw_one: play the drawn card or pass
	pdDiscard          // Discard phase: choose cards
	pdTrick            // Trick: lead or follow
	pdBet              // Betting
	pdClaim            // Claim: choose cards
	pdClaimRank        // Claim: name the rank
	pdChallenge        // Claim: challenge or pass
	pdAsk              // Ask: player and rank
	pdSuit             // wild effect: name the suit
	pdEffTarget        // effect: choose the target
	pdGive             // give effect: choose cards
	pdEffDiscard       // discard effect: the target chooses cards
	pdCount            // the number of pending decision kinds
)

// logEntry is one action in the log ring: vis is the set of players who
// saw Card.
type logEntry struct {
	kind   EventKind
	player int8
	target int8
	card   cards.Card
	arg    uint8
	vis    uint16
	amount chips.Chips
}

// State is one game of a Program: a value of fixed-size arrays. Copying
// it copies the game (Clone also drops the listener). The zero State is
// not a game: start one with Program.NewState or Program.Reset.
type State struct {
	prog *Program
	lis  Listener
	rng  uint64 // wyrand state (see State.next)

	n         int8
	over      bool
	toMove    int8
	winners   uint16
	stage     uint8
	pend      uint8
	moves     uint32
	decisions uint32
	decider   int8
	maxed     bool      // Turns.MaxTurns reached (or a stalemate)
	limit     EndReason // EndTurnLimit or EndStalemate, when maxed
	end       EndReason // why the game ended (EndNone while it runs)
	churn     uint32    // counts card moves and bets (stalemate detection)
	lastChurn uint32
	idle      uint16 // consecutive turns that moved no card and no chip
	stacked   bool   // the first hand's deck is stacked
	oneHand   bool   // a table hand (Program.ResetHand): the game is one hand
	// th is the table hand's betting while ResetHand deals it (nil after).
	th *betting.HandConfig

	// game
	handNo     uint16
	turnsDone  uint32
	handTurns  uint32
	dealer     int8
	elim       uint16
	score      [MaxPlayers]int32
	stack      [MaxPlayers]chips.Chips
	init       [MaxPlayers]chips.Chips // stacks at the start of the game
	showWon    [MaxPlayers]uint16
	lastWinner int8

	// hand
	status      [MaxPlayers]uint8
	inHand      uint16 // dealt in, not folded, not out
	dealtIn     uint16
	dir         int8 // +1 clockwise, -1 counter-clockwise
	cur         int8
	turnPlayer  int8 // the player whose turn it is (the current player when the pass began)
	skip        uint16
	extra       bool // the current player takes another turn
	trickWinner int8 // winner of the last trick of this turn, -1 none
	trump       int8 // trump suit, -1 none
	wentOut     int8 // first player whose hand became empty, -1 none
	tricks      [MaxPlayers]uint8
	tricksHand  uint8
	sets        [MaxPlayers]uint8
	playedSuits uint8
	handShow    uint16 // showdown winners this hand
	potWon      uint16 // players who won chips this hand
	cycleSet    bool   // the first-card holder was made current at the cycle start
	inCycle     bool
	cycleDone   bool
	lastTrick   int8   // winner of the hand's last trick, -1 none
	emptied     uint16 // players whose hand became empty since the last check

	// cards
	hand    [MaxPlayers]cards.Set
	won     [MaxPlayers]cards.Set
	know    [cards.NumCards]uint16 // players who know where the card is
	stock   [cards.NumCards]cards.Card
	nstock  uint8
	disc    [cards.NumCards]cards.Card
	ndisc   uint8
	discSet cards.Set
	tableau cards.Set
	comm    cards.Set
	pile    cards.Set // the face-down centre pile of claims
	named   int8      // suit named for the top discard (a wild), -1 none
	namedC  cards.Card
	ring    [MaxPlayers][ringSize]cards.Card // ordered hands (Program.ordered)
	rhead   [MaxPlayers]uint8
	rlen    [MaxPlayers]uint8

	// What play showed everyone (see determinize.go): lack[q] holds cards
	// q is known not to hold, need[q] the ranks q is known to hold a card
	// of.
	lack [MaxPlayers]cards.Set
	need [MaxPlayers]uint16
	// room[q] holds, in 4 bits per rank (rank r at bits 4r), how many
	// cards of the rank q may hold face down: the cards q gained face down
	// since it was shown to hold none of the rank (noRoom: no bound).
	room [MaxPlayers]uint64

	// phase control
	pc        int8
	actor     int8
	actOrder  [MaxPlayers]int8 // the actors of the phase, in order
	nact      uint8
	iact      uint8
	sel       [MaxPlayers]cards.Set
	selOrder  [16]cards.Card
	nsel      uint8
	drawn     cards.Card // the card drawn by draw_one
	drawCount uint8      // draws made by the actor in this Draw phase
	passing   bool       // pass selections wait for every actor (each_player to a player)

	// effects being resolved
	effCards cards.Set // played cards whose effects are still to resolve
	effCard  cards.Card
	effBits  uint16 // effects of effCard still to resolve
	effIdx   int8
	effTgts  uint16 // targets still to hit (all_others)
	effTgt   int8
	effUser  int8

	// trick
	trickLead  int8
	trickNext  int8
	trickTodo  uint16
	trickCards [MaxPlayers]cards.Card
	trickSet   cards.Set // every card of the trick, war cards included
	trickUp    cards.Set // the face-up cards of the trick
	trickSeq   [cards.NumCards]cards.Card
	ntrick     uint8
	ledSuit    int8

	// claim
	claimant   int8
	claimRank  cards.Rank
	claimCards cards.Set
	claims     uint8
	chalTodo   uint16

	// betting
	bet       betting.Hand
	betLive   bool
	betIn     uint16 // players in the betting hand
	betForced bool   // the betting hand began with the forced bets
	betRound  int8
	seatDir   int8

	legal legalSet

	log  [LogSize]logEntry
	logN uint32

	ev Event // the event being sent to the listener (see emit)
}

// ErrIllegalMove is wrapped by the error Apply returns for a move that is
// not legal in the state.
var ErrIllegalMove = errors.New("game: illegal move")

// ErrGameOver is returned by Apply when the game is over.
var ErrGameOver = errors.New("game: the game is over")

// Program returns the program s plays.
func (s *State) Program() *Program { return s.prog }

// Players returns the number of players.
func (s *State) Players() int { return int(s.n) }

// Clone returns a copy of s without its listener.
func (s *State) Clone() State {
	t := *s
	t.lis = nil
	return t
}

// Listen sets the listener that receives the game's events (nil: none).
func (s *State) Listen(l Listener) { s.lis = l }

// ToMove returns the player to decide, -1 when the game is over.
func (s *State) ToMove() int { return int(s.toMove) }

// Terminal reports whether the game is over.
func (s *State) Terminal() bool { return s.over }

// NumLegal returns the number of legal moves (0 when the game is over).
func (s *State) NumLegal() int { return int(s.legal.n) }

// LegalMove returns legal move i, 0 <= i < NumLegal, in the order of Legal.
func (s *State) LegalMove(i int) Move {
	if c := s.legal.cards; i < popcount(c) {
		return Move{Kind: MovePlay, Card: cards.Card(nthBit(uint64(c), i))}
	}
	return s.legal.at(i)
}

// LegalCards returns the cards of the legal MovePlay moves (none when
// the game is over): IsLegal of a MovePlay without a call, for a search
// that checks many moves against one state.
func (s *State) LegalCards() cards.Set { return s.legal.cards }

// Legal appends the legal moves of the player to move to dst[:0] and
// returns it; with cap(dst) >= NumLegal it does not allocate.
func (s *State) Legal(dst []Move) []Move {
	dst = dst[:0]
	for i := 0; i < int(s.legal.n); i++ {
		dst = append(dst, s.legal.at(i))
	}
	return dst
}

// IsLegal reports whether m is a legal move of the player to move. Bets
// and raises are legal for any amount engine/betting accepts, not only the
// menu's.
func (s *State) IsLegal(m Move) bool {
	if m.Kind == MovePlay {
		// The common case, without the call to isLegal (a game over is
		// not at stgDecide; a shift of 64 or more gives 0).
		return s.stage == stgDecide && s.legal.cards&(1<<m.Card) != 0
	}
	return s.isLegal(m) // false when over: a game over is not at stgDecide
}

// Apply plays m for the player to move after checking it is legal, then
// runs the game on to the next decision (or its end).
func (s *State) Apply(m Move) error {
	if s.over {
		return ErrGameOver
	}
	if !s.isLegal(m) {
		return fmt.Errorf("%w: %v by p%d", ErrIllegalMove, m, s.toMove+1)
	}
	s.apply(m)
	return nil
}

// ApplyUnchecked plays m without checking it, for search code that only
// plays moves taken from Legal or LegalMove. An illegal move leaves the
// state undefined (but memory-safe).
func (s *State) ApplyUnchecked(m Move) { s.apply(m) }

// Moves returns the number of actions played so far, forced ones included:
// the events of the game for which EventKind.IsMove holds (see the package
// documentation, "Counting moves").
func (s *State) Moves() int { return int(s.moves) }

// Decisions returns the number of moves players chose: the Apply and
// ApplyUnchecked calls, MoveDone included.
func (s *State) Decisions() int { return int(s.decisions) }

// Phase returns the index of the phase being played (Observation.Phase).
func (s *State) Phase() int { return int(s.pc) }

// Turn returns the current turn, counted from 1.
func (s *State) Turn() int { return int(s.turnsDone) + 1 }

// HandNumber returns the current hand, counted from 1.
func (s *State) HandNumber() int { return int(s.handNo) }

// Dealer returns the dealer (the button in chip games).
func (s *State) Dealer() int { return int(s.dealer) }

// Hand returns player p's hand: the true state, for referees, transcripts
// and tests (agents see Observation).
func (s *State) Hand(p int) cards.Set { return s.hand[p] }

// Score returns player p's score.
func (s *State) Score(p int) int { return int(s.score[p]) }

// Chips returns player p's chips behind (not counting chips in the pot).
func (s *State) Chips(p int) chips.Chips {
	if s.betLive && s.betIn&(1<<p) != 0 {
		return s.bet.Stack(s.seatOf(p))
	}
	return s.stack[p]
}

// Pot returns the chips in the pot of the current hand.
func (s *State) Pot() chips.Chips {
	if s.betLive {
		return s.bet.Pot()
	}
	return 0
}

// Eliminated reports whether player p is out of the game.
func (s *State) Eliminated(p int) bool { return s.elim&(1<<p) != 0 }

// seatOf returns the betting seat of player p (seats follow the turn
// direction of the hand's start).
// Seat returns player p's seat in the current hand's betting (seats follow
// the turn direction; see engine/betting).
func (s *State) Seat(p int) int { return s.seatOf(p) }

// SeatPlayer returns the player in betting seat k (the inverse of Seat).
func (s *State) SeatPlayer(k int) int { return s.playerOf(k) }

// Betting returns the current hand's betting, for reading only (a
// listener must not change the state), and whether it began with the
// forced bets. It is meaningful during a hand's betting events.
func (s *State) Betting() (h *betting.Hand, forced bool) { return &s.bet, s.betForced }

func (s *State) seatOf(p int) int { return dirSeat(int(s.n), p, s.seatDir > 0) }

// dirSeat returns the betting seat of player q of n (and the player of
// seat q: the mapping is its own inverse). Seats follow the turn direction
// from player 0: clockwise, seat q is player q; counter-clockwise, seat q
// is player (n−q) mod n.
func dirSeat(n, q int, clockwise bool) int {
	if clockwise || q == 0 {
		return q
	}
	return n - q
}

// playerOf returns the player of betting seat k.
func (s *State) playerOf(k int) int { return s.seatOf(k) }
