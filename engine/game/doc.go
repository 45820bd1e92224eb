// Package game is the genome interpreter: it compiles a genome.Genome into
// an immutable Program and plays games of it as State values, fast and
// without allocating.
//
// # Programs and states
//
// Compile checks a genome with genome.Validate and turns it into a Program:
// flat tables (phases, effects with a per-card trigger mask, scoring masks,
// win conditions) and every condition as a tree of Go closures over card
// sets (see below), built once; nothing changes a Program afterwards, so one is
// shared by every goroutine. A State is one game of a Program: a value
// made of fixed-size arrays (hands, won piles, the claim pile as cards.Set
// bitsets; the stock and discard pile as small arrays; scores, chips and
// the betting hand of engine/betting; the phase program counter; the
// cached legal moves; a ring of the last LogSize actions; per-card
// knowledge masks; the game's own random source, a 64-bit wyrand state).
// Assigning a State copies the game; Clone does the same and drops the
// listener. NewState, Reset, ResetDeck and ResetWith start a game; Reset
// reuses a State and does not allocate.
//
// The genome's order of play (the genome package documentation, "How a
// genome is played") is followed. Every random event of a game — the
// shuffle at the start of each hand, a card taken at random from a hand,
// stolen or peeked cards — draws from the State's own generator, seeded
// from the *rand.Rand given to Reset: a game is a function of the program,
// the player count, that seed and the moves.
//
// # Conditions
//
// A condition is evaluated for every candidate card at once: the result
// is the set of cards c for which it holds with c as the candidate (card
// tests select cards: card_rank_in is a rank mask, same_suit_as_top the top
// card's suit mask; player tests select all cards or none; and, or and not
// are intersection, union and complement; any_player and all_players the
// union and intersection over the in-hand players). The legal cards of a
// play are then hand ∩ condition ∪ hand ∩ wild. Without a candidate (draw
// conditions, cycle_until) card tests are false. Subtrees that do not
// depend on the state are folded into constant sets at compile time.
//
// # Moves
//
// The engine runs on its own until a player has a choice; ToMove is that
// player (-1 when the game is over). Legal lists the player's moves; a step
// with exactly one legal move (a forced draw, the only card that follows
// suit, War's top card) is played by the engine itself. Apply checks a move
// and returns an error wrapping ErrIllegalMove (the state is then
// unchanged); ApplyUnchecked skips the check for search code that only
// plays moves taken from Legal or LegalMove (an illegal move then leaves
// the state undefined but memory-safe). The legal moves are computed once
// when the state reaches a decision and kept in it as a compact set, so
// Legal, NumLegal, LegalMove and IsLegal do no move generation.
//
// A Move is a small comparable value. Choosing several cards (a play of 1
// to MaxCards cards, a discard, a pass, a give, a claim) is a sequence of
// MovePlay moves, one card each, ended by MoveDone once enough cards are
// chosen (and automatically at the maximum), so the number of legal moves
// stays small (at most one per card plus a few):
//
//	MovePlay(card)       choose a card: play, lead or follow in a trick, discard, pass, give, claim
//	MoveDone             end a card selection
//	MovePass             decline: not play (then IfUnable), not draw or stand, not challenge
//	MoveDraw             draw (a Draw phase)
//	MoveSuit(suit)       name the suit a wild card counts as
//	MoveTarget(player)   choose a player (draw from, effect target)
//	MoveAsk(player,rank) ask a player for a rank (Go Fish)
//	MoveClaim(rank)      name the rank of a claim (claim rank rule any)
//	MoveChallenge        challenge the last claim
//	MoveFold, MoveCheck, MoveCall, MoveBet(amount), MoveRaise(amount)
//
// Bet and raise amounts are raise-by, the chips added from the stack, the
// call part included (engine/betting's convention); EvBet events report the
// resulting street bet (raise-to) in Event.To. Apply accepts any amount
// engine/betting accepts. Legal offers, in no-limit and pot-limit rounds,
// the menu of Options.BetMenu: fold, check or call, the minimum bet or
// raise, raises of fractions of the pot (½ pot and pot by default) and
// all-in, clipped to the legal range, duplicates removed. A pot-fraction
// raise of f adds
//
//	amount = call + ⌊f·(pot + call)⌋   (in whole chips)
//
// where pot counts every chip in the pot, bets included, and call is the
// chips the player needs to call: the raise is that fraction of the pot
// after the call. Fixed-limit rounds offer the single legal bet or raise.
//
// # Counting moves
//
// State.Moves counts every action of the game, chosen or forced, one per
// event a listener receives whose kind is a move (EventKind.IsMove): each
// card played (into a trick, face up or down, War's included; to the
// discard pile or the tableau), drawn (from the stock, a pile or a player,
// by a Draw phase, an IfUnable rule, a refill or an effect), discarded,
// passed or given; each pass (a player declining to play, draw, discard or
// challenge, chosen or because nothing was legal); each suit named, claim,
// challenge, ask, check, call, bet, raise and fold; each hand shown at a
// showdown. Deals, forced bets, effects and outcomes (tricks won, pot
// awards, refunds) are not moves. State.Decisions counts the moves players
// chose, that is the Apply and ApplyUnchecked calls, one per Move: each
// card chosen of a selection and its MoveDone are decisions, while the
// selection's cards are moves when they are played (MoveDone itself moves
// nothing), so neither count bounds the other. Benchmarks report moves/s
// from Moves.
//
// # Rewards
//
// Rewards writes one value per player: the winners of the game share 1
// equally and the others get 0,
//
//	reward_i = 1/|W| if i ∈ W, else 0,
//
// in chip games too, whose winners come from their win conditions
// (last_with_chips, most_chips, …); NetChips gives each player's chips
// minus its starting chips (summing to 0) for agents that want chip
// results. The winners W are those of the first win condition met; when the
// game ends otherwise (last hand, Turns.MaxTurns, fewer than two players
// able to play a hand) the win conditions rank the players not eliminated
// (everyone if all are) lexicographically and the best-ranked win, ties
// included.
//
// # Hidden information
//
// Every card carries the set of players who know where it is: a card dealt
// or drawn face down is known to its holder (and to the player it was
// taken from), a face-up card to everyone, a passed or given card to both
// players, a claimed card to the claimant (and the revealed ones to all
// after a challenge), a peeked card to the peeker, swapped hands to both
// swappers, shown hands to everyone. Observation(p) is what p knows, as a
// comparable value: its hand and unfinished selection, the cards of other
// hands and piles it knows, sizes, every face-up card, the current trick,
// scores, tricks, chips and bets, the turn structure, and the last LogSize
// actions with every card p did not see replaced by cards.None. Two states
// that differ only in cards p does not know give equal observations.
// Determinize(p, rng) returns a state consistent with p's observation: the
// cards p does not know are permuted at random (with rng) over the places
// they occupy (other hands, the stock, face-down piles), which keeps every
// place's size and every card p knows, and the game's random source is
// reseeded from rng. What play showed everyone is respected too
// (Observation.Lacks, HoldsRank and Room): a player who did not follow
// suit, or had none of a rank asked for, gets none of those cards (of the
// rank, no more than the cards it has drawn face down since), and a player
// who asked for a rank holds one of it (cards are swapped until the deal
// agrees, as far as single swaps can). Search should determinize for the
// player to move; for another player the pending decision's legal cards
// are recomputed in the new deal.
//
// # Events
//
// A Listener set with State.Listen receives every event of the game (hand
// start, deal, trump, forced bet, betting round, bet, fold, play, draw,
// discard, pass, suit named, trick won, claim, challenge, ask, effect,
// skip, showdown, pot award, refund, going out, elimination, hand end, game
// end) with the true cards, for transcripts, replays and statistics.
// Without a listener the engine builds no event; with one, emitting does
// not allocate either: the listener gets a pointer to an Event kept in the
// State, valid only during the call (copy it to keep it). Clone and Determinize drop the
// listener, so search never reports to it. Listeners that turn events
// into other formats live in sim (sim.StatsFeeder feeds an engine/stats
// Tracker, sim.PHHRecorder records hold'em and Omaha hands as PHH).
//
// # Chip games and sessions
//
// A game with Setup.StartingChips > 0 is a session of hands. Each hand's
// betting runs through one engine/betting Hand: seats follow the turn
// direction, the dealer is the button, antes and blinds are posted as the
// genome documentation says (heads-up the dealer posts the small blind and
// acts first in the first round), side pots are built by contribution and
// split pots give the odd chip to the first winner clockwise from the
// button. Without blinds the first bettor is the first in-hand player after
// the dealer, so it rotates with the dealer every hand. A fold takes the
// player out of the hand; when one player is left it wins the pot at once.
// A player without chips is not dealt in (elimination no_chips removes it
// for good). When the pot was awarded by a showdown or a pot-awarding trick
// and a later betting phase comes, a fresh betting hand without forced bets
// starts. Chips still in the pot when a hand ends without an award (the
// hand was cut short by Turns.MaxTurns or a stalemate, the game ended
// during the hand, or no showdown came) go back to whoever put them in:
// one EvRefund per such player, with the Amount, sent once the chips are
// back in its stack and before EvHandEnd (or EvGameEnd); the refunds of a
// hand add up to the pot. Chips are conserved: the stacks and the pot
// always add up to the starting stacks.
//
// # Table hands
//
// Program.ResetHand starts a game that is one hand dealt at a table
// (engine/table decides between hands who plays, the stacks, the button,
// the blinds, antes and dead blinds): the hand's engine/betting
// configuration is given, one seat per player in betting-seat order
// (Program.TableSeat), a seat with no chips is not dealt in, the genome's
// phases play the hand and the game ends with it. The dead money starts in
// the pot; a pot holding dead money that no award took at the end of the
// hand is split among the players still in, so the finishing stacks add up
// to the starting stacks plus the dead money. ResetHand does not allocate.
//
// Showdowns rank poker hands with engine/handeval (the best five of five
// to seven cards; exactly two hole cards with Omaha's HoleCards 2; other
// HoleCards values try every split); hands of other sizes, with jokers or
// with wild cards use the package's own general evaluator for the whole
// showdown (a joker that is not wild counts for nothing; wild cards stand
// for whatever cards make the best hand, five of a kind beating a
// straight flush). With HoleCards > 0, wild cards count as their own card and
// jokers not at all. High-card showdowns compare the ranks from the highest down,
// point-total showdowns the totals at or below the limit.
//
// # Termination
//
// Every game ends: after Turns.MaxTurns turns (a turn is one pass of the
// cycle; a hand without a cycle, or whose cycle never completed a pass,
// counts as one turn) the current hand ends at once (chips in the pot go
// back, end-of-hand scoring applies) and the game ends. Every step inside a
// hand is bounded (draws by the stock and hands, selections by the hand,
// betting rounds by engine/betting, wars by the cards). A game in which 2n
// turns in a row (n players) move no card and no chip can only repeat such
// turns, unless some condition looks at the turn number: it then ends at
// once as if Turns.MaxTurns had been reached, with the same outcome.
// State.EndReason tells how a game ended: EndWin (a win condition was met),
// EndLastHand (Setup.HandsPerGame), EndNoPlayers (fewer than two players
// could be dealt in), EndTurnLimit or EndStalemate (EndReason.CutShort).
//
// # Where things are
//
// machine.go runs the game between decisions (the stages, the phase and
// turn loop); hand.go starts and ends hands; phase.go holds phaseKinds, the
// one table from a phase kind to its operations (compile, begin, actor,
// and its pending decisions with apply and reoffer), and each kind's code
// is in phase_KIND.go; effects.go plays card effects; outcome.go ends
// games and computes rewards; condition.go compiles conditions and
// condition_tests.go holds conditionTests, the table from a condition test
// to its evaluation; observe.go and determinize.go give what a player
// knows; state.go and program.go hold the two types and their accessors.
//
// # How to add …
//
// A phase kind: the union member in schema/genome.fbs (regenerate
// schema/fb), the constant and name in genome/enums_phases.go, its struct and its
// field of genome.Phase at the kind's index in genome/types.go, its case
// in genome/flatbuffers_encode.go and flatbuffers_decode.go, the verifier
// table in genome/verify.go, genome/validate.go, genome/random_parts.go
// (and genome/repair.go when a field can be repaired), its sentence in
// genome/rulebook's phaseText, an example in genome/phasekinds_test.go,
// then phase_KIND.go here with its entry in phaseKinds (and a pd constant
// in state.go for each new kind of decision). TestEveryPhaseKindIsComplete
// (genome), TestEveryPhaseKindHasASentence (genome/rulebook) and
// TestEveryPhaseKindHasOps (here) name what is missing; validation
// reports a kind it has no rules for. Give it a rules test beside the
// others (rules_*_test.go), and, when a seed game uses it,
// TestEveryPhaseKindIsPlayed and the golden games cover it.
//
// A condition test: the constant, name and testInfos entry in
// genome/enums.go, its sentence in genome/rulebook's test, its entry in
// conditionTests (condition_tests.go) and its case in the tree evaluator
// of cond_ref_test.go; TestEveryConditionTestHasOps names a missing entry
// and TestCodeMatchesTree checks the compiled form against the tree.
//
// An agent: an Agent type in sim/agent and one entry in that package's
// registry (name, summary, constructor); simulate, play and the ladder
// read names from it. A fitness metric: one entry in evolve's metric
// registry (name, formula, range), which the fitness, reports and
// experiments read. Neither touches this package: agents see a State
// through its public methods and Observation.
package game
