package replay

import (
	"fmt"

	flatbuffers "github.com/google/flatbuffers/go"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/schema/fb"
)

// Encode writes r as a FlatBuffers replay (schema/replay.fbs, file
// identifier "DFRP", version Version). It fails, naming the hand, event
// and field, when r does not pass Check or a value cannot be stored (a
// round or pot index above 255, a pile above 127, a hand number above
// 2^32-1), so that what Encode writes, Decode reads.
func Encode(r *Replay) ([]byte, error) {
	if err := r.Check(); err != nil {
		return nil, err
	}
	size := 1024
	for i := range r.Hands {
		size += 256 + 64*len(r.Hands[i].Events)
	}
	b := flatbuffers.NewBuilder(size)
	hands := make([]flatbuffers.UOffsetT, len(r.Hands))
	for i := range r.Hands {
		off, err := encodeHand(b, &r.Hands[i])
		if err != nil {
			return nil, fmt.Errorf("replay: hand %d: %w", i, err)
		}
		hands[i] = off
	}
	handsVec := tableVector(b, hands)
	players := make([]flatbuffers.UOffsetT, len(r.Game.Players))
	for i, p := range r.Game.Players {
		players[i] = b.CreateString(p)
	}
	playersVec := tableVector(b, players)
	var hash flatbuffers.UOffsetT
	if r.Game.GenomeHash != nil {
		hash = b.CreateByteVector(r.Game.GenomeHash)
	}
	game := b.CreateString(r.Game.Name)
	source := b.CreateString(r.Game.Source)

	fb.ReplayFileStart(b)
	fb.ReplayFileAddVersion(b, Version)
	fb.ReplayFileAddGame(b, game)
	if r.Game.GenomeHash != nil {
		fb.ReplayFileAddGenomeHash(b, hash)
	}
	fb.ReplayFileAddKind(b, fb.ReplayGameKind(r.Game.Kind))
	fb.ReplayFileAddPlayers(b, playersVec)
	fb.ReplayFileAddSeatCount(b, byte(r.Game.SeatCount))
	fb.ReplayFileAddSeed(b, r.Game.Seed)
	fb.ReplayFileAddSource(b, source)
	fb.ReplayFileAddHands(b, handsVec)
	b.FinishWithFileIdentifier(fb.ReplayFileEnd(b), []byte(FileIdentifier))
	return b.FinishedBytes(), nil
}

func checkGame(g *Game) error {
	switch {
	case g.Kind > CardGame:
		return fmt.Errorf("replay: game kind %d is not defined", g.Kind)
	case g.SeatCount < 0 || g.SeatCount > MaxSeats:
		return fmt.Errorf("replay: seat count %d is outside 0..%d", g.SeatCount, MaxSeats)
	case g.GenomeHash != nil && len(g.GenomeHash) != 32:
		return fmt.Errorf("replay: genome hash has %d bytes, want 32", len(g.GenomeHash))
	}
	return nil
}

// tableVector writes a vector of offsets (tables or strings).
func tableVector(b *flatbuffers.Builder, offs []flatbuffers.UOffsetT) flatbuffers.UOffsetT {
	b.StartVector(4, len(offs), 4)
	for i := len(offs) - 1; i >= 0; i-- {
		b.PrependUOffsetT(offs[i])
	}
	return b.EndVector(len(offs))
}

func seatByte(s int, field string) (int8, error) {
	if s < NoSeat || s >= MaxSeats {
		return 0, fmt.Errorf("%s %d is outside %d..%d", field, s, NoSeat, MaxSeats-1)
	}
	return int8(s), nil
}

func cardBytes(cs []cards.Card) ([]byte, error) {
	out := make([]byte, len(cs))
	for i, c := range cs {
		if !c.Valid() && c != cards.None {
			return nil, fmt.Errorf("cards[%d] = %d is not a card", i, c)
		}
		out[i] = byte(c)
	}
	return out, nil
}

func encodeHand(b *flatbuffers.Builder, h *Hand) (flatbuffers.UOffsetT, error) {
	if h.Number < 0 || int64(h.Number) > 1<<32-1 {
		return 0, fmt.Errorf("number %d is outside 0..2^32-1", h.Number)
	}
	button, err := seatByte(h.Button, "button")
	if err != nil {
		return 0, err
	}
	events := make([]flatbuffers.UOffsetT, len(h.Events))
	for i := range h.Events {
		off, err := encodeEvent(b, &h.Events[i])
		if err != nil {
			return 0, fmt.Errorf("event %d (%s): %w", i, h.Events[i].Kind, err)
		}
		events[i] = off
	}
	eventsVec := tableVector(b, events)
	seats := make([]flatbuffers.UOffsetT, len(h.Seats))
	for i := range h.Seats {
		off, err := encodeSeat(b, &h.Seats[i])
		if err != nil {
			return 0, fmt.Errorf("seats[%d]: %w", i, err)
		}
		seats[i] = off
	}
	seatsVec := tableVector(b, seats)
	piles := make([]flatbuffers.UOffsetT, len(h.Piles))
	for i, p := range h.Piles {
		piles[i] = b.CreateString(p)
	}
	pilesVec := tableVector(b, piles)

	fb.ReplayHandStartForcedVector(b, len(h.Forced))
	for i := len(h.Forced) - 1; i >= 0; i-- {
		f := h.Forced[i]
		if f.Seat < 0 || f.Seat >= MaxSeats {
			return 0, fmt.Errorf("forced[%d]: seat %d is outside 0..%d", i, f.Seat, MaxSeats-1)
		}
		fb.CreateReplayForced(b, int64(f.Blind), int64(f.Ante), byte(f.Seat))
	}
	forcedVec := b.EndVector(len(h.Forced))
	fb.ReplayHandStartFinalVector(b, len(h.Final))
	for i := len(h.Final) - 1; i >= 0; i-- {
		s := h.Final[i]
		if s.Seat < 0 || s.Seat >= MaxSeats {
			return 0, fmt.Errorf("final[%d]: seat %d is outside 0..%d", i, s.Seat, MaxSeats-1)
		}
		fb.CreateReplayStack(b, int64(s.Stack), byte(s.Seat))
	}
	finalVec := b.EndVector(len(h.Final))
	label := b.CreateString(h.Label)
	variant := b.CreateString(h.Variant)

	fb.ReplayHandStart(b)
	fb.ReplayHandAddNumber(b, uint32(h.Number))
	fb.ReplayHandAddLabel(b, label)
	fb.ReplayHandAddVariant(b, variant)
	fb.ReplayHandAddButton(b, button)
	fb.ReplayHandAddSmallBlind(b, int64(h.SmallBlind))
	fb.ReplayHandAddBigBlind(b, int64(h.BigBlind))
	fb.ReplayHandAddMinBet(b, int64(h.MinBet))
	fb.ReplayHandAddBigBet(b, int64(h.BigBet))
	fb.ReplayHandAddDeadMoney(b, int64(h.DeadMoney))
	fb.ReplayHandAddSeats(b, seatsVec)
	fb.ReplayHandAddForced(b, forcedVec)
	fb.ReplayHandAddPiles(b, pilesVec)
	fb.ReplayHandAddEvents(b, eventsVec)
	fb.ReplayHandAddFinal(b, finalVec)
	fb.ReplayHandAddComplete(b, h.Complete)
	return fb.ReplayHandEnd(b), nil
}

func encodeSeat(b *flatbuffers.Builder, s *Seat) (flatbuffers.UOffsetT, error) {
	switch {
	case s.Seat < 0 || s.Seat >= MaxSeats:
		return 0, fmt.Errorf("seat %d is outside 0..%d", s.Seat, MaxSeats-1)
	case s.Status > Joined:
		return 0, fmt.Errorf("status %d is not defined", s.Status)
	case s.Intent > IntentLeave:
		return 0, fmt.Errorf("intent %d is not defined", s.Intent)
	}
	name := b.CreateString(s.Name)
	fb.ReplaySeatStart(b)
	fb.ReplaySeatAddSeat(b, byte(s.Seat))
	fb.ReplaySeatAddName(b, name)
	fb.ReplaySeatAddStack(b, int64(s.Stack))
	fb.ReplaySeatAddStatus(b, fb.ReplaySeatStatus(s.Status))
	fb.ReplaySeatAddInactive(b, s.Inactive)
	fb.ReplaySeatAddIntent(b, fb.ReplayIntent(s.Intent))
	fb.ReplaySeatAddDeadBlinds(b, int64(s.DeadBlinds))
	fb.ReplaySeatAddAway(b, s.Away)
	fb.ReplaySeatAddScore(b, s.Score)
	return fb.ReplaySeatEnd(b), nil
}

func encodeEvent(b *flatbuffers.Builder, e *Event) (flatbuffers.UOffsetT, error) {
	switch {
	case e.Kind >= numEventKinds:
		return 0, fmt.Errorf("kind %d is not defined", e.Kind)
	case e.Post > BringIn:
		return 0, fmt.Errorf("post %d is not defined", e.Post)
	case e.Intent > IntentLeave:
		return 0, fmt.Errorf("intent %d is not defined", e.Intent)
	case e.Round < 0 || e.Round > 255:
		return 0, fmt.Errorf("round %d is outside 0..255", e.Round)
	case e.Pot < 0 || e.Pot > 255:
		return 0, fmt.Errorf("pot %d is outside 0..255", e.Pot)
	case e.Pile < -1 || e.Pile > 127:
		return 0, fmt.Errorf("pile %d is outside -1..127", e.Pile)
	}
	seat, err := seatByte(e.Seat, "seat")
	if err != nil {
		return 0, err
	}
	target, err := seatByte(e.Target, "target")
	if err != nil {
		return 0, err
	}
	var cardsVec, seatsVec, amountsVec, text flatbuffers.UOffsetT
	if len(e.Cards) > 0 {
		cb, err := cardBytes(e.Cards)
		if err != nil {
			return 0, err
		}
		cardsVec = b.CreateByteVector(cb)
	}
	if len(e.Seats) > 0 {
		sb := make([]byte, len(e.Seats))
		for i, s := range e.Seats {
			if s < 0 || s >= MaxSeats {
				return 0, fmt.Errorf("seats[%d] = %d is outside 0..%d", i, s, MaxSeats-1)
			}
			sb[i] = byte(s)
		}
		seatsVec = b.CreateByteVector(sb)
	}
	if len(e.Amounts) > 0 {
		amountsVec = int64Vector(b, e.Amounts)
	}
	if e.Text != "" {
		text = b.CreateString(e.Text)
	}
	fb.ReplayEventStart(b)
	fb.ReplayEventAddKind(b, fb.ReplayEventKind(e.Kind))
	fb.ReplayEventAddSeat(b, seat)
	fb.ReplayEventAddTarget(b, target)
	fb.ReplayEventAddAmount(b, int64(e.Amount))
	fb.ReplayEventAddTo(b, int64(e.To))
	fb.ReplayEventAddAllIn(b, e.AllIn)
	fb.ReplayEventAddRound(b, byte(e.Round))
	fb.ReplayEventAddPot(b, byte(e.Pot))
	fb.ReplayEventAddPile(b, int8(e.Pile))
	fb.ReplayEventAddPost(b, fb.ReplayPost(e.Post))
	fb.ReplayEventAddIntent(b, fb.ReplayIntent(e.Intent))
	fb.ReplayEventAddPublic(b, e.Public)
	if cardsVec != 0 {
		fb.ReplayEventAddCards(b, cardsVec)
	}
	if seatsVec != 0 {
		fb.ReplayEventAddSeats(b, seatsVec)
	}
	if amountsVec != 0 {
		fb.ReplayEventAddAmounts(b, amountsVec)
	}
	fb.ReplayEventAddPoints(b, e.Points)
	fb.ReplayEventAddTotal(b, e.Total)
	if text != 0 {
		fb.ReplayEventAddText(b, text)
	}
	return fb.ReplayEventEnd(b), nil
}

func int64Vector(b *flatbuffers.Builder, xs []chips.Chips) flatbuffers.UOffsetT {
	b.StartVector(8, len(xs), 8)
	for i := len(xs) - 1; i >= 0; i-- {
		b.PrependInt64(int64(xs[i]))
	}
	return b.EndVector(len(xs))
}
