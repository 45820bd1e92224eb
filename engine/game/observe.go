package game

import (
	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
)

// LogEntry is one recent action as an observer saw it: Card is cards.None
// when the observer did not see the card.
type LogEntry struct {
	Kind   EventKind
	Player int8
	Target int8
	Card   cards.Card
	// Arg is the rank (ask, claim), the suit (suit), the count (claim) or
	// the betting move kind (bet) of the action.
	Arg    uint8
	Amount chips.Chips
}

// Observation is what one player knows of a game: a comparable value with
// no pointers. Per-player arrays have Players entries in use.
type Observation struct {
	// Player is the observer; ToMove the player to decide (-1: over).
	Player, ToMove, Players int8
	// Dealer, Current and Direction (+1 clockwise, -1 counter-clockwise)
	// are the turn structure; Trump is the trump suit (-1 none); NamedSuit
	// the suit named for the top discard by a wild effect (-1 none).
	Dealer, Current, Direction, Trump, NamedSuit int8
	// Phase is the phase index, Pending the kind of decision pending
	// (internal code, equal for equal situations).
	Phase, Pending uint8
	// Hand and Turn count from 1.
	Hand uint16
	Turn uint32

	// Own is the observer's hand, Selected the cards it chose in an
	// unfinished selection.
	Own, Selected cards.Set
	// Known[p] is the part of p's hand the observer knows (its own: all).
	Known [MaxPlayers]cards.Set
	// HandSize[p] counts p's cards.
	HandSize [MaxPlayers]uint8
	// WonKnown[p] is the part of p's won pile the observer knows,
	// WonSize[p] its size.
	WonKnown [MaxPlayers]cards.Set
	WonSize  [MaxPlayers]uint8
	// Status[p]: bit 0 eliminated, bit 1 folded, bit 2 went out.
	Status [MaxPlayers]uint8
	// What play showed everyone of the hands: Lacks[p] holds cards p is
	// known not to hold (it did not follow suit, or had none of a rank
	// asked for, and has gained no card face down since); HoldsRank[p]
	// has bit r set when p is known to hold a card of rank r (it asked
	// for the rank and has given up no card since).
	Lacks     [MaxPlayers]cards.Set
	HoldsRank [MaxPlayers]uint16
	// Room[p] bounds, 4 bits per rank (see RoomOf), how many cards of
	// each rank p may hold face down: the cards p gained face down since
	// it was shown to hold none of the rank (asked for it; 15: no bound).
	Room [MaxPlayers]uint64

	// Discard is the discard pile (face up), DiscardTop its top card
	// (cards.None when empty).
	Discard    cards.Set
	DiscardTop cards.Card
	Tableau    cards.Set
	Community  cards.Set
	// StockSize counts the stock; StockKnown is the part the observer
	// knows (a turned-up trump card).
	StockSize  uint8
	StockKnown cards.Set
	// PileSize counts the centre pile of claims; PileKnown is the part
	// the observer knows (its own claimed cards, revealed cards).
	PileSize  uint8
	PileKnown cards.Set

	// Trick[p] is p's face-up card in the current trick (cards.None: none
	// yet); TrickLeader leads it (-1: no trick).
	Trick       [MaxPlayers]cards.Card
	TrickLeader int8
	// The last claim: Claimant (-1: none), its rank and card count.
	Claimant   int8
	ClaimRank  cards.Rank
	ClaimCount uint8

	Score  [MaxPlayers]int32
	Tricks [MaxPlayers]uint8
	// Chips[p] is p's stack behind; Bet[p] its bet in the current betting
	// round; Committed[p] what it put in the pot this hand; Pot the pot.
	Chips     [MaxPlayers]chips.Chips
	Bet       [MaxPlayers]chips.Chips
	Committed [MaxPlayers]chips.Chips
	Pot       chips.Chips

	// Log holds the last LogLen (at most LogSize) actions, oldest first.
	Log    [LogSize]LogEntry
	LogLen uint8
}

// Observation returns what player p knows (see the package
// documentation).
func (s *State) Observation(p int) Observation {
	var o Observation
	s.observe(p, &o, true)
	return o
}

// ObserveInto writes Observation(p) into o, without the action log when
// log is false (LogLen 0): a search that needs only the cards and the
// chips skips copying it.
func (s *State) ObserveInto(p int, o *Observation, log bool) {
	s.observe(p, o, log)
}

// observe fills o with what player p knows, the log only if log.
func (s *State) observe(p int, o *Observation, log bool) {
	*o = Observation{}
	me := uint16(1) << p
	known := s.knownBy(p)
	o.Player, o.ToMove, o.Players = int8(p), s.toMove, s.n
	o.Dealer, o.Current, o.Direction, o.Trump, o.NamedSuit = s.dealer, s.cur, s.dir, s.trump, -1
	if s.ndisc > 0 && s.named >= 0 && s.disc[s.ndisc-1] == s.namedC {
		o.NamedSuit = s.named
	}
	o.Phase, o.Pending = uint8(s.pc), s.pend
	o.Hand, o.Turn = s.handNo, uint32(s.Turn())
	o.Own = s.hand[p]
	o.Selected = s.sel[p]
	for q := 0; q < int(s.n); q++ {
		o.Known[q] = s.hand[q] & known
		o.HandSize[q] = uint8(popcount(s.hand[q]))
		o.WonKnown[q] = s.won[q] & known
		o.WonSize[q] = uint8(popcount(s.won[q]))
		o.Status[q] = s.status[q]
		o.Lacks[q] = s.lack[q]
		o.HoldsRank[q] = s.need[q]
		o.Room[q] = s.room[q]
		o.Score[q] = s.score[q]
		o.Tricks[q] = s.tricks[q]
		o.Trick[q] = cards.None
		if s.trickLead >= 0 && s.trickCards[q] != cards.None {
			o.Trick[q] = s.trickCards[q]
		}
		o.Chips[q] = s.Chips(q)
		if s.betLive {
			k := s.seatOf(q)
			o.Bet[q] = s.bet.StreetBet(k)
			o.Committed[q] = s.bet.Committed(k)
		}
	}
	o.Own = s.hand[p]
	o.Discard = s.discSet
	o.DiscardTop = cards.None
	if s.ndisc > 0 {
		o.DiscardTop = s.disc[s.ndisc-1]
	}
	o.Tableau = s.tableau
	o.Community = s.comm
	o.StockSize = s.nstock
	// A known card in the stock is rare: look through the stock only when
	// some known card is in none of the other places.
	rest := known &^ (s.discSet | s.tableau | s.comm | s.pile)
	for q := 0; q < int(s.n); q++ {
		rest &^= s.hand[q] | s.won[q]
	}
	if rest != 0 {
		for i := 0; i < int(s.nstock); i++ {
			if c := s.stock[i]; known&(1<<c) != 0 {
				o.StockKnown |= 1 << c
			}
		}
	}
	o.PileSize = uint8(popcount(s.pile))
	o.PileKnown = s.pile & known
	o.TrickLeader = s.trickLead
	o.Claimant, o.ClaimRank, o.ClaimCount = s.claimant, s.claimRank, uint8(popcount(s.claimCards))
	o.Pot = s.Pot()
	if !log {
		return
	}
	n := min(s.logN, LogSize)
	o.LogLen = uint8(n)
	for i := uint32(0); i < n; i++ {
		e := &s.log[(s.logN-n+i)%LogSize]
		c := e.card
		if e.vis&me == 0 {
			c = cards.None
		}
		o.Log[i] = LogEntry{Kind: e.kind, Player: e.player, Target: e.target, Card: c, Arg: e.arg, Amount: e.amount}
	}
}

// knownBy returns the cards whose place player p knows: bit p of
// s.know[c] for every card c, four cards at a time. Four know words read
// as one 64-bit word hold their bits p at p, 16+p, 32+p and 48+p; the
// multiplication by 1 + 2¹⁵ + 2³⁰ + 2⁴⁵ moves them to bits 45 to 48
// without collisions (the other products land 15 bits or more away).
func (s *State) knownBy(p int) cards.Set {
	const (
		lanes  = 0x0001_0001_0001_0001
		gather = 1 + 1<<15 + 1<<30 + 1<<45
	)
	var k cards.Set
	kn := s.know[:]
	sh := uint(p) & 15
	c := 0
	for ; c+4 <= len(kn); c += 4 {
		q := (*[4]uint16)(kn[c : c+4])
		w := uint64(q[0]) | uint64(q[1])<<16 | uint64(q[2])<<32 | uint64(q[3])<<48
		k |= cards.Set((w>>sh&lanes)*gather>>45&0xf) << c
	}
	for ; c < len(kn); c++ {
		k |= cards.Set(kn[c]>>sh&1) << c
	}
	return k
}
