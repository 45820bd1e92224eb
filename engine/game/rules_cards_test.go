package game_test

import (
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Crazy Eights: cards are dealt one at a time from the player left of the
// dealer (p1), the next card starts the discard pile, p1 plays first. A
// card must match the top card's rank or suit; an eight is wild and its
// player names the suit the next player must follow.
func TestCrazyEightsEightChangesSuit(t *testing.T) {
	// p1: 8h Kd 4c 9s 2s   p0: 5d 7c Jc Qd 3h   discard: Ks
	_, s, _ := startStacked(t, "crazy_eights", 2, "8h 5d Kd 7c 4c Jc 9s Qd 2s 3h Ks")
	if s.ToMove() != 1 {
		t.Fatalf("p%d to move, want p1 (left of the dealer)", s.ToMove())
	}
	if got, want := legalCards(s), set(t, "8h Kd 9s 2s"); got != want {
		t.Fatalf("p1 may play %s, want %s (spades, kings, the eight)", cards.FormatList(got.Cards(nil)), cards.FormatList(want.Cards(nil)))
	}
	if err := s.Apply(game.Play(card("4c"))); err == nil {
		t.Fatal("4c on Ks was accepted")
	}
	mustApply(t, s, game.Play(card("8h")))
	// The eight's player names the suit.
	if s.ToMove() != 1 || s.NumLegal() != 4 || s.LegalMove(0).Kind != game.MoveSuit {
		t.Fatalf("after an eight: p%d to move with %v, want p1 naming a suit", s.ToMove(), s.Legal(nil))
	}
	mustApply(t, s, game.NameSuit(cards.Clubs))
	// p0 must now play a club (7c, Jc) or an eight: none of its diamonds
	// or the 3h.
	if s.ToMove() != 0 {
		t.Fatalf("p%d to move, want p0", s.ToMove())
	}
	if got := legalCards(s); got != set(t, "7c Jc") {
		t.Fatalf("p0 may play %s, want 7c Jc", cards.FormatList(got.Cards(nil)))
	}
}

// Crazy Eights: a player with no legal card draws until one is playable
// and plays it; a player whose hand becomes empty wins at once.
func TestCrazyEightsDrawUntilAbleAndWin(t *testing.T) {
	// p1: 2c 3c 4c 5c 6c  p0: 2d 3d 4d 5d 6d  discard: Kh; stock: 7d 9h ...
	_, s, rec := startStacked(t, "crazy_eights", 2, "2c 2d 3c 3d 4c 4d 5c 5d 6c 6d Kh 7d 9h")
	// p1 has no heart and no king: it draws 7d (not playable), then 9h
	// and plays it; p0 holds only diamonds, draws 2h and plays it; p1 may
	// then play 2c or decline (playing is optional in this seed).
	if s.ToMove() != 1 || !s.IsLegal(game.Play(card("2c"))) || !s.IsLegal(game.Pass()) || s.NumLegal() != 2 {
		t.Fatalf("p%d to move with %v, want p1 choosing between 2c and passing", s.ToMove(), s.Legal(nil))
	}
	draws := rec.kinds(game.EvDraw)
	if len(draws) < 2 || draws[0].Card != card("7d") || draws[1].Card != card("9h") || draws[0].Player != 1 {
		t.Fatalf("draws %v, want p1 drawing 7d then 9h", draws)
	}
	plays := rec.kinds(game.EvPlay)
	if len(plays) < 1 || plays[0].Card != card("9h") || plays[0].Player != 1 {
		t.Fatalf("plays %v, want p1 playing the drawn 9h", plays)
	}
	// Play on with the first legal move: the first player out of cards
	// wins at once.
	for !s.Terminal() {
		mustApply(t, s, s.LegalMove(0))
	}
	var out []int
	for q := 0; q < 2; q++ {
		if s.Hand(q) == 0 {
			out = append(out, q)
		}
	}
	if len(out) != 1 || s.Winners() != 1<<out[0] {
		t.Fatalf("winners %b, empty hands %v", s.Winners(), out)
	}
}

// Hearts: the holder of 2c (after the pass) leads it; players must follow
// suit; hearts may not be led until a heart has been played (unless the
// leader holds only hearts).
func TestHeartsFollowSuitAndHeartsBroken(t *testing.T) {
	// Deal order p1, p2, p3, p0 (left of dealer p0), 13 rounds.
	hands := [4][]string{
		// p0, p1, p2, p3
		{"2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "Tc", "2h", "3h", "4h", "5h"},
		{"Jc", "Qc", "Kc", "Ac", "2d", "3d", "4d", "5d", "6d", "6h", "7h", "8h", "9h"},
		{"7d", "8d", "9d", "Td", "Jd", "Qd", "Kd", "Ad", "2s", "Th", "Jh", "Qh", "Kh"},
		{"3s", "4s", "5s", "6s", "7s", "8s", "9s", "Ts", "Js", "Qs", "Ks", "As", "Ah"},
	}
	var head []string
	for i := range 13 {
		for _, q := range []int{1, 2, 3, 0} {
			head = append(head, hands[q][i])
		}
	}
	p, s, rec := startStacked(t, "hearts", 4, joinCards(head))
	_ = p
	// The pass: everyone passes three cards to the next player, in turn
	// order from the holder of 2c (p0). p0 passes 2h 3h 4h to p1, p1 passes
	// Jc Qc Kc to p2, p2 passes 2s Th Jh to p3, p3 passes 3s 4s 5s to p0.
	passes := map[int]string{0: "2h 3h 4h", 1: "Jc Qc Kc", 2: "2s Th Jh", 3: "3s 4s 5s"}
	for range 4 {
		q := s.ToMove()
		for _, c := range mustList(t, passes[q]) {
			if s.ToMove() != q {
				t.Fatalf("p%d to move while p%d passes", s.ToMove(), q)
			}
			mustApply(t, s, game.Play(c))
		}
	}
	if s.Hand(0)&set(t, "3s 4s 5s") != set(t, "3s 4s 5s") || s.Hand(0).Has(card("2h")) {
		t.Fatalf("after the pass p0 holds %s", cards.FormatList(s.Hand(0).Cards(nil)))
	}
	// p0 holds 2c: it leads it (its only legal lead, played for it).
	if ev := rec.kinds(game.EvPlay); len(ev) == 0 || ev[0].Player != 0 || ev[0].Card != card("2c") {
		t.Fatalf("first trick card %v, want p0's 2c", rec.kinds(game.EvPlay))
	}
	// p1 holds clubs (Ac only after passing Jc Qc Kc): it must follow.
	if s.ToMove() == 1 {
		t.Fatalf("p1 had a single club and should have played it automatically")
	}
	if ev := rec.kinds(game.EvPlay); len(ev) < 2 || ev[1].Card != card("Ac") {
		t.Fatalf("p1 played %v, want Ac (following suit)", ev)
	}
	// p2 now holds Jc Qc Kc (passed by p1): it must follow with one of them.
	if s.ToMove() != 2 || legalCards(s) != set(t, "Jc Qc Kc") {
		t.Fatalf("p%d to move with %v, want p2 choosing among Jc Qc Kc", s.ToMove(), s.Legal(nil))
	}
	mustApply(t, s, game.Play(card("Jc")))
	// p3 has no club: any card, hearts included (it holds Ah and others).
	if s.ToMove() != 3 || !legalCards(s).Has(card("Ah")) || legalCards(s) != s.Hand(3) {
		t.Fatalf("p%d may play %v, want p3 free to play any card", s.ToMove(), s.Legal(nil))
	}
	mustApply(t, s, game.Play(card("Qs")))
	// p1 won the trick with Ac and leads: hearts are not broken, so its
	// hearts (2h 3h 4h 6h…) may not be led.
	if s.ToMove() != 1 {
		t.Fatalf("p%d leads, want p1 (won with Ac)", s.ToMove())
	}
	if l := legalCards(s); l&set(t, "2h 3h 4h 6h 7h 8h 9h") != 0 || l == 0 {
		t.Fatalf("p1 may lead %s before hearts are broken", cards.FormatList(l.Cards(nil)))
	}
	// p1 leads a diamond; p2 follows; p3 (no diamonds) throws a heart,
	// breaking hearts.
	mustApply(t, s, game.Play(card("2d")))
	mustApply(t, s, game.Play(card("Ad"))) // p2 wins with Ad
	mustApply(t, s, game.Play(card("Ah"))) // p3 plays a heart: hearts broken
	mustApply(t, s, game.Play(card("3s"))) // p0 has no diamond
	if s.ToMove() != 2 {
		t.Fatalf("p%d leads, want p2 (won with Ad)", s.ToMove())
	}
	if l := legalCards(s); !l.Has(card("Kh")) {
		t.Fatalf("after hearts broke p2 may not lead Kh: %s", cards.FormatList(l.Cards(nil)))
	}
}

// War: each player plays the top card of its hand; the higher rank takes
// both to the bottom of its hand; a tie is a war: each adds one card face
// down and one face up, and the new face-up cards decide.
func TestWarTieIsWar(t *testing.T) {
	// Deal all: p1 first. Each hand's top card is its last card dealt, so
	// the stack ends with the first tricks: p1's last four: 9c 2c Kh 7s,
	// p0's: 9d 3d Qh 4s (top last).
	p := mustProgram(t, "war")
	g := p.Genome()
	tops := []string{"7s", "4s", "Kh", "Qh", "2c", "3d", "9c", "9d"} // dealt last: p1, p0 alternate, top = last dealt
	rest := []cards.Card{}
	used := cards.SetOf(mustList(t, joinCards(tops))...)
	for _, c := range g.Setup.Cards() {
		if !used.Has(c) {
			rest = append(rest, c)
		}
	}
	// 52 cards: rest (44) first, then the tops; dealing alternates p1, p0.
	deck := append(rest, mustList(t, joinCards(tops))...)
	s := new(game.State)
	rec := &recorder{}
	s.Listen(rec)
	require.NoError(t, p.ResetDeck(s, 2, deck, rand.New(rand.NewPCG(1, 1))))
	// The game has no choices: it ran to the end. The first trick is the
	// tied nines (p1's 9d? no: p1 received the odd cards).
	plays := rec.kinds(game.EvPlay)
	if len(plays) < 6 {
		t.Fatalf("only %d plays", len(plays))
	}
	first := plays[:6]
	// p1 leads (left of the dealer): 9c vs 9d tie; war: 2c down, Kh up
	// for p1; 3d down, Qh up for p0: p1 wins all six cards.
	want := []struct {
		p    int8
		c    string
		face bool
	}{{1, "9c", true}, {0, "9d", true}, {1, "2c", false}, {1, "Kh", true}, {0, "3d", false}, {0, "Qh", true}}
	for i, w := range want {
		if first[i].Player != w.p || first[i].Card != card(w.c) || first[i].FaceUp != w.face {
			t.Fatalf("play %d: p%d %s face-up %v, want p%d %s %v", i, first[i].Player, first[i].Card, first[i].FaceUp, w.p, w.c, w.face)
		}
	}
	won := rec.kinds(game.EvTrickWon)
	if won[0].Player != 1 || won[0].Cards != set(t, "9c 9d 2c 3d Kh Qh") {
		t.Fatalf("first trick %v", won[0])
	}
	// The next trick: p1 (the winner) leads 7s against p0's 4s.
	if plays[6].Player != 1 || plays[6].Card != card("7s") || plays[7].Card != card("4s") {
		t.Fatalf("second trick %v %v", plays[6], plays[7])
	}
	if !s.Terminal() || s.Winners() == 0 {
		t.Fatal("war did not finish")
	}
}

// Go Fish: asking for a rank the other player holds takes every card of
// it and asks again; otherwise the asker draws ("go fish") and the turn
// passes unless the fished card is of the asked rank. Sets of four go to
// the won pile and score a point each.
func TestGoFishAskFishAndSets(t *testing.T) {
	// p1: Qc Qd Qh 5c 7d   p0: Qs 2c 3c 4c 8h   stock: 9s 5d …
	_, s, rec := startStacked(t, "go_fish", 2, "Qc Qs Qd 2c Qh 3c 5c 4c 7d 8h 9s 5d")
	if s.ToMove() != 1 {
		t.Fatalf("p%d to move", s.ToMove())
	}
	// p1 may only ask p0, for ranks it holds: Q, 5, 7.
	if s.NumLegal() != 3 {
		t.Fatalf("p1 legal asks %v, want Q, 5, 7 of p0", s.Legal(nil))
	}
	mustApply(t, s, game.Ask(0, cards.Queen))
	// p1 got Qs, completed the set (laid down at the end of the turn),
	// and asks again.
	if s.ToMove() != 1 || s.Score(1) != 0 || s.Hand(1).Has(card("Qs")) {
		t.Fatalf("after the set: p%d to move, p1 score %d, hand %s", s.ToMove(), s.Score(1), cards.FormatList(s.Hand(1).Cards(nil)))
	}
	var wonQ bool
	for _, e := range rec.kinds(game.EvDiscard) {
		if e.Player == 1 && e.Zone == game.ZoneWon && e.Card.Rank() == cards.Queen {
			wonQ = true
		}
	}
	if !wonQ {
		t.Fatal("the four queens were not laid down")
	}
	// p1 asks for 5: p0 has none, p1 fishes 9s (not a 5): the turn passes.
	mustApply(t, s, game.Ask(0, cards.Five))
	if s.ToMove() != 0 || !s.Hand(1).Has(card("9s")) {
		t.Fatalf("after go fish: p%d to move, p1 hand %s", s.ToMove(), cards.FormatList(s.Hand(1).Cards(nil)))
	}
	// p0 asks p1 for 8 (p1 has none): p0 fishes 5d, not an 8: turn passes.
	mustApply(t, s, game.Ask(1, cards.Eight))
	if s.ToMove() != 1 || !s.Hand(0).Has(card("5d")) {
		t.Fatalf("p%d to move, p0 hand %s", s.ToMove(), cards.FormatList(s.Hand(0).Cards(nil)))
	}
	// What the asks showed: p0 had no 5 and has drawn one card face down
	// since, p1 no 8 and has drawn none since. Determinizations for the
	// other player respect both bounds.
	o1, o0 := s.Observation(1), s.Observation(0)
	room, ok := game.RoomOf(o1.Room[0], cards.Five)
	assert.True(t, ok)
	assert.Equal(t, 1, room, "p0 drew one card since it had no 5")
	room, ok = game.RoomOf(o0.Room[1], cards.Eight)
	assert.True(t, ok)
	assert.Equal(t, 0, room, "p1 has drawn nothing since it had no 8")
	_, ok = game.RoomOf(o1.Room[0], cards.Nine)
	assert.False(t, ok, "no bound on a rank never asked for")
	rng := rand.New(rand.NewPCG(3, 3))
	fives := 0
	for range 200 {
		d := s.Determinize(1, rng)
		n := (d.Hand(0) & rankSet(cards.Five)).Len()
		assert.LessOrEqual(t, n, 1, "p0 dealt %d fives", n)
		fives += n
		d = s.Determinize(0, rng)
		assert.Zero(t, (d.Hand(1) & rankSet(cards.Eight)).Len(), "p1 dealt an 8")
	}
	assert.Greater(t, fives, 0, "p0's drawn card is never a 5")
	for !s.Terminal() {
		mustApply(t, s, game.RandomMove(s, rng))
	}
	// One point per set: the scores add up to 13 sets.
	if s.Score(0)+s.Score(1) != 13 {
		t.Fatalf("scores %d + %d, want 13 sets", s.Score(0), s.Score(1))
	}
}

// rankSet returns the four cards of rank r.
func rankSet(r cards.Rank) cards.Set {
	var x cards.Set
	for su := cards.Suit(0); su < 4; su++ {
		x = x.Add(cards.New(r, su))
	}
	return x
}

// Cheat: claims go face down on the pile with ascending ranks (A, 2, …); a
// challenged lie sends the pile to the liar, a challenged truth to the
// challenger.
func TestCheatChallenge(t *testing.T) {
	// 3 players, deal all: p1, p2, p0 alternate.
	p := mustProgram(t, "cheat")
	deck := stackDeck(t, p, "Ac Kc Qc Ad Kd Qd")
	s := new(game.State)
	rec := &recorder{}
	s.Listen(rec)
	require.NoError(t, p.ResetDeck(s, 3, deck, rand.New(rand.NewPCG(1, 1))))
	// p1 claims aces, truthfully: Ac Ad.
	mustApply(t, s, game.Play(card("Ac")))
	mustApply(t, s, game.Play(card("Ad")))
	mustApply(t, s, game.Done())
	if ev := rec.kinds(game.EvClaim); len(ev) != 1 || ev[0].Rank != cards.Ace || ev[0].Count != 2 {
		t.Fatalf("claims %v", ev)
	}
	// p2 is asked first: it challenges and loses: it takes the pile.
	if s.ToMove() != 2 {
		t.Fatalf("p%d asked to challenge, want p2", s.ToMove())
	}
	mustApply(t, s, game.Challenge())
	if !s.Hand(2).Has(card("Ac")) || !s.Hand(2).Has(card("Ad")) {
		t.Fatal("the challenger did not take the true claim's pile")
	}
	// p2's turn: it must claim twos; it lies with Kc.
	if s.ToMove() != 2 {
		t.Fatalf("p%d to claim, want p2", s.ToMove())
	}
	mustApply(t, s, game.Play(card("Kd")))
	mustApply(t, s, game.Done())
	if ev := rec.kinds(game.EvClaim); ev[1].Rank != cards.Two {
		t.Fatalf("second claim of %v, want twos", ev[1].Rank)
	}
	// p0 (next) passes, p1 challenges: the liar p2 takes the pile back.
	mustApply(t, s, game.Pass())
	mustApply(t, s, game.Challenge())
	if ch := rec.kinds(game.EvChallenge); len(ch) != 2 || ch[1].Player != 2 || ch[1].Target != 1 {
		t.Fatalf("challenges %v", ch)
	}
	if !s.Hand(2).Has(card("Kd")) {
		t.Fatal("the liar did not take the pile")
	}
}

// Old Maid: pairs are laid down at once, players draw a random card from
// the previous player, and the last player holding cards (the odd queen)
// loses.
func TestOldMaid(t *testing.T) {
	p := mustProgram(t, "old_maid")
	for seed := range uint64(50) {
		n := 2 + int(seed)%5
		s := new(game.State)
		checked := false
		var bad string
		s.Listen(game.ListenerFunc(func(s *game.State, e *game.Event) {
			if e.Kind == game.EvDraw && !checked {
				// The first draw comes after the first discard phase: no
				// hand holds a pair.
				checked = true
				for q := 0; q < s.Players(); q++ {
					for r := cards.Two; r <= cards.Ace; r++ {
						k := 0
						for _, c := range s.Hand(q).Cards(nil) {
							if c.Rank() == r && c != e.Card { // the card just drawn may pair
								k++
							}
						}
						if k >= 2 {
							bad = "a pair survived the first discard"
						}
					}
				}
				if e.Target != int8((int(e.Player)+s.Players()-1)%s.Players()) && s.Players() == 2 {
					bad = "the first draw is not from the previous player"
				}
			}
		}))
		require.NoError(t, p.Reset(s, n, rand.New(rand.NewPCG(seed, 1))))
		if !s.Terminal() || bad != "" {
			t.Fatalf("seed %d: terminal %v, %s", seed, s.Terminal(), bad)
		}
		loser := -1
		for q := 0; q < n; q++ {
			if s.Winners()&(1<<q) == 0 {
				if loser >= 0 {
					t.Fatalf("seed %d: two losers", seed)
				}
				loser = q
			}
		}
		queens := 0
		for q := 0; q < n; q++ {
			h := s.Hand(q)
			if q != loser && h != 0 {
				t.Fatalf("seed %d: winner p%d still holds %v", seed, q, h.Cards(nil))
			}
			for _, c := range h.Cards(nil) {
				if c.Rank() == cards.Queen {
					queens++
				}
			}
		}
		if loser < 0 || queens%2 != 1 {
			t.Fatalf("seed %d: loser p%d holds %v", seed, loser, s.Hand(max(loser, 0)).Cards(nil))
		}
	}
}

// Knock-Out Whist: hand h deals 8-h cards; the trump is the suit of the
// turned-up card; a player who wins no trick in a hand is knocked out.
func TestKnockoutWhist(t *testing.T) {
	p := mustProgram(t, "knockout_whist")
	for seed := range uint64(200) {
		n := 2 + int(seed)%6
		s := new(game.State)
		var dealt [8]int
		var tricks [8]int
		var trump cards.Suit
		var errs []string
		var wasOut, alive uint16 = 0, 1<<n - 1
		s.Listen(game.ListenerFunc(func(s *game.State, e *game.Event) {
			switch e.Kind {
			case game.EvHandStart:
				dealt, tricks = [8]int{}, [8]int{}
			case game.EvDeal:
				dealt[e.Player]++
			case game.EvTrump:
				trump = e.Suit
				if e.Card.Suit() != e.Suit {
					errs = append(errs, "trump suit is not the turned-up card's")
				}
			case game.EvTrickWon:
				tricks[e.Player]++
				// The winner played a trump or the trick had none.
				_ = trump
			case game.EvHandEnd:
				for q := 0; q < s.Players(); q++ {
					if alive&(1<<q) != 0 && dealt[q] != 8-int(e.Hand) {
						errs = append(errs, "wrong hand size")
					}
				}
			case game.EvSitOut:
				wasOut |= 1 << e.Player
				if tricks[e.Player] != 0 {
					errs = append(errs, "a player with tricks was knocked out")
				}
				alive &^= 1 << e.Player
			}
		}))
		require.NoError(t, p.Reset(s, n, rand.New(rand.NewPCG(seed, 2))))
		rng := rand.New(rand.NewPCG(seed, 3))
		for !s.Terminal() {
			mustApply(t, s, game.RandomMove(s, rng))
		}
		if len(errs) > 0 {
			t.Fatalf("seed %d: %v", seed, errs)
		}
		// Knocked-out players never win; a lone survivor always does.
		if s.Winners()&wasOut != 0 {
			t.Fatalf("seed %d: a knocked-out player won", seed)
		}
		if alive&(alive-1) == 0 && s.Winners() != alive {
			t.Fatalf("seed %d: survivor %b, winners %b", seed, alive, s.Winners())
		}
	}
}
