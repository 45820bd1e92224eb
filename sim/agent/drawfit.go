package agent

import (
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
)

// fitTries bounds the kept cards drawn for a player whose draw a
// determinization fits (see fitHand).
const fitTries = 256

// drawShown is what a player's last draw of a poker draw game showed:
// disc the cards it threw (face up) and n how many it drew (0: it stood
// pat); min and max bound the discards of that phase. ok is false when the
// observation does not show the whole draw.
type drawShown struct {
	disc     cards.Set
	n        int
	min, max int
	ok       bool
}

// drawsShown fills out[q] for every player q from o, the observation of a
// decision of pr's game (with its log) after a refilling discard phase of
// the present hand: the log is read back past the present betting round's
// actions to that phase's discards, draws and passes. It reports whether
// some out[q] is ok.
func drawsShown(pr *profile, o *game.Observation, out *[game.MaxPlayers]drawShown) bool {
	clear(out[:])
	if pr.class != classDraw {
		return false
	}
	d := -1
	for i := min(int(o.Phase), len(pr.g.Phases)) - 1; i >= 0; i-- {
		if ph := &pr.g.Phases[i]; ph.Kind == genome.PhaseDiscard {
			if ph.Discard.Refill && ph.Discard.SetSize == 0 {
				d = i
			}
			break
		}
	}
	if d < 0 {
		return false
	}
	ph := &pr.g.Phases[d].Discard
	i := int(o.LogLen) - 1
	for i >= 0 && (o.Log[i].Kind == game.EvBet || o.Log[i].Kind == game.EvFold) {
		i--
	}
	var drew [game.MaxPlayers]int
	var disc [game.MaxPlayers]cards.Set
	var pass [game.MaxPlayers]bool
	for ; i >= 0; i-- {
		e := &o.Log[i]
		q := int(e.Player)
		if q < 0 || q >= game.MaxPlayers {
			break
		}
		switch e.Kind {
		case game.EvDraw:
			drew[q]++
		case game.EvDiscard:
			if e.Card == cards.None {
				return false // discarded face down: nothing to fit
			}
			disc[q] = disc[q].Add(e.Card)
		case game.EvPass:
			pass[q] = true
		default:
			i = -1
		}
	}
	some := false
	for q := 0; q < int(o.Players); q++ {
		s := &out[q]
		s.min, s.max = int(ph.MinCards), int(ph.MaxCards)
		switch {
		case pass[q] && drew[q] == 0 && disc[q] == 0:
			s.ok = true
		case drew[q] > 0 && disc[q].Len() == drew[q]:
			s.disc, s.n, s.ok = disc[q], drew[q], true
		}
		some = some || s.ok
	}
	return some
}

// fitHand draws into pool's front a hand of h cards for a player whose
// draw showed s: h − s.n kept cards such that the greedy discard rule
// (house.DrawEvaluator) applied to them and the discarded cards throws
// exactly those, then s.n cards drawn. The kept cards are drawn again up
// to fitTries times; the last draw stands when none fits. pool holds the
// cards hidden from the searcher and the player (at least h).
func fitHand(pool []cards.Card, h int, s *drawShown, r *wyrand, hole []cards.Card) cards.Set {
	k, free := h-s.n, false
	if k < 0 || h > len(pool) {
		k, free = h, true
	}
	for t := 0; t < fitTries; t++ {
		r.shuffleFront(pool, 0, k)
		if free || fits(cards.SetOf(pool[:k]...), s, hole) {
			break
		}
	}
	r.shuffleFront(pool, k, h)
	return cards.SetOf(pool[:h]...)
}

// fits reports whether the greedy discard rule throws exactly s.disc from
// the hand kept ∪ s.disc. hole is scratch.
func fits(kept cards.Set, s *drawShown, hole []cards.Card) bool {
	sit := drawSituation((kept | s.disc).Cards(hole[:0]), s.min, s.max, 1, 0)
	thrown, ok := ruleDiscards(sit, 1)
	return !ok || thrown == s.disc
}
