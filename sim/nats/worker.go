package nats

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	natsgo "github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/internal/limits"
)

// Headers every job carries beside its body, readable whatever the body's
// version: a worker that cannot read the body still knows whom to tell.
const (
	HeaderProtocol = "Deckforge-Protocol"
	HeaderKey      = "Deckforge-Key"
	HeaderReply    = "Deckforge-Reply"
	HeaderKind     = "Deckforge-Kind"
	// HeaderJob is the job message's id (run, batch, key): its result's
	// message id derives from it, so the result stream keeps one answer
	// per publication of a job.
	HeaderJob = "Deckforge-Job"
	// HeaderRefused is set on a refusal: why the worker refused.
	HeaderRefused = "Deckforge-Refused"
	// HeaderWorker names the worker on every result.
	HeaderWorker = "Deckforge-Worker"
)

// Handler runs the jobs of one kind: it plays g (the job's genome,
// decoded and checked against the job's key) under job.Config from
// job.Seed and returns the output as JSON. The same job must give the
// same output wherever it runs.
type Handler func(ctx context.Context, job *Job, g *genome.Genome) ([]byte, error)

// WorkerOptions configure Work.
type WorkerOptions struct {
	// ID names the worker in results and workers.json (default
	// host-pid).
	ID string
	// Workers is the number of jobs run at once (default 1).
	Workers int
	// Handlers run the jobs, by kind. A job of another kind is refused.
	Handlers map[string]Handler
	// Limits bound the jobs the worker reads (DecodeJobWith); zero
	// fields are the defaults.
	Limits limits.Limits
	// Progress, if set, is called every ProgressEvery (default 10s) and
	// when Work returns.
	Progress      func(WorkerProgress)
	ProgressEvery time.Duration
	// Logf, if set, receives refusals and failures.
	Logf func(format string, a ...any)
	// Verbose also logs the start and the end of every job.
	Verbose bool
	// Fault, if set, is called before a job's result is published; a
	// test may make the worker vanish there (the job is then neither
	// acknowledged nor answered) or publish twice.
	Fault func(job *Job) Fault
}

// Fault is what WorkerOptions.Fault asks for.
type Fault int

// The faults a test can ask for.
const (
	// NoFault runs the job normally.
	NoFault Fault = iota
	// Vanish leaves the job unanswered and unacknowledged, as a worker
	// killed mid-job does, and stops the worker goroutine.
	Vanish
	// AnswerTwice publishes the result twice under different message
	// ids (so the broker keeps both): a redelivered job's duplicate.
	AnswerTwice
)

// WorkerProgress is a worker's progress: Done jobs in Elapsed, Rate jobs
// per second over the last interval.
type WorkerProgress struct {
	ID      string
	Done    int64
	Elapsed time.Duration
	Rate    float64
}

// DefaultID is the default worker ID: the host name and the process id.
func DefaultID() string {
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "worker"
	}
	return host + "-" + strconv.Itoa(os.Getpid())
}

// Work pulls jobs from the work queue on nc and runs them until ctx is
// done (then it returns nil) or the connection closes. A job is
// acknowledged once its result is stored; while it runs the worker
// reports progress to the broker (in-progress acknowledgements) at a
// third of the job's ack wait, so a long job is not delivered again.
func Work(ctx context.Context, nc *natsgo.Conn, opt WorkerOptions) error {
	if opt.ID == "" {
		opt.ID = DefaultID()
	}
	opt.Workers = max(opt.Workers, 1)
	if opt.ProgressEvery <= 0 {
		opt.ProgressEvery = 10 * time.Second
	}
	if opt.Logf == nil {
		opt.Logf = func(string, ...any) {}
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return fmt.Errorf("sim/nats: %w", err)
	}
	if _, err := streams(ctx, js); err != nil {
		return err
	}
	cons, err := workerConsumer(ctx, js)
	if err != nil {
		return err
	}
	w := &worker{js: js, nc: nc, cons: cons, opt: opt, start: time.Now()}
	var wg sync.WaitGroup
	errs := make(chan error, opt.Workers)
	for range opt.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := w.loop(ctx); err != nil {
				errs <- err
			}
		}()
	}
	stop := make(chan struct{})
	var pwg sync.WaitGroup
	if opt.Progress != nil {
		pwg.Add(1)
		go func() {
			defer pwg.Done()
			t := time.NewTicker(opt.ProgressEvery)
			defer t.Stop()
			last, lastT := int64(0), time.Now()
			for {
				select {
				case <-stop:
					return
				case now := <-t.C:
					d := w.done.Load()
					opt.Progress(WorkerProgress{ID: opt.ID, Done: d, Elapsed: now.Sub(w.start), Rate: float64(d-last) / now.Sub(lastT).Seconds()})
					last, lastT = d, now
				}
			}
		}()
	}
	wg.Wait()
	w.pending.Wait()
	close(stop)
	pwg.Wait()
	if opt.Progress != nil {
		el := time.Since(w.start)
		d := w.done.Load()
		opt.Progress(WorkerProgress{ID: opt.ID, Done: d, Elapsed: el, Rate: float64(d) / el.Seconds()})
	}
	close(errs)
	return <-errs
}

// workerConsumer binds to the workers' consumer, creating it with the
// default ack wait when no coordinator has yet.
func workerConsumer(ctx context.Context, js jetstream.JetStream) (jetstream.Consumer, error) {
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	c, err := js.Consumer(cctx, JobStream, Consumer)
	if errors.Is(err, jetstream.ErrConsumerNotFound) {
		c, err = js.CreateConsumer(cctx, JobStream, consumerConfig(DefaultAckWait))
		if errors.Is(err, jetstream.ErrConsumerExists) {
			c, err = js.Consumer(cctx, JobStream, Consumer)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("sim/nats: consumer %s: %w", Consumer, err)
	}
	return c, nil
}

type worker struct {
	js    jetstream.JetStream
	nc    *natsgo.Conn
	cons  jetstream.Consumer
	opt   WorkerOptions
	start time.Time
	done  atomic.Int64
	// pending counts the results not yet stored and acknowledged.
	pending sync.WaitGroup

	refusedMu sync.Mutex
	refused   map[string]bool
}

// loop runs jobs one at a time until ctx is done.
func (w *worker) loop(ctx context.Context) error {
	for {
		if ctx.Err() != nil {
			return nil
		}
		fctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		msg, err := w.cons.Next(jetstream.FetchContext(fctx))
		cancel()
		switch {
		case ctx.Err() != nil:
			if msg != nil {
				_ = msg.Nak()
			}
			return nil
		case errors.Is(err, natsgo.ErrConnectionClosed):
			return fmt.Errorf("sim/nats: worker %s: connection to the broker closed", w.opt.ID)
		case err != nil:
			// Nothing to do yet, or the broker is away for a moment: ask
			// again (the client reconnects by itself).
			if !errors.Is(err, natsgo.ErrTimeout) && !errors.Is(err, context.DeadlineExceeded) {
				time.Sleep(200 * time.Millisecond)
			}
			continue
		}
		if !w.handle(ctx, msg) {
			return nil
		}
	}
}

// handle runs one job; false stops the goroutine (a Vanish fault).
func (w *worker) handle(ctx context.Context, msg jetstream.Msg) bool {
	hdr := msg.Headers()
	reply, key, id := hdr.Get(HeaderReply), hdr.Get(HeaderKey), hdr.Get(HeaderJob)
	if p := hdr.Get(HeaderProtocol); p != strconv.Itoa(Protocol) {
		w.refuse(ctx, msg, reply, key, id, (&ProtocolError{Got: atoiOr(p, -1)}).Error())
		return true
	}
	job, g, err := DecodeJobWith(msg.Data(), w.opt.Limits)
	if err != nil {
		// A job this worker cannot read is read by no other of the same
		// version: answer with the error so the coordinator stops.
		w.answer(ctx, reply, id, &Result{Protocol: Protocol, Key: key, Worker: w.opt.ID, Error: err.Error()}, "")
		_ = msg.Term()
		return true
	}
	h := w.opt.Handlers[job.Kind]
	if h == nil {
		w.refuse(ctx, msg, job.Reply, job.Key, id, fmt.Sprintf("sim/nats: job kind %q: this worker runs no such jobs (an older deckforge?)", job.Kind))
		return true
	}
	if w.opt.Verbose {
		w.opt.Logf("job %s (%s) started", job.Key, job.Kind)
	}
	// Heartbeats: in-progress acknowledgements while the job runs.
	hctx, stopBeat := context.WithCancel(ctx)
	beat := job.ackWait() / 3
	go func() {
		t := time.NewTicker(beat)
		defer t.Stop()
		for {
			select {
			case <-hctx.Done():
				return
			case <-t.C:
				_ = msg.InProgress()
			}
		}
	}()
	out, err := h(ctx, job, g)
	stopBeat()
	if ctx.Err() != nil {
		_ = msg.Nak() // stopping: another worker takes it now
		return false
	}
	res := &Result{Protocol: Protocol, Key: job.Key, Worker: w.opt.ID, Output: out}
	if err != nil {
		res.Output, res.Error = nil, err.Error()
		w.opt.Logf("job %s failed: %v", job.Key, err)
	}
	fault := NoFault
	if w.opt.Fault != nil {
		fault = w.opt.Fault(job)
	}
	if fault == Vanish {
		return false
	}
	// The result is stored while this goroutine pulls its next job: the
	// acknowledgement follows the broker's confirmation (see settle), so
	// the wait for it is not between two jobs.
	first := w.publish(job.Reply, id, res, "")
	if first == nil {
		_ = msg.Nak()
		return true
	}
	futures := []jetstream.PubAckFuture{first}
	if fault == AnswerTwice {
		if again := w.publish(job.Reply, id, res, "again"); again != nil {
			futures = append(futures, again)
		}
	}
	w.pending.Add(1)
	go func() {
		defer w.pending.Done()
		w.settle(msg, job.Key, futures)
	}()
	return true
}

// settle acknowledges a job once the broker has stored its result, or
// puts it back (a negative acknowledgement) when it could not.
func (w *worker) settle(msg jetstream.Msg, key string, futures []jetstream.PubAckFuture) {
	timeout := time.NewTimer(resultWait)
	defer timeout.Stop()
	for i, f := range futures {
		select {
		case <-f.Ok():
		case err := <-f.Err():
			if i == 0 {
				w.opt.Logf("job %s: storing the result: %v", key, err)
				_ = msg.Nak()
				return
			}
		case <-timeout.C:
			w.opt.Logf("job %s: the broker did not store the result within %v", key, resultWait)
			_ = msg.Nak()
			return
		}
	}
	if err := msg.Ack(); err != nil {
		w.opt.Logf("job %s: ack: %v (the job may run again; its duplicate result is dropped)", key, err)
	}
	w.done.Add(1)
	if w.opt.Verbose {
		w.opt.Logf("job %s done", key)
	}
}

// resultWait bounds the wait for the broker to store a result.
const resultWait = 10 * time.Second

// refuse tells the coordinator why this worker cannot run a job and puts
// the job back for another worker after a pause.
func (w *worker) refuse(ctx context.Context, msg jetstream.Msg, reply, key, id, why string) {
	w.refusedMu.Lock()
	if w.refused == nil {
		w.refused = map[string]bool{}
	}
	first := !w.refused[why]
	w.refused[why] = true
	w.refusedMu.Unlock()
	if first {
		w.opt.Logf("refusing jobs: %s", why)
	}
	if reply != "" {
		w.answer(ctx, reply, id, &Result{Protocol: Protocol, Key: key, Worker: w.opt.ID, Error: why, Refused: true}, "refused")
	}
	_ = msg.NakWithDelay(5 * time.Second)
}

// answer stores a result in the result stream and waits until it is
// stored (a refusal or an error: the slow path).
func (w *worker) answer(ctx context.Context, reply, id string, r *Result, tag string) bool {
	f := w.publish(reply, id, r, tag)
	if f == nil {
		return false
	}
	select {
	case <-f.Ok():
		return true
	case err := <-f.Err():
		w.opt.Logf("job %s: publishing the result: %v", r.Key, err)
	case <-ctx.Done():
	case <-time.After(resultWait):
		w.opt.Logf("job %s: the broker did not store the result within %v", r.Key, resultWait)
	}
	return false
}

// publish sends a result to the result stream without waiting for the
// broker; the message id (from the job's, id) makes the broker drop a
// second copy of the same answer. It returns nil when the result cannot
// be sent.
func (w *worker) publish(reply, id string, r *Result, tag string) jetstream.PubAckFuture {
	if reply == "" {
		w.opt.Logf("job %s has no reply subject: result dropped", r.Key)
		return nil
	}
	data, err := r.Encode()
	if err != nil {
		w.opt.Logf("job %s: %v", r.Key, err)
		return nil
	}
	m := natsgo.NewMsg(reply)
	m.Data = data
	m.Header.Set(HeaderWorker, w.opt.ID)
	m.Header.Set(HeaderKey, r.Key)
	if r.Refused {
		m.Header.Set(HeaderRefused, r.Error)
	}
	if id == "" {
		id = reply + "/" + r.Key
	}
	id += "/result"
	if tag != "" {
		id += "/" + tag + "/" + w.opt.ID
	}
	f, err := w.js.PublishMsgAsync(m, jetstream.WithMsgID(id))
	if err != nil {
		w.opt.Logf("job %s: publishing the result: %v", r.Key, err)
		return nil
	}
	return f
}

func atoiOr(s string, def int) int {
	v, err := strconv.Atoi(s)
	if err != nil {
		return def
	}
	return v
}
