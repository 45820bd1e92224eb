package sim

import (
	"errors"

	"github.com/deckforge/deckforge/genome"
)

// SessionRun reports, with nil, that a run of genome g by agents (one
// specification per seat) with sit-outs so is played as sessions: sit-outs
// are enabled and g is played with chips, has a betting phase and forced
// bets (blinds, or antes: a table without blinds, see engine/table's
// State.Button). Otherwise the error says why not. Run
// rejects a run with sit-outs enabled that is not a session; evolution
// plays such a genome without sit-outs.
//
// A hold'em-shaped genome (HoldemShaped) played by house and random agents
// plays its hands on engine/table's hand runner (and its replays and PHH
// record them); every other session plays each table hand as one game of
// the genome (engine/game's ResetHand) with any agent.
func SessionRun(g *genome.Genome, agents []string, so SitOuts) error {
	if !so.Enabled() {
		return errors.New("sit-outs are off")
	}
	return sessionGenome(g)
}

// sessionGenome reports, with nil, that g can be played at a table.
func sessionGenome(g *genome.Genome) error {
	st := &g.Setup
	if st.StartingChips == 0 {
		return errors.New("genome has no chips")
	}
	betting := false
	for i := range g.Phases {
		betting = betting || g.Phases[i].Kind == genome.PhaseBetting
	}
	if !betting {
		return errors.New("genome has no betting phase")
	}
	if st.BigBlind == 0 && st.SmallBlind == 0 && st.Ante == 0 {
		return errors.New("genome has no forced bets: a hand at a table needs a blind or an ante")
	}
	return nil
}

// tableHands reports, with nil, that the hands of a session of g by agents
// are played on engine/table's hand runner: g is hold'em-shaped and every
// agent is house or random. Otherwise (the error says why) each hand is a
// game of engine/game.
func tableHands(g *genome.Genome, agents []string) error {
	if err := HoldemShaped(g); err != nil {
		return err
	}
	return sessionAgents(agents)
}
