// Command speccify-lint lints agent tool contracts (TOOL.md files under
// .agent/tools/<name>/) and runs their worked examples against the
// implementations. See README.md for usage.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
