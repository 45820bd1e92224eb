// Package seed is the project's one seeding helper: SplitMix64, which
// turns one 64-bit seed into as many well-mixed, independent-looking
// 64-bit seeds as needed (per game, per seat, per player, per stream).
//
//	Gamma       = ⌊2⁶⁴/φ⌋ = 0x9e3779b97f4a7c15
//	Finalize(z) = w ⊕ w≫31,  w = (v ⊕ v≫27)·0x94d049bb133111eb,  v = (z ⊕ z≫30)·0xbf58476d1ce4e5b9
//	Mix(x)      = Finalize(x + Gamma)
//
// The k-th output of a SplitMix64 generator started at s is
// Mix(s + k·Gamma).
package seed

// Gamma is 2⁶⁴/φ, the SplitMix64 increment.
const Gamma = 0x9e3779b97f4a7c15

// Finalize is the SplitMix64 output function of state z.
func Finalize(z uint64) uint64 {
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Mix is one SplitMix64 step from state x: Finalize(x + Gamma).
func Mix(x uint64) uint64 { return Finalize(x + Gamma) }
