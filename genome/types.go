package genome

import "github.com/deckforge/deckforge/engine/cards"

// CurrentVersion is the schema version this package writes. Version 1 had
// no forced bets and fixed-limit betting only; version 2 added
// Setup.SmallBlind, Setup.BigBlind, Setup.Ante and BettingPhase.Structure.
// Older files load with those fields at their defaults (0 and FixedLimit),
// which is exactly how version 1 played.
const CurrentVersion = 2

// Genome is one card game. The package documentation describes how a game
// is played from it; each field says what it means.
//
// The struct field order is the schema order (schema/genome.fbs) and the
// canonical JSON order. ID, Name, Lineage, Generation and SchemaVersion are
// metadata: they are not part of the content hash.
type Genome struct {
	// SchemaVersion is the version of the schema the genome was written
	// with. Decoding upgrades older versions, so a decoded genome always
	// has CurrentVersion.
	SchemaVersion uint16 `json:"schema_version" meta:"1"`
	// ID is a free identifier (for seeds, the file name without .json).
	ID string `json:"id" meta:"1"`
	// Name is a human name, used as the rulebook title.
	Name string `json:"name" meta:"1"`
	// Lineage lists the IDs of the parents, nearest first.
	Lineage []string `json:"lineage" meta:"1"`
	// Generation is the evolution generation that produced the genome (0
	// for seeds).
	Generation uint32 `json:"generation" meta:"1"`
	// Setup is the deck, the players, the deal and the chips.
	Setup Setup `json:"setup"`
	// Turns is the order of play, the turn cycle and the turn limit.
	Turns Turns `json:"turns"`
	// Phases are the steps of a hand, in order (1 to MaxPhases).
	Phases []Phase `json:"phases"`
	// Effects are the special cards: what happens when a card of a given
	// rank (and suit) is played in a Play phase (0 to MaxEffects).
	Effects []Effect `json:"effects"`
	// Scoring rules add points to players' scores at the end of each hand
	// (0 to MaxScoring).
	Scoring []ScoringRule `json:"scoring"`
	// WinConditions decide who wins (1 to MaxWinConditions, distinct
	// kinds). The first one met ends the game; when the game ends otherwise
	// they rank the players in order (the first breaks ties of none, the
	// second ties of the first, …).
	WinConditions []WinCondition `json:"win_conditions"`
}

// Setup is what a game needs before the first phase of a hand: the deck,
// the number of players, the deal, trumps and wild cards, and chips.
type Setup struct {
	// Deck is the base deck.
	Deck DeckKind `json:"deck"`
	// Jokers is the number of jokers added to the deck (0, 1: the red
	// joker, 2: both).
	Jokers uint8 `json:"jokers"`
	// Remove lists cards taken out of the deck (Old Maid removes a queen).
	// JSON: card strings such as "Qc" (engine/cards notation).
	Remove []cards.Card `json:"remove"`
	// MinPlayers and MaxPlayers bound the number of players (2..9).
	MinPlayers uint8 `json:"min_players"`
	MaxPlayers uint8 `json:"max_players"`
	// CardsPerPlayer is the number of cards dealt face down to each player
	// at the start of the first hand (see HandSizeChange). 0 when DealAll.
	CardsPerPlayer uint8 `json:"cards_per_player"`
	// DealAll deals the whole deck instead: after the shared cards below
	// are laid out, all remaining cards are dealt one at a time from the
	// player left of the dealer, so some players may hold one more.
	DealAll bool `json:"deal_all"`
	// HandSizeChange is added to the hand size at every new hand: hand h
	// (from 1) deals CardsPerPlayer + (h-1)*HandSizeChange cards
	// (Knock-Out Whist: 7, 6, …, 1). Nonzero needs HandsPerGame > 0.
	HandSizeChange int8 `json:"hand_size_change"`
	// InitialDiscard cards are turned face up to start the discard pile
	// after the players' cards are dealt.
	InitialDiscard uint8 `json:"initial_discard"`
	// Tableau cards are then laid face up on the tableau.
	Tableau uint8 `json:"tableau"`
	// Community cards are then laid face up as community cards (used by
	// showdowns together with each player's hand).
	Community uint8 `json:"community"`
	// Trump is how the trump suit of each hand is chosen; TrumpTurnUp shows
	// the top card of the stock after the deal and puts it face up at the
	// bottom of the stock.
	Trump TrumpRule `json:"trump"`
	// TrumpSuit is the trump suit when Trump is TrumpFixed (else unused).
	// JSON: "clubs", "diamonds", "hearts" or "spades".
	TrumpSuit cards.Suit `json:"trump_suit"`
	// WildRanks are wild: a wild card may be played in a Play phase
	// whatever its condition says, and in a poker showdown it stands for
	// whatever card makes the best hand.
	WildRanks RankSet `json:"wild_ranks"`
	// RankOrder orders ranks in tricks, high-card showdowns and
	// card_rank_vs_top tests.
	RankOrder RankOrder `json:"rank_order"`
	// PointLimit is the target of point totals (HandPoints): the soft ace
	// counts 11 while the total stays at or below it, and a point_total
	// showdown busts hands above it. Default 21.
	PointLimit uint8 `json:"point_limit"`
	// HandsPerGame is the number of hands in a game; 0 means hands go on
	// until a win condition ends the game or Turns.MaxTurns is reached.
	HandsPerGame uint16 `json:"hands_per_game"`
	// Elimination knocks players out of the game at the end of a hand.
	Elimination Elimination `json:"elimination"`
	// StartingChips is each player's stack at the start of the game, in
	// whole chips (the engine converts to chips.Chips). 0 means the game
	// has no chips: no betting phases, no forced bets.
	StartingChips uint32 `json:"starting_chips"`
	// SmallBlind and BigBlind are posted at the start of every hand, in
	// whole chips, by the two players after the dealer (heads-up the
	// dealer posts the small blind); 0 for none. Since version 2.
	SmallBlind uint32 `json:"small_blind" since:"2"`
	BigBlind   uint32 `json:"big_blind" since:"2"`
	// Ante is posted by every player at the start of every hand, in whole
	// chips; 0 for none. A player who cannot pay a forced bet in full posts
	// all they have and is all in. Since version 2.
	Ante uint32 `json:"ante" since:"2"`
}

// Turns is the order of play within a hand.
//
// A hand runs Phases[:CycleStart] once in order, then the turn cycle
// Phases[CycleStart:CycleEnd] again and again, then Phases[CycleEnd:] once.
// One pass through the cycle is a turn; a hand whose cycle is empty counts
// as one turn when it ends.
type Turns struct {
	// Direction is the order of play (and of the dealer's move each hand:
	// the dealer always moves one seat to the left).
	Direction Direction `json:"direction"`
	// FirstPlayer is the current player when the hand's phases start.
	FirstPlayer FirstPlayer `json:"first_player"`
	// FirstCard is the card whose holder starts under
	// FirstHolderOfCard (else unused). JSON: a card string such as "2c".
	FirstCard cards.Card `json:"first_card"`
	// CycleStart and CycleEnd delimit the turn cycle (CycleStart ==
	// CycleEnd: no cycle).
	CycleStart uint8 `json:"cycle_start"`
	CycleEnd   uint8 `json:"cycle_end"`
	// CycleUntil ends the cycle: it is evaluated after every turn for the
	// player who just had it; when it holds, the hand goes on after the
	// cycle. Unused when there is no cycle.
	CycleUntil Condition `json:"cycle_until"`
	// MaxTurns bounds the game: when this many turns have been played the
	// current hand ends at once (chips still in the pot go back to those
	// who put them in; end-of-hand scoring applies) and the game ends.
	MaxTurns uint32 `json:"max_turns"`
}

// Condition is a small expression tree evaluated for a player, sometimes
// with a candidate card (see Test). Op says what the node is; leaves have
// Op == OpTest. The zero Condition is OpAlways (true).
type Condition struct {
	// Op is the node's operator.
	Op CondOp `json:"op"`
	// Test is the leaf's test (TestNone on other nodes).
	Test Test `json:"test"`
	// Cmp and Value compare a numeric test: quantity Cmp Value.
	Cmp   Cmp   `json:"cmp"`
	Value int16 `json:"value"`
	// Ranks and Suits are the sets read by set tests.
	Ranks RankSet `json:"ranks"`
	Suits SuitSet `json:"suits"`
	// Args are the operands of and, or, not, any_player, all_players.
	Args []Condition `json:"args"`
}

// Phase is one step of a hand: a tagged union. Kind names the one variant
// that is meaningful; the others are ignored and are not encoded.
type Phase struct {
	Kind     PhaseKind     `json:"kind"`
	Deal     DealPhase     `json:"deal"`
	Draw     DrawPhase     `json:"draw"`
	Play     PlayPhase     `json:"play"`
	Discard  DiscardPhase  `json:"discard"`
	Trick    TrickPhase    `json:"trick"`
	Betting  BettingPhase  `json:"betting"`
	Claim    ClaimPhase    `json:"claim"`
	Showdown ShowdownPhase `json:"showdown"`
	Ask      AskPhase      `json:"ask"`
}

// DealPhase deals Count cards from the stock: to each in-hand player one at
// a time (from the player left of the dealer), or to the community cards or
// the tableau. Cards dealt to players are seen only by their owner unless
// FaceUp. Community and tableau cards are always face up.
type DealPhase struct {
	To     DealTarget `json:"to"`
	Count  uint8      `json:"count"`
	FaceUp bool       `json:"face_up"`
}

// DrawPhase lets players take cards. Each acting player draws Count cards
// from Source (fewer if it runs out); drawn cards are shown to everyone when
// FaceUp. A draw is only allowed while Condition holds for the player (the
// drawn card is not a candidate: card tests are false). If Mandatory the
// player must draw when allowed, else they may decline. If Repeat, after a
// draw the player may draw again (subject to Condition and Mandatory for
// the first draw only) until they decline or Condition fails (Blackjack's
// "hit or stand").
type DrawPhase struct {
	Actor     Actor      `json:"actor"`
	Source    DrawSource `json:"source"`
	Count     uint8      `json:"count"`
	Mandatory bool       `json:"mandatory"`
	Repeat    bool       `json:"repeat"`
	FaceUp    bool       `json:"face_up"`
	Condition Condition  `json:"condition"`
}

// PlayPhase plays cards face up from the hand to Target. A legal play is
// MinCards to MaxCards cards, all of one rank when SameRank, each of which
// satisfies Condition with the card as candidate (or is wild: a wild rank or
// a wild effect). Played cards trigger Effects. If Mandatory a player with a
// legal play must play; otherwise they may choose IfUnable instead. A player
// with no legal play does IfUnable.
type PlayPhase struct {
	Actor     Actor      `json:"actor"`
	Target    PlayTarget `json:"target"`
	Condition Condition  `json:"condition"`
	MinCards  uint8      `json:"min_cards"`
	MaxCards  uint8      `json:"max_cards"`
	SameRank  bool       `json:"same_rank"`
	Mandatory bool       `json:"mandatory"`
	IfUnable  IfUnable   `json:"if_unable"`
}

// DiscardPhase moves cards from the hand to Target.
//
// With SetSize == 0 each acting player chooses MinCards to MaxCards cards
// that satisfy Condition (candidate: the card); with fewer legal cards than
// MinCards they discard all legal ones. With SetSize >= 2 the discard is
// automatic: every complete group of SetSize cards of one rank in the hand
// is discarded (from a larger group, the lowest suits: clubs, diamonds,
// hearts, spades); MinCards, MaxCards and Condition are then unused (0 and
// always). If Refill the player then draws from the stock as many cards as
// they discarded (five-card draw).
type DiscardPhase struct {
	Actor     Actor         `json:"actor"`
	Target    DiscardTarget `json:"target"`
	MinCards  uint8         `json:"min_cards"`
	MaxCards  uint8         `json:"max_cards"`
	SetSize   uint8         `json:"set_size"`
	Refill    bool          `json:"refill"`
	Condition Condition     `json:"condition"`
}

// TrickPhase plays one trick: the current player leads, then every other
// in-hand player plays one card in turn order. The leader's card must
// satisfy LeadCondition (if no card does, any card may lead); with
// FollowSuit a player holding the led suit must play it. Winner decides the
// trick (ties by Tie); the winner takes the cards (Collect), wins the pot if
// AwardsPot, and becomes the current player: they lead the next trick.
// With PlayFrom == FromTopOfHand nobody chooses: everyone plays the top card
// of their face-down hand at once and a player with no cards sits out.
// Under TieWar the tied players each add WarCards cards face down and one
// face up and the new face-up cards decide (repeating on a new tie); a
// player short of cards uses their last card as the face-up one, and a tied
// player with no cards at all loses the war.
type TrickPhase struct {
	LeadCondition Condition   `json:"lead_condition"`
	FollowSuit    bool        `json:"follow_suit"`
	Winner        TrickWinner `json:"winner"`
	PlayFrom      PlayFrom    `json:"play_from"`
	Tie           TieRule     `json:"tie"`
	WarCards      uint8       `json:"war_cards"`
	Collect       Collect     `json:"collect"`
	AwardsPot     bool        `json:"awards_pot"`
}

// BettingPhase is one betting round, run by the betting engine with the
// actions check, bet, call, raise, fold and all-in. MinBet is the bet unit
// in whole chips: the fixed bet and raise under FixedLimit, the minimum bet
// and minimum raise increment otherwise. MaxRaises caps the raises in the
// round (FixedLimit: 1 or more; otherwise 0 means no cap). A short all-in
// does not reopen betting. A player who folds is out of the hand; when one
// player is left in the hand they win the pot at once and the rest of the
// hand's phases are skipped. First to act: in the hand's first betting
// round when blinds are posted, the player after the big blind (heads-up,
// the dealer); otherwise the first in-hand player after the dealer.
//
// In JSON, fields left out take the betting-phase-design seed's values:
// MinBet DefaultMinBet, MaxRaises DefaultMaxRaises, fixed limit.
type BettingPhase struct {
	MinBet    uint32       `json:"min_bet"`
	MaxRaises uint8        `json:"max_raises"`
	Structure BetStructure `json:"structure" since:"2"`
}

// The betting-phase-design seed's defaults of a BettingPhase.
const (
	DefaultMinBet    = 10
	DefaultMaxRaises = 3
)

// ClaimPhase is a bluffing play (Cheat): the current player puts MinCards
// to MaxCards cards face down on the centre pile and claims they are all of
// one rank (RankRule, FirstRank). Then players may challenge (Challenge).
// On a challenge the claimed cards are turned up: if any is not of the
// claimed rank the claimant takes the whole pile into their hand, otherwise
// the challenger does. Without a challenge the cards stay on the pile.
type ClaimPhase struct {
	MinCards  uint8      `json:"min_cards"`
	MaxCards  uint8      `json:"max_cards"`
	RankRule  ClaimRank  `json:"rank_rule"`
	FirstRank cards.Rank `json:"first_rank"`
	Challenge Challenge  `json:"challenge"`
}

// ShowdownPhase compares the hands of all in-hand players by Method and
// awards the pot(s) to the best (split pots divided evenly, the odd chip to
// the first winner after the dealer; side pots by contribution). Without
// chips the winners are recorded as showdown winners (best_hand,
// showdown_won). For ShowdownPokerHigh, HoleCards == 0 uses the best five
// of hand plus community cards; HoleCards == n uses exactly n hand cards and
// 5-n community cards (Omaha: 2).
type ShowdownPhase struct {
	Method    ShowdownMethod `json:"method"`
	HoleCards uint8          `json:"hole_cards"`
}

// AskPhase is Go Fish's question: the current player names a rank (one
// they hold, if MustHoldRank) and a player (Target). That player hands over
// every card of the rank; if they have none, the asker draws FishCount
// cards from the stock ("go fish"). The asker takes another turn after this
// one if they received cards and AgainOnSuccess, or if a fished card is of
// the asked rank and AgainOnFish.
type AskPhase struct {
	Target         AskTarget `json:"target"`
	MustHoldRank   bool      `json:"must_hold_rank"`
	FishCount      uint8     `json:"fish_count"`
	AgainOnSuccess bool      `json:"again_on_success"`
	AgainOnFish    bool      `json:"again_on_fish"`
}

// Effect is a special card: when a card with a rank in Ranks (and, if Suits
// is not empty, a suit in Suits) is played in a Play phase, Kind happens
// once per such card, after the play. Target is used by draw, steal, peek,
// give, swap_hands and discard; Value (1..MaxEffectValue) by draw, steal,
// peek, give and discard.
type Effect struct {
	Ranks  RankSet      `json:"ranks"`
	Suits  SuitSet      `json:"suits"`
	Kind   EffectKind   `json:"kind"`
	Target EffectTarget `json:"target"`
	Value  uint8        `json:"value"`
}

// ScoringRule adds Points (may be negative) to players' scores at the end
// of every hand, as Kind says; card kinds count cards matching Ranks and
// Suits (an empty set matches all).
type ScoringRule struct {
	Kind   ScoreKind `json:"kind"`
	Ranks  RankSet   `json:"ranks"`
	Suits  SuitSet   `json:"suits"`
	Points int16     `json:"points"`
}

// WinCondition is one way to win; see WinKind. "At once" kinds (empty_hand,
// last_with_cards_loses, capture_all) are checked after every phase step;
// "after a hand" kinds (high_score and low_score with a Threshold,
// first_to_score, last_with_chips, last_standing) at the end of each hand.
// The others only rank players when the game ends (last hand or MaxTurns).
// Ranking: empty_hand and last_with_cards_loses by fewest cards in hand,
// capture_all by most cards held (hand and won pile), high_score and
// first_to_score by highest score, low_score by lowest, most_tricks by
// tricks in the last hand, best_hand by showdowns won, most_chips and
// last_with_chips by chips, last_standing by not being eliminated.
type WinCondition struct {
	Kind      WinKind `json:"kind"`
	Threshold int32   `json:"threshold"`
}
