package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/deckforge/deckforge/engine/phh"
	"github.com/deckforge/deckforge/engine/stats"
	"github.com/deckforge/deckforge/internal/limits"
	"github.com/deckforge/deckforge/internal/safefile"
	"github.com/deckforge/deckforge/internal/safetext"
)

const statsUsage = `Usage: deckforge stats [--json] [--skip-unsupported] PATH...

stats replays every hand of the PHH files (.phh, and .phhs bulk files) named
or found under the folders named, recursively, and prints the positional
stats of each player, summed over the hands, with the metrics derived from
them. Players are named by the hands' players field, else p1, p2, …

A file that cannot be read, or a hand that cannot be replayed, is an error
naming the file and the hand: every such error is printed and the command
exits 1 without printing stats. A showdown the history leaves undecided
(hidden hole cards) counts its betting but not its results.

Flags:
`

// statsReport is the JSON output of deckforge stats.
type statsReport struct {
	Hands   int64                     `json:"hands"`
	Players map[string]*stats.Counts  `json:"players"`
	Metrics map[string]*stats.Metrics `json:"metrics"`
}

func runStats(args []string, io stdio) int {
	fs := flag.NewFlagSet("stats", flag.ContinueOnError)
	fs.SetOutput(io.err)
	fs.Usage = func() {
		fmt.Fprint(io.err, statsUsage)
		printFlags(fs)
	}
	asJSON := fs.Bool("json", false, "write JSON: {\"hands\": N, \"players\": {NAME: {STAT: count}}, \"metrics\": {NAME: {METRIC: value|null}}}")
	skip := fs.Bool("skip-unsupported", false, "skip the hands of variants deckforge does not replay (stud, draw, …) and say how many, instead of failing")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	files, err := phhInputs(fs.Args())
	if err != nil {
		fmt.Fprintf(io.err, "deckforge stats: %v\n", err)
		return 1
	}
	if len(files) == 0 {
		fmt.Fprintln(io.err, "deckforge stats: no .phh or .phhs files found")
		return 1
	}

	var agg stats.Aggregator
	var tr stats.Tracker
	failed, skipped, unsupported := 0, 0, 0
	variants := map[phh.Variant]int{} // the unsupported hands by variant
	for _, name := range files {
		data, err := safefile.ReadKind(name, io.lim, limits.PHHBytes)
		if err != nil {
			fmt.Fprintf(io.err, "deckforge stats: %v\n", err)
			failed++
			continue
		}
		entries, err := phh.ReadFileWith(name, data, io.lim)
		if err != nil {
			fmt.Fprintf(io.err, "deckforge stats: %v\n", err)
			failed++
			continue
		}
		for _, e := range entries {
			if e.Err != nil {
				fmt.Fprintf(io.err, "deckforge stats: %v\n", e.Err)
				failed++
				continue
			}
			h := &e.Hand
			p, err := stats.FromPHH(h)
			if err == nil {
				err = tr.Play(&p.Log)
			}
			if err == nil {
				err = agg.Add(&tr, p.Names)
			}
			switch {
			case err == nil:
			case errors.Is(err, phh.ErrUnsupported):
				variants[h.Variant]++
				if *skip {
					skipped++
					break
				}
				if variants[h.Variant] == 1 { // one example per variant, then a count
					fmt.Fprintf(io.err, "deckforge stats: %s%s: %v\n", name, handLabel(h, e.Key), err)
				}
				unsupported++
			default:
				fmt.Fprintf(io.err, "deckforge stats: %s%s: %v\n", name, handLabel(h, e.Key), err)
				failed++
			}
		}
	}
	if unsupported > 0 {
		fmt.Fprintf(io.err, "deckforge stats: %d hand(s) of variants deckforge does not replay (%s); --skip-unsupported skips them\n", unsupported, variantCounts(variants))
	}
	if failed+unsupported > 0 {
		fmt.Fprintf(io.err, "deckforge stats: %d hand(s) or file(s) could not be read or replayed\n", failed+unsupported)
		return 1
	}
	if skipped > 0 {
		fmt.Fprintf(io.err, "deckforge stats: skipped %d hand(s) of unsupported variants (%s)\n", skipped, variantCounts(variants))
	}
	if *asJSON {
		rep := statsReport{Hands: agg.Hands, Players: map[string]*stats.Counts{}, Metrics: map[string]*stats.Metrics{}}
		for _, n := range agg.Names() {
			t := agg.Player(n)
			m := stats.ComputeMetrics(t)
			rep.Players[n] = &t.Counts
			rep.Metrics[n] = &m
		}
		b, err := json.MarshalIndent(rep, "", "  ")
		if err != nil {
			fmt.Fprintf(io.err, "deckforge stats: %v\n", err)
			return 1
		}
		b = append(b, '\n')
		if _, err := io.out.Write(b); err != nil {
			return 1
		}
		return 0
	}
	if err := writeStatsTable(safetext.Writer(io.out), &agg); err != nil {
		fmt.Fprintf(io.err, "deckforge stats: %v\n", err)
		return 1
	}
	return 0
}

// handLabel names a hand of a file for messages: " (hand 3)", or "" when
// the file holds a single hand without a number.
func handLabel(h *phh.Hand, key string) string {
	switch {
	case h.Label() != "":
		return " (hand " + h.Label() + ")"
	case key != "":
		return " (hand " + key + ")"
	}
	return ""
}

// summaryColumns are the metrics of the table's first part.
var summaryColumns = []struct {
	head   string
	metric string
	pct    bool
}{
	{"won%", "success_rate", true},
	{"sd%", "showdown_rate", true},
	{"limp%", "limp_rate", true},
	{"pfr%", "preflop_raise_rate", true},
	{"3bet%", "three_bet_rate", true},
	{"f3bet%", "fold_to_three_bet_rate", true},
	{"steal%", "steal_rate", true},
	{"cbet%", "cbet_rate", true},
	{"fcbet%", "fold_to_cbet_rate", true},
	{"aggIP%", "aggression_in_position_rate", true},
	{"IP bb", "result_ip", false},
	{"OOP bb", "result_oop", false},
}

// writeStatsTable writes a summary line per player, then one table per
// maneuver that occurred: IP and OOP opportunities/attempts/takedowns and
// challenges/continues/folds.
func writeStatsTable(w io.Writer, agg *stats.Aggregator) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	names := agg.Names()
	fmt.Fprintf(tw, "hands %d, showdowns %d, past the first round %d, players %d\n\n", agg.Hands, agg.Showdowns, agg.SecondRounds, len(names))
	fmt.Fprint(tw, "player\thands")
	for _, c := range summaryColumns {
		fmt.Fprint(tw, "\t", c.head)
	}
	fmt.Fprintln(tw, "\t")
	for _, n := range names {
		t := agg.Player(n)
		ms := stats.ComputeMetrics(t)
		fmt.Fprintf(tw, "%s\t%d", safetext.Name(n), t.Counts[stats.Hands])
		for _, c := range summaryColumns {
			m, _ := stats.ParseMetric(c.metric)
			v, ok := ms.Get(m)
			switch {
			case !ok:
				fmt.Fprint(tw, "\t-")
			case c.pct:
				fmt.Fprint(tw, "\t", strconv.FormatFloat(100*v, 'f', 1, 64))
			default:
				fmt.Fprint(tw, "\t", strconv.FormatFloat(v, 'f', 2, 64))
			}
		}
		fmt.Fprintln(tw, "\t")
	}
	for m := stats.Maneuver(0); m < stats.NumManeuvers; m++ {
		var rows []string
		for _, n := range names {
			c := &agg.Player(n).Counts
			var cells []string
			any := false
			for _, k := range [][3]stats.Counter{{stats.Opportunities, stats.Attempts, stats.Takedowns}, {stats.Challenges, stats.Continues, stats.Folds}} {
				for side := stats.IP; side <= stats.OOP; side++ {
					if k[0] == stats.Opportunities && !m.HasSide(side) || k[0] == stats.Challenges && !m.HasDefender() {
						continue
					}
					var parts []string
					for _, kk := range k {
						if s := stats.StatOf(m, side, kk); s != stats.NoStat {
							parts = append(parts, strconv.FormatInt(c[s], 10))
							any = any || c[s] != 0
						}
					}
					cells = append(cells, strings.Join(parts, "/"))
				}
			}
			if any {
				rows = append(rows, n+"\t"+strings.Join(cells, "\t")+"\t")
			}
		}
		if len(rows) == 0 {
			continue
		}
		fmt.Fprintf(tw, "\n%s", m)
		for side := stats.IP; side <= stats.OOP; side++ {
			if m.HasSide(side) {
				head := "opp/att/td"
				if !m.HasTakedowns() {
					head = "opp/att"
				}
				fmt.Fprintf(tw, "\t%s %s", side, head)
			}
		}
		if m.HasDefender() {
			fmt.Fprint(tw, "\tip ch/co/fo\toop ch/co/fo")
		}
		fmt.Fprintln(tw, "\t")
		for _, r := range rows {
			fmt.Fprintln(tw, r)
		}
	}
	return tw.Flush()
}

// variantCounts lists the variants of a count map in order: "FO/L 40, FR 2".
func variantCounts(m map[phh.Variant]int) string {
	names := make([]phh.Variant, 0, len(m))
	for v := range m {
		names = append(names, v)
	}
	slices.Sort(names)
	parts := make([]string, len(names))
	for i, v := range names {
		parts[i] = fmt.Sprintf("%s %d", v, m[v])
	}
	return strings.Join(parts, ", ")
}
