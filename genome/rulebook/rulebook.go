package rulebook

import (
	"fmt"
	"strings"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/genome"
)

// Rules returns a plain-English rulebook for g, good enough for people to
// play the game from: players and cards, the object, chips, the deal, the
// play step by step, special cards, scoring and the end of the game. It
// describes any genome; for an invalid one the text may describe rules that
// cannot be played.
func Rules(g *genome.Genome) string {
	w := &rulebook{g: g}
	w.write()
	return w.b.String()
}

type rulebook struct {
	g *genome.Genome
	b strings.Builder
}

func (w *rulebook) line(format string, args ...any) {
	fmt.Fprintf(&w.b, format, args...)
	w.b.WriteByte('\n')
}

func (w *rulebook) section(title string) {
	w.b.WriteByte('\n')
	w.line("%s", title)
	w.line("%s", strings.Repeat("-", len(title)))
}

// para writes text wrapped at 78 columns with the given indent.
func (w *rulebook) para(indent, text string) {
	first := indent
	rest := strings.Repeat(" ", len(indent))
	col := 0
	w.b.WriteString(first)
	col = len(first)
	for i, word := range strings.Fields(text) {
		if i > 0 {
			if col+1+len(word) > 78 {
				w.b.WriteByte('\n')
				w.b.WriteString(rest)
				col = len(rest)
			} else {
				w.b.WriteByte(' ')
				col++
			}
		}
		w.b.WriteString(word)
		col += len(word)
	}
	w.b.WriteByte('\n')
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

func chipsText(n uint32) string { return plural(int(n), "chip", "chips") }

var rankWords = []string{"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace", "joker"}
var rankPlurals = []string{"twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens", "kings", "aces", "jokers"}
var suitWords = []string{"club", "diamond", "heart", "spade"}

func article(word string) string {
	if strings.ContainsRune("aeiou", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}

func orList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

func andList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// rankA is "an eight" or "a two, an eight or an ace".
func rankA(s genome.RankSet) string {
	var out []string
	for _, r := range s.List() {
		out = append(out, article(rankWords[r]))
	}
	return orList(out)
}

func rankPl(s genome.RankSet) string {
	var out []string
	for _, r := range s.List() {
		out = append(out, rankPlurals[r])
	}
	return orList(out)
}

func suitA(s genome.SuitSet) string {
	var out []string
	for _, x := range s.List() {
		out = append(out, article(suitWords[x]))
	}
	return orList(out)
}

func suitPl(s genome.SuitSet) string {
	var out []string
	for _, x := range s.List() {
		out = append(out, suitWords[x]+"s")
	}
	return orList(out)
}

func cardName(c cards.Card) string {
	switch {
	case c == cards.RedJoker:
		return "the red joker"
	case c == cards.BlackJoker:
		return "the black joker"
	case !c.Valid():
		return "an unknown card"
	}
	return fmt.Sprintf("the %s of %ss (%s)", rankWords[c.Rank()], suitWords[c.Suit()], c)
}

// filterText names the cards a scoring rule or effect matches, singular.
func filterText(ranks genome.RankSet, suits genome.SuitSet) string {
	switch {
	case ranks == 0 && suits == 0:
		return "card"
	case ranks == 0:
		return orList(strings.Split(strings.ReplaceAll(suitA(suits), "a ", ""), " or "))
	case suits == 0:
		var out []string
		for _, r := range ranks.List() {
			out = append(out, rankWords[r])
		}
		return orList(out)
	}
	var out []string
	for _, r := range ranks.List() {
		for _, s := range suits.List() {
			out = append(out, rankWords[r]+" of "+suitWords[s]+"s")
		}
	}
	return orList(out)
}

// subject is who a player condition talks about.
type subject struct {
	noun, poss string
	second     bool // "you": second-person verbs
}

var (
	you         = subject{"you", "your", true}
	somePlayer  = subject{"some player", "some player's", false}
	everyPlayer = subject{"every player", "every player's", false}
)

func (s subject) verb(second, third string) string {
	if s.second {
		return s.noun + " " + second
	}
	return s.noun + " " + third
}

var cmpWords = []string{"exactly", "other than", "fewer than", "at most", "more than", "at least"}
var cmpPlain = []string{"exactly", "not", "below", "at most", "above", "at least"}

func count(c *genome.Condition, one, many string) string {
	return fmt.Sprintf("%s %s", cmpWords[c.Cmp%6], plural(int(c.Value), one, many))
}

// cond renders a condition; the card is "the card".
func cond(c *genome.Condition, s subject) string {
	switch c.Op {
	case genome.OpAlways:
		return "always"
	case genome.OpNever:
		return "never"
	case genome.OpAnd, genome.OpOr:
		var parts []string
		for i := range c.Args {
			p := cond(&c.Args[i], s)
			if a := c.Args[i].Op; a == genome.OpAnd || a == genome.OpOr {
				p = "(" + p + ")"
			}
			parts = append(parts, p)
		}
		if c.Op == genome.OpAnd {
			if len(c.Args) == 2 && c.Args[0].Op == genome.OpTest && c.Args[1].Op == genome.OpTest &&
				c.Args[0].Test == genome.TestCardRankIn && c.Args[1].Test == genome.TestCardSuitIn &&
				c.Args[0].Ranks.Len() == 1 && c.Args[1].Suits.Len() == 1 {
				return "the card is the " + filterText(c.Args[0].Ranks, c.Args[1].Suits)
			}
			return andList(parts)
		}
		return orList(parts)
	case genome.OpNot:
		if len(c.Args) == 1 {
			a := &c.Args[0]
			if a.Op == genome.OpTest {
				switch a.Test {
				case genome.TestCardRankIn:
					return "the card is not " + rankA(a.Ranks)
				case genome.TestCardSuitIn:
					return "the card is not " + suitA(a.Suits)
				}
			}
			return "it is not the case that " + cond(a, s)
		}
	case genome.OpAnyPlayer:
		if len(c.Args) == 1 {
			return cond(&c.Args[0], somePlayer)
		}
	case genome.OpAllPlayers:
		if len(c.Args) == 1 {
			return cond(&c.Args[0], everyPlayer)
		}
	case genome.OpTest:
		return test(c, s)
	}
	return "(malformed condition)"
}

func test(c *genome.Condition, s subject) string {
	v := int(c.Value)
	cw := cmpPlain[c.Cmp%6]
	switch c.Test {
	case genome.TestCardRankIn:
		return "the card is " + rankA(c.Ranks)
	case genome.TestCardSuitIn:
		return "the card is " + suitA(c.Suits)
	case genome.TestSameRankAsTop:
		return "the card has the same rank as the top card of the discard pile"
	case genome.TestSameSuitAsTop:
		return "the card has the same suit as the top card of the discard pile"
	case genome.TestCardRankVsTop:
		words := []string{"the same as", "differently from", "below", "no higher than", "above", "no lower than"}
		return "the card ranks " + words[c.Cmp%6] + " the top card of the discard pile"
	case genome.TestCardIsTrump:
		return "the card is a trump"
	case genome.TestCardIsWild:
		return "the card is wild"
	case genome.TestCardPoints:
		return "the card is worth " + count(c, "point", "points")
	case genome.TestHandSize:
		if c.Cmp == genome.CmpEq && v == 0 {
			return s.verb("hold", "holds") + " no cards"
		}
		return s.verb("hold", "holds") + " " + count(c, "card", "cards")
	case genome.TestHandPoints:
		return s.poss + " hand is worth " + count(c, "point", "points")
	case genome.TestScore:
		return fmt.Sprintf("%s score is %s %d", s.poss, cw, v)
	case genome.TestChips:
		return s.verb("have", "has") + " " + count(c, "chip", "chips")
	case genome.TestTricksWon:
		return s.verb("have", "has") + " won " + count(c, "trick", "tricks") + " this hand"
	case genome.TestWonCards:
		return s.verb("have", "has") + " " + count(c, "card", "cards") + " in " + s.poss + " won pile"
	case genome.TestHasRank:
		return s.verb("hold", "holds") + " " + rankA(c.Ranks)
	case genome.TestHasSuit:
		return s.verb("hold", "holds") + " " + suitA(c.Suits)
	case genome.TestOnlySuits:
		return s.verb("hold", "holds") + " only " + suitPl(c.Suits)
	case genome.TestLargestSet:
		return s.verb("hold", "holds") + " " + count(c, "card", "cards") + " of one rank"
	case genome.TestStockSize:
		if c.Cmp == genome.CmpEq && v == 0 {
			return "the stock is empty"
		}
		return "the stock has " + count(c, "card", "cards")
	case genome.TestDiscardSize:
		if c.Cmp == genome.CmpEq && v == 0 {
			return "the discard pile is empty"
		}
		return "the discard pile has " + count(c, "card", "cards")
	case genome.TestTurnNumber:
		return fmt.Sprintf("the turn number is %s %d", cw, v)
	case genome.TestHandNumber:
		return fmt.Sprintf("the hand number is %s %d", cw, v)
	case genome.TestTricksPlayed:
		if c.Cmp == genome.CmpGt && v == 0 {
			return "a trick has already been played this hand"
		}
		return count(c, "trick has", "tricks have") + " been played this hand"
	case genome.TestPlayersIn:
		return count(c, "player is", "players are") + " still in the hand"
	case genome.TestSuitPlayed:
		return suitA(c.Suits) + " has already been played this hand"
	}
	return "(unknown test)"
}

func (w *rulebook) write() {
	g := w.g
	s := &g.Setup
	title := g.Name
	if title == "" {
		title = g.ID
	}
	if title == "" {
		title = "Untitled game"
	}
	w.line("%s", title)
	w.line("%s", strings.Repeat("=", len(title)))
	w.b.WriteByte('\n')
	if s.MinPlayers == s.MaxPlayers {
		w.para("", fmt.Sprintf("Players: %d.", s.MinPlayers))
	} else {
		w.para("", fmt.Sprintf("Players: %d to %d.", s.MinPlayers, s.MaxPlayers))
	}
	w.para("", "Cards: "+w.deckText())

	w.section("Object of the game")
	for _, wc := range g.WinConditions {
		w.para("- ", winText(wc))
	}
	if len(g.WinConditions) > 1 {
		w.para("", "If the game ends without any of these deciding it, the conditions rank the players in the order listed (each one breaking the ties of the one before); tied players share the win.")
	}

	if s.HasChips() {
		w.section("Chips")
		w.para("", w.chipsText())
	}

	w.section("Dealing")
	w.para("", w.dealText())

	w.section("Play")
	w.playText()

	if len(g.Effects) > 0 || s.WildRanks != 0 {
		w.section("Special cards")
		if s.WildRanks != 0 {
			w.para("- ", fmt.Sprintf("%s are wild: a wild card can always be played, and in a poker showdown it stands for any card you like.", capital(rankPl(s.WildRanks))))
		}
		for _, e := range g.Effects {
			w.para("- ", effectText(e))
		}
	}

	if len(g.Scoring) > 0 {
		w.section("Scoring")
		w.para("", "At the end of each hand every player scores:")
		for _, r := range g.Scoring {
			w.para("- ", scoreText(r))
		}
	}

	w.section("End of the game")
	w.para("", w.endText())
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func (w *rulebook) deckText() string {
	s := &w.g.Setup
	var b strings.Builder
	if s.Deck == genome.DeckShort36 {
		b.WriteString("a 36-card deck (six to ace in each suit)")
	} else {
		b.WriteString("a standard 52-card deck")
	}
	switch s.Jokers {
	case 1:
		b.WriteString(" with one joker")
	case 2:
		b.WriteString(" with two jokers")
	}
	if len(s.Remove) > 0 {
		var names []string
		for _, c := range s.Remove {
			names = append(names, cardName(c))
		}
		b.WriteString(", with " + andList(names) + " removed")
	}
	b.WriteString(fmt.Sprintf(" (%d cards). ", len(s.Cards())))
	if s.RankOrder == genome.AceLow {
		b.WriteString("Aces are low: ace, two, three, …, king.")
	} else {
		b.WriteString("Aces are high: two, three, …, king, ace.")
	}
	if s.Jokers > 0 {
		b.WriteString(" A joker ranks above every other card.")
	}
	return b.String()
}

func (w *rulebook) chipsText() string {
	s := &w.g.Setup
	var parts []string
	parts = append(parts, fmt.Sprintf("Each player starts with %s.", chipsText(s.StartingChips)))
	if s.Ante > 0 {
		parts = append(parts, fmt.Sprintf("At the start of every hand each player antes %s into the pot.", chipsText(s.Ante)))
	}
	if s.BigBlind > 0 {
		if s.SmallBlind > 0 {
			parts = append(parts, fmt.Sprintf("At the start of every hand the player to the dealer's left posts a small blind of %s and the next player a big blind of %s (with two players, the dealer posts the small blind).", chipsText(s.SmallBlind), chipsText(s.BigBlind)))
		} else {
			parts = append(parts, fmt.Sprintf("At the start of every hand the second player to the dealer's left posts a big blind of %s.", chipsText(s.BigBlind)))
		}
	}
	parts = append(parts, "A player who cannot pay a forced bet in full puts in all their chips and is all in. When players are all in for different amounts, side pots are formed: each player can only win from the others as much as they put in.")
	if s.Elimination == genome.EliminateNoChips {
		parts = append(parts, "A player who has no chips left at the end of a hand is out of the game.")
	}
	return strings.Join(parts, " ")
}

func (w *rulebook) dealText() string {
	s := &w.g.Setup
	var parts []string
	parts = append(parts, "Choose a first dealer; the deal passes one player to the left after every hand.")
	if len(s.Remove) > 0 {
		parts = append(parts, "Take the removed cards out of the deck.")
	}
	if s.DealAll {
		shared := w.sharedText()
		if shared != "" {
			parts = append(parts, "Shuffle. "+shared)
			parts = append(parts, "Deal out the rest of the deck face down, one card at a time starting with the player to the dealer's left; some players may get one card more than others.")
		} else {
			parts = append(parts, "Shuffle and deal out the whole deck face down, one card at a time starting with the player to the dealer's left; some players may get one card more than others.")
		}
	} else {
		n := plural(int(s.CardsPerPlayer), "card", "cards")
		if s.HandSizeChange != 0 {
			more := "more"
			if s.HandSizeChange < 0 {
				more = "fewer"
			}
			d := int(s.HandSizeChange)
			if d < 0 {
				d = -d
			}
			n = fmt.Sprintf("%s in the first hand and %d %s in each following hand", n, d, more)
		}
		if s.CardsPerPlayer > 0 {
			parts = append(parts, fmt.Sprintf("Shuffle and deal %s face down to each player, one at a time, starting with the player to the dealer's left. Players look at their own cards only.", n))
		} else {
			parts = append(parts, "Shuffle; no cards are dealt to the players at the start.")
		}
		if shared := w.sharedText(); shared != "" {
			parts = append(parts, shared)
		}
		if int(s.MinPlayers)*int(s.CardsPerPlayer)+int(s.InitialDiscard)+int(s.Tableau)+int(s.Community) < len(s.Cards()) {
			parts = append(parts, "The undealt cards form the stock, face down.")
		}
	}
	switch s.Trump {
	case genome.TrumpFixed:
		parts = append(parts, capital(suitWords[s.TrumpSuit%4])+"s are trumps.")
	case genome.TrumpTurnUp:
		parts = append(parts, "Turn up the top card of the stock: its suit is trumps for this hand. Put it face up at the bottom of the stock.")
	}
	return strings.Join(parts, " ")
}

func (w *rulebook) sharedText() string {
	s := &w.g.Setup
	var parts []string
	if s.InitialDiscard == 1 {
		parts = append(parts, "Turn the next card face up to start the discard pile.")
	} else if s.InitialDiscard > 1 {
		parts = append(parts, fmt.Sprintf("Turn the next %d cards face up to start the discard pile.", s.InitialDiscard))
	}
	if s.Tableau > 0 {
		parts = append(parts, fmt.Sprintf("Lay the next %s face up in the middle of the table as the tableau.", plural(int(s.Tableau), "card", "cards")))
	}
	if s.Community > 0 {
		parts = append(parts, fmt.Sprintf("Lay the next %s face up as community cards, shared by all players.", plural(int(s.Community), "card", "cards")))
	}
	return strings.Join(parts, " ")
}

func (w *rulebook) firstText() string {
	t := &w.g.Turns
	switch t.FirstPlayer {
	case genome.FirstDealer:
		return "the dealer"
	case genome.FirstHolderOfCard:
		return "the player who holds " + cardName(t.FirstCard)
	case genome.FirstLastHandWinner:
		return "the winner of the previous hand (in the first hand, the player to the dealer's left)"
	}
	return "the player to the dealer's left"
}

func (w *rulebook) playText() {
	g := w.g
	t := &g.Turns
	dir := "left"
	if t.Direction == genome.CounterClockwise {
		dir = "right"
	}
	w.para("", fmt.Sprintf("Play goes to the %s. Each hand is played in these steps, starting with %s:", dir, w.firstText()))
	step := 1
	cs, ce := int(t.CycleStart), int(t.CycleEnd)
	if cs > ce || ce > len(g.Phases) {
		cs, ce = len(g.Phases), len(g.Phases)
	}
	for i := 0; i < cs; i++ {
		w.para(fmt.Sprintf("%2d. ", step), capital(phaseText(g, &g.Phases[i], false)))
		step++
	}
	if cs < ce {
		intro := "Then players take turns. On your turn:"
		if cs == 0 {
			intro = "Players take turns. On your turn:"
		}
		if t.FirstPlayer == genome.FirstHolderOfCard && cs > 0 {
			intro += fmt.Sprintf(" (%s takes the first turn)", w.firstText())
		}
		w.para(fmt.Sprintf("%2d. ", step), intro)
		for i := cs; i < ce; i++ {
			w.para(fmt.Sprintf("    %c) ", 'a'+rune(i-cs)), capital(phaseText(g, &g.Phases[i], true)))
		}
		until := "the game ends"
		if t.CycleUntil.Op != genome.OpNever {
			until = cond(&t.CycleUntil, you)
		}
		next := "After your turn the next player to the " + dir + " takes a turn"
		for _, p := range g.Phases[cs:ce] {
			if p.Kind == genome.PhaseTrick {
				next = "The winner of each trick takes the next turn"
				if p.Trick.PlayFrom == genome.FromTopOfHand {
					next = "Battles follow one another"
				}
			}
		}
		w.para("    ", fmt.Sprintf("%s. Turns go on until %s.", next, until))
		step++
	}
	for i := ce; i < len(g.Phases); i++ {
		w.para(fmt.Sprintf("%2d. ", step), capital(phaseText(g, &g.Phases[i], false)))
		step++
	}
	if hasKind(g.Phases, genome.PhaseBetting) {
		w.para("", "Whenever all players but one have folded, the last player in the hand takes the pot without showing their cards and the hand ends at once.")
	}
	if hasWin(g, genome.WinLastWithCardsLoses) {
		w.para("", "A player who has no cards left is out of the hand: they take no more turns and nobody draws from them.")
	}
	switch g.Setup.Elimination {
	case genome.EliminateNoTricks:
		w.para("", "At the end of each hand, every player who won no trick is knocked out of the game.")
	}
}

func hasKind(ps []genome.Phase, k genome.PhaseKind) bool {
	for _, p := range ps {
		if p.Kind == k {
			return true
		}
	}
	return false
}

func hasWin(g *genome.Genome, k genome.WinKind) bool {
	for _, w := range g.WinConditions {
		if w.Kind == k {
			return true
		}
	}
	return false
}

// phaseText describes one phase; turn says whether it is part of "your
// turn".
func phaseText(g *genome.Genome, p *genome.Phase, turn bool) string {
	each := func(a genome.Actor) string {
		if a == genome.ActorEachPlayer {
			if turn {
				return "Every player in turn, starting with you: "
			}
			return "Every player in turn: "
		}
		return ""
	}
	switch p.Kind {
	case genome.PhaseDeal:
		d := &p.Deal
		n := plural(int(d.Count), "card", "cards")
		switch d.To {
		case genome.DealToCommunity:
			return fmt.Sprintf("Deal %s face up as community cards, shared by all players.", n)
		case genome.DealToTableau:
			return fmt.Sprintf("Deal %s face up onto the tableau.", n)
		}
		up := "face down"
		if d.FaceUp {
			up = "face up"
		}
		return fmt.Sprintf("Deal %s %s to each player still in the hand.", n, up)
	case genome.PhaseDraw:
		d := &p.Draw
		src := map[genome.DrawSource]string{
			genome.DrawFromStock:          "the stock",
			genome.DrawFromDiscard:        "the top of the discard pile",
			genome.DrawFromPreviousPlayer: "the hand of the player before you (the nearest one still holding cards), without looking",
			genome.DrawFromNextPlayer:     "the hand of the player after you (the nearest one still holding cards), without looking",
			genome.DrawFromChosenPlayer:   "the hand of a player of your choice, without looking",
		}[d.Source]
		var b strings.Builder
		b.WriteString(each(d.Actor))
		if d.Mandatory {
			b.WriteString("draw ")
		} else {
			b.WriteString("you may draw ")
		}
		b.WriteString(plural(int(d.Count), "card", "cards") + " from " + src)
		if d.FaceUp {
			b.WriteString(", face up for everyone to see")
		}
		if d.Condition.Op != genome.OpAlways {
			b.WriteString(", but only if " + cond(&d.Condition, you))
		}
		b.WriteString(".")
		if d.Repeat {
			b.WriteString(" You may keep drawing, one draw at a time, until you choose to stop")
			if d.Condition.Op != genome.OpAlways {
				b.WriteString(" or no longer may draw")
			}
			b.WriteString(".")
		}
		return b.String()
	case genome.PhasePlay:
		d := &p.Play
		var b strings.Builder
		b.WriteString(each(d.Actor))
		dest := "onto the discard pile"
		if d.Target == genome.PlayToTableau {
			dest = "onto the tableau"
		}
		if d.MinCards == d.MaxCards {
			b.WriteString(fmt.Sprintf("play %s face up %s", plural(int(d.MinCards), "card", "cards"), dest))
		} else {
			b.WriteString(fmt.Sprintf("play %d to %d cards face up %s", d.MinCards, d.MaxCards, dest))
		}
		if d.SameRank && d.MaxCards > 1 {
			b.WriteString(", all of the same rank")
		}
		b.WriteString(".")
		if d.Condition.Op != genome.OpAlways {
			each := "A card"
			if d.MaxCards > 1 {
				each = "Each card"
			}
			b.WriteString(fmt.Sprintf(" %s may be played only if %s.", each, cond(&d.Condition, you)))
		}
		if wilds := wildEffectRanks(g); wilds != 0 {
			b.WriteString(fmt.Sprintf(" %s can always be played (see Special cards).", capital(rankPl(wilds))))
		}
		if d.Mandatory {
			b.WriteString(" If you can play, you must.")
		} else {
			b.WriteString(" You may choose not to play, as if you could not.")
		}
		switch d.IfUnable {
		case genome.UnablePass:
			b.WriteString(" If you cannot play, you pass.")
		case genome.UnableDrawOne:
			b.WriteString(" If you cannot play, draw one card from the stock; if it can be played you may play it at once, otherwise your turn ends.")
		case genome.UnableDrawUntilAble:
			b.WriteString(" If you cannot play, draw cards from the stock one at a time until you draw one that can be played, and play it; if the stock runs out, you pass.")
		}
		return b.String()
	case genome.PhaseDiscard:
		d := &p.Discard
		var b strings.Builder
		b.WriteString(each(d.Actor))
		if d.SetSize > 0 {
			set := map[uint8]string{2: "pair (two cards of the same rank)", 3: "set of three cards of the same rank", 4: "book (all four cards of one rank)"}[d.SetSize]
			if set == "" {
				set = fmt.Sprintf("set of %d cards of the same rank", d.SetSize)
			}
			where := map[genome.DiscardTarget]string{
				genome.DiscardToPile: "face up on the discard pile", genome.DiscardToWon: "face up in front of you",
				genome.DiscardToNextPlayer: "into the hand of the next player", genome.DiscardToPreviousPlayer: "into the hand of the previous player",
			}[d.Target]
			b.WriteString(fmt.Sprintf("put down every %s in your hand %s. (With three of a kind, only one pair goes.)", set, where))
			if d.SetSize != 2 {
				s := b.String()
				b.Reset()
				b.WriteString(strings.TrimSuffix(s, " (With three of a kind, only one pair goes.)"))
			}
			return b.String()
		}
		n := plural(int(d.MaxCards), "card", "cards")
		if d.MinCards != d.MaxCards {
			n = fmt.Sprintf("%d to %d cards", d.MinCards, d.MaxCards)
		}
		switch d.Target {
		case genome.DiscardToNextPlayer, genome.DiscardToPreviousPlayer:
			who := "next"
			if d.Target == genome.DiscardToPreviousPlayer {
				who = "previous"
			}
			b.WriteString(fmt.Sprintf("choose %s from your hand and pass them face down to the %s player", n, who))
			if d.Actor == genome.ActorEachPlayer {
				b.WriteString("; everyone passes before picking up the cards passed to them")
			}
		case genome.DiscardToWon:
			b.WriteString(fmt.Sprintf("put %s from your hand face up in front of you", n))
		default:
			b.WriteString(fmt.Sprintf("discard %s from your hand onto the discard pile", n))
		}
		if d.Condition.Op != genome.OpAlways {
			b.WriteString(", choosing only cards for which " + cond(&d.Condition, you))
		}
		b.WriteString(".")
		if d.Refill {
			b.WriteString(" Then draw as many cards from the stock as you discarded.")
		}
		return b.String()
	case genome.PhaseTrick:
		return trickText(g, &p.Trick)
	case genome.PhaseBetting:
		d := &p.Betting
		var b strings.Builder
		b.WriteString("Betting round: players may check, bet, call, raise, fold or go all in. ")
		switch d.Structure {
		case genome.FixedLimit:
			b.WriteString(fmt.Sprintf("Fixed limit: every bet and raise is exactly %s, and there are at most %s in the round.", chipsText(d.MinBet), plural(int(d.MaxRaises), "raise", "raises")))
		case genome.PotLimit:
			b.WriteString(fmt.Sprintf("Pot limit: the smallest bet is %s and a raise must be at least the previous bet or raise; nobody may raise by more than the pot holds after calling.", chipsText(d.MinBet)))
		case genome.NoLimit:
			b.WriteString(fmt.Sprintf("No limit: the smallest bet is %s and a raise must be at least the previous bet or raise; you may bet all your chips at any time.", chipsText(d.MinBet)))
		}
		if d.Structure != genome.FixedLimit {
			if d.MaxRaises > 0 {
				b.WriteString(fmt.Sprintf(" There are at most %s in the round.", plural(int(d.MaxRaises), "raise", "raises")))
			}
		}
		b.WriteString(" An all-in for less than a full raise does not reopen the betting. The round ends when everyone still in has acted and all bets are matched. In the first betting round of a hand with blinds, the player after the big blind acts first (with two players, the dealer); otherwise the first player after the dealer still in the hand.")
		return b.String()
	case genome.PhaseClaim:
		d := &p.Claim
		var b strings.Builder
		n := fmt.Sprintf("%d to %d cards", d.MinCards, d.MaxCards)
		if d.MinCards == d.MaxCards {
			n = plural(int(d.MinCards), "card", "cards")
		}
		b.WriteString(fmt.Sprintf("Put %s face down on the centre pile and announce their rank. ", n))
		if d.RankRule == genome.ClaimAscending {
			first := d.FirstRank % cards.RankJoker
			next := (first + 1) % cards.NumRanks
			b.WriteString(fmt.Sprintf("The first player of the hand must announce %s, the next %s, and so on up the ranks (after kings come aces, after aces twos). ", rankPlurals[first], rankPlurals[next]))
		} else {
			b.WriteString("You may announce any rank. ")
		}
		b.WriteString("You may lie about the cards. ")
		if d.Challenge == genome.ChallengeAnyPlayer {
			b.WriteString("Then any other player may call \"Cheat!\" (they are asked in turn order, starting after you). ")
		} else {
			b.WriteString("Then the next player may call \"Cheat!\". ")
		}
		b.WriteString("If someone does, turn up the cards you put down: if any of them is not of the announced rank, you take the whole centre pile into your hand; otherwise the player who called takes it.")
		return b.String()
	case genome.PhaseShowdown:
		d := &p.Showdown
		var b strings.Builder
		b.WriteString("Showdown: the players still in the hand show their cards. ")
		switch d.Method {
		case genome.ShowdownPokerHigh:
			if d.HoleCards == 0 {
				b.WriteString("The best five-card poker hand made from a player's own cards and the community cards wins")
			} else {
				b.WriteString(fmt.Sprintf("Each player makes the best five-card poker hand from exactly %d of their own cards and %d community cards; the best hand wins", d.HoleCards, 5-d.HoleCards))
			}
			b.WriteString(" (royal flush, straight flush, four of a kind, full house, flush, straight, three of a kind, two pair, one pair, high card; an ace may be high or low in a straight).")
		case genome.ShowdownHighCard:
			b.WriteString("The player with the highest card wins; if tied, compare the next highest cards, and so on. Suits do not count.")
		case genome.ShowdownPointTotal:
			lim := g.Setup.PointLimit
			b.WriteString(fmt.Sprintf("The hand worth the most points without going over %d wins. Two to ten count their number, jack, queen and king 10, an ace 1 (or 11 if that keeps the hand at %d or less). A hand over %d is bust and loses to any other hand; if every hand is bust, the lowest total wins.", lim, lim, lim))
		}
		if g.Setup.HasChips() {
			b.WriteString(" The winner takes the pot; tied winners split it, the odd chip going to the first of them after the dealer.")
		} else {
			b.WriteString(" The winner wins the showdown; tied players all do.")
		}
		return b.String()
	case genome.PhaseAsk:
		d := &p.Ask
		var b strings.Builder
		who := "any other player"
		if d.Target == genome.AskNextPlayer {
			who = "the next player"
		}
		b.WriteString(fmt.Sprintf("Ask %s for a rank", who))
		if d.MustHoldRank {
			b.WriteString(" that you hold at least one card of")
		}
		b.WriteString(" (\"Give me your sevens\"). If they have any cards of that rank they must give you all of them")
		if d.AgainOnSuccess {
			b.WriteString(", and you take another turn")
		}
		b.WriteString(".")
		if d.FishCount > 0 {
			b.WriteString(fmt.Sprintf(" If they have none, they say \"Go fish!\" and you draw %s from the stock", plural(int(d.FishCount), "card", "cards")))
			if d.AgainOnFish {
				b.WriteString("; if you draw the rank you asked for, show it and take another turn")
			}
			b.WriteString(".")
		}
		return b.String()
	}
	return unknownPhase
}

func wildEffectRanks(g *genome.Genome) genome.RankSet {
	var s genome.RankSet
	for _, e := range g.Effects {
		if e.Kind == genome.EffectWild {
			s |= e.Ranks
		}
	}
	return s | g.Setup.WildRanks
}

func trickText(g *genome.Genome, d *genome.TrickPhase) string {
	var b strings.Builder
	if d.PlayFrom == genome.FromTopOfHand {
		b.WriteString("Battle: every player with cards turns the top card of their face-down pile face up, all at the same time. ")
	} else {
		b.WriteString("Play a trick: you lead a card")
		if d.LeadCondition.Op != genome.OpAlways {
			b.WriteString(fmt.Sprintf(" (you may lead a card only if %s; if no card qualifies, lead any card)", cond(&d.LeadCondition, you)))
		}
		b.WriteString(", then each other player in turn plays one card")
		if d.FollowSuit {
			b.WriteString("; players must follow the suit led if they can, otherwise they may play any card")
		}
		b.WriteString(". ")
	}
	trumps := g.Setup.Trump != genome.TrumpNone
	switch d.Winner {
	case genome.HighLedSuit, genome.LowLedSuit:
		hl := "highest"
		if d.Winner == genome.LowLedSuit {
			hl = "lowest"
		}
		if trumps {
			b.WriteString(fmt.Sprintf("The highest trump wins the trick; if no trump was played, the %s card of the suit led wins. ", hl))
		} else {
			b.WriteString(fmt.Sprintf("The %s card of the suit led wins the trick. ", hl))
		}
	case genome.HighRank, genome.LowRank:
		hl := "highest"
		if d.Winner == genome.LowRank {
			hl = "lowest"
		}
		b.WriteString(fmt.Sprintf("The %s card wins; suits do not matter. ", hl))
		if d.Tie == genome.TieWar {
			b.WriteString(fmt.Sprintf("If the best cards tie, it is war: each tied player puts %s face down and then one card face up, and the best of the new face-up cards wins everything (repeat if they tie again). A player who runs short plays their last card face up; a tied player with no cards loses the war. ", plural(int(d.WarCards), "card", "cards")))
		} else {
			b.WriteString("If the best cards tie, the one played first wins. ")
		}
	}
	switch d.Collect {
	case genome.CollectHandBottom:
		b.WriteString("The winner puts all the cards played face down at the bottom of their pile")
	default:
		b.WriteString("The winner takes the cards of the trick face down into their won pile")
	}
	if d.AwardsPot {
		b.WriteString(" and takes the pot")
	}
	b.WriteString(".")
	return b.String()
}

func effectText(e genome.Effect) string {
	who := map[genome.EffectTarget]string{
		genome.TargetNextPlayer: "the next player", genome.TargetPreviousPlayer: "the previous player",
		genome.TargetChosenPlayer: "a player of your choice", genome.TargetAllOthers: "every other player",
	}[e.Target]
	name := "A" + strings.TrimPrefix(strings.TrimPrefix(article(filterText(e.Ranks, e.Suits)), "a"), "A")
	var what string
	n := int(e.Value)
	switch e.Kind {
	case genome.EffectSkip:
		what = "the next player misses their turn"
	case genome.EffectReverse:
		what = "the direction of play reverses"
	case genome.EffectDraw:
		what = fmt.Sprintf("%s draws %s from the stock", who, plural(n, "card", "cards"))
	case genome.EffectExtraTurn:
		what = "you take another turn"
	case genome.EffectWild:
		return fmt.Sprintf("%s is wild: it can be played on any card, and whoever plays it names a suit; the next card played must follow that suit (or be wild).", name)
	case genome.EffectSteal:
		what = fmt.Sprintf("you take %s at random from %s's hand", plural(n, "card", "cards"), who)
	case genome.EffectPeek:
		what = fmt.Sprintf("you look at %s at random from %s's hand", plural(n, "card", "cards"), who)
	case genome.EffectGive:
		what = fmt.Sprintf("you give %s of your choice to %s", plural(n, "card", "cards"), who)
	case genome.EffectSwapHands:
		what = fmt.Sprintf("you swap hands with %s", who)
	case genome.EffectDiscard:
		what = fmt.Sprintf("%s discards %s of their choice", who, plural(n, "card", "cards"))
	}
	return fmt.Sprintf("%s: when you play one, %s.", name, what)
}

func scoreText(r genome.ScoringRule) string {
	pts := plural(int(r.Points), "point", "points")
	if r.Points < 0 {
		pts = "minus " + plural(-int(r.Points), "point", "points")
	}
	f := filterText(r.Ranks, r.Suits)
	switch r.Kind {
	case genome.ScoreCardWon:
		return fmt.Sprintf("%s for each %s among the cards they won.", pts, f)
	case genome.ScoreCardInHand:
		return fmt.Sprintf("%s for each %s left in their hand.", pts, f)
	case genome.ScoreTrickWon:
		return fmt.Sprintf("%s for each trick they won.", pts)
	case genome.ScoreSetMade:
		return fmt.Sprintf("%s for each set they put down.", pts)
	case genome.ScoreWentOut:
		return fmt.Sprintf("%s if they were the first to run out of cards.", pts)
	case genome.ScoreShowdownWon:
		return fmt.Sprintf("%s for each showdown they won.", pts)
	}
	return "(unknown scoring rule)"
}

func winText(w genome.WinCondition) string {
	t := int(w.Threshold)
	switch w.Kind {
	case genome.WinEmptyHand:
		return "The first player to get rid of all their cards wins at once."
	case genome.WinLastWithCardsLoses:
		return "Players who get rid of all their cards are safe. The last player left holding cards loses; everyone else wins."
	case genome.WinCaptureAll:
		return "The player who wins all the cards wins."
	case genome.WinHighScore:
		if t > 0 {
			return fmt.Sprintf("The game ends after a hand in which a player reaches %d points or more; the player with the highest score wins.", t)
		}
		return "The player with the highest score wins."
	case genome.WinLowScore:
		if t > 0 {
			return fmt.Sprintf("The game ends after a hand in which a player reaches %d points or more; the player with the lowest score wins.", t)
		}
		return "The player with the lowest score wins."
	case genome.WinFirstToScore:
		return fmt.Sprintf("The first player to have %d points or more at the end of a hand wins (if several do, the highest score).", t)
	case genome.WinMostTricks:
		return "The player who won the most tricks in the last hand wins."
	case genome.WinBestHand:
		return "The player who won the most showdowns wins."
	case genome.WinMostChips:
		return "The player with the most chips wins."
	case genome.WinLastWithChips:
		return "The last player with chips left wins."
	case genome.WinLastStanding:
		return "The last player not knocked out wins."
	}
	return "(unknown win condition)"
}

func (w *rulebook) endText() string {
	g := w.g
	s := &g.Setup
	var parts []string
	if s.HandsPerGame == 1 {
		parts = append(parts, "The game is a single hand.")
	} else if s.HandsPerGame > 1 {
		parts = append(parts, fmt.Sprintf("The game lasts at most %d hands.", s.HandsPerGame))
	} else {
		parts = append(parts, "Hands are played one after another until a player wins.")
	}
	turn := "a turn is one hand"
	if g.Cycle() != nil {
		turn = "a turn is one pass through the turn steps"
	}
	parts = append(parts, fmt.Sprintf("So that every game ends, play stops after %s (%s); the players are then ranked as described under Object of the game.", plural(int(g.Turns.MaxTurns), "turn", "turns"), turn))
	return strings.Join(parts, " ")
}

// unknownPhase stands for a phase whose kind phaseText does not know.
const unknownPhase = "(a phase of unknown kind)"
