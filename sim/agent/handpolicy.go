package agent

import (
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
)

// standMargin sets the hit rule's threshold (see hitPolicy): a player
// draws while its points are below the point limit minus standMargin
// (17 at 21).
const standMargin = 4

// handPolicy returns the move of the player to move in det when the search
// models its hand-building decision by a rule: the greedy discards in a
// poker draw game's discard phase (heuristics.discard), the hit rule
// (hitPolicy) in a draw phase of a point-total game. ok is false
// otherwise. Played at random in the rollouts, these decisions made the
// value of a hand's bets that of random draws (a poker hand broken up at
// random, a point hand hit past the limit).
func (a *ISMCTS) handPolicy(pr *profile, det *game.State) (game.Move, bool) {
	switch pr.class {
	case classDraw:
		ph := det.Phase()
		if ph >= len(pr.g.Phases) || pr.g.Phases[ph].Kind != genome.PhaseDiscard {
			return game.Move{}, false
		}
		det.ObserveInto(det.ToMove(), &a.h.obs, false)
		return a.h.discard(NewView(det), pr)
	case classPoints:
		ph := det.Phase()
		if ph >= len(pr.g.Phases) || pr.g.Phases[ph].Kind != genome.PhaseDraw {
			return game.Move{}, false
		}
		det.ObserveInto(det.ToMove(), &a.pobs, false)
		return hitPolicy(pr, &a.pobs, NewView(det), a.pool[:0])
	}
	return game.Move{}, false
}

// hitPolicy plays a draw decision of a point-total game (blackjack's hit
// or stand) for the observer of o, whose legal moves v lists: with p its
// points (genome.HandPoints at the point limit L) and t the most points at
// most L that another player still in the hand shows (its known cards),
// it stands when p > L; it draws when p < t, or when p < L − standMargin
// and some other player in the hand is not known to be over L; otherwise
// it stands. ok is false when the decision is not one between drawing and
// passing. buf is scratch.
func hitPolicy(pr *profile, o *game.Observation, v View, buf []cards.Card) (game.Move, bool) {
	if !v.IsLegal(game.Draw()) || !v.IsLegal(game.Pass()) {
		return game.Move{}, false
	}
	lim := pr.limit
	p := genome.HandPoints(o.Own.Cards(buf[:0]), lim)
	if p > lim {
		return game.Pass(), true
	}
	t, live := -1, false
	for q := 0; q < int(o.Players); q++ {
		if q == v.Player() || o.Status[q] != 0 {
			continue
		}
		shown := genome.HandPoints(o.Known[q].Cards(buf[:0]), lim)
		if shown <= lim {
			live = true
			t = max(t, shown)
		}
	}
	if p < t || live && p < lim-standMargin {
		return game.Draw(), true
	}
	return game.Pass(), true
}

// isHit reports whether v's decision is a hit or stand: a choice between
// drawing and passing in a draw phase of a point-total game. The search
// compares the two by paired rollouts (choosePaired), every later hit
// decision of the hand following hitPolicy. (In a tree whose nodes are
// moves, the decision after a hit is one node for every card drawn: the
// tree planned the second hit blind to the first card, at several times
// the cost.)
func isHit(pr *profile, v View) bool {
	if pr.class != classPoints {
		return false
	}
	o := v.s.Phase()
	return o < len(pr.g.Phases) && pr.g.Phases[o].Kind == genome.PhaseDraw &&
		v.IsLegal(game.Draw()) && v.IsLegal(game.Pass())
}
