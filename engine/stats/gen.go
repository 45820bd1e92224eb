//go:build ignore

// gen writes names.go: the Stat and Metric enums of package stats, their
// names and the tables that index them by maneuver. Run it with
// `go generate ./engine/stats/`. TestNamesMatchSpecs checks the result
// against the maneuver table of the package.
package main

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"strings"
)

// maneuver mirrors maneuverSpecs in maneuver.go.
type maneuver struct {
	ident, name, plural string
	ip, oop             bool // aggressor sides that exist
	takedowns           bool
	defender            bool
}

var maneuvers = []maneuver{
	{"ThreeBet", "three_bet", "three_bets", true, true, true, true},
	{"Squeeze", "squeeze", "squeezes", true, true, true, true},
	{"SqueezeStrict", "squeeze_strict", "squeezes_strict", true, true, true, false},
	{"FourBet", "four_bet", "four_bets", true, true, true, true},
	{"FiveBet", "five_bet", "five_bets", true, true, true, true},
	{"Steal", "steal", "steals", true, true, true, true},
	{"StealStrict", "steal_strict", "steals_strict", true, true, true, true},
	{"OpenShove", "open_shove", "open_shoves", true, true, true, true},
	{"Shove", "shove", "shoves", true, true, true, true},
	{"Cbet", "cbet", "cbets", true, true, true, true},
	{"DelayedCbet", "delayed_cbet", "delayed_cbets", true, true, true, true},
	{"DoubleBarrel", "double_barrel", "double_barrels", true, true, true, true},
	{"TripleBarrel", "triple_barrel", "triple_barrels", true, true, true, true},
	{"DonkBet", "donk_bet", "donk_bets", false, true, true, true},
	{"ProbeBet", "probe_bet", "probe_bets", false, true, true, true},
	{"CheckRaise", "check_raise", "check_raises", false, true, true, true},
	{"RaiseVsCbet", "raise_vs_cbet", "raises_vs_cbet", true, true, true, true},
	{"RaiseVsBet", "raise_vs_bet", "raises_vs_bet", true, true, true, true},
	{"Float", "float", "floats", true, false, false, false},
	{"FloatBet", "float_bet", "float_bets", true, false, true, true},
}

// plain mirrors the non-positional stats of stats.go.
var plain = [][2]string{
	{"Hands", "hands"},
	{"Success", "success"},
	{"Aggressor", "aggressor"},
	{"AggressorInPosition", "aggressor_in_position"},
	{"Showdowns", "showdowns"},
	{"HandsIP", "hands_ip"},
	{"HandsOOP", "hands_oop"},
	{"Limps", "limps"},
	{"LimpOpportunities", "limp_opportunities"},
	{"PreflopRaises", "preflop_raises"},
	{"PreflopRaiseOpportunities", "preflop_raise_opportunities"},
	{"Aggressions", "aggressions"},
	{"AggressionsInPosition", "aggressions_in_position"},
	{"AggressionTakedowns", "aggression_takedowns"},
	{"TotalChallenges", "challenges"},
	{"ChallengesInPosition", "challenges_in_position"},
	{"ChallengeFolds", "challenge_folds"},
}

// plainMetrics mirrors the metrics of metrics.go that are not per maneuver.
var plainMetrics = [][2]string{
	{"LimpRate", "limp_rate"},
	{"PreflopRaiseRate", "preflop_raise_rate"},
	{"AggressionInPositionRate", "aggression_in_position_rate"},
	{"ChallengeInPositionRate", "challenge_in_position_rate"},
	{"FoldToAggressionRate", "fold_to_aggression_rate"},
	{"AggressionTakedownRate", "aggression_takedown_rate"},
	{"SuccessRate", "success_rate"},
	{"ShowdownRate", "showdown_rate"},
	{"AggressorInPositionRate", "aggressor_in_position_rate"},
	{"ResultIP", "result_ip"},
	{"ResultOOP", "result_oop"},
	{"PositionalEdge", "positional_edge"},
}

var sides = [2][2]string{{"IP", "ip"}, {"OOP", "oop"}}
var counters = [6][2]string{
	{"Opportunities", "opportunities"}, {"Attempts", "attempts"}, {"Takedowns", "takedowns"},
	{"TotalChallenges", "challenges"}, {"Continues", "continues"}, {"Folds", "folds"},
}

// metric kinds per maneuver, in the order of the mk* constants of metrics.go.
var metricKinds = []struct{ ident, pattern string }{
	{"Total", "%[2]s"},                             // attempts, ip + oop
	{"Opportunities", "%[1]s_opportunities"},       // ip + oop
	{"Takedowns", "%[1]s_takedowns"},               // ip + oop
	{"Challenges", "%[1]s_challenges"},             // ip + oop
	{"Continues", "%[1]s_continues"},               // ip + oop
	{"Folds", "%[1]s_folds"},                       // ip + oop
	{"Rate", "%[1]s_rate"},                         // attempts / opportunities
	{"IPRate", "%[1]s_ip_rate"},                    //
	{"OOPRate", "%[1]s_oop_rate"},                  //
	{"IPOOPDiff", "%[1]s_ip_oop_diff"},             // ip rate - oop rate
	{"TakedownRate", "%[1]s_takedown_rate"},        // takedowns / attempts
	{"IPTakedownRate", "%[1]s_ip_takedown_rate"},   //
	{"OOPTakedownRate", "%[1]s_oop_takedown_rate"}, //
	{"FoldTo", "fold_to_%[1]s_rate"},               // folds / challenges
	{"FoldToIP", "fold_to_%[1]s_ip_rate"},          //
	{"FoldToOOP", "fold_to_%[1]s_oop_rate"},        //
	{"FoldToIPOOPDiff", "fold_to_%[1]s_ip_oop_diff"},
}

// metricExists reports whether maneuver m has metric kind k.
func metricExists(m maneuver, k int) bool {
	both := m.ip && m.oop
	switch metricKinds[k].ident {
	case "Takedowns", "TakedownRate":
		return m.takedowns
	case "IPTakedownRate":
		return m.takedowns && both
	case "OOPTakedownRate":
		return m.takedowns && both
	case "Challenges", "Continues", "Folds", "FoldTo", "FoldToIP", "FoldToOOP", "FoldToIPOOPDiff":
		return m.defender
	case "IPRate", "OOPRate", "IPOOPDiff":
		return both
	}
	return true
}

func main() {
	var b bytes.Buffer
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	p("// Code generated by gen.go; DO NOT EDIT.\n\npackage stats\n\n")

	// Stats.
	var statIdents, statNames []string
	for _, s := range plain {
		statIdents = append(statIdents, s[0])
		statNames = append(statNames, s[1])
	}
	type key struct{ m, s, c int }
	statOf := map[key]string{}
	for mi, m := range maneuvers {
		for si, s := range sides {
			if (si == 0 && !m.ip) || (si == 1 && !m.oop) {
				continue
			}
			for ci := 0; ci < 3; ci++ {
				if ci == 2 && !m.takedowns {
					continue
				}
				id := m.ident + s[0] + counters[ci][0]
				statOf[key{mi, si, ci}] = id
				statIdents = append(statIdents, id)
				statNames = append(statNames, m.name+"_"+s[1]+"_"+counters[ci][1])
			}
		}
		if !m.defender {
			continue
		}
		for si, s := range sides {
			for ci := 3; ci < 6; ci++ {
				id := m.ident + s[0] + counters[ci][0]
				statOf[key{mi, si, ci}] = id
				statIdents = append(statIdents, id)
				statNames = append(statNames, m.name+"_"+s[1]+"_"+counters[ci][1])
			}
		}
	}
	p("// The stats, in the order of their JSON output.\nconst (\n")
	for i, id := range statIdents {
		if i == 0 {
			p("\t%s Stat = iota // %s\n", id, statNames[i])
		} else {
			p("\t%s // %s\n", id, statNames[i])
		}
	}
	p("\n\t// NumStats is the number of stats.\n\tNumStats\n)\n\n")
	p("var statNames = [NumStats]string{\n")
	for i, id := range statIdents {
		p("\t%s: %q,\n", id, statNames[i])
	}
	p("}\n\n")
	p("// maneuverStats[m][side][counter] is the stat of a maneuver, or NoStat.\n")
	p("var maneuverStats = [NumManeuvers][2][numCounters]Stat{\n")
	for mi, m := range maneuvers {
		p("\t%s: {\n", m.ident)
		for si := range sides {
			var cells []string
			for ci := 0; ci < 6; ci++ {
				if id, ok := statOf[key{mi, si, ci}]; ok {
					cells = append(cells, id)
				} else {
					cells = append(cells, "NoStat")
				}
			}
			p("\t\t{%s},\n", strings.Join(cells, ", "))
		}
		p("\t},\n")
	}
	p("}\n\n")

	// Metrics.
	var metIdents, metNames []string
	for _, s := range plainMetrics {
		metIdents = append(metIdents, "Metric"+s[0])
		metNames = append(metNames, s[1])
	}
	metOf := map[[2]int]string{}
	for mi, m := range maneuvers {
		for ki, k := range metricKinds {
			if !metricExists(m, ki) {
				continue
			}
			id := "Metric" + m.ident + k.ident
			metOf[[2]int{mi, ki}] = id
			metIdents = append(metIdents, id)
			metNames = append(metNames, fmt.Sprintf(k.pattern, m.name, m.plural))
		}
	}
	p("// The metrics, in the order of their JSON output.\nconst (\n")
	for i, id := range metIdents {
		if i == 0 {
			p("\t%s Metric = iota // %s\n", id, metNames[i])
		} else {
			p("\t%s // %s\n", id, metNames[i])
		}
	}
	p("\n\t// NumMetrics is the number of metrics.\n\tNumMetrics\n)\n\n")
	p("var metricNames = [NumMetrics]string{\n")
	for i, id := range metIdents {
		p("\t%s: %q,\n", id, metNames[i])
	}
	p("}\n\n")
	p("// maneuverMetrics[m][kind] is the metric of a maneuver, or NoMetric.\n")
	p("var maneuverMetrics = [NumManeuvers][numMetricKinds]Metric{\n")
	for mi, m := range maneuvers {
		var cells []string
		for ki := range metricKinds {
			if id, ok := metOf[[2]int{mi, ki}]; ok {
				cells = append(cells, id)
			} else {
				cells = append(cells, "NoMetric")
			}
		}
		p("\t%s: {%s},\n", m.ident, strings.Join(cells, ", "))
	}
	p("}\n")

	src, err := format.Source(b.Bytes())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := os.WriteFile("names.go", src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
