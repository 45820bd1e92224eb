package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/deckforge/deckforge/engine/cards"
	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/engine/phh"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/internal/safetext"
	"github.com/deckforge/deckforge/sim"
	"github.com/deckforge/deckforge/sim/agent"
)

const playUsage = `Usage: deckforge play [flags] GENOME

Plays one game of GENOME (a genome file, JSON or FlatBuffers, or the id of a
seed game such as crazy_eights or holdem_nl_heads_up) and prints a readable
transcript: the deals, every move, bets, showdowns and the result.

Flags:
`

// runPlay is the play subcommand.
func runPlay(args []string, io stdio) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(io.err)
	seed := fs.Uint64("seed", 1, "random seed of the game and the agents")
	agentsFlag := fs.String("agents", "random", "comma-separated agents: one per seat, or one for every seat ("+agent.Names()+")")
	players := fs.Int("players", 0, "number of players (0: the genome's minimum)")
	phhOut := fs.String("phh", "", "also write the game's hands as PHH to this .phhs file (hold'em and Omaha games)")
	fs.Usage = func() {
		fmt.Fprint(io.err, playUsage)
		printFlags(fs)
	}
	// Flags may come before or after GENOME.
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return 0
			}
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(pos) != 1 {
		fmt.Fprintln(io.err, "deckforge play: want exactly one GENOME")
		return 2
	}
	g, err := loadGenomeArg(pos[0], io.lim)
	if err != nil {
		fmt.Fprintf(io.err, "deckforge play: %v\n", err)
		return 1
	}
	p, err := game.Compile(g)
	if err != nil {
		fmt.Fprintf(io.err, "deckforge play: %v\n", err)
		return 1
	}
	n := *players
	if n == 0 {
		n = p.MinPlayers()
	}
	if n < p.MinPlayers() || n > p.MaxPlayers() {
		fmt.Fprintf(io.err, "deckforge play: --players: %s plays with %d..%d players, not %d\n", g.ID, p.MinPlayers(), p.MaxPlayers(), n)
		return 2
	}
	// One name per seat, one for every seat, or a shorter list cycled
	// over the seats.
	specs := strings.Split(*agentsFlag, ",")
	for k := len(specs); k > 1 && len(specs) < n; {
		specs = append(specs, specs[len(specs)%k])
	}
	agents, err := agent.ParseList(strings.Join(specs, ","), n, agent.Options{Seed: *seed})
	if err != nil {
		fmt.Fprintf(io.err, "deckforge play: --agents: %v\n", err)
		return 2
	}
	var rec *sim.PHHRecorder
	if *phhOut != "" {
		if rec, err = sim.NewPHHRecorder(p); err != nil {
			fmt.Fprintf(io.err, "deckforge play: --phh: %v\n", err)
			return 2
		}
	}
	w := bufio.NewWriter(io.out)
	if err := playGame(w, p, n, *seed, agents, rec); err != nil {
		w.Flush()
		fmt.Fprintf(io.err, "deckforge play: %v\n", err)
		return 1
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(io.err, "deckforge play: %v\n", err)
		return 1
	}
	if rec != nil {
		// Written as PokerKit plays them (full raises, the showdown
		// where it asks for it), so that both replay them.
		// A hand PHH cannot hold is refused by name and counted, the
		// others written.
		var refused phhRefusals
		kept := rec.Hands[:0:0]
		for i := range rec.Hands {
			if err := phh.PokerKitForm(&rec.Hands[i]); err != nil {
				fmt.Fprintf(io.err, "deckforge play: --phh: hand %d: %v\n", i+1, err)
				refused.add(err)
				continue
			}
			kept = append(kept, rec.Hands[i])
		}
		data, err := phh.MarshalBulk(kept)
		if err == nil {
			err = os.WriteFile(*phhOut, data, 0o644)
		}
		if err != nil {
			fmt.Fprintf(io.err, "deckforge play: --phh: %v\n", err)
			return 1
		}
		fmt.Fprintf(io.out, "wrote %d hand(s) to %s\n", len(kept), *phhOut)
		if refused.n > 0 {
			fmt.Fprintf(io.err, "deckforge play: --phh: %s\n", refused.summary(len(kept)))
			return 1
		}
	}
	return 0
}

// playGame plays one game and writes its transcript to w.
func playGame(w io.Writer, p *game.Program, n int, seed uint64, agents []agent.Agent, rec *sim.PHHRecorder) error {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	t := &transcript{w: w, p: p}
	var s game.State
	if rec != nil {
		s.Listen(game.ListenerFunc(func(s *game.State, e *game.Event) {
			t.Event(s, e)
			rec.Event(s, e)
		}))
	} else {
		s.Listen(t)
	}
	g := p.Genome()
	fmt.Fprintf(w, "%s — %d players, seed %d\n", safetext.Name(g.Name), n, seed)
	if err := p.Reset(&s, n, rng); err != nil {
		return err
	}
	for !s.Terminal() {
		q := s.ToMove()
		m := agents[q].Choose(agent.NewView(&s))
		t.flush()
		if err := s.Apply(m); err != nil {
			return err
		}
	}
	t.flush()
	var names []string
	for q := 0; q < n; q++ {
		if s.Winners()&(1<<q) != 0 {
			names = append(names, who(int8(q)))
		}
	}
	fmt.Fprintf(w, "Result: %s won after %d hand(s), %d turn(s), %d moves (%d chosen)\n",
		strings.Join(names, ", "), s.HandNumber(), s.Turn()-1, s.Moves(), s.Decisions())
	var line []string
	for q := 0; q < n; q++ {
		part := who(int8(q))
		if p.HasChips() {
			part += " chips " + s.Chips(q).String()
		}
		part += fmt.Sprintf(" score %d", s.Score(q))
		line = append(line, part)
	}
	fmt.Fprintf(w, "Final: %s\n", strings.Join(line, "; "))
	return nil
}

// transcript is a listener that prints events, grouping the deal.
type transcript struct {
	w     io.Writer
	p     *game.Program
	deals []string
	dealP []int8
}

func (t *transcript) flush() {
	if len(t.deals) == 0 {
		return
	}
	for i, d := range t.deals {
		fmt.Fprintf(t.w, "  deal %s: %s\n", who(t.dealP[i]), d)
	}
	t.deals, t.dealP = nil, nil
}

func who(p int8) string {
	if p < 0 {
		return "table"
	}
	return playerName(int(p))
}

// playerName is how every text output names the player of 0-based index q:
// p1, p2, … as PHH numbers players (JSON keeps 0-based arrays).
func playerName(q int) string { return fmt.Sprintf("p%d", q+1) }

func setString(s cards.Set) string { return cards.FormatList(s.Cards(nil)) }

func (t *transcript) Event(s *game.State, e *game.Event) {
	if e.Kind == game.EvDeal {
		key := e.Player
		name := e.Card.String()
		if e.Player < 0 {
			key = -1 - int8(e.Zone)
		}
		for i, p := range t.dealP {
			if p == key {
				t.deals[i] += " " + name
				return
			}
		}
		t.dealP = append(t.dealP, key)
		t.deals = append(t.deals, name)
		return
	}
	t.flush()
	w := t.w
	p := who(e.Player)
	switch e.Kind {
	case game.EvHandStart:
		fmt.Fprintf(w, "Hand %d (dealer %s)", e.Hand, p)
		if t.p.HasChips() {
			var st []string
			for q := 0; q < s.Players(); q++ {
				st = append(st, fmt.Sprintf("%s %s", who(int8(q)), s.Chips(q)))
			}
			fmt.Fprintf(w, " stacks: %s", strings.Join(st, ", "))
		}
		fmt.Fprintln(w)
	case game.EvTrump:
		fmt.Fprintf(w, "  trump card %s: trumps are %s\n", e.Card, e.Suit)
	case game.EvForcedBet:
		kind := "blind"
		if e.Zone == game.ZoneAnte {
			kind = "ante"
		}
		fmt.Fprintf(w, "  %s posts %s %s\n", p, kind, e.Amount)
	case game.EvRoundStart:
		fmt.Fprintf(w, "  -- betting round %d (pot %s)\n", e.Round+1, s.Pot())
	case game.EvBet:
		switch e.Move {
		case game.MoveCheck:
			fmt.Fprintf(w, "  %s checks\n", p)
		case game.MoveCall:
			fmt.Fprintf(w, "  %s calls %s\n", p, e.Amount)
		default:
			fmt.Fprintf(w, "  %s %ss to %s (adds %s)\n", p, e.Move, e.To, e.Amount)
		}
	case game.EvFold:
		fmt.Fprintf(w, "  %s folds\n", p)
	case game.EvPlay:
		if !e.FaceUp {
			fmt.Fprintf(w, "  %s puts a card face down (%s) in the %s\n", p, e.Card, e.Zone)
		} else {
			fmt.Fprintf(w, "  %s plays %s to the %s\n", p, e.Card, e.Zone)
		}
	case game.EvDraw:
		from := e.Zone.String()
		if e.Zone == game.ZoneHand {
			from = who(e.Target) + "'s hand"
		}
		fmt.Fprintf(w, "  %s draws %s from the %s\n", p, e.Card, from)
	case game.EvDiscard:
		to := e.Zone.String()
		if e.Zone == game.ZoneHand {
			to = who(e.Target) + "'s hand"
		}
		fmt.Fprintf(w, "  %s moves %s to %s\n", p, e.Card, to)
	case game.EvPass:
		fmt.Fprintf(w, "  %s passes\n", p)
	case game.EvSuit:
		fmt.Fprintf(w, "  %s names suit %s for %s\n", p, e.Suit, e.Card)
	case game.EvTrickWon:
		fmt.Fprintf(w, "  %s wins the trick (%s)\n", p, setString(e.Cards))
	case game.EvClaim:
		fmt.Fprintf(w, "  %s claims %d × %s (really %s)\n", p, e.Count, e.Rank, setString(e.Cards))
	case game.EvChallenge:
		fmt.Fprintf(w, "  %s challenges: %s revealed, %s takes the pile\n", who(e.Target), setString(e.Cards), p)
	case game.EvAsk:
		if e.Cards == 0 {
			fmt.Fprintf(w, "  %s asks %s for %s: go fish\n", p, who(e.Target), e.Rank)
		} else {
			fmt.Fprintf(w, "  %s asks %s for %s: gets %s\n", p, who(e.Target), e.Rank, setString(e.Cards))
		}
	case game.EvEffect:
		fmt.Fprintf(w, "  %s's %s: %s\n", p, e.Card, genome.EffectKind(e.Effect))
	case game.EvSkip:
		fmt.Fprintf(w, "  %s is skipped\n", p)
	case game.EvShowdown:
		fmt.Fprintf(w, "  %s shows %s (strength %d)\n", p, setString(e.Cards), e.Strength)
	case game.EvPotAward:
		if e.Zone == game.ZoneBet {
			fmt.Fprintf(w, "  %s takes back %s uncalled\n", p, e.Amount)
		} else {
			fmt.Fprintf(w, "  %s wins %s\n", p, e.Amount)
		}
	case game.EvOut:
		fmt.Fprintf(w, "  %s goes out\n", p)
	case game.EvSitOut:
		fmt.Fprintf(w, "  %s is eliminated\n", p)
	case game.EvHandEnd:
		var sc []string
		for q := 0; q < s.Players(); q++ {
			part := fmt.Sprintf("%s %d", who(int8(q)), s.Score(q))
			if t.p.HasChips() {
				part = fmt.Sprintf("%s %s", who(int8(q)), s.Chips(q))
			}
			sc = append(sc, part)
		}
		label := "scores"
		if t.p.HasChips() {
			label = "stacks"
		}
		fmt.Fprintf(w, "  end of hand %d; %s: %s\n", e.Hand, label, strings.Join(sc, ", "))
	case game.EvGameEnd:
	}
}
