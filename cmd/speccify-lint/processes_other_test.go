//go:build !unix

package main

import "github.com/rogpeppe/go-internal/testscript"

// cmdGone is the testscript command "gone FILE...", which needs Unix
// signals; scripts that use it skip elsewhere.
func cmdGone(ts *testscript.TestScript, neg bool, args []string) {
	ts.Fatalf("gone: not supported on this platform")
}
