package main

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// The release build stamps these (see .goreleaser.yaml):
//
//	-ldflags "-X main.version=v1.2.3 -X main.commit=<sha> -X main.date=<RFC 3339>"
//
// A stamped value wins over what the Go toolchain recorded in the binary.
var (
	version = ""
	commit  = ""
	date    = ""
)

// buildStamp is what a binary knows about the source it was built from.
type buildStamp struct {
	// Version is the release tag, the module version of a
	// `go install module@version` build, the pseudo-version Go derives from
	// the VCS, or "devel".
	Version string
	// Commit is the VCS revision; empty when unknown.
	Commit string
	// Date is the commit or build time; empty when unknown.
	Date string
	// Modified is true when the build-info says the work tree had
	// uncommitted changes.
	Modified bool
}

// stampOf combines the ldflags stamp (version, commit, date) with the
// build-info the Go toolchain records (bi may be nil): each stamped field
// wins over the recorded one.
func stampOf(bi *debug.BuildInfo, version, commit, date string) buildStamp {
	s := buildStamp{Version: "devel"}
	if bi != nil {
		if v := bi.Main.Version; v != "" && v != "(devel)" {
			s.Version = v
		}
		for _, kv := range bi.Settings {
			switch kv.Key {
			case "vcs.revision":
				s.Commit = kv.Value
			case "vcs.time":
				s.Date = kv.Value
			case "vcs.modified":
				s.Modified = kv.Value == "true"
			}
		}
	}
	if version != "" {
		s.Version = version
	}
	if commit != "" {
		s.Commit = commit
		s.Modified = false
	}
	if date != "" {
		s.Date = date
	}
	return s
}

// String is the line `version` and `--version` print:
// "speccify-lint VERSION", then what else is known in parentheses, e.g.
// "speccify-lint v1.2.3 (commit 0123abc, 2026-12-01T09:00:00Z)".
func (s buildStamp) String() string {
	var details []string
	if s.Commit != "" {
		c := "commit " + s.Commit
		if s.Modified {
			c += ", modified"
		}
		details = append(details, c)
	}
	if s.Date != "" {
		details = append(details, s.Date)
	}
	line := "speccify-lint " + s.Version
	if len(details) > 0 {
		line += " (" + strings.Join(details, ", ") + ")"
	}
	return line
}

// currentStamp is this binary's build stamp.
func currentStamp() buildStamp {
	bi, _ := debug.ReadBuildInfo()
	return stampOf(bi, version, commit, date)
}

// currentVersion is the version the reports record (JSON version, SARIF
// driver version): the Version of currentStamp.
func currentVersion() string {
	return currentStamp().Version
}

// VersionCmd prints the version.
type VersionCmd struct{}

// Run prints the version line of currentStamp.
func (VersionCmd) Run(env *runEnv) error {
	_, err := fmt.Fprintln(env.stdout, currentStamp())
	return err
}
