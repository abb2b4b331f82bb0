// Package process runs one implementation of an agent tool for one example,
// defensively: the implementation may be slow, hostile or broken.
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
