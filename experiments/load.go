package experiments

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/deckforge/deckforge/evolve"
	"github.com/deckforge/deckforge/internal/limits"
	"github.com/deckforge/deckforge/internal/safefile"
)

//go:embed *.toml
var files embed.FS

// Names returns the names of the experiments shipped with deckforge (the
// *.toml files of this package without the extension), sorted.
func Names() []string {
	entries, _ := files.ReadDir(".")
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".toml"); ok {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names
}

// Builtin returns the TOML text of the shipped experiment name.
func Builtin(name string) ([]byte, error) {
	data, err := files.ReadFile(name + ".toml")
	if err != nil {
		return nil, fmt.Errorf("no experiment %q (shipped: %s)", name, strings.Join(Names(), ", "))
	}
	return data, nil
}

// Open reads an experiment: the file at path, or, when no such file exists
// and path is a bare name, the shipped experiment of that name. It returns
// the validated configuration and the TOML text it came from. The file is
// held to the default limits (see OpenWith).
func Open(path string) (evolve.Config, []byte, error) {
	return OpenWith(path, limits.Default())
}

// OpenWith is Open within lim: the file must be a regular file of at most
// config-bytes, nested at most depth deep (zero fields are the defaults).
func OpenWith(path string, lim limits.Limits) (evolve.Config, []byte, error) {
	lim = lim.Or()
	data, err := safefile.Read(path, lim.ConfigBytes, limits.ConfigBytes)
	source := path
	if errors.Is(err, os.ErrNotExist) && !strings.ContainsAny(path, `/\`) {
		name := strings.TrimSuffix(path, ".toml")
		data, err = Builtin(name)
		source = name + ".toml"
	}
	if err != nil {
		return evolve.Config{}, nil, err
	}
	cfg, err := ParseWith(data, source, lim)
	return cfg, data, err
}

// Parse reads the TOML text of an experiment over evolve.DefaultConfig
// and validates it. source names the file in errors, and every error names
// the TOML key that is wrong: an unknown key, a value of the wrong type, a
// value out of range. When the file sets no name, the name is source's base
// name without ".toml". The text is held to the default limits (see
// ParseWith).
func Parse(data []byte, source string) (evolve.Config, error) {
	return ParseWith(data, source, limits.Default())
}

// ParseWith is Parse within lim: text nested deeper than lim.Depth is
// refused before it is parsed, text longer than lim.ConfigBytes before
// anything (zero fields are the defaults).
func ParseWith(data []byte, source string, lim limits.Limits) (evolve.Config, error) {
	lim = lim.Or()
	if int64(len(data)) > lim.ConfigBytes {
		return evolve.Config{}, &limits.Error{File: source, Limit: limits.ConfigBytes, Max: lim.ConfigBytes, Got: int64(len(data)), What: "bytes"}
	}
	cfg := evolve.DefaultConfig()
	cfg.Name = ""
	// Lists in the file replace the defaults' lists.
	cfg.Archive.Descriptors = nil
	// The TOML parser recurses on nesting: bound it before parsing.
	if err := limits.CheckDepth(data, limits.TOML, lim.Depth); err != nil {
		return evolve.Config{}, limits.InFile(err, source)
	}
	dec := toml.NewDecoder(bytes.NewReader(data)).DisallowUnknownFields()
	if err := dec.Decode(&cfg); err != nil {
		return evolve.Config{}, fmt.Errorf("%s: %s", source, describe(err))
	}
	if cfg.Name == "" {
		cfg.Name = strings.TrimSuffix(filepath.Base(source), ".toml")
	}
	if len(cfg.Archive.Descriptors) == 0 {
		cfg.Archive.Descriptors = evolve.DefaultConfig().Archive.Descriptors
	}
	if err := cfg.Validate(); err != nil {
		var lines []string
		for _, e := range unjoin(err) {
			lines = append(lines, source+": "+e.Error())
		}
		return evolve.Config{}, errors.New(strings.Join(lines, "\n"))
	}
	return cfg, nil
}

// describe turns a TOML decoding error into "line L: key: what".
func describe(err error) string {
	var sm *toml.StrictMissingError
	if errors.As(err, &sm) {
		var parts []string
		for _, e := range sm.Errors {
			row, _ := e.Position()
			parts = append(parts, fmt.Sprintf("line %d: %s: unknown key", row, strings.Join(e.Key(), ".")))
		}
		return strings.Join(parts, "; ")
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		row, _ := de.Position()
		msg := strings.TrimPrefix(de.Error(), "toml: ")
		if k := de.Key(); len(k) > 0 {
			return fmt.Sprintf("line %d: %s: %s", row, strings.Join(k, "."), msg)
		}
		if m := typeErr.FindStringSubmatch(msg); m != nil {
			if key, ok := tomlKeys()[m[2]+"."+m[3]]; ok {
				return fmt.Sprintf("line %d: %s: cannot decode TOML %s into %s", row, key, m[1], m[4])
			}
		}
		return fmt.Sprintf("line %d: %s", row, msg)
	}
	return err.Error()
}

// typeErr matches go-toml's type mismatch message.
var typeErr = regexp.MustCompile(`^cannot decode TOML (\w+) into struct field ([\w.]+)\.(\w+) of type (.+)$`)

// tomlKeys maps "pkg.Type.Field" of every field reachable from
// evolve.Config to its TOML key ("population.size"; list elements as
// "archive.descriptors[].min").
func tomlKeys() map[string]string {
	keys := map[string]string{}
	var walk func(t reflect.Type, prefix string)
	walk = func(t reflect.Type, prefix string) {
		for i := range t.NumField() {
			f := t.Field(i)
			tag, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
			if tag == "" || tag == "-" {
				continue
			}
			key := prefix + tag
			keys[t.String()+"."+f.Name] = key
			ft := f.Type
			if ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.Struct {
				walk(ft.Elem(), key+"[].")
			} else if ft.Kind() == reflect.Struct {
				walk(ft, key+".")
			}
		}
	}
	walk(reflect.TypeOf(evolve.Config{}), "")
	return keys
}

// unjoin returns the errors joined in err.
func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}
