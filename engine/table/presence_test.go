package table

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/deckforge/deckforge/engine/chips"
)

// finishHand plays the hand to its end: players in away by auto-action,
// the others at random.
func finishHand(t *testing.T, s State, p *Presence, rng *rand.Rand) State {
	t.Helper()
	prefs := p.Prefs()
	for {
		var done bool
		var err error
		s, done, err = step(s, rng, func(player string) (AutoAction, bool) {
			return prefs[player], !p.Connected(player)
		}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if done {
			return s
		}
	}
}

// relativeOrder returns the players in seat order starting from player.
func relativeOrder(s State, player string) []string {
	i := s.Seat(player)
	return append(slices.Clone(s.Players[i:]), s.Players[:i]...)
}

// TestGracePeriodKeepsSeatAndStack is the house-player seed's property 18:
// a player who reconnects within the grace period finds its seat and stack
// as they were when it disconnected (after the hand in progress, which its
// auto-action finished).
func TestGracePeriodKeepsSeatAndStack(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 18))
	checked := 0
	for trial := 0; trial < 200; trial++ {
		grace := rng.IntN(5)
		p, err := NewPresence(grace)
		if err != nil {
			t.Fatal(err)
		}
		n := 3 + rng.IntN(5)
		s := next(t, randomTable(rng, n), rng.Uint64())
		for h := rng.IntN(3); h > 0; h-- {
			s = next(t, finishHand(t, s, p, rng), rng.Uint64())
		}
		var staying []string
		for i, name := range s.Players {
			if s.Intents[i] != Leave {
				staying = append(staying, name)
			}
		}
		if len(staying) == 0 {
			continue
		}
		who := staying[rng.IntN(len(staying))]
		p.SetAuto(who, AutoAction{Kind: CallUpTo, Limit: chips.Chips(rng.IntN(500))})
		midHand := rng.IntN(2) == 0
		if !midHand {
			s = finishHand(t, s, p, rng)
		}
		if s, err = p.Disconnect(s, who); err != nil {
			t.Fatal(err)
		}
		s = finishHand(t, s, p, rng)
		fin, err := Settle(s)
		if err != nil {
			t.Fatal(err)
		}
		stack := fin[s.Seat(who)]
		if stack == 0 {
			continue // busted in the hand in progress: it leaves on its own
		}
		away := rng.IntN(grace + 1) // hands away, within the grace period
		for h := 0; h < away; h++ {
			if s, _, err = p.Expire(s); err != nil {
				t.Fatal(err)
			}
			if s.Intents[s.Seat(who)] == Leave {
				t.Fatalf("trial %d: %s stood up within the grace period", trial, who)
			}
			s = finishHand(t, next(t, s, rng.Uint64()), p, rng)
			if s.Seat(who) < 0 {
				t.Fatalf("trial %d: %s lost its seat while away", trial, who)
			}
			if d := dealtSeats(t, s); slices.Contains(d, s.Seat(who)) {
				t.Fatalf("trial %d: %s dealt in while away", trial, who)
			}
		}
		order := relativeOrder(s, who)
		s, kept, err := p.Reconnect(s, who)
		if err != nil {
			t.Fatal(err)
		}
		if !kept {
			t.Fatalf("trial %d: %s lost its seat within the grace period", trial, who)
		}
		i := s.Seat(who)
		now, err := Settle(s)
		if err != nil {
			t.Fatal(err)
		}
		eq(t, "stack kept", now[i], stack)
		eq(t, "seat kept", relativeOrder(s, who), order)
		if s.Intents[i] == Pause || s.Intents[i] == Leave {
			t.Errorf("trial %d: intent %v after reconnecting", trial, s.Intents[i])
		}
		if !p.Connected(who) {
			t.Error("still away")
		}
		if away > 0 {
			checked++
		}
	}
	if checked < 80 {
		t.Errorf("only %d trials were away for a hand or more", checked)
	}
}

// TestGraceExpiry is property 20: a player away beyond the grace period is
// folded if in a hand and stands up (removed at the next hand).
func TestGraceExpiry(t *testing.T) {
	p, _ := NewPresence(1)
	eq(t, "grace", p.Grace(), 1)
	s := load(t, "06-leave-hand8.json") // hand 8, p2 to act after the flop
	s, err := p.Disconnect(s, "Player2")
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "sits out from the next hand", s.Intents[1], Pause)
	eq(t, "still in this hand", s.Inactive[1], false)
	s, gone, err := p.Expire(s)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "nobody expires during the grace period", len(gone), 0)
	// Hand 10 is two hands later: the grace period of 1 is over. Move the
	// same log to hand 10 to expire the player in the middle of a hand.
	s.Hand = 10
	s, gone, err = p.Expire(s)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "expired", gone, []string{"Player2"})
	eq(t, "stands up", s.Intents[1], Leave)
	eq(t, "inactive", s.Inactive[1], true)
	eq(t, "folded", s.Actions[len(s.Actions)-1].String(), "p2 f")
	s = act(t, s, "p3 cbr 4", "p1 f")
	n := next(t, s, 1)
	eq(t, "removed", n.Players, []string{"Player1", "Player3"})
	if _, kept, _ := p.Reconnect(n, "Player2"); kept {
		t.Error("kept a seat after the grace period")
	}
	if _, err := NewPresence(-1); err == nil {
		t.Error("negative grace period accepted")
	}
}

func TestReconnectRestoresIntent(t *testing.T) {
	p, _ := NewPresence(3)
	s := load(t, "05-pause-hand6.json") // Player2 paused (2), Player1 active
	s, _ = p.Disconnect(s, "Player1")
	s, _ = p.Disconnect(s, "Player2")
	eq(t, "intents while away", s.Intents, []Intent{Pause, Pause, Play})
	eq(t, "away", p.Away(), []string{"Player1", "Player2"})
	s, kept, err := p.Reconnect(s, "Player1")
	if err != nil || !kept {
		t.Fatal(kept, err)
	}
	eq(t, "active player gets its intent back", s.Intents[0], Play)
	s, kept, _ = p.Reconnect(s, "Player2")
	eq(t, "kept", kept, true)
	eq(t, "a chosen pause stays", s.Intents[1], Pause)
	// Away across a hand while active: back, it waits for the big blind.
	s, _ = p.Disconnect(s, "Player3")
	s = act(t, s, "p1 f")
	s = next(t, s, 3)
	eq(t, "Player3 sits out", s.Inactive[2], true)
	s, _, _ = p.Reconnect(s, "Player3")
	eq(t, "waits for the big blind", s.Intents[2], PauseUntilBB)
}
