package genome

import "github.com/deckforge/deckforge/internal/limits"

// DecodeWith is Decode within the limits lim: a JSON document nested
// deeper than lim.Depth is refused before it is parsed (a FlatBuffers
// buffer is bounded by VerifyFB, which refuses a buffer that references
// more bytes than it holds), and a genome of more than lim.Phases phases
// or lim.Lineage lineage entries is refused. The limits' errors are
// *limits.Error values naming the field.
func DecodeWith(data []byte, lim limits.Limits) (*Genome, error) {
	lim = lim.Or()
	if !IsFlatBuffer(data) {
		if err := limits.CheckDepth(data, limits.JSON, lim.Depth); err != nil {
			return nil, err
		}
	}
	g, err := Decode(data)
	if err != nil {
		return nil, err
	}
	if err := limits.Count("phases", "phases", "phases", len(g.Phases), lim.Phases); err != nil {
		return nil, err
	}
	if err := limits.Count("lineage", "lineage", "lineage entries", len(g.Lineage), lim.Lineage); err != nil {
		return nil, err
	}
	return g, nil
}
