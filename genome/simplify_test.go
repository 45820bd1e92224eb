package genome

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/cards"
)

func TestSimplify(t *testing.T) {
	g := mustSeed(t, "crazy_eights") // 52 cards
	hearts := SuitTest(TestHasSuit, Suits(cards.Hearts))
	for _, c := range []struct {
		name    string
		in, out Condition
	}{
		{"at least 0 cards", Num(TestHandSize, CmpGe, 0), Always()},
		{"fewer than 0 chips", Num(TestChips, CmpLt, 0), Never()},
		{"more than the deck in the stock", Num(TestStockSize, CmpGt, 52), Never()},
		{"at most the deck in hand", Num(TestHandSize, CmpLe, 52), Always()},
		{"turn 0", Num(TestTurnNumber, CmpEq, 0), Never()},
		{"a real test stays", Num(TestHandSize, CmpGe, 3), Num(TestHandSize, CmpGe, 3)},
		{"x and x", And(hearts, hearts), hearts},
		{"x or not x", Or(hearts, Not(hearts)), Always()},
		{"x and not x", And(Not(hearts), hearts), Never()},
		{"and always", And(hearts, Num(TestHandSize, CmpGe, 0)), hearts},
		{"or always", Or(hearts, Num(TestHandSize, CmpGe, 0)), Always()},
		{"not not", Not(Not(hearts)), hearts},
		{"some player of the stock", AnyPlayer(Num(TestStockSize, CmpEq, 0)), Num(TestStockSize, CmpEq, 0)},
		{"some player of a hand stays", AnyPlayer(hearts), AnyPlayer(hearts)},
	} {
		got := g.Simplify(c.in)
		assert.True(t, EqualConditions(&c.out, &got), "%s: got %+v", c.name, got)
	}
	in := And(hearts, hearts)
	_ = g.Simplify(in)
	assert.Len(t, in.Args, 2, "Simplify leaves its argument alone")
}

func TestLintVacuousCondition(t *testing.T) {
	g := mustSeed(t, "crazy_eights")
	g.Phases[0].Play.Condition = Or(g.Phases[0].Play.Condition, AnyPlayer(Num(TestHandSize, CmpGt, 60)))
	require.Empty(t, Validate(g))
	ds := Lint(g)
	require.Len(t, ds, 1)
	assert.Equal(t, DefectVacuousCondition, ds[0].Code)
	assert.Equal(t, "phases[0].play.condition", ds[0].Path)
}
