package game

import (
	"math/bits"
	"strconv"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/genome"
)

// Winners returns the bitmask of the game's winners (bit i for player i),
// 0 before the game is over.
func (s *State) Winners() uint16 { return s.winners }

// EndReason tells why a game ended.
type EndReason uint8

// The reasons a game ends. With EndWin the winners are those of the first
// win condition met; otherwise the win conditions rank the players (see
// the package documentation, "Rewards").
const (
	EndNone      EndReason = iota // the game is not over
	EndWin                        // a win condition was met
	EndLastHand                   // Setup.HandsPerGame hands were played
	EndNoPlayers                  // fewer than two players could be dealt into a hand
	EndTurnLimit                  // Turns.MaxTurns turns were played
	EndStalemate                  // 2n turns in a row (n players) moved no card and no chip
)

var endReasonNames = [...]string{"none", "win", "last_hand", "no_players", "turn_limit", "stalemate"}

// String returns the reason's name.
func (r EndReason) String() string {
	if int(r) < len(endReasonNames) {
		return endReasonNames[r]
	}
	return "EndReason(" + strconv.Itoa(int(r)) + ")"
}

// CutShort reports whether the game was stopped before its rules ended
// it: by Turns.MaxTurns or a stalemate.
func (r EndReason) CutShort() bool { return r == EndTurnLimit || r == EndStalemate }

// EndReason returns why the game ended (EndNone while it runs). A hand
// whose last turn reaches Turns.MaxTurns or a stalemate still gets its
// end-of-hand checks: a win condition met then gives EndWin.
func (s *State) EndReason() EndReason { return s.end }

// Rewards writes each player's reward into dst[:Players()] (growing it if
// needed) and returns it: the winners share 1 equally, the others get 0
// (see the package documentation). Before the end it writes zeros.
func (s *State) Rewards(dst []float64) []float64 {
	n := int(s.n)
	if cap(dst) < n {
		dst = make([]float64, n)
	}
	dst = dst[:n]
	k := 0
	for i := range n {
		if s.winners&(1<<i) != 0 {
			k++
		}
	}
	for i := range n {
		dst[i] = 0
		if s.winners&(1<<i) != 0 {
			dst[i] = 1 / float64(k)
		}
	}
	return dst
}

// NetChips writes each player's chips minus its chips at the start of the
// game into dst[:Players()] and returns it (all zero without chips).
func (s *State) NetChips(dst []chips.Chips) []chips.Chips {
	n := int(s.n)
	if cap(dst) < n {
		dst = make([]chips.Chips, n)
	}
	dst = dst[:n]
	for i := range n {
		dst[i] = s.Chips(i) - s.init[i]
		if s.betLive && s.betIn&(1<<i) != 0 {
			dst[i] += s.bet.Committed(s.seatOf(i))
		}
	}
	return dst
}

// afterHandWin returns the winners when condition w is met after a hand.
func (s *State) afterHandWin(w genome.WinCondition) uint16 {
	n := int(s.n)
	switch w.Kind {
	case genome.WinHighScore, genome.WinLowScore:
		if w.Threshold <= 0 {
			return 0
		}
		reached := false
		for q := range n {
			if int32(s.score[q]) >= w.Threshold {
				reached = true
			}
		}
		if !reached {
			return 0
		}
		return s.bestBy(s.candidates(), w.Kind)
	case genome.WinFirstToScore:
		var c uint16
		for q := range n {
			if s.score[q] >= w.Threshold {
				c |= 1 << q
			}
		}
		if c == 0 {
			return 0
		}
		return s.bestBy(c, w.Kind)
	case genome.WinLastWithChips:
		var c uint16
		for q := range n {
			if s.stack[q] > 0 {
				c |= 1 << q
			}
		}
		if popcount16(c) == 1 {
			return c
		}
	case genome.WinLastStanding:
		alive := (uint16(1)<<n - 1) &^ s.elim
		if popcount16(alive) == 1 {
			return alive
		}
	}
	return 0
}

// checkAtOnce checks the win conditions met at once (after every phase
// step) and lets players whose hands became empty go out.
func (s *State) checkAtOnce() {
	if s.emptied == 0 && !s.prog.captureAll {
		return
	}
	em := s.emptied
	s.emptied = 0
	var empty uint16
	for q := 0; q < int(s.n); q++ {
		if em&(1<<q) != 0 && s.hand[q] == 0 && s.inHand&(1<<q) != 0 {
			empty |= 1 << q
		}
	}
	if empty != 0 && s.wentOut < 0 {
		s.wentOut = int8(bits.TrailingZeros16(empty))
	}
	for _, w := range s.prog.wins {
		switch w.Kind {
		case genome.WinEmptyHand:
			if empty != 0 {
				s.finish(empty)
				return
			}
		case genome.WinLastWithCardsLoses:
			if empty != 0 {
				s.inHand &^= empty
				for q := 0; q < int(s.n); q++ {
					if empty&(1<<q) != 0 {
						s.status[q] |= stOut
						if s.lis != nil {
							s.emit(Event{Kind: EvOut, Player: int8(q), Target: -1})
						}
					}
				}
			}
			if holders := s.withCards(s.inHand); popcount16(holders) <= 1 {
				s.finish(s.dealtIn &^ holders)
				return
			}
		case genome.WinCaptureAll:
			var all cards.Set
			for q := 0; q < int(s.n); q++ {
				all |= s.hand[q] | s.won[q]
			}
			if all == 0 {
				continue
			}
			for q := 0; q < int(s.n); q++ {
				if s.hand[q]|s.won[q] == all && s.dealtIn&(1<<q) != 0 {
					s.finish(1 << q)
					return
				}
			}
		}
	}
}

// candidates returns the players who may win a ranking: those not
// eliminated (everyone if all are).
func (s *State) candidates() uint16 {
	all := uint16(1)<<s.n - 1
	if c := all &^ s.elim; c != 0 {
		return c
	}
	return all
}

// key returns player q's ranking key under kind (higher is better).
func (s *State) key(q int, kind genome.WinKind) int64 {
	switch kind {
	case genome.WinEmptyHand, genome.WinLastWithCardsLoses:
		return -int64(popcount(s.hand[q]))
	case genome.WinCaptureAll:
		return int64(popcount(s.hand[q] | s.won[q]))
	case genome.WinHighScore, genome.WinFirstToScore:
		return int64(s.score[q])
	case genome.WinLowScore:
		return -int64(s.score[q])
	case genome.WinMostTricks:
		return int64(s.tricks[q])
	case genome.WinBestHand:
		return int64(s.showWon[q])
	case genome.WinMostChips, genome.WinLastWithChips:
		return int64(s.Chips(q))
	case genome.WinLastStanding:
		if s.elim&(1<<q) == 0 {
			return 1
		}
	}
	return 0
}

// bestBy returns the players of c with the best key under kind.
func (s *State) bestBy(c uint16, kind genome.WinKind) uint16 {
	var best int64
	var out uint16
	for q := 0; q < int(s.n); q++ {
		if c&(1<<q) == 0 {
			continue
		}
		k := s.key(q, kind)
		if out == 0 || k > best {
			best, out = k, 1<<q
		} else if k == best {
			out |= 1 << q
		}
	}
	return out
}

// gameOverRank ends the game ranking the players by the win conditions.
func (s *State) gameOverRank() {
	c := s.candidates()
	for _, w := range s.prog.wins {
		c = s.bestBy(c, w.Kind)
		if popcount16(c) == 1 {
			break
		}
	}
	s.finish(c)
}

// finish ends the game with the given winners, for the reason s.end
// (EndWin if none was set).
func (s *State) finish(w uint16) {
	if w == 0 {
		w = s.candidates()
	}
	if s.end == EndNone {
		s.end = EndWin
	}
	s.refundPot()
	s.winners = w
	s.over = true
	s.stage = stgOver
	s.toMove = -1
	if s.lis != nil {
		s.emit(Event{Kind: EvGameEnd, Player: -1, Target: -1, Winners: w})
	}
}
