package agent

// drawModelMin is the budget from which the search of a poker draw game
// (classDraw) reads the other players' folds from the log: the fold model
// (see foldModel and modelFold). A closed five-card hand's strength is its
// equity against one random hand, which is its percentile among hands, so
// the model's reading of a fold rate as the share of weakest hands folded
// holds, as it does in high-card games. Below drawModelMin every other
// player folds by the betting rule. Measured in docs/agents.md ("What we
// tried"): ismcts:40 against ismcts:10 without the model won 0.432 of 200
// games (seed 3), with it 0.610 on the same deals and 0.576 of 1,000
// (seed 1); with the model at both budgets, 0.465 of 200 (seed 3).
const drawModelMin = 40

// drawModeled reports whether the search of pr's game at a budget of
// iterations models the other players' folds (see drawModelMin).
func drawModeled(pr *profile, iterations int) bool {
	return pr.class == classDraw && iterations >= drawModelMin
}
