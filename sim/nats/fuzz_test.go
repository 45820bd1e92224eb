package nats

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/internal/limits"
)

// FuzzDecodeJob: any bytes give a job or an error, never a panic, and a
// decoded job encodes and decodes to itself.
func FuzzDecodeJob(f *testing.F) {
	g, err := genome.Seed("war")
	require.NoError(f, err)
	j, _, err := NewJob("games", g, []byte(`{"games":2}`), 7)
	require.NoError(f, err)
	j.Reply = ResultPrefix + ".r"
	data, err := j.Encode()
	require.NoError(f, err)
	f.Add(data)
	f.Add([]byte(`{"protocol":1}`))
	f.Add([]byte(`{"protocol":2,"kind":"x"}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		j, g, err := DecodeJob(data)
		if err != nil {
			return
		}
		require.NotNil(t, g)
		again, err := j.Encode()
		require.NoError(t, err)
		j2, _, err := DecodeJob(again)
		require.NoError(t, err)
		require.Equal(t, j.Key, j2.Key)
	})
}

// FuzzDecodeResult: any bytes give a result or an error, never a panic.
func FuzzDecodeResult(f *testing.F) {
	r := &Result{Protocol: Protocol, Key: "k", Worker: "w", Output: []byte(`{"a":1}`)}
	data, err := r.Encode()
	require.NoError(f, err)
	f.Add(data)
	f.Add([]byte(`{"protocol":1,"key":"k","worker":"w","error":"boom"}`))
	f.Add([]byte(`{"protocol":1,"key":"k","worker":"w","output":`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := DecodeResult(data)
		if err != nil {
			return
		}
		require.NotEmpty(t, r.Key)
		require.NotEmpty(t, r.Worker)
	})
}

func TestDecodeJobErrors(t *testing.T) {
	g, err := genome.Seed("war")
	require.NoError(t, err)
	j, _, err := NewJob("games", g, []byte(`{"games":2}`), 7)
	require.NoError(t, err)
	j.Reply = "r"
	ok, err := j.Encode()
	require.NoError(t, err)
	_, _, err = DecodeJob(ok)
	require.NoError(t, err)
	j.Seed = 8 // the key no longer matches
	bad, err := j.Encode()
	require.NoError(t, err)
	for _, c := range []struct{ data, want string }{
		{`{"protocol":3}`, "message of protocol 3, but this deckforge speaks protocol 1"},
		{`{}`, "protocol: missing"},
		{`nope`, "not a JSON object"},
		{`{"protocol":1,"kind":"","reply":"r"}`, "kind: empty"},
		{`{"protocol":1,"kind":"k","reply":"r","config":{},"genome":"AAAA"}`, "genome"},
		{`{"protocol":1,"kind":"k","reply":"r","extra":1}`, "unknown field"},
		{string(bad), "its genome, kind, config and seed give"},
	} {
		_, _, err := DecodeJob([]byte(c.data))
		require.ErrorContains(t, err, c.want, c.data)
	}
}

// TestDecodeJobLimits: a worker reads jobs within its limits (the
// genome's bytes, phases and lineage; the nesting of the message), and a
// refusal names the field and the limit.
func TestDecodeJobLimits(t *testing.T) {
	g, err := genome.Seed("hearts")
	require.NoError(t, err)
	j, _, err := NewJob("games", g, []byte(`{"games":2}`), 7)
	require.NoError(t, err)
	j.Reply = "r"
	data, err := j.Encode()
	require.NoError(t, err)
	_, _, err = DecodeJobWith(data, limits.Limits{})
	require.NoError(t, err, "zero limits are the defaults")

	_, _, err = DecodeJobWith(data, limits.Limits{Phases: 1})
	var le *limits.Error
	require.True(t, errors.As(err, &le), "%v", err)
	assert.Equal(t, "phases", le.Limit)
	assert.Contains(t, err.Error(), "sim/nats: job: genome: phases: ")
	assert.Contains(t, err.Error(), "the limit is 1 (raise it with --limits phases=N")

	_, _, err = DecodeJobWith(data, limits.Limits{GenomeBytes: 64})
	require.True(t, errors.As(err, &le), "%v", err)
	assert.Equal(t, limits.GenomeBytes, le.Limit)
	assert.Contains(t, err.Error(), fmt.Sprintf("sim/nats: job: genome: %d bytes: the limit is 64", len(j.Genome)))

	_, _, err = DecodeJobWith([]byte(`{"protocol":1,"config":[[[]]]}`), limits.Limits{Depth: 2})
	require.True(t, errors.As(err, &le), "%v", err)
	assert.Equal(t, "depth", le.Limit)

	// A JSON genome where FlatBuffers belong is refused before parsing.
	js, err := genome.EncodeJSON(g)
	require.NoError(t, err)
	j.Genome = js
	data, err = j.Encode()
	require.NoError(t, err)
	_, _, err = DecodeJobWith(data, limits.Limits{})
	require.ErrorContains(t, err, "genome: not a FlatBuffers genome")
}
