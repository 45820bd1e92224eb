package main

import (
	"flag"
	"fmt"
	"runtime"
	"runtime/debug"
)

const versionUsage = `Usage: deckforge version

version prints the module version (or "devel"), the commit and its time
when the binary was built from a git checkout, and the Go toolchain.
`

func runVersion(args []string, sio stdio) int {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	fs.SetOutput(sio.err)
	fs.Usage = func() { fmt.Fprint(sio.err, versionUsage) }
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprintf(sio.err, "deckforge version: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	fmt.Fprintln(sio.out, versionLine())
	return 0
}

// buildVersion is set by the Makefile (-ldflags "-X main.buildVersion=...")
// to `git describe --always --dirty`; the build info's VCS stamp is used
// when it is empty.
var buildVersion string

// versionLine is "deckforge VERSION [COMMIT[+dirty] TIME] GO OS/ARCH".
func versionLine() string {
	v, rev, at, dirty := "devel", "", "", false
	if bi, ok := debug.ReadBuildInfo(); ok {
		if mv := bi.Main.Version; mv != "" && mv != "(devel)" {
			v = mv
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				at = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
	}
	line := "deckforge " + v
	if buildVersion != "" {
		line += " " + buildVersion
	} else if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if dirty {
			rev += "+dirty"
		}
		line += " " + rev
		if at != "" {
			line += " " + at
		}
	}
	return fmt.Sprintf("%s %s %s/%s", line, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
