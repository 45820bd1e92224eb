package game

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/deckforge/deckforge/engine/betting"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/genome"
)

// ResetHand starts in s a game that is ONE hand of a chip game dealt at a
// table: the table decides between hands who is dealt in, each seat's
// stack, the button and the forced bets (engine/table does, with its dead
// blinds and sit-outs), and the game plays that hand with the genome's
// phases, then ends. It reuses the memory of s and keeps its listener.
//
// hand is the hand's betting as engine/betting takes it, one entry per
// seat of the table, in betting-seat order: player p of the game sits in
// seat TableSeat(p) (the seats follow the genome's turn direction; seat k
// is player k when it is clockwise). A seat with a zero stack is not dealt
// in: its player gets no cards, never acts and is out of the game. The
// button is the dealer, the antes and blinds are posted as given (the
// genome's own forced bets are not used), the dead money starts in the pot
// and FirstToAct/FirstToActPostflop order the betting rounds as
// engine/betting says. ResetHand reads hand during the call only.
//
// The game ends (Terminal) when the hand does; Chips(p) is then player p's
// finishing stack. The chips are conserved: the finishing stacks add up
// to the starting stacks plus the dead money (a pot left at the end of a
// hand with dead money in it is split among the players still in, as
// engine/betting settles a showdown of equal hands; without dead money it
// goes back to whoever put it in, as in every game).
func (p *Program) ResetHand(s *State, hand *betting.HandConfig, rng *rand.Rand) error {
	if !p.chips {
		return fmt.Errorf("game: %q is not played with chips: it has no table hands", p.g.ID)
	}
	n := len(hand.Stacks)
	if n < 2 || n > MaxPlayers || n > betting.MaxSeats {
		return fmt.Errorf("game: table hand of %d seats: want 2..%d", n, min(MaxPlayers, betting.MaxSeats))
	}
	if rng == nil {
		return errors.New("game: nil rng")
	}
	var check betting.Hand
	if err := check.Reset(*hand); err != nil {
		return fmt.Errorf("game: table hand: %w", err)
	}
	var st [MaxPlayers]chips.Chips
	for k, c := range hand.Stacks {
		st[p.TableSeat(n, k)] = c // TableSeat is its own inverse
	}
	s.reset(p, n, &Start{Stacks: st[:n], Dealer: p.TableSeat(n, hand.Button)}, rng.Uint64(), rng.Uint64(), hand)
	return nil
}

// TableSeat returns the betting seat of player q in a game of n players
// (and the player of seat q: the mapping is its own inverse). Seats
// follow the genome's turn direction from player 0: clockwise, seat q is
// player q; counter-clockwise, seat q is player (n−q) mod n.
func (p *Program) TableSeat(n, q int) int {
	return dirSeat(n, q, p.g.Turns.Direction != genome.CounterClockwise)
}

// TableHand reports whether s is one hand dealt at a table (ResetHand).
func (s *State) TableHand() bool { return s.oneHand }

// startTableBetting posts the table hand's forced bets (ResetHand).
func (s *State) startTableBetting() bool {
	h := s.th
	n := int(s.n)
	s.betIn = 0
	for q := range n {
		if s.inHand&(1<<q) != 0 && s.stack[q] > 0 {
			s.betIn |= 1 << q
		}
	}
	if err := s.bet.Reset(*h); err != nil {
		panic("game: table hand: " + err.Error()) // checked by ResetHand
	}
	s.betLive = true
	s.betForced = true
	s.betRound = -1
	if s.lis != nil {
		for k := range n {
			if h.Antes != nil && h.Antes[k] > 0 && h.Stacks[k] > 0 {
				s.emit(Event{Kind: EvForcedBet, Player: int8(s.playerOf(k)), Target: -1, Zone: ZoneAnte, Amount: min(h.Antes[k], h.Stacks[k])})
			}
		}
		for k := range n {
			if h.Blinds != nil && h.Blinds[k] > 0 && h.Stacks[k] > 0 {
				s.emit(Event{Kind: EvForcedBet, Player: int8(s.playerOf(k)), Target: -1, Zone: ZoneBet, Amount: s.bet.StreetBet(k), To: s.bet.StreetBet(k)})
			}
		}
	}
	return true
}

// deadLeft reports whether the live pot holds chips nobody committed
// (a table hand's dead money).
func (s *State) deadLeft() bool {
	var c chips.Chips
	for q := 0; q < int(s.n); q++ {
		if s.betIn&(1<<q) != 0 {
			c += s.bet.Committed(s.seatOf(q))
		}
	}
	return s.bet.Pot() > c
}
