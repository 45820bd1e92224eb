package genome

import (
	"fmt"
)

// DefectCode names one kind of structural defect that Lint finds.
type DefectCode string

// The defects Lint finds. None makes a genome invalid: a genome with
// defects still validates, plays and records; they make it a worse game
// (rules that do nothing, or that a player can exploit without thinking).
const (
	// DefectEmptyBettingRound: a betting round with no new information since
	// the last one of the hand (or since the deal): no card dealt, drawn,
	// played or shown in between, so the players bet again on what they
	// already bet on.
	DefectEmptyBettingRound DefectCode = "empty_betting_round"
	// DefectEmptyPotShowdown: a showdown of a chip game that can only find
	// an empty pot: no forced bet and no betting round put chips in since
	// the start of the hand or since the last showdown or pot-awarding
	// trick.
	DefectEmptyPotShowdown DefectCode = "empty_pot_showdown"
	// DefectAfterShowdown: a phase after the first showdown of a chip game.
	// The showdown settles the hand, so whatever follows plays for nothing
	// (a showdown inside a repeated turn cycle is followed by the next
	// pass).
	DefectAfterShowdown DefectCode = "phase_after_showdown"
	// DefectManyShowdowns: more than one showdown in a hand (counting the
	// passes of a repeated turn cycle).
	DefectManyShowdowns DefectCode = "many_showdowns"
	// DefectUnreadScoring: scoring rules whose points nothing reads: no
	// score win condition (high_score, low_score, first_to_score) and no
	// condition testing the score.
	DefectUnreadScoring DefectCode = "unread_scoring"
	// DefectTrumpWithoutTricks: a trump suit in a game without tricks.
	DefectTrumpWithoutTricks DefectCode = "trump_without_tricks"
	// DefectChipsWithoutBetting: chips but no betting round.
	DefectChipsWithoutBetting DefectCode = "chips_without_betting"
	// DefectTinyBet: a betting round whose bet unit is below half the big
	// blind, so raises are too small to matter and invite raise wars.
	DefectTinyBet DefectCode = "tiny_bet"
	// DefectVacuousCondition: a condition with a part the rules alone
	// decide (Genome.Simplify changes it): a test its quantity's range
	// always or never meets ("holds at least 0 cards"), a repeated
	// operand, "x and not x", "some player" of what reads no player.
	DefectVacuousCondition DefectCode = "vacuous_condition"
	// DefectUnusedTableau: cards laid on the tableau (setup.tableau or a
	// deal to the tableau) though no play phase plays to it: nothing reads
	// the tableau, so the cards only leave the stock.
	DefectUnusedTableau DefectCode = "unused_tableau"
	// DefectUnusedCommunity: community cards (setup.community or a deal to
	// the community) though no poker showdown uses them: high-card and
	// point-total showdowns read the players' own cards only.
	DefectUnusedCommunity DefectCode = "unused_community"
	// DefectUnusedWild: wild ranks that nothing honours: no poker showdown
	// that counts wild cards (hole_cards 0), no play phase whose condition a
	// wild card could bypass, no card_is_wild test.
	DefectUnusedWild DefectCode = "unused_wild"
	// DefectTrumpIgnored: a trump suit in a game whose tricks ignore suits
	// (every trick phase is won by high_rank or low_rank) and whose
	// conditions never test for trumps.
	DefectTrumpIgnored DefectCode = "trump_ignored"
	// DefectEmptyPileTest: a condition tests the discard pile (its top card
	// or its size) though no card ever goes onto it (no initial discard, no
	// play or discard to it, no discard effect): the test always gives the
	// same answer (the *_top tests hold on an empty pile).
	DefectEmptyPileTest DefectCode = "empty_pile_test"
	// DefectGameCounter: a condition tests a game-wide counter (the turn
	// number or the hand number). The phases, card filters and turn cycles
	// it sits in are rules of one hand, so the same rule reads differently
	// from hand to hand (a cycle that runs 40 turns in the first hand and
	// one in the later ones, a card filter that lapses after hand 10).
	DefectGameCounter DefectCode = "game_counter"
	// DefectRepeatedCycleWithChips: a chip game whose turn cycle repeats
	// (turns.cycle_until is not always). A betting hand is one fixed
	// sequence of deals, draws, betting rounds and a showdown; a repeated
	// cycle makes hands of different lengths with no bet on the difference.
	DefectRepeatedCycleWithChips DefectCode = "repeated_cycle_with_chips"
	// DefectBlindDraw: a chip game or a trick game whose draw phase takes
	// cards at random from another player's hand. Nobody sees what is
	// taken, so the draw decides nothing a player can judge: it only
	// shuffles the hands before the showdown, or the hands that must
	// follow suit in the tricks. (Old Maid's blind draw, in a game without
	// chips or tricks, is its whole game.)
	DefectBlindDraw DefectCode = "blind_draw"
	// DefectPassWithChips: a chip game whose discard phase passes cards to
	// another player. The receiver's hand improves with cards the passer
	// chose to give away, and the showdown compares hands the players
	// built for each other.
	DefectPassWithChips DefectCode = "pass_with_chips"
	// DefectUnbetCards: a chip game that deals or draws cards (other than a
	// repeated hit-or-stand draw) after its last betting round and before
	// its showdown: the cards change who wins the pot but nobody bets on
	// them.
	DefectUnbetCards DefectCode = "unbet_cards"
	// DefectFilterWithChips: a chip game whose draw or discard phase has a
	// condition other than a limit on the hand's points (Blackjack's "hit
	// while under 21"): "draw only if you hold no three", "discard only
	// diamonds". The showdown ranks hands, not suits or held ranks, so the
	// filter is a rule to remember that changes nothing a player bets on.
	DefectFilterWithChips DefectCode = "filter_with_chips"
	// DefectUnlimitedDraw: a chip game whose draw repeats (draw again until
	// you stop) with no limit on the hand's points. Without a bust, a card
	// more never hurts a hand at the showdown, so the first player to draw
	// takes the stock: the choice to stop is no choice.
	DefectUnlimitedDraw DefectCode = "unlimited_draw"
	// DefectNoForcedBets: a chip game with a betting round but no blind and
	// no ante. Nobody has to put a chip in, so the pot starts empty and a
	// player loses nothing by folding every hand they do not like.
	DefectNoForcedBets DefectCode = "no_forced_bets"
	// DefectUnusedInitialDiscard: a card turned face up to start the discard
	// pile (setup.initial_discard) though nothing reads the pile: no
	// condition tests its top card or size and no draw takes from it, so
	// the card only leaves the stock.
	DefectUnusedInitialDiscard DefectCode = "unused_initial_discard"
	// DefectLoneActorWithChips: a chip game whose draw or discard phase is
	// done by the current player only. A chip game's hand is one pass, so
	// one player (the same seat relative to the dealer every hand) draws or
	// discards and the others never do, though they bet on equal terms.
	DefectLoneActorWithChips DefectCode = "lone_actor_with_chips"
	// DefectCardHolderStartsWithChips: a chip game whose hands start with
	// the player who holds a given card (turns.first_player holder_of_card).
	// Betting games start from the dealer's left, so the deal's rotation
	// decides who acts first; a card holder moves the start at random and
	// the button does nothing for the draws.
	DefectCardHolderStartsWithChips DefectCode = "card_holder_starts_with_chips"
)

// DefectCodes lists every defect code.
var DefectCodes = []DefectCode{
	DefectEmptyBettingRound, DefectEmptyPotShowdown, DefectAfterShowdown, DefectManyShowdowns,
	DefectUnreadScoring, DefectTrumpWithoutTricks, DefectChipsWithoutBetting, DefectTinyBet,
	DefectVacuousCondition, DefectUnusedTableau, DefectUnusedCommunity, DefectUnusedWild,
	DefectTrumpIgnored, DefectEmptyPileTest, DefectGameCounter, DefectRepeatedCycleWithChips,
	DefectBlindDraw, DefectPassWithChips, DefectUnbetCards, DefectFilterWithChips, DefectUnlimitedDraw,
	DefectNoForcedBets, DefectUnusedInitialDiscard, DefectLoneActorWithChips, DefectCardHolderStartsWithChips,
}

// Defect is one structural defect: its code, the JSON path of the field it
// is about (as Problem.Path) and a sentence saying what is wrong.
type Defect struct {
	Code   DefectCode `json:"code"`
	Path   string     `json:"path"`
	Reason string     `json:"reason"`
}

func (d Defect) String() string { return d.Path + ": " + string(d.Code) + ": " + d.Reason }

// Lint returns the structural defects of g (nil when there are none), in a
// fixed order. It reads only the genome, plays nothing, and never fails: an
// invalid genome is linted as far as its fields allow. Lint defects are not
// validity problems (see Validate).
//
// The checks follow the phase order of a hand: Phases[:CycleStart] once,
// the turn cycle twice (unless Turns.CycleUntil is always, which stops it
// after one pass), then Phases[CycleEnd:]; two passes of the cycle are
// enough to see every pair of neighbouring phases a hand can have.
func Lint(g *Genome) []Defect {
	l := linter{g: g}
	l.sequence()
	l.bettingInformation()
	l.showdowns()
	l.scoring()
	l.setup()
	l.conditions()
	l.sharedCards()
	l.wild()
	l.emptyPile()
	l.unreadPile()
	l.counters()
	l.chipHand()
	return l.ds
}

// DiscardPileFilled reports whether a card can go onto the discard pile:
// an initial discard, a play to it, a discard phase to it (not to the won
// pile or another player's hand), or a discard effect.
func (g *Genome) DiscardPileFilled() bool {
	if g.Setup.InitialDiscard > 0 {
		return true
	}
	for i := range g.Phases {
		p := &g.Phases[i]
		if p.Kind == PhasePlay && p.Play.Target == PlayToDiscard || p.Kind == PhaseDiscard && p.Discard.Target == DiscardToPile {
			return true
		}
	}
	for _, e := range g.Effects {
		if e.Kind == EffectDiscard {
			return true
		}
	}
	return false
}

// pileTest reports whether t reads the discard pile.
func pileTest(t Test) bool {
	switch t {
	case TestSameRankAsTop, TestSameSuitAsTop, TestCardRankVsTop, TestDiscardSize:
		return true
	}
	return false
}

// EmptyPileConstant returns c with every test of the discard pile
// replaced by what it gives on an empty pile (the *_top tests hold;
// discard_size compares 0), for a genome whose pile stays empty.
func EmptyPileConstant(c Condition) Condition {
	return replaceTests(c, func(t Condition) (Condition, bool) {
		if !pileTest(t.Test) {
			return t, false
		}
		if t.Test == TestDiscardSize && !t.Cmp.Compare(0, int(t.Value)) {
			return Never(), true
		}
		return Always(), true
	})
}

// replaceTests returns c with every test leaf t for which f(t) reports
// true replaced by what f returns; the tree is copied where it changes,
// never shared with c.
func replaceTests(c Condition, f func(Condition) (Condition, bool)) Condition {
	if c.Op == OpTest {
		if r, ok := f(c); ok {
			return r
		}
		return c
	}
	if len(c.Args) > 0 {
		args := make([]Condition, len(c.Args))
		for i := range c.Args {
			args[i] = replaceTests(c.Args[i], f)
		}
		c.Args = args
	}
	return c
}

// DiscardPileRead reports whether anything reads the discard pile: a draw
// from it or a condition testing its top card or size.
func (g *Genome) DiscardPileRead() bool {
	for i := range g.Phases {
		if p := &g.Phases[i]; p.Kind == PhaseDraw && p.Draw.Source == DrawFromDiscard {
			return true
		}
	}
	for _, r := range g.ConditionRefs() {
		if _, ok := firstTest(r.C, pileTest); ok {
			return true
		}
	}
	return false
}

func (l *linter) unreadPile() {
	if n := l.g.Setup.InitialDiscard; n > 0 && !l.g.DiscardPileRead() {
		l.add(DefectUnusedInitialDiscard, "setup.initial_discard",
			"%d card(s) turned up to start the discard pile but no condition tests the pile and no draw takes from it", n)
	}
}

func (l *linter) emptyPile() {
	if l.g.DiscardPileFilled() {
		return
	}
	for _, r := range l.g.ConditionRefs() {
		if t, ok := firstTest(r.C, pileTest); ok {
			l.add(DefectEmptyPileTest, r.Path, "tests %s, but no card ever goes onto the discard pile", t)
		}
	}
}

// sharedCards reports tableau and community cards that no phase reads.
func (l *linter) sharedCards() {
	g := l.g
	var toTableau, pokerShowdown bool
	for i := range g.Phases {
		p := &g.Phases[i]
		toTableau = toTableau || p.Kind == PhasePlay && p.Play.Target == PlayToTableau
		pokerShowdown = pokerShowdown || p.Kind == PhaseShowdown && p.Showdown.Method == ShowdownPokerHigh
	}
	unused := []struct {
		used  bool
		n     uint8
		field string
		to    DealTarget
		code  DefectCode
		why   string
	}{
		{toTableau, g.Setup.Tableau, "setup.tableau", DealToTableau, DefectUnusedTableau, "no play phase plays to the tableau, so nothing reads it"},
		{pokerShowdown, g.Setup.Community, "setup.community", DealToCommunity, DefectUnusedCommunity, "no poker showdown uses community cards"},
	}
	for _, u := range unused {
		if u.used {
			continue
		}
		if u.n > 0 {
			l.add(u.code, u.field, "%d card(s) laid out but %s", u.n, u.why)
		}
		for i := range g.Phases {
			if p := &g.Phases[i]; p.Kind == PhaseDeal && p.Deal.To == u.to {
				l.add(u.code, phasePath(i), "deals %d card(s) to the %s but %s", p.Deal.Count, u.to, u.why)
			}
		}
	}
}

// trumpRead reports whether anything reads the trump suit: a trick won by
// the led suit (where trumps beat it) or a card_is_trump test.
func (g *Genome) trumpRead() bool {
	for i := range g.Phases {
		if p := &g.Phases[i]; p.Kind == PhaseTrick && (p.Trick.Winner == HighLedSuit || p.Trick.Winner == LowLedSuit) {
			return true
		}
	}
	for _, r := range g.ConditionRefs() {
		if readsTest(r.C, TestCardIsTrump) {
			return true
		}
	}
	return false
}

// readsTest reports whether c has a test t anywhere.
func readsTest(c *Condition, t Test) bool {
	_, ok := firstTest(c, func(x Test) bool { return x == t })
	return ok
}

// firstTest returns the first test of c (depth first) that match accepts.
func firstTest(c *Condition, match func(Test) bool) (Test, bool) {
	if c.Op == OpTest && match(c.Test) {
		return c.Test, true
	}
	for i := range c.Args {
		if t, ok := firstTest(&c.Args[i], match); ok {
			return t, true
		}
	}
	return 0, false
}

// WildHonoured reports whether anything in g honours Setup.WildRanks: a
// poker showdown that lets wild cards stand for any card (hole_cards 0),
// a play phase whose condition a wild card bypasses (not always), or a
// card_is_wild test.
func (g *Genome) WildHonoured() bool {
	for i := range g.Phases {
		p := &g.Phases[i]
		switch {
		case p.Kind == PhaseShowdown && p.Showdown.Method == ShowdownPokerHigh && p.Showdown.HoleCards == 0:
			return true
		case p.Kind == PhasePlay && p.Play.Condition.Op != OpAlways:
			return true
		}
	}
	for _, r := range g.ConditionRefs() {
		if readsTest(r.C, TestCardIsWild) {
			return true
		}
	}
	return false
}

func (l *linter) wild() {
	if l.g.Setup.WildRanks != 0 && !l.g.WildHonoured() {
		l.add(DefectUnusedWild, "setup.wild_ranks",
			"wild ranks but no poker showdown counts them (hole_cards 0), no play phase has a condition they bypass and no condition tests them")
	}
}

func (l *linter) conditions() {
	for _, r := range l.g.ConditionRefs() {
		if s := l.g.Simplify(*r.C); !EqualConditions(&s, r.C) {
			l.add(DefectVacuousCondition, r.Path, "condition with parts the rules alone decide: it simplifies from %d nodes to %d (%s at the top)", r.C.Nodes(), s.Nodes(), s.Op)
		}
	}
}

type linter struct {
	g   *Genome
	seq []int // phase indices in the order a hand meets them
	ds  []Defect
}

func (l *linter) add(code DefectCode, path, format string, args ...any) {
	for _, d := range l.ds {
		if d.Code == code && d.Path == path {
			return // a phase met twice (cycle passes) is reported once
		}
	}
	l.ds = append(l.ds, Defect{Code: code, Path: path, Reason: fmt.Sprintf(format, args...)})
}

func phasePath(i int) string { return fmt.Sprintf("phases[%d]", i) }

func (l *linter) sequence() {
	n := len(l.g.Phases)
	cs, ce := int(l.g.Turns.CycleStart), int(l.g.Turns.CycleEnd)
	if cs >= ce || ce > n {
		cs, ce = n, n
	}
	passes := 2
	if l.g.Turns.CycleUntil.Op == OpAlways {
		passes = 1
	}
	for i := 0; i < cs; i++ {
		l.seq = append(l.seq, i)
	}
	for p := 0; p < passes; p++ {
		for i := cs; i < ce; i++ {
			l.seq = append(l.seq, i)
		}
	}
	for i := ce; i < n; i++ {
		l.seq = append(l.seq, i)
	}
}

// informs reports whether a phase can give the players information they
// did not have: cards dealt, drawn, exchanged, played or asked for.
func informs(p *Phase) bool {
	switch p.Kind {
	case PhaseDeal:
		return p.Deal.Count > 0
	case PhaseDraw, PhasePlay, PhaseDiscard, PhaseTrick, PhaseClaim, PhaseAsk:
		return true
	}
	return false
}

// dealInforms reports whether the deal at the start of a hand gives the
// players anything to bet on.
func (g *Genome) dealInforms() bool {
	s := &g.Setup
	return s.CardsPerPlayer > 0 || s.DealAll || s.Community > 0 || s.Tableau > 0 ||
		s.InitialDiscard > 0 || s.Trump == TrumpTurnUp
}

func (l *linter) bettingInformation() {
	fresh := l.g.dealInforms()
	for _, i := range l.seq {
		p := &l.g.Phases[i]
		switch {
		case p.Kind == PhaseBetting:
			if !fresh {
				l.add(DefectEmptyBettingRound, phasePath(i),
					"betting round with no new information since the last betting round or the deal (no card dealt, drawn or played in between)")
			}
			fresh = false
		case informs(p):
			fresh = true
		}
	}
}

func (l *linter) showdowns() {
	g := l.g
	chips := g.Setup.HasChips()
	forced := g.Setup.SmallBlind > 0 || g.Setup.BigBlind > 0 || g.Setup.Ante > 0
	pot := forced
	first := -1 // position in seq of the first showdown
	count := 0
	for k, i := range l.seq {
		p := &g.Phases[i]
		if first >= 0 && chips {
			l.add(DefectAfterShowdown, phasePath(i),
				"%s phase after the showdown at %s, which settles the hand", p.Kind, phasePath(l.seq[first]))
		}
		switch p.Kind {
		case PhaseBetting:
			pot = true
		case PhaseTrick:
			if p.Trick.AwardsPot {
				pot = false
			}
		case PhaseShowdown:
			count++
			if count == 2 {
				l.add(DefectManyShowdowns, phasePath(i), "a second showdown in the hand (the first is %s)", phasePath(l.seq[first]))
			}
			if chips && !pot {
				l.add(DefectEmptyPotShowdown, phasePath(i),
					"showdown that can only find an empty pot: no forced bet or betting round puts chips in before it")
			}
			pot = false
			if first < 0 {
				first = k
			}
		}
	}
}

// readsScore reports whether c tests a player's score anywhere.
func readsScore(c *Condition) bool {
	if c.Op == OpTest && c.Test == TestScore {
		return true
	}
	for i := range c.Args {
		if readsScore(&c.Args[i]) {
			return true
		}
	}
	return false
}

func (l *linter) scoreRead() bool {
	g := l.g
	for _, w := range g.WinConditions {
		switch w.Kind {
		case WinHighScore, WinLowScore, WinFirstToScore:
			return true
		}
	}
	if readsScore(&g.Turns.CycleUntil) {
		return true
	}
	for i := range g.Phases {
		p := &g.Phases[i]
		var c *Condition
		switch p.Kind {
		case PhaseDraw:
			c = &p.Draw.Condition
		case PhasePlay:
			c = &p.Play.Condition
		case PhaseDiscard:
			c = &p.Discard.Condition
		case PhaseTrick:
			c = &p.Trick.LeadCondition
		}
		if c != nil && readsScore(c) {
			return true
		}
	}
	return false
}

func (l *linter) scoring() {
	if len(l.g.Scoring) > 0 && !l.scoreRead() {
		l.add(DefectUnreadScoring, "scoring",
			"%d scoring rule(s) but no win condition reads the score (high_score, low_score, first_to_score) and no condition tests it", len(l.g.Scoring))
	}
}

func (l *linter) setup() {
	g := l.g
	tricks, betting := g.HasPhase(PhaseTrick), g.HasPhase(PhaseBetting)
	if g.Setup.Trump != TrumpNone && !tricks {
		l.add(DefectTrumpWithoutTricks, "setup.trump", "trump rule %s but no trick phase", g.Setup.Trump)
	}
	if g.Setup.Trump != TrumpNone && tricks && !g.trumpRead() {
		l.add(DefectTrumpIgnored, "setup.trump", "trump rule %s but every trick is won by rank alone (suits do not matter) and no condition tests for trumps", g.Setup.Trump)
	}
	if tricks && !g.Setup.HasChips() { // chip games: see chipHand
		for i := range g.Phases {
			if p := &g.Phases[i]; p.Kind == PhaseDraw && p.Draw.Source != DrawFromStock && p.Draw.Source != DrawFromDiscard {
				l.add(DefectBlindDraw, phasePath(i)+".draw.source", "draws at random from the %s's hand in a trick game", p.Draw.Source)
			}
		}
	}
	if g.Setup.HasChips() && !betting {
		l.add(DefectChipsWithoutBetting, "setup.starting_chips", "%d starting chips but no betting phase", g.Setup.StartingChips)
	}
	if bb := g.Setup.BigBlind; bb > 0 {
		for i := range g.Phases {
			p := &g.Phases[i]
			if p.Kind == PhaseBetting && 2*uint64(p.Betting.MinBet) < uint64(bb) {
				l.add(DefectTinyBet, phasePath(i)+".betting.min_bet",
					"bet unit %d is below half the big blind (%d)", p.Betting.MinBet, bb)
			}
		}
	}
}

// CounterTest reports whether t reads a game-wide counter (the turn or the
// hand number).
func CounterTest(t Test) bool { return t == TestTurnNumber || t == TestHandNumber }

// WithoutCounters returns c with every test of a game-wide counter
// (CounterTest) replaced by always, simplified (Genome.Simplify).
func (g *Genome) WithoutCounters(c Condition) Condition {
	return g.Simplify(replaceTests(c, func(t Condition) (Condition, bool) {
		return Always(), CounterTest(t.Test)
	}))
}

// chipFilterFree reports whether c is no filter for a chip game's draw or
// discard: always, or one test of the hand's points.
func chipFilterFree(c *Condition) bool {
	return c.Op == OpAlways || c.Op == OpTest && c.Test == TestHandPoints
}

func (l *linter) counters() {
	for _, r := range l.g.ConditionRefs() {
		if t, ok := firstTest(r.C, CounterTest); ok {
			l.add(DefectGameCounter, r.Path, "tests %s, a counter over the whole game, in a rule of one hand", t)
		}
	}
}

// chipHand reports the defects of a chip game's hand: a repeated turn
// cycle, blind draws, passes and cards dealt after the last betting round.
func (l *linter) chipHand() {
	g := l.g
	if !g.Setup.HasChips() {
		return
	}
	t := &g.Turns
	if s := &g.Setup; g.HasPhase(PhaseBetting) && s.SmallBlind == 0 && s.BigBlind == 0 && s.Ante == 0 {
		l.add(DefectNoForcedBets, "setup.ante", "a chip game with betting rounds but no blind or ante: the pot starts empty")
	}
	if t.FirstPlayer == FirstHolderOfCard {
		l.add(DefectCardHolderStartsWithChips, "turns.first_player", "a chip game's hands start with the holder of %s, not left of the dealer", t.FirstCard)
	}
	if t.CycleStart < t.CycleEnd && int(t.CycleEnd) <= len(g.Phases) && t.CycleUntil.Op != OpAlways {
		l.add(DefectRepeatedCycleWithChips, "turns.cycle_until", "the turn cycle of a chip game repeats (until %s), so hands differ in length", t.CycleUntil.Op)
	}
	for i := range g.Phases {
		p := &g.Phases[i]
		switch {
		case p.Kind == PhaseDraw && p.Draw.Source != DrawFromStock && p.Draw.Source != DrawFromDiscard:
			l.add(DefectBlindDraw, phasePath(i)+".draw.source", "draws at random from the %s's hand in a chip game", p.Draw.Source)
		case p.Kind == PhaseDiscard && (p.Discard.Target == DiscardToNextPlayer || p.Discard.Target == DiscardToPreviousPlayer):
			l.add(DefectPassWithChips, phasePath(i)+".discard.target", "passes cards to the %s in a chip game", p.Discard.Target)
		}
		switch {
		case p.Kind == PhaseDraw && p.Draw.Actor == ActorCurrentPlayer:
			l.add(DefectLoneActorWithChips, phasePath(i)+".draw.actor", "only the current player draws in a chip game's hand")
		case p.Kind == PhaseDiscard && p.Discard.Actor == ActorCurrentPlayer:
			l.add(DefectLoneActorWithChips, phasePath(i)+".discard.actor", "only the current player discards in a chip game's hand")
		}
		if p.Kind == PhaseDraw && p.Draw.Repeat && !(p.Draw.Condition.Op == OpTest && p.Draw.Condition.Test == TestHandPoints) {
			l.add(DefectUnlimitedDraw, phasePath(i)+".draw.repeat", "a chip game's draw that repeats until the player stops, with no limit on the hand's points")
		}
		switch {
		case p.Kind == PhaseDraw && !chipFilterFree(&p.Draw.Condition):
			l.add(DefectFilterWithChips, phasePath(i)+".draw.condition", "a draw of a chip game allowed only when %s holds", p.Draw.Condition.Op)
		case p.Kind == PhaseDiscard && p.Discard.SetSize == 0 && !chipFilterFree(&p.Discard.Condition):
			l.add(DefectFilterWithChips, phasePath(i)+".discard.condition", "a discard of a chip game limited to cards for which %s holds", p.Discard.Condition.Op)
		}
	}
	last := -1 // position in seq of the last betting round before the first showdown
	for k, i := range l.seq {
		switch g.Phases[i].Kind {
		case PhaseBetting:
			last = k
		case PhaseShowdown:
			if last < 0 {
				return
			}
			for _, j := range l.seq[last+1 : k] {
				p := &g.Phases[j]
				if p.Kind == PhaseDeal && p.Deal.Count > 0 || p.Kind == PhaseDraw && !p.Draw.Repeat || p.Kind == PhaseDiscard && p.Discard.Refill {
					l.add(DefectUnbetCards, phasePath(j), "%s phase after the last betting round (%s) and before the showdown (%s): nobody bets on its cards", p.Kind, phasePath(l.seq[last]), phasePath(i))
				}
			}
			return
		}
	}
}
