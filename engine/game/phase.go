package game

import "github.com/deckforge/deckforge/genome"

// kindOps are the operations of one phase kind. phaseKinds is the only
// place the interpreter looks at a phase's genome.PhaseKind: compiling,
// starting the phase, starting an actor's part, playing a move and
// recomputing legal moves after a determinization all go through it.
// Observing needs nothing per kind: Observation is built from the State's
// zones and per-card knowledge masks, which every phase keeps up to date
// by moving cards with the helpers of cardops.go.
type kindOps struct {
	// compile precompiles the phase when the program is built (its
	// condition; nil: nothing to do).
	compile func(p *Program, ph *phase)
	// begin starts the phase, with s.stage already stgPhaseEnd. A phase
	// played as a whole (a deal, a trick, a betting round, a showdown)
	// does its work and ends with phaseDone or raises a decision; a phase
	// played player by player lists its actors with setActors.
	begin func(s *State, ph *phase)
	// actor starts the part of s.actor in a phase played player by player
	// (nil for a phase played as a whole).
	actor func(s *State, ph *phase)
	// decisions are the pending decisions the phase raises.
	decisions []decision
}

// decision is one kind of pending decision (the pd constants).
type decision struct {
	pd uint8
	// apply plays move m, one of the legal moves the decision offered.
	apply func(s *State, m Move, pd uint8)
	// reoffer recomputes the legal moves after a determinization for
	// another player changed the decider's cards (nil: the legal moves do
	// not depend on the decider's cards).
	reoffer func(s *State, ph *phase)
}

// phaseKinds maps each phase kind to its operations (see kindOps).
var phaseKinds = [...]kindOps{
	genome.PhaseDeal: {begin: (*State).beginDeal},
	genome.PhaseDraw: {compile: compileDraw, begin: (*State).beginDraw, actor: (*State).drawStart,
		decisions: []decision{{pd: pdDraw, apply: (*State).doDraw}}},
	genome.PhasePlay: {compile: compilePlay, begin: (*State).beginPlay, actor: (*State).playStart,
		decisions: []decision{
			{pd: pdPlay, apply: (*State).doPlay, reoffer: (*State).playReoffer},
			{pd: pdPlayDrawn, apply: (*State).doPlay, reoffer: (*State).playDrawnReoffer},
		}},
	genome.PhaseDiscard: {compile: compileDiscard, begin: (*State).beginDiscard, actor: (*State).discardStart,
		decisions: []decision{{pd: pdDiscard, apply: (*State).doDiscard, reoffer: (*State).discardOffer}}},
	genome.PhaseTrick: {compile: compileTrick, begin: (*State).startTrick,
		decisions: []decision{{pd: pdTrick, apply: (*State).doTrick, reoffer: (*State).trickOffer}}},
	genome.PhaseBetting: {begin: (*State).startRound,
		decisions: []decision{{pd: pdBet, apply: (*State).doBet}}},
	genome.PhaseClaim: {begin: (*State).beginClaim, actor: (*State).claimStart,
		decisions: []decision{
			{pd: pdClaim, apply: (*State).doClaim, reoffer: (*State).claimOffer},
			{pd: pdClaimRank, apply: (*State).doClaim},
			{pd: pdChallenge, apply: (*State).doClaim},
		}},
	genome.PhaseShowdown: {begin: (*State).showdown},
	genome.PhaseAsk: {begin: (*State).beginAsk, actor: (*State).askOffer,
		decisions: []decision{{pd: pdAsk, apply: (*State).doAsk, reoffer: (*State).askReoffer}}},
}

// decisions maps a pending decision to its operations: those of the phase
// kinds, and those of effects, which any phase that plays cards can raise.
var decisions = func() (t [pdCount]decision) {
	for _, k := range phaseKinds {
		for _, d := range k.decisions {
			t[d.pd] = d
		}
	}
	for _, d := range effectDecisions {
		t[d.pd] = d
	}
	return t
}()
