package phh

import (
	"math/bits"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/handeval"
)

// Settle ends a finished hand: the uncalled chips go back, the showdown is
// decided (hold'em by the best five of seven cards, Omaha by exactly two
// hole cards and three board cards; a player who mucked gives up the pot)
// and every pot is awarded. A showdown whose result depends on unknown hole
// cards is an error wrapping ErrUndecided; so is an unfinished hand (no
// wrap). After Settle the runner holds no chips.
func (r *Runner) Settle() (Settlement, error) {
	if !r.Finished() {
		if t := r.ToAct(); t >= 0 {
			return Settlement{}, runErr(nil, "the hand is not finished: p%d is to act", t+1)
		}
		return Settlement{}, runErr(nil, "the hand is not finished: the board comes next")
	}
	var strength [betting.MaxSeats]uint32
	if r.inHand() > 1 {
		if err := r.rank(&strength); err != nil {
			return Settlement{}, err
		}
	}
	bh := r.bh
	seat, extra := bh.ReturnUncalled()
	var buf [2*betting.MaxSeats + 1]betting.Pot
	pots := append([]betting.Pot(nil), bh.Pots(buf[:0])...)
	var won [betting.MaxSeats]chips.Chips
	awards := r.bh.SettleAwards(&strength, &won, nil)
	st := Settlement{
		UncalledSeat: seat,
		Uncalled:     extra,
		Pots:         pots,
		Awards:       awards,
		Won:          append([]chips.Chips(nil), won[:r.n]...),
		Stacks:       make([]chips.Chips, r.n),
	}
	for i := range st.Stacks {
		st.Stacks[i] = r.bh.Stack(i)
	}
	return st, nil
}

// rank fills strength for the showdown: 0 for a player who folded or mucked,
// 1 + the hand's rank otherwise. A player whose hole cards are unknown may
// only contend for pots nobody else contends for.
func (r *Runner) rank(strength *[betting.MaxSeats]uint32) error {
	in := r.bh.InHand() &^ r.mucked
	var unknown uint16
	for p := 0; p < r.n; p++ {
		if in&(1<<p) == 0 {
			continue
		}
		s, ok := r.evaluate(r.hole[p][:r.game.hole])
		if !ok {
			unknown |= 1 << p
			strength[p] = 1
			continue
		}
		strength[p] = s + 1
	}
	if unknown == 0 {
		return nil
	}
	bh := r.bh
	bh.ReturnUncalled()
	var buf [2*betting.MaxSeats + 1]betting.Pot
	for _, pot := range bh.Pots(buf[:0]) {
		contenders := pot.Eligible & in
		if bits.OnesCount16(contenders) > 1 && contenders&unknown != 0 {
			p := bits.TrailingZeros16(contenders & unknown)
			return runErr(ErrUndecided, "the showdown for a pot of %s depends on p%d's unknown hole cards", pot.Amount, p+1)
		}
	}
	return nil
}

// evaluate ranks a player's hand with the board; ok is false when a card is
// unknown.
func (r *Runner) evaluate(hole []cards.Card) (uint32, bool) {
	if r.nboard != 5 {
		return 0, false
	}
	for _, c := range hole {
		if c == cards.None {
			return 0, false
		}
	}
	ev := handeval.Default()
	if r.game.omaha {
		return omahaStrength(ev, hole, r.board[:]), true
	}
	return holdemStrength(ev, hole, r.board[:]), true
}
