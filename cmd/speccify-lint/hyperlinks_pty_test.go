//go:build linux

package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestHyperlinksOnTerminal: on a terminal that shows them, each rule id of
// the text report links to its documentation page (OSC 8), its colour
// inside the link; not with NO_COLOR, --color never, or in a pipe, even
// with --color always and FORCE_HYPERLINK=1.
func TestHyperlinksOnTerminal(t *testing.T) {
	bin := buildBinary(t)
	root := progressTree(t)
	const link = "[\x1b]8;;https://github.com/speccify/speccify-lint/blob/main/docs/rules/example-failed.md\x1b\\\x1b[35mexample-failed\x1b[0m\x1b]8;;\x1b\\]"
	out := runOnTerminal(t, bin, root, nil, "TERM_PROGRAM=WezTerm", "NO_COLOR=")
	if !strings.Contains(out, ": \x1b[1;31merror\x1b[0m: example \"three\": ") || !strings.Contains(out, link+"\r\n") {
		t.Errorf("no link %q on the terminal:\n%q", link, out)
	}
	for _, c := range []struct {
		name string
		args []string
		env  []string
	}{
		{"NO_COLOR", nil, []string{"TERM_PROGRAM=WezTerm", "NO_COLOR=1"}},
		{"--color never", []string{"--color", "never"}, []string{"TERM_PROGRAM=WezTerm", "NO_COLOR="}},
		{"unknown terminal", nil, []string{"TERM_PROGRAM=", "NO_COLOR="}},
	} {
		if out := runOnTerminal(t, bin, root, c.args, c.env...); strings.Contains(out, "\x1b]8;;") || !strings.Contains(out, "[example-failed]") && !strings.Contains(out, "example-failed\x1b[0m]") {
			t.Errorf("%s: %q", c.name, out)
		}
	}
	cmd := exec.Command(bin, "--root", root, "--color", "always", root)
	cmd.Env = append(os.Environ(), "CI=", "TERM_PROGRAM=WezTerm", "FORCE_HYPERLINK=1", "NO_COLOR=")
	out2, _ := cmd.Output()
	if strings.Contains(string(out2), "\x1b]8;;") || !strings.Contains(string(out2), "\x1b[35mexample-failed\x1b[0m") {
		t.Errorf("in a pipe: %q", out2)
	}
}
