package evolve

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// tinyConfig is a run small enough for tests: a second or two.
func tinyConfig() Config {
	c := DefaultConfig()
	c.Name = "tiny"
	c.Seed = 3
	c.Generations = 3
	c.Population = PopulationConfig{Size: 10, Elites: 2, Offspring: 12, Seeds: []string{"crazy_eights", "go_fish", "war"},
		MaxPhases: 5, ChipsProbability: 0.5}
	c.Evaluation.Games = 8
	c.Evaluation.RolloutCap = 20
	c.Gates.MaxDecisions = 80
	c.Skill = SkillConfig{Top: 1, Agent: "ismcts:8", Games: 1}
	c.Remeasure = RemeasureConfig{Top: 1, GamesFactor: 10, Agents: []string{"greedy", "greedy"}, GreedySamples: 3,
		StrengthSamples: 40, RolloutCap: 20, SkillAgent: "ismcts:8", SkillGames: 1, Seeds: []string{"crazy_eights"}}
	c.Output = OutputConfig{Best: 2, ReplayGames: 1}
	return c
}

// sameFile fails unless dir1/name and dir2/name hold the same bytes.
func sameFile(t *testing.T, dir1, dir2, name string) {
	t.Helper()
	a, err := os.ReadFile(filepath.Join(dir1, name))
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir2, name))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Errorf("%s differs between %s and %s:\n%s\n---\n%s", name, dir1, dir2, head(a), head(b))
	}
}

func head(b []byte) string {
	if len(b) > 2000 {
		b = b[:2000]
	}
	return string(b)
}
