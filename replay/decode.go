package replay

import (
	"fmt"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/schema/fb"
)

// Decode reads a replay written by Encode. It verifies the whole buffer
// before reading any of it (offsets, vtables, vector and string lengths,
// bools, enum values: see verify), then the version and every reference
// (Check): corrupt or hostile bytes give an error naming the field, never
// a panic. Whether the events add up (chips, cards) is checked when the
// hands are rebuilt: see Validate.
func Decode(data []byte) (*Replay, error) {
	if err := verify(data); err != nil {
		return nil, err
	}
	root := fb.GetRootAsReplayFile(data, 0)
	switch v := root.Version(); {
	case v == 0:
		return nil, fmt.Errorf("replay: version: missing")
	case v > Version:
		return nil, fmt.Errorf("replay: version %d is newer than this reader (%d)", v, Version)
	}
	r := &Replay{Game: Game{
		Name:      string(root.Game()),
		Kind:      GameKind(root.Kind()),
		SeatCount: int(root.SeatCount()),
		Seed:      root.Seed(),
		Source:    string(root.Source()),
	}}
	if n := root.GenomeHashLength(); n > 0 {
		r.Game.GenomeHash = append([]byte(nil), root.GenomeHashBytes()...)
	}
	if n := root.PlayersLength(); n > 0 {
		r.Game.Players = make([]string, n)
		for i := range n {
			r.Game.Players[i] = string(root.Players(i))
		}
	}
	r.Hands = make([]Hand, root.HandsLength())
	var fh fb.ReplayHand
	for i := range r.Hands {
		root.Hands(&fh, i)
		decodeHand(&fh, &r.Hands[i])
	}
	if err := r.Check(); err != nil {
		return nil, err
	}
	return r, nil
}

func decodeHand(fh *fb.ReplayHand, h *Hand) {
	*h = Hand{
		Number:     int(fh.Number()),
		Label:      string(fh.Label()),
		Variant:    string(fh.Variant()),
		Button:     int(fh.Button()),
		SmallBlind: chips.Chips(fh.SmallBlind()),
		BigBlind:   chips.Chips(fh.BigBlind()),
		MinBet:     chips.Chips(fh.MinBet()),
		BigBet:     chips.Chips(fh.BigBet()),
		DeadMoney:  chips.Chips(fh.DeadMoney()),
		Complete:   fh.Complete(),
	}
	if n := fh.SeatsLength(); n > 0 {
		h.Seats = make([]Seat, n)
		var fs fb.ReplaySeat
		for i := range n {
			fh.Seats(&fs, i)
			h.Seats[i] = Seat{
				Seat:       int(fs.Seat()),
				Name:       string(fs.Name()),
				Stack:      chips.Chips(fs.Stack()),
				Status:     SeatStatus(fs.Status()),
				Inactive:   fs.Inactive(),
				Intent:     Intent(fs.Intent()),
				DeadBlinds: chips.Chips(fs.DeadBlinds()),
				Away:       fs.Away(),
				Score:      fs.Score(),
			}
		}
	}
	if n := fh.ForcedLength(); n > 0 {
		h.Forced = make([]Forced, n)
		var ff fb.ReplayForced
		for i := range n {
			fh.Forced(&ff, i)
			h.Forced[i] = Forced{Seat: int(ff.Seat()), Blind: chips.Chips(ff.Blind()), Ante: chips.Chips(ff.Ante())}
		}
	}
	if n := fh.PilesLength(); n > 0 {
		h.Piles = make([]string, n)
		for i := range n {
			h.Piles[i] = string(fh.Piles(i))
		}
	}
	if n := fh.FinalLength(); n > 0 {
		h.Final = make([]Stack, n)
		var fs fb.ReplayStack
		for i := range n {
			fh.Final(&fs, i)
			h.Final[i] = Stack{Seat: int(fs.Seat()), Stack: chips.Chips(fs.Stack())}
		}
	}
	if n := fh.EventsLength(); n > 0 {
		h.Events = make([]Event, n)
		var fe fb.ReplayEvent
		for i := range n {
			fh.Events(&fe, i)
			decodeEvent(&fe, &h.Events[i])
		}
	}
}

func decodeEvent(fe *fb.ReplayEvent, e *Event) {
	*e = Event{
		Kind:   EventKind(fe.Kind()),
		Seat:   int(fe.Seat()),
		Target: int(fe.Target()),
		Amount: chips.Chips(fe.Amount()),
		To:     chips.Chips(fe.To()),
		AllIn:  fe.AllIn(),
		Round:  int(fe.Round()),
		Pot:    int(fe.Pot()),
		Pile:   int(fe.Pile()),
		Post:   PostKind(fe.Post()),
		Intent: Intent(fe.Intent()),
		Public: fe.Public(),
		Points: fe.Points(),
		Total:  fe.Total(),
		Text:   string(fe.Text()),
	}
	if cb := fe.CardsBytes(); len(cb) > 0 {
		e.Cards = make([]cards.Card, len(cb))
		for i, c := range cb {
			e.Cards[i] = cards.Card(c)
		}
	}
	if sb := fe.SeatsBytes(); len(sb) > 0 {
		e.Seats = make([]int, len(sb))
		for i, s := range sb {
			e.Seats[i] = int(s)
		}
	}
	if n := fe.AmountsLength(); n > 0 {
		e.Amounts = make([]chips.Chips, n)
		for i := range n {
			e.Amounts[i] = chips.Chips(fe.Amounts(i))
		}
	}
}
