// Package runner is the one place an implementation of an agent tool runs
// (lint's examples and explore's inputs, `speccify-lint call`, the MCP
// server, the language server's "run examples"), defensively: the
// implementation may be slow, hostile or broken, and it is a pull
// request's code.
//
// A Workspace is a tool folder made ready for runs: examples and explore
// inputs run in a private copy of it (made again after a run that changed
// it, so the user's folder is never written), calls in the folder itself;
// each run gets a temporary directory of its own and an environment
// without the caller's secrets (PassedEnv). On Linux the runs are sealed
// by Landlock: the thread that starts them restricts itself, and every
// process of a run inherits the restriction (what it may read, write and
// connect to: grants.go). Where there is no kernel sandbox the runs are
// not sealed, and Seal says why.
//
// Each run gets its own process group, and everything it starts is killed
// on timeout, cancellation or output overflow, and again after the
// implementation exits, so that no background child survives it. On Linux
// that includes processes that left the group (setsid, job control, a new
// session): the program is their child subreaper and finds them by the run
// id in their environment. On Windows a run is a Job Object. Standard output
// and standard error are read concurrently into buffers with a fixed cap, so
// memory stays bounded whatever the child prints.
//
// Resolve chooses the argv for an implementation file; it never builds a
// shell string from its input. ReproduceLine renders a command a person can
// paste into a POSIX shell to repeat a run by hand.
package runner
