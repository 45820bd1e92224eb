package table

import (
	"fmt"
	"slices"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/phh"
)

// JoinLimits caps the buy-in of a player who joins: it gets what it asks,
// at most its bankroll and at most the table maximum.
type JoinLimits struct {
	// Bankroll is what the joining player holds in the bank.
	Bankroll chips.Chips
	// MaxBuyIn is the table maximum; 0 means none.
	MaxBuyIn chips.Chips
}

// Merge applies a client state to the server state and returns the new
// server state. The client's Author may change only its own entry of
// _intents, or join the table; every other difference between the two
// states is ignored.
//
// Changing the intent: the new intent is taken as is. A player who asks to
// pause (1, 2) or leave (3) while active becomes inactive at once, and if it
// is still in the hand its hand is folded: "pN f" is appended, played at
// its turn when it is not to act now (an all-in player keeps its hand).
//
// Joining: the author, not seated on the server, adds itself to every
// per-player array of the client state. Its seat is its place among the
// server's players in the client's players list (0 … number of players,
// always below seatCount); its buy-in is its startingStacks entry, capped by
// lim; its intent is its _intents entry (0 play, 1 wait for the big blind,
// 2 sit out). The joiner is inactive and posts nothing until the next hand;
// the actions are renumbered for the new seat order.
func Merge(server, client State, lim JoinLimits) (State, error) {
	if err := server.Validate(); err != nil {
		return State{}, fmt.Errorf("server state: %w", err)
	}
	if err := client.checkShape(); err != nil {
		return State{}, fmt.Errorf("client state: %w", err)
	}
	if client.Author == "" {
		return State{}, fmt.Errorf("client state: %w", fieldErr("author", "missing: a client state names its author"))
	}
	out := server.Clone()
	out.Author = ""
	out.fillDefaults()
	ci := client.Seat(client.Author)
	if ci < 0 {
		return State{}, fmt.Errorf("client state: %w", fieldErr("players", "the author %q is not in the players list", client.Author))
	}
	want := Play
	if client.Intents != nil {
		want = client.Intents[ci]
	}
	if si := out.Seat(client.Author); si >= 0 {
		if client.Intents == nil {
			return out, nil
		}
		return setIntent(out, si, want)
	}
	return join(out, client, ci, want, lim)
}

// setIntent gives seat i the intent want; a pause or leave makes an active
// player inactive at once and folds its hand.
func setIntent(s State, i int, want Intent) (State, error) {
	s.Intents[i] = want
	if want == Play || s.Inactive[i] {
		return s, nil
	}
	s.Inactive[i] = true
	return foldIfInHand(s, i)
}

// foldIfInHand appends "pN f" for seat i if it is in an unfinished hand.
func foldIfInHand(s State, i int) (State, error) {
	if s.FinishingStacks != nil {
		return s, nil
	}
	r, err := replay(&s)
	if err != nil {
		return State{}, err
	}
	if r.finished() || !r.inHand(i) || r.allIn(i) {
		return s, nil
	}
	s.Actions = append(slices.Clip(s.Actions), phh.Action{Kind: phh.Fold, Player: i})
	return s, nil
}

func join(s State, client State, ci int, want Intent, lim JoinLimits) (State, error) {
	name := client.Author
	if len(s.Players) == 0 {
		return State{}, fieldErr("players", "%q cannot join: the table is empty, and an empty table has no blinds left to play for", name)
	}
	if len(s.Players) >= s.SeatCount {
		return State{}, fieldErr("players", "%q cannot join: all %d seats are taken", name, s.SeatCount)
	}
	if want == Leave {
		return State{}, playerErr(&client, "_intents", ci, "a joining player cannot ask to leave (3)")
	}
	seat := 0
	for _, p := range client.Players[:ci] {
		if slices.Contains(s.Players, p) {
			seat++
		}
	}
	ask := client.StartingStacks[ci]
	buyIn := ask
	if lim.MaxBuyIn > 0 {
		buyIn = min(buyIn, lim.MaxBuyIn)
	}
	buyIn = min(buyIn, lim.Bankroll)
	if buyIn <= 0 {
		return State{}, playerErr(&client, "startingStacks", ci, "buy-in %s asked, %s granted (bankroll %s, table maximum %s): nothing to sit down with", ask, buyIn, lim.Bankroll, lim.MaxBuyIn)
	}
	s.Actions = renumber(s.Actions, func(p int) int {
		if p >= seat {
			return p + 1
		}
		return p
	})
	if antesOnly(&s) && seat <= s.Button && len(s.Players) > 0 {
		s.Button++ // the button stays with its player
	}
	s.Players = slices.Insert(s.Players, seat, name)
	s.StartingStacks = slices.Insert(s.StartingStacks, seat, buyIn)
	s.BlindsOrStraddles = slices.Insert(s.BlindsOrStraddles, seat, 0)
	s.Antes = slices.Insert(s.Antes, seat, 0)
	s.Inactive = slices.Insert(s.Inactive, seat, true)
	s.Intents = slices.Insert(s.Intents, seat, want)
	s.DeadBlinds = slices.Insert(s.DeadBlinds, seat, 0)
	if s.FinishingStacks != nil {
		s.FinishingStacks = slices.Insert(s.FinishingStacks, seat, buyIn)
	}
	return s, nil
}

// renumber returns actions with their player numbers rewritten by seat.
func renumber(actions []phh.Action, seat func(int) int) []phh.Action {
	out := make([]phh.Action, len(actions))
	for i, a := range actions {
		if a.Player >= 0 {
			a.Player = seat(a.Player)
		}
		out[i] = a
	}
	return out
}

// Personalize returns the state that player sees: every hole card dealt to
// another player is hidden ("??" for each card, "????" for two) and Author
// is player. A spectator (a player not seated) sees no hole cards.
func Personalize(s State, player string) State {
	out := s.Clone()
	out.Author = player
	me := s.Seat(player)
	for i, a := range out.Actions {
		if a.Kind != phh.DealHole || a.Player == me {
			continue
		}
		a.Cards = make([]cards.Card, len(a.Cards))
		for j := range a.Cards {
			a.Cards[j] = cards.None
		}
		out.Actions[i] = a
	}
	return out
}
