package stats

import (
	"bytes"
	"math"
	"strconv"
)

// Feature indexes one value of a fitness feature vector.
type Feature uint8

// The features. Each is defined from an Aggregator's hands and the totals
// over all its players; a feature whose denominator is zero is 0.
const (
	// PositionalEdge in [-1, 1]: tanh((R_ip − R_oop) / 10), where R_ip and
	// R_oop are the mean results in big blinds per hand of the players who
	// were in position and out of position after the first round (see
	// Record.Position). Positive: position pays in this game.
	PositionalEdge Feature = iota
	// ManeuverDiversity in [0, 1]: the Shannon entropy of the attempts over
	// the fifteen base maneuvers (three_bet, four_bet, five_bet, steal,
	// cbet, delayed_cbet, double_barrel, triple_barrel, donk_bet,
	// probe_bet, check_raise, raise_vs_cbet, raise_vs_bet, float,
	// float_bet), divided by ln 15: −Σ p_k ln p_k / ln 15 with
	// p_k = attempts_k / Σ attempts. 0 when one maneuver (or none) is made,
	// 1 when all are made equally often.
	ManeuverDiversity
	// FoldEquity in [0, 1]: challenge_folds / challenges, how often a
	// player facing a bet or raise folds.
	FoldEquity
	// ShowdownRate in [0, 1]: the share of hands that end in a showdown.
	ShowdownRate
	// SecondRoundRate in [0, 1]: the share of hands with two or more
	// players left after the first betting round.
	SecondRoundRate
	// AggressionInPosition in [0, 1]: aggressions_in_position / aggressions.
	AggressionInPosition
	// PositionalAttemptGap in [-1, 1]: the mean, over the base maneuvers
	// whose aggressor can be on both sides and had opportunities on both,
	// of attempts_ip / opportunities_ip − attempts_oop / opportunities_oop.
	PositionalAttemptGap
	// TakedownRate in [0, 1]: aggression_takedowns / aggressions, how often
	// a bet or raise wins the pot at once.
	TakedownRate

	// NumFeatures is the number of features.
	NumFeatures
)

var featureNames = [NumFeatures]string{
	"positional_edge", "maneuver_diversity", "fold_equity", "showdown_rate",
	"second_round_rate", "aggression_in_position", "positional_attempt_gap", "takedown_rate",
}

// String returns the feature's name.
func (f Feature) String() string {
	if f < NumFeatures {
		return featureNames[f]
	}
	return "feature(" + strconv.Itoa(int(f)) + ")"
}

// baseManeuvers are the maneuvers that count for diversity: each bet or
// raise counts under at most one of them, except a squeeze (a three-bet),
// the variants and the shoves, which are left out.
var baseManeuvers = [...]Maneuver{ThreeBet, FourBet, FiveBet, Steal, Cbet, DelayedCbet, DoubleBarrel,
	TripleBarrel, DonkBet, ProbeBet, CheckRaise, RaiseVsCbet, RaiseVsBet, Float, FloatBet}

// Features is a fitness feature vector.
type Features [NumFeatures]float64

// FeaturesOf computes the feature vector of the hands in a.
func FeaturesOf(a *Aggregator) Features {
	var f Features
	t := a.Total()
	c := &t.Counts
	ratio := func(num, den int64) float64 {
		if den <= 0 {
			return 0
		}
		return float64(num) / float64(den)
	}
	if t.ResultHandsIP > 0 && t.ResultHandsOOP > 0 {
		rip := t.ResultIP / float64(t.ResultHandsIP)
		roop := t.ResultOOP / float64(t.ResultHandsOOP)
		f[PositionalEdge] = math.Tanh((rip - roop) / 10)
	}
	var total int64
	for _, m := range baseManeuvers {
		total += c.Sum(m, Attempts)
	}
	if total > 0 {
		h := 0.0
		for _, m := range baseManeuvers {
			if p := float64(c.Sum(m, Attempts)) / float64(total); p > 0 {
				h -= p * math.Log(p)
			}
		}
		f[ManeuverDiversity] = h / math.Log(float64(len(baseManeuvers)))
	}
	f[FoldEquity] = ratio(c[ChallengeFolds], c[TotalChallenges])
	f[ShowdownRate] = ratio(a.Showdowns, a.Hands)
	f[SecondRoundRate] = ratio(a.SecondRounds, a.Hands)
	f[AggressionInPosition] = ratio(c[AggressionsInPosition], c[Aggressions])
	gap, k := 0.0, 0
	for _, m := range baseManeuvers {
		if !m.HasSide(IP) || !m.HasSide(OOP) {
			continue
		}
		oi, oo := c[StatOf(m, IP, Opportunities)], c[StatOf(m, OOP, Opportunities)]
		if oi == 0 || oo == 0 {
			continue
		}
		gap += ratio(c[StatOf(m, IP, Attempts)], oi) - ratio(c[StatOf(m, OOP, Attempts)], oo)
		k++
	}
	if k > 0 {
		f[PositionalAttemptGap] = gap / float64(k)
	}
	f[TakedownRate] = ratio(c[AggressionTakedowns], c[Aggressions])
	return f
}

// MarshalJSON writes the features by name: {"positional_edge": 0.1, …}.
func (f *Features) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, v := range f {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"` + featureNames[i] + `":`)
		b.WriteString(strconv.FormatFloat(v, 'g', -1, 64))
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
