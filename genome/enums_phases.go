package genome

// The enums of phases, effects, scoring and winning (see enums.go for the
// conventions every enum follows).

// Actor says who acts in a Draw, Play or Discard phase.
type Actor uint8

// The actors.
const (
	ActorCurrentPlayer Actor = iota // only the current player
	ActorEachPlayer                 // every in-hand player once, in turn order from the current player
)

var actorNames = []string{"current_player", "each_player"}

func (v Actor) String() string    { return enumString(uint8(v), actorNames, "Actor") }
func (Actor) enumNames() []string { return actorNames }
func (v Actor) valid() bool       { return int(v) < len(actorNames) }

// DealTarget is where a Deal phase puts cards.
type DealTarget uint8

// The deal targets.
const (
	DealToEachPlayer DealTarget = iota // Count cards to every in-hand player
	DealToCommunity                    // Count community cards (shared, used by showdowns)
	DealToTableau                      // Count cards to the tableau (shared, playable onto)
)

var dealTargetNames = []string{"each_player", "community", "tableau"}

func (v DealTarget) String() string    { return enumString(uint8(v), dealTargetNames, "DealTarget") }
func (DealTarget) enumNames() []string { return dealTargetNames }
func (v DealTarget) valid() bool       { return int(v) < len(dealTargetNames) }

// DrawSource is where a Draw phase takes cards from.
type DrawSource uint8

// The draw sources. Drawing from another player takes a card at random from
// that player's hand; "previous" and "next" are the nearest in-hand players
// before and after the drawer in the turn direction that hold cards.
const (
	DrawFromStock          DrawSource = iota // the top of the stock
	DrawFromDiscard                          // the top of the discard pile
	DrawFromPreviousPlayer                   // a random card of the previous player's hand
	DrawFromNextPlayer                       // a random card of the next player's hand
	DrawFromChosenPlayer                     // a random card of the hand of an opponent the drawer chooses
)

var drawSourceNames = []string{"stock", "discard", "previous_player", "next_player", "chosen_player"}

func (v DrawSource) String() string    { return enumString(uint8(v), drawSourceNames, "DrawSource") }
func (DrawSource) enumNames() []string { return drawSourceNames }
func (v DrawSource) valid() bool       { return int(v) < len(drawSourceNames) }

// PlayTarget is where a Play phase puts the played cards (face up).
type PlayTarget uint8

// The play targets.
const (
	PlayToDiscard PlayTarget = iota // on top of the discard pile
	PlayToTableau                   // onto the tableau
)

var playTargetNames = []string{"discard", "tableau"}

func (v PlayTarget) String() string    { return enumString(uint8(v), playTargetNames, "PlayTarget") }
func (PlayTarget) enumNames() []string { return playTargetNames }
func (v PlayTarget) valid() bool       { return int(v) < len(playTargetNames) }

// IfUnable says what a player does in a Play phase when no legal play exists
// (or, when the play is not mandatory, chooses not to play).
type IfUnable uint8

// The fallbacks.
const (
	UnablePass          IfUnable = iota // nothing; the phase ends for this player
	UnableDrawOne                       // draw one stock card; play it at once if it is a legal play (the player may decline)
	UnableDrawUntilAble                 // draw stock cards until one is a legal play, then play it; pass when the stock is empty
)

var ifUnableNames = []string{"pass", "draw_one", "draw_until_able"}

func (v IfUnable) String() string    { return enumString(uint8(v), ifUnableNames, "IfUnable") }
func (IfUnable) enumNames() []string { return ifUnableNames }
func (v IfUnable) valid() bool       { return int(v) < len(ifUnableNames) }

// DiscardTarget is where a Discard phase puts cards.
type DiscardTarget uint8

// The discard targets. Passing to another player is simultaneous when the
// actor is each_player: every player chooses, then all passed cards move.
const (
	DiscardToPile           DiscardTarget = iota // the discard pile, face up
	DiscardToWon                                 // the player's own won pile, face up (sets, books)
	DiscardToNextPlayer                          // into the hand of the next player
	DiscardToPreviousPlayer                      // into the hand of the previous player
)

var discardTargetNames = []string{"discard", "won", "next_player", "previous_player"}

func (v DiscardTarget) String() string {
	return enumString(uint8(v), discardTargetNames, "DiscardTarget")
}
func (DiscardTarget) enumNames() []string { return discardTargetNames }
func (v DiscardTarget) valid() bool       { return int(v) < len(discardTargetNames) }

// TrickWinner decides who wins a trick.
type TrickWinner uint8

// The trick-winner rules. In the led-suit rules a trump (when the hand has a
// trump suit) beats every non-trump and the highest trump wins.
const (
	HighLedSuit TrickWinner = iota // the highest trump played, else the highest card of the led suit
	LowLedSuit                     // the highest trump played, else the lowest card of the led suit
	HighRank                       // the highest rank, whatever the suits
	LowRank                        // the lowest rank, whatever the suits
)

var trickWinnerNames = []string{"high_led_suit", "low_led_suit", "high_rank", "low_rank"}

func (v TrickWinner) String() string    { return enumString(uint8(v), trickWinnerNames, "TrickWinner") }
func (TrickWinner) enumNames() []string { return trickWinnerNames }
func (v TrickWinner) valid() bool       { return int(v) < len(trickWinnerNames) }

// PlayFrom says which card a player puts into a trick.
type PlayFrom uint8

// The trick-play rules.
const (
	FromChoice    PlayFrom = iota // any legal card of the player's choice
	FromTopOfHand                 // the top card of the player's face-down hand, no choice (War)
)

var playFromNames = []string{"choice", "top_of_hand"}

func (v PlayFrom) String() string    { return enumString(uint8(v), playFromNames, "PlayFrom") }
func (PlayFrom) enumNames() []string { return playFromNames }
func (v PlayFrom) valid() bool       { return int(v) < len(playFromNames) }

// TieRule decides a trick whose best cards tie.
type TieRule uint8

// The tie rules.
const (
	TieFirstPlayed TieRule = iota // the tied card played first wins
	TieWar                        // the tied players each add WarCards face down and one face up; compare again
)

var tieRuleNames = []string{"first_played", "war"}

func (v TieRule) String() string    { return enumString(uint8(v), tieRuleNames, "TieRule") }
func (TieRule) enumNames() []string { return tieRuleNames }
func (v TieRule) valid() bool       { return int(v) < len(tieRuleNames) }

// Collect is where a trick's winner puts the trick's cards.
type Collect uint8

// The collect rules.
const (
	CollectWonPile    Collect = iota // face down in the winner's won pile
	CollectHandBottom                // under the winner's face-down hand (War)
)

var collectNames = []string{"won_pile", "hand_bottom"}

func (v Collect) String() string    { return enumString(uint8(v), collectNames, "Collect") }
func (Collect) enumNames() []string { return collectNames }
func (v Collect) valid() bool       { return int(v) < len(collectNames) }

// BetStructure is the betting structure of a BettingPhase.
type BetStructure uint8

// The betting structures.
const (
	FixedLimit BetStructure = iota // a bet or raise is exactly MinBet; at most MaxRaises raises
	PotLimit                       // a raise is at least the last full raise (at least MinBet) and at most the pot after the call
	NoLimit                        // a raise is at least the last full raise (at least MinBet), at most all chips
)

var betStructureNames = []string{"fixed_limit", "pot_limit", "no_limit"}

func (v BetStructure) String() string    { return enumString(uint8(v), betStructureNames, "BetStructure") }
func (BetStructure) enumNames() []string { return betStructureNames }
func (v BetStructure) valid() bool       { return int(v) < len(betStructureNames) }

// ClaimRank says which rank a claim must name.
type ClaimRank uint8

// The claim-rank rules.
const (
	ClaimAscending ClaimRank = iota // FirstRank on the hand's first claim, then one rank higher each claim (ace, two, … king, ace, …)
	ClaimAny                        // any rank the claimant names
)

var claimRankNames = []string{"ascending", "any"}

func (v ClaimRank) String() string    { return enumString(uint8(v), claimRankNames, "ClaimRank") }
func (ClaimRank) enumNames() []string { return claimRankNames }
func (v ClaimRank) valid() bool       { return int(v) < len(claimRankNames) }

// Challenge says who may challenge a claim.
type Challenge uint8

// The challenge rules.
const (
	ChallengeAnyPlayer  Challenge = iota // every other in-hand player, asked in turn order from the claimant's next; the first to challenge does
	ChallengeNextPlayer                  // only the next player
)

var challengeNames = []string{"any_player", "next_player"}

func (v Challenge) String() string    { return enumString(uint8(v), challengeNames, "Challenge") }
func (Challenge) enumNames() []string { return challengeNames }
func (v Challenge) valid() bool       { return int(v) < len(challengeNames) }

// ShowdownMethod ranks the hands at a showdown.
type ShowdownMethod uint8

// The showdown methods.
const (
	ShowdownPokerHigh  ShowdownMethod = iota // best five-card poker hand from hand and community cards
	ShowdownHighCard                         // highest card by the rank order, then the next highest, …; suits never break ties
	ShowdownPointTotal                       // HandPoints closest to Setup.PointLimit without going over
)

var showdownMethodNames = []string{"poker_high", "high_card", "point_total"}

func (v ShowdownMethod) String() string {
	return enumString(uint8(v), showdownMethodNames, "ShowdownMethod")
}
func (ShowdownMethod) enumNames() []string { return showdownMethodNames }
func (v ShowdownMethod) valid() bool       { return int(v) < len(showdownMethodNames) }

// AskTarget says whom an Ask phase asks.
type AskTarget uint8

// The ask targets.
const (
	AskChosenPlayer AskTarget = iota // an in-hand opponent of the asker's choice
	AskNextPlayer                    // the next in-hand player
)

var askTargetNames = []string{"chosen_player", "next_player"}

func (v AskTarget) String() string    { return enumString(uint8(v), askTargetNames, "AskTarget") }
func (AskTarget) enumNames() []string { return askTargetNames }
func (v AskTarget) valid() bool       { return int(v) < len(askTargetNames) }

// EffectKind is what a special card does when it is played.
type EffectKind uint8

// The effects; Value and Target are described on Effect.
const (
	EffectSkip      EffectKind = iota // the next in-hand player loses their next turn
	EffectReverse                     // the turn direction is reversed
	EffectDraw                        // Target draws Value cards from the stock
	EffectExtraTurn                   // the player takes another turn right after this one
	EffectWild                        // playable whatever the Play condition; the player names the suit it counts as
	EffectSteal                       // the player takes Value random cards from Target's hand
	EffectPeek                        // the player sees Value random cards of Target's hand
	EffectGive                        // the player gives Value cards of their choice to Target
	EffectSwapHands                   // the player and Target swap hands
	EffectDiscard                     // Target discards Value cards of their choice to the discard pile
)

var effectKindNames = []string{"skip", "reverse", "draw", "extra_turn", "wild", "steal", "peek", "give", "swap_hands", "discard"}

func (v EffectKind) String() string    { return enumString(uint8(v), effectKindNames, "EffectKind") }
func (EffectKind) enumNames() []string { return effectKindNames }
func (v EffectKind) valid() bool       { return int(v) < len(effectKindNames) }

// usesValue reports whether the effect reads Effect.Value.
func (v EffectKind) usesValue() bool {
	switch v {
	case EffectDraw, EffectSteal, EffectPeek, EffectGive, EffectDiscard:
		return true
	}
	return false
}

// EffectTarget is the player an effect acts on.
type EffectTarget uint8

// The effect targets.
const (
	TargetNextPlayer     EffectTarget = iota // the next in-hand player in the turn direction
	TargetPreviousPlayer                     // the previous in-hand player
	TargetChosenPlayer                       // an in-hand opponent of the player's choice
	TargetAllOthers                          // every other in-hand player, in turn order
)

var effectTargetNames = []string{"next_player", "previous_player", "chosen_player", "all_others"}

func (v EffectTarget) String() string    { return enumString(uint8(v), effectTargetNames, "EffectTarget") }
func (EffectTarget) enumNames() []string { return effectTargetNames }
func (v EffectTarget) valid() bool       { return int(v) < len(effectTargetNames) }

// ScoreKind is what a scoring rule counts. Scoring rules are applied to
// every player at the end of every hand.
type ScoreKind uint8

// The scoring kinds; "matching" means matching the rule's Ranks and Suits.
const (
	ScoreCardWon     ScoreKind = iota // Points per matching card in the player's won pile
	ScoreCardInHand                   // Points per matching card left in the player's hand
	ScoreTrickWon                     // Points per trick the player won
	ScoreSetMade                      // Points per set the player laid down (Discard with SetSize to the won pile)
	ScoreWentOut                      // Points to the first player whose hand became empty
	ScoreShowdownWon                  // Points to each winner of a showdown in the hand
)

var scoreKindNames = []string{"card_won", "card_in_hand", "trick_won", "set_made", "went_out", "showdown_won"}

func (v ScoreKind) String() string    { return enumString(uint8(v), scoreKindNames, "ScoreKind") }
func (ScoreKind) enumNames() []string { return scoreKindNames }
func (v ScoreKind) valid() bool       { return int(v) < len(scoreKindNames) }

// usesFilter reports whether the kind counts cards (and so reads Ranks, Suits).
func (v ScoreKind) usesFilter() bool { return v == ScoreCardWon || v == ScoreCardInHand }

// WinKind is a way to win. See WinCondition for when each is checked and
// how it ranks players when the game ends without it being met.
type WinKind uint8

// The win kinds.
const (
	WinEmptyHand          WinKind = iota // a player whose hand becomes empty wins at once
	WinLastWithCardsLoses                // players whose hands become empty go out; the last one holding cards loses, all others win
	WinCaptureAll                        // a player holding every card held by players (hand and won pile) wins at once
	WinHighScore                         // highest score wins; with Threshold > 0 the game ends after a hand in which a score reaches it
	WinLowScore                          // lowest score wins; with Threshold > 0 the game ends after a hand in which a score reaches it
	WinFirstToScore                      // after a hand, the highest of the players with score >= Threshold wins
	WinMostTricks                        // most tricks in the last hand played
	WinBestHand                          // most showdowns won over the game
	WinMostChips                         // most chips
	WinLastWithChips                     // after a hand, the only player with chips left wins
	WinLastStanding                      // after a hand, the only player not eliminated wins
)

var winKindNames = []string{
	"empty_hand", "last_with_cards_loses", "capture_all", "high_score", "low_score", "first_to_score",
	"most_tricks", "best_hand", "most_chips", "last_with_chips", "last_standing",
}

func (v WinKind) String() string    { return enumString(uint8(v), winKindNames, "WinKind") }
func (WinKind) enumNames() []string { return winKindNames }
func (v WinKind) valid() bool       { return int(v) < len(winKindNames) }

// PhaseKind names the variant of a Phase. Its values equal the FlatBuffers
// union type (fb.PhaseKind).
type PhaseKind uint8

// The phase kinds.
const (
	PhaseNone     PhaseKind = iota // no phase (invalid in a genome)
	PhaseDeal                      // Phase.Deal
	PhaseDraw                      // Phase.Draw
	PhasePlay                      // Phase.Play
	PhaseDiscard                   // Phase.Discard
	PhaseTrick                     // Phase.Trick
	PhaseBetting                   // Phase.Betting
	PhaseClaim                     // Phase.Claim
	PhaseShowdown                  // Phase.Showdown
	PhaseAsk                       // Phase.Ask
)

var phaseKindNames = []string{"none", "deal", "draw", "play", "discard", "trick", "betting", "claim", "showdown", "ask"}

func (v PhaseKind) String() string    { return enumString(uint8(v), phaseKindNames, "PhaseKind") }
func (PhaseKind) enumNames() []string { return phaseKindNames }
func (v PhaseKind) valid() bool       { return int(v) < len(phaseKindNames) }

// PhaseKinds returns every phase kind a genome may use (all but PhaseNone),
// in order.
func PhaseKinds() []PhaseKind {
	ks := make([]PhaseKind, 0, len(phaseKindNames)-1)
	for k := PhaseDeal; int(k) < len(phaseKindNames); k++ {
		ks = append(ks, k)
	}
	return ks
}
