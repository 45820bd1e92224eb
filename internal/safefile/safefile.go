package safefile

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/deckforge/deckforge/internal/limits"
)

// Open opens name for reading when it is a regular file of at most max
// bytes (limit names the limit, as limits.Error has it). It does not block
// on a FIFO: the file is opened only after a stat says it is regular, and
// checked again once open.
func Open(name string, max int64, limit string) (*os.File, int64, error) {
	st, err := os.Stat(name)
	if err != nil {
		return nil, 0, err
	}
	if err := Check(name, st, max, limit); err != nil {
		return nil, 0, err
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, 0, err
	}
	// The path may have changed between the stat and the open.
	st, err = f.Stat()
	if err == nil {
		err = Check(name, st, max, limit)
	}
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, st.Size(), nil
}

// Check returns an error when st is not a regular file or is larger than
// max bytes.
func Check(name string, st os.FileInfo, max int64, limit string) error {
	if !st.Mode().IsRegular() {
		return fmt.Errorf("%s: not a regular file (%s): refusing to read it", name, kind(st.Mode()))
	}
	if st.Size() > max {
		return &limits.Error{File: name, Limit: limit, Max: max, Got: st.Size(), What: "bytes"}
	}
	return nil
}

func kind(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&os.ModeNamedPipe != 0:
		return "a named pipe"
	case m&os.ModeSocket != 0:
		return "a socket"
	case m&os.ModeCharDevice != 0:
		return "a character device"
	case m&os.ModeDevice != 0:
		return "a device"
	case m&os.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "mode " + m.String()
}

// Read returns the contents of name, a regular file of at most max bytes.
// It reads no more than max+1 bytes even when the file grows meanwhile.
func Read(name string, max int64, limit string) ([]byte, error) {
	f, size, err := Open(name, max, limit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := bytes.NewBuffer(make([]byte, 0, size+bytes.MinRead))
	if _, err := buf.ReadFrom(io.LimitReader(f, max+1)); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if int64(buf.Len()) > max {
		return nil, &limits.Error{File: name, Limit: limit, Max: max, What: "bytes"}
	}
	return buf.Bytes(), nil
}

// ReadKind reads name with the size limit of its kind in l: one of
// "genome-bytes", "phh-bytes", "table-bytes", "config-bytes",
// "state-bytes".
func ReadKind(name string, l limits.Limits, limit string) ([]byte, error) {
	return Read(name, l.Or().Bytes(limit), limit)
}
