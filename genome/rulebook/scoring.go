package rulebook

import (
	"fmt"
	"strings"

	"github.com/deckforge/deckforge/genome"
)

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
