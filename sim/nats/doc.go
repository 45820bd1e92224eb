// Package nats evaluates genomes on many machines over NATS JetStream:
// a coordinator publishes jobs to a work queue, any number of workers pull
// them through one durable consumer, run them and publish the results.
//
// # Jobs
//
// A Job is a genome (FlatBuffers), a kind ("evolve", "simulate": the
// Handler that runs it), the kind's configuration (JSON) and a seed. Its
// Key is (genome content hash, hash of kind and configuration, seed); a
// job's output is a function of its key, so a job run twice gives the same
// output. Every job carries the Protocol version, in its body and in a
// header; a worker of another version refuses it with a message naming
// both versions, tells the coordinator, and puts it back for another
// worker.
//
// # Delivery
//
//	coordinator ──jobs──▶ DECKFORGE_JOBS (work queue, deckforge.jobs.<run>)
//	                          │ durable pull consumer deckforge-workers
//	                          ▼
//	                      workers ──results──▶ DECKFORGE_RESULTS (deckforge.results.<run>)
//	                                                    │ ordered consumer
//	                                                    ▼
//	                                               coordinator
//
// Delivery is at least once. A worker acknowledges a job after its result
// is stored; while it runs, it sends in-progress acknowledgements every
// third of the ack wait (the heartbeat of a long job). A worker killed
// mid-job sends neither, and the broker delivers the job again after the
// ack wait. A worker killed after storing a result but before its
// acknowledgement makes the job run twice: the result stream drops a
// second copy with the same message id, and the coordinator keeps the
// first result of each key and drops (and counts) the rest. Publishing is
// idempotent too: a job's message id is the coordinator's run, its batch
// and the job's key.
//
// # Failures
//
// A broker that cannot be reached fails Dial within ConnectTimeout with
// the address in the message; once connected, the client reconnects by
// itself. A job whose handler fails fails the same way anywhere: the
// worker sends the error and the coordinator stops with it. A coordinator
// killed mid-batch leaves its jobs in the queue (the workers answer into
// a subject nobody reads, kept for a day); resuming from its checkpoint
// starts a new run id and publishes again.
//
// # Brokers
//
// StartBroker embeds a NATS server with JetStream and a file store
// (deckforge broker); InProcess serves in-process connections only, for
// tests. Any NATS server with JetStream works the same.
package nats
