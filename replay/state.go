package replay

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
)

// State is the table at the cursor's position as JSON data: what the
// viewer page returns from window.deckforge.state(). Amounts of chips are
// JSON numbers written exactly (75.25); hidden cards are "??".
type State struct {
	Hash    string `json:"hash"` // hex SHA-256 of the replay's source bytes
	Game    string `json:"game"`
	Kind    string `json:"kind"` // "poker" or "card_game"
	Hands   int    `json:"hands"`
	Hand    int    `json:"hand"` // 0-based index of the hand
	Number  int    `json:"number"`
	Label   string `json:"label"`
	Step    int    `json:"step"`
	Steps   int    `json:"steps"`
	ShowAll bool   `json:"showAll"`
	Button  int    `json:"button"` // -1 when none
	Round   int    `json:"round"`  // -1 before the first round
	Street  string `json:"street"` // "preflop", "flop", "turn", "river", "round N" or ""

	Seats      []StateSeat  `json:"seats"`
	Pots       []StatePot   `json:"pots"`
	Board      []string     `json:"board"`
	Piles      []StatePile  `json:"piles"`
	Trick      []StateCard  `json:"trick"`
	LastAction *StateAction `json:"lastAction"` // null at step 0

	// Chips is every chip on the table (stacks, bets, pots) and
	// ExpectedChips what it must be (see Table.Expected).
	Chips         json.Number `json:"chips"`
	ExpectedChips json.Number `json:"expectedChips"`
}

// StateSeat is one seat of a State: every seated player, and one who
// stood up during the hand (status "left").
type StateSeat struct {
	Seat   int         `json:"seat"`
	Name   string      `json:"name"`
	Stack  json.Number `json:"stack"`
	Bet    json.Number `json:"bet"`
	Status string      `json:"status"` // see Status.String
	// Inactive, Intents and DeadBlinds are _inactive (0 or 1), _intents
	// (0 play, 1 pause until the big blind, 2 pause, 3 leave) and
	// _deadBlinds (chips owed).
	Inactive   int         `json:"inactive"`
	Intents    int         `json:"intents"`
	DeadBlinds json.Number `json:"deadBlinds"`
	Away       bool        `json:"away"`
	InHand     bool        `json:"inHand"`
	Folded     bool        `json:"folded"`
	AllIn      bool        `json:"allIn"`
	Button     bool        `json:"button"`
	Cards      []string    `json:"cards"`
	Won        json.Number `json:"won"`
	Score      int64       `json:"score"`
	Tricks     int         `json:"tricks"`
	Winner     bool        `json:"winner"`
	LastAction string      `json:"lastAction"` // the seat's last action this round, "" if none
}

// StatePot is a main or side pot.
type StatePot struct {
	Amount json.Number `json:"amount"`
	Seats  []int       `json:"seats"`
}

// StatePile is a shared pile; Cards lists it bottom to top.
type StatePile struct {
	Name  string   `json:"name"`
	Cards []string `json:"cards"`
	Count int      `json:"count"`
}

// StateCard is a card played to the current trick.
type StateCard struct {
	Seat int    `json:"seat"`
	Card string `json:"card"`
}

// StateAction is the last event: its kind (EventKind.String), seat, name,
// amounts and a sentence describing it.
type StateAction struct {
	Kind   string      `json:"kind"`
	Seat   int         `json:"seat"`
	Name   string      `json:"name"`
	Amount json.Number `json:"amount"`
	To     json.Number `json:"to"`
	AllIn  bool        `json:"allIn"`
	Text   string      `json:"text"`
}

func num(c chips.Chips) json.Number { return json.Number(c.String()) }

// State returns the table at the cursor's position as a State.
func (c *Cursor) State() State {
	t := &c.t
	st := State{
		Hash:          hex.EncodeToString(c.hash[:]),
		Game:          c.r.Game.Name,
		Kind:          c.r.Game.Kind.String(),
		Hands:         len(c.r.Hands),
		Hand:          t.HandIndex,
		Number:        t.Number,
		Step:          t.Step,
		Steps:         c.Steps(),
		ShowAll:       c.showAll,
		Button:        t.Button,
		Round:         t.Round,
		Street:        t.Street(),
		Seats:         []StateSeat{},
		Pots:          []StatePot{},
		Board:         cardStrings(t.Board),
		Piles:         []StatePile{},
		Trick:         []StateCard{},
		Chips:         num(t.Total()),
		ExpectedChips: num(t.Expected()),
	}
	if t.hand == nil {
		st.Button = NoSeat
	} else {
		st.Label = t.hand.Label
	}
	for i := range t.Seats {
		s := &t.Seats[i]
		if !s.Present && !s.Left {
			continue
		}
		ss := StateSeat{
			Seat: s.Seat, Name: s.Name, Stack: num(s.Stack), Bet: num(s.Bet),
			Status: s.Status().String(), Intents: int(s.Intent), DeadBlinds: num(s.DeadBlinds),
			Away: s.Away, InHand: s.InHand, Folded: s.Folded, AllIn: s.AllIn,
			Button: s.Seat == t.Button, Cards: []string{}, Won: num(s.Won), Score: s.Score,
			Tricks: s.Tricks, Winner: s.Winner,
		}
		if s.Inactive {
			ss.Inactive = 1
		}
		for _, h := range s.Cards {
			ss.Cards = append(ss.Cards, c.cardString(h))
		}
		if s.Last != nil {
			ss.LastAction = t.Describe(s.Last)
		}
		st.Seats = append(st.Seats, ss)
	}
	for _, p := range t.Pots() {
		seats := p.Seats
		if seats == nil {
			seats = []int{}
		}
		st.Pots = append(st.Pots, StatePot{Amount: num(p.Amount), Seats: seats})
	}
	for _, p := range t.Piles {
		sp := StatePile{Name: p.Name, Cards: []string{}, Count: len(p.Cards)}
		for _, h := range p.Cards {
			sp.Cards = append(sp.Cards, c.cardString(h))
		}
		st.Piles = append(st.Piles, sp)
	}
	for _, tc := range t.Trick {
		st.Trick = append(st.Trick, StateCard{Seat: tc.Seat, Card: tc.Card.String()})
	}
	if e := t.Last; e != nil {
		st.LastAction = &StateAction{
			Kind: e.Kind.String(), Seat: e.Seat, Name: t.name(e.Seat), Amount: num(e.Amount),
			To: num(e.To), AllIn: e.AllIn, Text: t.Describe(e),
		}
	}
	return st
}

// StateJSON returns State as JSON.
func (c *Cursor) StateJSON() ([]byte, error) {
	return json.Marshal(c.State())
}

func (c *Cursor) cardString(h HeldCard) string {
	if h.Public || c.showAll {
		return h.Card.String()
	}
	return cards.None.String()
}

func cardStrings(cs []cards.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

var streetNames = [...]string{"preflop", "flop", "turn", "river"}

// Street names the current round: "preflop", "flop", "turn", "river" in
// a poker game of up to four rounds, "round N" (1-based) otherwise, ""
// before the first round.
func (t *Table) Street() string { return roundName(t.Kind, t.Round) }

func roundName(k GameKind, round int) string {
	switch {
	case round < 0:
		return ""
	case k == Poker && round < len(streetNames):
		return streetNames[round]
	}
	return fmt.Sprintf("round %d", round+1)
}

// name returns the name of the player at seat s ("seat N" for an empty
// seat, "dealer" for NoSeat).
func (t *Table) name(s int) string {
	switch {
	case s == NoSeat:
		return "dealer"
	case s >= 0 && s < len(t.Seats) && t.Seats[s].Name != "":
		return t.Seats[s].Name
	}
	return fmt.Sprintf("seat %d", s+1)
}

// count writes n things: "1 card", "2 cards".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// Describe returns a sentence describing e, with the players' names at
// this table ("Alice raises to 60", "Bob pays 3 in dead blinds").
func (t *Table) Describe(e *Event) string {
	who := t.name(e.Seat)
	allIn := ""
	if e.AllIn {
		allIn = " (all-in)"
	}
	cs := cards.FormatList(e.Cards)
	switch e.Kind {
	case Round:
		return roundName(t.Kind, e.Round)
	case Post:
		if e.Post == Ante {
			return fmt.Sprintf("%s posts an ante of %s%s", who, e.Amount, allIn)
		}
		return fmt.Sprintf("%s posts %s %s%s", who, strings.ReplaceAll(e.Post.String(), "_", " "), e.Amount, allIn)
	case Deal:
		return fmt.Sprintf("%s is dealt %s", who, count(len(e.Cards), "card"))
	case Board:
		return "board: " + cs
	case Fold:
		return who + " folds"
	case Check:
		return who + " checks"
	case Call:
		return fmt.Sprintf("%s calls %s%s", who, e.Amount, allIn)
	case Bet:
		return fmt.Sprintf("%s bets %s%s", who, e.To, allIn)
	case Raise:
		return fmt.Sprintf("%s raises to %s%s", who, e.To, allIn)
	case Show:
		if e.Text != "" {
			return fmt.Sprintf("%s shows %s (%s)", who, cs, e.Text)
		}
		return fmt.Sprintf("%s shows %s", who, cs)
	case Muck:
		return who + " mucks"
	case Uncalled:
		return fmt.Sprintf("%s takes back %s uncalled", who, e.Amount)
	case Award:
		var parts []string
		for j, w := range e.Seats {
			parts = append(parts, fmt.Sprintf("%s wins %s", t.name(w), e.Amounts[j]))
		}
		s := strings.Join(parts, ", ")
		if e.Text != "" {
			s += " with " + e.Text
		}
		return s
	case PileAdd:
		return fmt.Sprintf("%s to the %s", count(len(e.Cards), "card"), t.pileName(e.Pile))
	case Play:
		if e.Pile < 0 {
			return fmt.Sprintf("%s plays %s", who, cs)
		}
		return fmt.Sprintf("%s plays %s to the %s", who, cs, t.pileName(e.Pile))
	case Draw:
		return fmt.Sprintf("%s draws %d from the %s", who, len(e.Cards), t.pileName(e.Pile))
	case Discard:
		return fmt.Sprintf("%s discards %d", who, len(e.Cards))
	case Give:
		return fmt.Sprintf("%s gives %s to %s", who, count(len(e.Cards), "card"), t.name(e.Target))
	case Ask:
		return fmt.Sprintf("%s asks %s for %s", who, t.name(e.Target), e.Text)
	case Claim:
		return fmt.Sprintf("%s puts down %s: %s", who, count(len(e.Cards), "card"), e.Text)
	case Challenge:
		return fmt.Sprintf("%s challenges %s: %s", who, t.name(e.Target), e.Text)
	case Pass:
		return who + " passes"
	case TrickWon:
		return who + " wins the trick"
	case Score:
		return fmt.Sprintf("%s scores %+d (%d)", who, e.Points, e.Total)
	case Out:
		return who + " is out"
	case Win:
		var names []string
		for _, w := range e.Seats {
			names = append(names, t.name(w))
		}
		return strings.Join(names, ", ") + " wins " + e.Text
	case Note:
		return e.Text
	case IntentChange:
		switch e.Intent {
		case IntentPlay:
			return who + " wants to play"
		case IntentPauseUntilBB:
			return who + " sits out until the big blind"
		case IntentPause:
			return who + " sits out"
		}
		return who + " leaves after this hand"
	case SitOut:
		return who + " is sitting out"
	case SitIn:
		return who + " is back in the game"
	case DeadBlindsAccrued:
		return fmt.Sprintf("%s misses a blind: owes %s in dead blinds", who, e.To)
	case DeadBlindsPaid:
		return fmt.Sprintf("%s pays %s in dead blinds", who, e.Amount)
	case DeadBlindsCleared:
		return fmt.Sprintf("%s's dead blinds of %s are cleared", who, e.Amount)
	case Join:
		return fmt.Sprintf("%s sits down with %s", e.Text, e.Amount)
	case Leave:
		return fmt.Sprintf("%s leaves the table with %s", who, e.Amount)
	case Disconnect:
		return who + " is disconnected"
	case Reconnect:
		return who + " is back online"
	case StackAdjust:
		return fmt.Sprintf("%s's stack changes by %s to %s", who, e.Amount, e.To)
	}
	return e.Kind.String()
}

func (t *Table) pileName(p int) string {
	switch {
	case p >= 0 && p < len(t.Piles):
		return t.Piles[p].Name
	case p < 0:
		return "stock"
	}
	return fmt.Sprintf("pile %d", p)
}
