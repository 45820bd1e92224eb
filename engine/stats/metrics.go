package stats

import (
	"bytes"
	"math"
	"strconv"
)

// Metric indexes one value of Metrics. Its String is the metric's name.
type Metric uint16

// NoMetric stands for a metric that does not exist.
const NoMetric Metric = 1<<16 - 1

// String returns the metric's name.
func (m Metric) String() string {
	if m < NumMetrics {
		return metricNames[m]
	}
	return "metric(" + strconv.Itoa(int(m)) + ")"
}

// ParseMetric returns the metric with the given name.
func ParseMetric(name string) (Metric, bool) {
	for i, n := range metricNames {
		if n == name {
			return Metric(i), true
		}
	}
	return NoMetric, false
}

// The kinds of per-maneuver metrics, in the order of the generator.
const (
	mkTotal = iota
	mkOpportunities
	mkTakedowns
	mkChallenges
	mkContinues
	mkFolds
	mkRate
	mkIPRate
	mkOOPRate
	mkIPOOPDiff
	mkTakedownRate
	mkIPTakedownRate
	mkOOPTakedownRate
	mkFoldTo
	mkFoldToIP
	mkFoldToOOP
	mkFoldToIPOOPDiff
	numMetricKinds
)

// Metrics are values computed from Totals. A rate whose denominator is zero
// is absent: Get reports false and JSON writes null. No value is ever NaN.
type Metrics struct {
	value [NumMetrics]float64
	has   [NumMetrics]bool
}

// Get returns a metric and whether it is defined.
func (ms *Metrics) Get(m Metric) (float64, bool) {
	if m >= NumMetrics {
		return 0, false
	}
	return ms.value[m], ms.has[m]
}

func (ms *Metrics) set(m Metric, v float64) {
	if m == NoMetric || math.IsNaN(v) || math.IsInf(v, 0) {
		return
	}
	ms.value[m], ms.has[m] = v, true
}

// ratio sets m to num/den when den > 0.
func (ms *Metrics) ratio(m Metric, num, den int64) {
	if den > 0 {
		ms.set(m, float64(num)/float64(den))
	}
}

// diff sets m to a-b when both are defined.
func (ms *Metrics) diff(m, a, b Metric) {
	va, oka := ms.Get(a)
	vb, okb := ms.Get(b)
	if oka && okb {
		ms.set(m, va-vb)
	}
}

// ComputeMetrics derives the metrics of t. With A, O, T the attempts,
// opportunities and takedowns of a maneuver and C, F the challenges and
// folds of its defenders, each summed over IP and OOP unless the name says
// ip or oop:
//
//	{plural}                   = A_ip + A_oop               e.g. three_bets
//	{m}_opportunities          = O_ip + O_oop
//	{m}_takedowns              = T_ip + T_oop
//	{m}_challenges, _continues, _folds: the defender sums (three_bet_folds)
//	{m}_rate                   = A / O                      attempt rate
//	{m}_ip_rate, {m}_oop_rate  = A_ip / O_ip, A_oop / O_oop
//	{m}_ip_oop_diff            = {m}_ip_rate − {m}_oop_rate
//	{m}_takedown_rate          = T / A          (and _ip_, _oop_ variants)
//	fold_to_{m}_rate           = F / C          (and _ip_, _oop_ variants)
//	fold_to_{m}_ip_oop_diff    = fold_to_{m}_ip_rate − fold_to_{m}_oop_rate
//
// Side variants exist only for maneuvers whose aggressor can be on both
// sides. The other metrics:
//
//	limp_rate                   = limps / limp_opportunities
//	preflop_raise_rate          = preflop_raises / preflop_raise_opportunities
//	aggression_in_position_rate = aggressions_in_position / aggressions
//	challenge_in_position_rate  = challenges_in_position / challenges
//	fold_to_aggression_rate     = challenge_folds / challenges
//	aggression_takedown_rate    = aggression_takedowns / aggressions
//	success_rate                = success / hands
//	showdown_rate               = showdowns / hands
//	aggressor_in_position_rate  = aggressor_in_position / aggressor
//	result_ip                   = ResultIP / ResultHandsIP    big blinds per hand
//	result_oop                  = ResultOOP / ResultHandsOOP  big blinds per hand
//	positional_edge             = result_ip − result_oop
//
// A ratio with a zero denominator, and a difference with an undefined side,
// is absent.
func ComputeMetrics(t *Totals) Metrics {
	var ms Metrics
	c := &t.Counts
	ms.ratio(MetricLimpRate, c[Limps], c[LimpOpportunities])
	ms.ratio(MetricPreflopRaiseRate, c[PreflopRaises], c[PreflopRaiseOpportunities])
	ms.ratio(MetricAggressionInPositionRate, c[AggressionsInPosition], c[Aggressions])
	ms.ratio(MetricChallengeInPositionRate, c[ChallengesInPosition], c[TotalChallenges])
	ms.ratio(MetricFoldToAggressionRate, c[ChallengeFolds], c[TotalChallenges])
	ms.ratio(MetricAggressionTakedownRate, c[AggressionTakedowns], c[Aggressions])
	ms.ratio(MetricSuccessRate, c[Success], c[Hands])
	ms.ratio(MetricShowdownRate, c[Showdowns], c[Hands])
	ms.ratio(MetricAggressorInPositionRate, c[AggressorInPosition], c[Aggressor])
	if t.ResultHandsIP > 0 {
		ms.set(MetricResultIP, t.ResultIP/float64(t.ResultHandsIP))
	}
	if t.ResultHandsOOP > 0 {
		ms.set(MetricResultOOP, t.ResultOOP/float64(t.ResultHandsOOP))
	}
	ms.diff(MetricPositionalEdge, MetricResultIP, MetricResultOOP)

	side := func(m Maneuver, s Side, k Counter) int64 {
		if st := StatOf(m, s, k); st != NoStat {
			return c[st]
		}
		return 0
	}
	for m := Maneuver(0); m < NumManeuvers; m++ {
		mm := &maneuverMetrics[m]
		set := func(kind int, v int64) {
			if mm[kind] != NoMetric {
				ms.set(mm[kind], float64(v))
			}
		}
		ratio := func(kind int, num, den int64) {
			if mm[kind] != NoMetric {
				ms.ratio(mm[kind], num, den)
			}
		}
		a, o, td := c.Sum(m, Attempts), c.Sum(m, Opportunities), c.Sum(m, Takedowns)
		set(mkTotal, a)
		set(mkOpportunities, o)
		set(mkTakedowns, td)
		set(mkChallenges, c.Sum(m, Challenges))
		set(mkContinues, c.Sum(m, Continues))
		set(mkFolds, c.Sum(m, Folds))
		ratio(mkRate, a, o)
		ratio(mkIPRate, side(m, IP, Attempts), side(m, IP, Opportunities))
		ratio(mkOOPRate, side(m, OOP, Attempts), side(m, OOP, Opportunities))
		ratio(mkTakedownRate, td, a)
		ratio(mkIPTakedownRate, side(m, IP, Takedowns), side(m, IP, Attempts))
		ratio(mkOOPTakedownRate, side(m, OOP, Takedowns), side(m, OOP, Attempts))
		ratio(mkFoldTo, c.Sum(m, Folds), c.Sum(m, Challenges))
		ratio(mkFoldToIP, side(m, IP, Folds), side(m, IP, Challenges))
		ratio(mkFoldToOOP, side(m, OOP, Folds), side(m, OOP, Challenges))
		if mm[mkIPOOPDiff] != NoMetric {
			ms.diff(mm[mkIPOOPDiff], mm[mkIPRate], mm[mkOOPRate])
		}
		if mm[mkFoldToIPOOPDiff] != NoMetric {
			ms.diff(mm[mkFoldToIPOOPDiff], mm[mkFoldToIP], mm[mkFoldToOOP])
		}
	}
	return ms
}

// MarshalJSON writes every metric by name in Metric order, null for an
// absent one.
func (ms *Metrics) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.Grow(int(NumMetrics) * 36)
	b.WriteByte('{')
	for i := range ms.value {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('"')
		b.WriteString(metricNames[i])
		b.WriteString(`":`)
		if ms.has[i] {
			b.WriteString(strconv.FormatFloat(ms.value[i], 'g', -1, 64))
		} else {
			b.WriteString("null")
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
