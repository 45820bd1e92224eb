package sim

import (
	"math/bits"
	"slices"
	"strconv"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/replay"
)

// The shared piles of a recorded card game (replay.Hand.Piles); the stock
// is not a pile (-1) and the community cards are the board.
const (
	pileDiscard = iota
	pileTableau
	pileCentre
)

var pileNames = []string{"discard", "tableau", "pile"}

// recorder turns the events of a game played by engine/game into a replay
// through a replay.Recorder: one replay hand per hand of the game, its
// seats as the hand begins (stacks, scores, eliminated players sitting
// out), then every event. What the engine does without an event still
// reaches the replay as one, so that the replay rebuilds: a card a seat
// gives up that the replay does not show it holding (a won pile turned
// into a hand) is drawn from the stock first, and chips that return to a
// stack without an award (a hand cut short by the turn limit) are awarded
// back.
type recorder struct {
	pl    *plan
	sb    chips.Chips
	bb    chips.Chips
	names []string

	rec     *replay.Recorder
	n       int
	in      bool // a hand is open
	settled bool // its accounts are closed (see settle)

	// deals are the hole cards dealt since the last other event, held
	// back so that the replay reads as a table deals: the forced bets
	// first, then each player's cards in one step, in the order the engine
	// dealt them (from the dealer's left, round by round).
	deals []heldDeal
	// board is the community cards dealt since the last other event, held
	// back so that a street's cards come out in one step, after the round
	// they open is announced.
	board []cards.Card
	// blinds are the blinds posted since the last other event, held back
	// until all are known: which one is the small blind follows from the
	// positions, not from the amounts (a short stack posts less).
	blinds []heldBlind

	// sess, when set, is the session whose table hands (one game each)
	// are recorded as the hands of one replay: the seats of a hand are the
	// table's (see sessionGame.handSeats), the replay's BeginHand records
	// the sit-out transitions between hands, and a hand's end is not the
	// end of the game.
	sess *sessionGame
}

// heldBlind is a blind posted by seat: amount chips (all in when short).
type heldBlind struct {
	seat, dist int // dist: seats clockwise from the button
	amount     chips.Chips
}

// heldDeal is the cards one seat was dealt in a row, all face up or all
// face down.
type heldDeal struct {
	seat   int
	public bool
	cards  []cards.Card
}

// flushBlinds records the held blinds. The engine posts the small blind
// on the first seat clockwise from the button that posts (the button itself
// heads-up) and the big blind on the next, whatever their stacks let them
// post; a lone blind is the big one unless the game has only a small one.
func (rc *recorder) flushBlinds() {
	slices.SortFunc(rc.blinds, func(a, b heldBlind) int { return a.dist - b.dist })
	for i, b := range rc.blinds {
		kind := replay.BigBlind
		if i == 0 && (len(rc.blinds) > 1 || rc.bb == 0) {
			kind = replay.SmallBlind
		}
		rc.rec.Post(b.seat, kind, b.amount)
	}
	rc.blinds = rc.blinds[:0]
}

// holdDeal keeps a hole card dealt to seat p for flushDeals.
func (rc *recorder) holdDeal(p int, c cards.Card, public bool) {
	for i := range rc.deals {
		if d := &rc.deals[i]; d.seat == p && d.public == public {
			d.cards = append(d.cards, c)
			return
		}
	}
	rc.deals = append(rc.deals, heldDeal{seat: p, public: public, cards: one(c)})
}

// flushDeals records the held hole cards, one Deal per seat.
func (rc *recorder) flushDeals() {
	for _, d := range rc.deals {
		rc.rec.Deal(d.seat, d.cards, d.public)
	}
	rc.deals = rc.deals[:0]
}

func newRecorder(pl *plan) *recorder {
	g := pl.prog.Genome()
	rc := &recorder{pl: pl, sb: chips.FromInt(int64(g.Setup.SmallBlind)), bb: chips.FromInt(int64(g.Setup.BigBlind))}
	for i, spec := range pl.agents {
		rc.names = append(rc.names, playerName(i, spec))
	}
	return rc
}

// playerName names the player of seat i, played by agent spec, in every
// text output: "p1 random", "p2 house", … numbered from 1 as in PHH.
func playerName(i int, spec string) string { return "p" + strconv.Itoa(i+1) + " " + spec }

// begin starts the replay of game i.
func (rc *recorder) begin(i int, seed uint64) {
	g := rc.pl.prog.Genome()
	kind := replay.CardGame
	if rc.pl.prog.HasChips() {
		kind = replay.Poker
	}
	rc.n = rc.pl.players
	rc.rec = replay.NewRecorder(replay.Game{
		Name:       g.Name,
		GenomeHash: rc.pl.hash[:],
		Kind:       kind,
		Players:    rc.names,
		SeatCount:  rc.n,
		Seed:       seed,
		Source:     rc.pl.source(i),
	})
	rc.in = false
}

// finish returns the replay of the game that just ended.
func (rc *recorder) finish() (*replay.Replay, error) { return rc.rec.Replay() }

// holds reports whether seat p holds c in the replay.
func (rc *recorder) holds(p int, c cards.Card) bool {
	return slices.ContainsFunc(rc.rec.Table().Seats[p].Cards, func(h replay.HeldCard) bool { return h.Card == c })
}

// give makes sure seat p holds c in the replay before it gives it up.
func (rc *recorder) give(p int, c cards.Card) {
	if !rc.holds(p, c) {
		rc.rec.Draw(p, -1, []cards.Card{c}, false)
	}
}

// onPile reports whether replay pile k holds c.
func (rc *recorder) onPile(k int, c cards.Card) bool {
	t := rc.rec.Table()
	return k >= 0 && k < len(t.Piles) && slices.ContainsFunc(t.Piles[k].Cards, func(h replay.HeldCard) bool { return h.Card == c })
}

// pileOf returns the replay pile of a zone (-1 for none).
func pileOf(z game.Zone) int {
	switch z {
	case game.ZoneDiscard:
		return pileDiscard
	case game.ZoneTableau:
		return pileTableau
	case game.ZonePile:
		return pileCentre
	}
	return -1
}

func one(c cards.Card) []cards.Card { return []cards.Card{c} }

func (rc *recorder) event(s *game.State, e *game.Event) {
	p := int(e.Player)
	rec := rc.rec
	switch {
	case e.Kind == game.EvDeal && p >= 0 && rc.in:
		rc.holdDeal(p, e.Card, e.FaceUp)
		return
	case e.Kind == game.EvDeal && e.Zone == game.ZoneCommunity && rc.in:
		rc.board = append(rc.board, e.Card)
		return
	case e.Kind != game.EvForcedBet && (len(rc.deals) > 0 || len(rc.blinds) > 0):
		rc.flushBlinds()
		rc.flushDeals()
	}
	if len(rc.board) > 0 {
		if e.Kind == game.EvRoundStart {
			rec.Round(int(e.Round))
		}
		rec.Board(rc.board...)
		rc.board = rc.board[:0]
		if e.Kind == game.EvRoundStart {
			return
		}
	}
	switch e.Kind {
	case game.EvHandStart:
		rc.startHand(s, e)
		return
	case game.EvGameEnd:
		if !rc.in {
			return
		}
		if !rc.settled {
			rc.settle(s)
		}
		if rc.sess != nil { // a table hand ends; the session goes on
			rec.EndHand()
			rc.in = false
			return
		}
		var w []int
		for m := e.Winners; m != 0; m &= m - 1 {
			w = append(w, bits.TrailingZeros16(m))
		}
		if len(w) > 0 {
			rec.Win(w, "the game")
		}
		rec.EndHand()
		rc.in = false
		return
	}
	if !rc.in {
		return
	}
	switch e.Kind {
	case game.EvDeal:
		switch {
		case p >= 0:
			rec.Deal(p, one(e.Card), e.FaceUp) // a deal before any hand (held otherwise)
		case e.Zone == game.ZoneCommunity:
			rec.Board(e.Card)
		default:
			k := pileOf(e.Zone)
			if k < 0 {
				k = pileDiscard
			}
			rec.PileAdd(k, one(e.Card), true)
		}
	case game.EvTrump:
		text := "trump: " + genome.SuitName(e.Suit)
		if e.Card != cards.None {
			text += " (" + e.Card.String() + " turned up)"
		}
		rec.Note(replay.NoSeat, text)
	case game.EvForcedBet:
		rec.Round(0)
		if e.Zone == game.ZoneAnte {
			rec.Post(p, replay.Ante, e.Amount)
			return
		}
		n := s.Players()
		dist := (s.Seat(p) - s.Seat(s.Dealer()) + n) % n
		rc.blinds = append(rc.blinds, heldBlind{seat: p, dist: dist, amount: e.Amount})
	case game.EvRoundStart:
		// The engine's round number is an int8 that wraps after 127
		// rounds in one betting hand; the replay's is a byte.
		rec.Round(int(uint8(e.Round)))
	case game.EvBet:
		switch e.Move {
		case game.MoveCall:
			rec.Action(p, replay.Call, e.Amount)
		case game.MoveBet:
			rec.Action(p, replay.Bet, e.Amount)
		case game.MoveRaise:
			rec.Action(p, replay.Raise, e.Amount)
		default:
			rec.Action(p, replay.Check, 0)
		}
	case game.EvFold:
		rec.Action(p, replay.Fold, 0)
	case game.EvPlay:
		rc.give(p, e.Card)
		k := pileOf(e.Zone)
		switch {
		case e.Zone == game.ZoneTrick:
			k = -1
		case k < 0:
			k = pileDiscard
		}
		rec.Play(p, one(e.Card), k)
	case game.EvDraw:
		if e.Zone == game.ZoneHand && e.Target >= 0 {
			rc.giveTo(int(e.Target), p, e.Card, e.FaceUp)
			return
		}
		k := pileOf(e.Zone)
		if !rc.onPile(k, e.Card) {
			k = -1
		}
		rec.Draw(p, k, one(e.Card), e.FaceUp)
	case game.EvDiscard:
		if e.Zone == game.ZoneHand && e.Target >= 0 {
			rc.giveTo(p, int(e.Target), e.Card, e.FaceUp)
			return
		}
		rc.give(p, e.Card)
		rec.Discard(p, pileOf(e.Zone), one(e.Card), e.FaceUp)
	case game.EvPass:
		rec.Pass(p)
	case game.EvSuit:
		rec.Note(p, "names "+genome.SuitName(e.Suit))
	case game.EvTrickWon:
		rec.TrickWon(p)
	case game.EvClaim:
		cs := e.Cards.Cards(nil)
		for _, c := range cs {
			rc.give(p, c)
		}
		rec.Claim(p, pileCentre, cs, strconv.Itoa(int(e.Count))+" × "+genome.RankName(e.Rank))
	case game.EvChallenge:
		rec.Challenge(int(e.Target), p, rc.names[p]+" takes the pile")
		if t := rc.rec.Table(); pileCentre < len(t.Piles) {
			var cs []cards.Card
			for _, h := range t.Piles[pileCentre].Cards {
				cs = append(cs, h.Card)
			}
			if len(cs) > 0 {
				rec.Draw(p, pileCentre, cs, false)
			}
		}
	case game.EvAsk:
		rec.Ask(p, int(e.Target), genome.RankName(e.Rank))
		for _, c := range e.Cards.Cards(nil) {
			rc.giveTo(int(e.Target), p, c, true)
		}
	case game.EvEffect:
		text := genome.EffectKind(e.Effect).String()
		if e.Card != cards.None {
			text += " (" + e.Card.String() + ")"
		}
		rec.Note(p, text)
	case game.EvSkip:
		rec.Note(p, "loses a turn")
	case game.EvShowdown:
		rec.Show(p, e.Cards.Cards(nil), "")
	case game.EvPotAward:
		if e.Amount <= 0 {
			return
		}
		st := &rc.rec.Table().Seats[p]
		if e.Zone == game.ZoneBet && e.Amount <= st.Bet+st.Collected {
			rec.Uncalled(p, e.Amount)
		} else {
			rec.Award(0, []int{p}, []chips.Chips{e.Amount}, "")
		}
	case game.EvOut:
		rec.Out(p)
	case game.EvSitOut:
		if rc.sess == nil { // at a table, the table seats the players
			rec.SitOut(p)
		}
	case game.EvHandEnd:
		rc.settle(s)
	}
}

// giveTo moves card c from seat from to seat to.
func (rc *recorder) giveTo(from, to int, c cards.Card, public bool) {
	rc.give(from, c)
	rc.rec.Give(from, to, one(c), public)
}

// startHand begins a replay hand: the seats as the game stands.
func (rc *recorder) startHand(s *game.State, e *game.Event) {
	if rc.in {
		if !rc.settled {
			rc.settle(s)
		}
		rc.rec.EndHand()
	}
	hs := replay.HandStart{Number: int(e.Hand), Button: int(e.Player), SmallBlind: rc.sb, BigBlind: rc.bb, MinBet: rc.bb}
	if hs.Button < 0 || hs.Button >= rc.n {
		hs.Button = replay.NoSeat
	}
	hs.Piles = pileNames
	if rc.sess != nil {
		rc.sess.handSeats(&hs)
	} else {
		for p := 0; p < rc.n; p++ {
			hs.Seats = append(hs.Seats, replay.Seat{Seat: p, Name: rc.names[p], Stack: s.Chips(p),
				Score: int64(s.Score(p)), Inactive: s.Eliminated(p)})
		}
	}
	rc.rec.BeginHand(hs)
	rc.in, rc.settled = true, false
}

// settle closes the replay hand's accounts when the game's hand ends: chips
// the engine gave back without an event are awarded, score changes
// recorded. The hand stays open for what follows its end (eliminations,
// the winners of the game).
func (rc *recorder) settle(s *game.State) {
	t := rc.rec.Table()
	for p := 0; p < rc.n && p < len(t.Seats); p++ {
		if rc.sess != nil && !t.Seats[p].Present {
			continue // an empty seat of a session's table
		}
		if d := s.Chips(p) - t.Seats[p].Stack; d > 0 {
			rc.rec.Award(0, []int{p}, []chips.Chips{d}, "returned")
		}
		if d := int64(s.Score(p)) - t.Seats[p].Score; d != 0 {
			rc.rec.Score(p, d)
		}
	}
	rc.settled = true
}
