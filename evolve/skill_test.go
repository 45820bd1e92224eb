package evolve

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/sim"
)

// A ladder rises when every step's win rate is above 1/players; under
// gates.rising_ladder a measured ladder that does not rise fails the
// flat_ladder gate, and without it only earns no skill.
func TestRisingLadderGate(t *testing.T) {
	step := func(p float64) sim.LadderStep { return sim.LadderStep{Games: 40, WinRate: p, Lo: p - 0.1, Hi: p + 0.1} }
	up := &sim.LadderResult{Players: 4, Steps: []sim.LadderStep{step(0.5), step(0.4), step(0.3)}}
	flat := &sim.LadderResult{Players: 4, Steps: []sim.LadderStep{step(0.5), step(0.25), step(0.3)}}
	assert.True(t, rising(up))
	assert.False(t, rising(flat))
	assert.False(t, rising(nil))
	assert.False(t, rising(&sim.LadderResult{Players: 4}))

	g := GateConfig{MinCompletion: 0.9, MinDecisions: 2, MaxDecisions: 100, MaxForcedShare: 0.9}
	m := Measures{Games: 16, Completion: 1, DecisionsPerPlayer: 20, ForcedShare: 0.1, Balance: 1, Ladder: flat, HasSkill: true}
	off := NewWeighted(FitnessConfig{Preset: "strategic"}, g)
	assert.True(t, off.Score(&m).Playable, "without the gate a flat ladder only earns no skill")
	g.RisingLadder = true
	on := NewWeighted(FitnessConfig{Preset: "strategic"}, g)
	s := on.Score(&m)
	assert.False(t, s.Playable)
	assert.Equal(t, []string{GateFlatLadder}, s.Failed)
	assert.Less(t, s.Fitness, 0.0)
	m.Ladder = up
	assert.True(t, on.Score(&m).Playable)
	m.HasSkill, m.Ladder = false, nil
	assert.True(t, on.Score(&m).Playable, "a genome whose ladder is not measured passes")
}

// StopFlat (sim.LadderOptions.StopFlat) stops the ladder at the
// first flat one: in War no player decides anything, so greedy wins
// exactly its share against random and the search rungs are not played.
func TestRunLadderStopFlat(t *testing.T) {
	prog, err := game.Compile(seedGenome(t, "war"))
	require.NoError(t, err)
	opt := ladderOptions{Games: 4, Budget: 4, Players: 2, Seed: 7, Workers: 1}
	full, err := runLadder(context.Background(), prog, opt)
	require.NoError(t, err)
	require.Len(t, full.Steps, 3)
	opt.StopFlat = true
	stopped, err := runLadder(context.Background(), prog, opt)
	require.NoError(t, err)
	require.Len(t, stopped.Steps, 1)
	assert.Equal(t, full.Steps[0], stopped.Steps[0])
	assert.InDelta(t, 0.5, stopped.Steps[0].WinRate, 1e-9)
	assert.Zero(t, ladderSkill(stopped))
}
