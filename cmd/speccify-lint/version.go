package main

import (
	"fmt"
	"runtime/debug"
)

// version is stamped by the release build: -ldflags "-X main.version=v1.2.3".
var version = ""

// currentVersion is the stamped version, else the module version of a
// `go install module@version` build, else "devel".
func currentVersion() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

// VersionCmd prints the version.
type VersionCmd struct{}

// Run prints "speccify-lint <version>".
func (VersionCmd) Run(env *runEnv) error {
	_, err := fmt.Fprintf(env.stdout, "speccify-lint %s\n", currentVersion())
	return err
}
