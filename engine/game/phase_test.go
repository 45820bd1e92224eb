package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/genome"
)

// TestEveryPhaseKindHasOps fails, naming what is missing, when a phase
// kind of the genome has no operations in phaseKinds or a pending decision
// has no apply.
func TestEveryPhaseKindHasOps(t *testing.T) {
	kinds := genome.PhaseKinds()
	require.NotEmpty(t, kinds)
	require.Equalf(t, len(kinds)+1, len(phaseKinds),
		"phaseKinds (engine/game/phase.go) has %d entries, genome has %d phase kinds (+ none)", len(phaseKinds), len(kinds))
	for _, k := range kinds {
		ops := phaseKinds[k]
		assert.NotNilf(t, ops.begin, "phase kind %s: phaseKinds[%s].begin is missing (engine/game/phase.go)", k, k)
		for _, d := range ops.decisions {
			assert.NotNilf(t, d.apply, "phase kind %s: decision %d has no apply", k, d.pd)
		}
	}
	for pd := pdNone + 1; pd < pdCount; pd++ {
		assert.NotNilf(t, decisions[pd].apply,
			"pending decision %d has no apply: list it in its phase kind's decisions or in effectDecisions", pd)
	}
}

// TestEveryPhaseKindIsPlayed checks that the seed games play every phase
// kind's operations: every kind occurs in some seed, so the golden games
// cover it.
func TestEveryPhaseKindIsPlayed(t *testing.T) {
	gs, err := genome.Seeds()
	require.NoError(t, err)
	seen := map[genome.PhaseKind]bool{}
	for _, g := range gs {
		for _, ph := range g.Phases {
			seen[ph.Kind] = true
		}
	}
	for _, k := range genome.PhaseKinds() {
		assert.Truef(t, seen[k], "no seed game (genome/seeds) uses phase kind %s: add one so the golden games play it", k)
	}
}

// TestEveryConditionTestHasOps fails, naming the test, when a condition
// test of the genome has no evaluation in conditionTests.
func TestEveryConditionTestHasOps(t *testing.T) {
	tests := genome.Tests()
	require.NotEmpty(t, tests)
	require.Equalf(t, len(tests)+1, len(conditionTests),
		"conditionTests (engine/game/condition_tests.go) has %d entries, genome has %d tests (+ none)", len(conditionTests), len(tests))
	for _, tt := range tests {
		ops := conditionTests[tt]
		if tt.NeedsCard() {
			assert.Truef(t, ops.cards != nil || ops.compile != nil,
				"card test %s: conditionTests needs cards or compile (engine/game/condition_tests.go)", tt)
			continue
		}
		assert.Truef(t, ops.quantity != nil || ops.holds != nil,
			"player test %s: conditionTests needs quantity or holds (engine/game/condition_tests.go)", tt)
		assert.Equalf(t, tt.Numeric(), ops.quantity != nil, "player test %s: quantity is for the numeric tests", tt)
	}
}
