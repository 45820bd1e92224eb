package agent

import (
	"math/rand/v2"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFitsDrawRule(t *testing.T) {
	cases := []struct {
		name       string
		kept, disc cards.Set
		want       bool
	}{
		{"a pair throws three", set(t, "Ah", "Ad"), set(t, "7c", "4s", "2h"), true},
		{"no pair keeps its two highest", set(t, "Ah", "Kd"), set(t, "7c", "4s", "2h"), true},
		{"no pair does not throw its king", set(t, "7h", "9d"), set(t, "Kc", "4s", "2h"), false},
		{"a straight stands pat", set(t, "5h", "6d", "7c", "8s", "9h"), 0, true},
		{"a pair does not stand pat", set(t, "5h", "5d", "7c", "8s", "Kh"), 0, false},
		{"two pair throws one", set(t, "5h", "5d", "8c", "8s"), set(t, "Kh"), true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := drawShown{disc: c.disc, n: c.disc.Len(), min: 0, max: 3, ok: true}
			assert.Equal(t, c.want, fits(c.kept, &s, nil))
		})
	}
}

func TestFitHand(t *testing.T) {
	deck := cards.Set(1<<52 - 1)
	r := wyrand(7)
	pat := drawShown{n: 0, max: 3, ok: true}
	three := drawShown{disc: set(t, "Kc", "4s", "2h"), n: 3, max: 3, ok: true}
	var pool [cards.NumCards]cards.Card
	made, paired := 0, 0
	const n = 200
	for range n {
		p := deck.Cards(pool[:0])
		h := fitHand(p, 5, &pat, &r, nil)
		require.Equal(t, 5, h.Len())
		if fits(h, &pat, nil) {
			made++
		}
		p = (deck &^ three.disc).Cards(pool[:0])
		h = fitHand(p, 5, &three, &r, nil)
		require.Equal(t, 5, h.Len())
		assert.Zero(t, h&three.disc, "the thrown cards are not drawn again")
		ranks := map[int]int{}
		for _, c := range h.Cards(nil) {
			ranks[int(c.Rank())]++
		}
		if len(ranks) < 5 {
			paired++
		}
	}
	// At random about 1 hand in 130 stands pat and half the hands hold no
	// pair.
	assert.Greater(t, made, n*3/4, "hands fit to stand pat stand pat")
	assert.Greater(t, paired, n*9/10, "a player who threw K 4 2 kept a pair")
}

func TestDrawsShown(t *testing.T) {
	prog := compileSeed(t, "five_card_draw_fl")
	pr := newProfile(prog)
	require.Equal(t, classDraw, pr.class)
	found := 0
	for seed := uint64(1); seed <= 10 && found < 5; seed++ {
		rng := rand.New(rand.NewPCG(seed, 2))
		s, err := prog.NewState(2, rng)
		require.NoError(t, err)
		g := NewGreedy(Options{Seed: seed})
		// Every player checks or calls; greedy discards.
		var thrown, pre [game.MaxPlayers]cards.Set
		drawn := [game.MaxPlayers]int{-1, -1}
		for !s.Terminal() && s.HandNumber() == 1 {
			p := s.ToMove()
			if s.Phase() > 1 && drawn[0] < 0 {
				for q := range 2 {
					thrown[q] = pre[q] &^ s.Hand(q)
					drawn[q] = thrown[q].Len()
				}
			}
			o := s.Observation(p)
			var out [game.MaxPlayers]drawShown
			shown := drawsShown(pr, &o, &out)
			if drawn[0] < 0 || drawn[1] < 0 {
				assert.False(t, shown, "seed %d: no draw shown before the draw", seed)
			} else {
				require.True(t, shown, "seed %d", seed)
				q := 1 - p
				assert.True(t, out[q].ok)
				assert.Equal(t, thrown[q], out[q].disc, "seed %d", seed)
				assert.Equal(t, drawn[q], out[q].n, "seed %d", seed)
				found++
				break
			}
			m := game.Check()
			if !s.IsLegal(m) {
				m = game.Call()
			}
			if prog.Genome().Phases[s.Phase()].Kind == genome.PhaseDiscard {
				if pre[p] == 0 {
					pre[p] = s.Hand(p)
				}
				m = g.Choose(NewView(&s))
			}
			require.NoError(t, s.Apply(m))
		}
	}
	assert.Equal(t, 5, found, "hands reach the betting after the draw")
}
