package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/internal/safetext"
	"github.com/deckforge/deckforge/replay"
	"github.com/deckforge/deckforge/sim"
	"github.com/deckforge/deckforge/sim/agent"
	dfnats "github.com/deckforge/deckforge/sim/nats"
)

const simulateUsage = `Usage: deckforge simulate GENOME [flags]

simulate plays --games games of GENOME (a genome file, JSON or FlatBuffers,
or the id of a seed game such as holdem_nl_6max) with the agents of --agents
on --workers goroutines, and prints the games' metrics as a table, or as JSON
with --json. Game g is played from a seed derived from --seed, the genome's
content hash and g, so the results do not depend on --workers.

--agents names one agent per seat, or one for every seat: random, greedy,
ismcts (1,000 iterations per decision), ismcts:N (N iterations) or house.
--sit-outs plays every game as a session at an engine/table table in which
players disconnect, pause, come back, leave and join (buying in from a
bankroll that is reloaded when it runs low) between hands, for every genome
with chips, a betting phase and forced bets, with any agents: "default", or
key=value pairs such as
"disconnect=0.02,reconnect=0.5,pause=0.03,pause_bb=0.03,return=0.3,leave=0.01,join=0.1,grace=3,hands=200".
--replays DIR writes every game's replay to DIR/game-000001.dfr, ….
--skill N measures the skill gradient of --skill-agents against random with
N paired games per seat.
--nats URL plays the simulation as one job on a 'deckforge worker' process
through the NATS JetStream server at URL (see deckforge broker); the results
are the same.

A progress bar goes to standard error on a terminal, plain lines otherwise.

Flags:
`

// simulateOptions are the flags of deckforge simulate.
type simulateOptions struct {
	games, players, workers, skill int
	seed                           uint64
	agents, replays, sitOuts       string
	skillAgents                    string
	asJSON, quiet                  bool
	nats                           natsFlags
}

func runSimulate(args []string, sio stdio) int {
	var o simulateOptions
	fs := flag.NewFlagSet("simulate", flag.ContinueOnError)
	fs.SetOutput(sio.err)
	fs.Usage = func() {
		fmt.Fprint(sio.err, simulateUsage)
		printFlags(fs)
	}
	fs.IntVar(&o.games, "games", 100, "number of games to play (at least 1)")
	fs.StringVar(&o.agents, "agents", "random", "comma-separated agents: one per seat, or one for every seat ("+agent.Names()+"; ismcts:N)")
	fs.IntVar(&o.players, "players", 0, "number of players (0: one per agent when --agents names several, else the game's fewest)")
	fs.IntVar(&o.workers, "workers", 0, "goroutines playing games (0: one per CPU)")
	fs.Uint64Var(&o.seed, "seed", 1, "run seed")
	fs.StringVar(&o.replays, "replays", "", "write every game's replay into this directory")
	fs.StringVar(&o.sitOuts, "sit-outs", "", `sit-out probabilities: "default" or key=value pairs (see above); empty: none`)
	fs.IntVar(&o.skill, "skill", 0, "measure skill gradients with this many paired games per seat (0: none)")
	fs.StringVar(&o.skillAgents, "skill-agents", "greedy,ismcts", "agents whose skill gradient --skill measures")
	fs.BoolVar(&o.asJSON, "json", false, "print the metrics as JSON")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress report")
	o.nats.register(fs)

	pos, err := parseMixed(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(sio.err, "deckforge simulate: "+format+"\n", a...)
		return 2
	}
	switch {
	case len(pos) != 1:
		return usageErr("want exactly one GENOME (a file or a seed id), got %d arguments", len(pos))
	case o.games < 1 || o.games > sim.MaxGames:
		return usageErr("--games: %d out of range 1..%d", o.games, sim.MaxGames)
	case o.workers < 0:
		return usageErr("--workers: %d is negative", o.workers)
	case o.players < 0:
		return usageErr("--players: %d is negative", o.players)
	case o.skill < 0:
		return usageErr("--skill: %d is negative", o.skill)
	case strings.TrimSpace(o.agents) == "":
		return usageErr("--agents: empty")
	case o.nats.url != "" && o.replays != "":
		return usageErr("--replays: not with --nats (the games are played on the workers)")
	}
	sitOuts, err := sim.ParseSitOuts(o.sitOuts)
	if err != nil {
		return usageErr("--sit-outs: %v", err)
	}
	g, err := loadGenomeArg(pos[0], sio.lim)
	if err != nil {
		fmt.Fprintf(sio.err, "deckforge simulate: %v\n", err)
		return 1
	}
	prog, err := game.Compile(g)
	if err != nil {
		fmt.Fprintf(sio.err, "deckforge simulate: %s: %v\n", pos[0], err)
		return 1
	}
	opt := sim.Options{Players: o.players, SitOuts: sitOuts, Source: "deckforge simulate " + pos[0]}
	if o.replays != "" {
		if err := os.MkdirAll(o.replays, 0o755); err != nil {
			fmt.Fprintf(sio.err, "deckforge simulate: --replays: %v\n", err)
			return 1
		}
		dir := o.replays
		opt.Replay = func(i int, r *replay.Replay) error {
			data, err := replay.Encode(r)
			if err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(dir, fmt.Sprintf("game-%06d.dfr", i+1)), data, 0o644)
		}
	}
	if !o.quiet {
		opt.Progress = newProgress(sio.err, "simulate", "games")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	sr := simulateRun{Agents: strings.Split(o.agents, ","), Games: o.games, Players: o.players, SitOuts: o.sitOuts,
		Skill: o.skill, SkillAgents: strings.Split(o.skillAgents, ",")}
	var rep *simulateReport
	if o.nats.url != "" {
		rep, err = sr.remote(ctx, prog, o.seed, opt, &o.nats, sio.err, o.quiet)
	} else {
		var m *sim.Metrics
		if m, err = sr.play(ctx, prog, o.seed, o.workers, opt); err == nil {
			rep, err = newSimulateReport(m)
		}
	}
	if err != nil {
		var ce *sim.ConfigError
		if errors.As(err, &ce) {
			return usageErr("--%s: %v", strings.ReplaceAll(ce.Field, "_", "-"), ce.Err)
		}
		fmt.Fprintf(sio.err, "deckforge simulate: %v\n", err)
		return 1
	}
	if o.asJSON {
		fmt.Fprint(sio.out, rep.JSON)
	} else {
		fmt.Fprint(safetext.Writer(sio.out), rep.Table)
	}
	return 0
}

// simulateReport is a simulation's metrics as printed: JSON (--json) and
// the table. A worker sends it whole, so a distributed simulation prints
// exactly what a local one does.
type simulateReport struct {
	JSON  string `json:"json"`
	Table string `json:"table"`
}

func newSimulateReport(m *sim.Metrics) (*simulateReport, error) {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	if err := m.WriteTable(&b); err != nil {
		return nil, err
	}
	return &simulateReport{JSON: string(data) + "\n", Table: b.String()}, nil
}

// parseMixed parses flags that may come before and after positional
// arguments ("GENOME --games 10" as well as "--games 10 GENOME").
func parseMixed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		rest := fs.Args()
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// newProgress returns a progress callback writing to w: a bar redrawn in
// place on a terminal, a plain line every tenth of the way otherwise.
func newProgress(w io.Writer, cmd, unit string) func(done, total int) {
	term := isTerminal(w)
	last := -1
	return func(done, total int) {
		if term {
			const width = 30
			k := done * width / total
			if k == last && done != total {
				return
			}
			last = k
			fmt.Fprintf(w, "\r[%s%s] %d/%d %s", strings.Repeat("#", k), strings.Repeat(".", width-k), done, total, unit)
			if done == total {
				fmt.Fprintln(w)
			}
			return
		}
		step := done * 10 / total
		if step == last {
			return
		}
		last = step
		fmt.Fprintf(w, "%s: %d/%d %s\n", cmd, done, total, unit)
	}
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	if u, ok := w.(interface{ Unwrap() io.Writer }); ok {
		w = u.Unwrap()
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// simulateRun is what a simulation plays: every setting that changes its
// metrics (the configuration of a simulate job).
type simulateRun struct {
	Agents      []string `json:"agents"`
	Games       int      `json:"games"`
	Players     int      `json:"players"`
	SitOuts     string   `json:"sit_outs"`
	Skill       int      `json:"skill"`
	SkillAgents []string `json:"skill_agents"`
}

// play plays the simulation of prog from seed on workers goroutines; opt
// carries the player count, sit-outs, progress and replays.
func (sr *simulateRun) play(ctx context.Context, prog *game.Program, seed uint64, workers int, opt sim.Options) (*sim.Metrics, error) {
	res, err := sim.Run(ctx, prog, sr.Agents, sr.Games, seed, workers, opt)
	if err != nil {
		return nil, err
	}
	m := res.Metrics
	if sr.Skill > 0 {
		for _, spec := range sr.SkillAgents {
			sopt := sim.Options{Players: m.Players}
			sk, err := sim.SkillGradient(ctx, prog, strings.TrimSpace(spec), sr.Skill, seed, workers, sopt)
			if err != nil {
				return nil, fmt.Errorf("--skill-agents: %v", err) // not a usage error of --agents
			}
			m.Skill = append(m.Skill, sk)
		}
	}
	return &m, nil
}

// remote plays the simulation as one job on a worker, once its settings
// pass the checks of a local run (sim.Check).
func (sr *simulateRun) remote(ctx context.Context, prog *game.Program, seed uint64, opt sim.Options, nf *natsFlags, w io.Writer, quiet bool) (*simulateReport, error) {
	if err := sim.Check(prog, sr.Agents, sim.Options{Players: opt.Players, SitOuts: opt.SitOuts}); err != nil {
		return nil, err
	}
	g := prog.Genome()
	conf, err := json.Marshal(sr)
	if err != nil {
		return nil, err
	}
	j, _, err := dfnats.NewJob(kindSimulate, g, conf, seed)
	if err != nil {
		return nil, err
	}
	c, show, err := nf.coordinator(ctx, w, "simulate", quiet)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	outs, err := c.Run(ctx, []*dfnats.Job{j}, show)
	if err != nil {
		return nil, err
	}
	var rep simulateReport
	if err := strictJSON(outs[0], &rep); err != nil {
		return nil, fmt.Errorf("the worker's report: %w", err)
	}
	return &rep, nil
}

// simulateHandler runs simulate jobs on workers goroutines.
func simulateHandler(workers int) dfnats.Handler {
	return func(ctx context.Context, j *dfnats.Job, g *genome.Genome) ([]byte, error) {
		var sr simulateRun
		if err := strictJSON(j.Config, &sr); err != nil {
			return nil, fmt.Errorf("simulate job: %w", err)
		}
		so, err := sim.ParseSitOuts(sr.SitOuts)
		if err != nil {
			return nil, fmt.Errorf("simulate job: sit_outs: %w", err)
		}
		prog, err := game.Compile(g)
		if err != nil {
			return nil, err
		}
		m, err := sr.play(ctx, prog, j.Seed, workers, sim.Options{Players: sr.Players, SitOuts: so, Source: "deckforge worker"})
		if err != nil {
			return nil, err
		}
		rep, err := newSimulateReport(m)
		if err != nil {
			return nil, err
		}
		return json.Marshal(rep)
	}
}
