package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestHelpUsesDoubleDashFlags: every command's help names its flags in the
// --flag style its usage line and the README use.
func TestHelpUsesDoubleDashFlags(t *testing.T) {
	single := regexp.MustCompile(`(^|[\s\[(])-[a-z][a-z-]*`)
	helps := [][]string{{"help"}}
	for _, c := range commands() {
		helps = append(helps, []string{"help", c.name})
	}
	for _, sub := range []string{"validate", "convert"} {
		helps = append(helps, []string{"genome", sub, "-h"})
	}
	for _, sub := range []string{"verify", "convert"} {
		helps = append(helps, []string{"phh", sub, "-h"})
	}
	for _, args := range helps {
		var out, errb bytes.Buffer
		code := run(args, strings.NewReader(""), &out, &errb)
		text := out.String() + errb.String()
		assert.Equal(t, 0, code, "%v: %s", args, text)
		assert.Contains(t, text, "Usage", "%v", args)
		for _, line := range strings.Split(text, "\n") {
			if m := single.FindString(line); m != "" {
				t.Errorf("%v: %q uses a single dash: %q", args, strings.TrimSpace(m), line)
			}
		}
	}
}
