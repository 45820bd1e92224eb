package cards

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSetNth(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		s := Set(rng.Uint64()) & (1<<NumCards - 1)
		cs := s.Cards(nil)
		for i, c := range cs {
			assert.Equal(t, c, s.Nth(i), "card %d of %v", i, cs)
		}
		assert.GreaterOrEqual(t, s.Nth(len(cs)), Card(NumCards), "past the last card")
	}
	assert.Equal(t, MustParse("Ah"), SetOf(MustParse("Ah")).Nth(0))
}
