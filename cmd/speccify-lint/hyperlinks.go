package main

import (
	"io"
	"os"
	"strconv"
	"strings"
)

// useHyperlinks decides whether the rule ids of the text report on w are
// OSC 8 hyperlinks to their documentation pages: only on a terminal that
// shows them (terminalLinks), never in a pipe or a file, with NO_COLOR or
// with --color never.
func (c *LintCmd) useHyperlinks(format string, w io.Writer) bool {
	if format != "text" || c.Color == "never" || os.Getenv("NO_COLOR") != "" || !isTerminal(w) {
		return false
	}
	return terminalLinks(os.Getenv)
}

// linkTerminals are the TERM_PROGRAM values of terminals that show OSC 8
// hyperlinks, and linkTERMs the TERM values.
var (
	linkTerminals = []string{"iTerm.app", "WezTerm", "vscode", "ghostty", "Hyper", "Tabby", "rio", "zed"}
	linkTERMs     = []string{"xterm-kitty", "xterm-ghostty", "alacritty", "foot", "wezterm"}
)

// terminalLinks reports whether the terminal, as its environment (getenv)
// describes it, shows OSC 8 hyperlinks: FORCE_HYPERLINK says so (1) or not
// (0); otherwise a known terminal that does (Windows Terminal, VTE 0.50 and
// later, Konsole, DomTerm, and the TERM_PROGRAM and TERM values above),
// never in CI or with TERM=dumb. An unknown terminal gets none: one that
// does not know the sequence may print it.
func terminalLinks(getenv func(string) string) bool {
	if force := getenv("FORCE_HYPERLINK"); force != "" {
		return force != "0"
	}
	if getenv("CI") != "" || getenv("TERM") == "dumb" {
		return false
	}
	if getenv("WT_SESSION") != "" || getenv("KONSOLE_VERSION") != "" || getenv("DOMTERM") != "" {
		return true
	}
	if v, err := strconv.Atoi(getenv("VTE_VERSION")); err == nil && v >= 5000 {
		return true
	}
	program, term := getenv("TERM_PROGRAM"), getenv("TERM")
	for _, p := range linkTerminals {
		if strings.EqualFold(program, p) {
			return true
		}
	}
	for _, t := range linkTERMs {
		if term == t {
			return true
		}
	}
	return false
}
