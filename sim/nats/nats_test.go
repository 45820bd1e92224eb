package nats

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	natsgo "github.com/nats-io/nats.go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/engine/game"
	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/sim"
)

// broker starts an in-process broker (no port) for one test.
func broker(t *testing.T) *Broker {
	t.Helper()
	b, err := StartBroker(BrokerOptions{InProcess: true, StoreDir: t.TempDir()})
	require.NoError(t, err)
	t.Cleanup(b.Shutdown)
	return b
}

func conn(t *testing.T, b *Broker) *natsgo.Conn {
	t.Helper()
	nc, err := b.Connect()
	require.NoError(t, err)
	t.Cleanup(nc.Close)
	return nc
}

// gamesConfig is the configuration of the test kind "games": a sim.Run.
type gamesConfig struct {
	Agents []string `json:"agents"`
	Games  int      `json:"games"`
}

// runGames is the local computation of a "games" job.
func runGames(ctx context.Context, g *genome.Genome, c gamesConfig, seed uint64) ([]byte, error) {
	prog, err := game.Compile(g)
	if err != nil {
		return nil, err
	}
	res, err := sim.Run(ctx, prog, c.Agents, c.Games, seed, 1, sim.Options{})
	if err != nil {
		return nil, err
	}
	return json.Marshal(&res.Metrics)
}

func gamesHandler(ctx context.Context, j *Job, g *genome.Genome) ([]byte, error) {
	var c gamesConfig
	if err := json.Unmarshal(j.Config, &c); err != nil {
		return nil, err
	}
	return runGames(ctx, g, c, j.Seed)
}

// batch is one job per seed game and seed: a generation's worth.
func batch(t *testing.T, seeds int) ([]*Job, []*genome.Genome, gamesConfig) {
	t.Helper()
	c := gamesConfig{Agents: []string{"random"}, Games: 6}
	cfg, err := json.Marshal(c)
	require.NoError(t, err)
	var jobs []*Job
	var gs []*genome.Genome
	for _, id := range []string{"war", "crazy_eights", "go_fish", "hearts"} {
		g, err := genome.Seed(id)
		require.NoError(t, err)
		for s := range seeds {
			j, _, err := NewJob("games", g, cfg, uint64(10+s))
			require.NoError(t, err)
			jobs = append(jobs, j)
			gs = append(gs, g)
		}
	}
	return jobs, gs, c
}

// startWorkers runs n workers on their own connections until the test
// ends; opt's ID gets the worker's index.
func startWorkers(t *testing.T, b *Broker, n int, opt WorkerOptions) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	t.Cleanup(func() { cancel(); wg.Wait() })
	for i := range n {
		o := opt
		o.ID = opt.ID + strconv.Itoa(i)
		nc := conn(t, b)
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = Work(ctx, nc, o)
		}()
	}
}

func coordinator(t *testing.T, b *Broker, opt CoordinatorOptions) *Coordinator {
	t.Helper()
	c, err := NewCoordinator(context.Background(), conn(t, b), opt)
	require.NoError(t, err)
	t.Cleanup(c.Close)
	return c
}

// N workers give the outputs the local computation gives, in job order,
// and every worker is counted.
func TestWorkersEqualLocal(t *testing.T) {
	b := broker(t)
	startWorkers(t, b, 3, WorkerOptions{ID: "w", Handlers: map[string]Handler{"games": gamesHandler}})
	c := coordinator(t, b, CoordinatorOptions{})
	jobs, gs, cfg := batch(t, 3)
	var last Progress
	out, err := c.Run(context.Background(), jobs, func(p Progress) { last = p })
	require.NoError(t, err)
	require.Len(t, out, len(jobs))
	for i, j := range jobs {
		want, err := runGames(context.Background(), gs[i], cfg, j.Seed)
		require.NoError(t, err)
		assert.JSONEq(t, string(want), string(out[i]), "job %d (%s)", i, j.Key)
	}
	assert.Equal(t, Progress{Done: len(jobs), Total: len(jobs), Workers: last.Workers, Elapsed: last.Elapsed}, last)
	assert.Positive(t, last.Workers)
	total := 0
	for _, w := range c.Workers() {
		total += w.Jobs
	}
	assert.Equal(t, len(jobs), total, "jobs counted by worker")
	assert.Zero(t, c.Dropped())
}

// A worker killed mid-job (its connection gone, no acknowledgement) loses
// nothing: the broker delivers the job again after the ack wait.
func TestKilledWorkerLosesNothing(t *testing.T) {
	b := broker(t)
	started := make(chan struct{})
	var once sync.Once
	block := func(ctx context.Context, j *Job, g *genome.Genome) ([]byte, error) {
		once.Do(func() { close(started) })
		<-ctx.Done()
		return nil, ctx.Err()
	}
	c := coordinator(t, b, CoordinatorOptions{AckWait: time.Second})
	jobs, gs, cfg := batch(t, 1)
	type result struct {
		out [][]byte
		err error
	}
	got := make(chan result, 1)
	go func() {
		out, err := c.Run(context.Background(), jobs, nil)
		got <- result{out, err}
	}()
	// The doomed worker takes a job and hangs in it.
	ctx, kill := context.WithCancel(context.Background())
	doomed := conn(t, b)
	stopped := make(chan error, 1)
	go func() {
		stopped <- Work(ctx, doomed, WorkerOptions{ID: "doomed", Handlers: map[string]Handler{"games": block}})
	}()
	<-started
	doomed.Close() // killed: no acknowledgement, no negative one
	kill()
	<-stopped
	startWorkers(t, b, 2, WorkerOptions{ID: "ok", Handlers: map[string]Handler{"games": gamesHandler}})
	r := <-got
	require.NoError(t, r.err)
	for i, j := range jobs {
		want, err := runGames(context.Background(), gs[i], cfg, j.Seed)
		require.NoError(t, err)
		assert.JSONEq(t, string(want), string(r.out[i]), "job %d", i)
	}
	for _, w := range c.Workers() {
		assert.NotEqual(t, "doomed", w.ID, "the killed worker completed nothing")
	}
}

// Duplicated deliveries are dropped: a worker that answers every job
// twice (as a redelivered job does) leaves one result per job, and the
// duplicates are counted. A job listed twice is published once.
func TestDuplicatesDropped(t *testing.T) {
	b := broker(t)
	var ran atomic.Int64
	h := func(ctx context.Context, j *Job, g *genome.Genome) ([]byte, error) {
		ran.Add(1)
		return gamesHandler(ctx, j, g)
	}
	startWorkers(t, b, 2, WorkerOptions{ID: "twice", Handlers: map[string]Handler{"games": h},
		Fault: func(*Job) Fault { return AnswerTwice }})
	c := coordinator(t, b, CoordinatorOptions{})
	jobs, gs, cfg := batch(t, 1)
	jobs = append(jobs, jobs[0])
	gs = append(gs, gs[0])
	out, err := c.Run(context.Background(), jobs, nil)
	require.NoError(t, err)
	for i, j := range jobs {
		want, err := runGames(context.Background(), gs[i], cfg, j.Seed)
		require.NoError(t, err)
		assert.JSONEq(t, string(want), string(out[i]), "job %d", i)
	}
	assert.Equal(t, int64(len(jobs)-1), ran.Load(), "the repeated job ran once")
	// Every second answer is dropped, whenever it arrives.
	require.Eventually(t, func() bool { return c.Dropped() == len(jobs)-1 }, 10*time.Second, 10*time.Millisecond)
}

// A worker of another protocol version refuses with a clear message that
// reaches the coordinator, and the job waits for a worker that can run it.
func TestOtherProtocolRefused(t *testing.T) {
	b := broker(t)
	var logs []string
	var mu sync.Mutex
	logf := func(format string, a ...any) {
		mu.Lock()
		defer mu.Unlock()
		logs = append(logs, fmt.Sprintf(format, a...))
	}
	c := coordinator(t, b, CoordinatorOptions{Logf: logf})
	g, err := genome.Seed("war")
	require.NoError(t, err)
	j, _, err := NewJob("games", g, []byte(`{"agents":["random"],"games":2}`), 1)
	require.NoError(t, err)
	// An old worker: it knows no "games" kind.
	startWorkers(t, b, 1, WorkerOptions{ID: "old", Logf: logf, Handlers: map[string]Handler{}})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_, err = c.Run(ctx, []*Job{j}, nil)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	mu.Lock()
	assert.Contains(t, logs, `worker old0 refuses jobs: sim/nats: job kind "games": this worker runs no such jobs (an older deckforge?)`)
	mu.Unlock()

	// A job of a newer protocol: a worker (whichever takes it) says so.
	nc := conn(t, b)
	ctx2, cancel2 := context.WithCancel(context.Background())
	defer cancel2()
	go func() {
		_ = Work(ctx2, nc, WorkerOptions{ID: "w", Handlers: map[string]Handler{"games": gamesHandler},
			Logf: logf})
	}()
	m := natsgo.NewMsg(JobSubject + ".x")
	m.Data = []byte(`{"protocol":2}`)
	m.Header.Set(HeaderProtocol, "2")
	m.Header.Set(HeaderReply, ResultPrefix+".x")
	require.NoError(t, nc.PublishMsg(m))
	require.Eventually(t, func() bool {
		mu.Lock()
		defer mu.Unlock()
		for _, l := range logs {
			if l == "refusing jobs: sim/nats: message of protocol 2, but this deckforge speaks protocol 1: run the same deckforge version on the coordinator and the workers" {
				return true
			}
		}
		return false
	}, 10*time.Second, 20*time.Millisecond)
}

// A job whose handler fails stops the batch with the worker's error.
func TestJobErrorStops(t *testing.T) {
	b := broker(t)
	fail := func(context.Context, *Job, *genome.Genome) ([]byte, error) { return nil, errors.New("no such agent") }
	startWorkers(t, b, 1, WorkerOptions{ID: "w", Handlers: map[string]Handler{"games": fail}})
	c := coordinator(t, b, CoordinatorOptions{})
	jobs, _, _ := batch(t, 1)
	_, err := c.Run(context.Background(), jobs[:1], nil)
	assert.ErrorContains(t, err, "worker w0: no such agent")
}

// An unreachable broker is an error that names it (Dial gives up after
// ConnectTimeout at most).
func TestUnreachableBroker(t *testing.T) {
	_, err := Dial("nats://127.0.0.1:1", "test")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cannot reach the broker at nats://127.0.0.1:1")
}

// The same jobs in a later batch run again and are answered again (the
// broker's duplicate windows must not swallow them).
func TestSameJobsAgain(t *testing.T) {
	b := broker(t)
	startWorkers(t, b, 2, WorkerOptions{ID: "w", Handlers: map[string]Handler{"games": gamesHandler}})
	c := coordinator(t, b, CoordinatorOptions{})
	jobs, _, _ := batch(t, 1)
	first, err := c.Run(context.Background(), jobs, nil)
	require.NoError(t, err)
	again, err := c.Run(context.Background(), jobs, nil)
	require.NoError(t, err)
	assert.Equal(t, first, again)
}

// A job that runs longer than the ack wait is not handed to another
// worker: its worker's in-progress acknowledgements keep it.
func TestHeartbeatKeepsLongJob(t *testing.T) {
	b := broker(t)
	var runs atomic.Int64
	slow := func(ctx context.Context, j *Job, g *genome.Genome) ([]byte, error) {
		runs.Add(1)
		select {
		case <-time.After(3500 * time.Millisecond): // 3.5 ack waits
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		return []byte(`{}`), nil
	}
	startWorkers(t, b, 2, WorkerOptions{ID: "w", Handlers: map[string]Handler{"games": slow}})
	c := coordinator(t, b, CoordinatorOptions{AckWait: time.Second})
	jobs, _, _ := batch(t, 1)
	_, err := c.Run(context.Background(), jobs[:1], nil)
	require.NoError(t, err)
	assert.Equal(t, int64(1), runs.Load(), "the long job ran once")
	assert.Zero(t, c.Dropped())
}
