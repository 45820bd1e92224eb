package nats

import (
	"context"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/genome"
)

// BenchmarkEmptyJobs measures what a job costs besides its evaluation:
// published, stored, pulled, answered, gathered, through an in-process
// broker and two in-process workers of 8 goroutines each. ns/op is the
// time per job; its inverse bounds the jobs per second of one coordinator
// and one broker, however many workers there are.
func BenchmarkEmptyJobs(b *testing.B) {
	br, err := StartBroker(BrokerOptions{InProcess: true, StoreDir: b.TempDir()})
	require.NoError(b, err)
	defer br.Shutdown()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	empty := func(context.Context, *Job, *genome.Genome) ([]byte, error) { return []byte(`{}`), nil }
	for range 2 {
		nc, err := br.Connect()
		require.NoError(b, err)
		defer nc.Close()
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = Work(ctx, nc, WorkerOptions{ID: "w", Workers: 8, Handlers: map[string]Handler{"empty": empty}})
		}()
	}
	nc, err := br.Connect()
	require.NoError(b, err)
	c, err := NewCoordinator(ctx, nc, CoordinatorOptions{})
	require.NoError(b, err)
	defer c.Close()
	g, err := genome.Seed("war")
	require.NoError(b, err)
	const batch = 256
	jobs := make([]*Job, batch)
	for i := range jobs {
		jobs[i], _, err = NewJob("empty", g, []byte(`{}`), uint64(i))
		require.NoError(b, err)
	}
	_, err = c.Run(ctx, jobs[:16], nil) // warm up
	require.NoError(b, err)
	b.ResetTimer()
	for done := 0; done < b.N; done += batch {
		n := min(batch, b.N-done)
		if _, err := c.Run(ctx, jobs[:n], nil); err != nil {
			b.Fatal(err)
		}
	}
}

// spinJob is a handler that computes for about d per job: arithmetic that
// shares nothing, as the parallel ceiling's loop.
func spinJob(n int) Handler {
	return func(context.Context, *Job, *genome.Genome) ([]byte, error) {
		x := uint64(1)
		for i := 0; i < n; i++ {
			x = x*6364136223846793005 + 1442695040888963407
		}
		return []byte(strconv.FormatUint(x, 10)), nil
	}
}

// BenchmarkTwoWorkers measures how well two workers of one goroutine
// each, a coordinator and a broker in one process share out a batch of
// 32 jobs of fixed work (about 20 ms of arithmetic each, Hearts genomes),
// against the same jobs on one goroutine and on two goroutines without
// NATS, all in the same iteration: "speedup" is one goroutine's time over
// the workers', "ceiling" one goroutine's over two goroutines', and
// "of-ceiling" their ratio (1 when nothing is lost to the protocol, the
// waits between jobs and the end of the batch); "gap-us/job" is the time
// lost per job.
func BenchmarkTwoWorkers(b *testing.B) {
	br, err := StartBroker(BrokerOptions{InProcess: true, StoreDir: b.TempDir()})
	require.NoError(b, err)
	defer br.Shutdown()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	// Calibrate: n iterations take about 20 ms here.
	n := 1 << 16
	for {
		t := time.Now()
		_, _ = spinJob(n)(ctx, nil, nil)
		if time.Since(t) >= 20*time.Millisecond {
			break
		}
		n *= 2
	}
	h := spinJob(n)
	for _, id := range []string{"w1", "w2"} {
		nc, err := br.Connect()
		require.NoError(b, err)
		defer nc.Close()
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = Work(ctx, nc, WorkerOptions{ID: id, Workers: 1, Handlers: map[string]Handler{"spin": h}})
		}()
	}
	nc, err := br.Connect()
	require.NoError(b, err)
	c, err := NewCoordinator(ctx, nc, CoordinatorOptions{})
	require.NoError(b, err)
	defer c.Close()
	g, err := genome.Seed("hearts")
	require.NoError(b, err)
	const batch = 32
	var jobs []*Job
	for i := range batch {
		j, _, err := NewJob("spin", g, []byte(`{}`), uint64(i))
		require.NoError(b, err)
		jobs = append(jobs, j)
	}
	_, err = c.Run(ctx, jobs[:2], nil) // warm up
	require.NoError(b, err)
	var local, par, dist time.Duration
	b.ResetTimer()
	for range b.N {
		t := time.Now()
		for _, j := range jobs {
			_, _ = h(ctx, j, g)
		}
		local += time.Since(t)
		t = time.Now()
		next := make(chan *Job, len(jobs))
		for _, j := range jobs {
			next <- j
		}
		close(next)
		var pw sync.WaitGroup
		for range 2 {
			pw.Add(1)
			go func() {
				defer pw.Done()
				for j := range next {
					_, _ = h(ctx, j, g)
				}
			}()
		}
		pw.Wait()
		par += time.Since(t)
		t = time.Now()
		if _, err := c.Run(ctx, jobs, nil); err != nil {
			b.Fatal(err)
		}
		dist += time.Since(t)
	}
	b.ReportMetric(local.Seconds()/dist.Seconds(), "speedup")
	b.ReportMetric(local.Seconds()/par.Seconds(), "ceiling")
	b.ReportMetric(par.Seconds()/dist.Seconds(), "of-ceiling")
	b.ReportMetric(float64((2*(dist-par)).Microseconds())/float64(b.N*batch), "gap-us/job")
}
