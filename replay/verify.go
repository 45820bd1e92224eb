package replay

import "github.com/deckforge/deckforge/schema/fbverify"

// The FlatBuffers verifier: verify checks a buffer against a description of
// schema/replay.fbs with package fbverify before anything is read.

// Verifier limits. A buffer written without sharing (as Encode writes
// them) holds each table, string and vector once, so what it references
// is at most its own size: the budget keeps a hostile buffer whose
// offsets point many times at the same bytes from decoding into far more
// memory than it occupies.
const (
	maxDepth = 16      // tables nested inside one another (the schema has 4 levels)
	maxSize  = 1 << 30 // bytes in one buffer
)

func scalar(name string, size int) fbverify.Field { return fbverify.Scalar(name, size) }
func boolean(name string) fbverify.Field          { return fbverify.Bool(name) }
func enum(name string, n int) fbverify.Field      { return fbverify.Enum(name, n) }
func str(name string) fbverify.Field              { return fbverify.String(name) }
func vec(name string, elem int) fbverify.Field    { return fbverify.Vector(name, elem) }

// Struct sizes (with their padding) as flatc lays them out.
const (
	forcedSize = 24 // blind: long, ante: long, seat: ubyte, 7 bytes of padding
	stackSize  = 16 // stack: long, seat: ubyte, 7 bytes of padding
)

// fileSchema describes schema/replay.fbs (a test checks it against the
// generated code).
func fileSchema() *fbverify.Table {
	seat := &fbverify.Table{Name: "ReplaySeat", Fields: []fbverify.Field{
		scalar("seat", 1), str("name"), scalar("stack", 8), enum("status", len(seatStatusNames)),
		boolean("inactive"), enum("intent", len(intentNames)), scalar("dead_blinds", 8),
		boolean("away"), scalar("score", 8),
	}}
	event := &fbverify.Table{Name: "ReplayEvent", Fields: []fbverify.Field{
		enum("kind", int(numEventKinds)), scalar("seat", 1), scalar("target", 1),
		scalar("amount", 8), scalar("to", 8), boolean("all_in"), scalar("round", 1),
		scalar("pot", 1), scalar("pile", 1), enum("post", len(postNames)),
		enum("intent", len(intentNames)), boolean("public"), vec("cards", 1), vec("seats", 1),
		vec("amounts", 8), scalar("points", 8), scalar("total", 8), str("text"),
	}}
	hand := &fbverify.Table{Name: "ReplayHand", Fields: []fbverify.Field{
		scalar("number", 4), str("label"), str("variant"), scalar("button", 1),
		scalar("small_blind", 8), scalar("big_blind", 8), scalar("min_bet", 8),
		scalar("big_bet", 8), scalar("dead_money", 8),
		fbverify.TableVector("seats", seat), vec("forced", forcedSize),
		fbverify.StringVector("piles"), fbverify.TableVector("events", event),
		vec("final", stackSize), boolean("complete"),
	}}
	return &fbverify.Table{Name: "ReplayFile", Fields: []fbverify.Field{
		scalar("version", 2), str("game"), vec("genome_hash", 1), enum("kind", len(gameKindNames)),
		fbverify.StringVector("players"), scalar("seat_count", 1), scalar("seed", 8),
		str("source"), fbverify.TableVector("hands", hand),
	}}
}

// verify checks that data is a well-formed replay buffer that the
// generated accessors can read without going out of bounds: offsets,
// vtables, vector and string lengths, bools, enum values, the nesting depth
// and that no byte is referenced twice (see package fbverify). The error
// names the path of the first problem and what is wrong.
func verify(data []byte) error {
	s := fbverify.Schema{
		Root: fileSchema(), Identifier: FileIdentifier, Name: "replay",
		Prefix: "replay: ", FieldPrefix: "replay: ",
		MaxSize: maxSize, MaxDepth: maxDepth, Budget: true,
	}
	return s.Verify(data)
}
