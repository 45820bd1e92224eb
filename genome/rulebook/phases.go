package rulebook

import (
	"fmt"
	"strings"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/genome"
)

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
		first := !laterBettingRound(g, p)
		if first {
			b.WriteString("Betting round: players may check, bet, call, raise, fold or go all in. ")
		} else {
			b.WriteString("Another betting round, played as the first. ")
		}
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
		if first {
			b.WriteString(" An all-in for less than a full raise does not reopen the betting. The round ends when everyone still in has acted and all bets are matched.")
			if g.Setup.BigBlind > 0 {
				b.WriteString(" In the first betting round of a hand, the player after the big blind acts first (with two players, the dealer); in later rounds the first player after the dealer still in the hand.")
			} else {
				b.WriteString(" The first player after the dealer still in the hand acts first.")
			}
		}
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
			switch {
			case d.HoleCards == 0 && !hasCommunity(g):
				b.WriteString("The best five-card poker hand made from a player's own cards wins")
			case d.HoleCards == 0:
				b.WriteString("The best five-card poker hand made from a player's own cards and the community cards wins")
			default:
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

// laterBettingRound reports whether p is a betting phase of g after the
// first one, whose general rules the rulebook then does not repeat.
func laterBettingRound(g *genome.Genome, p *genome.Phase) bool {
	for i := range g.Phases {
		if g.Phases[i].Kind == genome.PhaseBetting {
			return p != &g.Phases[i]
		}
	}
	return false
}

// hasCommunity reports whether g lays out community cards.
func hasCommunity(g *genome.Genome) bool {
	if g.Setup.Community > 0 {
		return true
	}
	for i := range g.Phases {
		if p := &g.Phases[i]; p.Kind == genome.PhaseDeal && p.Deal.To == genome.DealToCommunity {
			return true
		}
	}
	return false
}

// unknownPhase stands for a phase whose kind phaseText does not know.
const unknownPhase = "(a phase of unknown kind)"

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
