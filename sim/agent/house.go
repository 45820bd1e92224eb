package agent

import (
	"math/rand/v2"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/sim/agent/house"
)

// House is a house player: the strategy module of sim/agent/house deciding
// from the view of a poker-shaped game. Betting decisions and the discards
// of draw games go to the module (see the package documentation, House
// players); any other decision (the card play of a non-poker genome) is
// the greedy one-ply heuristic's.
type House struct {
	pcg    rand.PCG
	rng    *rand.Rand
	player *house.Player
	h      heuristics
	board  []cards.Card

	last    house.Decision
	lastErr error
	// fb counts the fallbacks of the present game.
	fb Fallbacks

	// The discard decision of the selection in progress.
	discKey  discardKey
	discards cards.Set
}

// discardKey identifies one discard selection of one player.
type discardKey struct {
	prog  *game.Program
	hand  uint16
	turn  uint32
	phase uint8
	cards cards.Set
}

// NewHouse returns house player opts.HouseIndex (named
// HousePlayer<HouseIndex>) with the strategy opts.House, its generator
// seeded with opts.Seed. The error is the strategy's validation error.
func NewHouse(opts Options) (*House, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	o := opts.withDefaults()
	m, err := house.NewManager(o.House)
	if err != nil {
		return nil, err
	}
	a := &House{board: make([]cards.Card, 0, cards.NumCards)}
	a.pcg.Seed(seedPair(o.Seed))
	a.rng = rand.New(&a.pcg)
	if a.player, err = house.NewPlayer(o.HouseIndex, m, a.rng); err != nil {
		return nil, err
	}
	a.h.init(o)
	return a, nil
}

// Name returns the player's name, HousePlayer<N>.
func (a *House) Name() string { return a.player.Name() }

// Player returns the strategy module's player (its manager holds the
// configuration, which UpdateConfig changes between games).
func (a *House) Player() *house.Player { return a.player }

// Reset reseeds the player's generator from rng.
func (a *House) Reset(rng *rand.Rand) {
	a.pcg.Seed(rng.Uint64(), rng.Uint64())
	a.discKey = discardKey{}
	a.fb = Fallbacks{}
}

// Fallbacks returns the fallbacks counted since the last Reset.
func (a *House) Fallbacks() Fallbacks { return a.fb }

// count counts the module's last decision when it reported a fallback.
func (a *House) count() {
	if a.lastErr == nil {
		return
	}
	switch a.last.Reasoning {
	case house.ReasonInvalidState:
		a.fb.InvalidState++
	case house.ReasonBudgetExceeded:
		a.fb.BudgetExceeded++
	default:
		a.fb.EvalFailed++
	}
}

// LastDecision returns the strategy module's last decision (with its
// reasoning and confidence) and the fallback it reported, if any.
func (a *House) LastDecision() (house.Decision, error) { return a.last, a.lastErr }

// Choose returns the house player's move.
func (a *House) Choose(v View) game.Move {
	n := v.NumLegal()
	switch n {
	case 0:
		return game.Move{}
	case 1:
		return v.LegalMove(0)
	}
	pr := a.h.cache.get(v.Program())
	o := &a.h.obs
	*o = v.Observation()
	if bo := betOptions(v, o); bo.Open {
		sit := a.situation(v, pr, &bo)
		a.last, a.lastErr = a.player.Decide(sit)
		a.count()
		m, ok := actionMove(v, &bo, a.last.Action)
		if !ok {
			a.fb.IllegalAction++
		}
		return m
	}
	if m, ok := a.discard(v, pr); ok {
		return m
	}
	return a.h.onePly(v, pr, a.rng)
}

// houseClass returns the strategy module's class for hand hole in a game
// of profile pr: hold'em with two hole cards, Omaha with 4 to 6, draw with
// 5 to 7, and otherwise (other hand sizes, wild cards, jokers, non-poker
// showdowns) a class of the profile's name that the default evaluator
// serves with the greedy strength.
func houseClass(pr *profile, hole, board cards.Set) (house.GameClass, bool) {
	if pr.g.Setup.WildRanks == 0 && (hole|board)&jokers == 0 {
		switch h := hole.Len(); {
		case pr.class == classHoldem && h == 2:
			return house.Holdem, true
		case pr.class == classOmaha && pr.hole == 2 && h >= 4 && h <= 6:
			return house.Omaha, true
		case pr.class == classDraw && h >= 5 && h <= 7:
			return house.Draw, true
		}
	}
	return house.GameClass(pr.class.String()), false
}

// situation builds the strategy module's input for a betting decision.
func (a *House) situation(v View, pr *profile, bo *BetOptions) house.Situation {
	o := &a.h.obs
	p := v.Player()
	class, poker := houseClass(pr, o.Own, o.Community)
	sit := house.Situation{
		Class:     class,
		Hole:      o.Own.Cards(a.h.hole[:0]),
		Opponents: max(inHand(o)-1, 1),
		Pot:       bo.Pot,
		ToCall:    bo.ToCall,
		Stack:     bo.Stack,
		BigBlind:  pr.bigBlind,
		Rounds:    max(pr.rounds, 1),
	}
	if class != house.Draw {
		sit.Board = o.Community.Cards(a.board[:0])
	}
	if !poker {
		sit.HasStrength = true
		sit.Strength = a.h.sc.strength(pr, o, a.h.strengthSamples, a.rng)
	}
	if len(sit.Hole) > house.MaxHoleCards {
		sit.Hole = sit.Hole[:house.MaxHoleCards]
	}
	if int(o.Phase) < len(pr.roundOf) && pr.roundOf[o.Phase] >= 0 {
		sit.Round = int(pr.roundOf[o.Phase])
	}
	sit.Round = min(sit.Round, sit.Rounds-1)
	sit.InPosition = inPosition(o, p)
	if int(o.Phase) < len(pr.drawLeft) {
		sit.DrawsLeft = int(pr.drawLeft[o.Phase])
		for i := int(o.Phase); i < len(pr.g.Phases); i++ {
			if d := pr.g.Phases[i].Discard; pr.g.Phases[i].Kind == genome.PhaseDiscard && d.Refill && d.SetSize == 0 {
				sit.MinDiscards = min(int(d.MinCards), len(sit.Hole))
				sit.MaxDiscards = min(int(d.MaxCards), len(sit.Hole))
				break
			}
		}
	}
	l := &sit.Legal
	l.Seat = p
	l.CanFold, l.CanCheck, l.CanCall = bo.Fold, bo.Check, bo.Call
	if bo.Call {
		l.CallAmount = min(bo.ToCall, bo.Stack)
	}
	if bo.NumSizes > 0 {
		l.CanBet = bo.Sizes[0].Kind == game.MoveBet
		l.CanRaise = !l.CanBet
		l.MinAmount, l.MaxAmount = bo.Sizes[0].Amount, bo.Sizes[bo.NumSizes-1].Amount
		l.MinTo, l.MaxTo = o.Bet[p]+l.MinAmount, o.Bet[p]+l.MaxAmount
	}
	return sit
}

// inPosition reports whether p acts after every other player still in the
// hand with chips behind, in the order of play from the player after the
// dealer round to the dealer. (Before the flop with blinds the big blind
// really acts last; the module uses the flag for probe bets only.)
func inPosition(o *game.Observation, p int) bool {
	n := int(o.Players)
	dir := int(o.Direction)
	if dir == 0 {
		dir = 1
	}
	// pos(q) is q's place in the order: the dealer is last.
	pos := func(q int) int { return ((q-int(o.Dealer))*dir - 1 + 2*n) % n }
	for q := 0; q < n; q++ {
		if q != p && o.Status[q] == 0 && o.Chips[q] > 0 && pos(q) > pos(p) {
			return false
		}
	}
	return true
}

// actionMove maps the module's betting action to a legal move: the move of
// its kind and amount when legal (ok), else check, else fold, else call
// (ok false: a fallback).
func actionMove(v View, bo *BetOptions, act betting.Action) (game.Move, bool) {
	var m game.Move
	switch act.Kind {
	case betting.Fold:
		m = game.Fold()
	case betting.Check:
		m = game.Check()
	case betting.Call:
		m = game.Call()
	case betting.Bet:
		m = game.Bet(act.Amount)
	case betting.Raise:
		m = game.Raise(act.Amount)
	}
	switch {
	case v.IsLegal(m):
		return m, true
	case bo.Check:
		return game.Check(), false
	case bo.Fold:
		return game.Fold(), false
	case bo.Call:
		return game.Call(), false
	}
	return v.LegalMove(0), false
}

// discard plays the module's discard decision in a draw game's discard
// selection, one card at a time, then ends it. The decision is taken once
// per selection and kept until the selection ends.
func (a *House) discard(v View, pr *profile) (game.Move, bool) {
	o := &a.h.obs
	if int(o.Phase) >= len(pr.g.Phases) {
		return game.Move{}, false
	}
	ph := pr.g.Phases[o.Phase]
	hole := o.Own | o.Selected
	class, poker := houseClass(pr, hole, o.Community)
	if !poker || class != house.Draw || ph.Kind != genome.PhaseDiscard || ph.Discard.SetSize != 0 {
		return game.Move{}, false
	}
	key := discardKey{prog: pr.prog, hand: o.Hand, turn: o.Turn, phase: o.Phase, cards: hole}
	if key != a.discKey {
		sit := house.Situation{
			Class:       house.Draw,
			Hole:        hole.Cards(a.h.hole[:0]),
			Opponents:   max(inHand(o)-1, 1),
			Discard:     true,
			MaxDiscards: int(ph.Discard.MaxCards),
			DrawsLeft:   int(pr.drawLeft[o.Phase]),
		}
		sit.MaxDiscards = min(sit.MaxDiscards, len(sit.Hole))
		sit.MinDiscards = min(int(ph.Discard.MinCards), sit.MaxDiscards)
		a.last, a.lastErr = a.player.Decide(sit)
		a.count()
		a.discKey, a.discards = key, 0
		for i, c := range sit.Hole {
			if a.last.Discards.Has(i) {
				a.discards = a.discards.Add(c)
			}
		}
	}
	for _, c := range (a.discards &^ o.Selected).Cards(a.board[:0]) {
		if v.IsLegal(game.Play(c)) {
			return game.Play(c), true
		}
	}
	if v.IsLegal(game.Done()) {
		return game.Done(), true
	}
	return game.Move{}, false
}
