package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/deckforge/deckforge/genome"
	"github.com/deckforge/deckforge/internal/limits"
	"github.com/deckforge/deckforge/internal/safefile"
)

// phhInputs expands the paths into the PHH files to read: a file is taken
// as it is, a folder is searched recursively for .phh and .phhs files (in
// lexical order).
func phhInputs(paths []string) ([]string, error) {
	return inputFiles(paths, ".phh", ".phhs")
}

// inputFiles expands the paths into the files to read: a file is taken as
// it is, a folder is searched recursively for files with one of the
// extensions exts (lower case, compared case-insensitively; in lexical
// order).
func inputFiles(paths []string, exts ...string) ([]string, error) {
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && slices.Contains(exts, strings.ToLower(filepath.Ext(path))) {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return files, nil
}

// readGenomeFile reads and decodes the genome file name within lim: its
// size, then (JSON) its nesting depth, then its phases and lineage.
func readGenomeFile(name string, lim limits.Limits) (*genome.Genome, error) {
	data, err := safefile.ReadKind(name, lim, limits.GenomeBytes)
	if err != nil {
		return nil, err
	}
	g, err := genome.DecodeWith(data, lim)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, limits.InFile(err, ""))
	}
	return g, nil
}

// loadGenomeArg reads a genome file, or a seed game by id when no such file
// exists.
func loadGenomeArg(arg string, lim limits.Limits) (*genome.Genome, error) {
	g, err := readGenomeFile(arg, lim)
	if err == nil {
		return g, nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	g, serr := genome.Seed(arg)
	if serr != nil {
		return nil, fmt.Errorf("%s: no such file, and no seed game of that id (seeds: %s)", arg, strings.Join(genome.SeedIDs(), ", "))
	}
	return g, nil
}
