package rulebook

import (
	"fmt"
	"strings"

	"github.com/deckforge/deckforge/genome"
)

// Rules returns a plain-English rulebook for g, good enough for people to
// play the game from: players and cards, the object, chips, the deal, the
// play step by step, special cards, scoring and the end of the game. It
// describes any genome; for an invalid one the text may describe rules that
// cannot be played. Conditions are written simplified (Genome.Simplify):
// a rulebook never says "if you hold at least 0 cards".
func Rules(g *genome.Genome) string {
	s := g.Clone()
	for _, c := range s.ConditionRefs() {
		*c.C = g.Simplify(*c.C)
	}
	w := &rulebook{g: s}
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
	if s.Ante > 0 || s.BigBlind > 0 || s.SmallBlind > 0 {
		parts = append(parts, "A player who cannot pay a forced bet in full puts in all their chips and is all in.")
	} else {
		parts = append(parts, "There are no forced bets: the pot holds only what players bet.")
	}
	parts = append(parts, "When players are all in for different amounts, side pots are formed: each player can only win from the others as much as they put in.")
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
		if t.CycleUntil.Op == genome.OpAlways {
			intro = "Then the current player takes one turn. On your turn:"
			if cs == 0 {
				intro = "The starting player takes one turn. On your turn:"
			}
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
		if t.CycleUntil.Op != genome.OpAlways {
			w.para("    ", fmt.Sprintf("%s. Turns go on until %s.", next, until))
		}
		step++
	}
	for i := ce; i < len(g.Phases); i++ {
		w.para(fmt.Sprintf("%2d. ", step), capital(phaseText(g, &g.Phases[i], false)))
		step++
	}
	if g.HasPhase(genome.PhaseBetting) {
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

func hasWin(g *genome.Genome, k genome.WinKind) bool {
	for _, w := range g.WinConditions {
		if w.Kind == k {
			return true
		}
	}
	return false
}
