package agent

import (
	"math"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
)

// temperature returns the scale T of the standing quantity q of the
// game's first win condition (see evaluate): a lead of T is worth e to 1 in
// the softmax.
func (pr *profile) temperature() float64 {
	switch pr.win {
	case genome.WinEmptyHand, genome.WinLastWithCardsLoses:
		return 2 // cards
	case genome.WinCaptureAll:
		return max(2, float64(pr.deck.Len())/8) // cards
	case genome.WinHighScore, genome.WinLowScore, genome.WinFirstToScore:
		if pr.threshold != 0 {
			return max(2, math.Abs(float64(pr.threshold))/10) // points
		}
		return 5
	case genome.WinMostTricks:
		return 1.5 // tricks
	case genome.WinMostChips, genome.WinLastWithChips:
		return 0.25 // stacks, in starting stacks
	}
	return 1
}

// standing writes into q[:o.Players] the quantity the game's first win
// condition ranks players by (higher is better), from the state s (a
// determinization) and the observation o of s; an eliminated player gets
// -Inf. See the package documentation (Heuristic evaluation).
func standing(pr *profile, s *game.State, o *game.Observation, q []float64) {
	n := int(o.Players)
	for i := 0; i < n; i++ {
		if o.Status[i]&1 != 0 {
			q[i] = math.Inf(-1)
			continue
		}
		var v float64
		switch pr.win {
		case genome.WinEmptyHand, genome.WinLastWithCardsLoses:
			v = -float64(o.HandSize[i])
		case genome.WinCaptureAll:
			v = float64(o.HandSize[i]) + float64(o.WonSize[i])
		case genome.WinHighScore, genome.WinFirstToScore:
			v = projectedScore(pr, s, o, i)
		case genome.WinLowScore:
			v = -projectedScore(pr, s, o, i)
		case genome.WinMostTricks:
			v = float64(o.Tricks[i])
		case genome.WinBestHand:
			v = float64(o.Score[i])
		case genome.WinMostChips, genome.WinLastWithChips:
			if pr.startChips > 0 {
				v = float64(o.Chips[i]+o.Committed[i]) / float64(pr.startChips)
			}
		case genome.WinLastStanding:
			if pr.startChips > 0 {
				v = float64(o.Chips[i]+o.Committed[i]) / float64(pr.startChips)
			} else {
				v = float64(o.HandSize[i]) + float64(o.WonSize[i])
			}
		}
		q[i] = v / pr.temp
	}
}

// projectedScore returns player i's score plus what the scoring rules would
// add if the hand ended now (cards won, cards in hand, tricks won, going
// out; sets made and showdowns are not projected).
func projectedScore(pr *profile, s *game.State, o *game.Observation, i int) float64 {
	v := float64(o.Score[i])
	for _, r := range pr.scoring {
		switch r.kind {
		case genome.ScoreCardWon:
			v += r.points * float64((o.WonKnown[i] & r.mask).Len())
		case genome.ScoreCardInHand:
			v += r.points * float64((s.Hand(i) & r.mask).Len())
		case genome.ScoreTrickWon:
			v += r.points * float64(o.Tricks[i])
		case genome.ScoreWentOut:
			if o.HandSize[i] == 0 {
				v += r.points
			}
		}
	}
	return v
}

// evaluate writes into rew[:n] the heuristic rewards of an unfinished
// game: a softmax of the standings,
//
//	reward_i = exp(q_i) / Σ_j exp(q_j)
//
// over the players not eliminated (an eliminated player gets 0), so the
// rewards sum to 1 like game.State.Rewards. q is scratch of the same length.
func evaluate(pr *profile, s *game.State, o *game.Observation, rew, q []float64) {
	n := int(o.Players)
	standing(pr, s, o, q)
	top := math.Inf(-1)
	for i := 0; i < n; i++ {
		top = max(top, q[i])
	}
	if math.IsInf(top, -1) {
		for i := 0; i < n; i++ {
			rew[i] = 1 / float64(n)
		}
		return
	}
	var sum float64
	for i := 0; i < n; i++ {
		rew[i] = 0
		if !math.IsInf(q[i], -1) {
			rew[i] = math.Exp(q[i] - top)
			sum += rew[i]
		}
	}
	for i := 0; i < n; i++ {
		rew[i] /= sum
	}
}

// lead returns player p's standing minus the best opponent's (p's lead, or
// minus its deficit), from standings q.
func lead(q []float64, n, p int) float64 {
	best := math.Inf(-1)
	for i := 0; i < n; i++ {
		if i != p {
			best = max(best, q[i])
		}
	}
	switch {
	case math.IsInf(q[p], -1):
		return -100
	case math.IsInf(best, -1):
		return 100
	}
	return q[p] - best
}

// chipShare writes into rew[:n] every player's share of the chips on the
// table, stack and pot contributions counted (an eliminated player's share
// is 0): the rewards of a chip game's evaluation at the end of a hand,
// linear in chips.
func chipShare(o *game.Observation, rew []float64) {
	n := int(o.Players)
	var sum float64
	for i := 0; i < n; i++ {
		rew[i] = 0
		if o.Status[i]&1 == 0 {
			rew[i] = float64(o.Chips[i] + o.Committed[i])
		}
		sum += rew[i]
	}
	for i := 0; i < n; i++ {
		if sum > 0 {
			rew[i] /= sum
		} else {
			rew[i] = 1 / float64(n)
		}
	}
}
