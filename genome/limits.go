package genome

import (
	"github.com/deckforge/deckforge/internal/limits"
	"github.com/deckforge/deckforge/schema/fb"
)

// DecodeWith is Decode within the limits lim: a JSON document nested
// deeper than lim.Depth is refused before it is parsed (a FlatBuffers
// buffer is bounded by VerifyFB, which refuses a buffer that references
// more bytes than it holds), and a genome of more than lim.Phases phases
// or lim.Lineage lineage entries is refused. The limits' errors are
// *limits.Error values naming the field.
func DecodeWith(data []byte, lim limits.Limits) (*Genome, error) {
	lim = lim.Or()
	if IsFlatBuffer(data) {
		// Count before decoding: a verified buffer is read in place.
		if err := VerifyFB(data); err != nil {
			return nil, err
		}
		root := fb.GetRootAsGenome(data, 0)
		if err := counts(root.PhasesLength(), root.LineageLength(), lim); err != nil {
			return nil, err
		}
		return decodeVerifiedFB(data)
	}
	// No array of a genome is longer than its phases or lineage.
	if err := limits.CheckShape(data, limits.JSON, lim.Depth, max(lim.Phases, lim.Lineage), "lineage"); err != nil {
		return nil, err
	}
	g, err := DecodeJSON(data)
	if err != nil {
		return nil, err
	}
	if err := counts(len(g.Phases), len(g.Lineage), lim); err != nil {
		return nil, err
	}
	return g, nil
}

func counts(phases, lineage int, lim limits.Limits) error {
	if err := limits.Count("phases", "phases", "phases", phases, lim.Phases); err != nil {
		return err
	}
	return limits.Count("lineage", "lineage", "lineage entries", lineage, lim.Lineage)
}
