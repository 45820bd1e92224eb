// Package evolve breeds genomes: initialisation, mutation and crossover that
// keep genomes valid, tournament selection, elitism, duplicate removal by
// content hash, fitness from the simulator's metrics with playability gates,
// a MAP-Elites archive, checkpoints after every generation and the outputs
// of a run (generations.csv, plots, best genomes, replays, re-measurement,
// report.md).
//
// # Swappable parts
//
// Each part is a small interface with a Validate method, in the manner of
// eaopt's Model: Selector (Tournament), Mutator (Mutation over the
// Operators), Crossover (PhaseSetupCrossover), Fitness (Weighted), Archive
// (Grid) and Model (GA, MAPElites). Config holds every setting with its TOML
// key; Config.Validate names each bad field by that key (FieldError), and
// DefaultConfig gives working defaults. Every random draw comes from one
// generator, rand.New(rand.NewPCG(seed, …)), passed explicitly; its state
// is saved in every checkpoint.
//
// # A run
//
// Generation 0 is the seed games of population.seeds followed by random
// genomes (genome.Random) until population.size distinct genomes. Every
// genome enters the population only through admission: the experiment's
// turn cap (evaluation.max_turns) is written into its turns.max_turns (the
// cap is not a gene), its genome.Lint defects are repaired or it is
// rejected (Cohere), it must have the mechanics of evaluation.require
// (HasMechanic) and, when evaluation.phase_kinds is set, only phases of
// those kinds. Each generation after it:
//
//   - GA: the population.elites best genomes survive unchanged. Children
//     are bred from parents chosen by tournament selection: with
//     probability crossover.rate from two parents (PhaseSetupCrossover, then
//     a mutation with probability mutation.rate), otherwise one parent
//     mutated. A child whose content hash equals a genome of the population
//     or an earlier child is dropped and drawn again (duplicate removal).
//     The population.offspring children are measured and the best
//     population.size − population.elites of them by base fitness join the
//     elites.
//   - MAP-Elites: population.size children are bred from the archive's
//     elites the same way, measured and offered to the archive; the
//     population is the archive.
//
// Before a new genome is measured, the ablation pass (Ablate,
// evaluation.ablation_games) removes every phase, effect and scoring rule
// whose removal does not change play measurably: the same winners, turns
// and hands in every game from the same deals, or, when the removal
// changes the random stream (a dead phase that still shuffles, draws at
// random or makes the agents sample), no significant change of the games'
// profile (length, decisions, branching, chip flow, lead changes) over
// four times the games. Then the skill stage: the best skill.top
// playable genomes by base fitness that have no ladder yet get the skill
// ladder measured (sim.Ladder: random < greedy < ismcts:B < ismcts:4B, B
// from skill.agent, skill.games games per pair). A genome keeps its
// ladder, so elites keep their fitness.
//
// # Evaluation
//
// A genome is played evaluation.games times with evaluation.players
// players (clamped to the genome's range) by the two agents of
// evaluation.agents, weaker first, seated alternately: half the games with
// seat i played by agents[i mod 2], half by agents[(i+1) mod 2], both halves
// from the same game seeds (sim derives each game's seed from the run seed
// and the genome's content hash), so the agents' effect on seat results
// cancels. The metrics of the two halves are merged into Measures: means of
// the two values, sums of the counts, the positional features weighted by
// their hands. The shipped experiments play greedy against greedy
// (competent self-play), so every measure, the positional edge included,
// comes from identical agents in both seatings; with evaluation.cap_draws
// a game cut off by the turn cap is a draw. First a pilot plays one game
// in ten (at least two) of the first seating; a genome whose pilot already
// fails a gate that a few games decide (too_long, no_real_decisions,
// missing_mechanic, or no pilot game finished) keeps the pilot's measures
// (Measures.Pilot) and is not played further, which spares the long games
// that would fail anyway. A genome's
// measures depend on its content and the configuration alone, so they are
// cached by content hash and the worker count changes nothing.
//
// # Fitness
//
// Every component c_k is in [0, 1] (clamped), 0 when its input is absent.
// Metrics is the one registry of the components (name, formula, range);
// the fitness, the report and the JSON outputs read it. Among them:
//
//	skill           mean over the ladder steps of SkillBand(lo, hi, 1/n): the better player
//	                must beat chance on the lower bound and must not always win (a band,
//	                not a clamp)
//	drama           min(1, 4·d), d = sim's drama (the eventual winner's mean deficit over
//	                the second half)
//	decisiveness    1 − draw_rate
//	lead_change_rate band(lead changes per turn; 0.02, 0.25)
//	uncertainty     winner_lead_from (how late the winner took the lead for good)
//	parsimony       band(RulesLength; 1, fitness.rules_max)
//	betting_impact  band(fold_wins / pots; 0.15, 0.6)
//	choice          band(b; 2, 6), b the branching factor (no reward for big menus)
//	agency          band(1 − forced_move_share; 0.3, 1) (following suit costs nothing)
//
// where band(x; lo, hi) is 1 on [lo, hi] and falls linearly to 0 at a
// distance of hi − lo outside it. The positional components need at least
// one hand with betting.
//
// A genome is playable when it passes every gate:
//
//	no_completion       completion_rate ≥ gates.min_completion
//	too_short           decisions per player ≥ gates.min_decisions
//	too_long            decisions per player ≤ gates.max_decisions
//	no_real_decisions   forced_move_share ≤ gates.max_forced_share and some decision made
//	too_many_draws      draw_rate ≤ gates.max_draw_rate (when > 0)
//	seat_imbalance      balance ≥ gates.min_balance (when > 0)
//	missing_mechanic    the genome has every mechanic of evaluation.require
//	flat_ladder         (gates.rising_ladder) a measured skill ladder rises:
//	                    every step's win rate above 1/players
//
// flat_ladder is checked only on genomes whose selection ladder was
// measured (the skill.top of their batch); it is not counted in G below,
// so experiments without it score as before. Under it the selection
// ladder stops at its first flat step (its other steps could not earn
// skill), and before re-measurement every candidate gets its selection
// ladder (a cheap monotone check at the selection budget), so the costly
// re-measurement goes to genomes whose ladder rose.
//
// The fitness of a playable genome is the weighted sum
//
//	F = Σ_k w_k · c_k
//
// with the weights of the experiment file: a preset (balanced, betting,
// strategic, party; each sums to 1, see Presets) overridden key by key by
// [fitness.weights]. The shipped experiments write every weight out, and a
// run saves its resolved configuration (config.json) before it starts;
// resuming reads that file, so the weights of a run never change. A genome
// that fails g of the G = 7 gates has F = (G − g)/G − 1 ∈ [−1, 0): every
// playable genome ranks above every unplayable one, and among unplayable
// ones fewer failures rank higher. The base fitness is F without the skill
// component.
//
// # Guarding against metric gaming
//
// Every run ends by re-measuring its remeasure.top best genomes (distinct
// designs from the final population and the archive: a near-clone of a
// better one is skipped; while fewer than output.best of them are without
// flags, up to remeasure.reserve more are measured in order), and the
// seed games of remeasure.seeds for comparison, with remeasure.games_factor
// (at least 10) times the games, a different game seed, the stronger agents
// of remeasure.agents and the skill ladder always measured (B from
// remeasure.skill_agent, remeasure.skill_games games per pair, played in
// four batches from different seeds and pooled; the self-play games are
// played once and split into four batches). The re-measured fitness
// comes with a 95% interval: F ± t₃·s/2, s the standard deviation of the
// fitness of the four batches, each a quarter of the self-play games with
// its ladder batch. A ladder with a rung whose win rate is not above
// chance earns no skill, in evolution and in re-measurement alike. The best genomes written out are those ranked first,
// genomes without flags before flagged ones, then by re-measured fitness,
// with near-clones (at most one coarse gene apart) merged into the better
// one. report.md says what evolved (a paragraph generated from the data,
// naming the seed games the best beats: its interval above theirs), shows
// the evolved and the re-measured scores side by side with every weighted
// component, the fitness, completion and ladder intervals, and flags anything
// degenerate (failed gates, lint defects, completion under 99%, more than
// 200 decisions per player, a ladder that is not monotone, a best genome
// whose games could not be recorded); remeasure.json labels every
// component by name.
//
// # Diversity and the archive
//
// Diversity is the mean pairwise distance of the population over 24 coarse
// genes (see Diversity and Genes). The archive (Grid) cuts the descriptor
// space of archive.descriptors (DescriptorNames: betting_intensity =
// (bets + raises) / betting decisions, game_length = decisions per player,
// branching, lead_changes, positional_edge, fold_equity, showdown_rate,
// turns, phases) into cells; each cell keeps its fittest playable genome.
// Coverage is the share of filled cells. The archive is kept in both models
// and saved in every checkpoint.
//
// # Checkpoints and resuming
//
// After every generation the run writes checkpoints/gen-NNNNNN:
// population.fb and archive.fb (the genomes as size-prefixed FlatBuffers,
// see EncodePopulation), state.json (the generator's state, every genome's
// measures and score, the rows so far). It is written under a temporary name
// and renamed, so a run killed at any moment leaves a complete checkpoint.
// Resume continues from the newest one and produces exactly the files the
// uninterrupted run would have.
//
// # Outputs
//
// A run directory holds config.json, generations.csv (generation, best,
// mean, playable, diversity, coverage, archive_size, evaluated, best_id,
// best_hash), fitness.svg/.png and diversity.svg/.png, population.fb and
// population.json (the final population), best/NN-ID.json, .fb and
// .rules.md (the best genomes and their rulebooks), replays/NN-ID-game-KKK.dfr
// (games of the best genomes, for deckforge serve), remeasure.json,
// archive.png/.svg (the MAP-Elites archive as a heat map), lineage.json
// (the best genome's first parents back to generation 0) and report.md,
// which links them all.
package evolve
