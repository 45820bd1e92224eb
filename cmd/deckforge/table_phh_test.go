package main

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/phh"
	"github.com/deckforge/deckforge/engine/table"
)

// tableProgress reads the state of file and where its hand stands.
func tableProgress(t *testing.T, file string) (table.State, table.Status) {
	t.Helper()
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	s, err := table.ReadJSON(data)
	require.NoError(t, err)
	st, err := table.Progress(s)
	require.NoError(t, err)
	return s, st
}

// tablePlayPHH plays the hand of file to its end with auto-actions (prefs
// as --auto flags) and deals, and returns the PHH that --phh prints for
// the last step, with the exit code and standard error.
func tablePlayPHH(t *testing.T, dir, file string, prefs ...string) (string, string, int) {
	t.Helper()
	for i := 0; i < 60; i++ {
		_, st := tableProgress(t, file)
		require.False(t, st.Finished, "the hand was over before the last step")
		args := []string{"auto", file}
		for _, p := range prefs {
			args = append(args, "--auto", p)
		}
		if st.Board > 0 {
			args = []string{"deal", file, "--seed", "3"}
		}
		next, after := tableStep(t, dir, args...)
		if end, err := table.Progress(after); err == nil && end.Finished {
			return tableCLI(t, append(append([]string{"table"}, args...), "--phh")...)
		}
		file = next
	}
	t.Fatal("the hand does not end")
	return "", "", 0
}

// tableReplays checks that the PHH of a finished table hand replays in
// deckforge to its finishing stacks.
func tableReplays(t *testing.T, text string) phh.Hand {
	t.Helper()
	h, err := phh.Unmarshal([]byte(text))
	require.NoError(t, err, text)
	require.NotNil(t, h.FinishingStacks, "a finished hand has finishing_stacks:\n%s", text)
	res, err := phh.Replay(&h)
	require.NoError(t, err, text)
	assert.Equal(t, h.FinishingStacks, res.Stacks, text)
	return h
}

// A scripted table session exported with --phh: a player who paused comes
// back paying dead blinds (dead money in the pot), a seat sits out, a
// player leaves during a hand (its fold out of turn written at its turn),
// the next hands are played out and replay to the table's stacks; a fold
// when a check is free (auto-action fold) is refused by name.
func TestTablePHHSession(t *testing.T) {
	dir := t.TempDir()

	// Player2 paused owing 3 in dead blinds; it asks to play again.
	file, _ := tableStep(t, dir, "merge", tableFixture("05-pause-hand6.json"), tableFixture("05-pause-client.json"))
	file = tableFinish(t, dir, file)
	file, h7 := tableStep(t, dir, "next", file, "--seed", "7")
	require.NotZero(t, h7.DeadMoney)
	out, errs, code := tablePlayPHH(t, dir, file)
	require.Zero(t, code, errs)
	h := tableReplays(t, out)
	assert.Contains(t, h.Fields, "_deadMoneyAnte", "the dead money rides in p1's ante:\n%s", out)

	// Player1 leaves during hand 8: its hand is folded at once, out of
	// turn; PHH writes the fold at its next turn.
	file, _ = tableStep(t, dir, "merge", tableFixture("06-leave-hand8.json"), tableFixture("06-leave-client.json"))
	file, _ = tableStep(t, dir, "act", file, "p2 cbr 4")
	out, errs, code = tableCLI(t, "table", "act", file, "p3 f", "--phh")
	require.Zero(t, code, errs)
	h = tableReplays(t, out)
	var folds []string
	for _, a := range h.Actions {
		if a.Kind == phh.Fold {
			folds = append(folds, h.Players[a.Player])
		}
	}
	assert.Equal(t, []string{"Player3", "Player1"}, folds, "Player1's fold comes at its turn, after Player2's bet:\n%s", out)
	file, _ = tableStep(t, dir, "act", file, "p3 f")
	file, h9 := tableStep(t, dir, "next", file, "--seed", "9")
	require.Equal(t, []string{"Player2", "Player3"}, h9.Players)
	out, errs, code = tablePlayPHH(t, dir, file)
	require.Zero(t, code, errs)
	tableReplays(t, out)

	// Hand 7 again with a seat sitting out: Player2 stays paused.
	file, _ = tableStep(t, dir, "next", tableFinish(t, dir, tableFixture("05-pause-hand6.json")), "--seed", "5")
	out, errs, code = tablePlayPHH(t, dir, file)
	require.Zero(t, code, errs)
	h = tableReplays(t, out)
	assert.Less(t, len(h.Players), 3, "the seat sitting out is not a PHH player:\n%s", out)
	assert.Contains(t, h.Fields, "_outSeats")
	back, err := table.ReadPHH([]byte(out))
	require.NoError(t, err)
	assert.Len(t, back.Players, 3, "the seat sitting out reads back")

	// The auto-action fold folds when a check is free.
	file, _ = tableStep(t, dir, "next", tableFinish(t, dir, tableFixture("05-pause-hand6.json")), "--seed", "5")
	var refused bool
	for i := 0; i < 60 && !refused; i++ {
		s, st := tableProgress(t, file)
		require.False(t, st.Finished, "no free check came")
		if st.Board > 0 {
			file, _ = tableStep(t, dir, "deal", file, "--seed", "3")
			continue
		}
		if st.Legal.CanCheck {
			_, errs, code = tableCLI(t, "table", "auto", file, "--auto", s.Players[st.ToAct]+"=fold", "--phh")
			assert.Equal(t, 1, code)
			assert.Contains(t, errs, "folds when a check is free")
			refused = true
			continue
		}
		file, _ = tableStep(t, dir, "auto", file, "--auto", s.Players[st.ToAct]+"=call_1000")
	}
	assert.True(t, refused)
}
