package limits

import "strconv"

// Syntax is the text format a depth check scans.
type Syntax int

// The formats CheckDepth knows.
const (
	TOML Syntax = iota
	JSON
)

// CheckDepth scans data, without parsing it, for arrays, inline tables and
// objects nested deeper than max, and for TOML keys of more than max dotted
// parts (each a level of tables). It runs in one pass with no recursion, so
// a parser called after it never recurses deeper than max. Strings and
// comments are skipped; malformed text is left for the parser to report.
// The error is an *Error whose Field names the line.
func CheckDepth(data []byte, syntax Syntax, max int) error {
	return CheckShape(data, syntax, max, 0, "")
}

// CheckShape is CheckDepth that also refuses, when maxElems > 0, an array
// or object of more than maxElems elements (elemsLimit names the limit
// that bounds the longest array the format holds), so that no parse
// allocates for millions of values.
func CheckShape(data []byte, syntax Syntax, max, maxElems int, elemsLimit string) error {
	depth, line, dots := 0, 1, 0
	var open []byte  // the innermost brackets, at most max of them
	var commas []int // commas met in each of them
	inKey := true    // TOML: at the start of a line or after '{' or ','
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch c {
		case '\n':
			line++
			inKey = true
			dots = 0
		case '"':
			i = skipString(data, i, '"', syntax == TOML || syntax == JSON, &line)
			continue
		case '\'':
			if syntax == TOML {
				i = skipString(data, i, '\'', false, &line)
			}
			continue
		case '#':
			if syntax == TOML {
				for i < len(data) && data[i] != '\n' {
					i++
				}
				i-- // the newline is counted by the loop
			}
		case '[', '{':
			depth++
			if depth > max {
				return depthErr(line, max)
			}
			open = append(open, c)
			commas = append(commas, 0)
			if c == '{' {
				inKey, dots = true, 0
			}
		case ']', '}':
			if depth > 0 {
				depth--
				open = open[:len(open)-1]
				commas = commas[:len(commas)-1]
			}
		case '=':
			inKey = false
		case ',':
			if n := len(commas); n > 0 {
				commas[n-1]++
				if maxElems > 0 && commas[n-1] > maxElems {
					return &Error{Field: "line " + strconv.Itoa(line), Limit: elemsLimit, Max: int64(maxElems), What: "elements in one array"}
				}
			}
			if len(open) > 0 && open[len(open)-1] == '{' {
				inKey, dots = true, 0
			}
		case '.':
			if syntax == TOML && inKey {
				dots++
				if dots+depth > max {
					return depthErr(line, max)
				}
			}
		}
	}
	return nil
}

func depthErr(line, max int) error {
	return &Error{Field: "line " + strconv.Itoa(line), Limit: "depth", Max: int64(max), What: "levels of nesting"}
}

// skipString returns the index of the last byte of the string that opens at
// data[i] (with quote q): TOML's triple-quoted strings included, escapes
// honoured when esc is set. Newlines inside are counted into *line.
func skipString(data []byte, i int, q byte, esc bool, line *int) int {
	triple := i+2 < len(data) && data[i+1] == q && data[i+2] == q
	if triple {
		i += 3
		for i < len(data) {
			switch {
			case data[i] == '\n':
				*line++
			case esc && data[i] == '\\':
				i++
				if i < len(data) && data[i] == '\n' {
					*line++
				}
			case data[i] == q && i+2 < len(data) && data[i+1] == q && data[i+2] == q:
				// Up to two more quotes may close the string ("""a"""").
				i += 2
				for i+1 < len(data) && data[i+1] == q {
					i++
				}
				return i
			}
			i++
		}
		return len(data)
	}
	for i++; i < len(data); i++ {
		switch {
		case data[i] == '\n':
			*line++ // unterminated: the parser reports it
			return i
		case esc && data[i] == '\\':
			i++
		case data[i] == q:
			return i
		}
	}
	return len(data)
}
