package ui

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/deckforge/deckforge/engine/phh"
	"github.com/deckforge/deckforge/replay"
	"github.com/deckforge/deckforge/replay/phhconv"
)

// IsReplay reports whether data starts like a replay: a FlatBuffers
// buffer whose file identifier (bytes 4 to 8) is replay.FileIdentifier.
func IsReplay(data []byte) bool {
	return len(data) >= 8 && bytes.Equal(data[4:8], []byte(replay.FileIdentifier))
}

// Open reads a replay or a PHH hand history (a .phh file, or a .phhs file of
// several hands, told apart by name) and returns a cursor at its first step,
// whose hash is the SHA-256 of data. A PHH file is converted with phhconv;
// its hands that cannot be read or converted (a variant other than NT, FT
// and PO) are left out and each reason is returned in skipped. It is an
// error, naming the file, when nothing can be shown.
func Open(name string, data []byte) (c *replay.Cursor, skipped []string, err error) {
	base := path.Base(name)
	if base == "." || base == "/" {
		base = "replay"
	}
	if len(data) == 0 {
		return nil, nil, fmt.Errorf("%s: the file is empty", base)
	}
	if IsReplay(data) {
		c, err := replay.Open(data)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", base, err)
		}
		if len(c.Replay().Hands) == 0 {
			return nil, nil, fmt.Errorf("%s: the replay has no hands", base)
		}
		return c, nil, nil
	}
	if !strings.HasSuffix(base, ".phhs") && !strings.HasSuffix(base, ".phh") {
		// PHH is text (TOML); anything else that is not a replay is
		// refused by the PHH reader with a message naming the file.
		base += ".phh"
	}
	entries, err := phh.ReadFile(base, data)
	if err != nil {
		return nil, nil, fmt.Errorf("not a replay (no %q identifier) and not PHH: %w", replay.FileIdentifier, err)
	}
	var hands []phh.Hand
	for _, e := range entries {
		switch {
		case e.Err != nil:
			skipped = append(skipped, e.Err.Error())
		case !e.Hand.Variant.Supported():
			skipped = append(skipped, fmt.Sprintf("%s: hand %q: variant %s: %v", base, e.Hand.Label(), e.Hand.Variant, phh.ErrUnsupported))
		default:
			hands = append(hands, e.Hand)
		}
	}
	if len(hands) == 0 {
		if len(skipped) > 0 {
			return nil, skipped, fmt.Errorf("%s: no hand can be shown: %s", base, skipped[0])
		}
		return nil, nil, fmt.Errorf("%s: no hands", base)
	}
	r, err := phhconv.ToReplay(hands, base)
	if err != nil {
		return nil, skipped, err
	}
	if err := r.Validate(); err != nil {
		return nil, skipped, fmt.Errorf("%s: %w", base, err)
	}
	return replay.NewCursor(r, sha256.Sum256(data)), skipped, nil
}

// errNotLoaded is returned by the Player's moves before a replay is loaded.
var errNotLoaded = errors.New("no replay loaded")
