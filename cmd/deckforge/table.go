package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/deckforge/deckforge/engine/chips"
	"github.com/deckforge/deckforge/engine/table"
	"github.com/deckforge/deckforge/internal/limits"
	"github.com/deckforge/deckforge/internal/safefile"
)

const tableUsage = `Usage: deckforge table merge [flags] SERVER CLIENT
       deckforge table next [flags] STATE
       deckforge table act [flags] STATE ACTION
       deckforge table auto [flags] STATE
       deckforge table deal [flags] STATE
       deckforge table personalize [flags] STATE PLAYER

Table states across hands, in the sit-in-sit-out shape (JSON, or PHH when the
file does not start with '{'). Each subcommand prints the resulting state to
stdout: JSON by default, PHH with --phh (the hand as deckforge and PokerKit
both replay it: the seats dealt in are its players, the others user fields;
a hand PHH cannot hold, with a fold when a check is free or out of turn, is
refused by name; see docs/phh.md).

merge        applies the client state's author's request (its own _intents,
             or joining) to the server state; every other change is ignored.
             A join needs --bankroll; its buy-in is capped by it and by
             --max-buyin.
next         settles the finished hand and starts the next one (leavers out,
             forced bets moved, dead blinds, returns, joiners), dealt with
             --seed.
act          plays ACTION ("p2 cc", "p3 cbr 10", "p1 f") for the player to act.
auto         plays the auto-action of the player to act (--auto PLAYER=SETTING,
             SETTING fold, check_fold or call_N; default check_fold).
deal         deals the next board cards when the betting round is over, with
             --seed.
personalize  hides every hole card but PLAYER's.

Flags:
`

func runTable(args []string, io stdio) int {
	if len(args) == 0 {
		fmt.Fprint(io.err, tableUsage)
		return 2
	}
	sub, rest := args[0], args[1:]
	switch sub {
	case "merge", "next", "act", "auto", "deal", "personalize":
	case "-h", "-help", "--help", "help":
		fmt.Fprint(io.out, tableUsage)
		fs := tableFlags(io, nil)
		fs.SetOutput(io.out)
		printFlags(fs)
		return 0
	default:
		fmt.Fprintf(io.err, "deckforge table: unknown subcommand %q\n\n%s", sub, tableUsage)
		return 2
	}
	opts := &tableOptions{lim: io.lim}
	fs := tableFlags(io, opts)
	pos, err := parseInterspersed(fs, rest)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	want := map[string]int{"merge": 2, "next": 1, "act": 2, "auto": 1, "deal": 1, "personalize": 2}[sub]
	if len(pos) != want {
		fmt.Fprintf(io.err, "deckforge table %s: want %d argument(s), got %d\n\n%s", sub, want, len(pos), tableUsage)
		return 2
	}
	out, err := tableRun(sub, pos, opts)
	if err != nil {
		fmt.Fprintf(io.err, "deckforge table %s: %v\n", sub, err)
		return 1
	}
	var b []byte
	if opts.phh {
		b, err = table.MarshalPHH(out)
	} else {
		b, err = out.MarshalJSON()
	}
	if err != nil {
		fmt.Fprintf(io.err, "deckforge table %s: writing the result: %v\n", sub, err)
		return 1
	}
	io.out.Write(b)
	return 0
}

type tableOptions struct {
	lim      limits.Limits // input file limits
	phh      bool
	seed     uint64
	bankroll string
	maxBuyIn string
	auto     autoFlags
}

// autoFlags collects --auto PLAYER=SETTING.
type autoFlags map[string]table.AutoAction

func (a *autoFlags) String() string { return "" }

func (a *autoFlags) Set(v string) error {
	name, setting, ok := strings.Cut(v, "=")
	if !ok || name == "" {
		return fmt.Errorf("want PLAYER=SETTING, got %q", v)
	}
	aa, err := table.ParseAutoAction(setting)
	if err != nil {
		return err
	}
	if *a == nil {
		*a = autoFlags{}
	}
	(*a)[name] = aa
	return nil
}

func tableFlags(io stdio, o *tableOptions) *flag.FlagSet {
	if o == nil {
		o = &tableOptions{}
	}
	fs := flag.NewFlagSet("deckforge table", flag.ContinueOnError)
	fs.SetOutput(io.err)
	fs.BoolVar(&o.phh, "phh", false, "print the state as PHH (TOML) instead of JSON")
	fs.Uint64Var(&o.seed, "seed", 1, "next, deal: seed of the deal")
	fs.StringVar(&o.bankroll, "bankroll", "", "merge: the joining player's bankroll (required for a join)")
	fs.StringVar(&o.maxBuyIn, "max-buyin", "", "merge: the table's maximum buy-in (default none)")
	fs.Var(&o.auto, "auto", "auto: a player's auto-action, PLAYER=fold|check_fold|call_N (repeatable)")
	return fs
}

// parseInterspersed parses flags placed before, between or after the
// positional arguments and returns the positional ones.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func tableRun(sub string, pos []string, o *tableOptions) (table.State, error) {
	s, err := readTableState(pos[0], o.lim)
	if err != nil {
		return table.State{}, err
	}
	switch sub {
	case "merge":
		if err := s.Validate(); err != nil {
			return table.State{}, fmt.Errorf("%s: %w", pos[0], err)
		}
		client, err := readTableState(pos[1], o.lim)
		if err != nil {
			return table.State{}, err
		}
		var lim table.JoinLimits
		joining := client.Author != "" && s.Seat(client.Author) < 0
		if joining {
			if o.bankroll == "" {
				return table.State{}, fmt.Errorf("%s: %q joins the table: give its bankroll with --bankroll", pos[1], client.Author)
			}
			if lim.Bankroll, err = parseFlagAmount("--bankroll", o.bankroll); err != nil {
				return table.State{}, err
			}
		}
		if o.maxBuyIn != "" {
			if lim.MaxBuyIn, err = parseFlagAmount("--max-buyin", o.maxBuyIn); err != nil {
				return table.State{}, err
			}
		}
		out, err := table.Merge(s, client, lim)
		if err != nil {
			return table.State{}, fmt.Errorf("%s: %w", pos[1], err)
		}
		return out, nil
	case "next":
		out, err := table.Next(s, rand.New(rand.NewPCG(o.seed, 0)))
		if err != nil {
			return table.State{}, fmt.Errorf("%s: %w", pos[0], err)
		}
		return out, nil
	case "act":
		out, err := table.Act(s, pos[1])
		if err != nil {
			return table.State{}, fmt.Errorf("%s: %w", pos[0], err)
		}
		return out, nil
	case "deal":
		out, err := table.Deal(s, rand.New(rand.NewPCG(o.seed, 0)))
		if err != nil {
			return table.State{}, fmt.Errorf("%s: %w", pos[0], err)
		}
		return out, nil
	case "auto":
		out, err := table.Auto(s, table.AutoPrefs(o.auto))
		if err != nil {
			return table.State{}, fmt.Errorf("%s: %w", pos[0], err)
		}
		return out, nil
	default: // personalize
		if err := s.Validate(); err != nil {
			return table.State{}, fmt.Errorf("%s: %w", pos[0], err)
		}
		return table.Personalize(s, pos[1]), nil
	}
}

func parseFlagAmount(name, v string) (chips.Chips, error) {
	c, err := chips.Parse(v)
	if err != nil {
		return 0, fmt.Errorf("%s: %v", name, err)
	}
	if c < 0 {
		return 0, fmt.Errorf("%s: %s is negative", name, c)
	}
	return c, nil
}

// readTableState reads a state file: JSON when it starts with '{', PHH
// otherwise. Errors name the file.
func readTableState(name string, lim limits.Limits) (table.State, error) {
	data, err := safefile.ReadKind(name, lim, limits.TableBytes)
	if err != nil {
		return table.State{}, err
	}
	var s table.State
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '{' {
		if err := limits.CheckDepth(data, limits.JSON, lim.Or().Depth); err != nil {
			return table.State{}, limits.InFile(err, name)
		}
		s, err = table.ReadJSON(data)
		if err == nil {
			err = limits.Count("players", "players", "players", len(s.Players), lim.Or().Players)
		}
	} else {
		s, err = table.ReadPHH(data)
	}
	if err != nil {
		return table.State{}, fmt.Errorf("%s: %w", name, err)
	}
	return s, nil
}
