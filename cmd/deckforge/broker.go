package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	dfnats "github.com/deckforge/deckforge/sim/nats"
)

const brokerUsage = `Usage: deckforge broker [--listen ADDR] [--store DIR]

broker runs an embedded NATS server with JetStream (file store in DIR) for
distributed runs: 'deckforge worker --nats URL' on any number of machines
pulls evaluation jobs from it, and 'deckforge evolve EXP --nats URL' or
'deckforge simulate GENOME --nats URL' publishes them. Any NATS server with
JetStream enabled works the same. It prints the URL to connect to on
standard output and runs until interrupted.

Flags:
`

func runBroker(args []string, sio stdio) int {
	fs := flag.NewFlagSet("broker", flag.ContinueOnError)
	fs.SetOutput(sio.err)
	fs.Usage = func() {
		fmt.Fprint(sio.err, brokerUsage)
		printFlags(fs)
	}
	listen := fs.String("listen", "127.0.0.1:4222", "address to listen on, host:port (port 0: any free port; 0.0.0.0 for every interface)")
	store := fs.String("store", "deckforge-broker", "directory of the JetStream file store")
	logs := fs.Bool("logs", false, "print the NATS server's own log")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprintf(sio.err, "deckforge broker: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *store == "" {
		fmt.Fprintln(sio.err, "deckforge broker: --store: empty")
		return 2
	}
	if err := os.MkdirAll(*store, 0o755); err != nil {
		fmt.Fprintf(sio.err, "deckforge broker: --store: %v\n", err)
		return 1
	}
	b, err := dfnats.StartBroker(dfnats.BrokerOptions{Listen: *listen, StoreDir: *store, Logs: *logs})
	if err != nil {
		fmt.Fprintf(sio.err, "deckforge broker: %v\n", err)
		return 1
	}
	defer b.Shutdown()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fmt.Fprintf(sio.out, "%s\n", b.URL())
	fmt.Fprintf(sio.err, "deckforge broker: JetStream on %s, store %s; workers: deckforge worker --nats %s\n", b.URL(), *store, b.URL())
	<-ctx.Done()
	fmt.Fprintln(sio.err, "deckforge broker: stopping")
	return 0
}
