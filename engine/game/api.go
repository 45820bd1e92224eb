package game

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/genome"
)

// Limits of a State.
const (
	// MaxPlayers is the most players a game has (genome.MaxPlayers).
	MaxPlayers = genome.MaxPlayers
	// LogSize is the number of recent actions a State keeps for
	// observations.
	LogSize = 16
	// MaxMenu is the most bet or raise sizes Options.BetMenu may offer.
	MaxMenu = 4
)

// ErrIllegalMove is wrapped by the error Apply returns for a move that is
// not legal in the state.
var ErrIllegalMove = errors.New("game: illegal move")

// ErrGameOver is returned by Apply when the game is over.
var ErrGameOver = errors.New("game: the game is over")

// BetMenu is the set of bets and raises offered to agents in no-limit and
// pot-limit rounds, besides fold and check or call (always offered when
// legal). Amounts outside the legal range are clipped to it and duplicates
// dropped. Apply accepts any legal amount whatever the menu.
type BetMenu struct {
	// MinRaise offers the smallest legal bet or raise.
	MinRaise bool
	// PotPercents offers raises of p percent of the pot after the call
	// (0 entries are unused): 50 is ½ pot, 100 is pot.
	PotPercents [MaxMenu]uint16
	// AllIn offers a bet or raise of the whole stack.
	AllIn bool
}

// Options configure a Program.
type Options struct {
	// BetMenu is the menu of bet sizes (see BetMenu).
	BetMenu BetMenu
}

// DefaultOptions returns the default options: the menu fold, check/call,
// minimum raise, ½ pot, pot, all-in.
func DefaultOptions() Options {
	return Options{BetMenu: BetMenu{MinRaise: true, PotPercents: [MaxMenu]uint16{50, 100}, AllIn: true}}
}

// Compile validates g and compiles it with DefaultOptions. The Program does
// not refer to g afterwards.
func Compile(g *genome.Genome) (*Program, error) { return CompileWith(g, DefaultOptions()) }

// CompileWith validates g and compiles it with opt.
func CompileWith(g *genome.Genome, opt Options) (*Program, error) {
	if g == nil {
		return nil, errors.New("game: nil genome")
	}
	if ps := genome.Validate(g); len(ps) > 0 {
		return nil, fmt.Errorf("game: invalid genome %q: %w", g.ID, ps.Err())
	}
	return compile(g.Clone(), opt), nil
}

// Genome returns the compiled genome (a private copy: do not modify it).
func (p *Program) Genome() *genome.Genome { return p.g }

// MinPlayers returns the smallest player count of a game.
func (p *Program) MinPlayers() int { return int(p.g.Setup.MinPlayers) }

// MaxPlayers returns the largest player count of a game.
func (p *Program) MaxPlayers() int { return int(p.g.Setup.MaxPlayers) }

// HasChips reports whether the game is played with chips.
func (p *Program) HasChips() bool { return p.chips }

// NewState starts a game of players players, seeding the game's random
// source from rng.
func (p *Program) NewState(players int, rng *rand.Rand) (State, error) {
	var s State
	err := p.Reset(&s, players, rng)
	return s, err
}

// Reset starts a new game in s, reusing its memory (it does not allocate).
// The listener of s, if any, is kept and sees the first hand's events.
func (p *Program) Reset(s *State, players int, rng *rand.Rand) error {
	return p.ResetWith(s, players, Start{}, rng)
}

// ResetDeck is Reset with the first hand's deck stacked (see Start.Deck).
func (p *Program) ResetDeck(s *State, players int, deck []cards.Card, rng *rand.Rand) error {
	return p.ResetWith(s, players, Start{Deck: deck}, rng)
}

// Start sets up the start of a game differently from the genome's
// defaults, for tests, replays and demonstrations. The zero Start changes
// nothing.
type Start struct {
	// Deck, when not nil, is the first hand's deck in dealing order:
	// Deck[0] is the first card dealt, Deck[1] the next, … . It must hold
	// exactly the program's cards (Setup.Cards). Later hands are shuffled.
	Deck []cards.Card
	// Stacks, when not nil, are the players' starting chips in a chip
	// game (one entry per player, none negative, at least two positive)
	// instead of Setup.StartingChips.
	Stacks []chips.Chips
	// Dealer is the dealer of the first hand (0 by default).
	Dealer int
}

// ResetWith is Reset with a Start.
func (p *Program) ResetWith(s *State, players int, st Start, rng *rand.Rand) error {
	if players < p.MinPlayers() || players > p.MaxPlayers() {
		return fmt.Errorf("game: %q plays with %d..%d players, not %d", p.g.ID, p.MinPlayers(), p.MaxPlayers(), players)
	}
	if st.Deck != nil {
		if len(st.Deck) != p.ndeck {
			return fmt.Errorf("game: stacked deck has %d cards, the game uses %d", len(st.Deck), p.ndeck)
		}
		if cards.SetOf(st.Deck...) != p.deckSet {
			return fmt.Errorf("game: stacked deck does not hold exactly the game's cards")
		}
	}
	if st.Stacks != nil {
		if !p.chips {
			return errors.New("game: stacks given for a game without chips")
		}
		if len(st.Stacks) != players {
			return fmt.Errorf("game: %d stacks for %d players", len(st.Stacks), players)
		}
		pos := 0
		for i, c := range st.Stacks {
			if c < 0 {
				return fmt.Errorf("game: stack %d is negative (%s)", i, c)
			}
			if c > 0 {
				pos++
			}
		}
		if pos < 2 {
			return errors.New("game: fewer than two stacks hold chips")
		}
	}
	if st.Dealer < 0 || st.Dealer >= players {
		return fmt.Errorf("game: dealer %d out of range 0..%d", st.Dealer, players-1)
	}
	if rng == nil {
		return errors.New("game: nil rng")
	}
	s.reset(p, players, &st, rng.Uint64(), rng.Uint64())
	return nil
}

// Program returns the program s plays.
func (s *State) Program() *Program { return s.prog }

// Players returns the number of players.
func (s *State) Players() int { return int(s.n) }

// Clone returns a copy of s without its listener.
func (s *State) Clone() State {
	t := *s
	t.lis = nil
	return t
}

// Listen sets the listener that receives the game's events (nil: none).
func (s *State) Listen(l Listener) { s.lis = l }

// ToMove returns the player to decide, -1 when the game is over.
func (s *State) ToMove() int { return int(s.toMove) }

// Terminal reports whether the game is over.
func (s *State) Terminal() bool { return s.over }

// NumLegal returns the number of legal moves (0 when the game is over).
func (s *State) NumLegal() int { return int(s.legal.n) }

// LegalMove returns legal move i, 0 <= i < NumLegal, in the order of Legal.
func (s *State) LegalMove(i int) Move {
	if c := s.legal.cards; i < popcount(c) {
		return Move{Kind: MovePlay, Card: cards.Card(nthBit(uint64(c), i))}
	}
	return s.legal.at(i)
}

// Legal appends the legal moves of the player to move to dst[:0] and
// returns it; with cap(dst) >= NumLegal it does not allocate.
func (s *State) Legal(dst []Move) []Move {
	dst = dst[:0]
	for i := 0; i < int(s.legal.n); i++ {
		dst = append(dst, s.legal.at(i))
	}
	return dst
}

// IsLegal reports whether m is a legal move of the player to move. Bets
// and raises are legal for any amount engine/betting accepts, not only the
// menu's.
func (s *State) IsLegal(m Move) bool {
	if s.over {
		return false
	}
	return s.isLegal(m)
}

// Apply plays m for the player to move after checking it is legal, then
// runs the game on to the next decision (or its end).
func (s *State) Apply(m Move) error {
	if s.over {
		return ErrGameOver
	}
	if !s.isLegal(m) {
		return fmt.Errorf("%w: %v by p%d", ErrIllegalMove, m, s.toMove+1)
	}
	s.apply(m)
	return nil
}

// ApplyUnchecked plays m without checking it, for search code that only
// plays moves taken from Legal or LegalMove. An illegal move leaves the
// state undefined (but memory-safe).
func (s *State) ApplyUnchecked(m Move) { s.apply(m) }

// Moves returns the number of actions played so far, forced ones included:
// the events of the game for which EventKind.IsMove holds (see the package
// documentation, "Counting moves").
func (s *State) Moves() int { return int(s.moves) }

// Decisions returns the number of moves players chose: the Apply and
// ApplyUnchecked calls, MoveDone included.
func (s *State) Decisions() int { return int(s.decisions) }

// Turn returns the current turn, counted from 1.
func (s *State) Turn() int { return int(s.turnsDone) + 1 }

// HandNumber returns the current hand, counted from 1.
func (s *State) HandNumber() int { return int(s.handNo) }

// Dealer returns the dealer (the button in chip games).
func (s *State) Dealer() int { return int(s.dealer) }

// Hand returns player p's hand: the true state, for referees, transcripts
// and tests (agents see Observation).
func (s *State) Hand(p int) cards.Set { return s.hand[p] }

// Score returns player p's score.
func (s *State) Score(p int) int { return int(s.score[p]) }

// Chips returns player p's chips behind (not counting chips in the pot).
func (s *State) Chips(p int) chips.Chips {
	if s.betLive && s.betIn&(1<<p) != 0 {
		return s.bet.Stack(s.seatOf(p))
	}
	return s.stack[p]
}

// Pot returns the chips in the pot of the current hand.
func (s *State) Pot() chips.Chips {
	if s.betLive {
		return s.bet.Pot()
	}
	return 0
}

// Eliminated reports whether player p is out of the game.
func (s *State) Eliminated(p int) bool { return s.elim&(1<<p) != 0 }

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

// Observation returns what player p knows (see the package
// documentation).
func (s *State) Observation(p int) Observation {
	var o Observation
	s.observe(p, &o)
	return o
}

// Determinize returns a full state consistent with player p's observation
// of s: the cards p has not seen are dealt at random (with rng) into the
// places p cannot see, and the state's random source is reseeded from rng.
// The result has no listener.
func (s *State) Determinize(p int, rng *rand.Rand) State {
	var t State
	s.DeterminizeInto(&t, p, rng)
	return t
}

// DeterminizeInto is Determinize writing into dst (no allocation).
func (s *State) DeterminizeInto(dst *State, p int, rng *rand.Rand) {
	*dst = *s
	dst.lis = nil
	dst.determinize(p, rng)
}
