package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLadderCommand(t *testing.T) {
	rc, out, errs := runSim("ladder", "holdem_nl_heads_up", "--games", "4", "--budget", "3", "--workers", "1")
	require.Equal(t, 0, rc, errs)
	for _, want := range []string{"skill ladder, 2 players", "greedy", "ismcts:3", "ismcts:12", "95% CI", "chips/hand", "house", "monotone:"} {
		assert.Contains(t, out, want)
	}
	assert.Contains(t, errs, "ladder: 16/16 games\n", "plain progress lines off a terminal: three steps and the house")
	rc, _, errs = runSim("ladder", "holdem_nl_heads_up", "--games", "4", "--budget", "3", "--workers", "1", "--quiet")
	require.Equal(t, 0, rc, errs)
	assert.NotContains(t, errs, "games")
	rc, out, errs = runSim("ladder", "crazy_eights", "--games", "4", "--budget", "3", "--json")
	require.Equal(t, 0, rc, errs)
	var r struct {
		Players int `json:"players"`
		Steps   []struct {
			Upper, Lower string
			Games        int
			WinRate      float64 `json:"win_rate"`
			Lo, Hi       float64
		} `json:"steps"`
		House *json.RawMessage `json:"house"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	assert.Equal(t, 2, r.Players)
	require.Len(t, r.Steps, 3)
	assert.Equal(t, "ismcts:12", r.Steps[2].Upper)
	assert.Nil(t, r.House)
}

func TestLadderCommandPair(t *testing.T) {
	rc, out, errs := runSim("ladder", "cheat", "--pair", "greedy,random", "--games", "6", "--workers", "1")
	require.Equal(t, 0, rc, errs)
	assert.Contains(t, out, "3 players")
	assert.Regexp(t, `greedy\s+random\s+6\s`, out)
	assert.NotContains(t, out, "monotone:", "one pair is not a ladder")
}

func TestLadderCommandErrors(t *testing.T) {
	for _, args := range [][]string{
		{"ladder"},
		{"ladder", "crazy_eights", "--pair", "greedy"},
		{"ladder", "crazy_eights", "--pair", "greedy,nobody"},
		{"ladder", "crazy_eights", "--games", "0"},
		{"ladder", "crazy_eights", "--budget", "-1"},
		{"ladder", "crazy_eights", "--workers", "-1"},
	} {
		rc, _, errs := runSim(args...)
		assert.Equal(t, 2, rc, "%v", args)
		assert.Contains(t, errs, "deckforge ladder:", "%v", args)
	}
	rc, _, errs := runSim("ladder", "no_such_game")
	assert.Equal(t, 1, rc)
	assert.Contains(t, errs, "no_such_game")
}
