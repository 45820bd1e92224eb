package rulebook

import (
	"fmt"
	"strings"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/genome"
)

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
