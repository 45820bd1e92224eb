package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/evolve"
	"github.com/deckforge/deckforge/experiments"
	"github.com/deckforge/deckforge/genome"
	dfnats "github.com/deckforge/deckforge/sim/nats"
)

// A generation of quickstart measured by three in-process workers over an
// in-process broker equals the in-process evaluation, task by task, and
// workers.json lists the workers and their jobs.
func TestNATSEvaluatorEqualsLocal(t *testing.T) {
	cfg, _, err := experiments.Open("quickstart")
	require.NoError(t, err)
	b, err := dfnats.StartBroker(dfnats.BrokerOptions{InProcess: true, StoreDir: t.TempDir()})
	require.NoError(t, err)
	t.Cleanup(b.Shutdown)

	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	t.Cleanup(func() { cancel(); wg.Wait() })
	for i := range 3 {
		nc, err := b.Connect()
		require.NoError(t, err)
		t.Cleanup(nc.Close)
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = dfnats.Work(ctx, nc, dfnats.WorkerOptions{ID: fmt.Sprintf("w%d", i), Handlers: workerHandlers(1)})
		}()
	}
	nc, err := b.Connect()
	require.NoError(t, err)
	c, err := dfnats.NewCoordinator(ctx, nc, dfnats.CoordinatorOptions{})
	require.NoError(t, err)
	t.Cleanup(c.Close)
	dir := t.TempDir()
	remote := &natsEvaluator{c: c, dir: dir, previous: map[string]int{"earlier": 2}}

	// The seed games as the start of generation 0, as seed games (which
	// the ablation pass leaves alone), and the skill of two.
	var tasks []evolve.Task
	for k, id := range genome.SeedIDs() {
		g, err := genome.Seed(id)
		require.NoError(t, err)
		h, err := genome.ContentHash(g)
		require.NoError(t, err)
		tasks = append(tasks, evolve.Task{Stage: evolve.StageEvaluate, Genome: g, Hash: h, Seed: k%3 == 0})
	}
	for _, k := range []int{0, 3} {
		tasks = append(tasks, evolve.Task{Stage: evolve.StageSkill, Genome: tasks[k].Genome, Hash: tasks[k].Hash})
	}
	want, err := evolve.Local{Workers: 2}.Evaluate(context.Background(), &cfg, tasks, nil)
	require.NoError(t, err)
	done := 0
	got, err := remote.Evaluate(context.Background(), &cfg, tasks, func(d, total int) {
		assert.Equal(t, len(tasks), total)
		done = d
	})
	require.NoError(t, err)
	assert.Equal(t, len(tasks), done)
	require.Len(t, got, len(tasks))
	for i := range tasks {
		assert.Equal(t, want[i], got[i], "task %d: %s of %s", i, tasks[i].Stage, tasks[i].Genome.ID)
	}

	data, err := os.ReadFile(filepath.Join(dir, workersFile))
	require.NoError(t, err)
	var ws []dfnats.WorkerJobs
	require.NoError(t, json.Unmarshal(data, &ws))
	total := 0
	for _, w := range ws {
		assert.Contains(t, []string{"earlier", "w0", "w1", "w2"}, w.ID)
		assert.Positive(t, w.Jobs, w.ID)
		total += w.Jobs
	}
	assert.Equal(t, len(tasks)+2, total, "jobs in workers.json")
}

// Every field of evolve.Task travels in an evolve job: the genome as the
// job's genome, its hash as the job key's, the rest in evolveJob. A new
// field fails this test until evolveJob carries it.
func TestEvolveJobCarriesTask(t *testing.T) {
	var fields []string
	for f := range reflect.TypeFor[evolve.Task]().Fields() {
		fields = append(fields, f.Name)
	}
	assert.ElementsMatch(t, []string{"Stage", "Genome", "Hash", "Seed"}, fields,
		"evolve.Task changed: carry the new fields in evolveJob and raise sim/nats.Protocol")
}

// TestBenchJobCount: bench --nats splits a sample into an even number of
// jobs, at least 16, more for longer samples (√(L/o)).
func TestBenchJobCount(t *testing.T) {
	assert.Equal(t, 16, benchJobCount(10*time.Millisecond))
	assert.Equal(t, 26, benchJobCount(time.Second))   // √666.7 ≈ 25.8
	assert.Equal(t, 52, benchJobCount(4*time.Second)) // √2666.7 ≈ 51.6
	for _, d := range []time.Duration{time.Millisecond, 333 * time.Millisecond, 2 * time.Second, time.Minute} {
		n := benchJobCount(d)
		assert.Zero(t, n%2, "%v: %d jobs", d, n)
		assert.GreaterOrEqual(t, n, 16)
	}
}
