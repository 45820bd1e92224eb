package evolve

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSameSeedSameRunAnyWorkers runs the same tiny experiment on one and on
// two workers: generations.csv, the final population and the
// re-measurement must be identical.
func TestSameSeedSameRunAnyWorkers(t *testing.T) {
	c := tinyConfig()
	d1, d2 := t.TempDir(), t.TempDir()
	r1, err := Run(context.Background(), c, d1, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), c, d2, Options{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"generations.csv", "population.fb", "population.json", "remeasure.json"} {
		sameFile(t, d1, d2, f)
	}
	if len(r1.History) != c.Generations+1 {
		t.Errorf("%d rows of history, want %d", len(r1.History), c.Generations+1)
	}
	// A different seed gives a different run.
	c.Seed++
	d3 := t.TempDir()
	if _, err := Run(context.Background(), c, d3, Options{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(filepath.Join(d1, "generations.csv"))
	b, _ := os.ReadFile(filepath.Join(d3, "generations.csv"))
	if string(a) == string(b) {
		t.Error("seeds 3 and 4 gave the same generations.csv")
	}
	// Everything the run promises is there.
	for _, f := range []string{"config.json", "fitness.svg", "fitness.png", "diversity.svg", "diversity.png", "report.md",
		"archive.png", "archive.svg", "lineage.json",
		"best/01-" + r1.Best[0].Genome.ID + ".json", "best/01-" + r1.Best[0].Genome.ID + ".fb",
		"best/01-" + r1.Best[0].Genome.ID + ".rules.md", "replays/01-" + r1.Best[0].Genome.ID + "-game-001.dfr"} {
		if st, err := os.Stat(filepath.Join(d1, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s missing or empty: %v", f, err)
		}
	}
	report, _ := os.ReadFile(filepath.Join(d1, "report.md"))
	for _, want := range []string{"generations.csv", "fitness.png", "diversity.svg", "remeasure.json", "rules.md", "deckforge serve", "crazy_eights",
		"## What evolved", "The best genome after re-measurement is " + r1.Best[0].Genome.ID, "archive.png", "## Fitness components"} {
		if !strings.Contains(string(report), want) {
			t.Errorf("report.md does not mention %q", want)
		}
	}
	// The best genomes are ranked by re-measured fitness, each replayable,
	// and the re-measurement labels its components.
	var ranked []Remeasured
	for _, x := range r1.Remeasured {
		if x.Rank > 0 {
			ranked = append(ranked, x)
		}
		if len(x.Components) != len(ComponentNames()) {
			t.Errorf("%s: %d labelled components", x.ID, len(x.Components))
		}
	}
	for i := 1; i < len(ranked); i++ {
		if ranked[i].Again.Fitness > ranked[i-1].Again.Fitness || ranked[i].Rank != i+1 {
			t.Errorf("rank %d (%s, %.4f) after %.4f", ranked[i].Rank, ranked[i].ID, ranked[i].Again.Fitness, ranked[i-1].Again.Fitness)
		}
	}
	if len(ranked) == 0 || ranked[0].ID != r1.Best[0].Genome.ID || !ranked[0].Replayable {
		t.Errorf("best %s, ranked %+v", r1.Best[0].Genome.ID, ranked)
	}
}

// TestResumeAfterCancel stops a run after generation 1 and resumes it: the
// result must equal the uninterrupted run's.
func TestResumeAfterCancel(t *testing.T) {
	c := tinyConfig()
	full := t.TempDir()
	if _, err := Run(context.Background(), c, full, Options{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	cut := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	_, err := Run(ctx, c, cut, Options{Workers: 2, Progress: func(p Progress) {
		if p.Row != nil && p.Row.Generation == 1 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled run: %v", err)
	}
	if _, err := os.Stat(filepath.Join(cut, "report.md")); err == nil {
		t.Fatal("the cancelled run finished")
	}
	if _, err := Run(context.Background(), c, cut, Options{}); err == nil {
		t.Error("Run accepted a directory that holds a run")
	}
	if _, err := Resume(context.Background(), cut, Options{Workers: 1}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"generations.csv", "population.fb", "population.json", "remeasure.json"} {
		sameFile(t, full, cut, f)
	}
}
