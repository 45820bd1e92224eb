package ui

import (
	"fmt"
	"strings"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/replay"
)

// View is the table at one step, copied out of the player so that the
// drawing loop reads it without holding the player's lock and without
// sharing the cursor's buffers.
type View struct {
	// Version is the player's Version when the view was made.
	Version uint64
	// Loaded reports that a replay is loaded; Message is the player's
	// error or hint (see Player.Message).
	Loaded  bool
	Message string

	// Name is the file name, Hash the replay's hash (hex SHA-256 of its
	// source bytes), Game the game's name.
	Name, Hash, Game string
	Kind             replay.GameKind
	// Skipped is the number of hands of a PHH file left out.
	Skipped int

	// Hand is the 0-based index of the hand, Hands their number; Number
	// and Label name the hand as its source does.
	Hand, Hands, Number int
	Label, Variant      string
	// Step is the number of the hand's events applied, Steps their number.
	Step, Steps int
	Street      string
	// Stakes is "SB/BB" in a poker game ("" without blinds).
	Stakes string
	// SeatCount is the number of seats; Button the button seat (NoSeat).
	SeatCount, Button int

	// Seats has one entry per seat, by seat number, empty seats included
	// (Present and Left false).
	Seats []SeatView
	Board []CardView
	Pots  []PotView
	Piles []PileView
	Trick []TrickView
	// Trump is the trump suit's name ("hearts") once the hand has named
	// it, "" before; TrumpCard the card turned up to name it (cards.None
	// when none was).
	Trump     string
	TrumpCard cards.Card
	// Log describes the hand's events up to the current step, oldest
	// first.
	Log []LogLine

	Playing    bool
	SpeedLevel int
	ShowAll    bool
	// AtStart and AtEnd report the first step of the first hand and the
	// last step of the last hand.
	AtStart, AtEnd bool
}

// SeatView is one seat of a View.
type SeatView struct {
	Seat int
	Name string
	// Present: a seated player; Left: one who stood up during this hand.
	Present, Left bool
	Status        replay.Status
	Stack, Bet    chips.Chips
	// Won is what the seat collected from the pots this hand.
	Won chips.Chips
	// Inactive, Intent and DeadBlinds are _inactive, _intents and
	// _deadBlinds; Away a disconnected player.
	Inactive   bool
	Intent     replay.Intent
	DeadBlinds chips.Chips
	Away       bool

	InHand, Folded, AllIn, Button bool
	Cards                         []CardView
	// Action is the seat's last action this round ("raises to 6"), and
	// ActionKind its kind.
	Action     string
	ActionKind replay.EventKind
	// Acting reports that the step's event is this seat's.
	Acting bool
	// Badge is the sitting-out badge (see Badge), "" for a seat in play.
	Badge string
	// Mark is the sign drawn on a seat that is not in play: the pause
	// sign of a player sitting out, the cross of one the game knocked out
	// (busted: no chips left), none for one who left (see SeatMarkOf).
	Mark SeatMark

	Score       int64
	Tricks      int
	Winner, Out bool
}

// CardView is a card as the viewer draws it: face up with its value, or
// face down (a back). Card is cards.None when the value is unknown.
type CardView struct {
	Card   cards.Card
	FaceUp bool
}

// PotView is a main or side pot.
type PotView struct {
	Amount chips.Chips
	Seats  []int
}

// PileView is a shared pile of a card game, its top card last.
type PileView struct {
	Name  string
	Cards []CardView
}

// TrickView is a card played to the current trick and who played it.
type TrickView struct {
	Seat int
	Card cards.Card
}

// LogLine is one event of the action log.
type LogLine struct {
	Text string
	Kind replay.EventKind
	Seat int
	// SitOut marks the events of sitting in and out (intents, dead blinds,
	// joins, leaves, connections), drawn so that they stand out.
	SitOut bool
}

// IsSitOutEvent reports whether k is one of the sitting in and out events.
func IsSitOutEvent(k replay.EventKind) bool {
	switch k {
	case replay.IntentChange, replay.SitOut, replay.SitIn, replay.DeadBlindsAccrued,
		replay.DeadBlindsPaid, replay.DeadBlindsCleared, replay.Join, replay.Leave,
		replay.Disconnect, replay.Reconnect:
		return true
	}
	return false
}

// Badge returns the badge a viewer shows on a seat that is not in play:
// "sitting out — waits for big blind", "sitting out", "coming back — pays
// dead blinds", "joined — plays next hand", "sitting out — wants to play",
// "leaving after this hand", "left the table", "out"; "" for a seat in play.
func Badge(st replay.Status) string {
	switch st {
	case replay.StatusPausedUntilBB:
		return "sitting out — waits for big blind"
	case replay.StatusPaused:
		return "sitting out"
	case replay.StatusOwesDeadBlinds:
		return "coming back — pays dead blinds"
	case replay.StatusJoined:
		return "joined — plays next hand"
	case replay.StatusWaiting:
		return "sitting out — wants to play"
	case replay.StatusLeaving:
		return "leaving after this hand"
	case replay.StatusLeft:
		return "left the table"
	case replay.StatusOut:
		return "out"
	}
	return ""
}

// SeatMark is the sign a viewer draws on a seat that is not in play.
type SeatMark uint8

// The seat marks.
const (
	// MarkNone: a seat in play, or one that left (it fades away).
	MarkNone SeatMark = iota
	// MarkPaused: sitting out (paused, waiting, owing dead blinds,
	// joined): the pause sign.
	MarkPaused
	// MarkBusted: knocked out of the game (a poker player with no chips
	// left): a cross, never the pause sign, since it will not come back.
	MarkBusted
)

var seatMarkNames = [...]string{MarkNone: "none", MarkPaused: "paused", MarkBusted: "busted"}

// String returns "none", "paused" or "busted".
func (m SeatMark) String() string {
	if int(m) < len(seatMarkNames) {
		return seatMarkNames[m]
	}
	return fmt.Sprintf("SeatMark(%d)", uint8(m))
}

// MarshalText writes the mark's name, so that state() shows it.
func (m SeatMark) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// seatStatus is the status the viewer shows for seat s of r: the
// table's, but a poker player waiting to play with no chips to come back
// with is out of the game (the game eliminated it).
func seatStatus(r *replay.Replay, s *replay.SeatState) replay.Status {
	st := s.Status()
	if st == replay.StatusWaiting && r.Game.Kind == replay.Poker && s.Stack <= 0 && s.DeadBlinds <= 0 {
		return replay.StatusOut
	}
	return st
}

// seatMarks returns the mark of every seat of the cursor's table, by
// seat number, as View gives them.
func seatMarks(c *replay.Cursor) map[int]SeatMark {
	r, t := c.Replay(), c.Table()
	out := make(map[int]SeatMark, len(t.Seats))
	for i := range t.Seats {
		s := &t.Seats[i]
		sv := SeatView{Present: s.Present, Left: s.Left, Inactive: s.Inactive}
		if s.Present || s.Left {
			sv.Status = seatStatus(r, s)
			sv.Badge = Badge(sv.Status)
		}
		out[s.Seat] = SeatMarkOf(&sv)
	}
	return out
}

// SeatMarkOf returns the mark of a seat: busted for a player out of the
// game (StatusOut), paused for one sitting out, none for one in play or
// one who left the table.
func SeatMarkOf(s *SeatView) SeatMark {
	switch {
	case !s.Present || s.Left || s.Status == replay.StatusLeft:
		return MarkNone
	case s.Status == replay.StatusOut:
		return MarkBusted
	case s.Inactive || s.Badge != "":
		return MarkPaused
	}
	return MarkNone
}

// DeadBlindsText returns "owes 1.5 in dead blinds" for a seat owing dead
// blinds, "" for none.
func DeadBlindsText(owed chips.Chips) string {
	if owed <= 0 {
		return ""
	}
	return "owes " + FormatChips(owed) + " in dead blinds"
}

// FormatChips writes an amount with thousands separators: 1125600 chips
// is "1,125,600", 75.25 stays "75.25".
func FormatChips(c chips.Chips) string {
	s := c.String()
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	whole, frac, hasFrac := strings.Cut(s, ".")
	var b strings.Builder
	b.WriteString(sign)
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if hasFrac {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return b.String()
}

// View copies the table at the current step into a View.
func (p *Player) View() *View {
	p.mu.Lock()
	defer p.mu.Unlock()
	v := &View{
		Version: p.version, Loaded: p.cur != nil, Message: p.msg, Name: p.name,
		Playing: p.playing, SpeedLevel: p.level, ShowAll: p.showAll, Skipped: len(p.skipped),
		Button: replay.NoSeat,
	}
	if p.cur == nil {
		return v
	}
	c := p.cur
	r := c.Replay()
	t := c.Table()
	h := &r.Hands[t.HandIndex]
	st := c.State()
	v.Hash, v.Game, v.Kind = st.Hash, r.Game.Name, r.Game.Kind
	v.Hand, v.Hands, v.Number, v.Label, v.Variant = t.HandIndex, len(r.Hands), t.Number, h.Label, h.Variant
	v.Step, v.Steps, v.Street = t.Step, len(h.Events), t.Street()
	v.SeatCount, v.Button = r.Game.SeatCount, t.Button
	if h.BigBlind > 0 {
		v.Stakes = FormatChips(h.SmallBlind) + "/" + FormatChips(h.BigBlind)
	}
	v.AtStart = t.HandIndex == 0 && t.Step == 0
	v.AtEnd = t.HandIndex == len(r.Hands)-1 && t.Step == len(h.Events)

	face := func(hc replay.HeldCard) CardView {
		return CardView{Card: hc.Card, FaceUp: (hc.Public || p.showAll) && hc.Card != cards.None}
	}
	acting := replay.NoSeat
	if t.Last != nil {
		acting = t.Last.Seat
	}
	v.Seats = make([]SeatView, len(t.Seats))
	for i := range t.Seats {
		s := &t.Seats[i]
		sv := SeatView{
			Seat: s.Seat, Name: s.Name, Present: s.Present, Left: s.Left,
			Stack: s.Stack, Bet: s.Bet, Won: s.Won,
			Inactive: s.Inactive, Intent: s.Intent, DeadBlinds: s.DeadBlinds, Away: s.Away,
			InHand: s.InHand, Folded: s.Folded, AllIn: s.AllIn, Button: s.Seat == t.Button,
			Score: s.Score, Tricks: s.Tricks, Winner: s.Winner, Out: s.Out,
			Acting: s.Seat == acting && (s.Present || s.Left),
		}
		if s.Present || s.Left {
			sv.Status = seatStatus(r, s)
			sv.Badge = Badge(sv.Status)
		}
		sv.Mark = SeatMarkOf(&sv)
		for _, hc := range s.Cards {
			sv.Cards = append(sv.Cards, face(hc))
		}
		if s.Last != nil {
			sv.Action = shortAction(t, s.Last)
			sv.ActionKind = s.Last.Kind
		}
		v.Seats[i] = sv
	}
	for _, c := range t.Board {
		v.Board = append(v.Board, CardView{Card: c, FaceUp: c != cards.None})
	}
	for _, pot := range t.Pots() {
		v.Pots = append(v.Pots, PotView{Amount: pot.Amount, Seats: append([]int(nil), pot.Seats...)})
	}
	for _, pile := range t.Piles {
		pv := PileView{Name: pile.Name}
		for _, hc := range pile.Cards {
			pv.Cards = append(pv.Cards, face(hc))
		}
		v.Piles = append(v.Piles, pv)
	}
	for _, tc := range t.Trick {
		v.Trick = append(v.Trick, TrickView{Seat: tc.Seat, Card: tc.Card})
	}
	v.TrumpCard = cards.None
	for i := range t.Step {
		if suit, card, ok := TrumpNote(&h.Events[i]); ok {
			v.Trump, v.TrumpCard = suit, card
		}
	}
	for i := range t.Step {
		e := &h.Events[i]
		line := LogLine{Text: LogText(t.Describe(e)), Kind: e.Kind, Seat: e.Seat, SitOut: IsSitOutEvent(e.Kind)}
		if e.Kind == replay.Round {
			line.Text = "— " + line.Text + " —"
		}
		if e.Kind == replay.Deal && (e.Public || p.showAll) && len(e.Cards) > 0 {
			line.Text = seatName(t, e.Seat) + " is dealt " + CardsText(e.Cards)
		}
		v.Log = append(v.Log, line)
	}
	return v
}

// shortAction describes a seat's last action without its name, for the
// seat's own box: "raises to 6", "pays 2 in dead blinds".
func shortAction(t *replay.Table, e *replay.Event) string {
	full := LogText(t.Describe(e))
	name := seatName(t, e.Seat)
	if rest, ok := strings.CutPrefix(full, name+" "); ok {
		return rest
	}
	if rest, ok := strings.CutPrefix(full, name+"'s "); ok {
		return rest
	}
	return full
}

// seatName returns the name of the player at seat s, "seat N" for a seat
// without one, as replay.Table.Describe names them.
func seatName(t *replay.Table, s int) string {
	if s >= 0 && s < len(t.Seats) && t.Seats[s].Name != "" {
		return t.Seats[s].Name
	}
	if s == replay.NoSeat {
		return "dealer"
	}
	return fmt.Sprintf("seat %d", s+1)
}

// suitSymbols are the suits' symbols, in the order of cards.Suit.
const suitSymbols = "♣♦♥♠"

// SuitSymbol returns the symbol of a suit: ♣, ♦, ♥ or ♠.
func SuitSymbol(s cards.Suit) string {
	r := []rune(suitSymbols)
	if int(s) < len(r) {
		return string(r[s])
	}
	return "?"
}

// RankText returns a rank as printed on a card: 2 … 10, J, Q, K, A.
func RankText(r cards.Rank) string {
	if r == cards.Ten {
		return "10"
	}
	return r.String()
}

// CardText writes a card with its suit symbol ("A♠", "10♥"), "??" for an
// unknown card and "Joker" for a joker.
func CardText(c cards.Card) string {
	switch {
	case c == cards.None || !c.Valid():
		return "??"
	case c.IsJoker():
		return "Joker"
	}
	return RankText(c.Rank()) + SuitSymbol(c.Suit())
}

// CardsText writes cards with their suit symbols, separated by spaces.
func CardsText(cs []cards.Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = CardText(c)
	}
	return strings.Join(parts, " ")
}

// LogText rewrites a sentence of the replay model for people: cards get
// their suit symbols ("Jc" becomes "J♣") and amounts thousands separators
// ("1067100" becomes "1,067,100"), as FormatChips writes them.
func LogText(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && isWordByte(s[j]) {
			j++
		}
		if j == i {
			b.WriteByte(s[i])
			i++
			continue
		}
		b.WriteString(rewriteWord(s[i:j]))
		i = j
	}
	return b.String()
}

func isWordByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '.'
}

// rewriteWord rewrites one word of LogText.
func rewriteWord(w string) string {
	if len(w) > 1 && w[len(w)-1] == '.' {
		return rewriteWord(w[:len(w)-1]) + "."
	}
	if len(w) == 2 && strings.IndexByte("23456789TJQKA", w[0]) >= 0 && strings.IndexByte("cdhs", w[1]) >= 0 {
		if c, err := cards.Parse(w); err == nil {
			return CardText(c)
		}
	}
	whole, frac, hasFrac := strings.Cut(w, ".")
	if len(whole) < 4 || strings.Trim(whole, "0123456789") != "" || (hasFrac && (frac == "" || strings.Trim(frac, "0123456789") != "")) {
		return w
	}
	var b strings.Builder
	for i := range len(whole) {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(whole[i])
	}
	if hasFrac {
		b.WriteString("." + frac)
	}
	return b.String()
}

// TrumpNote reads the note the simulator records when a hand names its
// trump suit ("trump: hearts", "trump: hearts (Qh turned up)"): the suit's
// name and the card turned up (cards.None if none).
func TrumpNote(e *replay.Event) (suit string, card cards.Card, ok bool) {
	if e.Kind != replay.Note || e.Seat != replay.NoSeat {
		return "", cards.None, false
	}
	rest, ok := strings.CutPrefix(e.Text, "trump: ")
	if !ok {
		return "", cards.None, false
	}
	suit, turned, _ := strings.Cut(rest, " (")
	card = cards.None
	if c, found := strings.CutSuffix(turned, " turned up)"); found {
		if pc, err := cards.Parse(c); err == nil {
			card = pc
		}
	}
	return suit, card, suit != ""
}
