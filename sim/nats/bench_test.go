package nats

import (
	"context"
	"sync"
	"testing"

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
