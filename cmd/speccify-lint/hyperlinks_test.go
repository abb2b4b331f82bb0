package main

import "testing"

// TestTerminalLinks: OSC 8 links on the terminals known to show them, on
// FORCE_HYPERLINK=1; never on an unknown terminal, in CI, with TERM=dumb,
// or with FORCE_HYPERLINK=0.
func TestTerminalLinks(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{}, false},
		{map[string]string{"TERM": "xterm-256color"}, false},
		{map[string]string{"TERM_PROGRAM": "Apple_Terminal"}, false},
		{map[string]string{"TERM_PROGRAM": "iTerm.app"}, true},
		{map[string]string{"TERM_PROGRAM": "WezTerm"}, true},
		{map[string]string{"TERM_PROGRAM": "vscode"}, true},
		{map[string]string{"TERM": "xterm-kitty"}, true},
		{map[string]string{"WT_SESSION": "b7a1"}, true},
		{map[string]string{"VTE_VERSION": "7600"}, true},
		{map[string]string{"VTE_VERSION": "4601"}, false},
		{map[string]string{"KONSOLE_VERSION": "230805"}, true},
		{map[string]string{"TERM_PROGRAM": "WezTerm", "CI": "true"}, false},
		{map[string]string{"TERM_PROGRAM": "WezTerm", "TERM": "dumb"}, false},
		{map[string]string{"FORCE_HYPERLINK": "1"}, true},
		{map[string]string{"FORCE_HYPERLINK": "1", "CI": "true"}, true},
		{map[string]string{"FORCE_HYPERLINK": "0", "TERM_PROGRAM": "WezTerm"}, false},
	} {
		if got := terminalLinks(func(k string) string { return c.env[k] }); got != c.want {
			t.Errorf("%v: %v, want %v", c.env, got, c.want)
		}
	}
}
