package game_test

import (
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
	"github.com/stretchr/testify/require"
)

// countListener counts the events it receives.
type countListener struct{ events, moves int }

func (l *countListener) Event(_ *game.State, e *game.Event) {
	l.events++
	if e.Kind.IsMove() {
		l.moves++
	}
}

// TestEmitDoesNotAllocate plays whole games with a listener attached and
// checks that no event allocates.
func TestEmitDoesNotAllocate(t *testing.T) {
	for _, tc := range []struct {
		id      string
		players int
	}{{"crazy_eights", 2}, {"hearts", 4}, {"holdem_nl_heads_up", 2}} {
		p := mustProgram(t, tc.id)
		rng := rand.New(rand.NewPCG(5, 6))
		var s game.State
		var l countListener
		s.Listen(&l)
		allocs := testing.AllocsPerRun(20, func() { playRandom(p, &s, tc.players, rng) })
		if allocs != 0 {
			t.Errorf("%s: %v allocations per game with a listener, want 0", tc.id, allocs)
		}
		if l.events == 0 {
			t.Errorf("%s: the listener received no event", tc.id)
		}
	}
}

// cutGenome returns seed id with its first phase (a betting round) made a
// turn cycle and Turns.MaxTurns 1: every game ends in its first hand with
// the pot still unawarded, which must be refunded.
func cutGenome(tb testing.TB, id string) *genome.Genome {
	tb.Helper()
	g, err := genome.Seed(id)
	if err != nil {
		tb.Fatal(err)
	}
	g.Turns.CycleStart, g.Turns.CycleEnd, g.Turns.MaxTurns = 0, 1, 1
	return g
}

// testGenomes returns every seed and the cut chip games.
func testGenomes(tb testing.TB) []*genome.Genome {
	tb.Helper()
	gs, err := genome.Seeds()
	if err != nil {
		tb.Fatal(err)
	}
	for _, id := range []string{"holdem_nl_heads_up", "betting_war", "five_card_draw_fl"} {
		g := cutGenome(tb, id)
		g.ID += "_cut"
		gs = append(gs, g)
	}
	return gs
}

// TestMovesMatchEvents counts the moves of random games from the event
// stream (EventKind.IsMove) and the decisions from the moves applied, and
// compares them with State.Moves and State.Decisions.
func TestMovesMatchEvents(t *testing.T) {
	for _, g := range testGenomes(t) {
		p, err := game.Compile(g)
		if err != nil {
			t.Fatalf("%s: %v", g.ID, err)
		}
		rng := rand.New(rand.NewPCG(7, 8))
		for _, players := range []int{p.MinPlayers(), p.MaxPlayers()} {
			for range 10 {
				var s game.State
				var l countListener
				s.Listen(&l)
				require.NoError(t, p.Reset(&s, players, rng))
				applied := 0
				for !s.Terminal() {
					if s.Moves() != l.moves {
						t.Fatalf("%s/%d: Moves %d, %d move events", g.ID, players, s.Moves(), l.moves)
					}
					s.ApplyUnchecked(s.LegalMove(rng.IntN(s.NumLegal())))
					applied++
				}
				if s.Moves() != l.moves || s.Decisions() != applied {
					t.Fatalf("%s/%d: Moves %d, %d move events; Decisions %d, %d moves applied",
						g.ID, players, s.Moves(), l.moves, s.Decisions(), applied)
				}
				if s.Moves() == 0 {
					t.Fatalf("%s/%d: a game without moves", g.ID, players)
				}
			}
		}
	}
}

// chipModel follows every player's chips from the events alone.
type chipModel struct {
	t        *testing.T
	id       string
	stack    []chips.Chips
	refunds  int
	refunded chips.Chips // this hand
	pot      chips.Chips // chips put in this hand
	awarded  chips.Chips // chips awarded this hand
	ended    bool
}

func (m *chipModel) Event(s *game.State, e *game.Event) {
	switch e.Kind {
	case game.EvHandStart:
		if e.Hand == 1 {
			m.stack = m.stack[:0]
			for q := range s.Players() {
				m.stack = append(m.stack, s.Chips(q))
			}
		}
		m.pot, m.refunded, m.awarded = 0, 0, 0
	case game.EvForcedBet, game.EvBet:
		m.stack[e.Player] -= e.Amount
		m.pot += e.Amount
	case game.EvPotAward:
		m.stack[e.Player] += e.Amount
		m.awarded += e.Amount
	case game.EvRefund:
		if e.Amount <= 0 {
			m.t.Errorf("%s: refund of %s", m.id, e.Amount)
		}
		m.refunds++
		m.stack[e.Player] += e.Amount
		m.refunded += e.Amount
		if s.Chips(int(e.Player)) != m.stack[e.Player] {
			m.t.Errorf("%s: p%d refunded, has %s chips, the events give %s", m.id, e.Player, s.Chips(int(e.Player)), m.stack[e.Player])
		}
	case game.EvHandEnd, game.EvGameEnd:
		if m.refunded != 0 && (m.awarded != 0 || m.refunded != m.pot) {
			m.t.Errorf("%s: hand %d: %s put in, %s awarded and %s refunded", m.id, e.Hand, m.pot, m.awarded, m.refunded)
		}
		m.refunded, m.pot, m.awarded = 0, 0, 0
		if s.Pot() != 0 {
			m.t.Errorf("%s: %v with %s in the pot", m.id, e.Kind, s.Pot())
		}
		for q := range s.Players() {
			if s.Chips(q) != m.stack[q] {
				m.t.Errorf("%s: %v: p%d has %s chips, the events give %s", m.id, e.Kind, q, s.Chips(q), m.stack[q])
			}
		}
		m.ended = m.ended || e.Kind == game.EvGameEnd
	}
}

// TestChipEventsMatchChips follows the chips of random chip games from
// their events (forced bets, bets, pot awards and refunds) and compares
// them with the state's at every hand end; the cut games end with their
// pot refunded.
func TestChipEventsMatchChips(t *testing.T) {
	for _, g := range testGenomes(t) {
		p, err := game.Compile(g)
		if err != nil {
			t.Fatalf("%s: %v", g.ID, err)
		}
		if !p.HasChips() {
			continue
		}
		rng := rand.New(rand.NewPCG(9, 10))
		m := &chipModel{t: t, id: g.ID}
		var s game.State
		s.Listen(m)
		for range 20 {
			m.ended = false
			playRandom(p, &s, p.MinPlayers(), rng)
			if !m.ended {
				t.Fatalf("%s: no game end event", g.ID)
			}
		}
		cut := g.Turns.MaxTurns == 1
		if cut && m.refunds == 0 {
			t.Errorf("%s: no refund in games cut short with chips in the pot", g.ID)
		}
		if cut && s.EndReason() != game.EndTurnLimit {
			t.Errorf("%s: ended by %v, want %v", g.ID, s.EndReason(), game.EndTurnLimit)
		}
	}
}

// TestEndReason checks the end reason of games that end each way.
func TestEndReason(t *testing.T) {
	seed := func(id string) *genome.Genome {
		g, err := genome.Seed(id)
		require.NoError(t, err)
		return g
	}
	short := seed("crazy_eights")
	short.Turns.MaxTurns = 3
	bust := seed("holdem_nl_heads_up")
	bust.Setup.Elimination = genome.EliminateNone
	bust.WinConditions = []genome.WinCondition{{Kind: genome.WinMostChips}}
	for _, tc := range []struct {
		name string
		g    *genome.Genome
		want game.EndReason
	}{
		{"hearts", seed("hearts"), game.EndWin},
		{"go_fish", seed("go_fish"), game.EndLastHand},
		{"crazy_eights_3_turns", short, game.EndTurnLimit},
		{"holdem_cut", cutGenome(t, "holdem_nl_heads_up"), game.EndTurnLimit},
		{"holdem_most_chips", bust, game.EndNoPlayers},
	} {
		p, err := game.Compile(tc.g)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		rng := rand.New(rand.NewPCG(11, 12))
		var s game.State
		require.NoError(t, p.Reset(&s, p.MinPlayers(), rng))
		if s.EndReason() != game.EndNone {
			t.Errorf("%s: %v before the end", tc.name, s.EndReason())
		}
		for !s.Terminal() {
			s.ApplyUnchecked(s.LegalMove(rng.IntN(s.NumLegal())))
		}
		if got := s.EndReason(); got != tc.want {
			t.Errorf("%s: ended by %v, want %v", tc.name, got, tc.want)
		}
		if s.EndReason().CutShort() != (tc.want == game.EndTurnLimit) {
			t.Errorf("%s: CutShort %v", tc.name, s.EndReason().CutShort())
		}
	}

	// Random Crazy Eights games end by a win or, once the stock is gone
	// and nobody plays, by a stalemate well before Turns.MaxTurns.
	p := mustProgram(t, "crazy_eights")
	rng := rand.New(rand.NewPCG(13, 14))
	var s game.State
	seen := map[game.EndReason]int{}
	for range 100 {
		playRandom(p, &s, 2, rng)
		r := s.EndReason()
		seen[r]++
		switch r {
		case game.EndWin:
			if s.Hand(0) != 0 && s.Hand(1) != 0 {
				t.Errorf("win with cards in both hands")
			}
		case game.EndStalemate:
			if s.Turn()-1 >= int(p.Genome().Turns.MaxTurns) {
				t.Errorf("stalemate at turn %d, max_turns %d", s.Turn(), p.Genome().Turns.MaxTurns)
			}
			if !r.CutShort() {
				t.Errorf("stalemate not cut short")
			}
		default:
			t.Errorf("crazy eights ended by %v", r)
		}
	}
	if seen[game.EndWin] == 0 || seen[game.EndStalemate] == 0 {
		t.Errorf("end reasons of 100 random games: %v, want wins and stalemates", seen)
	}

	names := map[string]bool{}
	for r := game.EndNone; r <= game.EndStalemate; r++ {
		names[r.String()] = true
	}
	if len(names) != 6 || game.EndReason(200).String() != "EndReason(200)" || game.EndTurnLimit.String() != "turn_limit" {
		t.Errorf("EndReason names: %v, %q", names, game.EndReason(200).String())
	}
	if game.EvRefund.String() != "refund" || game.EvRefund.IsMove() || !game.EvPass.IsMove() || game.EvDeal.IsMove() {
		t.Errorf("EvRefund %q move %v, EvPass move %v, EvDeal move %v",
			game.EvRefund, game.EvRefund.IsMove(), game.EvPass.IsMove(), game.EvDeal.IsMove())
	}
}
