package genome

import "strconv"

// Every enum of the genome is a uint8 with the same numeric values as the
// FlatBuffers enum of the same name in schema/genome.fbs. Its JSON name is
// the lower_snake_case string that String returns.

func enumString(v uint8, names []string, typ string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return typ + "(" + strconv.Itoa(int(v)) + ")"
}

// enum is implemented by every enum type; the JSON codec uses it.
type enum interface {
	enumNames() []string
}

// DeckKind is the deck a game is played with, before jokers and removals.
type DeckKind uint8

// The decks.
const (
	DeckStandard52 DeckKind = iota // the 52 standard cards
	DeckShort36                    // Six to Ace in every suit (36 cards)
)

var deckKindNames = []string{"standard_52", "short_36"}

func (v DeckKind) String() string    { return enumString(uint8(v), deckKindNames, "DeckKind") }
func (DeckKind) enumNames() []string { return deckKindNames }
func (v DeckKind) valid() bool       { return int(v) < len(deckKindNames) }

// TrumpRule says how the trump suit of a hand is chosen.
type TrumpRule uint8

// The trump rules.
const (
	TrumpNone   TrumpRule = iota // no trump suit
	TrumpFixed                   // Setup.TrumpSuit is trump in every hand
	TrumpTurnUp                  // after the deal the top stock card is shown; its suit is trump
)

var trumpRuleNames = []string{"none", "fixed", "turn_up"}

func (v TrumpRule) String() string    { return enumString(uint8(v), trumpRuleNames, "TrumpRule") }
func (TrumpRule) enumNames() []string { return trumpRuleNames }
func (v TrumpRule) valid() bool       { return int(v) < len(trumpRuleNames) }

// RankOrder orders the ranks for every comparison (tricks, high card,
// card_rank_vs_top). Poker hand evaluation always plays the ace high and
// low in straights, whatever the order.
type RankOrder uint8

// The rank orders. A joker is above every other rank in both.
const (
	AceHigh RankOrder = iota // 2 < 3 < … < K < A
	AceLow                   // A < 2 < … < K
)

var rankOrderNames = []string{"ace_high", "ace_low"}

func (v RankOrder) String() string    { return enumString(uint8(v), rankOrderNames, "RankOrder") }
func (RankOrder) enumNames() []string { return rankOrderNames }
func (v RankOrder) valid() bool       { return int(v) < len(rankOrderNames) }

// Elimination says who is knocked out of the game at the end of a hand.
type Elimination uint8

// The elimination rules.
const (
	EliminateNone     Elimination = iota // nobody
	EliminateNoChips                     // players left with no chips
	EliminateNoTricks                    // players who won no trick in the hand
)

var eliminationNames = []string{"none", "no_chips", "no_tricks"}

func (v Elimination) String() string    { return enumString(uint8(v), eliminationNames, "Elimination") }
func (Elimination) enumNames() []string { return eliminationNames }
func (v Elimination) valid() bool       { return int(v) < len(eliminationNames) }

// Direction is the order of play around the table.
type Direction uint8

// The directions. Seats are numbered 0..n-1; the player to the left of seat
// i is seat i+1 (mod n).
const (
	Clockwise        Direction = iota // to the left: seat i, then i+1
	CounterClockwise                  // to the right: seat i, then i-1
)

var directionNames = []string{"clockwise", "counter_clockwise"}

func (v Direction) String() string    { return enumString(uint8(v), directionNames, "Direction") }
func (Direction) enumNames() []string { return directionNames }
func (v Direction) valid() bool       { return int(v) < len(directionNames) }

// FirstPlayer says who is the current player when a hand's phases start.
type FirstPlayer uint8

// The first-player rules.
const (
	FirstLeftOfDealer   FirstPlayer = iota // the player after the dealer in the turn direction
	FirstDealer                            // the dealer
	FirstHolderOfCard                      // whoever holds Turns.FirstCard after the deal (else left of dealer)
	FirstLastHandWinner                    // a winner of the previous hand (else left of dealer)
)

var firstPlayerNames = []string{"left_of_dealer", "dealer", "holder_of_card", "last_hand_winner"}

func (v FirstPlayer) String() string    { return enumString(uint8(v), firstPlayerNames, "FirstPlayer") }
func (FirstPlayer) enumNames() []string { return firstPlayerNames }
func (v FirstPlayer) valid() bool       { return int(v) < len(firstPlayerNames) }

// CondOp is the operator of a Condition node.
type CondOp uint8

// The condition operators.
const (
	OpAlways     CondOp = iota // true (the zero Condition)
	OpNever                    // false
	OpTest                     // a leaf: Test, compared with Cmp and Value where numeric
	OpAnd                      // every Args[i] holds (at least one arg)
	OpOr                       // some Args[i] holds (at least one arg)
	OpNot                      // Args[0] does not hold (exactly one arg)
	OpAnyPlayer                // Args[0] holds for some in-hand player (exactly one arg)
	OpAllPlayers               // Args[0] holds for every in-hand player (exactly one arg)
)

var condOpNames = []string{"always", "never", "test", "and", "or", "not", "any_player", "all_players"}

func (v CondOp) String() string    { return enumString(uint8(v), condOpNames, "CondOp") }
func (CondOp) enumNames() []string { return condOpNames }
func (v CondOp) valid() bool       { return int(v) < len(condOpNames) }

// Test is what a leaf condition (OpTest) looks at. Card tests look at the
// candidate card (a card being played, led, discarded or drawn) and are
// false where there is none. Player tests look at the player the condition
// is evaluated for (the acting player, or the player bound by OpAnyPlayer or
// OpAllPlayers). Numeric tests compare quantity Cmp Value; set tests use
// Ranks or Suits and ignore Cmp and Value.
type Test uint8

// The tests. "top" is the top card of the discard pile; when the discard pile
// is empty, the *_top tests are true.
const (
	TestNone          Test = iota // not a test (only valid on non-leaf nodes)
	TestCardRankIn                // card's rank is in Ranks
	TestCardSuitIn                // card's suit is in Suits (red joker: hearts, black joker: spades)
	TestSameRankAsTop             // card has the top card's rank
	TestSameSuitAsTop             // card has the top card's suit (the suit named by a wild effect, if any)
	TestCardRankVsTop             // RankValue(card) Cmp RankValue(top)
	TestCardIsTrump               // the hand has a trump suit and the card is of it
	TestCardIsWild                // card's rank is in Setup.WildRanks
	TestCardPoints                // CardPoints(card) Cmp Value
	TestHandSize                  // cards in the player's hand Cmp Value
	TestHandPoints                // HandPoints(hand, Setup.PointLimit) Cmp Value
	TestScore                     // player's score Cmp Value
	TestChips                     // player's chips (whole chips) Cmp Value
	TestTricksWon                 // tricks the player won this hand Cmp Value
	TestWonCards                  // cards in the player's won pile Cmp Value
	TestHasRank                   // the player holds a card whose rank is in Ranks
	TestHasSuit                   // the player holds a card whose suit is in Suits
	TestOnlySuits                 // the player's hand is not empty and every card's suit is in Suits
	TestLargestSet                // size of the largest group of one rank in the player's hand Cmp Value
	TestStockSize                 // cards in the stock Cmp Value
	TestDiscardSize               // cards in the discard pile Cmp Value
	TestTurnNumber                // the current turn, counted from 1 over the game, Cmp Value
	TestHandNumber                // the current hand, counted from 1, Cmp Value
	TestTricksPlayed              // tricks completed in this hand Cmp Value
	TestPlayersIn                 // in-hand players Cmp Value
	TestSuitPlayed                // a card of a suit in Suits was played (trick, discard pile or tableau) this hand
)

var testNames = []string{
	"none", "card_rank_in", "card_suit_in", "same_rank_as_top", "same_suit_as_top", "card_rank_vs_top",
	"card_is_trump", "card_is_wild", "card_points", "hand_size", "hand_points", "score", "chips",
	"tricks_won", "won_cards", "has_rank", "has_suit", "only_suits", "largest_set", "stock_size",
	"discard_size", "turn_number", "hand_number", "tricks_played", "players_in", "suit_played",
}

func (v Test) String() string    { return enumString(uint8(v), testNames, "Test") }
func (Test) enumNames() []string { return testNames }
func (v Test) valid() bool       { return int(v) < len(testNames) }

// Tests returns every condition test (all but TestNone), in order.
func Tests() []Test {
	ts := make([]Test, 0, len(testNames)-1)
	for t := TestCardRankIn; int(t) < len(testNames); t++ {
		ts = append(ts, t)
	}
	return ts
}

// testInfo classifies a test: whether it needs a candidate card, whether it
// compares a number (Cmp, Value), and which set it reads.
type testInfo struct {
	card, numeric, ranks, suits bool
}

var testInfos = [...]testInfo{
	TestNone:          {},
	TestCardRankIn:    {card: true, ranks: true},
	TestCardSuitIn:    {card: true, suits: true},
	TestSameRankAsTop: {card: true},
	TestSameSuitAsTop: {card: true},
	TestCardRankVsTop: {card: true, numeric: true},
	TestCardIsTrump:   {card: true},
	TestCardIsWild:    {card: true},
	TestCardPoints:    {card: true, numeric: true},
	TestHandSize:      {numeric: true},
	TestHandPoints:    {numeric: true},
	TestScore:         {numeric: true},
	TestChips:         {numeric: true},
	TestTricksWon:     {numeric: true},
	TestWonCards:      {numeric: true},
	TestHasRank:       {ranks: true},
	TestHasSuit:       {suits: true},
	TestOnlySuits:     {suits: true},
	TestLargestSet:    {numeric: true},
	TestStockSize:     {numeric: true},
	TestDiscardSize:   {numeric: true},
	TestTurnNumber:    {numeric: true},
	TestHandNumber:    {numeric: true},
	TestTricksPlayed:  {numeric: true},
	TestPlayersIn:     {numeric: true},
	TestSuitPlayed:    {suits: true},
}

// NeedsCard reports whether t looks at a candidate card.
func (v Test) NeedsCard() bool { return v.valid() && testInfos[v].card }

// Numeric reports whether t compares a quantity with Cmp and Value.
func (v Test) Numeric() bool { return v.valid() && testInfos[v].numeric }

// UsesRanks reports whether t reads Condition.Ranks.
func (v Test) UsesRanks() bool { return v.valid() && testInfos[v].ranks }

// UsesSuits reports whether t reads Condition.Suits.
func (v Test) UsesSuits() bool { return v.valid() && testInfos[v].suits }

// Cmp is a numeric comparison: quantity Cmp Value.
type Cmp uint8

// The comparisons.
const (
	CmpEq Cmp = iota // ==
	CmpNe            // !=
	CmpLt            // <
	CmpLe            // <=
	CmpGt            // >
	CmpGe            // >=
)

var cmpNames = []string{"eq", "ne", "lt", "le", "gt", "ge"}

func (v Cmp) String() string    { return enumString(uint8(v), cmpNames, "Cmp") }
func (Cmp) enumNames() []string { return cmpNames }
func (v Cmp) valid() bool       { return int(v) < len(cmpNames) }

// Compare reports whether a v b.
func (v Cmp) Compare(a, b int) bool {
	switch v {
	case CmpEq:
		return a == b
	case CmpNe:
		return a != b
	case CmpLt:
		return a < b
	case CmpLe:
		return a <= b
	case CmpGt:
		return a > b
	case CmpGe:
		return a >= b
	}
	return false
}
