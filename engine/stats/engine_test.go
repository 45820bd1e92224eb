package stats

import (
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// engineHands is the number of random hands TestTrackerAgreesWithEngine
// plays; BenchmarkTrackerAgreesWithEngine plays 100,000 (go test -run '^$'
// -bench TrackerAgrees -benchtime 1x ./engine/stats).
const engineHands = 20_000

// TestTrackerAgreesWithEngine plays random hands of every structure
// (no-limit, pot-limit, fixed-limit; with and without blinds, antes and
// raise caps; short stacks, so all-in raises for less are frequent) through
// engine/betting and feeds the same actions to a Tracker. At every decision
// the tracker must agree with the engine on whether the player may bet or
// raise, on the table bet and on the minimum raise increment, and after the
// first round on who acts last (blinds posted as engine/game posts them,
// heads-up included, with the button's seat sometimes out of chips).
func TestTrackerAgreesWithEngine(t *testing.T) {
	agreeHands(t, 14, engineHands)
}

// BenchmarkTrackerAgreesWithEngine is TestTrackerAgreesWithEngine over
// 100,000 hands per iteration (other seeds each iteration).
func BenchmarkTrackerAgreesWithEngine(b *testing.B) {
	seed := uint64(100)
	for b.Loop() {
		agreeHands(b, seed, 100_000)
		seed++
	}
}

func agreeHands(t testing.TB, seed uint64, hands int) {
	rng := rand.New(rand.NewPCG(seed, 4))
	var tr Tracker
	var decisions, raises, refused int
	for hand := 0; hand < hands; hand++ {
		d, r, f := agreeHand(t, rng, &tr, hand)
		decisions += d
		raises += r
		refused += f
	}
	// The sample reaches both answers often.
	require.Greater(t, raises, hands)
	require.Greater(t, refused, hands/10)
	t.Logf("%d hands, %d decisions: may raise %d, may not %d", hands, decisions, raises, refused)
}

func agreeHand(t testing.TB, rng *rand.Rand, tr *Tracker, hand int) (decisions, raises, refused int) {
	n := 2 + rng.IntN(MaxSeats-1)
	var stacks, antes, blinds [MaxSeats]chips.Chips
	for i := 0; i < n; i++ {
		stacks[i] = chips.FromInt(int64(1 + rng.IntN(60)))
	}
	button := rng.IntN(n)
	if n >= 3 && rng.IntN(8) == 0 {
		stacks[button] = 0 // the button's seat has no chips (elimination none)
	}
	first, post := (button+1)%n, (button+1)%n
	withBlinds := rng.IntN(4) != 0
	var bb chips.Chips
	if withBlinds {
		bb = chips.FromInt(int64(1 + rng.IntN(4)))
		// As engine/game posts them: the small blind after the button
		// (heads-up, the button itself when it is dealt in), the big blind
		// after the small blind, skipping seats without chips.
		next := func(k int) int {
			for i := 1; i <= n; i++ {
				if j := (k + i) % n; stacks[j] > 0 {
					return j
				}
			}
			return k
		}
		dealt := 0
		for i := 0; i < n; i++ {
			if stacks[i] > 0 {
				dealt++
			}
		}
		sb := next(button)
		if dealt == 2 && stacks[button] > 0 {
			sb = button
		}
		big := next(sb)
		blinds[sb], blinds[big] = bb/2, bb
		pos := betting.TablePositions(n, button, big)
		first, post = pos.FirstToAct, pos.FirstToActPostflop
	}
	if rng.IntN(4) == 0 {
		a := chips.FromInt(int64(rng.IntN(3))) + 50
		for i := 0; i < n; i++ {
			if stacks[i] > 0 {
				antes[i] = a
			}
		}
	}
	structure := betting.Structure(rng.IntN(3))
	maxRaises := 0
	if structure == betting.FixedLimit || rng.IntN(3) == 0 {
		maxRaises = 1 + rng.IntN(4)
	}
	minBet := chips.FromInt(int64(1 + rng.IntN(4)))
	h, err := betting.NewHand(betting.HandConfig{
		Stacks: stacks[:n], Antes: antes[:n], Blinds: blinds[:n],
		Button: button, FirstToAct: first, FirstToActPostflop: post,
	})
	require.NoError(t, err)
	require.NoError(t, tr.OnHandStart(&Setup{Stacks: stacks[:n], Antes: antes[:n], Blinds: blinds[:n], Button: button, BigBlind: bb}))
	for round := 0; round < 4 && (round == 0 || !h.HandOver()); round++ {
		rc := betting.RoundConfig{Structure: structure, MinBet: minBet, MaxRaises: maxRaises}
		require.NoError(t, h.StartRound(rc))
		require.NoError(t, tr.OnRoundStart(RoundConfig{MinBet: minBet, MaxRaises: maxRaises, Structure: structure}))
		for !h.RoundOver() {
			seat := h.ToAct()
			l := h.Legal()
			decisions++
			may := l.CanBet || l.CanRaise
			if may {
				raises++
			} else {
				refused++
			}
			if got := tr.canRaise(seat); got != may {
				t.Fatalf("hand %d round %d seat %d: tracker may raise %v, engine %v (%+v)", hand, round, seat, got, may, l)
			}
			if round > 0 && tr.lastToAct(seat) != engineLast(&h, seat, post) {
				t.Fatalf("hand %d round %d seat %d: tracker last to act %v, engine %v", hand, round, seat, tr.lastToAct(seat), !tr.lastToAct(seat))
			}
			if tr.tableBet != h.TableBet() || tr.fullInc != h.MinRaiseIncrement() {
				t.Fatalf("hand %d round %d seat %d: tracker table bet %v increment %v, engine %v and %v",
					hand, round, seat, tr.tableBet, tr.fullInc, h.TableBet(), h.MinRaiseIncrement())
			}
			a := randomAction(rng, &l)
			street := h.StreetBet(seat)
			require.NoError(t, h.Apply(a))
			ta := Action{Seat: seat, Kind: a.Kind}
			if a.Kind == betting.Bet || a.Kind == betting.Raise {
				ta.To = street + a.Amount
			}
			require.NoError(t, tr.OnAction(ta))
		}
	}
	require.NoError(t, tr.OnHandEnd(nil))
	return decisions, raises, refused
}

// engineLast reports whether seat acts after every other seat that can
// still act in a round after the first, which begins at post.
func engineLast(h *betting.Hand, seat, post int) bool {
	n := h.NumSeats()
	last := -1
	for k := 0; k < n; k++ {
		if j := (post + k) % n; h.Active(j) {
			last = j
		}
	}
	return last == seat
}

// randomAction picks a legal action, raising often and to the minimum or
// all in half the time, so raise caps and short all-ins come up.
func randomAction(rng *rand.Rand, l *betting.Legal) betting.Action {
	x := rng.IntN(10)
	switch {
	case x < 5 && (l.CanBet || l.CanRaise):
		k := betting.Bet
		if l.CanRaise {
			k = betting.Raise
		}
		amt := l.MinAmount
		switch rng.IntN(3) {
		case 0:
			amt = l.MaxAmount
		case 1:
			amt += chips.Chips(rng.Int64N(int64(l.MaxAmount-l.MinAmount) + 1))
		}
		return betting.Action{Kind: k, Amount: amt}
	case x < 7 && l.CanFold:
		return betting.Action{Kind: betting.Fold}
	case l.CanCheck:
		return betting.Action{Kind: betting.Check}
	}
	return betting.Action{Kind: betting.Call}
}

// A refund after the hand end (a pot nobody was awarded) counts in the net
// result and is not a pot won; out of order it is refused.
func TestOnRefund(t *testing.T) {
	var tr Tracker
	c := chips.FromInt
	require.Error(t, tr.OnRefund(0, c(1)))
	require.NoError(t, tr.OnHandStart(&Setup{Stacks: []chips.Chips{c(100), c(100)}, Blinds: []chips.Chips{c(1), c(2)}, Button: 0}))
	require.NoError(t, tr.OnRoundStart(RoundConfig{MinBet: c(2)}))
	require.NoError(t, tr.OnAction(Action{Seat: 0, Kind: Call}))
	require.NoError(t, tr.OnAction(Action{Seat: 1, Kind: Check}))
	require.Error(t, tr.OnRefund(0, c(2)), "before the hand end")
	require.NoError(t, tr.OnHandEnd([]chips.Chips{0, 0}))
	require.NoError(t, tr.OnRefund(0, c(2)))
	require.NoError(t, tr.OnRefund(1, c(2)))
	require.Error(t, tr.OnRefund(2, c(2)))
	for s := 0; s < 2; s++ {
		assert.Equal(t, chips.Chips(0), tr.Record(s).Net)
		assert.False(t, tr.Record(s).Success)
	}
}
