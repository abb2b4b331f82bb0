//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/speccify/speccify-lint/internal/proctest"
)

// cmdGone is the testscript command "gone FILE...": every pid in the files
// (relative to $WORK) names a process that has ended, or ends within two
// seconds. A process still running fails the script and is killed.
func cmdGone(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: gone FILE...")
	}
	deadline := time.Now().Add(2 * time.Second)
	var left []string
	for _, name := range args {
		b, err := os.ReadFile(filepath.Join(ts.Getenv("WORK"), name))
		ts.Check(err)
		fields := strings.Fields(string(b))
		if len(fields) == 0 {
			ts.Fatalf("%s: no pid", name)
		}
		for _, f := range fields {
			pid, err := strconv.Atoi(f)
			if err != nil || pid <= 0 {
				ts.Fatalf("%s: %q is not a pid", name, f)
			}
			if !proctest.Ended(pid, time.Until(deadline)) {
				left = append(left, "process "+f+" ("+name+") is still running")
			}
		}
	}
	if len(left) > 0 {
		ts.Fatalf("%s", strings.Join(left, "; "))
	}
}
