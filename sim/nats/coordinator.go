package nats

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"time"

	natsgo "github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nuid"
)

// CoordinatorOptions configure a Coordinator.
type CoordinatorOptions struct {
	// AckWait is how long a job may go without news from its worker
	// before the broker delivers it to another (default DefaultAckWait).
	// Workers report progress at a third of it.
	AckWait time.Duration
	// Logf, if set, receives workers' refusals.
	Logf func(format string, a ...any)
}

// Progress is a coordinator's view of a batch: Done of Total jobs have a
// result, InFlight are published and not done (queued or running),
// Workers is the number of workers seen answering since the coordinator
// started, Elapsed the time since the batch started.
type Progress struct {
	Done, Total, InFlight, Workers int
	Elapsed                        time.Duration
}

// WorkerJobs counts the jobs one worker completed for a coordinator.
type WorkerJobs struct {
	ID   string `json:"id"`
	Jobs int    `json:"jobs"`
}

// Coordinator publishes jobs to the work queue and gathers their results.
// Delivery is at least once: a job may be run more than once (a worker
// killed before its acknowledgement, a lost acknowledgement); results are
// matched to jobs by key and every duplicate is dropped.
type Coordinator struct {
	nc      *natsgo.Conn
	js      jetstream.JetStream
	run     string // this coordinator's id: its subjects end in it
	reply   string
	subject string
	ackWait time.Duration
	batch   int // batches run: part of the jobs' message ids
	logf    func(string, ...any)
	cc      jetstream.ConsumeContext

	mu      sync.Mutex
	pending map[string]*call // by key, the current batch's jobs
	done    int              // the current batch's jobs with a result
	failed  bool             // one of them failed
	workers map[string]int   // jobs completed, by worker
	seen    map[string]bool  // every worker that answered
	dropped int              // duplicate results dropped
	refused map[string]bool  // refusal texts already logged
	changed chan struct{}    // signalled on every result
}

// call is one pending job of a batch.
type call struct {
	done bool
	out  []byte
	err  error
}

// NewCoordinator makes the streams and the workers' consumer (with
// opt.AckWait) on nc and starts listening for results. The coordinator
// owns nc from then on: Close closes it.
func NewCoordinator(ctx context.Context, nc *natsgo.Conn, opt CoordinatorOptions) (*Coordinator, error) {
	if opt.AckWait <= 0 {
		opt.AckWait = DefaultAckWait
	}
	if opt.Logf == nil {
		opt.Logf = func(string, ...any) {}
	}
	js, err := jetstream.New(nc, jetstream.WithPublishAsyncMaxPending(1024))
	if err != nil {
		return nil, fmt.Errorf("sim/nats: %w", err)
	}
	if _, err := streams(ctx, js); err != nil {
		return nil, err
	}
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if _, err := js.CreateOrUpdateConsumer(cctx, JobStream, consumerConfig(opt.AckWait)); err != nil {
		return nil, fmt.Errorf("sim/nats: consumer %s: %w", Consumer, err)
	}
	run := nuid.Next()
	c := &Coordinator{nc: nc, js: js, run: run, reply: ResultPrefix + "." + run, subject: JobSubject + "." + run,
		ackWait: opt.AckWait, logf: opt.Logf, pending: map[string]*call{}, workers: map[string]int{}, seen: map[string]bool{},
		refused: map[string]bool{}, changed: make(chan struct{}, 1)}
	rc, err := js.OrderedConsumer(cctx, ResultStream, jetstream.OrderedConsumerConfig{FilterSubjects: []string{c.reply}})
	if err != nil {
		return nil, fmt.Errorf("sim/nats: results of run %s: %w", run, err)
	}
	cc, err := rc.Consume(func(m jetstream.Msg) { c.receive(m.Headers(), m.Data()) })
	if err != nil {
		return nil, fmt.Errorf("sim/nats: results of run %s: %w", run, err)
	}
	c.cc = cc
	return c, nil
}

// receive takes one result message.
func (c *Coordinator) receive(hdr natsgo.Header, data []byte) {
	if why := hdr.Get(HeaderRefused); why != "" {
		c.refusal(hdr.Get(HeaderWorker), why)
		return
	}
	r, err := DecodeResult(data)
	if err != nil {
		var pe *ProtocolError
		if errors.As(err, &pe) {
			c.refusal(hdr.Get(HeaderWorker), err.Error())
			return
		}
		// A result that cannot be read: fail its job if it names one.
		r = &Result{Key: hdr.Get(HeaderKey), Worker: hdr.Get(HeaderWorker), Error: err.Error()}
	}
	if r.Refused {
		c.refusal(r.Worker, r.Error)
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if r.Worker != "" {
		c.seen[r.Worker] = true
	}
	p := c.pending[r.Key]
	if p == nil || p.done {
		c.dropped++
		return
	}
	p.done = true
	c.done++
	if r.Error != "" {
		c.failed = true
		p.err = fmt.Errorf("worker %s: %s", r.Worker, r.Error)
	} else {
		p.out = r.Output
		c.workers[r.Worker]++
	}
	select {
	case c.changed <- struct{}{}:
	default:
	}
}

// refusal logs a worker's refusal once per text.
func (c *Coordinator) refusal(worker, why string) {
	c.mu.Lock()
	first := !c.refused[why]
	c.refused[why] = true
	c.mu.Unlock()
	if first {
		c.logf("worker %s refuses jobs: %s", worker, why)
	}
}

// Run publishes jobs and waits for all their results, returned in job
// order (each the kind's output as JSON). Jobs with the same key are
// published once. A job that fails stops the batch with its error;
// progress, if set, is called about twice a second and at the end.
func (c *Coordinator) Run(ctx context.Context, jobs []*Job, progress func(Progress)) ([][]byte, error) {
	start := time.Now()
	c.mu.Lock()
	c.pending = make(map[string]*call, len(jobs))
	var order []*Job
	for _, j := range jobs {
		if _, ok := c.pending[j.Key]; ok {
			continue
		}
		c.pending[j.Key] = &call{}
		order = append(order, j)
	}
	total := len(c.pending)
	c.done, c.failed = 0, false
	c.batch++
	batch := strconv.Itoa(c.batch)
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		c.pending = map[string]*call{}
		c.mu.Unlock()
	}()

	for _, j := range order {
		j.Reply = c.reply
		j.AckWait = c.ackWait.Milliseconds()
		data, err := j.Encode()
		if err != nil {
			return nil, fmt.Errorf("sim/nats: job %s: %w", j.Key, err)
		}
		m := natsgo.NewMsg(c.subject)
		m.Data = data
		m.Header.Set(HeaderProtocol, strconv.Itoa(Protocol))
		m.Header.Set(HeaderKey, j.Key)
		m.Header.Set(HeaderReply, c.reply)
		m.Header.Set(HeaderKind, j.Kind)
		id := c.run + "/" + batch + "/" + j.Key
		m.Header.Set(HeaderJob, id)
		if _, err := c.js.PublishMsgAsync(m, jetstream.WithMsgID(id)); err != nil {
			return nil, fmt.Errorf("sim/nats: publishing job %s: %w", j.Key, err)
		}
	}
	select {
	case <-c.js.PublishAsyncComplete():
	case <-ctx.Done():
		c.purge()
		return nil, ctx.Err()
	case <-time.After(30 * time.Second):
		return nil, errors.New("sim/nats: the broker did not store the jobs within 30s")
	}

	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	// report counts in constant time; only a failure looks for the
	// first failed job in job order.
	report := func() (int, error) {
		c.mu.Lock()
		defer c.mu.Unlock()
		done := c.done
		var first error
		if c.failed {
			for _, j := range order {
				if p := c.pending[j.Key]; p.done && p.err != nil {
					first = fmt.Errorf("sim/nats: job %s: %w", j.Key, p.err)
					break
				}
			}
		}
		if progress != nil {
			progress(Progress{Done: done, Total: total, InFlight: total - done, Workers: len(c.seen), Elapsed: time.Since(start)})
		}
		return done, first
	}
	for {
		done, err := report()
		if err != nil {
			c.purge()
			return nil, err
		}
		if done == total {
			break
		}
		select {
		case <-ctx.Done():
			c.purge()
			return nil, ctx.Err()
		case <-tick.C:
		case <-c.changed:
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([][]byte, len(jobs))
	for i, j := range jobs {
		out[i] = c.pending[j.Key].out
	}
	return out, nil
}

// purge removes this coordinator's jobs that no worker has taken yet.
func (c *Coordinator) purge() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if s, err := c.js.Stream(ctx, JobStream); err == nil {
		_ = s.Purge(ctx, jetstream.WithPurgeSubject(c.subject))
	}
}

// Workers returns the jobs completed by each worker, by ID.
func (c *Coordinator) Workers() []WorkerJobs {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]WorkerJobs, 0, len(c.workers))
	for id, n := range c.workers {
		out = append(out, WorkerJobs{ID: id, Jobs: n})
	}
	slices.SortFunc(out, func(a, b WorkerJobs) int { return cmp.Compare(a.ID, b.ID) })
	return out
}

// Dropped is the number of duplicate results dropped.
func (c *Coordinator) Dropped() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.dropped
}

// Close stops listening, removes this coordinator's leftover jobs and
// results from the broker and closes the connection.
func (c *Coordinator) Close() {
	c.cc.Stop()
	c.purge()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if s, err := c.js.Stream(ctx, ResultStream); err == nil {
		_ = s.Purge(ctx, jetstream.WithPurgeSubject(c.reply))
	}
	c.nc.Close()
}
