package betting

import "github.com/deckforge/deckforge/engine/chips"

// PHHPositions returns the positions of an n-player PHH hand, whose players
// are listed in position order: index 0 (p1) is the small blind, index 1
// (p2) the big blind, …, index n-1 the button.
//
// For n >= 3: Button = n-1, FirstToAct = 2 (the seat after the big blind;
// pass FirstAfterLargestBlind's seat instead when there are straddles),
// FirstToActPostflop = 0.
//
// Heads-up (n == 2) PHH reverse-assigns the forced bets: with
// blinds_or_straddles = [sb, bb], index 0 posts bb and index 1 is the button
// and posts sb (see PHHForcedBets). PHHPositions(2) returns Button = 1,
// FirstToAct = 1 (the button acts first before the flop), FirstToActPostflop
// = 0 (the big blind acts first after it).
func PHHPositions(n int) Positions {
	if n == 2 {
		return Positions{Button: 1, FirstToAct: 1, FirstToActPostflop: 0}
	}
	return Positions{Button: n - 1, FirstToAct: 2 % n, FirstToActPostflop: 0}
}

// PHHForcedBets writes the per-index forced bets of a PHH hand (its
// blinds_or_straddles or its antes) into dst, which needs len(v) entries,
// and returns dst[:len(v)]. With two players PHH reverse-assigns them:
// dst[0] = v[1] (index 0 is the big blind) and dst[1] = v[0] (index 1 is
// the button and posts the small blind); antes are reversed the same way,
// as PokerKit does. With more players dst is a copy of v.
func PHHForcedBets(dst, v []chips.Chips) []chips.Chips {
	dst = dst[:len(v)]
	if len(v) == 2 {
		dst[0], dst[1] = v[1], v[0]
		return dst
	}
	copy(dst, v)
	return dst
}

// FirstAfterLargestBlind returns the seat after the one posting the largest
// blind or straddle (the later seat on a tie), the seat that acts first
// before the flop when blinds are posted in seat order: after the big blind,
// or after the last straddle. It returns -1 when every blind is 0.
func FirstAfterLargestBlind(blinds []chips.Chips) int {
	best := -1
	for i, b := range blinds {
		if b > 0 && (best < 0 || b >= blinds[best]) {
			best = i
		}
	}
	if best < 0 {
		return -1
	}
	return (best + 1) % len(blinds)
}

// TablePositions returns the positions of an n-seat table (seat order, the
// sit-in-sit-out seed's shape) whose button is button and whose big blind
// is posted at bigBlind: before the flop the first seat after the big blind
// acts first, after the flop the first seat after the button. Heads-up the
// button posts the small blind, so the seat after the big blind is the
// button (it acts first before the flop) and the seat after the button is
// the big blind (first after the flop). Seats that sit out are skipped by
// the Hand itself (a zero stack), so the positions need not be active.
func TablePositions(n, button, bigBlind int) Positions {
	return Positions{
		Button:             button,
		FirstToAct:         (bigBlind + 1) % n,
		FirstToActPostflop: (button + 1) % n,
	}
}

// PHHPositionsBlinds is PHHPositions for a hand whose per-index blinds and
// straddles are known (already reverse-assigned by PHHForcedBets when
// heads-up): FirstToAct is the seat after the largest blind or straddle
// (the later one on a tie), or seat 0 when there are no blinds, as PokerKit
// decides it. Button = n-1 and FirstToActPostflop = 0 as in PHHPositions.
func PHHPositionsBlinds(blinds []chips.Chips) Positions {
	n := len(blinds)
	f := FirstAfterLargestBlind(blinds)
	if f < 0 {
		f = 0
	}
	return Positions{Button: n - 1, FirstToAct: f, FirstToActPostflop: 0}
}
