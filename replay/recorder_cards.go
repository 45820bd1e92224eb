package replay

import (
	"slices"

	"github.com/deckforge/deckforge/engine/cards"
)

// PileAdd records cards put on shared pile pile (the stock at the deal,
// the turned-up discard).
func (r *Recorder) PileAdd(pile int, cs []cards.Card, public bool) {
	e := NewEvent(PileAdd, NoSeat)
	e.Pile, e.Cards, e.Public = pile, slices.Clone(cs), public
	r.emit(e)
}

// Play records seat playing cards face up to pile pile, or to the
// current trick when pile is -1.
func (r *Recorder) Play(seat int, cs []cards.Card, pile int) {
	e := NewEvent(Play, seat)
	e.Cards, e.Pile, e.Public = slices.Clone(cs), pile, true
	r.emit(e)
}

// Draw records seat drawing cards from pile pile (-1: a stock not tracked
// as a pile); public says whether everyone sees them.
func (r *Recorder) Draw(seat, pile int, cs []cards.Card, public bool) {
	e := NewEvent(Draw, seat)
	e.Pile, e.Cards, e.Public = pile, slices.Clone(cs), public
	r.emit(e)
}

// Discard records seat discarding cards to pile pile (-1: out of play).
func (r *Recorder) Discard(seat, pile int, cs []cards.Card, public bool) {
	e := NewEvent(Discard, seat)
	e.Pile, e.Cards, e.Public = pile, slices.Clone(cs), public
	r.emit(e)
}

// Give records seat giving cards to target (a card passed, asked for or
// stolen).
func (r *Recorder) Give(seat, target int, cs []cards.Card, public bool) {
	e := NewEvent(Give, seat)
	e.Target, e.Cards, e.Public = target, slices.Clone(cs), public
	r.emit(e)
}

// Ask records seat asking target for what (a rank).
func (r *Recorder) Ask(seat, target int, what string) {
	e := NewEvent(Ask, seat)
	e.Target, e.Text = target, what
	r.emit(e)
}

// Claim records seat putting cards face down on pile pile with a claim
// ("two kings").
func (r *Recorder) Claim(seat, pile int, cs []cards.Card, claim string) {
	e := NewEvent(Claim, seat)
	e.Pile, e.Cards, e.Text = pile, slices.Clone(cs), claim
	r.emit(e)
}

// Challenge records seat challenging target's claim, and the outcome.
func (r *Recorder) Challenge(seat, target int, outcome string) {
	e := NewEvent(Challenge, seat)
	e.Target, e.Text = target, outcome
	r.emit(e)
}

// Pass records seat passing.
func (r *Recorder) Pass(seat int) { r.emit(NewEvent(Pass, seat)) }

// TrickWon records seat winning the current trick.
func (r *Recorder) TrickWon(seat int) {
	e := NewEvent(TrickWon, seat)
	for _, c := range r.t.Trick {
		e.Cards = append(e.Cards, c.Card)
	}
	r.emit(e)
}

// Score records a change of points in seat's score.
func (r *Recorder) Score(seat int, points int64) {
	e := NewEvent(Score, seat)
	e.Points = points
	if seat >= 0 && seat < len(r.t.Seats) {
		e.Total = r.t.Seats[seat].Score + points
	}
	r.emit(e)
}

// Out records seat going out of the game.
func (r *Recorder) Out(seat int) { r.emit(NewEvent(Out, seat)) }

// Win records the winners of the game.
func (r *Recorder) Win(seats []int, text string) {
	e := NewEvent(Win, NoSeat)
	e.Seats, e.Text = slices.Clone(seats), text
	r.emit(e)
}

// Note records a sentence worth showing (an effect: "direction reversed").
// seat may be NoSeat.
func (r *Recorder) Note(seat int, text string) {
	e := NewEvent(Note, seat)
	e.Text = text
	r.emit(e)
}

// SetIntent records a player's new intent and its _inactive flag after
// it (engine/table's Merge: a player who pauses or leaves becomes inactive
// at once; its fold is recorded as its action).
func (r *Recorder) SetIntent(seat int, in Intent, inactive bool) {
	if r.err != nil {
		return
	}
	if seat >= 0 && seat < len(r.t.Seats) && r.t.Seats[seat].Intent != in {
		e := NewEvent(IntentChange, seat)
		e.Intent = in
		r.emit(e)
	}
	if seat < 0 || seat >= len(r.t.Seats) {
		r.fail("intent of seat %d, which is not at the table", seat)
		return
	}
	switch was := r.t.Seats[seat].Inactive; {
	case inactive && !was:
		r.emit(NewEvent(SitOut, seat))
	case !inactive && was:
		r.emit(NewEvent(SitIn, seat))
	}
}
