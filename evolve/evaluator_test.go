package evolve

import (
	"context"
	"encoding/json"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// remoteLike is an Evaluator that does what a remote one does: it sends
// the configuration as JSON, runs every task through RunTask from the
// decoded copy, and sends the outcome back as JSON. It counts the tasks.
type remoteLike struct {
	mu    sync.Mutex
	tasks map[Stage]int
}

func (e *remoteLike) Evaluate(ctx context.Context, cfg *Config, tasks []Task, progress func(done, total int)) ([]Outcome, error) {
	data, err := json.Marshal(cfg)
	if err != nil {
		return nil, err
	}
	out := make([]Outcome, len(tasks))
	for i, t := range tasks {
		var c Config
		if err := json.Unmarshal(data, &c); err != nil {
			return nil, err
		}
		o, err := RunTask(ctx, &c, t, 2)
		if err != nil {
			return nil, err
		}
		js, err := json.Marshal(o)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(js, &out[i]); err != nil {
			return nil, err
		}
		e.mu.Lock()
		e.tasks[t.Stage]++
		e.mu.Unlock()
		if progress != nil {
			progress(i+1, len(tasks))
		}
	}
	return out, nil
}

// A run whose evaluations go through another Evaluator (configuration and
// outcomes through JSON) writes the same files as the in-process default.
func TestEvaluatorSeamSameRun(t *testing.T) {
	cfg := tinyConfig()
	local, remote := t.TempDir(), t.TempDir()
	_, err := Run(context.Background(), cfg, local, Options{Workers: 2})
	require.NoError(t, err)
	ev := &remoteLike{tasks: map[Stage]int{}}
	_, err = Run(context.Background(), cfg, remote, Options{Workers: 2, Evaluator: ev})
	require.NoError(t, err)
	assert.Positive(t, ev.tasks[StageEvaluate], "evaluation tasks")
	assert.Positive(t, ev.tasks[StageSkill], "skill tasks")
	for _, name := range []string{"generations.csv", "population.json", "remeasure.json"} {
		sameFile(t, local, remote, name)
	}
}

func TestRunTaskBadStage(t *testing.T) {
	cfg := tinyConfig()
	_, err := RunTask(context.Background(), &cfg, Task{Stage: StageReport}, 1)
	assert.ErrorContains(t, err, `task stage "report"`)
}
