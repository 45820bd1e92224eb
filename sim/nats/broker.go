package nats

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	natsgo "github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// BrokerOptions configure an embedded broker.
type BrokerOptions struct {
	// Listen is the address clients connect to (host:port; port 0 picks
	// a free one). Ignored with InProcess.
	Listen string
	// StoreDir is where JetStream keeps its file store.
	StoreDir string
	// InProcess serves in-process connections only (no port), for tests:
	// connect with Broker.Connect.
	InProcess bool
	// Logs, if set, passes the server's own log lines on.
	Logs bool
}

// Broker is an embedded NATS server with JetStream.
type Broker struct {
	srv *server.Server
}

// StartBroker starts an embedded JetStream server (file store in
// opt.StoreDir) and waits until it accepts connections.
func StartBroker(opt BrokerOptions) (*Broker, error) {
	if opt.StoreDir == "" {
		return nil, errors.New("sim/nats: broker: store directory: empty")
	}
	so := &server.Options{
		ServerName: "deckforge-broker",
		JetStream:  true,
		StoreDir:   opt.StoreDir,
		NoSigs:     true,
		NoLog:      !opt.Logs,
		DontListen: opt.InProcess,
	}
	if !opt.InProcess {
		host, port, err := net.SplitHostPort(opt.Listen)
		if err != nil {
			return nil, fmt.Errorf("sim/nats: broker: listen address %q: %w", opt.Listen, err)
		}
		p, err := strconv.Atoi(port)
		if err != nil || p < 0 || p > 65535 {
			return nil, fmt.Errorf("sim/nats: broker: listen address %q: port %q is not a number in 0..65535", opt.Listen, port)
		}
		so.Host, so.Port = host, p
		if p == 0 {
			so.Port = server.RANDOM_PORT
		}
	}
	srv, err := server.NewServer(so)
	if err != nil {
		return nil, fmt.Errorf("sim/nats: broker: %w", err)
	}
	if opt.Logs {
		srv.ConfigureLogger()
	}
	go srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		srv.Shutdown()
		return nil, fmt.Errorf("sim/nats: broker: not ready after 10s (listen %s, store %s)", opt.Listen, opt.StoreDir)
	}
	return &Broker{srv: srv}, nil
}

// URL is the address clients connect to.
func (b *Broker) URL() string { return b.srv.ClientURL() }

// Connect opens an in-process connection to the broker.
func (b *Broker) Connect() (*natsgo.Conn, error) {
	return natsgo.Connect("", natsgo.InProcessServer(b.srv), natsgo.Name("deckforge"))
}

// Shutdown stops the broker and waits for it.
func (b *Broker) Shutdown() {
	b.srv.Shutdown()
	b.srv.WaitForShutdown()
}

// Names of the streams, subjects and consumer.
const (
	// JobStream is the work-queue stream of jobs, under JobSubject.<run>.
	JobStream  = "DECKFORGE_JOBS"
	JobSubject = "deckforge.jobs"
	// ResultStream keeps results under ResultPrefix.<run>.
	ResultStream = "DECKFORGE_RESULTS"
	ResultPrefix = "deckforge.results"
	// Consumer is the one durable pull consumer every worker pulls from.
	Consumer = "deckforge-workers"
)

// DefaultAckWait is how long a job may go without an acknowledgement or
// a progress report before the broker delivers it again.
const DefaultAckWait = 30 * time.Second

// ConnectTimeout bounds connecting to a broker.
const ConnectTimeout = 3 * time.Second

// Dial connects to the NATS server at url, failing within ConnectTimeout
// with an error that names the address when it cannot be reached.
func Dial(url, name string) (*natsgo.Conn, error) {
	nc, err := natsgo.Connect(url, natsgo.Name(name), natsgo.Timeout(ConnectTimeout),
		natsgo.MaxReconnects(-1), natsgo.ReconnectWait(time.Second))
	if err != nil {
		return nil, fmt.Errorf("sim/nats: cannot reach the broker at %s (%v): start one with 'deckforge broker' or check the address", url, err)
	}
	return nc, nil
}

// streams creates or updates the job and result streams.
func streams(ctx context.Context, js jetstream.JetStream) (jetstream.Stream, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	jobs, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        JobStream,
		Description: "deckforge evaluation jobs (work queue)",
		Subjects:    []string{JobSubject + ".>"},
		Retention:   jetstream.WorkQueuePolicy,
		Storage:     jetstream.FileStorage,
		Duplicates:  2 * time.Minute,
		MaxMsgSize:  MaxMessage,
	})
	if err != nil {
		return nil, fmt.Errorf("sim/nats: stream %s: %w", JobStream, noJetStream(err))
	}
	if _, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        ResultStream,
		Description: "deckforge evaluation results, by run",
		Subjects:    []string{ResultPrefix + ".>"},
		Retention:   jetstream.LimitsPolicy,
		Storage:     jetstream.FileStorage,
		Duplicates:  2 * time.Minute,
		MaxAge:      24 * time.Hour,
		MaxMsgSize:  MaxMessage,
	}); err != nil {
		return nil, fmt.Errorf("sim/nats: stream %s: %w", ResultStream, noJetStream(err))
	}
	return jobs, nil
}

// noJetStream explains a server without JetStream.
func noJetStream(err error) error {
	if errors.Is(err, jetstream.ErrJetStreamNotEnabled) || errors.Is(err, jetstream.ErrJetStreamNotEnabledForAccount) {
		return fmt.Errorf("%w: the NATS server must run with JetStream enabled (deckforge broker does)", err)
	}
	return err
}

// consumerConfig is the workers' consumer with ack wait w.
func consumerConfig(w time.Duration) jetstream.ConsumerConfig {
	return jetstream.ConsumerConfig{
		Durable:       Consumer,
		Description:   "deckforge workers",
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       w,
		MaxDeliver:    -1,
		MaxAckPending: 100000,
		MaxWaiting:    4096,
	}
}
