package phh

// Variant is a PHH variant code such as "NT" (no-limit Texas hold'em).
type Variant string

// The variant codes the PHH standard defines.
const (
	FixedLimitTexasHoldem               Variant = "FT"
	NoLimitTexasHoldem                  Variant = "NT"
	NoLimitShortDeckHoldem              Variant = "NS"
	PotLimitOmahaHoldem                 Variant = "PO"
	FixedLimitOmahaHoldemHiLo           Variant = "FO/8"
	FixedLimitSevenCardStud             Variant = "F7S"
	FixedLimitSevenCardStudHiLo         Variant = "F7S/8"
	FixedLimitRazz                      Variant = "FR"
	NoLimitDeuceToSevenLowballSingle    Variant = "N2L1D"
	FixedLimitDeuceToSevenLowballTriple Variant = "F2L3D"
	FixedLimitBadugi                    Variant = "FB"
)

// variantInfo describes one defined variant: its name, which of the
// structure fields it requires and whether deckforge replays it.
type variantInfo struct {
	name string
	// blinds: button game with blinds_or_straddles; otherwise bring_in (stud).
	blinds bool
	// fixed: small_bet and big_bet; otherwise min_bet.
	fixed  bool
	played bool
}

var variants = map[Variant]variantInfo{
	FixedLimitTexasHoldem:               {"fixed-limit Texas hold'em", true, true, true},
	NoLimitTexasHoldem:                  {"no-limit Texas hold'em", true, false, true},
	NoLimitShortDeckHoldem:              {"no-limit short-deck hold'em", true, false, false},
	PotLimitOmahaHoldem:                 {"pot-limit Omaha hold'em", true, false, true},
	FixedLimitOmahaHoldemHiLo:           {"fixed-limit Omaha hold'em high/low-split eight or better", true, true, false},
	FixedLimitSevenCardStud:             {"fixed-limit seven card stud", false, true, false},
	FixedLimitSevenCardStudHiLo:         {"fixed-limit seven card stud high/low-split eight or better", false, true, false},
	FixedLimitRazz:                      {"fixed-limit razz", false, true, false},
	NoLimitDeuceToSevenLowballSingle:    {"no-limit deuce-to-seven lowball single draw", true, false, false},
	FixedLimitDeuceToSevenLowballTriple: {"fixed-limit deuce-to-seven lowball triple draw", true, true, false},
	FixedLimitBadugi:                    {"fixed-limit badugi", true, true, false},
}

// Defined reports whether v is a variant code of the PHH standard.
func (v Variant) Defined() bool {
	_, ok := variants[v]
	return ok
}

// Supported reports whether Replay plays v (NT, FT and PO).
func (v Variant) Supported() bool {
	return variants[v].played
}

// Name returns the variant's full name, or "" for an undefined code.
func (v Variant) Name() string {
	return variants[v].name
}

// String returns the code.
func (v Variant) String() string { return string(v) }

// requiredFields returns the structure fields the variant requires besides
// variant, antes, starting_stacks and actions.
func (v Variant) requiredFields() []string {
	info := variants[v]
	var f []string
	if info.blinds {
		f = append(f, fieldBlinds)
	} else {
		f = append(f, fieldBringIn)
	}
	if info.fixed {
		f = append(f, fieldSmallBet, fieldBigBet)
	} else {
		f = append(f, fieldMinBet)
	}
	return f
}
