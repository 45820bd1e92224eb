package nats

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/internal/limits"
)

// Protocol is the version of the job and result encoding. Every job
// carries it; a worker refuses a job of another version (see Refusal).
// Raise it whenever a job's meaning or encoding changes, including the
// results a kind computes from the same inputs.
const Protocol = 1

// MaxMessage bounds an encoded job or result (bytes): a genome is a few
// kilobytes, a configuration less.
const MaxMessage = 4 << 20

// Job is one evaluation: play Genome (FlatBuffers) under Config (the
// kind's configuration, JSON) from Seed. A job's result is a function of
// its key (the genome's content hash, the hash of its kind and
// configuration, the seed), so running it twice gives the same result.
type Job struct {
	// Protocol is the encoding's version (Protocol when encoded here).
	Protocol int `json:"protocol"`
	// Kind names the Handler that runs the job ("simulate", "evolve", …).
	Kind string `json:"kind"`
	// Genome is the genome as FlatBuffers (genome.EncodeFB).
	Genome []byte `json:"genome"`
	// Config is the kind's configuration as JSON.
	Config json.RawMessage `json:"config"`
	Seed   uint64          `json:"seed"`
	// Key is the job's key (set by the coordinator, checked by workers).
	Key string `json:"key"`
	// Reply is the subject the result goes to.
	Reply string `json:"reply"`
	// AckWait is the consumer's ack wait in milliseconds: a worker
	// running the job reports progress more often than that.
	AckWait int64 `json:"ack_wait_ms"`
}

// Key identifies a job: the genome's content hash, the hash of its kind
// and configuration, the seed.
type Key struct {
	Genome genome.Hash
	Config [32]byte
	Seed   uint64
}

// ConfigHash is the hash of a job's kind and configuration.
func ConfigHash(kind string, config []byte) [32]byte {
	h := sha256.New()
	h.Write([]byte(kind))
	h.Write([]byte{0})
	h.Write(config)
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// String is the key as text: 24 hex digits of each hash and the seed.
func (k Key) String() string {
	return hex.EncodeToString(k.Genome[:12]) + "-" + hex.EncodeToString(k.Config[:12]) + "-" + strconv.FormatUint(k.Seed, 10)
}

// NewJob makes the job that plays g under kind's config from seed.
func NewJob(kind string, g *genome.Genome, config []byte, seed uint64) (*Job, Key, error) {
	h, err := genome.ContentHash(g)
	if err != nil {
		return nil, Key{}, err
	}
	data, err := genome.EncodeFB(g)
	if err != nil {
		return nil, Key{}, err
	}
	if !json.Valid(config) {
		return nil, Key{}, fmt.Errorf("sim/nats: job config of kind %q is not JSON", kind)
	}
	k := Key{Genome: h, Config: ConfigHash(kind, config), Seed: seed}
	return &Job{Protocol: Protocol, Kind: kind, Genome: data, Config: config, Seed: seed, Key: k.String()}, k, nil
}

// Encode returns the job as JSON.
func (j *Job) Encode() ([]byte, error) { return json.Marshal(j) }

// ProtocolError is a message of another protocol version.
type ProtocolError struct {
	Got int
}

func (e *ProtocolError) Error() string {
	return fmt.Sprintf("sim/nats: message of protocol %d, but this deckforge speaks protocol %d: run the same deckforge version on the coordinator and the workers", e.Got, Protocol)
}

// DecodeJob reads a job within the default limits (see DecodeJobWith).
func DecodeJob(data []byte) (*Job, *genome.Genome, error) {
	return DecodeJobWith(data, limits.Default())
}

// DecodeJobWith reads a job, checking its size (MaxMessage) and nesting
// (lim.Depth) first, then its protocol version (a *ProtocolError when it
// differs), then every field: the kind is named, the genome is a valid
// genome within lim (genome-bytes, phases, lineage), the configuration is
// JSON, the key is the key of the rest, the reply subject is set. Zero
// fields of lim are the defaults. The decoded genome is returned with it.
func DecodeJobWith(data []byte, lim limits.Limits) (*Job, *genome.Genome, error) {
	lim = lim.Or()
	if len(data) > MaxMessage {
		return nil, nil, fmt.Errorf("sim/nats: job of %d bytes, more than %d", len(data), MaxMessage)
	}
	if err := limits.CheckDepth(data, limits.JSON, lim.Depth); err != nil {
		return nil, nil, fmt.Errorf("sim/nats: job: %w", err)
	}
	if err := checkProtocol(data); err != nil {
		return nil, nil, err
	}
	var j Job
	if err := strictUnmarshal(data, &j); err != nil {
		return nil, nil, fmt.Errorf("sim/nats: job: %w", err)
	}
	switch {
	case j.Kind == "":
		return nil, nil, errors.New("sim/nats: job: kind: empty")
	case j.Reply == "":
		return nil, nil, errors.New("sim/nats: job: reply: empty")
	case j.AckWait < 0:
		return nil, nil, fmt.Errorf("sim/nats: job: ack_wait_ms: %d is negative", j.AckWait)
	case !json.Valid(j.Config):
		return nil, nil, errors.New("sim/nats: job: config: not JSON")
	}
	if int64(len(j.Genome)) > lim.GenomeBytes {
		return nil, nil, fmt.Errorf("sim/nats: job: %w", &limits.Error{Field: "genome", Limit: limits.GenomeBytes, Max: lim.GenomeBytes, Got: int64(len(j.Genome)), What: "bytes"})
	}
	if !genome.IsFlatBuffer(j.Genome) {
		return nil, nil, errors.New("sim/nats: job: genome: not a FlatBuffers genome")
	}
	g, err := genome.DecodeWith(j.Genome, lim)
	if err != nil {
		return nil, nil, fmt.Errorf("sim/nats: job: genome: %w", err)
	}
	h, err := genome.ContentHash(g)
	if err != nil {
		return nil, nil, fmt.Errorf("sim/nats: job: genome: %w", err)
	}
	k := Key{Genome: h, Config: ConfigHash(j.Kind, j.Config), Seed: j.Seed}
	if k.String() != j.Key {
		return nil, nil, fmt.Errorf("sim/nats: job: key: %q, but its genome, kind, config and seed give %q", j.Key, k.String())
	}
	return &j, g, nil
}

// ackWait is the job's ack wait (a default when unset).
func (j *Job) ackWait() time.Duration {
	if j.AckWait <= 0 {
		return DefaultAckWait
	}
	return time.Duration(j.AckWait) * time.Millisecond
}

// Result is what a worker sends back for a job: the kind's output (JSON)
// or the error that stopped it, or a refusal.
type Result struct {
	Protocol int    `json:"protocol"`
	Key      string `json:"key"`
	// Worker names the worker that ran (or refused) the job.
	Worker string `json:"worker"`
	// Output is the kind's result as JSON, unless Error is set.
	Output json.RawMessage `json:"output,omitempty"`
	// Error is why the job failed: the same job fails the same way
	// anywhere, so the coordinator stops.
	Error string `json:"error,omitempty"`
	// Refused reports a worker that could not take the job (another
	// protocol version, an unknown kind); the job goes back to the queue
	// for another worker and Error says why.
	Refused bool `json:"refused,omitempty"`
}

// Encode returns the result as JSON.
func (r *Result) Encode() ([]byte, error) { return json.Marshal(r) }

// DecodeResult reads a result, checking its protocol version first.
func DecodeResult(data []byte) (*Result, error) {
	if len(data) > MaxMessage {
		return nil, fmt.Errorf("sim/nats: result of %d bytes, more than %d", len(data), MaxMessage)
	}
	if err := checkProtocol(data); err != nil {
		return nil, err
	}
	var r Result
	if err := strictUnmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("sim/nats: result: %w", err)
	}
	switch {
	case r.Key == "":
		return nil, errors.New("sim/nats: result: key: empty")
	case r.Worker == "":
		return nil, errors.New("sim/nats: result: worker: empty")
	case r.Error == "" && !json.Valid(r.Output):
		return nil, errors.New("sim/nats: result: output: not JSON")
	}
	return &r, nil
}

// checkProtocol reads only the protocol field of a message, so that a
// message of another version is named as such whatever else changed.
func checkProtocol(data []byte) error {
	var v struct {
		Protocol *int `json:"protocol"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return fmt.Errorf("sim/nats: message is not a JSON object: %w", err)
	}
	if v.Protocol == nil {
		return errors.New("sim/nats: message: protocol: missing")
	}
	if *v.Protocol != Protocol {
		return &ProtocolError{Got: *v.Protocol}
	}
	return nil
}

// strictUnmarshal decodes one JSON value with no unknown fields.
func strictUnmarshal(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("data after the JSON value")
	}
	return nil
}
