package phh

import (
	"fmt"
	"strconv"

	"github.com/deckforge/deckforge/engine/chips"
)

// Field names of the PHH standard and the user fields deckforge types.
const (
	fieldVariant         = "variant"
	fieldAnteTrimming    = "ante_trimming_status"
	fieldAntes           = "antes"
	fieldBlinds          = "blinds_or_straddles"
	fieldBringIn         = "bring_in"
	fieldSmallBet        = "small_bet"
	fieldBigBet          = "big_bet"
	fieldMinBet          = "min_bet"
	fieldStartingStacks  = "starting_stacks"
	fieldActions         = "actions"
	fieldFinishingStacks = "finishing_stacks"
	fieldWinnings        = "winnings"
	fieldPlayers         = "players"
	fieldSeats           = "seats"
	fieldSeatCount       = "seat_count"
	fieldInactive        = "_inactive"
	fieldIntents         = "_intents"
	fieldDeadBlinds      = "_deadBlinds"
)

// metaKind is the TOML type a standard metadata field must have.
type metaKind uint8

const (
	metaString metaKind = iota
	metaInteger
	metaStringOrInteger
	metaLocalTime
	metaNumber
	metaNumberArray // one number per player
)

// metaFields lists the standard fields kept in Hand.Fields, in the order the
// writer emits them, with the TOML type the standard gives them.
var metaFields = []struct {
	name string
	kind metaKind
}{
	{"author", metaString},
	{"event", metaString},
	{"url", metaString},
	{"venue", metaString},
	{"address", metaString},
	{"city", metaString},
	{"region", metaString},
	{"postal_code", metaString},
	{"country", metaString},
	{"time", metaLocalTime},
	{"time_zone", metaString},
	{"time_zone_abbreviation", metaString},
	{"day", metaInteger},
	{"month", metaInteger},
	{"year", metaInteger},
	{"hand", metaStringOrInteger},
	{"level", metaInteger},
	{"table", metaStringOrInteger},
	{"currency", metaString},
	{"currency_symbol", metaString},
	{"time_limit", metaNumber},
	{"time_banks", metaNumberArray},
}

// Hand is one poker hand history.
//
// Amounts are exact chips.Chips. Per-player slices are in PHH position order
// (p1 first) and have one entry per player; a nil slice is an absent field. A
// zero BringIn, SmallBet, BigBet or MinBet is an absent field (the standard
// requires them positive). Every other field of the file, standard or not,
// is kept in Fields with its TOML value (string, int64, float64, bool, the
// go-toml local date/time types, time.Time, []any or map[string]any), so
// reading and writing a hand loses nothing.
type Hand struct {
	// Key is the table name of the hand in a .phhs file ("1", "2", …), empty
	// for a single-hand file.
	Key string

	Variant Variant
	// AnteTrimming is ante_trimming_status; nil when the file leaves it out
	// (the standard's default is false).
	AnteTrimming *bool

	Antes             []chips.Chips
	BlindsOrStraddles []chips.Chips
	BringIn           chips.Chips
	SmallBet          chips.Chips
	BigBet            chips.Chips
	MinBet            chips.Chips
	StartingStacks    []chips.Chips
	Actions           []Action

	FinishingStacks []chips.Chips
	Winnings        []chips.Chips
	Players         []string
	Seats           []int
	SeatCount       int // 0 when absent

	// Inactive, Intents and DeadBlinds are the user fields _inactive,
	// _intents and _deadBlinds of the sit-in/sit-out rules.
	Inactive   []int
	Intents    []int
	DeadBlinds []chips.Chips

	// Fields holds every other field by name.
	Fields map[string]any

	// Decimal reports that the file wrote at least one amount (a number field
	// or a cbr amount) as a decimal. It sets the replay's chip unit: see
	// Replay.
	Decimal bool
}

// NumPlayers returns the number of players (the length of starting_stacks).
func (h *Hand) NumPlayers() int { return len(h.StartingStacks) }

// Label names the hand for messages: its hand field if it has one, else its
// table key, else "".
func (h *Hand) Label() string {
	switch v := h.Fields["hand"].(type) {
	case string:
		return v
	case int64:
		return strconv.FormatInt(v, 10)
	}
	return h.Key
}

// Unit returns the smallest amount a split pot is divided into: one whole
// chip when every amount of the hand was written as a TOML integer, else one
// hundredth (the file uses decimal amounts, such as cents or half chips).
func (h *Hand) Unit() chips.Chips {
	if h.Decimal {
		return 1
	}
	return chips.Scale
}

// SplitUnit is Unit's rule for a hand being played rather than read (a
// table's): the split-pot unit is one whole chip when every amount the hand
// starts with is a whole number of chips, else one hundredth. Such a hand
// is written as PHH with integer amounts, which PokerKit, the reference of
// the format, splits in whole chips with the remainder to the first winner,
// as Settle does; it splits decimal amounts exactly (19 among 3 is
// 6.333…), which no split to the cent matches, so a hand that keeps to
// whole chips stays in whole chips.
func SplitUnit(amounts ...[]chips.Chips) chips.Chips {
	if hasFraction(amounts...) {
		return 1
	}
	return chips.Scale
}

// hasFraction reports whether an amount is not a whole number of chips.
func hasFraction(amounts ...[]chips.Chips) bool {
	for _, a := range amounts {
		for _, c := range a {
			if c%chips.Scale != 0 {
				return true
			}
		}
	}
	return false
}

// Error is a problem with a PHH file: where it is and what is wrong.
type Error struct {
	File  string // file name, "" when unknown
	Hand  string // table key in a .phhs file, "" otherwise
	Field string // field name, with an index such as "actions[4]" where useful
	Line  int    // 1-based line of a TOML syntax error, 0 otherwise
	Msg   string
	Err   error // the underlying error (such as ErrUnsupported), or nil
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// Detail returns the message without the file and hand: the field and
// what is wrong with it.
func (e *Error) Detail() string {
	s := e.Msg
	if e.Field != "" {
		s = e.Field + ": " + s
	}
	if e.Line > 0 {
		s = "line " + strconv.Itoa(e.Line) + ": " + s
	}
	return s
}

func (e *Error) Error() string {
	s := ""
	if e.File != "" {
		s = e.File
		if e.Line > 0 {
			s += ":" + strconv.Itoa(e.Line)
		}
		s += ": "
	} else if e.Line > 0 {
		s = "line " + strconv.Itoa(e.Line) + ": "
	}
	if e.Hand != "" {
		s += "hand " + e.Hand + ": "
	}
	if e.Field != "" {
		s += e.Field + ": "
	}
	return s + e.Msg
}

func fieldErr(field, format string, args ...any) *Error {
	return &Error{Field: field, Msg: fmt.Sprintf(format, args...)}
}
