// Package fbverify checks FlatBuffers buffers against a description of
// their schema before the generated accessors read them.
//
// The Go FlatBuffers runtime reads whatever offsets a buffer holds, so
// corrupt bytes would make the generated accessors index out of range.
// Schema.Verify walks a buffer the way the accessors will, against a
// Table description of the root table, and checks before anything is read:
// the file identifier and the buffer size; every table's vtable offset,
// vtable size and object size; that every present field lies inside its
// table and the buffer; every string's offset, length and terminating zero;
// every vector's offset, length and elements (vectors of structs included);
// bool bytes (0 or 1); enum bytes (below the number of values); union types
// (known, with a value); the nesting depth; the number of tables; and,
// with Budget set, that no byte is referenced twice.
//
// A buffer written without sharing holds each table, string and vector
// once, so the bytes it references add up to at most its length n:
//
//	Σ objects + Σ (4 + len·elem) over vectors + Σ (4 + len) over strings ≤ n
//
// The budget refuses a hostile buffer whose offsets point many times at
// the same bytes, which would otherwise decode into far more memory than
// it occupies.
//
// Errors name the path of the first problem, as in
// "hands[3].events[12].kind: value 200 is not one of the 27 defined".
//
// A description is written by hand, field by field in slot order; Parse and
// Generated.Differences check it against the Go code flatc generated from
// the same schema, so the two cannot drift apart unnoticed.
package fbverify
