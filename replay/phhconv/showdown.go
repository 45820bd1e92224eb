package phhconv

import "github.com/deckforge/deckforge/engine/phh"

// PokerKitForm writes h as PokerKit, the reference of the format, plays it:
// it is phh.PokerKitForm, kept here for the callers of this package.
func PokerKitForm(h *phh.Hand) error { return phh.PokerKitForm(h) }
