package house

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/deckforge/deckforge/sim/seed"
)

// namePrefix starts every house player's name.
const namePrefix = "HousePlayer"

// Name returns the name of house player n: "HousePlayer" followed by n in
// decimal, so every name matches ^HousePlayer\d+$. n must not be negative.
func Name(n int) string {
	if n < 0 {
		panic(fmt.Sprintf("house: Name(%d): negative index", n))
	}
	return namePrefix + strconv.Itoa(n)
}

// ParseName returns the index of a house player's name, the inverse of
// Name. It returns an error for any string Name does not produce
// (leading zeros and signs included).
func ParseName(s string) (int, error) {
	digits, ok := strings.CutPrefix(s, namePrefix)
	if !ok || digits == "" || len(digits) > 1 && digits[0] == '0' {
		return 0, fmt.Errorf("house: %q is not a house player name (HousePlayer<N>)", s)
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return 0, fmt.Errorf("house: %q is not a house player name (HousePlayer<N>)", s)
		}
	}
	n, err := strconv.Atoi(digits)
	if err != nil {
		return 0, fmt.Errorf("house: %q: index out of range", s)
	}
	return n, nil
}

// NewRand returns the random source of house player n at a table seeded
// with seed: a PCG whose two state words are SplitMix64 mixes of seed and
// n, so that players of one table draw independent streams and the same
// (seed, n) always gives the same stream.
func NewRand(seed uint64, n int) *rand.Rand {
	hi := splitMix(seed ^ splitMix(uint64(n)))
	lo := splitMix(hi ^ 0x6a09e667f3bcc909)
	return rand.New(rand.NewPCG(hi, lo))
}

// splitMix is the SplitMix64 finaliser of x + γ.
func splitMix(x uint64) uint64 { return seed.Mix(x) }

// Player is one house player: a name, a Manager that holds its strategy and
// a random source of its own, so that its decisions are independent of every
// other player's. A Player is not safe for concurrent use.
type Player struct {
	index int
	name  string
	m     *Manager
	rng   *rand.Rand
}

// NewPlayer returns house player n (named Name(n)) deciding with m and
// drawing from rng, which it owns from then on: rng must not be shared with
// another player. Use NewRand for a table's players.
func NewPlayer(n int, m *Manager, rng *rand.Rand) (*Player, error) {
	switch {
	case n < 0:
		return nil, fmt.Errorf("house: player index %d is negative", n)
	case m == nil:
		return nil, fmt.Errorf("house: player %d: nil manager", n)
	case rng == nil:
		return nil, fmt.Errorf("house: player %d: nil random source", n)
	}
	return &Player{index: n, name: Name(n), m: m, rng: rng}, nil
}

// Name returns the player's name, HousePlayer<N>.
func (p *Player) Name() string { return p.name }

// Index returns the player's index N.
func (p *Player) Index() int { return p.index }

// Manager returns the player's manager.
func (p *Player) Manager() *Manager { return p.m }

// Decide decides for the player in sit with its own random source (see
// Manager.Decide).
func (p *Player) Decide(sit Situation) (Decision, error) {
	return p.m.Decide(sit, p.rng)
}
