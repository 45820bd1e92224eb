package phhconv

import (
	"bytes"
	"crypto/sha256"
	"fmt"

	"github.com/deckforge/deckforge/engine/phh"
	"github.com/deckforge/deckforge/replay"
)

// IsReplay reports whether data is a replay (the FlatBuffers file
// identifier "DFRP" at bytes 4..8) rather than PHH text.
func IsReplay(data []byte) bool {
	return len(data) >= 8 && bytes.Equal(data[4:8], []byte(replay.FileIdentifier))
}

// Load reads a file a viewer is given: a replay (see IsReplay), decoded
// and validated, or a PHH file (.phh, or .phhs with many hands) whose
// hands are converted. A PHH hand that cannot be read or converted (a
// variant deckforge does not play) is left out and its error returned in
// skipped; it is an error when no hand is left. name is the file's name,
// used in messages and as the replay's source.
func Load(name string, data []byte) (r *replay.Replay, skipped []error, err error) {
	if IsReplay(data) {
		r, err := replay.Decode(data)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", name, err)
		}
		if err := r.Validate(); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", name, err)
		}
		return r, nil, nil
	}
	entries, err := phh.ReadFile(name, data)
	if err != nil {
		return nil, nil, err
	}
	var hands []phh.Hand
	for _, e := range entries {
		if e.Err != nil {
			skipped = append(skipped, e.Err)
			continue
		}
		if _, _, err := ToHand(&e.Hand); err != nil {
			skipped = append(skipped, fmt.Errorf("%s: hand %s: %w", name, e.Hand.Label(), err))
			continue
		}
		hands = append(hands, e.Hand)
	}
	if len(hands) == 0 {
		return nil, skipped, fmt.Errorf("%s: no hand deckforge can show (%d left out)", name, len(skipped))
	}
	r, err = ToReplay(hands, name)
	if err != nil {
		return nil, skipped, fmt.Errorf("%s: %w", name, err)
	}
	return r, skipped, nil
}

// Open is Load returning a cursor at the first step, whose hash is the
// SHA-256 of data.
func Open(name string, data []byte) (*replay.Cursor, []error, error) {
	r, skipped, err := Load(name, data)
	if err != nil {
		return nil, skipped, err
	}
	return replay.NewCursor(r, sha256.Sum256(data)), skipped, nil
}
