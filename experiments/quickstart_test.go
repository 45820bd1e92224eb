package experiments

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/deckforge/deckforge/evolve"
)

// TestQuickstartRun runs quickstart.toml as `make run` does and checks
// that at least 90% of the final population passes the playability gates,
// that the best genome kept a playable score when re-measured, and that
// the outputs exist.
func TestQuickstartRun(t *testing.T) {
	if testing.Short() {
		t.Skip("the whole quickstart experiment (minutes on 2 cores): make test runs it, make test-short does not")
	}
	cfg, _, err := Open("quickstart")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	res, err := evolve.Run(context.Background(), cfg, dir, evolve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	playable := 0
	for _, ind := range res.Population {
		if ind.Score.Playable {
			playable++
		}
	}
	if len(res.Population) != cfg.Population.Size || playable*10 < 9*len(res.Population) {
		t.Errorf("%d of %d genomes of the final population are playable, want at least 90%%", playable, len(res.Population))
	}
	last := res.History[len(res.History)-1]
	if last.Generation != cfg.Generations || last.Best < res.History[0].Best {
		t.Errorf("last generation %+v, first %+v", last, res.History[0])
	}
	if len(res.Remeasured) != cfg.Remeasure.Top+len(cfg.Remeasure.Seeds) {
		t.Fatalf("%d re-measured", len(res.Remeasured))
	}
	if best := res.Remeasured[0]; best.Seed || !best.Again.Playable || best.Measures.Games != cfg.Evaluation.Games*cfg.Remeasure.GamesFactor {
		t.Errorf("re-measured best %+v", best)
	}
	for _, f := range []string{"report.md", "generations.csv", "fitness.png", "fitness.svg", "diversity.png", "diversity.svg", "population.fb", "remeasure.json"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	replays, _ := filepath.Glob(filepath.Join(dir, "replays", "*.dfr"))
	if len(replays) == 0 {
		t.Error("no replays")
	}
	t.Logf("final population: %d of %d playable; best %.4f (re-measured %.4f)", playable, len(res.Population), last.Best, res.Remeasured[0].Again.Fitness)
}
