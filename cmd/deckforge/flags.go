package main

import (
	"flag"
	"fmt"
	"strings"
)

// printFlags lists fs's flags to its output as flag.PrintDefaults does,
// but in the --flag style every usage line and the README use (Go's flag
// package accepts -flag and --flag alike).
func printFlags(fs *flag.FlagSet) {
	var b strings.Builder
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		fmt.Fprintf(&b, "  --%s", f.Name)
		if name != "" {
			b.WriteString(" " + name)
		}
		b.WriteString("\n    \t")
		b.WriteString(strings.ReplaceAll(usage, "\n", "\n    \t"))
		if d := f.DefValue; d != "" && d != "0" && d != "false" {
			if fmt.Sprintf("%T", f.Value) == "*flag.stringValue" {
				fmt.Fprintf(&b, " (default %q)", d)
			} else {
				fmt.Fprintf(&b, " (default %v)", d)
			}
		}
		b.WriteString("\n")
	})
	fmt.Fprint(fs.Output(), b.String())
}
