package agent

import (
	"math/rand/v2"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/game"
)

// View is what the player to move may know of a game: its observation, its
// legal moves, its betting options and determinizations (full states drawn
// at random consistent with the observation). A View holds the true state
// only to answer those questions: no method returns the state itself or a
// hidden card, so an agent that sees nothing but its View cannot peek.
//
// A View is a small value; it is valid while the state it wraps is not
// changed.
type View struct {
	s *game.State
	p int
}

// NewView returns the view of the player to move in s (ToMove is -1 and
// the view has no legal move when the game is over).
func NewView(s *game.State) View { return View{s: s, p: s.ToMove()} }

// Player returns the player the view belongs to.
func (v View) Player() int { return v.p }

// Players returns the number of players of the game.
func (v View) Players() int { return v.s.Players() }

// Program returns the rules of the game (they are public).
func (v View) Program() *game.Program { return v.s.Program() }

// Observation returns what the player knows (game.State.Observation).
func (v View) Observation() game.Observation { return v.s.Observation(v.p) }

// NumLegal returns the number of legal moves (0 when the game is over).
func (v View) NumLegal() int {
	if v.p < 0 {
		return 0
	}
	return v.s.NumLegal()
}

// LegalMove returns legal move i, 0 <= i < NumLegal.
func (v View) LegalMove(i int) game.Move { return v.s.LegalMove(i) }

// Legal appends the legal moves to dst[:0] and returns it.
func (v View) Legal(dst []game.Move) []game.Move {
	if v.p < 0 {
		return dst[:0]
	}
	return v.s.Legal(dst)
}

// IsLegal reports whether m is a legal move of the player (bets and raises
// of any amount the betting engine accepts, not only the menu's).
func (v View) IsLegal(m game.Move) bool { return v.p >= 0 && v.s.IsLegal(m) }

// Determinize returns a full state consistent with the player's
// observation: the cards the player has not seen are dealt at random with
// rng into the places it cannot see.
func (v View) Determinize(rng *rand.Rand) game.State { return v.s.Determinize(v.p, rng) }

// DeterminizeInto is Determinize writing into dst, without allocating.
func (v View) DeterminizeInto(dst *game.State, rng *rand.Rand) {
	v.s.DeterminizeInto(dst, v.p, rng)
}

// PrepareDeal prepares d for determinizations of the view's state
// (d.Into(dst, rng) is DeterminizeInto(dst, rng), the same draws, without
// repeating the work that does not depend on them).
func (v View) PrepareDeal(d *game.Deal) { v.s.PrepareDeal(d, v.p) }

// Betting returns the player's betting options (Open is false unless a
// betting decision is pending).
func (v View) Betting() BetOptions {
	o := v.Observation()
	return betOptions(v, &o)
}

// MaxSizes is the most bet or raise sizes a BetOptions lists.
const MaxSizes = game.MaxMenu + 3

// BetOptions are the betting options of a pending betting decision.
type BetOptions struct {
	// Open reports that a betting decision is pending; the other fields
	// are zero otherwise.
	Open bool
	// Fold, Check and Call report which of those moves are legal.
	Fold, Check, Call bool
	// ToCall is the gap between the table bet and the player's street
	// bet; a call adds min(ToCall, Stack) chips. It is 0 when a check is
	// free.
	ToCall chips.Chips
	// Stack is the player's chips behind; Pot every chip in the pot, the
	// current round's bets included.
	Stack, Pot chips.Chips
	// Sizes[:NumSizes] are the bets or raises offered (all of one kind,
	// MoveBet or MoveRaise) in increasing amount; the last is the
	// largest, the all-in when the menu offers it.
	Sizes    [MaxSizes]game.Move
	NumSizes int
}

// Raise returns the smallest bet or raise offered and whether there is one.
func (b *BetOptions) Raise() (game.Move, bool) {
	if b.NumSizes == 0 {
		return game.Move{}, false
	}
	return b.Sizes[0], true
}

// AllIn returns the largest bet or raise offered and whether there is one.
func (b *BetOptions) AllIn() (game.Move, bool) {
	if b.NumSizes == 0 {
		return game.Move{}, false
	}
	return b.Sizes[b.NumSizes-1], true
}

// betOptions builds the betting options of v from its legal moves and the
// observation o.
func betOptions(v View, o *game.Observation) BetOptions {
	var b BetOptions
	if v.p < 0 {
		return b
	}
	var n int
	b.Fold, b.Check, b.Call, n = v.s.BetMenu(b.Sizes[:])
	b.NumSizes = n
	b.Open = b.Fold || b.Check || b.Call || n > 0
	if !b.Open {
		return BetOptions{}
	}
	// Insertion sort by amount (the menu is short and usually sorted).
	for i := 1; i < b.NumSizes; i++ {
		for j := i; j > 0 && b.Sizes[j].Amount < b.Sizes[j-1].Amount; j-- {
			b.Sizes[j], b.Sizes[j-1] = b.Sizes[j-1], b.Sizes[j]
		}
	}
	p := v.p
	var top chips.Chips
	for q := 0; q < int(o.Players); q++ {
		top = max(top, o.Bet[q])
	}
	if !b.Check {
		b.ToCall = max(top-o.Bet[p], 0)
	}
	b.Stack = o.Chips[p]
	b.Pot = o.Pot
	return b
}
