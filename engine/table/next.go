package table

import (
	"fmt"
	"math/rand/v2"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
)

// Next settles the finished hand of s and starts the next one, dealt with
// rng. In order:
//
//  1. The hand is settled (Settle): every stack becomes its finishing stack.
//  2. Leavers (_intents 3) are removed from every per-player array; their
//     dead blinds are not paid.
//  3. The forced bets move one seat on, over every remaining seat,
//     sitting-out ones included (see the package documentation).
//  4. Each player's place in the new hand follows its intent:
//     - 0 (play): an active player plays on; an inactive one (a joiner, or a
//     player coming back) plays and pays its dead blinds d as dead money
//     into the new pot, unless the big blind reaches it (the big blind
//     replaces them).
//     - 1 (pause until the big blind): sits out until its seat holds the big
//     blind, then plays with _deadBlinds cleared.
//     - 2 (pause): sits out.
//     A player who sits out misses the blind of its position:
//     d ← min(d + ½·BB, 1.5·BB) for a missed small blind, min(d + BB, 1.5·BB)
//     for a missed big blind.
//  5. A player with no chips, or none left after paying d, leaves instead:
//     _inactive 1, _intents 3, removed at the following hand; so does a
//     returning player who cannot pay d plus its forced bets. An active
//     player short of its forced bets posts what it has and is all in.
//  6. The players who play are dealt HoleCards cards each ("d dh pN").
//
// When fewer than two players can play, or when none of them would put a
// chip in before the cards are dealt (every blind falls on a seat that sits
// out, and there is no ante and no dead blind to pay), nobody is dealt in:
// nobody pays, nothing accrues, and players coming back or waiting for the
// big blind keep waiting. A hand needs a forced bet, as PHH (following
// PokerKit) does. The chips are conserved: the new starting stacks plus the
// new dead money equal the finishing stacks of the players who stay.
func Next(s State, rng *rand.Rand) (State, error) {
	fin, err := Settle(s)
	if err != nil {
		return State{}, err
	}
	s.fillDefaults()
	bl, err := s.forcedBets()
	if err != nil {
		return State{}, err
	}
	keep := make([]bool, len(s.Players))
	for i, in := range s.Intents {
		keep[i] = in != Leave
	}
	out := State{Hand: s.Hand + 1, SeatCount: s.SeatCount, MinBet: s.MinBet, Actions: []phh.Action{}}
	out.BlindsOrStraddles, out.Antes = bl.rotate(keep, s.Antes)
	if bl.anteOnly {
		out.Button = bl.nextButton(keep)
	}
	if nn := len(out.BlindsOrStraddles); nn == 1 {
		out.BlindsOrStraddles[0] = bl.big // a lone seat keeps the big blind
	}
	for i, k := range keep {
		if !k {
			continue
		}
		out.Players = append(out.Players, s.Players[i])
		out.StartingStacks = append(out.StartingStacks, fin[i])
		out.Inactive = append(out.Inactive, s.Inactive[i])
		out.Intents = append(out.Intents, s.Intents[i])
		out.DeadBlinds = append(out.DeadBlinds, s.DeadBlinds[i])
	}
	if out.Players == nil {
		out.Players = []string{}
		out.StartingStacks = []chips.Chips{}
		out.Inactive = []bool{}
		out.Intents = []Intent{}
		out.DeadBlinds = []chips.Chips{}
	}
	nbl, err := out.forcedBets()
	if err != nil {
		return State{}, err
	}
	plan := planHand(&out, &nbl, bl.big, false)
	if plan.players < 2 || !plan.forcedBet(&out) {
		plan = planHand(&out, &nbl, bl.big, true)
	}
	var dealt []int
	for i := range out.Players {
		p := plan.seats[i]
		out.Inactive[i] = !p.play
		out.Intents[i] = p.intent
		out.DeadBlinds[i] = p.dead
		out.StartingStacks[i] -= p.pay
		out.DeadMoney += p.pay
		if p.play && !plan.idle {
			dealt = append(dealt, i)
		}
	}
	if len(dealt) > 0 {
		deck := cards.Standard52()
		deck.Shuffle(rng)
		for _, i := range dealt {
			hole, _ := deck.Deal(nil, HoleCards)
			out.Actions = append(out.Actions, phh.Action{Kind: phh.DealHole, Player: i, Cards: hole})
		}
	}
	if err := out.Validate(); err != nil {
		return State{}, fmt.Errorf("next hand %d: %w", out.Hand, err)
	}
	return out, nil
}

// seatPlan is what happens to one seat in the new hand.
type seatPlan struct {
	play   bool
	intent Intent
	dead   chips.Chips // dead blinds owed after the hand starts
	pay    chips.Chips // dead blinds paid into the pot now
}

type handPlan struct {
	seats   []seatPlan
	players int
	idle    bool
}

// forcedBet reports whether a player of the plan puts a chip in before the
// cards are dealt: a blind, an ante or dead blinds.
func (p *handPlan) forcedBet(s *State) bool {
	for i, sp := range p.seats {
		if sp.play && (sp.pay > 0 || forced(s, i) > 0) {
			return true
		}
	}
	return false
}

// planHand decides every seat of the new hand s (stacks are the finishing
// stacks; forced bets are laid out). When idle, no hand is played: nobody
// pays or accrues, and only players who owe nothing and want to play are
// active.
func planHand(s *State, bl *blinds, big chips.Chips, idle bool) handPlan {
	capD := deadBlindCap(big)
	plan := handPlan{seats: make([]seatPlan, len(s.Players)), idle: idle}
	for i := range s.Players {
		p := seatPlan{intent: s.Intents[i], dead: s.DeadBlinds[i]}
		stack := s.StartingStacks[i]
		switch p.intent {
		case Play:
			switch {
			case !s.Inactive[i]:
				p.play = true
			case idle && p.dead > 0:
				// Coming back waits for a hand to pay into.
			case bl.isBB(i):
				p.play, p.dead = true, 0
			default:
				p.play, p.pay, p.dead = true, p.dead, 0
			}
		case PauseUntilBB:
			if bl.isBB(i) && !idle {
				p.play, p.intent, p.dead = true, Play, 0
			}
		}
		if !p.play && !idle && p.intent != Leave {
			switch {
			case bl.isSB(i):
				p.dead = min(p.dead+big/2, capD)
			case bl.isBB(i):
				p.dead = min(p.dead+big, capD)
			}
		}
		need := p.pay
		if !idle {
			need += forced(s, i)
		}
		// A player is dealt in only with chips left after paying what it
		// owes. An active player short of its forced bets posts what it
		// has, all in; a returning one that cannot pay its debts plus its
		// forced bets leaves.
		returning := p.play && s.Inactive[i]
		if stack <= 0 || (p.play && stack-p.pay <= 0) || (returning && stack < need) {
			// Too few chips: an automatic leave, debts unpaid.
			p = seatPlan{intent: Leave, dead: s.DeadBlinds[i]}
		}
		if p.play {
			plan.players++
		}
		plan.seats[i] = p
	}
	return plan
}
