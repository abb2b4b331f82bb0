package main

import "github.com/speccify/speccify-lint/internal/gcbudget"

// setCollector sets how the command named command collects garbage, as
// internal/gcbudget says: the long-lived servers (server, mcp) keep Go's
// defaults; every other command is a batch run, whose target is set here
// and whose soft memory limit is set once it knows how many tool folders it
// checks (gcbudget.SetLimit). docs/performance.md says why.
func setCollector(command string) {
	switch command {
	case "server", "mcp":
		gcbudget.SetLongLived()
	default:
		gcbudget.SetPercent()
	}
}
