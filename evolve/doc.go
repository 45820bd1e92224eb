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
// genomes (genome.Random) until population.size distinct genomes. Each
// generation after it:
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
// Then the skill stage: the best skill.top playable genomes by base
// fitness that have no skill gradient yet get it measured. A genome keeps a
// measured gradient, so elites keep their fitness.
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
// their hands. First a pilot plays one game in ten (at least two) of the
// first seating; a genome whose pilot already fails a gate other than
// too_short keeps the pilot's measures (Measures.Pilot) and is not played
// further, which spares the long games that would fail anyway. A genome's
// measures depend on its content and the configuration alone, so they are
// cached by content hash and the worker count changes nothing.
//
// # Fitness
//
// Every component c_k is in [0, 1] (clamped), 0 when its input is absent:
//
//	completion          completion_rate: the share of games that end before the turn limit
//	length              d = decisions per player;  d/L_lo if d < L_lo, L_hi/d if d > L_hi, else 1
//	                    (fitness.length_min, length_max; default 8 and 80)
//	choice              1 − 1/b,  b = mean legal moves per decision (branching factor)
//	agency              1 − forced_move_share: the share of actions that were real choices
//	tension             1 − exp(−λ/2),  λ = lead changes per game
//	comeback            comeback_rate: the winner was behind at half time
//	closeness           1 − margin (the winner's final margin over the runner-up, scaled)
//	balance             1 − n/(2(n−1)) · Σ_i |w̄_i − 1/n|,  w̄_i = seat i's win rate averaged
//	                    over both seatings
//	strategy            2 · (w_strong − w_weak): the mean reward of the stronger agent minus
//	                    the weaker one's
//	betting             −Σ_a p_a ln p_a / ln 5 over the betting decisions a ∈ {check, call,
//	                    bet, raise, fold}: a varied betting mix (chip games)
//	positional_edge     band(e; fitness.edge_min, edge_max), e = engine/stats positional
//	                    edge tanh((R_ip − R_oop)/10): position should pay, a little
//	maneuver_diversity  engine/stats maneuver diversity: entropy of the 15 base maneuvers'
//	                    attempts / ln 15
//	fold_equity         band(f; fitness.fold_equity_min, fold_equity_max), f = challenge
//	                    folds / challenges
//	skill               2 · g, g = sim.SkillGradient of skill.agent against random (only
//	                    for genomes whose gradient was measured)
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
// that fails g of the G = 4 gates has F = (G − g)/G − 1 ∈ [−1, 0): every
// playable genome ranks above every unplayable one, and among unplayable
// ones fewer failures rank higher. The base fitness is F without the skill
// component.
//
// # Guarding against metric gaming
//
// Every run ends by re-measuring its remeasure.top best genomes, and the
// seed games of remeasure.seeds for comparison, with remeasure.games_factor
// (at least 10) times the games, a different game seed, the stronger agents
// of remeasure.agents and the skill gradient always measured with
// remeasure.skill_agent. report.md shows the evolved and the re-measured
// scores side by side, with every weighted component.
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
// (games of the best genomes, for deckforge serve), remeasure.json and
// report.md, which links them all.
package evolve
