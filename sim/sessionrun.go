package sim

import (
	"errors"

	"github.com/deckforge/deckforge/genome"
)

// SessionRun reports, with nil, that a run of genome g by agents (one
// specification per seat) with sit-outs so is played as sessions of table
// hands over engine/table: sit-outs are enabled, g is hold'em-shaped
// (HoldemShaped) and every agent is house or random. Otherwise the error
// says why not. Run rejects a run with sit-outs enabled that is not a
// session; evolution plays such a genome without sit-outs.
func SessionRun(g *genome.Genome, agents []string, so SitOuts) error {
	if !so.Enabled() {
		return errors.New("sit-outs are off")
	}
	if err := HoldemShaped(g); err != nil {
		return err
	}
	return sessionAgents(agents)
}
