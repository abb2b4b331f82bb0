package main

import (
	"os"
	"syscall"
)

// stopSignals stop a lint run: every running example is killed with all it
// started, the report covers what finished, and the exit code is 2. SIGHUP
// comes with a closed terminal or a dropped ssh session, SIGQUIT with
// Ctrl-\; both would otherwise end speccify-lint without a report (on
// Windows, closing the console arrives as SIGTERM).
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT}
